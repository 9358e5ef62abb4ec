"""Board kinds on the sheet: each kind registers its sheet part here, from a module of its
own in ``scorepad.sheet.boards`` (an Azul wall, a Summer Pavilion pavilion, a Sintra
palace). Each is the sheet's part of one of the core's board kinds (``core.boards.kinds``:
the kind a game file names as its board). The part says whether a game's sheet offers the
board, keeps each player's board in the draft (``SheetDraft.boards``, under its ``name``),
writes and reads it as JSON, reads the lines it fills, says which cells it fills, and
gives what a Save keeps of it and what Edit puts back. The sheet itself asks every
registered kind in turn and knows none by name: a new kind is a new module in
``scorepad.sheet.boards`` (found by importing that package's modules), with no list to
edit.

The kinds see a draft through ``Seats`` (``SheetDraft`` is one), so this module imports
nothing of the sheet's and no circle runs through it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar

from scorepad.core.errors import ScorepadError
from scorepad.core.packages import import_modules
from scorepad.core.template import GameTemplate

Problems = dict[tuple[str, int, str], ScorepadError]
"""Where each refused value is, as the sheet notes it (``progress.CellKey``)."""


class Seats(Protocol):
    """What a board kind reads and changes of a draft (``SheetDraft``)."""

    players: list[str]
    variant: str | None
    boards: dict[str, Any]


class KeptBoard(Protocol):
    """A seat's board as the history keeps it (the store's ``SeatBoard``)."""

    @property
    def kind(self) -> str: ...

    @property
    def fields(self) -> Mapping[str, object]: ...


class SheetBoard:
    """One kind of board's part on the sheet. A module of ``scorepad.sheet.boards``
    subclasses it and passes an instance to ``register``."""

    name: str = ""
    """The draft's key for the kind's boards (its JSON key too): ``"walls"``."""
    kind: str = ""
    """The core's kind of board (``core.boards.kinds``): what a game file names as its
    board, and what the history keeps a seat's board as."""

    def offered(self, template: GameTemplate) -> bool:
        """The sheet of ``template`` offers each player a board of this kind: the game
        names it as its board."""
        return bool(self.kind) and template.board == self.kind

    def blank(self) -> Any:
        """One player's empty board."""
        raise NotImplementedError

    def seat_to_json(self, board: Any) -> dict[str, object]:
        raise NotImplementedError

    def seat_from_json(self, data: object) -> Any:
        """A player's board read back; raises ValueError/TypeError when malformed."""
        raise NotImplementedError

    def seats(self, draft: Seats) -> list[Any]:
        """The players' boards of this kind (none on a sheet without them)."""
        found: list[Any] = draft.boards.get(self.name, [])
        return found

    def fill(self, template: GameTemplate, draft: Seats) -> None:
        """One board per player on a sheet that offers them (none on any other)."""
        if not self.offered(template):
            draft.boards.pop(self.name, None)
            return
        boards = draft.boards.setdefault(self.name, [])
        while len(boards) < len(draft.players):
            boards.append(self.blank())
        del boards[len(draft.players) :]

    def to_json(self, draft: Seats) -> dict[str, object]:
        """The draft's keys for this kind (none on a sheet without its boards)."""
        boards = self.seats(draft)
        return {self.name: [self.seat_to_json(b) for b in boards]} if boards else {}

    def from_json(self, data: Mapping[str, object], players: int) -> dict[str, Any]:
        """This kind's part of ``SheetDraft.boards`` read back from a draft's JSON."""
        found = data.get(self.name)
        if found is None:
            return {}
        if not isinstance(found, list) or len(found) != players:
            raise ValueError(f"not one board per player in {self.name!r}")
        return {self.name: [self.seat_from_json(item) for item in found]}

    def lines(self, draft: Seats, names: list[str], problems: Problems) -> list[dict[str, object]]:
        """Per player, the lines their board fills (none while it is empty); a board
        that is not one the rules allow is noted in ``problems``."""
        raise NotImplementedError

    def fills(self, draft: Seats, key: str, player: int) -> bool:
        """The cell of line ``key`` for ``player`` is filled from the board, not typed."""
        raise NotImplementedError

    def saved(self, draft: Seats, seat: int) -> dict[str, object] | None:
        """What a Save keeps of ``seat``'s board (a sheet file's player fields); None
        while it holds nothing."""
        raise NotImplementedError

    def of_play(self, fields: Mapping[str, object]) -> Any:
        """A kept board as the draft keeps it, to edit the play."""
        raise NotImplementedError

    def restore(self, draft: Seats, boards: Sequence[KeptBoard | None]) -> None:
        """A saved play's boards of this kind put back in the draft it is edited in (a
        seat without one gets an empty board)."""
        if not any(b is not None and b.kind == self.kind for b in boards):
            draft.boards.pop(self.name, None)
            return
        draft.boards[self.name] = [
            self.of_play(b.fields) if b is not None and b.kind == self.kind else self.blank()
            for b in boards
        ]


K = TypeVar("K", bound=SheetBoard)

_KINDS: dict[str, SheetBoard] = {}


def register(kind: K) -> K:
    """Make ``kind`` one of the sheet's board kinds (called by its module)."""
    if not kind.name or (kind.name in _KINDS and type(_KINDS[kind.name]) is not type(kind)):
        raise ValueError(f"a board kind needs a name of its own: {kind.name!r}")
    _KINDS[kind.name] = kind
    return kind


def board_kinds() -> tuple[SheetBoard, ...]:
    """Every board kind of the sheet: the modules of ``scorepad.sheet.boards`` are
    imported once, and each registers its kind."""
    import_modules("scorepad.sheet.boards")
    return tuple(_KINDS.values())


def board_lines(draft: Seats, names: list[str], problems: Problems) -> list[dict[str, object]]:
    """Per player, the lines their boards fill, of every kind the sheet has."""
    found: list[dict[str, object]] = [{} for _ in draft.players]
    for kind in board_kinds():
        for seat, lines in enumerate(kind.lines(draft, names, problems)):
            if seat < len(found):
                found[seat].update(lines)
    return found


def has_boards(draft: Seats) -> bool:
    """The sheet offers its players a board to tap."""
    return any(kind.seats(draft) for kind in board_kinds())


def filled_by_board(draft: Seats, key: str, player: int) -> bool:
    """The cell of line ``key`` for ``player`` is filled from a board."""
    return any(kind.fills(draft, key, player) for kind in board_kinds())
