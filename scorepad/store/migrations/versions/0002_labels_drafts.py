"""By-hand line labels kept per game, and in-progress sheets per device.

Existing plays' by-hand labels are copied into the new per-game list, so a history that
is upgraded offers the labels its players already used.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_label",
        sa.Column(
            "game_id",
            sa.Integer(),
            sa.ForeignKey("game.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("label", sa.String(200), primary_key=True),
        sa.Column("used_at", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "draft",
        sa.Column("device", sa.String(64), primary_key=True),
        sa.Column("sheet", sa.Text(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
    )
    op.execute(
        "INSERT INTO game_label (game_id, label, used_at) "
        "SELECT p.game_id, substr(x.label, 1, 200), max(p.played_at) "
        "FROM play_extra x JOIN play p ON p.id = x.play_id "
        "GROUP BY p.game_id, substr(x.label, 1, 200)"
    )


def downgrade() -> None:
    op.drop_table("draft")
    op.drop_table("game_label")
