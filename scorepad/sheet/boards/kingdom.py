"""The Kingdomino kingdom on the sheet: each player's grid, tapped square by square instead
of worked out by hand.

The draft keeps each player's kingdom as the core writes one (``kingdom.Kingdom.rows``:
one string per row, squares separated by spaces, ``.`` empty, ``C`` the castle, ``F1`` a
forest with a crown). Every kingdom of a sheet has one grid: 5 × 5, or 7 × 7 for the
Mighty Duel, which the game file does not name (it changes only the grid, docs/rules.md):
the sheet chooses it for two players (``KingdomSizeEdit``). While a player's kingdom
holds a square, the sheet's properties, largest property and crowns lines of that player,
and the Middle Kingdom and Harmony when their modules are chosen, are the kingdom's, as
the core reads it (``Kingdom.lines``): the cells show them and are not typed; what was
typed before stays in the draft and comes back once the kingdom is cleared.

A tap is a ``SquareEdit`` of one square (or a ``CastleEdit``, which moves the castle
there), so two devices tapping one kingdom each keep their squares, the later edit of a
square winning there, as for a cell. A kingdom that cannot be (no castle, a square apart
from it, squares that are not dominoes: ``Kingdom.problems``) is marked on the sheet with
every reason, counts nothing meanwhile, and Save waits. Plain Python: tests drive it
without a page.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scorepad.core.boards.kingdom import (
    CASTLE,
    DUEL_SIZE,
    EMPTY,
    SIZE,
    TERRAINS,
    Kingdom,
    Square,
)
from scorepad.core.boards.kingdom_sheet import DUEL_PLAYERS, KIND
from scorepad.core.errors import EntryError, ScorepadError, SheetError, quote
from scorepad.core.template import GameTemplate
from scorepad.sheet.kinds import KeptBoard, Problems, Seats, SheetBoard, register

NAME = "kingdoms"
"""The draft's key for the kingdoms (``SheetDraft.boards``)."""
KINGDOM_LINES = ("properties", "largest_property", "crowns", "middle_kingdom", "harmony")
"""The sheet's lines a kingdom fills (the last two only with their modules chosen)."""
PROBLEM_LINE = KINGDOM_LINES[0]
"""The line a kingdom's problems are noted under."""
MAX_CROWNS = 9
"""A square's crowns are one digit as written (the core checks no more: docs/rules.md)."""
NOTHING: dict[str, object] = {
    "properties": 0,
    "largest_property": 0,
    "crowns": 0,
    "middle_kingdom": False,
    "harmony": False,
}
"""What a kingdom that cannot be fills: typed values do not sneak in meanwhile."""


def blank_rows(size: int = SIZE) -> list[str]:
    return list(Kingdom.empty(size).rows)


@dataclass
class KingdomDraft:
    """One player's kingdom as the draft keeps it (``Kingdom.rows``)."""

    rows: list[str]

    @classmethod
    def blank(cls, size: int = SIZE) -> KingdomDraft:
        return cls(blank_rows(size))

    @property
    def kingdom(self) -> Kingdom:
        """The grid as the core reads it (shape and squares only: ``problems`` says the rest)."""
        return Kingdom.parse(self.rows)

    @property
    def size(self) -> int:
        return len(self.rows)

    @property
    def filled(self) -> bool:
        """The kingdom holds a square (the castle too): it fills the sheet's lines."""
        return any(mark != EMPTY for text in self.rows for mark in text.split())

    def to_dict(self) -> dict[str, object]:
        return {"kingdom": list(self.rows)}

    @classmethod
    def from_dict(cls, data: object) -> KingdomDraft:
        """A kingdom read back from a draft; raises ValueError/TypeError when malformed."""
        if not isinstance(data, dict):
            raise TypeError("a kingdom is not an object")
        try:
            kingdom = Kingdom.parse(data.get("kingdom"))
        except ScorepadError as problem:
            raise ValueError(f"not a kingdom: {problem.message('en')}") from None
        return cls(list(kingdom.rows))


def has_kingdom(template: GameTemplate) -> bool:
    """The sheet offers a kingdom to each player: Kingdomino's, with its properties line."""
    return template.board == KIND and any(line.key == PROBLEM_LINE for line in template.lines)


def kingdoms(draft: Seats) -> list[KingdomDraft]:
    """The players' kingdoms (none on a sheet without them)."""
    found: list[KingdomDraft] = draft.boards.get(NAME, [])
    return found


def grid_size(draft: Seats) -> int:
    """The sheet's grid: its kingdoms' (5 × 5 on a sheet without them)."""
    found = kingdoms(draft)
    return found[0].size if found else SIZE


