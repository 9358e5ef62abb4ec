"""An Azul game tracked round by round: each placed tile's points, the floor line, and the
score track ("marker") they add up to.

The rulebook's wall-tiling phase, which this module follows exactly:

- a player's complete pattern lines are gone through top to bottom, and each moves one
  tile to the wall (so at most one tile per row in a round), scoring at once: 1 point when
  no tile is directly next to it; otherwise the tiles horizontally linked to it (itself
  included) when there are any, plus the tiles vertically linked to it (itself included)
  when there are any;
- then the floor line: its 7 spaces cost −1 −1 −2 −2 −2 −3 −3 (the first-player marker
  fills a space like a tile; further tiles go to the box and cost nothing), and the score
  never drops below 0;
- the game ends after the round in which a player completes a horizontal row.

Since tiles in a round are scored in row order, the order a player lists them in does not
matter. End-of-game bonuses are the wall's (``azul_wall.Wall.lines``), not this module's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from scorepad.core.boards.azul_wall import EMPTY, PATTERN, SIZE, Side, Wall
from scorepad.core.errors import EntryError

FLOOR = (-1, -1, -2, -2, -2, -3, -3)
"""What each space of the floor line costs, left to right."""
FLOOR_SPACES = len(FLOOR)
FLOOR_TOTALS = tuple(sum(FLOOR[:n]) for n in range(FLOOR_SPACES + 1))
"""The cost of 0 … 7 filled spaces: 0, −1, −2, −4, −6, −8, −11, −14."""


class Tile(NamedTuple):
    """A tile moved to the wall: its row and column (from 0) and its colour letter."""

    row: int
    column: int
    colour: str


class TrackedRound(NamedTuple):
    """What one player did in one round: the tiles moved to the wall (any order) and how
    many floor-line spaces were filled (the first-player marker counts)."""

    placed: tuple[Tile, ...] = ()
    floor: int = 0


class RoundScore(NamedTuple):
    """One player's round, scored: "round 3: +7, floor −2"."""

    tiles: tuple[tuple[Tile, int], ...]
    """Each tile placed, in the order it was scored (top row first), with its points."""
    gained: int
    """The tiles' points."""
    floor: int
    """The floor line's cost, 0 or less."""
    score: int
    """The score track after the round (never below 0)."""
    completes_row: bool
    """A horizontal row of the wall is complete after this round: the game ends."""


class TrackedGame(NamedTuple):
    rounds: tuple[RoundScore, ...]
    wall: Wall
    """The wall after the last round."""

    @property
    def marker(self) -> int:
        """The score track after the last round: the Azul sheet's marker line."""
        return self.rounds[-1].score if self.rounds else 0

    @property
    def row_completed_in(self) -> int | None:
        """The first round (from 1) after which a row of the wall is complete, if any."""
        return next((n for n, r in enumerate(self.rounds, 1) if r.completes_row), None)


def floor_cost(spaces: int) -> int:
    """What ``spaces`` filled spaces of the floor line cost (0 … 7), 0 or less."""
    return FLOOR_TOTALS[spaces]


def tile_points(filled: Sequence[str], row: int, column: int) -> int:
    """The points of the tile just placed at (``row``, ``column``), from 0, on ``filled``:
    the wall as 25 spaces, top row first (a list of letters or a string), ``.`` for an
    empty space, the new tile already on it."""
    base = row * SIZE
    left = column
    while left > 0 and filled[base + left - 1] != EMPTY:
        left -= 1
    right = column
    while right < SIZE - 1 and filled[base + right + 1] != EMPTY:
        right += 1
    up = row
    while up > 0 and filled[(up - 1) * SIZE + column] != EMPTY:
        up -= 1
    down = row
    while down < SIZE - 1 and filled[(down + 1) * SIZE + column] != EMPTY:
        down += 1
    across = right - left + 1
    along = down - up + 1
    if across == 1 and along == 1:
        return 1
    return (across if across > 1 else 0) + (along if along > 1 else 0)


def play(rounds: Sequence[TrackedRound], side: Side = "coloured") -> TrackedGame:
    """Score a player's tracked rounds from an empty wall and a score of 0. Raises an
    ``EntryError`` ("round 3: …") for a move the rules do not allow: two tiles in one row
    in a round, a tile on a taken space or (coloured side) off its printed place, a colour
    twice in a row or (grey side) a column, a floor line past its 7 spaces.

    The wall is kept as a flat list of 25 spaces with the colours already in each row and
    column; ``Wall.check_place`` is asked only to word a refusal (same rules)."""
    coloured = side == "coloured"
    filled: list[str] = [EMPTY] * (SIZE * SIZE)
    in_row: list[set[str]] = [set() for _ in range(SIZE)]
    in_column: list[set[str]] = [set() for _ in range(SIZE)]
    score = 0
    complete = False
    scored: list[RoundScore] = []
    for number, this in enumerate(rounds, 1):
        placed = sorted(this.placed) if len(this.placed) > 1 else this.placed
        tiles: list[tuple[Tile, int]] = []
        gained = 0
        previous = -1
        for tile in placed:
            row, column, colour = tile
            at = row * SIZE + column
            if (
                row == previous
                or filled[at] != EMPTY
                or (PATTERN[row][column] != colour if coloured else colour in in_row[row])
                or colour in in_column[column]
            ):
                _refuse(number, side, filled, tile, previous)
            previous = row
            filled[at] = colour
            in_row[row].add(colour)
            in_column[column].add(colour)
            points = tile_points(filled, row, column)
            tiles.append((tile, points))
            gained += points
            if len(in_row[row]) == SIZE:
                complete = True
        if not 0 <= this.floor <= FLOOR_SPACES:
            problem = EntryError("board.floor", value=this.floor)
            raise EntryError("board.where_round", round=number, problem=problem)
        cost = FLOOR_TOTALS[this.floor]
        score = max(0, score + gained + cost)
        scored.append(RoundScore(tuple(tiles), gained, cost, score, complete))
    rows = tuple("".join(filled[r * SIZE : r * SIZE + SIZE]) for r in range(SIZE))
    return TrackedGame(tuple(scored), Wall(side, rows))


def _refuse(number: int, side: Side, filled: list[str], tile: Tile, previous: int) -> None:
    """Raise the EntryError saying why ``tile`` may not go on the wall in round
    ``number``."""
    try:
        if tile.row == previous:
            raise EntryError("board.row_twice", row=tile.row + 1)
        rows = tuple("".join(filled[r * SIZE : r * SIZE + SIZE]) for r in range(SIZE))
        Wall(side, rows).check_place(tile.row, tile.column, tile.colour)
    except EntryError as problem:
        raise EntryError("board.where_round", round=number, problem=problem) from None
    raise AssertionError(tile)  # pragma: no cover: check_place refuses what play refuses
