"""Ratings: a player who stays out of them, and a count of the history's writes.

``player.rating_out``: True for a player who chose to stay out of the ratings (None, the
default: rated). ``history_version``: one row counting every write to the history
(``Database.write`` bumps it in the same transaction), so that a program keeping results
worked out from the plays (the ratings) sees, with one tiny query, whether the history
changed since, also when another program wrote it.

Revision ID: 0017
Revises: 0016
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("player", sa.Column("rating_out", sa.Boolean(), nullable=True))
    op.create_table(
        "history_version",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("writes", sa.BigInteger(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("history_version")
    with op.batch_alter_table("player") as batch:
        batch.drop_column("rating_out")