def duel_allowed(draft: Seats) -> bool:
    """The Mighty Duel's 7 × 7 grid may be chosen: the sheet has two players."""
    return len(draft.players) == DUEL_PLAYERS


def _set(draft: Seats, player: int, row: int, column: int, square: Square | None) -> None:
    """One square of a player's kingdom set; nothing when the grid no longer has it (its
    size was changed on another device meanwhile)."""
    if not 0 <= player < len(kingdoms(draft)):
        return
    board = kingdoms(draft)[player]
    if not (0 <= row < board.size and 0 <= column < board.size):
        return
    board.rows = list(board.kingdom.with_square(row, column, square).rows)


@dataclass(frozen=True)
class SquareEdit:
    """One square of a player's kingdom: a terrain with its crowns (``F1``, ``W``), the
    castle (``C``), or emptied (``.``), as the core writes a square. Made as it comes:
    the later edit of a square is the one it ends with."""

    player: int
    row: int
    column: int
    square: str

    def apply_to(self, draft: Seats) -> None:
        square = None if self.square == EMPTY else Square(self.square[0], int(self.square[1:] or 0))
        _set(draft, self.player, self.row, self.column, square)


@dataclass(frozen=True)
class CastleEdit:
    """The player's castle placed on a square: taken off wherever it stood before, so a
    kingdom made on one device has one castle."""

    player: int
    row: int
    column: int

    def apply_to(self, draft: Seats) -> None:
        if not 0 <= self.player < len(kingdoms(draft)):
            return
        for r, c, square in list(kingdoms(draft)[self.player].kingdom.placed()):
            if square.terrain == CASTLE and (r, c) != (self.row, self.column):
                _set(draft, self.player, r, c, None)
        _set(draft, self.player, self.row, self.column, Square(CASTLE))


@dataclass(frozen=True)
class KingdomClearEdit:
    """Every square of a player's kingdom emptied: the lines are typed again."""

    player: int

    def apply_to(self, draft: Seats) -> None:
        if 0 <= self.player < len(kingdoms(draft)):
            kingdoms(draft)[self.player] = KingdomDraft.blank(kingdoms(draft)[self.player].size)


@dataclass(frozen=True)
class KingdomSizeEdit:
    """Every kingdom of the sheet on a grid of ``size`` (the Mighty Duel's 7, or 5), its
    squares kept around the centre: a 5 × 5 kingdom is the middle of a 7 × 7 one."""

    size: int

    def apply_to(self, draft: Seats) -> None:
        for index, board in enumerate(kingdoms(draft)):
            if board.size != self.size:
                kingdoms(draft)[index] = KingdomDraft(resized(board.kingdom, self.size))


def resized(kingdom: Kingdom, size: int) -> list[str]:
    """``kingdom``'s squares on a grid of ``size``, around the same centre (a square that
    would fall outside the smaller grid is left out: ``size_edit`` refuses that)."""
    shift = (size - kingdom.size) // 2
    found = Kingdom.empty(size)
    for r, c, square in kingdom.placed():
        if 0 <= r + shift < size and 0 <= c + shift < size:
            found = found.with_square(r + shift, c + shift, square)
    return list(found.rows)


KingdomEdit = SquareEdit | CastleEdit | KingdomClearEdit | KingdomSizeEdit


def square_edit(
    draft: Seats, player: int, row: int, column: int, terrain: str | None, crowns: int = 0
) -> SquareEdit | CastleEdit:
    """The edit a choice in a square's picker makes (``row``, ``column`` from 0): a
    terrain with its crowns, the castle (``C``: moved there), or empty (None). Raises
    the core's ``EntryError`` for a terrain or crowns a square cannot have."""
    if terrain is None:
        return SquareEdit(player, row, column, EMPTY)
    if terrain == CASTLE:
        return CastleEdit(player, row, column)
    square = Square(terrain, crowns)
    if terrain not in TERRAINS or not 0 <= crowns <= MAX_CROWNS:
        problem = EntryError("board.kingdom_square_text", value=quote(square.text))
        raise EntryError("board.kingdom_where", row=row + 1, column=column + 1, problem=problem)
    return SquareEdit(player, row, column, square.text)


def size_edit(draft: Seats, size: int) -> KingdomSizeEdit:
    """The edit putting every kingdom on a grid of ``size``; raises the core's errors
    for the Mighty Duel's grid on a sheet without two players, or a smaller grid that
    would leave a placed square out (its player's kingdom named)."""
    if size == DUEL_SIZE and not duel_allowed(draft):
        raise SheetError("board.kingdom_duel", size=DUEL_SIZE, count=len(draft.players))
    if size not in (SIZE, DUEL_SIZE):
        raise EntryError("board.kingdom_shape", value=str(size))
    for board, name in zip(kingdoms(draft), draft.players, strict=False):
        kept = sum(1 for text in resized(board.kingdom, size) for m in text.split() if m != EMPTY)
        if kept != sum(1 for _ in board.kingdom.placed()):
            raise SheetError("board.kingdom_shrink", player=name, size=size)
    return KingdomSizeEdit(size)


