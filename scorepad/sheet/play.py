"""The play a sheet saves, and an edited play's boards back on its sheet.

``PlayToSave`` is everything a Save keeps, worked out here from the sheet in progress
(``play_to_save``): the scored sheet, the cells as typed, the location and notes, who
started, the colours, each seat's board and the time played. The app only hands it to the
history. Every kind of board goes one way: a seat keeps the board its player filled on the
sheet (an Azul wall, a Summer Pavilion pavilion, a Sintra side B palace) as a sheet file's
player fields, each kind saying what it keeps (``kinds.SheetBoard.saved``); Edit puts each
kept board back in the draft (``restore_boards``), so its lines show "from the board"
again. A sheet offers one kind of board at most (each needs its own game), so a seat never
has two.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from scorepad.core import ScoredSheet
from scorepad.core.scoring import PlayerSheet
from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.kinds import KeptBoard, board_kinds
from scorepad.sheet.timer import saved_time


def saved_boards(draft: SheetDraft) -> tuple[dict[str, object] | None, ...]:
    """Each seat's board in the store's form, in seat order (None for a player whose
    board is empty); empty when no board holds anything."""
    kinds = board_kinds()
    found = tuple(
        next((b for b in (kind.saved(draft, seat) for kind in kinds) if b), None)
        for seat in range(len(draft.players))
    )
    return found if any(found) else ()


def restore_boards(draft: SheetDraft, boards: Sequence[KeptBoard | None]) -> None:
    """A saved play's boards put back in the draft it is edited in (a seat without one
    gets an empty board once the sheet fills its boards)."""
    for kind in board_kinds():
        kind.restore(draft, boards)


@dataclass(frozen=True)
class PlayToSave:
    """What a Save keeps of a sheet: one value, from the sheet to the history."""

    scored: ScoredSheet
    entered: tuple[PlayerSheet, ...]
    """What each player's cells hold, as typed (a sum as typed: Edit shows it again)."""
    location: str | None
    notes: str | None
    first_player: str | None
    """The player who started (None: nobody was picked)."""
    colours: tuple[str, ...]
    """Each player's colour ("" for none); empty: no colours at all."""
    boards: tuple[dict[str, object] | None, ...]
    """Each seat's board as a sheet file's player fields (None: none); empty: no boards."""
    duration: int | None = None
    """Minutes played, as the timer says (None: a sheet without a timer)."""
    started_at: datetime | None = None
    played_at: datetime | None = None


def play_to_save(
    scored: ScoredSheet, entered: Sequence[PlayerSheet], draft: SheetDraft, at: int
) -> PlayToSave:
    """What a Save of ``draft`` (scored as ``scored``) keeps, saved at ``at`` (seconds
    since the epoch: the timer's time played ends then)."""
    time = saved_time(draft.timer, at)
    return PlayToSave(
        scored=scored,
        entered=tuple(entered),
        location=draft.location or None,
        notes=draft.notes.strip() or None,
        first_player=draft.first_player or None,
        colours=tuple(draft.colours),
        boards=saved_boards(draft),
        duration=time.get("duration"),
        started_at=time.get("started_at"),
        played_at=time.get("played_at"),
    )
