"""The Azul wall on the sheet: each player's end-of-game wall, tapped instead of counted.

The draft keeps each player's wall as the sheet file writes one (``walls``: its side and
five strings of five letters, ``.`` empty), under the kind's name in ``SheetDraft.boards``.
While a player's wall holds a tile, the sheet's rows, columns and colours lines of that
player are the wall's, as the core reads it (``Wall.lines``): the cells show them and are
not typed; what was typed before stays in the draft and comes back once the wall is
cleared.

A tap is a ``TileEdit`` of one space, so two devices tapping one wall at once each keep
their tiles, and the later tap of a space wins there, as for a cell. The device that taps
checks the tile with the core (``Wall.check_place``) before it is made; a wall that is
still not legal once edits from two devices met (two blues put in one row of the grey
side at once) is marked on the sheet with the core's reason and not counted until fixed.
Plain Python: tests drive it without a page.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorepad.core import GameTemplate
from scorepad.core.boards.azul_sheet import KIND, WALL_LINES
from scorepad.core.boards.azul_wall import EMPTY, PATTERN, SIZE, Side, Wall, read_side
from scorepad.core.errors import EntryError, SheetError
from scorepad.sheet.kinds import Problems, Seats

NAME = "walls"
"""The draft's key for the walls (``SheetDraft.boards``)."""
TRACK_ROUND = "track_round"
"""The draft's key for the round a tracked game is in (``track``)."""

BLANK = (EMPTY * SIZE,) * SIZE


@dataclass
class WallDraft:
    """One player's wall as the draft keeps it."""

    side: Side = "coloured"
    rows: list[str] = field(default_factory=lambda: list(BLANK))
    placed_in: list[int] = field(default_factory=lambda: [0] * SIZE * SIZE)
    """The game tracked round by round (``sheet.boards.track``): the round each tile was placed
    in, from 1, by space (top row first); 0 for an empty space or a tile put there while
    the game was not tracked."""
    floors: list[int] = field(default_factory=list)
    """The game tracked round by round: the floor-line spaces filled in each round."""

    @property
    def filled(self) -> bool:
        """The wall holds a tile: it fills the sheet's lines."""
        return any(text != EMPTY * SIZE for text in self.rows)

    def to_dict(self) -> dict[str, object]:
        tracked = any(self.placed_in) or any(self.floors)
        return {
            "side": self.side,
            "wall": list(self.rows),
            **({"placed_in": list(self.placed_in), "floors": list(self.floors)} if tracked else {}),
        }

    @classmethod
    def from_dict(cls, data: object) -> WallDraft:
        """A wall read back from a draft; raises ValueError/TypeError when malformed."""
        if not isinstance(data, dict):
            raise TypeError("a wall is not an object")
        try:
            side = read_side(data.get("side"))
        except EntryError:
            raise ValueError("not a side of the wall") from None
        rows = data.get("wall")
        if not isinstance(rows, list) or len(rows) != SIZE:
            raise ValueError("a wall is five rows")
        if not all(isinstance(t, str) and len(t) == SIZE and set(t) <= set("BYRKW.") for t in rows):
            raise ValueError("a wall row is five letters")
        placed_in = data.get("placed_in", [0] * SIZE * SIZE)
        floors = data.get("floors", [])
        if not isinstance(placed_in, list) or len(placed_in) != SIZE * SIZE:
            raise ValueError("a tracked wall gives a round for each of its 25 spaces")
        if not isinstance(floors, list):
            raise ValueError("a tracked wall's floor lines are a list")
        if not all(_count(n) for n in [*placed_in, *floors]):
            raise ValueError("a round or a floor line is a whole number, 0 or more")
        return cls(side, [str(t) for t in rows], list(placed_in), list(floors))


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def has_wall(template: GameTemplate) -> bool:
    """The sheet offers a wall to each player: Azul's, with the lines a wall fills."""
    keys = {line.key for line in template.lines}
    return template.board == KIND and all(key in keys for key in WALL_LINES)


