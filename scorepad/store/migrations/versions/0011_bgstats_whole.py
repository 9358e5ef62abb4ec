"""BG Stats whole: what an import from BG Stats brings that has a place, kept.

``play_result.role`` is the player's role in the play (the character, faction or side
BG Stats records as ``role``); ``play_result.score_text`` is the score as the source
typed it, kept only when it is not the plain number of the total (a sum such as
"-10+7+22", or a decimal finer than a half such as "3.44", whose exact value is read
from it; ``ix_result_exact`` finds those few for a game's best). ``source_object``
keeps the source's own records of games (played or not), locations and the anonymous
player, by their uuid, so that an export writes them back
with the same ids and fields.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("play_result", sa.Column("role", sa.Text(), nullable=True))
    op.add_column("play_result", sa.Column("score_text", sa.Text(), nullable=True))
    op.create_index(
        "ix_result_exact",
        "play_result",
        ["game_id"],
        sqlite_where=sa.text("total_halves IS NULL AND score_text IS NOT NULL"),
        postgresql_where=sa.text("total_halves IS NULL AND score_text IS NOT NULL"),
    )
    op.create_table(
        "source_object",
        sa.Column("kind", sa.String(16), primary_key=True),
        sa.Column("uuid", sa.String(64), primary_key=True),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("source_object")
    op.drop_index("ix_result_exact", "play_result")
    with op.batch_alter_table("play_result") as batch:
        batch.drop_column("score_text")
        batch.drop_column("role")
