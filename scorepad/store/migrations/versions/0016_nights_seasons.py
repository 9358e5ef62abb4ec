"""Game nights named, split and merged; seasons.

``night_mark``: what was decided by hand about the night a play belongs to, keyed by the
play's uid (stable across export and import, and no foreign key: a mark whose play is
gone is simply never met): the night's name, kept on its first play, and ``cut``, true
where a night was split before the play, false where the night was merged with the one
before it. ``season``: a named range of days, both included.

Revision ID: 0016
Revises: 0015
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "night_mark",
        sa.Column("play_uid", sa.String(64), primary_key=True),
        sa.Column("name", sa.Text(), nullable=True),
        sa.Column("cut", sa.Boolean(), nullable=True),
    )
    op.create_table(
        "season",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("uid", sa.String(64), nullable=False, unique=True),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("first_day", sa.Date(), nullable=False),
        sa.Column("last_day", sa.Date(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("season")
    op.drop_table("night_mark")
