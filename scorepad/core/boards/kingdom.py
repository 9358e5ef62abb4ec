"""The Kingdomino kingdom: a 5 × 5 grid of squares (7 × 7 in the two-player Mighty Duel),
each empty, the castle, or a terrain with its crowns.

The rulebook (Blue Orange, 2016; docs/rules.md, "Kingdomino"), which this module follows:

- a kingdom is built in a 5 × 5 grid (the Mighty Duel: 7 × 7) from the starting tile
  with the castle (one square) and dominoes of two squares, each domino joined to the
  starting tile or to another domino;
- a property is a group of squares of one landscape joined horizontally or vertically;
  it scores its squares times the crowns on it (nothing without a crown), and a kingdom
  scores the sum of its properties;
- ties: the most extended property (crowns or not), then the most crowns;
- the Middle Kingdom: 10 points with the castle in the centre; Harmony: 5 points for a
  complete kingdom (no discarded domino: every square filled).

A kingdom is written one string per row, top row first, its squares separated by
spaces: ``.`` empty, ``C`` the castle, a terrain's letter (``W`` wheat field, ``F``
forest, ``L`` lake, ``G`` grassland, ``S`` swamp, ``M`` mine) followed by its crowns
(``W``, ``W0`` none, ``M2`` two). ``Kingdom.read`` refuses a kingdom that cannot be;
``Kingdom.problems`` names every reason at once, for a kingdom being filled in.

The rulebook's text refers to the back of the rules for the crowns on each square and
does not list the dominoes, so neither the crowns a square may show nor the crowns of
each terrain in the box is checked: a square's crowns are one digit as written.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from scorepad.core.errors import EntryError, quote

SIZE = 5
DUEL_SIZE = 7
"""The Mighty Duel's grid (two players, every domino)."""
SIZES = (SIZE, DUEL_SIZE)
EMPTY = "."
CASTLE = "C"
TERRAINS = "WFLGSM"
"""Wheat field, forest, lake, grassland, swamp, mine: the letters a kingdom is written with."""
TERRAIN_NAMES = {
    "W": "wheat",
    "F": "forest",
    "L": "lake",
    "G": "grassland",
    "S": "swamp",
    "M": "mine",
}
"""Each terrain's name, as message keys name it (``app.terrain_wheat``)."""
MIDDLE_KINGDOM = 10
HARMONY = 5
"""The additional rules' points (the game file's lines carry them: these name them)."""
_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


class Square(NamedTuple):
    """A square of the kingdom: the castle, or a terrain with its crowns."""

    terrain: str
    """``C`` the castle, else one of ``TERRAINS``."""
    crowns: int = 0

    @property
    def text(self) -> str:
        """The square as written: ``C``, ``W``, ``M2``."""
        if self.terrain == CASTLE or not self.crowns:
            return self.terrain
        return f"{self.terrain}{self.crowns}"


class Property(NamedTuple):
    """A group of squares of one terrain joined side by side."""

    terrain: str
    squares: tuple[tuple[int, int], ...]
    """(row, column) of each, from 0, in reading order."""
    crowns: int

    @property
    def points(self) -> int:
        return len(self.squares) * self.crowns


def read_square(raw: str) -> Square | None:
    """A square as written (``.``, ``C``, ``W``, ``F1``; any case), or an
    ``EntryError`` quoting it."""
    text = raw.upper()
    if text == EMPTY:
        return None
    if text == CASTLE:
        return Square(CASTLE)
    if 1 <= len(text) <= 2 and text[0] in TERRAINS and (len(text) == 1 or text[1].isdigit()):
        return Square(text[0], int(text[1]) if len(text) == 2 else 0)
    raise EntryError("board.kingdom_square_text", value=quote(raw))


