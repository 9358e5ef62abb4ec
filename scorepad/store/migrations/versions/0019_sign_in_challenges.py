"""The challenges of passkey ceremonies (WebAuthn): each one given out by one process of
a group's server and answered to any of them, once, within minutes. Kept as its SHA-256,
with what it was given for (``join``: the invite's token hash; ``signin``: none).

Revision ID: 0019
Revises: 0018
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sign_in_challenge",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("challenge_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("subject", sa.String(64), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.Column("used_at", sa.DateTime(), nullable=True),
    )
    op.create_index("ix_challenge_expires", "sign_in_challenge", ["expires_at"])


def downgrade() -> None:
    op.drop_index("ix_challenge_expires", table_name="sign_in_challenge")
    op.drop_table("sign_in_challenge")
