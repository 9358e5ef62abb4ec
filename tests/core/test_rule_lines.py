"""Awards between players, tallies, set rules, bonuses, a floor and checks between lines:
each capability on its own, with the rulebook cases that made it, and the game-file
mistakes the loader refuses."""

from __future__ import annotations

import copy
import json

import pytest

from scorepad.cli import main
from scorepad.core import PlayerSheet, SheetError, TemplateError, builtin_games, load_template
from scorepad.core import score as score_sheet
from scorepad.core.awards import AwardLine, award_points
from scorepad.core.combined import with_modules
from scorepad.core.sets import TallyLine, complete_sets

LABEL = {"en": "x"}


def award(**fields: object) -> AwardLine:
    return AwardLine(key="a", label=LABEL, **fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("fields", "quantities", "expected"),
    [
        # Sushi Go's maki: most 6, second 3; a tie for most splits 6 and gives no second
        ({"places": (6, 3)}, [3, 3, 1], [3, 3, 0]),
        ({"places": (6, 3)}, [4, 2, 2, 2], [6, 1, 1, 1]),  # three tied second share 3
        ({"places": (6, 3)}, [5, 5, 5, 5], [1, 1, 1, 1]),  # 6 / 4, rounded down
        ({"places": (6, 3), "zero_counts": False}, [2, 0, 0], [6, 0, 0]),  # no maki, no place
        ({"places": (6, 3), "zero_counts": True}, [2, 0, 0], [6, 1, 1]),
        # Terraforming Mars' awards: a tie for first gives each 5, and no second place
        ({"places": (5, 2), "ties": "skip"}, [7, 7, 3], [5, 5, 0]),
        ({"places": (5, 2), "ties": "skip"}, [7, 3, 3], [5, 2, 2]),
        # Ticket to Ride's longest path: 10 to every player tied for it
        ({"places": (10,), "ties": "full"}, [20, 20, 12], [10, 10, 0]),
        # "full": the next quantity down takes the next place
        ({"places": (5, 2), "ties": "full"}, [7, 7, 3], [5, 5, 2]),
        # Sushi Go's pudding: most +6, fewest -6, split toward 0, nothing when all tied
        (
            {"places": (6,), "fewest": (-6,), "fewest_from_players": 3},
            [3, 1, 1, 1],
            [6, -2, -2, -2],
        ),
        ({"places": (6,), "fewest": (-6,), "fewest_from_players": 3}, [2, 0, 2, 0], [3, -3, 3, -3]),
        ({"places": (6,), "fewest": (-6,), "fewest_from_players": 3}, [4, 1], [6, 0]),
        (
            {"places": (6,), "fewest": (-6,), "all_tied_nothing": True, "fewest_from_players": 3},
            [2, 2],
            [0, 0],
        ),
    ],
)
def test_award_places_follow_the_tie_rule(fields, quantities, expected):
    assert award_points(award(**fields), quantities) == expected


def test_all_tied_cancels_when_most_and_fewest_split_alike():
    line = award(places=(6,), fewest=(-6,))
    assert award_points(line, [1, 1, 1]) == [0, 0, 0]  # +2 and -2 each


@pytest.mark.parametrize(
    ("counts", "size", "sets"),
    [([3, 2, 1], 3, 1), ([3, 2, 2], 3, 2), ([4, 4, 0], 3, 0), ([4, 4, 0], 2, 4), ([5, 1, 1], 2, 2)],
)
def test_complete_sets_of_n_different(counts, size, sets):
    assert complete_sets(counts, size) == sets


GAME = {
    "id": "house",
    "name": {"en": "House"},
    "players": {"min": 1, "max": 6},
    "lines": [
        {"key": "a", "kind": "count", "label": {"en": "A"}},
        {"key": "b", "kind": "count", "label": {"en": "B"}},
        {"key": "c", "kind": "count", "label": {"en": "C"}},
        {"key": "most", "kind": "award", "places": [6, 3], "label": {"en": "Most"}},
        {"key": "kinds", "kind": "tally", "values": [0, 1, 3], "label": {"en": "Kinds"}},
    ],
    "sets": [
        {
            "key": "pairs",
            "label": {"en": "Pairs"},
            "lines": ["a", "b", "c"],
            "per_set": 4,
            "size": 2,
        }
    ],
    "bonuses": [
        {"key": "big", "label": {"en": "Big"}, "lines": ["a", "b"], "reach": 10, "points": 5}
    ],
    "floor": -3,
    "checks": [
        {"sum": {"a": 1, "b": 1}, "max": 20, "why": {"en": "20 cubes in all"}},
        {
            "when": {"lines": ["c"], "min": 1},
            "then": {"lines": ["a"], "min": 1},
            "why": {"en": "C needs an A"},
        },
    ],
}