class Kingdom(NamedTuple):
    """One player's kingdom: ``squares[row][column]``, None where empty."""

    squares: tuple[tuple[Square | None, ...], ...]

    @classmethod
    def empty(cls, size: int = SIZE) -> Kingdom:
        """A grid with nothing on it (not a kingdom yet: it has no castle)."""
        return cls(((None,) * size,) * size)

    @classmethod
    def parse(cls, raw: object) -> Kingdom:
        """A kingdom as written, checked for its shape and squares only (for one being
        filled in: ``problems`` says what else is wrong), or an ``EntryError`` naming the
        row, the column and the problem."""
        if not isinstance(raw, list | tuple) or len(raw) not in SIZES:
            raise EntryError("board.kingdom_shape", value=quote(raw))
        size = len(raw)
        rows = []
        for number, text in enumerate(raw, 1):
            marks = text.split() if isinstance(text, str) else None
            if marks is None or len(marks) != size:
                raise EntryError("board.kingdom_row", row=number, size=size, value=quote(text))
            row = []
            for column, mark in enumerate(marks, 1):
                try:
                    row.append(read_square(mark))
                except EntryError as problem:
                    raise EntryError(
                        "board.kingdom_where", row=number, column=column, problem=problem
                    ) from None
            rows.append(tuple(row))
        return cls(tuple(rows))

    @classmethod
    def read(cls, raw: object) -> Kingdom:
        """A kingdom as written, or an ``EntryError`` with its first problem (``problems``)."""
        kingdom = cls.parse(raw)
        found = kingdom.problems()
        if found:
            raise found[0]
        return kingdom

    @property
    def size(self) -> int:
        return len(self.squares)

    @property
    def rows(self) -> tuple[str, ...]:
        """The kingdom as written: one string per row."""
        return tuple(" ".join(EMPTY if s is None else s.text for s in row) for row in self.squares)

    def with_square(self, row: int, column: int, square: Square | None) -> Kingdom:
        """This kingdom with one square set (or emptied), both from 0; not checked."""
        rows = [list(r) for r in self.squares]
        rows[row][column] = square
        return Kingdom(tuple(tuple(r) for r in rows))

    def placed(self) -> Iterator[tuple[int, int, Square]]:
        """(row, column, square) of every square that is not empty, in reading order."""
        for r, row in enumerate(self.squares):
            for c, square in enumerate(row):
                if square is not None:
                    yield r, c, square

    def castle(self) -> tuple[int, int] | None:
        """Where the castle is (row, column from 0), None without one (or with several)."""
        found = [(r, c) for r, c, s in self.placed() if s.terrain == CASTLE]
        return found[0] if len(found) == 1 else None

    def problems(self) -> list[EntryError]:
        """Every reason this kingdom cannot be, one each, in this order: the castle (one,
        no more), squares not joined to the castle through other squares, and terrain
        squares that cannot be laid as dominoes of two squares side by side."""
        found: list[EntryError] = []
        castles = [(r, c) for r, c, s in self.placed() if s.terrain == CASTLE]
        if not castles:
            found.append(EntryError("board.kingdom_no_castle"))
        elif len(castles) > 1:
            found.append(EntryError("board.kingdom_castles", count=len(castles)))
        if len(castles) == 1:
            joined = self._joined(castles[0])
            apart = [(r, c) for r, c, _ in self.placed() if (r, c) not in joined]
            if apart:
                r, c = apart[0]
                found.append(
                    EntryError("board.kingdom_apart", row=r + 1, column=c + 1, count=len(apart))
                )
        terrain = [(r, c) for r, c, s in self.placed() if s.terrain != CASTLE]
        if not _dominoes(terrain):
            found.append(EntryError("board.kingdom_dominoes", count=len(terrain)))
        return found

    def _joined(self, start: tuple[int, int]) -> set[tuple[int, int]]:
        """The squares joined to ``start`` through squares that are not empty."""
        seen = {start}
        todo = [start]
        while todo:
            r, c = todo.pop()
            for dr, dc in _STEPS:
                near = (r + dr, c + dc)
                if near not in seen and self._at(near) is not None:
                    seen.add(near)
                    todo.append(near)
        return seen

    def _at(self, place: tuple[int, int]) -> Square | None:
        r, c = place
        if 0 <= r < self.size and 0 <= c < self.size:
            return self.squares[r][c]
        return None

    def properties(self) -> tuple[Property, ...]:
        """Each property (squares of one terrain joined side by side), in reading order
        of its first square."""
        seen: set[tuple[int, int]] = set()
        found = []
        for r, c, square in self.placed():
            if square.terrain == CASTLE or (r, c) in seen:
                continue
            group = [(r, c)]
            seen.add((r, c))
            todo = [(r, c)]
            while todo:
                at = todo.pop()
                for dr, dc in _STEPS:
                    near = (at[0] + dr, at[1] + dc)
                    other = self._at(near)
                    if near not in seen and other is not None and other.terrain == square.terrain:
                        seen.add(near)
                        group.append(near)
                        todo.append(near)
            group.sort()
            crowns = sum(s.crowns for gr, gc in group if (s := self.squares[gr][gc]) is not None)
            found.append(Property(square.terrain, tuple(group), crowns))
        return tuple(found)

    def score(self) -> int:
        """The properties' points: each one's squares times its crowns."""
        return sum(p.points for p in self.properties())

    def largest_property(self) -> int:
        """The squares of the most extended property, crowns or not: the first tie-breaker."""
        return max((len(p.squares) for p in self.properties()), default=0)

    def crowns(self) -> int:
        """Every crown in the kingdom: the second tie-breaker."""
        return sum(s.crowns for _, _, s in self.placed())

    def middle(self) -> bool:
        """The castle is in the centre of the grid (the Middle Kingdom)."""
        centre = self.size // 2
        return self.castle() == (centre, centre)

    def complete(self) -> bool:
        """Every square is filled: no domino was discarded (Harmony)."""
        return all(square is not None for row in self.squares for square in row)

    def lines(self) -> dict[str, int | bool]:
        """The Kingdomino sheet's lines this kingdom fills, by line key (the bonuses'
        lines are on the sheet only with their additional rule chosen)."""
        return {
            "properties": self.score(),
            "largest_property": self.largest_property(),
            "crowns": self.crowns(),
            "middle_kingdom": self.middle(),
            "harmony": self.complete(),
        }


def _dominoes(squares: Sequence[tuple[int, int]]) -> bool:
    """The squares can be cut into pairs side by side (a perfect matching of the grid's
    squares, found by augmenting paths: at most 48 squares)."""
    if len(squares) % 2:
        return False
    places = set(squares)
    light = [s for s in squares if (s[0] + s[1]) % 2 == 0]
    if len(light) * 2 != len(squares):
        return False
    partner: dict[tuple[int, int], tuple[int, int]] = {}

    def augment(square: tuple[int, int], tried: set[tuple[int, int]]) -> bool:
        for dr, dc in _STEPS:
            near = (square[0] + dr, square[1] + dc)
            if near not in places or near in tried:
                continue
            tried.add(near)
            if near not in partner or augment(partner[near], tried):
                partner[near] = square
                return True
        return False

    return all(augment(square, set()) for square in light)
