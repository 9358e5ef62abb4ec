"""Player colours: the palette, a game file's own colours (checked on load), and who gets
which colour at New play."""

from __future__ import annotations

import pytest

from scorepad.core import TemplateError, find_game, load_template
from scorepad.core.colours import PALETTE, ColourError, check_colour, game_colours, hand_out
from scorepad.core.i18n import tr

AZUL = find_game("azul")


def test_ticket_to_ride_hands_out_its_five_train_colours_and_azul_the_palette():
    assert game_colours(find_game("ticket-to-ride")) == ("blue", "red", "green", "yellow", "black")
    assert game_colours(AZUL) == tuple(PALETTE)


def test_every_colour_has_a_name_in_every_language():
    for colour in PALETTE:
        names = {tr(f"colour.{colour}", lang) for lang in ("en", "es", "fr", "de")}
        assert all(n and not n.startswith("colour.") for n in names), colour
    assert tr("colour.sky", "es") == "Celeste"


def test_each_player_gets_their_remembered_colour_when_free_and_the_first_free_otherwise():
    choices = ("blue", "red", "green", "yellow", "black")
    assert hand_out(3, choices) == ["blue", "red", "green"]
    assert hand_out(3, choices, [None, "green", "green"]) == ["blue", "green", "red"]
    assert hand_out(2, choices, ["white", None]) == ["blue", "red"]  # not one of this game's
    assert hand_out(7, choices)[5:] == [None, None]  # more players than colours


@pytest.mark.parametrize(
    ("colours", "words"),
    [
        (["blue", "mauve"], ('"mauve"', "player_colours[1]", "azul-colours.json")),
        (["blue", "blue"], ('"blue"', "twice", "player_colours[1]")),
        ([], ("player_colours",)),
        ("blue", ("player_colours", '"blue"')),
    ],
)
def test_a_bad_colour_list_in_a_game_file_is_refused_naming_the_entry(colours, words):
    with pytest.raises(TemplateError) as refused:
        load_template(
            {**AZUL.source, "id": "azul-colours", "player_colours": colours}, "azul-colours.json"
        )
    message = refused.value.message("en")
    assert all(w in message for w in words), message


def test_an_unknown_colour_names_the_place_and_the_choices():
    with pytest.raises(ColourError) as refused:
        check_colour("Rojo", "players[2].colour")
    message = refused.value.message("es")
    assert '"Rojo"' in message and "players[2].colour" in message and "blue" in message
    assert check_colour("red", "x") == "red"
