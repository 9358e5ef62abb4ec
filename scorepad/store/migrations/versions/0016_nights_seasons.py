"""Game nights named, split and merged; seasons.

Revision ID: 0016
Revises: 0015
"""

from __future__ import annotations

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
