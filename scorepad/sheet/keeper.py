"""Where sheets in progress are kept between changes: the seam the sheet is given.

The sheet layer keeps every change in a ``DraftKeeper`` it is handed, and never knows
where it writes: the app passes the file-backed keeper of its data folder
(``ui.drafts.FileDraftStore``), an edited play a keeper of its own, a test whatever it
likes.
"""

from __future__ import annotations

from typing import Protocol

from scorepad.sheet.draft import SheetDraft


class DraftKeeper(Protocol):
    """Where sheets in progress are kept between changes."""

    def load(self, sheet_id: str) -> SheetDraft | None:
        """The draft of sheet ``sheet_id``, or None (none, or unreadable)."""
        ...

    def save(self, draft: SheetDraft) -> None: ...

    def discard(self, sheet_id: str) -> None: ...

    def flush(self, sheet_id: str | None = None) -> None:
        """Write now what a keeper that coalesces its writes holds back, of sheet
        ``sheet_id`` or of every sheet."""
        ...

    def all(self, game_id: str | None = None) -> list[SheetDraft]:
        """Every draft (only ``game_id``'s, when given), most recently changed first (Home
        offers to continue them)."""
        ...


def of_game(drafts: DraftKeeper, game_id: str) -> list[SheetDraft]:
    """The sheets in progress of one game, most recently changed first."""
    return drafts.all(game_id)
