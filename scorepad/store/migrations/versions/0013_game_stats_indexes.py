"""A game's stats read no more plays than their answer needs, however long the history.

Two questions a game's stats gained since revision 0003 walked every play of the game
through ``ix_play_best`` (a 100,000-play history: 25,000 plays of a game, 17 to 30 ms a
game's stats against 0.1 ms for the same answer read from the tallies):

- The best total's holders in plays decided by hand or won or lost together (BG Stats'
  manual winners, co-operative plays), where the best total need not be a winner's, and
  a co-operative game's plays won and lost: ``ix_play_by_hand`` holds only those plays,
  with the kind, the left-out flag and the outcome, so that the second is read from the
  index alone.
- A game's average duration: ``ix_play_timed`` holds only the plays counted in it, with
  their minutes.

Both are partial, so a play that is neither decided by hand nor timed (every sheet scored
in Scorepad before durations were kept) costs them nothing.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

BY_HAND = "deleted_at IS NULL AND (decided_by = 'given' OR result_kind = 'cooperative')"
TIMED = "deleted_at IS NULL AND ignored IS NULL AND duration IS NOT NULL"
"""This revision's own copies of ``models.BY_HAND`` and ``models.TIMED``."""


def upgrade() -> None:
    op.create_index(
        "ix_play_by_hand",
        "play",
        ["game_id", "result_kind", "ignored", "outcome", "decided_by", "deleted_at"],
        sqlite_where=sa.text(BY_HAND),
        postgresql_where=sa.text(BY_HAND),
    )
    op.create_index(
        "ix_play_timed",
        "play",
        ["game_id", "duration", "ignored", "deleted_at"],
        sqlite_where=sa.text(TIMED),
        postgresql_where=sa.text(TIMED),
    )


def downgrade() -> None:
    op.drop_index("ix_play_timed", "play")
    op.drop_index("ix_play_by_hand", "play")
