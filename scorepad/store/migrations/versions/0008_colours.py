"""Player colours: each seat of a play keeps the colour its player had.

``play_result.colour`` is a name from the app's palette (``scorepad.core.colours``:
"blue", "orange", …), never a drawn value, so that a colour reads the same in every
version and language. It may be empty: an older play, or a seat past the palette's
end, reads back exactly as before. The next New play looks here for the colour each
player had last.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("play_result", sa.Column("colour", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("play_result") as batch:
        batch.drop_column("colour")