def kingdom_problems(draft: Seats, player: int) -> list[EntryError]:
    """Every reason a player's kingdom cannot be (none for an empty one, or one that can)."""
    board = kingdoms(draft)[player]
    return board.kingdom.problems() if board.filled else []


def kingdom_lines(draft: Seats, names: list[str], problems: Problems) -> list[dict[str, object]]:
    """Per player, the lines their kingdom fills (none while it is empty). A kingdom that
    cannot be fills nothing counted: each of its problems is noted under the properties
    line, naming the player; a 7 × 7 grid without two players is noted there too."""
    found: list[dict[str, object]] = []
    duel = grid_size(draft) == DUEL_SIZE and not duel_allowed(draft)
    for index, board in enumerate(kingdoms(draft)):
        if not board.filled:
            found.append({})
            continue
        kingdom = board.kingdom
        reasons: list[ScorepadError] = list(kingdom.problems())
        if duel:
            reasons.append(SheetError("board.kingdom_duel", size=DUEL_SIZE, count=len(names)))
        for number, problem in enumerate(reasons):
            where = SheetError("board.in_kingdom", player=names[index], problem=problem)
            problems[(PROBLEM_LINE, index, str(number + 1) if number else "")] = where
        found.append(dict(NOTHING) if reasons else dict(kingdom.lines()))
    return found


def from_kingdom(draft: Seats, key: str, player: int) -> bool:
    """The cell of line ``key`` for ``player`` is filled from the kingdom, not typed."""
    return key in KINGDOM_LINES and player < len(kingdoms(draft)) and kingdoms(draft)[player].filled


def reading(draft: Seats, key: str, player: int) -> bool | int | None:
    """What the kingdom gives line ``key`` of ``player`` (None: a kingdom that cannot be)."""
    kingdom = kingdoms(draft)[player].kingdom
    if kingdom.problems():
        return None
    return kingdom.lines()[key]


def saved_kingdom(draft: Seats, player: int) -> dict[str, object] | None:
    """The kingdom a Save keeps with the player's seat, as the store takes boards (a
    sheet file's player field, ``{"kingdom"}``); None while it is empty."""
    if player >= len(kingdoms(draft)) or not kingdoms(draft)[player].filled:
        return None
    return {"kingdom": list(kingdoms(draft)[player].rows)}


def kingdom_of_play(fields: Mapping[str, object]) -> KingdomDraft:
    """A kept kingdom as the draft keeps it, to edit the play (the store checked it)."""
    return KingdomDraft(list(Kingdom.read(fields["kingdom"]).rows))


class KingdomBoards(SheetBoard):
    """Kingdomino's kingdoms on the sheet."""

    name = NAME
    kind = KIND

    def offered(self, template: GameTemplate) -> bool:
        return has_kingdom(template)

    def blank(self) -> KingdomDraft:
        return KingdomDraft.blank()

    def fill(self, template: GameTemplate, draft: Seats) -> None:
        """One kingdom per player, a new one on the sheet's grid."""
        size = grid_size(draft)
        super().fill(template, draft)
        for index, board in enumerate(kingdoms(draft)):
            if board.size != size and not board.filled:
                kingdoms(draft)[index] = KingdomDraft.blank(size)

    def seat_to_json(self, board: KingdomDraft) -> dict[str, object]:
        return board.to_dict()

    def seat_from_json(self, data: object) -> KingdomDraft:
        return KingdomDraft.from_dict(data)

    def lines(self, draft: Seats, names: list[str], problems: Problems) -> list[dict[str, object]]:
        return kingdom_lines(draft, names, problems)

    def fills(self, draft: Seats, key: str, player: int) -> bool:
        return from_kingdom(draft, key, player)

    def saved(self, draft: Seats, seat: int) -> dict[str, object] | None:
        return saved_kingdom(draft, seat)

    def of_play(self, fields: Mapping[str, object]) -> KingdomDraft:
        return kingdom_of_play(fields)

    def restore(self, draft: Seats, boards: Sequence[KeptBoard | None]) -> None:
        """As every kind, a seat without a kept kingdom getting an empty one on the grid
        of the play's kingdoms (the Mighty Duel's 7 × 7 too)."""
        super().restore(draft, boards)
        found = kingdoms(draft)
        size = max((b.size for b in found if b.filled), default=SIZE)
        for index, board in enumerate(found):
            if not board.filled and board.size != size:
                found[index] = KingdomDraft.blank(size)


KINGDOMS = register(KingdomBoards())
