"""A sheet file's Summer Pavilion ``"pavilion"`` (with ``"star_colours"`` on the variant
side) and Sintra side B's ``"palace"``: read by the core, filling their lines, and refused
with one line naming the player where they do not belong or disagree with a typed line."""

from __future__ import annotations

import json

import pytest

from scorepad.core.errors import SheetError
from scorepad.core.sheetfile import read_sheet

STARS = ["XXXXXX", "XXXXXX", "X.....", "X.....", "X.....", "X.....", "X....."]
WINDOWS = ["XC", "CX", "XC", "X.", "C.", "..", "..", ".."]


def sheet(game: str, variant: str | None, ana: dict[str, object]) -> str:
    players = [{"name": "Ana", "lines": {"marker": 40}, **ana}, {"name": "Ben"}]
    return json.dumps({"game": game, "variant": variant, "players": players})


def test_a_pavilion_fills_the_star_and_number_lines():
    given = read_sheet(sheet("azul-summer-pavilion", None, {"pavilion": STARS}), "s.json")
    lines = given.players[0].lines
    assert (lines["star_multicolour"], lines["star_red"], lines["star_blue"]) == (
        True,
        True,
        False,
    )
    assert (lines["all_1s"], lines["all_2s"]) == (True, False)
    assert given.score().players[0].total == 40 + 12 + 14 + 4
    assert given.boards[0].fields == {"pavilion": STARS}


def test_the_variant_side_counts_stars_by_the_colours_given():
    colours = ["green", "green", None, None, None, None, None]
    ana = {"pavilion": ["XXXXXX", "xxxxxx", *["......"] * 5], "star_colours": colours}
    given = read_sheet(sheet("azul-summer-pavilion", "B", ana), "s.json")
    assert given.players[0].lines["star_green"] == 2
    assert given.boards[0].fields["star_colours"] == colours


def test_null_fields_are_no_board():
    ana = {"pavilion": None, "star_colours": None, "palace": None, "lines": {"star_red": True}}
    given = read_sheet(sheet("azul-summer-pavilion", None, ana), "s.json")
    assert given.boards == (None, None) and given.players[0].lines["star_red"] is True


def test_a_palace_fills_side_bs_windows():
    given = read_sheet(sheet("azul-sintra", "B", {"palace": WINDOWS}), "s.json")
    assert given.players[0].lines["windows"] == [3, 4]
    assert given.score().players[0].total == 40 + 12


@pytest.mark.parametrize(
    ("game", "variant", "ana", "said"),
    [
        (
            "azul",
            None,
            {"pavilion": STARS},
            'Ana: "pavilion" and "star_colours" go only on a Summer Pavilion sheet',
        ),
        ("azul-sintra", "A", {"palace": WINDOWS}, 'Ana: "palace" goes only on side B'),
        (
            "azul-summer-pavilion",
            None,
            {"palace": WINDOWS},
            'Ana: "palace" goes only on a Stained Glass of Sintra sheet',
        ),
        (
            "azul-summer-pavilion",
            "B",
            {"star_colours": ["red"] * 7},
            'Ana: "star_colours" is given without "pavilion"',
        ),
        (
            "azul-summer-pavilion",
            "B",
            {"pavilion": STARS},
            "Ana, pavilion: star 1 is complete: give it the colour it was built in",
        ),
        (
            "azul-summer-pavilion",
            None,
            {"pavilion": STARS[:6]},
            "Ana, pavilion: ",
        ),
        (
            "azul-summer-pavilion",
            None,
            {"pavilion": STARS, "lines": {"star_red": False}},
            'Ana, line "star_red" (Red star complete): false is typed, but the pavilion gives true',
        ),
        (
            "azul-sintra",
            "B",
            {"palace": WINDOWS, "lines": {"windows": [3, 5]}},
            'Ana, line "windows" (Windows): [3, 5] is typed, but the palace gives [3, 4]',
        ),
        (
            "azul-sintra",
            "B",
            {"palace": ["XX", "XQ", *WINDOWS[2:]]},
            "Ana, palace: window 2",
        ),
    ],
)
def test_a_board_out_of_place_or_disagreeing_is_refused(game, variant, ana, said):
    with pytest.raises(SheetError) as refused:
        read_sheet(sheet(game, variant, ana), "s.json")
    assert refused.value.message("en").startswith(said)
