"""Sheets in progress kept in the history, for a group's server whose processes share
them: each sheet's draft as JSON, the version of that copy (one more at each change),
when it last changed, and what became of it (``saved``, with the play's id, or
``discarded``). The laptop keeps its drafts in files, as before.

Revision ID: 0020
Revises: 0019
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sheet_draft",
        sa.Column("sheet_id", sa.String(64), primary_key=True),
        sa.Column("game_id", sa.String(200), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("version", sa.BigInteger(), nullable=False),
        sa.Column("changed_at", sa.DateTime(), nullable=False),
        sa.Column("fate", sa.String(16), nullable=True),
        sa.Column("play_id", sa.String(64), nullable=True),
    )
    op.create_index("ix_sheet_draft_changed", "sheet_draft", ["fate", "changed_at"])


def downgrade() -> None:
    op.drop_index("ix_sheet_draft_changed", table_name="sheet_draft")
    op.drop_table("sheet_draft")
