"""The play a sheet saves, and an edited play's boards back on its sheet.

The core's ``PlayToSave`` is everything a Save keeps, worked out here from the sheet in
progress (``play_to_save``; ``as_edit`` for an edit of a saved play): the scored sheet,
the cells as typed, the location and notes, who started, the colours, each seat's board
and the time played. The app only hands it to the history. Every kind of board goes one
way: a seat keeps the board its player filled on the sheet (an Azul wall, a Summer
Pavilion pavilion, a Sintra side B palace) as a sheet file's player fields, each kind
saying what it keeps (``kinds.SheetBoard.saved``); Edit puts each kept board back in the
draft (``restore_boards``), so its lines show "from the board" again. A sheet offers one
kind of board at most (each needs its own game), so a seat never has two.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from scorepad.core import ScoredSheet
from scorepad.core.play_to_save import PlayToSave
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


def play_to_save(
    scored: ScoredSheet, entered: Sequence[PlayerSheet], draft: SheetDraft, at: int
) -> PlayToSave:
    """What a Save of ``draft`` (scored as ``scored``) keeps as a new play, saved at ``at``
    (seconds since the epoch: the timer's time played ends then)."""
    time = saved_time(draft.timer, at)
    return PlayToSave(
        scored,
        tuple(entered),
        location=draft.location or None,
        notes=draft.notes.strip() or None,
        first_player=draft.first_player or None,
        colours=tuple(c or None for c in draft.colours),
        boards=saved_boards(draft),
        duration=time.get("duration"),
        started_at=time.get("started_at"),
        played_at=time.get("played_at"),
    )


def as_edit(play: PlayToSave) -> PlayToSave:
    """``play`` as an edit of the saved play it was started from: what the sheet left
    blank is cleared ("" and nobody to start), colours left out keep the play's, boards
    of a kind the sheet does not show keep the play's (a board kept from a sheet file or
    an import is never lost to an edit made where it cannot be seen), and the play keeps
    its times but for the minutes played."""
    template = play.sheet.template
    shown = any(kind.offered(template) for kind in board_kinds())
    return replace(
        play,
        location=play.location or "",
        notes=play.notes or "",
        first_player=play.first_player or "",
        colours=play.colours or None,
        boards=play.boards if shown else None,
        started_at=None,
        played_at=None,
    )
