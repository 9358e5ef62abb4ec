"""Photos of the table kept with their play.

Revision ID: 0015
Revises: 0014
"""

from __future__ import annotations

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
