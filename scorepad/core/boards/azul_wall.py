"""The Azul wall: five rows of five spaces, each empty or holding a tile of one colour.

A wall is written as in sheet files (docs/sheet-files.md): five strings of five letters,
top row first, ``B`` blue, ``Y`` yellow, ``R`` red, ``K`` black, ``W`` white, ``.`` empty.
Every wall this module hands out is legal for its side:

- the coloured side: each colour has one printed place in each row (the pattern below,
  each row the one above shifted one space to the right), and a tile goes only there;
- the grey side (the rulebook's variant): a tile may go on any space of its row, but no
  colour appears twice in a row, nor twice in a column.

From a wall come the end-of-game lines of the Azul sheet: complete horizontal rows
(also the tie-breaker), complete vertical columns, and colours with all 5 tiles.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from scorepad.core.errors import EntryError, quote

SIZE = 5
EMPTY = "."
COLOURS = "BYRKW"
"""Blue, yellow, red, black (K, as in print), white: the letters a wall is written with."""
PATTERN = ("BYRKW", "WBYRK", "KWBYR", "RKWBY", "YRKWB")
"""The coloured side's printed wall, top row first (the rulebook's board)."""
Side = Literal["coloured", "grey"]
SIDES: dict[str, Side] = {
    "coloured": "coloured",
    "colored": "coloured",
    "grey": "grey",
    "gray": "grey",
}
"""The names a sheet file may give a side (British and American spellings alike)."""


def pattern_column(row: int, colour: str) -> int:
    """Where ``colour`` is printed in ``row`` (both from 0) on the coloured side."""
    return (row + COLOURS.index(colour)) % SIZE


def read_side(raw: object) -> Side:
    """A side's name as a sheet file gives it; ``None`` is the coloured side."""
    if raw is None:
        return "coloured"
    side = SIDES.get(raw.strip().casefold()) if isinstance(raw, str) else None
    if side is None:
        raise EntryError("board.side", value=quote(raw))
    return side


class Wall(NamedTuple):
    """A legal wall: ``rows`` as written (five strings of five letters or dots)."""

    side: Side
    rows: tuple[str, ...]

    @classmethod
    def empty(cls, side: Side = "coloured") -> Wall:
        return cls(side, (EMPTY * SIZE,) * SIZE)

    @classmethod
    def read(cls, raw: object, side: Side = "coloured") -> Wall:
        """A wall as a sheet file gives it, or an ``EntryError`` naming the row, the column
        and the problem. Lower-case letters are read as capitals."""
        if not isinstance(raw, list | tuple) or len(raw) != SIZE:
            raise EntryError("board.wall_shape", value=quote(raw))
        rows: list[str] = []
        for number, text in enumerate(raw, 1):
            if not isinstance(text, str) or len(text) != SIZE:
                raise EntryError("board.wall_row", row=number, value=quote(text))
            text = text.upper()
            for column, letter in enumerate(text, 1):
                if letter != EMPTY and letter not in COLOURS:
                    raise EntryError(
                        "board.wall_letter", row=number, column=column, value=quote(letter)
                    )
            rows.append(text)
        wall = cls.empty(side)  # filled tile by tile: a problem names the later tile
        for row, text in enumerate(rows):
            for column, letter in enumerate(text):
                if letter != EMPTY:
                    wall = wall.with_tile(row, column, letter)
        return wall

    def check_place(self, row: int, column: int, colour: str) -> None:
        """An ``EntryError`` unless a tile of ``colour`` may go at (``row``, ``column``),
        both from 0: an empty space; on the coloured side, its printed place; on the grey
        side, no tile of that colour yet in the row or the column."""
        line = self.rows[row]
        if line[column] == EMPTY and (
            PATTERN[row][column] == colour
            if self.side == "coloured"
            else colour not in line and all(text[column] != colour for text in self.rows)
        ):
            return
        where = {"row": row + 1, "column": column + 1, "colour": colour}
        if self.side == "coloured" and PATTERN[row][column] != colour:
            expected = pattern_column(row, colour)
            raise EntryError("board.wall_place", **where, expected=expected + 1)
        if line[column] != EMPTY:
            raise EntryError("board.wall_taken", **where)
        if colour in line:
            raise EntryError("board.wall_row_twice", **where)
        raise EntryError("board.wall_column_twice", **where)

    def with_tile(self, row: int, column: int, colour: str) -> Wall:
        """This wall with one more tile, checked (``check_place``)."""
        self.check_place(row, column, colour)
        rows = list(self.rows)
        text = rows[row]
        rows[row] = text[:column] + colour + text[column + 1 :]
        return Wall(self.side, tuple(rows))

    @property
    def complete_rows(self) -> int:
        """Complete horizontal rows: the sheet's rows line, and Azul's tie-breaker."""
        return sum(1 for text in self.rows if EMPTY not in text)

    @property
    def complete_columns(self) -> int:
        return sum(1 for column in range(SIZE) if all(text[column] != EMPTY for text in self.rows))

    @property
    def complete_colours(self) -> int:
        """Colours with all 5 tiles on the wall (a legal wall holds at most 5 of each)."""
        joined = "".join(self.rows)
        return sum(1 for colour in COLOURS if joined.count(colour) == SIZE)

    @property
    def tiles(self) -> int:
        return sum(SIZE - text.count(EMPTY) for text in self.rows)

    def lines(self) -> dict[str, int]:
        """The Azul sheet's lines this wall fills, by line key."""
        return {
            "rows": self.complete_rows,
            "columns": self.complete_columns,
            "colours": self.complete_colours,
        }

    def grid(self) -> list[list[str]]:
        """The wall as a plain 5×5 list of letters (``.`` empty), top row first."""
        return [list(text) for text in self.rows]


def wall_from_tiles(tiles: Sequence[tuple[int, int, str]], side: Side = "coloured") -> Wall:
    """A wall holding ``tiles`` (row, column, colour; rows and columns from 0), checked."""
    wall = Wall.empty(side)
    for row, column, colour in tiles:
        wall = wall.with_tile(row, column, colour)
    return wall
