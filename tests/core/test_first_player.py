"""Who starts: a game file's rule sentence, checked on load, and the random pick."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import pairwise
from pathlib import Path

import pytest

from scorepad.core import TemplateError, find_game, load_template
from scorepad.core.combined import with_modules
from scorepad.core.first_player import FLICKS, first_player_rule, flicks

AZUL = find_game("azul")
RULE = {"en": "The youngest player starts.", "es": "Empieza el jugador más joven."}


def with_rule(rule: object) -> dict:
    return {**AZUL.source, "id": "azul-rule", "first_player": rule}


def test_the_rule_is_read_in_the_readers_language_with_english_for_the_others():
    game = load_template(with_rule(RULE), "azul-rule.json")
    assert first_player_rule(game, "es") == "Empieza el jugador más joven."
    assert first_player_rule(game, "de") == "The youngest player starts."
    assert first_player_rule(find_game("glass-road"), "en") is None


def test_the_built_in_games_with_a_rule_say_the_rulebooks_words():
    assert first_player_rule(AZUL, "en") == (
        "The player who most recently visited Portugal takes the starting player marker."
    )
    pavilion = find_game("azul-summer-pavilion")
    assert first_player_rule(pavilion, "de") == "Der jüngste Spieler beginnt."
    assert first_player_rule(pavilion, "en") == "The youngest player begins."


def test_a_game_with_modules_chosen_keeps_its_rule():
    dice = json.loads((Path(__file__).parent / "games" / "team-dice.json").read_text("utf-8"))
    game = load_template({**dice, "first_player": RULE}, "team-dice.json")
    module = game.modules[0].id
    assert first_player_rule(with_modules(game, [module]), "en") == RULE["en"]


@pytest.mark.parametrize(
    ("rule", "words"),
    [
        ("The youngest player starts.", "English required"),
        (["The youngest"], "English required"),
        ({"es": "Empieza el más joven."}, "English"),
        ({"en": "   "}, "English"),
        ({"en": 3}, "English"),
        ({"en": "x" * 501}, "first_player.en"),
        ({"en": "bell\x07"}, "U+0007"),
        ({"english": "The youngest starts."}, "English"),
        ({"en": "Ana starts.", "e n": "x"}, "e n"),
    ],
)
def test_a_bad_rule_is_refused_naming_the_field(rule, words):
    with pytest.raises(TemplateError) as refused:
        load_template(with_rule(rule), "azul-rule.json")
    message = refused.value.message("en")
    assert "first_player" in message and words in message
    assert "azul-rule.json" in message


def test_the_pick_flicks_through_names_and_lands_on_a_player():
    names = ["Ana", "Ben", "Cleo", "Dora"]
    for seed in range(200):
        shown = flicks(names, random.Random(seed))
        assert len(shown) == FLICKS + 1
        assert all(name in names for name in shown)
        assert all(a != b for a, b in pairwise(shown)), (seed, shown)
    assert flicks(["Ana", "Ben"], random.Random(1))[-2:] in (["Ana", "Ben"], ["Ben", "Ana"])


def test_every_player_is_picked_about_as_often():
    names = ["Ana", "Ben", "Cleo"]
    rng = random.Random(2024)
    picked = Counter(flicks(names, rng)[-1] for _ in range(3000))
    assert set(picked) == set(names)
    assert all(900 < count < 1100 for count in picked.values()), picked


def test_one_player_starts_alone_and_nobody_is_refused():
    assert flicks(["Ana"]) == ["Ana"]
    with pytest.raises(ValueError):
        flicks([])
