"""``problems()``: every problem of a sheet at once, each with its place as data, the
first one being the one ``score()`` raises."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad.core import ExtraLine, PlayerSheet, builtin_games, score
from scorepad.core.errors import ScorepadError, SheetError
from scorepad.core.problems import Problem, check_sheet, problems
from scorepad.core.sheetfile import read_sheet

from .conftest import SHEETS, load_case
from .test_properties import invalid_entry, sheets

GAMES = builtin_games()
BAD = json.loads((Path(__file__).parent / "bad_sheets.json").read_text(encoding="utf-8"))


def raised(template, variant, players, **more) -> ScorepadError:
    with pytest.raises(ScorepadError) as caught:
        score(template, variant, players, **more)
    return caught.value


def test_a_sheet_without_problems_has_none_and_is_scored_as_score_scores_it():
    azul = GAMES["azul"]
    players = [PlayerSheet("Ana", {"marker": 40, "rows": 1}), PlayerSheet("Ben", {})]
    assert problems(azul, None, players) == ()
    checked = check_sheet(azul, None, players)
    assert checked.scored == score(azul, None, players)


def test_every_bad_cell_of_every_player_at_once_with_its_place():
    azul = GAMES["azul"]
    players = [
        PlayerSheet("Ana", {"rows": -1, "columns": "two", "marker": 30}),
        PlayerSheet("Ben", {"colours": 9, "nope": 1}),
        PlayerSheet("Carla", {"marker": 12}, [ExtraLine("", 3), ExtraLine("Bonus", 2)]),
    ]
    found = problems(azul, None, players)
    first = raised(azul, None, players)
    assert str(found[0].error) == str(first)  # score's first problem first, word for word
    places = {(p.player, p.line, p.round, p.extra) for p in found}
    assert places == {
        (0, "rows", None, None),
        (0, "columns", None, None),
        (1, "colours", None, None),
        (1, "nope", None, None),
        (2, None, None, 1),
    }
    assert all(isinstance(p.error, SheetError) for p in found)
    columns = next(p for p in found if p.line == "columns")
    assert columns.cell.key.startswith("entry.")  # the entry's own problem, for its cell
    assert "Ana" in columns.error.message("es")  # rendered in the reader's language


def test_a_product_with_both_factors_wrong_is_one_problem_naming_both():
    sintra = GAMES["azul-sintra"]
    players = [
        PlayerSheet("Susa", {"windows": [9, "x"], "marker": 10}),
        PlayerSheet("Tiago", {"windows": [2, 3]}),
    ]
    found = problems(sintra, "B", players)
    assert [(p.player, p.line) for p in found] == [(0, "windows")]
    expected = (
        'Susa, line "windows" (Windows): completed windows: 9 is above the maximum, 8; '
        'pieces of the chosen colour: "x" is not a number'
    )
    assert str(found[0].error) == expected
    assert str(raised(sintra, "B", players)) == expected  # score() names both as well
    assert str(found[0].cell) == expected.partition("(Windows): ")[2]


def test_what_is_fine_is_scored_meanwhile():
    azul = GAMES["azul"]
    players = [PlayerSheet("Ana", {"rows": -1, "marker": 30}), PlayerSheet("Ben", {})]
    checked = check_sheet(azul, None, players)
    assert [p.line for p in checked.problems] == ["rows"]
    assert checked.scored is not None
    assert [p.total for p in checked.scored.players] == [30, 0]


def test_every_broken_check_of_every_player():
    azul = GAMES["azul"]
    full = {"rows": 5, "columns": 0, "colours": 0, "marker": 40}
    players = [
        PlayerSheet("Ana", {"marker": 10}),
        PlayerSheet("Ben", full),
        PlayerSheet("Carla", {**full, "columns": 5, "rows": 0}),
    ]
    found = problems(azul, None, players)
    assert str(found[0].error) == str(raised(azul, None, players))
    assert [(p.player, p.error.key) for p in found] == [(1, "check.broken"), (2, "check.broken")]
    assert all(set(p.lines) >= {"rows", "columns", "colours"} for p in found)
    scored = check_sheet(azul, None, players).scored
    assert scored is not None  # the lines of the check left out, the rest counted
    assert [p.total for p in scored.players] == [10, 40, 40]


def test_round_games_name_each_round():
    flip7 = GAMES["flip-7"]
    players = [
        PlayerSheet("Ana", {"points": [10, "x", 5, -3]}),
        PlayerSheet("Ben", {"points": [1, 2, 3, "y"]}),
        PlayerSheet("Carla", {"points": [0, 0, 0, 0]}),
    ]
    found = problems(flip7, None, players)
    assert str(found[0].error) == str(raised(flip7, None, players))
    assert [(p.player, p.line, p.round) for p in found] == [
        (0, "points", 2),
        (0, "points", 4),
        (1, "points", 4),
    ]
    scored = check_sheet(flip7, None, players).scored
    assert scored is not None
    assert [p.total for p in scored.players] == [15, 6, 0]


def test_rounds_of_different_lengths_and_too_many_rounds():
    skull = GAMES["skull-king"]
    players = [
        PlayerSheet("Ana", {"bid": [1, 0], "tricks": [1, 0]}),
        PlayerSheet("Ben", {"bid": [1], "tricks": [0, 1, 2]}),
    ]
    found = problems(skull, None, players)
    assert str(found[0].error) == str(raised(skull, None, players))
    assert {(p.player, p.line, p.error.key) for p in found} == {
        (1, "bid", "sheet.rounds_differ"),
        (1, "tricks", "sheet.rounds_differ"),
    }
    many = [PlayerSheet(n, {"bid": [0] * 11, "tricks": [0] * 11}) for n in ("Ana", "Ben")]
    found = problems(skull, None, many)
    assert [(p.player, p.error.key) for p in found] == [(None, "sheet.too_many_rounds")]
    assert check_sheet(skull, None, many).scored is None


def test_names_and_the_player_count():
    azul = GAMES["azul"]
    players = [PlayerSheet(" ", {"rows": -2}), PlayerSheet("Ben"), PlayerSheet("ben")]
    found = problems(azul, None, players)
    assert str(found[0].error) == str(raised(azul, None, players))
    assert {(p.player, p.error.key) for p in found} == {
        (0, "sheet.player_name"),
        (1 + 1, "sheet.duplicate_name"),
        (0, "entry.where"),
    }
    alone = [PlayerSheet("Ana", {"rows": -1})]
    found = problems(azul, None, alone)
    assert [(p.player, p.error.key) for p in found] == [
        (None, "sheet.player_count"),
        (0, "entry.where"),
    ]
    assert check_sheet(azul, None, alone).scored is None


def test_a_problem_score_finds_after_reading_is_placed_too():
    azul = GAMES["azul"]
    huge = [ExtraLine("Huge", 10**12)] * 1001  # each within bounds, the total past them
    players = [PlayerSheet("Ana", {}, huge), PlayerSheet("Ben")]
    found = problems(azul, None, players)
    assert found == (Problem(found[0].error, 0),)
    assert found[0].error.key == "sheet.total_too_large"


@pytest.mark.parametrize("case", BAD, ids=[c["about"] for c in BAD])
def test_the_first_problem_is_the_one_score_raises(case):
    """Every bad sheet of bad_sheets.json that gets as far as scoring: problems() opens
    with score()'s sentence, in English and Spanish, and places it when it names a
    player."""
    text = case["text"] if "text" in case else json.dumps(case["sheet"], ensure_ascii=False)
    try:
        given = read_sheet(text, "bad.json")
    except ScorepadError:
        return  # refused by the file's reader, before scoring
    found = problems(
        given.template,
        given.variant,
        given.players,
        outcome=given.outcome,
        modules=given.modules,
    )
    first = raised(
        given.template, given.variant, given.players, outcome=given.outcome, modules=given.modules
    )
    assert found, case["about"]
    for lang in ("en", "es"):
        assert found[0].error.message(lang) == first.message(lang), case["about"]
    if "player" in first.fields:
        assert found[0].player is not None, case["about"]


@pytest.mark.parametrize("path", sorted(SHEETS.glob("*.json")), ids=lambda p: p.stem)
def test_the_golden_sheets_have_no_problem(path):
    case = load_case(path)
    if "template" in case:
        return  # a custom game: its sheet is scored in test_sheets.py
    sheet = json.dumps(case["sheet"], default=str)
    try:
        given = read_sheet(sheet, path.name)
    except ScorepadError:
        return
    if "expect_error" in case:
        return
    assert (
        problems(
            given.template,
            given.variant,
            given.players,
            outcome=given.outcome,
            modules=given.modules,
        )
        == ()
    )


@given(sheets(), st.data())
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_every_bad_entry_drawn_is_found_and_placed_first_as_score_raises(case, data):
    game, variant, players = case
    bad_ones = data.draw(st.integers(1, 3))
    spoiled: set[tuple[int, str]] = set()
    for _ in range(bad_ones):
        who = data.draw(st.integers(0, len(players) - 1))
        line = data.draw(
            st.sampled_from(
                [x for x in game.lines_for(variant) if not x.per_round]
                or list(game.lines_for(variant))
            )
        )
        if line.per_round:
            continue
        players[who]["lines"][line.key] = data.draw(invalid_entry(line))
        spoiled.add((who, line.key))
    sheet = [
        PlayerSheet(
            p["name"],
            {k: v for k, v in p["lines"].items()},
            [ExtraLine(e["label"], e["points"]) for e in p["extra"]],
        )
        for p in players
    ]
    try:
        score(game, variant, sheet)
    except ScorepadError as first:
        found = problems(game, variant, sheet)
        assert found[0].error.message("en") == first.message("en")
        assert {(p.player, p.line) for p in found if p.error.key == "entry.where"} >= spoiled
        return
    assert not spoiled
    assert problems(game, variant, sheet) == ()


def test_halves_read_as_exact_numbers():
    azul = GAMES["azul"]
    players = [PlayerSheet("Ana", {"marker": Decimal("0.5")}), PlayerSheet("Ben")]
    found = problems(azul, None, players)
    assert [(p.player, p.line) for p in found] == [(0, "marker")]


def test_one_call_reads_a_sheet_with_many_problems_scoring_it_at_most_twice(monkeypatch):
    """The sheet in progress calls it once per change: every cell of every player in
    trouble is found with two scorings at most (the first problem, then what is fine),
    never one per cell as a loop over ``score`` would."""
    import scorepad.core.problems as module

    calls = []

    def counted(*args, **kwargs):
        calls.append(args)
        return score(*args, **kwargs)

    monkeypatch.setattr(module, "score", counted)
    azul = GAMES["azul"]
    bad = {"marker": "x", "rows": -1, "columns": 9, "colours": "y"}
    players = [PlayerSheet(name, bad) for name in ("Ana", "Ben", "Carla", "Dani")]
    checked = check_sheet(azul, None, players)
    assert len(checked.problems) == 16
    assert len(calls) == 2
    assert checked.scored is not None
    assert [p.total for p in checked.scored.players] == [0, 0, 0, 0]
