"""Ratings on or off per history; a player who stays out.

Revision ID: 0017
Revises: 0016
"""

from __future__ import annotations

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
