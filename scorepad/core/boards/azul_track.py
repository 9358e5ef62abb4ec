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

from scorepad.core.boards.azul_wall import EMPTY, SIZE, Side, Wall
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


def tile_points(filled: Sequence[object], row: int, column: int) -> int:
    """The points of the tile just placed at (``row``, ``column``), from 0, on ``filled``:
    the wall as a flat list of 25 spaces, top row first, the new tile already on it; a
    space holds a tile when its value is neither ``.`` nor falsy."""
    base = row * SIZE
    left = column
    while left > 0 and _held(filled[base + left - 1]):
        left -= 1
    right = column
    while right < SIZE - 1 and _held(filled[base + right + 1]):
        right += 1
    up = row
    while up > 0 and _held(filled[(up - 1) * SIZE + column]):
        up -= 1
    down = row
    while down < SIZE - 1 and _held(filled[(down + 1) * SIZE + column]):
        down += 1
    across = right - left + 1
    along = down - up + 1
    if across == 1 and along == 1:
        return 1
    return (across if across > 1 else 0) + (along if along > 1 else 0)


def _held(space: object) -> bool:
    return bool(space) and space != EMPTY


def play(rounds: Sequence[TrackedRound], side: Side = "coloured") -> TrackedGame:
    """Score a player's tracked rounds from an empty wall and a score of 0. Raises an
    ``EntryError`` ("round 3: …") for a move the rules do not allow: two tiles in one row
    in a round, a tile on a taken space or (coloured side) off its printed place, a colour
    twice in a row or (grey side) a column, a floor line past its 7 spaces."""
    wall = Wall.empty(side)
    filled: list[str] = [EMPTY] * (SIZE * SIZE)
    score = 0
    scored: list[RoundScore] = []
    for number, this in enumerate(rounds, 1):
        try:
            placed = sorted(this.placed)
            tiles: list[tuple[Tile, int]] = []
            gained = 0
            for i, tile in enumerate(placed):
                if i and placed[i - 1].row == tile.row:
                    raise EntryError("board.row_twice", row=tile.row + 1)
                wall = wall.with_tile(tile.row, tile.column, tile.colour)
                filled[tile.row * SIZE + tile.column] = tile.colour
                points = tile_points(filled, tile.row, tile.column)
                tiles.append((tile, points))
                gained += points
            if not 0 <= this.floor <= FLOOR_SPACES:
                raise EntryError("board.floor", value=this.floor)
        except EntryError as problem:
            raise EntryError("board.where_round", round=number, problem=problem) from None
        cost = FLOOR_TOTALS[this.floor]
        score = max(0, score + gained + cost)
        complete = any(EMPTY not in text for text in wall.rows)
        scored.append(RoundScore(tuple(tiles), gained, cost, score, complete))
    return TrackedGame(tuple(scored), wall)