def play(*players: dict[str, object]):
    template = load_template(copy.deepcopy(GAME), "house.json")
    return score_sheet(
        template, None, [PlayerSheet(f"P{i}", lines) for i, lines in enumerate(players, 1)]
    )


def test_a_blank_tally_is_a_count_of_0_and_scores_the_tables_value_for_it():
    """Nothing typed on a tally line is none of the things counted: Agricola's categories
    lose their point for none, Sushi Go Party!'s fruit 2 per type (the Card Guide: "Meredith
    played 0 fruit cards and so loses 6 points"); end of game and round by round alike."""
    games = builtin_games()
    farm = score_sheet(games["agricola"], None, [PlayerSheet("Ana", {}), PlayerSheet("Ben", {})])
    ana = farm.players[0]
    chart = ["fields", "pastures", "grain", "vegetables", "sheep", "wild_boar", "cattle"]
    assert [ana.lines[k] for k in chart] == [-1] * 7
    assert (ana.lines["fenced_stables"], ana.total) == (0, -7)
    assert ana.entries["sheep"] == 0  # stored as the count 0
    fruit = ["watermelon", "orange", "pineapple"]
    party = score_sheet(
        games["sushi-go-party"],
        None,
        [
            PlayerSheet("Chris", {"nigiri": [1], "watermelon": 0, "orange": 1, "pineapple": 4}),
            PlayerSheet("Meredith", {"nigiri": [1]}),
        ],
        modules=["fruit"],
    )
    chris, meredith = party.players
    assert [chris.lines[k] for k in fruit] == [-2, 0, 6]
    assert [meredith.lines[k] for k in fruit] == [-2, -2, -2]
    assert meredith.total == 1 - 6
    game = load_template(
        {
            "id": "kinds",
            "name": {"en": "Kinds"},
            "players": {"min": 1, "max": 2},
            "rounds": {"count": 2},
            "lines": [
                {"key": "k", "kind": "tally", "per_round": True, "values": [-1, 2], "label": LABEL}
            ],
        },
        "kinds.json",
    )
    rounds = score_sheet(game, None, [PlayerSheet("A", {"k": [None, 3]}), PlayerSheet("B", {})])
    assert [p.total for p in rounds.players] == [1, -2]
    for template in games.values():  # every built-in tally line, modules too: blank == 0
        every = (
            with_modules(template, [m.id for m in template.modules])
            if template.modules
            else template
        )
        for line in every.lines:
            if isinstance(line, TallyLine):
                assert line.reading(None) == line.reading(0), (template.id, line.key)


def test_sets_bonuses_awards_tallies_and_floor_in_one_game():
    sheet = play(
        {"a": 6, "b": 4, "c": 1, "most": 5, "kinds": 7},
        {"a": 1, "most": 2},
        {"most": 5},
    )
    one, two, three = sheet.players
    # 6 + 4 + 1, pairs of different: min over sum(min(c, t)) >= 2t -> 5 sets... of 11 items
    assert one.lines == {
        "a": 6,
        "b": 4,
        "c": 1,
        "most": 3,
        "kinds": 3,
        "pairs": 20,
        "big": 5,
    }
    assert one.entries["most"] == 5 and one.entries["kinds"] == 7  # quantity kept
    assert two.lines["most"] == 0 and two.lines["big"] == 0 and two.total == 1
    assert three.lines["most"] == 3 and three.total == 3
    data = sheet.to_json()
    assert data["players"][0]["lines"]["pairs"] == 20
    assert data["players"][0]["entries"]["most"] == 5
    assert data["players"][0]["floor_added"] == 0


