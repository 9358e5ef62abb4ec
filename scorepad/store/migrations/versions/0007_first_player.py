"""Who started: a play keeps its first player.

``play.first_seat`` is the seat (from 1, as ``play_result.seat``) of the player who
started, picked at New play or on the sheet. Keeping the seat, not a name, means a player
renamed later is still the one who started. It may be empty: an older play, or one where
nobody was picked, reads back exactly as before.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("play", sa.Column("first_seat", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("play") as batch:
        batch.drop_column("first_seat")
