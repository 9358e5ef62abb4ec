"""Photos of the table kept with their play.

Revision ID: 0015
Revises: 0014
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "play_photo",
        sa.Column(
            "play_id",
            sa.Integer(),
            sa.ForeignKey("play.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("position", sa.Integer(), primary_key=True),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("width", sa.Integer(), nullable=False),
        sa.Column("height", sa.Integer(), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("thumb_size", sa.Integer(), nullable=False),
        sa.Column("mime", sa.String(32), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=True),
        sa.Column("thumb", sa.LargeBinary(), nullable=True),
    )
    op.create_index("ix_photo_digest", "play_photo", ["digest"])


def downgrade() -> None:
    op.drop_index("ix_photo_digest", table_name="play_photo")
    op.drop_table("play_photo")
