"""Uploads a group's server waits for, so that any of its processes can take one: the
SHA-256 of the upload's token (never the token), the address of the process whose page
asked for it (on this machine's loopback), and when it may no longer start.

Revision ID: 0021
Revises: 0020
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "upload_wait",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("address", sa.String(64), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_upload_wait_expires", "upload_wait", ["expires_at"])


def downgrade() -> None:
    op.drop_index("ix_upload_wait_expires", table_name="upload_wait")
    op.drop_table("upload_wait")
