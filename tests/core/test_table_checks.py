"""Checks between players and within a round, as data (a game file's ``checks``): the
sum over every player of some lines within a range that may depend on the player count
(``table_sum``), at most so many players with a line within a range (``players_with``),
and a check of lines filled round by round holding in each round, its range depending on
the round's cards dealt. Each refused with one line naming the players, the round, the
lines and the rule, by ``score`` and among every problem of the sheet."""

from __future__ import annotations

import pytest

from scorepad.core import load_template
from scorepad.core.errors import SheetError, TemplateError
from scorepad.core.problems import problems
from scorepad.core.scoring import PlayerSheet, score

WHY_NOBLES = {"en": "players + 1 nobles are dealt", "es": "se reparten jugadores + 1 nobles"}
WHY_TILE = {"en": "there is one bonus tile"}
DECK = {
    "id": "deck",
    "name": {"en": "Deck"},
    "players": {"min": 2, "max": 4},
    "lines": [
        {"key": "points", "kind": "points", "label": {"en": "Points"}},
        {"key": "nobles", "kind": "count", "per": 3, "max": 5, "label": {"en": "Nobles"}},
        {"key": "tile", "kind": "check", "points": 7, "label": {"en": "Bonus tile"}},
    ],
    "checks": [
        {"table_sum": {"nobles": 1}, "max": {"players": 1, "add": 1}, "why": WHY_NOBLES},
        {"players_with": {"lines": ["tile"], "min": 1}, "at_most": 1, "why": WHY_TILE},
    ],
}
TRICKS = {
    "id": "tricks",
    "name": {"en": "Tricks"},
    "players": {"min": 2, "max": 4},
    "rounds": {"count": 3},
    "deal": {"cards": {"first": 1, "step": 1}},
    "lines": [
        {"key": "tricks", "kind": "count", "per": 5, "per_round": True, "label": {"en": "Tricks"}},
        {"key": "won", "kind": "check", "points": 1, "per_round": True, "label": {"en": "Won"}},
    ],
    "checks": [
        {"then": {"lines": ["tricks"], "max": {"cards": 1}}, "why": {"en": "one trick a card"}},
        {
            "table_sum": {"tricks": 1},
            "min": {"cards": 1},
            "max": {"cards": 1},
            "why": {"en": "every trick is won"},
        },
        {
            "players_with": {"lines": ["won"], "min": 1},
            "at_most": 1,
            "why": {"en": "one winner a round"},
        },
    ],
}
GAME = load_template(DECK, "deck.json")
ROUNDS = load_template(TRICKS, "tricks.json")


def sheet(**lines: dict[str, object]) -> list[PlayerSheet]:
    return [PlayerSheet(name, given) for name, given in lines.items()]


def refused(game, players, lang="en"):
    with pytest.raises(SheetError) as error:
        score(game, None, players)
    return error.value.key, error.value.message(lang)


def test_a_sum_over_all_players_depends_on_the_player_count():
    fine = sheet(Ana={"nobles": 2}, Ben={"nobles": 1})
    assert [p.total for p in score(GAME, None, fine).players] == [6, 3]
    key, text = refused(GAME, sheet(Ana={"nobles": 3}, Ben={"nobles": 1}))
    assert key == "check.table"
    assert (
        text
        == "Ana, Ben: lines nobles cannot be as entered between players: players + 1 nobles are dealt"
    )
    assert refused(GAME, sheet(Ana={"nobles": 3}, Ben={"nobles": 1}), "es")[1] == (
        "Ana, Ben: las líneas nobles no pueden ser como se anotaron entre jugadores: "
        "se reparten jugadores + 1 nobles"
    )
    three = sheet(Ana={"nobles": 3}, Ben={"nobles": 1}, Cy={})
    assert [p.total for p in score(GAME, None, three).players] == [9, 3, 0]


def test_at_most_one_player_holds_the_tile():
    key, text = refused(GAME, sheet(Ana={"tile": True}, Ben={"tile": True}, Cy={"tile": False}))
    assert key == "check.table"
    assert (
        text == "Ana, Ben: lines tile cannot be as entered between players: there is one bonus tile"
    )


def test_every_problem_between_players_at_once():
    players = sheet(Ana={"nobles": 4, "tile": True}, Ben={"tile": True, "points": "x"})
    found = problems(GAME, None, players)
    assert [p.error.key for p in found] == ["entry.where", *["check.table"] * 3]
    # each under the cells of every player in fault: Ana's nobles, both players' tiles
    assert [(p.player, p.lines) for p in found[1:]] == [
        (0, ("nobles",)),
        (0, ("tile",)),
        (1, ("tile",)),
    ]
    assert str(found[2].error) == str(found[3].error)


def test_a_round_holds_in_each_round_with_its_cards_dealt():
    fine = sheet(
        Ana={"tricks": [1, 0, 2], "won": [True, False, False]},
        Ben={"tricks": [0, 2, 1], "won": [False, True, False]},
    )
    assert [p.total for p in score(ROUNDS, None, fine).players] == [16, 16]
    key, text = refused(ROUNDS, sheet(Ana={"tricks": [1, 3]}, Ben={"tricks": [0, -0]}))
    assert (key, text) == (
        "check.broken_round",
        "Ana, round 2: lines tricks cannot be as entered: one trick a card",
    )
    key, text = refused(ROUNDS, sheet(Ana={"tricks": [1, 1]}, Ben={"tricks": [0, 0]}))
    assert key == "check.table_round"
    assert (
        text
        == "Ana, round 2: lines tricks cannot be as entered between players: every trick is won"
    )
    key, text = refused(
        ROUNDS, sheet(Ana={"tricks": [1], "won": [True]}, Ben={"tricks": [0], "won": [True]})
    )
    assert (
        text
        == "Ana, Ben, round 1: lines won cannot be as entered between players: one winner a round"
    )


