"""Photos of the table kept with their play.

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