def walls(draft: Seats) -> list[WallDraft]:
    """The players' walls (none on a sheet without them)."""
    found: list[WallDraft] = draft.boards.get(NAME, [])
    return found


def track_round(draft: Seats) -> int:
    """The round a game tracked round by round is in (from 1; 0: not tracked)."""
    found: int = draft.boards.get(TRACK_ROUND, 0)
    return found


@dataclass(frozen=True)
class TileEdit:
    """One space of a player's wall: a tile put there (a colour letter) or taken off
    (``.``). Made as it comes: the later edit of a space is the one it ends with."""

    player: int
    row: int
    column: int
    colour: str
    round: int = 0
    """The game tracked: the round the tile was placed in (0: not tracked, or taken off)."""

    def apply_to(self, draft: Seats) -> None:
        if not 0 <= self.player < len(walls(draft)):
            return
        wall = walls(draft)[self.player]
        text = wall.rows[self.row]
        wall.rows[self.row] = text[: self.column] + self.colour + text[self.column + 1 :]
        wall.placed_in[self.row * SIZE + self.column] = 0 if self.colour == EMPTY else self.round


@dataclass(frozen=True)
class WallSideEdit:
    """The side of the board a player plays: ``coloured`` or ``grey``."""

    player: int
    side: Side

    def apply_to(self, draft: Seats) -> None:
        if 0 <= self.player < len(walls(draft)):
            walls(draft)[self.player].side = self.side


@dataclass(frozen=True)
class WallClearEdit:
    """Every tile of a player's wall taken off: the lines are typed again."""

    player: int

    def apply_to(self, draft: Seats) -> None:
        if 0 <= self.player < len(walls(draft)):
            walls(draft)[self.player] = WallDraft(walls(draft)[self.player].side)


WallEdit = TileEdit | WallSideEdit | WallClearEdit


def tap(
    draft: Seats, player: int, row: int, column: int, colour: str | None, round: int = 0
) -> TileEdit:
    """The edit a tap on a space makes (``row``, ``column`` from 0): a tile there is taken
    off; an empty space takes its printed colour on the coloured side, or ``colour`` (the
    one picked) on the grey side; ``round`` is the round it is placed in when the game is
    tracked. Raises the core's ``EntryError`` when that tile may not
    go there, or "board.pick_colour" when the grey side has no colour picked."""
    wall = walls(draft)[player]
    if wall.rows[row][column] != EMPTY:
        return TileEdit(player, row, column, EMPTY)
    if wall.side == "coloured":
        colour = PATTERN[row][column]
    elif colour is None:
        raise EntryError("board.pick_colour")
    Wall.read(wall.rows, wall.side).check_place(row, column, colour)
    return TileEdit(player, row, column, colour, round)


def side_edit(draft: Seats, player: int, side: Side) -> WallSideEdit:
    """The edit turning a player's board to ``side``; raises the core's ``EntryError``
    when a tile already on the wall could not be there on that side."""
    Wall.read(walls(draft)[player].rows, side)
    return WallSideEdit(player, side)


def wall_lines(draft: Seats, names: list[str], problems: Problems) -> list[dict[str, int]]:
    """Per player, the lines their wall fills (none while it holds no tile). A wall that
    is not legal fills nothing: its problem is noted on the rows line, naming the player."""
    found: list[dict[str, int]] = []
    for index, wall in enumerate(walls(draft)):
        if not wall.filled:
            found.append({})
            continue
        try:
            found.append(Wall.read(wall.rows, wall.side).lines())
        except EntryError as problem:
            where = SheetError("board.in_wall", player=names[index], problem=problem)
            problems[(WALL_LINES[0], index, "")] = where
            found.append({key: 0 for key in WALL_LINES})  # typed counts do not sneak in
    return found


def from_wall(draft: Seats, key: str, player: int) -> bool:
    """The cell of line ``key`` for ``player`` is filled from the wall, not typed."""
    return key in WALL_LINES and player < len(walls(draft)) and walls(draft)[player].filled