def test_every_round_problem_is_found_with_its_round():
    players = sheet(Ana={"tricks": [1, 3, 3]}, Ben={"tricks": [1, 0, 0]})
    found = problems(ROUNDS, None, players)
    assert [(p.error.key, p.round, p.player) for p in found] == [
        ("check.broken_round", 2, 0),
        ("check.table_round", 1, 0),
        ("check.table_round", 1, 1),
        ("check.table_round", 2, 0),
    ]


def test_the_apps_sheet_marks_a_check_between_players_under_each_players_cells():
    """The sheet in progress places every problem by player: a check between players is
    marked under each player's cells, Save refused, nothing raised."""
    from scorepad.core.catalogue import find_game
    from scorepad.sheet.progress import SheetInProgress, new_draft

    duel = find_game("7-wonders-duel")
    model = SheetInProgress(duel, new_draft(duel, None, ["Ana", "Ben"]))
    model.set_text("military", 0, "5")
    model.set_text("military", 1, "2")
    state = model.state
    assert not state.can_save
    for player in (0, 1):
        problem = state.problem("military", player)
        assert problem is not None and problem.key == "check.table"
    model.set_text("military", 1, "0")
    assert model.state.can_save


def game_with(check: dict[str, object], **more: object) -> dict[str, object]:
    return {**TRICKS, "checks": [check], **more}


@pytest.mark.parametrize(
    ("check", "more", "words"),
    [
        (
            {
                "table_sum": {"tricks": 1},
                "players_with": {"lines": ["won"], "min": 1},
                "at_most": 1,
                "why": {"en": "x"},
            },
            {},
            "a check is one of",
        ),
        (
            {"players_with": {"lines": ["won"], "min": 1}, "why": {"en": "x"}},
            {},
            "a check is one of",
        ),
        (
            {"table_sum": {"tricks": 1}, "at_most": 1, "max": 1, "why": {"en": "x"}},
            {},
            "a check is one of",
        ),
        (
            {"table_sum": {"tricks": 1}, "max": {"hands": 1}, "why": {"en": "x"}},
            {},
            'unknown field "hands"',
        ),
        ({"table_sum": {"tricks": 1}, "max": {}, "why": {"en": "x"}}, {}, "checks[0].max"),
        (
            {"table_sum": {"tricks": 1}, "max": {"cards": 1}, "why": {"en": "x"}},
            {"deal": {"dealer": "rotates"}},
            '"cards" in a range needs',
        ),
        (
            {"players_with": {"lines": ["won"], "min": 1}, "at_most": -1, "why": {"en": "x"}},
            {},
            "at_most",
        ),
    ],
)
def test_the_new_forms_are_checked_with_the_file(check, more, words):
    with pytest.raises(TemplateError) as error:
        load_template(game_with(check, **more), "tricks.json")
    assert words in str(error.value)


def test_a_check_may_not_mix_lines_of_rounds_and_of_the_end():
    data = {
        **TRICKS,
        "lines": [*TRICKS["lines"], {"key": "end", "kind": "points", "label": {"en": "End"}}],
        "checks": [{"sum": {"tricks": 1, "end": 1}, "max": 3, "why": {"en": "x"}}],
    }
    with pytest.raises(TemplateError) as error:
        load_template(data, "tricks.json")
    assert "not both" in str(error.value)


def test_a_round_that_breaks_a_check_is_not_counted_nor_any_after_it():
    """Skull King, round 1 deals one card and both players took a trick: the round is not
    counted for anyone, and round 2 after it neither (a blank in place of the tricks
    would still score: Ana's bid of 1 would be a missed bid, −10)."""
    from scorepad.core.catalogue import find_game
    from scorepad.core.problems import check_sheet

    skull_king = find_game("skull-king")
    players = [
        PlayerSheet("Ana", {"bid": [1, 1], "tricks": [1, 1], "bonus": [0, 0]}),
        PlayerSheet("Ben", {"bid": [0, 1], "tricks": [1, 1], "bonus": [0, 0]}),
    ]
    checked = check_sheet(skull_king, None, players)
    assert [(p.error.key, p.round, p.player) for p in checked.problems] == [
        ("check.table_round", 1, 0),
        ("check.table_round", 1, 1),
    ]
    assert checked.scored is not None
    assert [p.total for p in checked.scored.players] == [0, 0]
    assert checked.scored.played_rounds == 0
    fine = [
        PlayerSheet("Ana", {"bid": [1, 1, 0], "tricks": [1, 1, 0]}),
        PlayerSheet("Ben", {"bid": [0, 1, 1], "tricks": [0, 1, 4]}),
    ]
    checked = check_sheet(skull_king, None, fine)  # round 3: Ben took 4 of 3 cards
    assert checked.scored is not None
    assert [p.total for p in checked.scored.players] == [40, 30]  # rounds 1 and 2
