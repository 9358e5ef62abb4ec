"""How much a play may hold beyond its text (``plaintext`` has the text's limits): checked
by the history when a play is saved and by the sheet where it is typed, from this one
place. A game's own size limits are ``limits``'s."""

from __future__ import annotations

MAX_DURATION = 100_000
"""Minutes a play may last (over two months): past it a duration is a typing slip, not a
play. The history refuses a longer one, and the sheet's timer takes none."""
