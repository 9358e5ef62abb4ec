"""A game's facts (``players_best``, ``minutes``, ``weight``): read and checked with every
problem among them at once, the weight kept exactly, carried by the index and shown."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from scorepad.core import builtin_games, load_template
from scorepad.core.catalogue import Catalogue, builtin_entries
from scorepad.core.combined import with_modules
from scorepad.core.errors import TemplateError
from scorepad.core.game_facts import (
    NO_FACTS,
    FactProblems,
    GameFacts,
    counts_text,
    facts_texts,
    players_text,
    weight_figure,
)
from scorepad.core.game_index import index_line, read_index
from scorepad.core.numbers import json_number

BASE = (
    '"id": "facts", "name": {"en": "Facts"}, "players": {"min": 2, "max": 5}, '
    '"lines": [{"key": "p", "kind": "points", "label": {"en": "P"}}]'
)


def game(extra: str):
    return load_template("{" + BASE + (", " + extra if extra else "") + "}", "my.json")


def problem(extra: str) -> TemplateError:
    with pytest.raises(TemplateError) as raised:
        game(extra)
    return raised.value


def test_the_three_facts_are_read_and_the_weight_kept_exactly():
    facts = game('"players_best": [4, 3], "minutes": [30, 45], "weight": 2.4575').facts
    assert facts == GameFacts(players_best=(3, 4), minutes=(30, 45), weight=Decimal("2.4575"))
    assert type(facts.weight) is Decimal and str(facts.weight) == "2.4575"
    assert game('"weight": 3').facts.weight == Decimal(3)
    assert game('"minutes": [20, 20], "weight": 1').facts.minutes == (20, 20)
    assert game("").facts == NO_FACTS  # all three optional


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ('"players_best": [6]', "my.json: players_best[0]: best at 6: the game is for 2 to 5"),
        ('"players_best": [3, 3]', "my.json: players_best[1]: best at 3 is listed twice"),
        ('"players_best": [2.5]', "my.json: players_best[0]: 2.5 should be a whole number"),
        ('"players_best": []', 'my.json: players_best: "players_best" is empty'),
        ('"players_best": 3', "my.json: players_best: 3 should be a list"),
        ('"minutes": [45, 30]', "my.json: minutes: the minimum 45 is above the maximum 30"),
        ('"minutes": [0, 30]', "my.json: minutes[0]: 0 cannot be below 1"),
        ('"minutes": [30]', "my.json: minutes: [30] should be a pair of whole numbers"),
        ('"minutes": [30, 45.5]', "my.json: minutes[1]: 45.5 should be a whole number"),
        ('"minutes": [30, 20000]', "my.json: minutes[1]: 20000 is above the maximum, 10000"),
        ('"weight": 5.01', "my.json: weight: 5.01 should be a weight: a number from 1 to 5"),
        ('"weight": 0.5', "my.json: weight: 0.5 should be a weight"),
        ('"weight": "2.47"', 'my.json: weight: "2.47" should be a weight'),
        ('"weight": 2.12345', "my.json: weight: 2.12345 should be a weight"),
        ('"weight": true', "my.json: weight: true should be a weight"),
    ],
)
def test_a_bad_fact_is_named_with_file_and_field(extra, expected):
    assert problem(extra).message("en").startswith(expected)


def test_every_problem_among_the_facts_is_named_at_once():
    found = problem('"players_best": [1, 3, 3], "minutes": [50, 30], "weight": 5.5')
    assert isinstance(found, FactProblems)
    assert found.message("en").splitlines() == [
        "my.json: players_best[0]: best at 1: the game is for 2 to 5 players",
        "my.json: players_best[2]: best at 3 is listed twice",
        "my.json: minutes: the minimum 50 is above the maximum 30",
        "my.json: weight: 5.5 should be a weight: a number from 1 to 5, with at most 4 decimals",
    ]
    assert str(found) == found.message("en")
    assert [p.fields["path"] for p in found.problems] == [
        "players_best[0]",
        "players_best[2]",
        "minutes",
        "weight",
    ]
    german = found.message("de").splitlines()
    assert len(german) == 4 and german[3].startswith("my.json: weight: 5,5 sollte ein Gewicht")


def test_a_float_weight_from_python_is_refused_not_rounded():
    data = json.loads("{" + BASE + "}")
    with pytest.raises(TemplateError, match="weight"):
        load_template({**data, "weight": 2.47}, "my.json")
    assert load_template({**data, "weight": Decimal("2.47")}, "my.json").facts.weight == Decimal(
        "2.47"
    )


def test_a_game_with_modules_chosen_keeps_its_facts():
    party = builtin_games()["sushi-go-party"]
    chosen = with_modules(party, [party.modules[0].id])
    assert chosen is not party and chosen.facts == party.facts != NO_FACTS
    assert party.source["weight"] == party.facts.weight


def test_the_index_carries_the_facts_and_reads_the_weight_back_exactly(tmp_path):
    text = "{" + BASE + ', "players_best": [3], "minutes": [30, 45], "weight": 2.4575}'
    (tmp_path / "facts.json").write_text(text, encoding="utf-8")
    folder = Catalogue(tmp_path)
    line = index_line(folder.entries()["facts"])
    assert '"weight":"2.4575"' in line and '"players_best":[3]' in line
    (tmp_path / "index.jsonl").write_text(line + "\n", encoding="utf-8")
    entry = read_index(tmp_path)["facts"]
    assert entry.facts == folder["facts"].facts
    assert type(entry.facts.weight) is Decimal


def test_a_game_without_facts_writes_none_into_the_index(tmp_path):
    (tmp_path / "facts.json").write_text("{" + BASE + "}", encoding="utf-8")
    line = index_line(Catalogue(tmp_path).entries()["facts"])
    assert "weight" not in line and "minutes" not in line and "players_best" not in line


def test_the_built_in_games_have_facts_within_their_players():
    with_facts = [e for e in builtin_entries().values() if e.facts != NO_FACTS]
    assert len(with_facts) >= 99
    for entry in with_facts:
        assert all(entry.min_players <= n <= entry.max_players for n in entry.facts.players_best)
        assert entry.facts.weight is None or Decimal(1) <= entry.facts.weight <= Decimal(5)
    azul = builtin_entries()["azul"].facts
    assert azul == GameFacts((2,), (30, 45), Decimal("1.7605"))


def test_the_facts_as_a_card_shows_them():
    facts = GameFacts((3, 4), (30, 45), Decimal("2.4575"))
    assert players_text("2–5 players", facts, (2, 5), "en") == "2–5 players (best 3–4)"
    assert players_text("2 players", GameFacts((2,)), (2, 2), "en") == "2 players"
    assert facts_texts(facts, "en") == ["30–45 min", "weight 2.46/5"]
    assert facts_texts(facts, "de") == ["30–45 Min.", "Gewicht 2,46/5"]
    assert facts_texts(GameFacts(minutes=(20, 20), weight=Decimal(3)), "fr") == [
        "20 min",
        "poids 3/5",
    ]
    assert players_text("2–5 players", NO_FACTS, (2, 5), "en") == "2–5 players"
    assert facts_texts(NO_FACTS, "en") == []
    assert counts_text((2, 4, 5, 6)) == "2, 4–6"
    assert weight_figure(Decimal("1.205"), "en") == "1.21"  # halves up, as people round
    assert weight_figure(Decimal("1.1964"), "de") == "1,20"  # as many decimals on every card
    assert weight_figure(Decimal("3.0"), "en") == "3"


def test_a_weight_is_written_to_json_as_its_own_digits():
    """A stored game's file (the history's copy, an export) writes the weight as a JSON
    number whose text is the weight's digits, so that it reads back exactly."""
    written = json.dumps(json_number(Decimal("2.4575")))
    assert written == "2.4575"
    assert json.loads(written, parse_float=Decimal) == Decimal("2.4575")
    assert json_number(Decimal("0.5")) == 0.5
    with pytest.raises(ValueError, match="no exact JSON form"):
        json_number(Decimal("0.12345678901234567890123"))
