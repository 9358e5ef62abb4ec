"""Boards: each seat of a play keeps the player's board when the sheet had one.

``play_result.board_kind`` names the kind of board (``"azul-wall"``, the end-of-game wall
of Azul) and ``play_result.board`` holds it as a sheet file's player object gives it, as
JSON text (``{"side": "coloured", "wall": ["BYRKW", …]}``; ``scorepad.store.boards``).
A kind and a text rather than a column per board, so that another board (Summer
Pavilion's pavilion) is kept the same way without a new revision. Both may be empty: an
older play, or a seat without a board, reads back exactly as before.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("play_result", sa.Column("board_kind", sa.String(32), nullable=True))
    op.add_column("play_result", sa.Column("board", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("play_result") as batch:
        batch.drop_column("board")
        batch.drop_column("board_kind")
