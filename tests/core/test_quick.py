"""Quick games (core/quick.py): the options, their ids, the game file they make (read by
the ordinary loader), the options read back, every problem at once with its place; a
points line's ``steps`` and a target without rounds (loader, scoring); quick sheet files."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from itertools import product

import pytest

from scorepad.core import PlayerSheet, load_template, read_sheet, score
from scorepad.core.errors import ScorepadError, SheetError, TemplateError
from scorepad.core.loader import KEY
from scorepad.core.quick import (
    MAX_QUICK_NAME,
    STEPS,
    QuickError,
    QuickGame,
    is_quick,
    quick_id,
    quick_of,
    quick_problems,
    quick_template,
)


def exact(value: object) -> object:
    """A Decimal for ``json.dumps``: a half is exactly a float, and read back as a Decimal."""
    assert isinstance(value, Decimal)
    return float(value)


def dumps(data: object) -> str:
    return json.dumps(data, default=exact, sort_keys=True)


def canonical(template) -> str:
    return dumps(template.source)


# --- every option: a game file the loader reads, and the options read back -------------------
OPTIONS = [
    QuickGame(name, bgg, rounds, lowest, target, coop)
    for name, bgg in (("Cosmic Encounter", 39463), ("カタン", None))
    for rounds, lowest, coop in product((False, True), repeat=3)
    for target in (None, 100, Decimal("10.5"))
    if not (coop and (lowest or rounds))
]


@pytest.mark.parametrize("game", OPTIONS, ids=repr)
def test_every_option_makes_a_game_file_the_loader_reads_and_reads_back(game):
    template = quick_template(game)
    assert template.id == quick_id(game.name) and KEY.match(template.id)
    assert is_quick(template) and template.source["quick"] is True
    # the game file alone, as the history keeps it, is an ordinary game file
    again = load_template(dumps(template.source), "again.json")
    assert canonical(again) == canonical(template)
    assert quick_of(again) == game
    assert dict(template.name) == {"en": game.name}
    assert (template.min_players, template.max_players) == (1, 20)
    assert template.wins == ("lowest" if game.lowest_wins else "highest")
    assert template.source.get("bgg_id") == game.bgg_id
    (line,) = template.lines
    assert line.key == "points" and line.kind == "points"
    assert line.per_round is game.rounds
    assert line.steps == (() if game.rounds else STEPS)
    if game.cooperative:
        assert template.result is not None and template.result.kind == "cooperative"
        assert template.result.won_at == game.target
        assert template.ends is None
    elif game.rounds:
        assert template.rounds is not None and template.rounds.fixed is None
        assert template.rounds.target == game.target
        assert template.rounds.ending == (None if game.target is None else "reach")
    else:
        assert template.rounds is None
        assert (template.ends and template.ends.target) == game.target


def test_the_points_line_speaks_every_language():
    label = quick_template(QuickGame("Azul")).lines[0].label
    assert label == {"en": "Points", "es": "Puntos", "fr": "Points", "de": "Punkte"}


def test_a_target_stays_exact():
    template = quick_template(QuickGame("Half", target=Decimal("10.5")))
    assert template.ends is not None
    assert template.ends.target == Decimal("10.5") and type(template.ends.target) is Decimal
    assert template.lines[0].halves is True  # a target of 10.5 is reached in halves
    assert quick_template(QuickGame("Whole", target=Decimal("100"))).ends.target == 100
    assert quick_template(QuickGame("Whole", target=100)).lines[0].halves is False


def test_a_game_that_is_not_quick_has_no_quick_options():
    azul = load_template(
        '{"id": "x", "name": {"en": "X"}, "players": {"min": 1, "max": 4},'
        ' "lines": [{"key": "p", "kind": "points", "label": {"en": "P"}}]}',
        "x.json",
    )
    assert not is_quick(azul)
    with pytest.raises(ScorepadError, match='"x" is not a quick game'):
        quick_of(azul)


# --- ids ---------------------------------------------------------------------------------------
def test_an_id_is_stable_for_a_name_whatever_its_case_spaces_and_punctuation():
    assert quick_id("Cosmic Encounter") == "quick-cosmic-encounter"
    for same in (
        "cosmic encounter",
        "  COSMIC   Encounter ",
        "Cosmic Encounter!",
        "Cosmic-Encounter",
    ):
        assert quick_id(same) == "quick-cosmic-encounter"
    assert quick_id("ǅungla") == quick_id("ǆUNGLA")  # casefolded, and NFKC


@pytest.mark.parametrize(
    "names",
    [
        ("Café", "Cafe", "CAFÉ"),
        ("カタン", "カルカソンヌ"),
        ("Каркассон", "Каркасон"),
        ("مونوبولي", "שש בש", "大富翁"),
        ("!!!", "???"),
        ("x" * 100, "x" * 99 + "y"),
    ],
)
def test_names_in_any_script_get_ids_of_their_own_that_are_keys(names):
    ids = [quick_id(name) for name in names]
    for name, found in zip(names, ids, strict=True):
        assert KEY.match(found), found
        assert found.startswith("quick-")
        assert quick_id(name) == found  # stable, run after run (no salted hash)
    distinct = {quick_id(name.casefold()) for name in names}
    if names[0] == "Café":
        assert ids[0] == ids[2] != ids[1]  # "Café" and "CAFÉ" are one game; "Cafe" another
        assert ids[0].startswith("quick-cafe-")
    else:
        assert len(distinct) == len(names)


def test_ids_do_not_change_between_releases():
    """An id is kept in the history and in every export: the same digest, always."""
    assert quick_id("Café") == "quick-cafe-850f7dc4"
    assert quick_id("カタン") == "quick-5ed98f7f"


# --- every problem at once, with where -----------------------------------------------------------
def test_every_problem_of_the_options_at_once_each_under_its_field():
    game = QuickGame(" ", bgg_id=0, rounds=True, lowest_wins=True, target=1.5, cooperative=True)
    found = {p.field: p.error.message("en") for p in quick_problems(game)}
    assert found == {
        "name": "the game's name is blank: type it",
        "bgg_id": "0 should be a BoardGameGeek id: a whole number from 1",
        "target": "1.5 is not a target score: an exact number above 0, whole or ending in .5"
        " (such as 100 or 10.5)",
        "lowest_wins": "a co-operative game is won or lost together: it cannot also be won by"
        " the lowest total",
        "rounds": "a co-operative game keeps one total per player, not rounds of points",
    }
    with pytest.raises(QuickError) as raised:
        quick_template(game)
    assert raised.value.message("en").splitlines() == [f"quick: {f}: {m}" for f, m in found.items()]
    assert [p.field for p in raised.value.problems] == list(found)
    assert "quick: target: 1,5 " in raised.value.message("de")


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("name", "", "the game's name is blank"),
        ("name", "\u200b \t", "the game's name is blank"),
        ("name", "x" * (MAX_QUICK_NAME + 1), f"at most {MAX_QUICK_NAME} are allowed"),
        ("name", "Azul\x1b[31m", "U+001B"),
        ("name", "Azul\nDuel", "U+000A"),
        ("name", 7, "7 should be a text"),
        ("target", 10.5, "10.5 is not a target score"),  # a float, even an exact one
        ("target", "100", '"100" is not a target score'),
        ("target", True, "true is not a target score"),
        ("target", 0, "0 is not a target score"),
        ("target", -50, "-50 is not a target score"),
        ("target", Decimal("10.25"), "10.25 is not a target score"),
        ("target", Decimal("NaN"), "is not a target score"),
        ("target", Decimal("Infinity"), "is not a target score"),
        ("target", 10**13, "is not a target score"),
        ("bgg_id", True, "true should be a BoardGameGeek id"),
        ("bgg_id", "39463", '"39463" should be a BoardGameGeek id'),
        ("bgg_id", -1, "-1 should be a BoardGameGeek id"),
        ("rounds", "yes", '"yes" should be true or false'),
        ("lowest_wins", 1, "1 should be true or false"),
        ("cooperative", None, "null should be true or false"),
    ],
)
def test_each_bad_option_is_named_under_its_field(field, value, message):
    game = QuickGame(**{"name": "Azul", field: value})
    (problem,) = quick_problems(game)
    assert problem.field == field
    assert message in problem.error.message("en")
    with pytest.raises(QuickError):
        quick_template(game)


def test_good_options_have_no_problem():
    assert quick_problems(QuickGame("  Cosmic Encounter  ", 39463, target=Decimal("99.5"))) == ()
    assert quick_template(QuickGame("  Cosmic Encounter  ")).name == {"en": "Cosmic Encounter"}
    assert quick_problems(QuickGame("x" * MAX_QUICK_NAME)) == ()


# --- scoring a quick game ---------------------------------------------------------------------------
def players(*cells):
    return [PlayerSheet(name, {"points": cell}) for name, cell in zip("ABC", cells, strict=False)]


def test_the_totals_mode_adds_the_sums_typed_in_the_cell_exactly():
    template = quick_template(QuickGame("Sums"))
    sheet = score(template, None, players("+1+5+10-1", "10+10", "0"))
    assert [p.total for p in sheet.players] == [15, 20, 0]
    assert sheet.winners == ("B",) and sheet.finished and sheet.round_note("en") is None
    assert "finished" not in sheet.to_json()  # no target: nothing to finish


def test_lowest_wins():
    sheet = score(quick_template(QuickGame("Low", lowest_wins=True)), None, players(5, 3, 9))
    assert sheet.winners == ("B",)


def test_a_target_in_the_totals_mode_says_who_reached_it():
    template = quick_template(QuickGame("To 100", target=100))
    sheet = score(template, None, players("90+5", 99, 12))
    assert not sheet.finished
    assert sheet.round_note("en") == "Unfinished: no one has reached 100 yet."
    sheet = score(template, None, players("90+10", "100+5", 12))
    assert sheet.finished and sheet.ended.ended_by == ("A", "B")
    assert sheet.winners == ("B",)
    assert sheet.round_note("en") == "A and B reached 100."
    assert sheet.round_note("fr") == "A et B a atteint 100."
    data = sheet.to_json()
    assert data["finished"] is True and data["ended_by"] == ["A", "B"]
    assert data["round_note"] == "A and B reached 100." and "rounds" not in data


def test_a_target_with_lowest_wins_ends_the_game_when_someone_reaches_it():
    template = quick_template(QuickGame("Hearts-ish", lowest_wins=True, target=100))
    sheet = score(template, None, players(104, 30, 50))
    assert sheet.finished and sheet.ended.ended_by == ("A",) and sheet.winners == ("B",)


def test_the_rounds_mode_is_open_rounds_ending_on_the_target():
    template = quick_template(QuickGame("Rounds", rounds=True, target=50))
    sheet = score(template, None, players([10, "20+5", 30], [5, 5, 5], [0, 0, 0]))
    assert [p.total for p in sheet.players] == [65, 15, 0]
    assert sheet.finished and sheet.ended.ended_round == 3
    assert sheet.round_note("en") == "A reached 50 in round 3."
    open_ended = score(quick_template(QuickGame("Open", rounds=True)), None, players([1], [2]))
    assert open_ended.finished and open_ended.winners == ("B",)


def test_a_cooperative_quick_game_is_won_or_lost_together():
    template = quick_template(QuickGame("Together", cooperative=True, target=25))
    won = score(template, None, players(20, 5), outcome="won")
    assert won.outcome == "won" and set(won.winners) == {"A", "B"}
    with pytest.raises(SheetError, match="cannot be lost with a score of 25"):
        score(template, None, players(20, 5), outcome="lost")
    with pytest.raises(SheetError, match="won or lost"):
        score(template, None, players(20, 5))


# --- the loader: steps, the quick marker and a target without rounds -------------------------------
GAME = {
    "id": "g",
    "name": {"en": "G"},
    "players": {"min": 1, "max": 4},
    "lines": [{"key": "p", "kind": "points", "label": {"en": "P"}}],
}


def game(**changes):
    data = json.loads(json.dumps(GAME))
    line = changes.pop("line", None)
    if line is not None:
        data["lines"][0].update(line)
    data.update(changes)
    return load_template(dumps(data), "my.json")


def refused(**changes) -> str:
    with pytest.raises(TemplateError) as raised:
        game(**changes)
    return raised.value.message("en")


def test_steps_are_read_exactly():
    assert game(line={"steps": [1, 5, 10]}).lines[0].steps == (1, 5, 10)
    halves = game(line={"steps": [Decimal("0.5"), 2], "halves": True}).lines[0]
    assert halves.steps == (Decimal("0.5"), 2)
    assert game().lines[0].steps == ()


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ({"steps": []}, 'my.json: lines.p.steps: "steps" is empty'),
        ({"steps": 5}, "my.json: lines.p.steps: 5 should be a list"),
        ({"steps": [1, 0]}, "my.json: lines.p.steps[1]: 0 should be a step above 0"),
        ({"steps": [-5]}, "my.json: lines.p.steps[0]: -5 should be a step above 0"),
        ({"steps": ["5"]}, 'my.json: lines.p.steps[0]: "5" should be a number'),
        ({"steps": [1.5]}, "my.json: lines.p.steps[0]: 1.5 is not a whole number"),
        ({"steps": [1, 5, 1]}, "my.json: lines.p.steps[2]: the step 1 is listed twice"),
        ({"steps": list(range(1, 8))}, "my.json: lines.p.steps: 7 entries; at most 6"),
        ({"steps": [1], "kind": "count"}, 'my.json: lines.p: unknown field "steps"'),
    ],
)
def test_bad_steps_are_refused_with_their_place(line, message):
    if line.get("steps") == [1.5]:
        line = {"steps": [Decimal("1.5")]}
    assert refused(line=line).startswith(message)


def test_only_one_line_of_a_game_has_steps():
    two = [
        {"key": "a", "kind": "points", "label": {"en": "A"}, "steps": [1]},
        {"key": "b", "kind": "points", "label": {"en": "B"}, "steps": [1]},
    ]
    assert refused(lines=two) == (
        'my.json: lines.b.steps: only one line of a game can have steps, and line "a" has them'
    )


def test_the_quick_marker_is_true_or_false():
    assert game(quick=True).source["quick"] is True
    assert refused(quick="yes") == 'my.json: quick: "yes" should be true or false'


def test_a_target_without_rounds_can_also_be_fallen_to():
    template = game(ends={"fall_to": 0})
    sheet = score(template, None, [PlayerSheet("A", {"p": 3}), PlayerSheet("B", {"p": -1})])
    assert sheet.finished and sheet.ended.ended_by == ("B",)
    assert sheet.round_note("en") == "B fell to 0."
    assert refused(ends={"reach": 1, "fall_to": 0}).endswith(
        'give exactly one of "reach" and "fall_to"'
    )
    assert refused(ends={"reach": "ten"}) == 'my.json: ends.reach: "ten" should be a number'


# --- quick sheet files --------------------------------------------------------------------------------
def sheet_of(data) -> object:
    return read_sheet(dumps(data), "q.json")


def test_a_quick_sheet_in_the_totals_mode_adds_each_players_points():
    given = sheet_of(
        {
            "quick": {
                "name": "Cosmic Encounter",
                "bgg_id": 39463,
                "lowest_wins": False,
                "target": None,
            },
            "players": [
                {"name": "Ana", "points": [5, "3+4", 10]},
                {"name": "Ben", "points": [20]},
                {"name": "Cy", "points": []},
            ],
        }
    )
    assert given.quick == QuickGame("Cosmic Encounter", 39463)
    assert given.template.id == "quick-cosmic-encounter"
    assert [dict(p.lines) for p in given.players] == [
        {"points": "5+(3+4)+10"},
        {"points": 20},
        {},
    ]
    sheet = given.score()
    assert [p.total for p in sheet.players] == [22, 20, 0]


def test_a_long_list_of_additions_is_kept_as_its_exact_sum():
    points = [Decimal("0.5")] * 300
    given = sheet_of(
        {
            "quick": {"name": "Long", "target": Decimal("0.5")},
            "players": [{"name": "A", "points": points}],
        }
    )
    assert given.players[0].lines["points"] == 150
    assert given.score().players[0].total == 150


def test_a_quick_sheet_in_rounds_and_cooperative():
    rounds = sheet_of(
        {
            "quick": {"name": "Hearts", "rounds": True, "lowest_wins": True, "target": 100},
            "players": [{"name": "A", "points": [50, 60]}, {"name": "B", "points": [1, 2]}],
        }
    )
    sheet = rounds.score()
    assert sheet.winners == ("B",) and sheet.round_note("en") == "A reached 100 in round 2."
    coop = sheet_of(
        {
            "quick": {"name": "Co-op", "cooperative": True},
            "players": [{"name": "A", "points": [3]}, {"name": "B", "points": [4]}],
            "outcome": "lost",
        }
    )
    assert coop.score().outcome == "lost"


def test_every_problem_of_a_quick_sheet_at_once_with_its_place():
    with pytest.raises(QuickError) as raised:
        sheet_of(
            {
                "quick": {
                    "name": " ",
                    "bgg": 1,
                    "target": "ten",
                    "cooperative": True,
                    "lowest_wins": True,
                },
                "colour": "red",
                "players": [
                    {"name": "Ana", "points": [1, "x", True, None]},
                    {"name": "", "pts": 1},
                    7,
                    {"name": "Cy", "points": 4},
                ],
                "outcome": "maybe",
            }
        )
    lines = raised.value.message("en").splitlines()
    places = [re.match(r"q\.json: ([^:]+):", line).group(1) for line in lines]
    assert places == [
        "quick.bgg",
        "quick.name",
        "quick.target",
        "quick.lowest_wins",
        "colour",
        "players[0].points[1]",
        "players[0].points[2]",
        "players[0].points[3]",
        "players[1].pts",
        "players[1].name",
        "players[2]",
        "players[3].points",
    ]
    assert lines[0] == (
        'q.json: quick.bgg: unknown field "bgg"; allowed here: "name", "bgg_id", "rounds",'
        ' "lowest_wins", "target", "cooperative"'
    )
    assert 'players[0].points[1]: "x" is not a number' in lines[5]


def test_a_quick_sheets_outcome_is_checked_with_the_rest():
    base = {"players": [{"name": "A", "points": [1]}]}
    with pytest.raises(QuickError, match=r"q\.json: outcome: .*takes no outcome"):
        sheet_of({**base, "quick": {"name": "Solo"}, "outcome": "won"})
    with pytest.raises(QuickError, match=r"q\.json: outcome: .*say whether the table won or lost"):
        sheet_of({**base, "quick": {"name": "Co", "cooperative": True}, "outcome": "maybe"})
    with pytest.raises(QuickError, match=r"q\.json: quick.name: the game\'s name is blank"):
        sheet_of({**base, "quick": {}})
    with pytest.raises(QuickError, match=r"q\.json: quick: \[1\] should be an object"):
        sheet_of({**base, "quick": [1]})


def test_a_target_without_rounds_counts_the_rules_between_lines():
    """A game of one's own with a bonus and a target: the bonus counts toward it."""
    template = game(
        lines=[
            {"key": "a", "kind": "points", "label": {"en": "A"}},
            {"key": "b", "kind": "points", "label": {"en": "B"}},
        ],
        bonuses=[
            {"key": "bonus", "lines": ["a", "b"], "reach": 10, "points": 5, "label": {"en": "B"}}
        ],
        ends={"reach": 14},
    )
    sheet = score(template, None, [PlayerSheet("A", {"a": 5, "b": 5}), PlayerSheet("B", {"a": 13})])
    assert [p.total for p in sheet.players] == [15, 18]
    assert sheet.ended.ended_by == ("A", "B")
