"""The Azul wall on the sheet: each player's end-of-game wall, tapped instead of counted.

The draft keeps each player's wall as the sheet file writes one (``SheetDraft.walls``:
its side and five strings of five letters, ``.`` empty). While a player's wall holds a
tile, the sheet's rows, columns and colours lines of that player are the wall's, as the
core reads it (``Wall.lines``): the cells show them and are not typed; what was typed
before stays in the draft and comes back once the wall is cleared.

A tap is a ``TileEdit`` of one space, so two devices tapping one wall at once each keep
their tiles, and the later tap of a space wins there, as for a cell. The device that taps
checks the tile with the core (``Wall.check_place``) before it is made; a wall that is
still not legal once edits from two devices met (two blues put in one row of the grey
side at once) is marked on the sheet with the core's reason and not counted until fixed.
Plain Python: tests drive it without a page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from scorepad.core.boards.azul_sheet import GAME, WALL_LINES
from scorepad.core.boards.azul_wall import EMPTY, PATTERN, SIZE, Side, Wall, read_side
from scorepad.core.errors import EntryError, ScorepadError, SheetError
from scorepad.store import AZUL_WALL, SeatBoard

if TYPE_CHECKING:
    from scorepad.core import GameTemplate
    from scorepad.ui.sheet_model import SheetDraft

BLANK = (EMPTY * SIZE,) * SIZE


@dataclass
class WallDraft:
    """One player's wall as the draft keeps it."""

    side: Side = "coloured"
    rows: list[str] = field(default_factory=lambda: list(BLANK))
    placed_in: list[int] = field(default_factory=lambda: [0] * SIZE * SIZE)
    """The game tracked round by round (``track_model``): the round each tile was placed
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
    return template.id == GAME and all(key in keys for key in WALL_LINES)


def fill_walls(template: GameTemplate, draft: SheetDraft) -> None:
    """One wall per player on an Azul sheet (none on any other)."""
    if not has_wall(template):
        draft.walls = []
        return
    while len(draft.walls) < len(draft.players):
        draft.walls.append(WallDraft())
    del draft.walls[len(draft.players) :]


def walls_to_json(draft: SheetDraft) -> dict[str, object]:
    """The draft's ``"walls"`` (left out on a sheet without walls)."""
    if not draft.walls:
        return {}
    return {"walls": [w.to_dict() for w in draft.walls]}


def walls_from_json(data: object, players: int) -> list[WallDraft]:
    if data is None:
        return []
    if not isinstance(data, list) or len(data) != players:
        raise ValueError("not one wall per player")
    return [WallDraft.from_dict(item) for item in data]


def saved_walls(draft: SheetDraft) -> tuple[dict[str, object] | None, ...]:
    """The walls a Save keeps with the play, as the store takes boards (a sheet file's
    player fields, ``{"side", "wall"}``), in seat order: None for a player whose wall
    holds no tile; empty when no wall holds one. A game tracked round by round keeps the
    wall its rounds built (the rounds themselves stay in the draft)."""
    found: tuple[dict[str, object] | None, ...] = tuple(
        {"side": w.side, "wall": list(w.rows)} if w.filled else None for w in draft.walls
    )
    return found if any(found) else ()


def walls_of_play(boards: Sequence[SeatBoard | None]) -> list[WallDraft]:
    """A saved play's walls as the draft keeps them, to edit it (none when it kept none;
    a blank wall for a seat without one)."""
    if not any(b is not None and b.kind == AZUL_WALL for b in boards):
        return []
    found = []
    for board in boards:
        wall = board.wall if board is not None else None
        found.append(WallDraft(wall.side, list(wall.rows)) if wall is not None else WallDraft())
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

    def apply_to(self, draft: SheetDraft) -> None:
        if not 0 <= self.player < len(draft.walls):
            return
        wall = draft.walls[self.player]
        text = wall.rows[self.row]
        wall.rows[self.row] = text[: self.column] + self.colour + text[self.column + 1 :]
        wall.placed_in[self.row * SIZE + self.column] = 0 if self.colour == EMPTY else self.round


@dataclass(frozen=True)
class WallSideEdit:
    """The side of the board a player plays: ``coloured`` or ``grey``."""

    player: int
    side: Side

    def apply_to(self, draft: SheetDraft) -> None:
        if 0 <= self.player < len(draft.walls):
            draft.walls[self.player].side = self.side


@dataclass(frozen=True)
class WallClearEdit:
    """Every tile of a player's wall taken off: the lines are typed again."""

    player: int

    def apply_to(self, draft: SheetDraft) -> None:
        if 0 <= self.player < len(draft.walls):
            draft.walls[self.player] = WallDraft(draft.walls[self.player].side)


WallEdit = TileEdit | WallSideEdit | WallClearEdit


def tap(
    draft: SheetDraft, player: int, row: int, column: int, colour: str | None, round: int = 0
) -> TileEdit:
    """The edit a tap on a space makes (``row``, ``column`` from 0): a tile there is taken
    off; an empty space takes its printed colour on the coloured side, or ``colour`` (the
    one picked) on the grey side; ``round`` is the round it is placed in when the game is
    tracked. Raises the core's ``EntryError`` when that tile may not
    go there, or "board.pick_colour" when the grey side has no colour picked."""
    wall = draft.walls[player]
    if wall.rows[row][column] != EMPTY:
        return TileEdit(player, row, column, EMPTY)
    if wall.side == "coloured":
        colour = PATTERN[row][column]
    elif colour is None:
        raise EntryError("board.pick_colour")
    Wall.read(wall.rows, wall.side).check_place(row, column, colour)
    return TileEdit(player, row, column, colour, round)


def side_edit(draft: SheetDraft, player: int, side: Side) -> WallSideEdit:
    """The edit turning a player's board to ``side``; raises the core's ``EntryError``
    when a tile already on the wall could not be there on that side."""
    Wall.read(draft.walls[player].rows, side)
    return WallSideEdit(player, side)


def wall_lines(
    draft: SheetDraft, names: list[str], problems: dict[tuple[str, int, str], ScorepadError]
) -> list[dict[str, int]]:
    """Per player, the lines their wall fills (none while it holds no tile). A wall that
    is not legal fills nothing: its problem is noted on the rows line, naming the player."""
    found: list[dict[str, int]] = []
    for index, wall in enumerate(draft.walls):
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


def from_wall(draft: SheetDraft, key: str, player: int) -> bool:
    """The cell of line ``key`` for ``player`` is filled from the wall, not typed."""
    return key in WALL_LINES and player < len(draft.walls) and draft.walls[player].filled
