"""The first history schema: players, games, template snapshots, plays and results.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

LIVE = sa.text("deleted_at IS NULL")


def upgrade() -> None:
    op.create_table(
        "player",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("name_key", sa.String(200), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "game",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("key", sa.String(64), nullable=False, unique=True),
        sa.Column("builtin", sa.Boolean(), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("definition", sa.Text(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("deleted_at", sa.DateTime(), nullable=True),
    )
    op.create_table(
        "template_snapshot",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id"), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("digest", sa.String(64), nullable=False, unique=True),
        sa.Column("source", sa.Text(), nullable=False),
    )
    op.create_table(
        "play",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("uid", sa.String(64), nullable=False, unique=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id"), nullable=False),
        sa.Column(
            "snapshot_id", sa.Integer(), sa.ForeignKey("template_snapshot.id"), nullable=False
        ),
        sa.Column("variant", sa.String(32), nullable=True),
        sa.Column("played_at", sa.DateTime(), nullable=False),
        sa.Column("location", sa.Text(), nullable=True),
        sa.Column("duration", sa.Integer(), nullable=True),
        sa.Column("notes", sa.Text(), nullable=True),
        sa.Column("player_count", sa.Integer(), nullable=False),
        sa.Column("decided_by", sa.String(16), nullable=False),
        sa.Column("winning_total_halves", sa.BigInteger(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("deleted_at", sa.DateTime(), nullable=True),
    )
    op.create_index(
        "ix_play_recent",
        "play",
        ["played_at", "id"],
        sqlite_where=LIVE,
        postgresql_where=LIVE,
    )
    op.create_index(
        "ix_play_game",
        "play",
        ["game_id", "played_at", "winning_total_halves"],
        sqlite_where=LIVE,
        postgresql_where=LIVE,
    )
    op.create_table(
        "play_result",
        sa.Column(
            "play_id",
            sa.Integer(),
            sa.ForeignKey("play.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("player.id"), nullable=False),
        sa.Column("total_halves", sa.BigInteger(), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("winner", sa.Boolean(), nullable=False),
        sa.Column("tiebreak", sa.Text(), nullable=False),
        sa.Column("entries", sa.Text(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("played_at", sa.DateTime(), nullable=False),
        sa.Column("live", sa.Boolean(), nullable=False),
        sqlite_with_rowid=False,
    )
    op.create_index(
        "ix_result_player", "play_result", ["player_id", "live", "played_at", "play_id"]
    )
    op.create_index("ix_result_game", "play_result", ["game_id", "live", "total_halves"])
    op.create_table(
        "play_extra",
        sa.Column("play_id", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("position", sa.Integer(), primary_key=True),
        sa.Column("label", sa.Text(), nullable=False),
        sa.Column("points_halves", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["play_id", "seat"],
            ["play_result.play_id", "play_result.seat"],
            ondelete="CASCADE",
        ),
    )


def downgrade() -> None:
    for table in ("play_extra", "play_result", "play", "template_snapshot"):
        op.drop_table(table)
    op.drop_table("game")
    op.drop_table("player")
