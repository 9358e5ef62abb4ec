"""The boards a Save keeps with the play, and an edited play's boards back on its sheet.

Every kind of board goes one way (``store.boards``): a seat keeps the board its player
filled on the sheet (an Azul wall, a Summer Pavilion pavilion, a Sintra side B palace) as
a sheet file's player fields; Edit puts each kept board back in the draft, so its lines
show "from the board" again. A sheet offers one kind of board at most (each needs its own
game), so a seat never has two.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, TypeVar

from scorepad.store import AZUL_PAVILION, SINTRA_PALACE, SeatBoard
from scorepad.ui.palace_model import PalaceDraft, palace_of_play, saved_palace
from scorepad.ui.pavilion_model import PavilionDraft, pavilion_of_play, saved_pavilion
from scorepad.ui.wall_model import saved_walls, walls_of_play

if TYPE_CHECKING:
    from scorepad.ui.sheet_model import SheetDraft

T = TypeVar("T")


def saved_boards(draft: SheetDraft) -> tuple[dict[str, object] | None, ...]:
    """Each seat's board in the store's form, in seat order (None for a player whose
    board is empty); empty when no board holds anything."""
    walls = saved_walls(draft)
    found: tuple[dict[str, object] | None, ...] = tuple(
        (walls[seat] if walls else None) or saved_pavilion(draft, seat) or saved_palace(draft, seat)
        for seat in range(len(draft.players))
    )
    return found if any(found) else ()


def restore_boards(draft: SheetDraft, boards: Sequence[SeatBoard | None]) -> None:
    """A saved play's boards put back in the draft it is edited in (a seat without one
    gets an empty board once the sheet fills its boards)."""
    draft.walls = walls_of_play(boards)
    draft.pavilions = _per_seat(boards, AZUL_PAVILION, pavilion_of_play, PavilionDraft)
    draft.palaces = _per_seat(boards, SINTRA_PALACE, palace_of_play, PalaceDraft)


def _per_seat(
    boards: Sequence[SeatBoard | None],
    kind: str,
    read: Callable[[Mapping[str, object]], T],
    blank: Callable[[], T],
) -> list[T]:
    """One board per seat when some seat kept a board of ``kind`` (none otherwise)."""
    if not any(b is not None and b.kind == kind for b in boards):
        return []
    return [read(b.fields) if b is not None and b.kind == kind else blank() for b in boards]
