"""Achievements (``club.achievements``): the shipped files, the reader's problems, each kind."""

from __future__ import annotations

import json

import pytest
from club_plays import coop, play, ranked, seat

from scorepad.club.achievements import (
    FOLDER,
    KINDS,
    AchievementError,
    ClubHistory,
    RoundFact,
    achievement_problems,
    earned,
    read_achievement,
    shipped,
)
from scorepad.core.i18n import LANGS


def by_id(history: ClubHistory) -> dict[str, list[tuple[str, int, str | None, int]]]:
    found: dict[str, list[tuple[str, int, str | None, int]]] = {}
    for e in earned(history):
        found.setdefault(e.achievement.id, []).append((e.player, e.play_id, e.game, e.times))
    return found


def test_every_shipped_file_reads_and_names_itself_in_every_language():
    files = sorted(FOLDER.glob("*.json"))
    assert len(files) >= 6
    ids = [a.id for a in shipped()]
    assert ids == [f.stem for f in files]
    kinds = {a.kind for a in shipped()}
    assert {"first_win", "plays_of_game", "shared_victory", "comeback"} <= kinds
    assert {"personal_best", "game_best"} <= kinds
    for achievement in shipped():
        for lang in LANGS:
            assert achievement.name[lang].strip() and achievement.description[lang].strip()


def test_a_bad_file_gives_every_problem_at_once_naming_file_and_field():
    text = json.dumps(
        {
            "id": "ten",
            "kind": "plays_of_game",
            "params": {"plays": 1, "games": 3},
            "name": {"en": "Ten", "fr": "Dix", "xx": "?"},
            "description": "ten plays",
            "colour": "red",
        }
    )
    problems = [p.message("en") for p in achievement_problems(text, "ten-plays.json")]
    assert all(p.startswith("ten-plays.json, field ") for p in problems), problems
    joined = "\n".join(problems)
    for expected in (
        'field colour: unknown field "colour"',
        'field params.games: unknown field "games"; allowed here: plays',
        "field params.plays: 1 is too small: at least 2",
        "field name.es: missing",
        "field name.de: missing",
        'field name.xx: unknown field "xx"',
        "field description: missing",
        'field id: the id "ten" must be the file\'s name (ten-plays.json)',
    ):
        assert expected in joined, (expected, problems)
    with pytest.raises(AchievementError) as raised:
        read_achievement(text, "ten-plays.json")
    assert len(raised.value.problems) == len(problems) == 8
    assert raised.value.message("de").startswith("ten-plays.json: ten-plays.json, Feld ")


def test_unknown_kinds_and_broken_json_are_named():
    (problem,) = [p.message("en") for p in achievement_problems("{", "x.json")]
    assert problem.startswith("x.json, field 1:2: not JSON")
    text = json.dumps({"id": "x", "kind": "lucky", "name": {}, "description": {}})
    joined = "\n".join(p.message("fr") for p in achievement_problems(text, "x.json"))
    assert 'champ kind : type inconnu "lucky"' in joined
    assert "first_win" in joined


def test_the_kinds_are_a_registry_one_function_each():
    assert set(KINDS) == {
        "first_win",
        "plays_of_game",
        "shared_victory",
        "comeback",
        "personal_best",
        "game_best",
    }
    assert KINDS["plays_of_game"].params == {"plays": (10, 2)}


def test_first_win_once_per_player_with_its_play_and_how_often():
    plays = [
        ranked("2025-01-01T20:00", "azul", {"Ana": 10, "Ben": 20}),
        ranked("2025-01-02T20:00", "azul", {"Ana": 30, "Ben": 20}),
        ranked("2025-01-03T20:00", "azul", {"Ana": 30, "Ben": 20}),
    ]
    found = by_id(ClubHistory(plays))["first-win"]
    assert found == [("Ben", plays[0].id, None, 1), ("Ana", plays[1].id, None, 2)]


def test_ten_plays_of_one_game_counts_per_game():
    plays = [ranked(f"2025-02-{d:02d}T20:00", "azul", {"Ana": d, "Ben": 1}) for d in range(1, 11)]
    plays.insert(3, ranked("2025-02-03T21:00", "carcassonne", {"Ana": 1, "Ben": 2}))
    found = by_id(ClubHistory(plays))["ten-plays"]
    assert [(p, pid, g) for p, pid, g, _ in found] == [
        ("Ana", plays[-1].id, "azul"),
        ("Ben", plays[-1].id, "azul"),
    ]
    assert "ten-plays" not in by_id(ClubHistory(plays[:-1]))


