"""Where sheets in progress are kept between changes: the seam the sheet is given.

The sheet layer keeps every change in a ``DraftKeeper`` it is handed, and never knows
where it writes: the app passes the file-backed keeper of its data folder
(``ui.drafts.FileDraftStore``), an edited play a keeper of its own, a test whatever it
likes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from scorepad.core.template import GameTemplate
from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.edits import Edit


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


class SharedKeeper(DraftKeeper, Protocol):
    """A keeper several processes share (a group's server: the history's PostgreSQL).
    Each sheet's kept copy has a version, one more at each change; the keeper tells
    ``LiveSheets.arrived`` (on the app's event loop) of every change made by any process,
    its own included, in the order they were kept."""

    def load_version(self, sheet_id: str) -> tuple[SheetDraft, int] | None:
        """The kept draft of ``sheet_id`` and its version; None when there is none, or the
        sheet was saved or thrown away."""
        ...

    def keep(
        self, draft: SheetDraft, edit: Edit, template: GameTemplate, version: int
    ) -> int | None:
        """``edit``, already made to ``draft`` (version ``version`` of the kept copy, a
        sheet of ``template``), made to the kept copy too, in one transaction; the
        version that made: ``version + 1`` unless another process kept a change since
        (then the edit was made to that process's copy, and the caller reads it back).
        None when the sheet was saved or thrown away meanwhile: nothing is kept."""
        ...

    def save_once(self, sheet_id: str, save: Callable[[], str]) -> tuple[str, bool]:
        """The play sheet ``sheet_id`` was saved as, and whether this call saved it:
        ``save`` is called unless any process saved the sheet already, and never by two
        processes at once."""
        ...

    def restore(self, draft: SheetDraft) -> None:
        """``draft``, thrown away, is in progress again (Undo)."""
        ...
