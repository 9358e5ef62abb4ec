"""The Azul wall (scorepad.core.boards.azul_wall): the coloured side's printed pattern, the
grey side's rule (each colour once per row and per column), and the end-of-game lines a
wall fills (complete rows, columns, colours), checked against the rulebook's bonuses."""

from __future__ import annotations

import pytest

from scorepad.core.boards.azul_wall import COLOURS, PATTERN, Wall, pattern_column, read_side
from scorepad.core.errors import EntryError

FULL_COLOURED = list(PATTERN)
EMPTY = [".....", ".....", ".....", ".....", "....."]


def test_the_coloured_pattern_is_the_rulebooks_board():
    # the printed wall: blue, yellow, red, black, white on top, each row shifted one right
    assert PATTERN == ("BYRKW", "WBYRK", "KWBYR", "RKWBY", "YRKWB")
    for row, text in enumerate(PATTERN):
        assert sorted(text) == sorted(COLOURS)
        for column, colour in enumerate(text):
            assert pattern_column(row, colour) == column
    for column in range(5):  # each colour once in every column too
        assert sorted(text[column] for text in PATTERN) == sorted(COLOURS)


def test_an_empty_wall_fills_nothing():
    wall = Wall.read(EMPTY)
    assert wall.lines() == {"rows": 0, "columns": 0, "colours": 0}
    assert wall.tiles == 0


def test_a_full_wall_is_five_of_everything_worth_95():
    for side in ("coloured", "grey"):
        wall = Wall.read(FULL_COLOURED, side)
        assert wall.lines() == {"rows": 5, "columns": 5, "colours": 5}
        assert 2 * 5 + 7 * 5 + 10 * 5 == 95


def test_rows_columns_and_colours_are_counted_apart():
    wall = Wall.read(["BYRKW", "WB...", "KW...", "R....", "Y...."])
    # row 1 complete; column 1 complete (B W K R Y); white: row 1, 2, 3 only
    assert wall.lines() == {"rows": 1, "columns": 1, "colours": 0}
    assert wall.complete_rows == 1  # Azul's tie-breaker
    wall = Wall.read(["B....", ".B...", "..B..", "...B.", "....B"])
    assert wall.lines() == {"rows": 0, "columns": 0, "colours": 1}
    wall = Wall.read(["BYRKW", "WBYRK", ".....", ".....", "....."])
    assert wall.lines() == {"rows": 2, "columns": 0, "colours": 0}


def test_the_grey_side_takes_any_latin_arrangement():
    latin = ["BYRKW", "YRKWB", "RKWBY", "KWBYR", "WBYRK"]
    wall = Wall.read(latin, "grey")
    assert wall.lines() == {"rows": 5, "columns": 5, "colours": 5}
    with pytest.raises(EntryError) as refused:
        Wall.read(latin, "coloured")
    assert str(refused.value) == (
        "row 2, column 1: on the coloured side, Y goes in column 3 of this row"
    )


def test_lower_case_letters_are_read_as_capitals():
    assert Wall.read(["byrkw", ".....", ".....", ".....", "....."]).rows[0] == "BYRKW"


@pytest.mark.parametrize(
    ("rows", "side", "message"),
    [
        (["BYRKW"] * 4, "coloured", "is not a wall: five rows of five letters"),
        ("BYRKW" * 5, "coloured", "is not a wall"),
        (["BYRK", *EMPTY[1:]], "coloured", 'row 1, "BYRK", is not five letters'),
        (["BYRKWB", *EMPTY[1:]], "coloured", 'row 1, "BYRKWB", is not five letters'),
        ([".....", 12345, *EMPTY[2:]], "coloured", "row 2, 12345, is not five letters"),
        (["BYRKG", *EMPTY[1:]], "coloured", 'row 1, column 5: "G" is not a colour'),
        (["BYR-W", *EMPTY[1:]], "coloured", 'row 1, column 4: "-" is not a colour'),
        (
            ["..B..", *EMPTY[1:]],
            "coloured",
            "row 1, column 3: on the coloured side, B goes in column 1 of this row",
        ),
        (
            ["B..B.", *EMPTY[1:]],
            "grey",
            "row 1, column 4: a second B in this row (each colour goes once in a row)",
        ),
        (
            [".Y...", ".Y...", *EMPTY[2:]],
            "grey",
            "row 2, column 2: a second Y in this column (each colour goes once in a column)",
        ),
    ],
)
def test_a_bad_wall_is_refused_naming_the_place(rows, side, message):
    with pytest.raises(EntryError) as refused:
        Wall.read(rows, side)
    assert message in str(refused.value)


def test_a_placed_tile_is_checked_against_the_wall():
    wall = Wall.read(["B....", *EMPTY[1:]], "grey")
    with pytest.raises(EntryError, match="already holds a tile"):
        wall.with_tile(0, 0, "Y")
    assert wall.with_tile(0, 1, "Y").rows[0] == "BY..."
    assert wall.rows[0] == "B...."  # a wall is a value: placing makes a new one


@pytest.mark.parametrize(
    ("given", "side"),
    [
        (None, "coloured"),
        ("coloured", "coloured"),
        ("colored", "coloured"),
        ("Grey", "grey"),
        ("gray", "grey"),
    ],
)
def test_sides_by_name(given, side):
    assert read_side(given) == side


def test_an_unknown_side_is_refused():
    with pytest.raises(EntryError, match='"blue" is not a side of the wall'):
        read_side("blue")
