"""What a play now keeps besides its sheet: its result and modules.

A co-operative play keeps whether the table won or lost, a team play each player's team
(and, without a score, the winning team), and any play the game's modules chosen for it.
Every new column may be empty: an older play was each for itself, without modules, and
reads back exactly as before.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("play", sa.Column("result_kind", sa.String(16), nullable=True))
    op.add_column("play", sa.Column("outcome", sa.Text(), nullable=True))
    op.add_column("play", sa.Column("modules", sa.Text(), nullable=True))
    op.add_column("play_result", sa.Column("team", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("play_result") as batch:
        batch.drop_column("team")
    with op.batch_alter_table("play") as batch:
        batch.drop_column("modules")
        batch.drop_column("outcome")
        batch.drop_column("result_kind")
