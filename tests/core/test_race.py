"""A race (a game file's ``race``): whoever ends the game wins it, whatever the others'
totals (Catan, Rules & Almanac 5th edition, "Ending the Game": 10 points on your own turn
wins; another player may pass 10 during that turn, as the Longest Road card passes on)."""

from __future__ import annotations

import pytest

from scorepad.core import load_template
from scorepad.core.catalogue import GAMES_FOLDER
from scorepad.core.errors import SheetError, TemplateError
from scorepad.core.problems import problems
from scorepad.core.scoring import PlayerSheet, score

CATAN = load_template((GAMES_FOLDER / "catan.json").read_text(), "catan.json")
ANA = PlayerSheet("Ana", {"settlements": 2, "cities": 3, "largest_army": True, "on_turn": True})
BEN = PlayerSheet("Ben", {"settlements": 3, "cities": 2, "longest_road": True, "vp_cards": 2})
CARLA = PlayerSheet("Carla", {"settlements": 3, "cities": 1})
DAN = PlayerSheet("Dan", {"settlements": 5, "cities": 1, "vp_cards": 1})


def test_the_player_who_ends_the_game_wins_over_a_higher_total():
    sheet = score(CATAN, None, [BEN, ANA, CARLA, DAN])
    assert [p.total for p in sheet.players] == [11, 10, 5, 8]
    assert sheet.winners == ("Ana",)
    assert {p.name: p.rank for p in sheet.players} == {"Ana": 1, "Ben": 2, "Dan": 3, "Carla": 4}
    assert sheet.decided_by == "ended"
    for lang, words in {
        "en": "Ana wins with 10 points by ending the game",
        "es": "Ana gana con 10 puntos por terminar la partida",
        "fr": "Ana gagne avec 10 points en terminant la partie",
        "de": "Ana gewinnt: 10 Punkte, durch das Beenden des Spiels",
    }.items():
        assert sheet.explanation(lang).startswith(words), lang


def test_the_ender_first_on_the_totals_reads_as_usual():
    sheet = score(CATAN, None, [ANA, CARLA, DAN])
    assert sheet.decided_by == "total" and sheet.winners == ("Ana",)
    assert sheet.explanation("en") == "Ana wins with 10 points."


def test_a_sheet_no_one_ended_is_ranked_on_the_totals():
    sheet = score(CATAN, None, [BEN, CARLA, DAN])
    assert sheet.winners == ("Ben",) and sheet.decided_by == "total"


def test_two_enders_or_one_short_of_the_end_are_among_every_problem():
    two = [ANA, BEN._replace(lines={**BEN.lines, "on_turn": True}), CARLA]
    with pytest.raises(SheetError) as refused:
        score(CATAN, None, two)
    assert refused.value.key == "race.several"
    assert [p.error.key for p in problems(CATAN, None, two)] == ["race.several"]
    short = [CARLA._replace(lines={**CARLA.lines, "on_turn": True}), BEN, DAN]
    found = problems(CATAN, None, short)
    assert [p.error.key for p in found] == ["race.short"]
    assert found[0].player == 0 and found[0].lines == ("on_turn",)


def game(race: object, **more: object) -> dict[str, object]:
    return {
        "id": "racing",
        "name": {"en": "Racing"},
        "players": {"min": 2, "max": 4},
        "lines": [
            {"key": "points", "kind": "points", "label": {"en": "Points"}},
            {
                "key": "ended",
                "kind": "check",
                "points": 0,
                "counts": False,
                "label": {"en": "Ended it"},
            },
            {"key": "bonus", "kind": "check", "points": 3, "label": {"en": "Bonus"}},
        ],
        "race": race,
        **more,
    }


@pytest.mark.parametrize(
    ("race", "more", "words"),
    [
        ({"line": "points"}, {}, 'race.line: "points" is not a yes/no line'),
        ({"line": "bonus"}, {}, 'race.line: "bonus" is not a yes/no line'),
        ({"line": "nope"}, {}, 'race.line: "nope" is not a yes/no line'),
        ({"line": "ended", "reach": "ten"}, {}, "race.reach"),
        ({"line": "ended", "upto": 3}, {}, '"upto"'),
        ({"line": "ended"}, {"result": {"kind": "cooperative"}}, "a race cannot go with"),
    ],
)
def test_a_race_is_checked_with_the_file(race, more, words):
    with pytest.raises(TemplateError) as refused:
        load_template(game(race, **more), "racing.json")
    assert words in str(refused.value)


def test_a_cooperative_game_won_at_a_score_cannot_be_lost_with_it():
    """Hanabi: "The game ends immediately and it is a stunning victory if the firework
    makers manage to make the 5 fireworks" (25): a play lost with 25 is refused."""
    hanabi = load_template((GAMES_FOLDER / "hanabi.json").read_text(), "hanabi.json")
    perfect = {"white": 5, "red": 5, "blue": 5, "yellow": 5, "green": 5}
    table = [PlayerSheet("Ana", perfect), PlayerSheet("Ben")]
    assert score(hanabi, None, table, outcome="won").outcome == "won"
    with pytest.raises(SheetError) as refused:
        score(hanabi, None, table, outcome="lost")
    assert refused.value.key == "sheet.lost_at"
    assert [p.error.key for p in problems(hanabi, None, table, outcome="lost")] == ["sheet.lost_at"]
    short = [PlayerSheet("Ana", {**perfect, "green": 4}), PlayerSheet("Ben")]
    assert score(hanabi, None, short, outcome="lost").winners == ()
    with pytest.raises(TemplateError) as wrong:
        load_template({**hanabi.source, "result": {"kind": "teams", "won_at": 25}}, "hanabi.json")
    assert 'unknown field "won_at"' in str(wrong.value)
    assert '"kind", "teams"' in str(wrong.value)
    with pytest.raises(TemplateError) as wrong:
        load_template({**hanabi.source, "result": {"kind": "cooperative", "teams": {}}}, "h.json")
    assert 'unknown field "teams"' in str(wrong.value) and '"kind", "won_at"' in str(wrong.value)


def test_the_apps_sheet_marks_two_enders_and_scores_the_rest():
    """The sheet in progress: two players ticked are marked on the line, Save refused,
    the totals still shown; unticking one clears it."""
    from scorepad.sheet.progress import SheetInProgress, new_draft

    model = SheetInProgress(CATAN, new_draft(CATAN, None, ["Ana", "Ben", "Carla"]))
    model.set_text("settlements", 0, "5")
    model.set_check("on_turn", 0, True)
    model.set_check("on_turn", 1, True)
    state = model.state
    assert not state.can_save and state.scored is not None
    assert state.scored.players[0].total == 5
    problem = state.problem("on_turn", 1)
    assert problem is not None and problem.key == "race.several"
    model.set_check("on_turn", 1, False)
    assert model.state.problem("on_turn", 1) is None