def test_the_floor_raises_a_total_and_says_by_how_much():
    game = copy.deepcopy(GAME)
    game["lines"].append({"key": "loss", "kind": "penalty", "label": {"en": "Loss"}})
    template = load_template(game, "house.json")
    sheet = score_sheet(template, None, [PlayerSheet("P1", {"loss": 10})])
    assert sheet.players[0].lines["most"] == 6  # alone, and 0 counts: the most
    assert sheet.players[0].total == -3  # -10 + 6, raised to the floor
    assert sheet.to_json()["players"][0]["floor_added"] == 1


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ({"a": 15, "b": 6}, "P1: lines a, b cannot be as entered: 20 cubes in all"),
        ({"c": 2}, "P1: lines c, a cannot be as entered: C needs an A"),
    ],
)
def test_a_broken_check_names_the_player_the_lines_and_the_reason(lines, message):
    with pytest.raises(SheetError) as refused:
        play(lines)
    assert refused.value.message("en") == message


def test_the_command_line_refuses_a_broken_check_with_status_2(tmp_path, capsys):
    path = tmp_path / "azul.json"
    sheet = {
        "game": "azul",
        "players": [{"name": "Ana", "lines": {"colours": 5}}, {"name": "Ben"}],
    }
    path.write_text(json.dumps(sheet), encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        main(["score", str(path), "--lang", "es"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("scorepad: Ana: las líneas rows, columns, colours no pueden")
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["sets"][0].update(lines=["a", "most"]),
            'house.json: sets[0].lines: "most" cannot be part of a set',
        ),
        (
            lambda d: d["bonuses"][0].update(key="a"),
            'house.json: bonuses[0].key: the line key "a" is used twice',
        ),
        (
            lambda d: d["checks"][1].update(when={"lines": ["c"]}),
            'house.json: checks[1].when: give a "min" or a "max"',
        ),
        (
            lambda d: d["checks"][0].update(then={"lines": ["a"], "min": 1}),
            'house.json: checks[0]: a check is one of "then"',
        ),
        (
            lambda d: d["lines"][3].update(ties="halves"),
            'house.json: lines.most.ties: "halves" should be "split", "skip" or "full"',
        ),
        (
            lambda d: d["checks"][1]["then"].update(lines=["zz"]),
            'house.json: checks[1].then.lines: names the line "zz", which this game does not',
        ),
        (
            lambda d: d.update(default_variant="B"),
            'house.json: default_variant: names the variant "B", which this game does not',
        ),
    ],
)
def test_broken_rules_in_a_game_file_are_refused_by_place(change, message):
    game = copy.deepcopy(GAME)
    change(game)
    with pytest.raises(TemplateError) as refused:
        load_template(game, "house.json")
    assert refused.value.message("en").startswith(message), refused.value.message("en")


def test_template_lists_the_rules_and_json_carries_them(capsys):
    assert main(["template", "yahtzee", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Upper section bonus: 35 when the lines add up to 63 or more" in out
    assert main(["template", "7-wonders", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["computed"] == {"science_sets": "Science: sets of 3 different symbols"}
    assert [line["kind"] for line in data["lines"]][-3:] == ["count", "count", "count"]
    assert main(["template", "sushi-go", "--lang", "es"]) == 0
    assert "Iconos de maki" in capsys.readouterr().out


def test_spanish_output_writes_a_decimal_comma_and_one_minus_sign(tmp_path, capsys):
    path = tmp_path / "road.json"
    sheet = {
        "game": "glass-road",
        "players": [
            {"name": "Ana", "lines": {"buildings": -3, "sand_left": {"count": 3, "rate": "start"}}},
            {"name": "Ben", "lines": {"buildings": 2}},
        ],
    }
    path.write_text(json.dumps(sheet), encoding="utf-8")
    assert main(["score", str(path), "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert "1,5" in out and "1.5" not in out
    assert "−3" in out and "−1,5" in out
    assert "-" not in "".join(line for line in out.splitlines() if not set(line) <= {"-", " "})


def test_summer_pavilion_side_b_takes_star_counts_and_side_a_yes_no():
    game = builtin_games()["azul-summer-pavilion"]
    both = [PlayerSheet("Ana", {"marker": 10, "star_red": 2}), PlayerSheet("Ben")]
    assert score_sheet(game, "B", both).players[0].total == 38
    with pytest.raises(SheetError, match="is not yes or no"):
        score_sheet(game, "A", both)
    with pytest.raises(SheetError, match="is not yes or no"):
        score_sheet(game, None, both)  # no variant named: side A, as before