def test_a_shared_victory_is_a_cooperative_win_or_a_tie_for_first():
    lost = coop("2025-03-01T20:00", "pandemic", ["Ana", "Ben"], won=False)
    won = coop("2025-03-02T20:00", "pandemic", ["Ana", "Ben"], won=True)
    tie = ranked("2025-03-03T20:00", "azul", {"Cy": 50, "Di": 50, "Ed": 10})
    team = play(
        "2025-03-04T20:00", "codenames", seat("Fe", 1, team="red"), seat("Gu", 1, team="red")
    )
    found = by_id(ClubHistory([lost, won, tie, team]))["shared-victory"]
    assert [(p, pid) for p, pid, _, _ in found] == [
        ("Ana", won.id),
        ("Ben", won.id),
        ("Cy", tie.id),
        ("Di", tie.id),
    ]


def test_a_comeback_is_last_after_a_round_and_the_winner_at_the_end():
    back = ranked("2025-04-01T20:00", "skull-king", {"Ana": 90, "Ben": 80, "Cy": 70})
    led = ranked("2025-04-02T20:00", "skull-king", {"Ana": 90, "Ben": 80})
    tied_last = ranked("2025-04-03T20:00", "skull-king", {"Ana": 90, "Ben": 80})
    rounds = {
        # Ana last after round 1 (alone), first at the end
        back.id: RoundFact(back.id, ((-20, 40, 180), (40, 60, 160), (20, 80, 140))),
        led.id: RoundFact(led.id, ((40, 90, 180), (20, 80, 160))),
        # last together with another player is not last alone
        tied_last.id: RoundFact(tied_last.id, ((40, 180), (40, 160))),
    }
    found = by_id(ClubHistory([back, led, tied_last], rounds))
    assert found["comeback"] == [("Ana", back.id, None, 1)]


def test_a_comeback_where_the_lowest_total_wins_is_from_the_highest():
    nimmt = play("2025-04-05T20:00", "6-nimmt", seat("Ana", 1, 20), seat("Ben", 2, 70))
    rounds = {nimmt.id: RoundFact(nimmt.id, ((40, 40), (0, 140)))}
    history = ClubHistory([nimmt], rounds, frozenset({"6-nimmt"}))
    assert by_id(history)["comeback"] == [("Ana", nimmt.id, None, 1)]
    assert "comeback" not in by_id(ClubHistory([nimmt], rounds))  # highest wins: Ana led


def test_a_personal_best_is_beaten_after_three_scored_plays():
    scores = [50, 60, 55, 58, 70, 65, 71]
    plays = [
        ranked(f"2025-05-{n:02d}T20:00", "azul", {"Ana": s, "Ben": 10})
        for n, s in enumerate(scores, 1)
    ]
    found = by_id(ClubHistory(plays))["personal-best"]
    # 60 beats 50 after one play only; 70 beats 60 after four; 71 beats 70 again
    assert found == [("Ana", plays[4].id, "azul", 2)]
    lowest = by_id(ClubHistory(plays, lowest_wins=frozenset({"azul"})))
    assert "personal-best" not in lowest  # with the lowest winning, Ana never improved on 50


def test_a_games_best_ever_is_beaten_once_the_game_has_ten_plays():
    plays = [
        ranked(f"2025-06-{n:02d}T20:00", "azul", {"Ana": 50 + n, "Ben": 40}) for n in range(1, 11)
    ]
    plays.append(ranked("2025-06-20T20:00", "azul", {"Ben": 80, "Ana": 20}))
    found = by_id(ClubHistory(plays))["game-record"]
    assert found == [("Ben", plays[-1].id, "azul", 1)]


def test_achievements_follow_the_history_after_a_change():
    win = ranked("2025-07-01T20:00", "azul", {"Ana": 50, "Ben": 40})
    assert [e.player for e in earned(ClubHistory([win]))] == ["Ana"]
    fixed = ranked("2025-07-01T20:00", "azul", {"Ana": 30, "Ben": 40})
    assert [e.player for e in earned(ClubHistory([fixed]))] == ["Ben"]
    assert earned(ClubHistory([])) == []
