"""The sheet's timer: a play keeps when its sheet was started.

``play.started_at`` is the local wall-clock time the sheet was started (its draft made),
as ``played_at`` is the time it was saved; ``duration`` (minutes, since revision 0001) is
what the sheet's timer showed, breaks left out and corrected by hand where the players
did. It may be empty: an older play, one saved from the command line or imported from a
file without it, reads back exactly as before.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("play", sa.Column("started_at", sa.DateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("play") as batch:
        batch.drop_column("started_at")
