"""A year in review worked out by hand (``club.review``): each figure's definition."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import date
from types import SimpleNamespace

import pytest
from club_plays import coop, play, ranked, seat

from scorepad.club.review import (
    ReviewError,
    Tally,
    as_json,
    best_lines,
    find_player,
    parse_year,
    review_lines,
    title,
    year_review,
)
from scorepad.core.i18n import LANGS

HISTORY = [
    ranked("2024-12-30T20:00", "azul", {"Ana": 70, "Ben": 60}),
    ranked("2025-01-03T20:00", "azul", {"Ana": 50, "Ben": 65, "Cy": 40}, minutes=45),
    ranked("2025-01-04T20:00", "azul", {"Ana": 80, "Ben": 70}, minutes=30),
    ranked("2025-01-05T21:00", "carcassonne", {"Ana": 100, "Ben": 90}),
    ranked("2025-01-05T23:00", "carcassonne", {"Ana": 110, "Cy": 90}),
    coop("2025-03-01T20:00", "pandemic", ["Ana", "Ben"], won=True),
    ranked("2025-03-09T20:00", "azul", {"Ana": 40, "Ben": 75}),
    ranked("2026-01-01T20:00", "azul", {"Ana": 99, "Ben": 1}),
]


def test_a_players_year_counts_their_plays_games_and_firsts():
    review = year_review(HISTORY, 2025, "Ana")
    assert review.plays == 6
    assert (review.minutes, review.timed) == (75, 2)
    assert review.games == 3
    assert review.new_games == ("carcassonne", "pandemic")  # azul: first played in 2024
    assert review.top_games == (("azul", 3), ("carcassonne", 2), ("pandemic", 1))
    assert review.most_played == ("azul", 3)
    # 3 games; 2 of them played at least twice; not 3 played at least 3 times
    assert review.h_index == 2
    assert review.wins == 4  # Jan 4, Jan 5 twice, the co-operative win
    assert review.months[0] == 4 and review.months[2] == 2 and sum(review.months) == 6


def test_streaks_are_days_in_a_row_and_wins_in_a_row():
    review = year_review(HISTORY, 2025, "Ana")
    # Jan 3, 4, 5: three days in a row
    assert (review.day_streak.length, review.day_streak.start, review.day_streak.end) == (
        3,
        date(2025, 1, 3),
        date(2025, 1, 5),
    )
    # won Jan 4, Jan 5, Jan 5, Mar 1 (together): four in a row, lost Mar 9
    assert (review.win_streak.length, review.win_streak.start, review.win_streak.end) == (
        4,
        date(2025, 1, 4),
        date(2025, 3, 1),
    )
    assert review.busiest_day == (date(2025, 1, 5), 2)


def test_nemesis_victim_and_most_frequent_opponent():
    review = year_review(HISTORY, 2025, "Ana")
    assert review.opponent == ("Ben", 5)
    assert review.nemesis == ("Ben", 2)  # Jan 3 and Mar 9 (the co-operative play left out)
    # Ana finished ahead of Ben twice (Jan 4, Jan 5) and of Cy twice (Jan 3, Jan 5):
    # equals go by name
    assert review.victim == ("Ben", 2)
    ben = year_review(HISTORY, 2025, "Ben")
    assert ben.nemesis == ("Ana", 2)
    assert ben.victim == ("Ana", 2)


def test_best_scores_are_the_years_not_the_earlier_ones_and_follow_the_direction():
    review = year_review(HISTORY, 2025)
    assert [(b.game, b.player, b.total_halves) for b in review.best] == [
        ("azul", "Ana", 160),
        ("carcassonne", "Ana", 220),
    ]
    lowest = year_review(HISTORY, 2025, lowest_wins=frozenset({"azul"}))
    assert (lowest.best[0].player, lowest.best[0].total_halves) == ("Cy", 80)


def test_the_whole_historys_year_names_the_busiest_players_and_the_longest_streak():
    review = year_review(HISTORY, 2025)
    assert review.plays == 6
    assert review.players[:3] == (("Ana", 6), ("Ben", 5), ("Cy", 2))
    assert (review.win_streak.length, review.win_streak.player) == (4, "Ana")
    assert review.opponent is None and review.nemesis is None
    assert review.wins == 6  # every play had a winner, the co-operative one won


def test_only_the_years_facts_with_the_games_played_before_give_the_same_review():
    whole = year_review(HISTORY, 2025, "Ana")
    year = [f for f in HISTORY if f.played_at.year == 2025]
    assert year_review(year, 2025, "Ana", before=frozenset({"azul"})) == whole
    assert year_review(year, 2025, "Ana").new_games == ("azul", "carcassonne", "pandemic")


def test_a_year_without_plays_is_an_empty_review():
    review = year_review(HISTORY, 2019)
    assert (review.plays, review.games, review.h_index, review.busiest_day) == (0, 0, 0, None)
    assert review.day_streak.length == 0 and review.best == ()


def test_years_and_players_are_checked_with_a_clear_message():
    assert parse_year(" 2025 ") == 2025
    for bad in ("abc", "25000", "-3", "", "2025.5"):
        with pytest.raises(ReviewError, match="is not a year"):
            parse_year(bad)
    assert find_player(["Ana", "Ben"], "ben") == "Ben"
    with pytest.raises(ReviewError, match='no player called "Zoë"'):
        find_player(["Ana", "Ben"], "Zoë")


def test_the_json_has_the_documented_keys_and_exact_totals():
    data = as_json(
        year_review([*HISTORY, ranked("2025-06-01T10:00", "glass-road", {"Di": 0})], 2025)
    )
    for key in ("plays", "minutes", "games", "new_games", "h_index", "top_games"):
        assert key in data
    assert data["top_games"][0] == {"game": "azul", "plays": 3}
    best = {b["game"]: b["total"] for b in data["best_scores"]}
    assert best["azul"] == 80 and isinstance(best["azul"], int)


def test_halves_stay_exact():
    ana = seat("Ana", 1, None)
    half = play("2025-05-05T20:00", "glass-road", replace(ana, total_halves=43))  # 21.5
    review = year_review([half], 2025)
    assert as_json(review)["best_scores"][0]["total"] == 21.5
    assert best_lines(review, "de", {"glass-road": "Glass Road"})[0].value.startswith("21,5 ")


@pytest.mark.parametrize("lang", LANGS)
def test_every_figure_reads_in_every_language(lang):
    names = {"azul": "Azul", "carcassonne": "Carcassonne", "pandemic": "Pandemic"}
    for player in ("Ana", None):
        review = year_review(HISTORY, 2025, player)
        lines = review_lines(review, lang, names)
        assert all(line.label and line.value for line in lines)
        keys = [line.key for line in lines]
        assert {"plays", "hours", "games", "new-games", "h-index", "busiest-day"} <= set(keys)
        assert ("nemesis" in keys) == (player is not None)
        assert "2025" in title(review, lang)


@pytest.mark.parametrize("seed", range(6))
def test_plain_seats_count_as_the_facts_do(seed):
    # the store reads a whole year's seats as values holding no rank and no team
    # (``Tally.add_play``): the same review as from the facts, on random plays with ties,
    # co-operative plays won and lost, the hidden player and equal best totals
    rnd = random.Random(seed)
    facts = []
    for day in range(200):
        when = f"2025-{1 + day % 12:02d}-{1 + day % 28:02d}T{rnd.randint(10, 23)}:00"
        names = rnd.sample(["Ana", "Ben", "Cy", "Dee", "Anonymous"], rnd.randint(2, 4))
        if rnd.random() < 0.15:
            facts.append(coop(when, "pandemic", names, won=rnd.random() < 0.5))
            continue
        scores = {n: rnd.randint(1, 5) for n in names}
        fact = ranked(when, rnd.choice(["azul", "6-nimmt"]), scores)
        seats = tuple(replace(s, anonymous=s.player == "Anonymous") for s in fact.seats)
        facts.append(replace(fact, seats=seats))
    facts.sort(key=lambda f: (f.played_at, f.id))
    lowest = frozenset({"6-nimmt"})
    tally = Tally(None, lowest)
    for f in facts:
        plain = tuple(
            SimpleNamespace(
                player=s.player, winner=s.winner, total_halves=s.total_halves, anonymous=s.anonymous
            )
            for s in f.seats
        )
        tally.add_play(f.id, f.game, f.played_at, f.minutes, f.kind, f.outcome, plain)
    assert tally.review(2025, frozenset()) == year_review(
        facts, 2025, lowest_wins=lowest, before=frozenset()
    )
