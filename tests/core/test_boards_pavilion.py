"""The Summer Pavilion board (scorepad.core.boards.pavilion): complete stars and the
"all spaces of number N covered" bonuses, on the coloured side and on a layout given as
data (the variant side, where the player chooses each star's colour)."""

from __future__ import annotations

import pytest

from scorepad.core import PlayerSheet, builtin_games, score
from scorepad.core.boards.pavilion import COLOURED, VARIANT, Pavilion, layout
from scorepad.core.errors import EntryError

FULL = ["XXXXXX"] * 7
NONE = ["......"] * 7


def test_the_coloured_side_is_seven_stars_numbered_1_to_6():
    assert [s.colour for s in COLOURED.stars] == [
        "multicolour", "red", "blue", "yellow", "orange", "green", "purple"
    ]  # fmt: skip
    assert all(sorted(s.numbers) == [1, 2, 3, 4, 5, 6] for s in COLOURED.stars)
    assert [COLOURED.spaces_numbered(n) for n in range(1, 7)] == [7] * 6


def test_the_lines_are_the_sheets_keys():
    game = builtin_games()["azul-summer-pavilion"]
    keys = {line.key for line in game.lines} - {"marker", "tiles_left"}
    assert set(Pavilion.read(COLOURED, NONE).lines()) == keys


def test_an_empty_pavilion_fills_nothing_a_full_one_everything():
    empty = Pavilion.read(COLOURED, NONE)
    assert not any(empty.lines().values())
    full = Pavilion.read(COLOURED, FULL)
    assert all(full.lines().values())
    game = builtin_games()["azul-summer-pavilion"]
    scored = score(game, None, [PlayerSheet("Ana", full.lines()), PlayerSheet("Ben")])
    # stars 12 + 14 + 15 + 16 + 17 + 18 + 20, numbers 4 + 8 + 12 + 16 (the rulebook's)
    assert scored.players[0].total == 112 + 40


def test_complete_stars_by_colour():
    covered = ["XXXXXX", "XXXXX.", "XXXXXX", *["......"] * 4]
    pavilion = Pavilion.read(COLOURED, covered)
    assert pavilion.complete_stars() == (0, 2)
    lines = pavilion.lines()
    assert lines["star_multicolour"] and lines["star_blue"] and not lines["star_red"]


def test_all_spaces_of_a_number():
    # spaces listed 1 to 6 on the coloured side: the first of every star is its 1
    ones = ["X....."] * 7
    pavilion = Pavilion.read(COLOURED, ones)
    assert [pavilion.all_covered(n) for n in range(1, 7)] == [True] + [False] * 5
    assert pavilion.lines()["all_1s"] and not pavilion.lines()["all_2s"]
    one_missing = ["X....."] * 6 + ["......"]
    assert not Pavilion.read(COLOURED, one_missing).all_covered(1)
    assert not Pavilion.read(COLOURED, ["XXX..."] * 7).all_covered(4)
    assert Pavilion.read(COLOURED, ["XXXX.."] * 7).all_covered(4)


def test_a_layout_as_data_with_stars_the_player_colours():
    # a variant-like side: numbers in another order, no printed colours
    board = layout([(None, (3, 1, 4, 1, 5, 2))] * 7)
    covered = ["XXXXXX", "XXXXXX", "XXXXXX", ".X.X..", ".X.X..", ".X.X..", ".X.X.."]
    chosen = ["red", "red", "multicolour", None, None, None, None]
    pavilion = Pavilion.read(board, covered, chosen)
    assert pavilion.stars_by_colour()["red"] == 2
    lines = pavilion.lines(counts=True)
    assert lines["star_red"] == 2 and lines["star_multicolour"] == 1 and lines["star_blue"] == 0
    assert lines["all_1s"] is True  # the 1s are spaces 2 and 4 of every star
    assert lines["all_2s"] is False and lines["all_4s"] is False
    assert board.spaces_numbered(6) == 0
    assert not pavilion.all_covered(6)  # no space shows a 6: no bonus for it
    uncoloured = Pavilion.read(board, FULL)  # complete, but no colour chosen: no star line
    assert not any(uncoloured.stars_by_colour().values())


@pytest.mark.parametrize(
    ("covered", "chosen", "message"),
    [
        (["XXXXXX"] * 6, None, "is not a pavilion: 7 stars"),
        (["XXXXX", *["......"] * 6], None, 'star 1, "XXXXX", is not six characters'),
        (["XXOXXX", *["......"] * 6], None, 'star 1, space 3: "O" is neither X'),
        (NONE, ["red"] * 6, "is not one colour per star (7 stars)"),
        (NONE, [None, "blue", *[None] * 5], 'star 2: "blue" is not its colour'),
        (NONE, [None, "pink", *[None] * 5], 'star 2: "pink" is not its colour'),
    ],
)
def test_a_bad_pavilion_is_refused(covered, chosen, message):
    with pytest.raises(EntryError) as refused:
        Pavilion.read(COLOURED, covered, chosen)
    assert message in str(refused.value)


def test_a_bad_layout_is_refused():
    with pytest.raises(EntryError, match='star 2: "pink" is not a star colour'):
        layout([("red", (1, 2, 3, 4, 5, 6)), ("pink", (1, 2, 3, 4, 5, 6))])
    with pytest.raises(EntryError, match=r"star 1: .* is not six spaces numbered 1 to 6"):
        layout([("red", (1, 2, 3, 4, 5, 7))])
    with pytest.raises(EntryError, match=r"star 1: .* is not six spaces"):
        layout([(None, (1, 2, 3))])
    board = layout([(None, (1, 1, 1, 1, 1, 1))])
    with pytest.raises(EntryError, match='star 1: "pink" is not a star colour'):
        Pavilion.read(board, ["XXXXXX"], ["pink"])


def test_the_variant_side_has_a_centre_of_3s_and_outer_stars_numbered_1_to_6():
    assert all(star.colour is None for star in VARIANT.stars)
    assert VARIANT.stars[0].numbers == (3,) * 6
    assert all(sorted(s.numbers) == [1, 2, 3, 4, 5, 6] for s in VARIANT.stars[1:])
    assert [VARIANT.spaces_numbered(n) for n in range(1, 7)] == [6, 6, 12, 6, 6, 6]
    # the outer stars' 3s all covered but not the centre's: no bonus for the 3s
    outer = ["......", *["X....."] * 6]
    assert not Pavilion.read(VARIANT, outer).all_covered(3)
    assert Pavilion.read(VARIANT, ["XXXXXX", *["X....."] * 6]).all_covered(3)
    # two complete stars, both made green, and the 1s (third space of each outer star)
    covered = ["......", "XXXXXX", "XXXXXX", *["..X..."] * 4]
    chosen = [None, "green", "green", None, None, None, None]
    lines = Pavilion.read(VARIANT, covered, chosen).lines(counts=True)
    assert lines["star_green"] == 2 and lines["all_1s"] is True and lines["all_2s"] is False
