"""A game's facts go through the history as the file has them: a custom game with a weight
of four decimals is saved, exported and read back exactly, and a play of a built-in game
with facts is kept with its game (whose copy holds the weight)."""

from __future__ import annotations

import json
from decimal import Decimal

from scorepad.core import PlayerSheet, load_template

FACTS = {
    "id": "facts-game",
    "name": {"en": "Facts game"},
    "players": {"min": 2, "max": 4},
    "players_best": [3],
    "minutes": [30, 45],
    "weight": Decimal("2.4575"),
    "lines": [{"key": "gold", "kind": "count", "per": 2, "label": {"en": "Gold"}}],
}


def test_a_custom_game_keeps_its_facts_exactly(store):
    store.create_game(FACTS)
    assert store.template("facts-game").facts.weight == Decimal("2.4575")
    text = store.export_game("facts-game")
    assert '"weight": 2.4575' in text
    again = load_template(text, "facts-game.json")
    assert again.facts == store.template("facts-game").facts
    assert json.loads(text, parse_float=Decimal)["weight"] == Decimal("2.4575")


def test_a_play_of_a_game_with_facts_is_saved(store):
    azul = store.template("azul")
    assert azul.facts.weight == Decimal("1.7605")
    play = store.save_play(azul, None, [PlayerSheet("Fia"), PlayerSheet("Gus")])
    assert store.get_play(play).summary.game == "azul"
