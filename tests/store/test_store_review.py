"""The store's readers for the club's achievements and year in review: one year's facts
through the date index, the games played before it, round plays' running totals and the
games' directions (``store.yearfacts``, ``store.roundfacts``), on SQLite and PostgreSQL."""

from __future__ import annotations

import random
from datetime import datetime

import pytest
from store_sheets import azul, edit, glass

import scorepad.store.yearfacts as yearfacts
from scorepad.club.review import ReviewError, year_review
from scorepad.core import PlayerSheet, builtin_games
from scorepad.store import StoreError

NIMMT = builtin_games()["6-nimmt"]


def nimmt(store, when: str) -> int:
    """6 nimmt!: Ana takes 20 in the first round (last, the most bullheads), nothing after,
    and wins with the fewest; Ben reaches 66 and ends the game."""
    players = [
        PlayerSheet("Ana", {"bullheads": [20, 0, 0]}),
        PlayerSheet("Ben", {"bullheads": [0, 30, 40]}),
        PlayerSheet("Cy", {"bullheads": [0, 10, 15]}),
    ]
    return store.save_play(NIMMT, None, players, when)


def test_a_year_reads_only_its_counted_plays_with_their_seats(store):
    before = azul(store, "2024-12-31T23:00", {"Ana": 10, "Ben": 20})
    first = azul(store, "2025-01-01T00:00", {"Ana": 30, "Ben": 41, "Cy": 41}, duration=45)
    second = glass(store, "2025-06-02T21:00")
    gone = azul(store, "2025-04-01T20:00", {"Ana": 1, "Ben": 2})
    ignored = azul(store, "2025-04-02T20:00", {"Ana": 3, "Ben": 4})
    after = azul(store, "2026-01-01T00:00", {"Ana": 5, "Ben": 6})
    store.delete_play(gone)
    store.set_ignored(ignored, True)

    review = store.review(2025)
    facts = [f for f in store.facts() if f.played_at.year == 2025]
    assert [f.id for f in facts] == [first, second]
    assert review == year_review(store.facts(), 2025)
    assert review.plays == 2 and review.minutes == 115 and review.timed == 2
    assert review.new_games == ("glass-road",)  # Azul was first played in 2024
    assert (review.best[0].game, review.best[0].total_halves) == ("azul", 82)
    assert store.review_years() == [2026, 2025, 2024]
    assert {before, after}.isdisjoint({f.id for f in facts})


def test_a_players_year_reads_their_plays_and_their_own_firsts(store):
    azul(store, "2024-05-01T20:00", {"Ben": 20, "Cy": 10})
    mine = azul(store, "2025-02-01T20:00", {"Ana": 30, "Ben": 40})
    azul(store, "2025-02-02T20:00", {"Ben": 30, "Cy": 40})
    review = store.review(2025, "ana")  # any case: the history's name comes back
    assert review.player == "Ana"
    assert review.plays == 1 and review.best[0].play_id == mine
    assert review.new_games == ("azul",)  # Ana's first Azul, though not the history's
    assert review.nemesis == ("Ben", 1)
    assert store.review(2025, "Ben").new_games == ()
    assert review == year_review(store.facts(), 2025, "Ana")
    with pytest.raises(ReviewError, match='no player called "Zoë"'):
        store.review(2025, "Zoë")


def test_an_empty_history_has_no_years(store):
    assert store.review_years() == []
    assert store.review(2025).plays == 0


def test_a_comeback_reads_the_running_totals_and_the_lowest_wins(store):
    play = nimmt(store, "2025-03-01T20:00")
    found = {(e.achievement.id, e.player) for e in store.achievements()}
    assert ("comeback", "Ana") in found
    assert ("first-win", "Ana") in found
    comeback = next(e for e in store.achievements() if e.achievement.id == "comeback")
    assert (comeback.play_id, comeback.played_at) == (play, datetime(2025, 3, 1, 20, 0))


def test_achievements_are_worked_out_again_after_a_change(store):
    plays = [azul(store, f"2025-01-{d:02d}T20:00", {"Ana": 50, "Ben": 40}) for d in range(1, 11)]
    earned = {(e.achievement.id, e.player, e.game) for e in store.achievements()}
    assert ("ten-plays", "Ana", "azul") in earned and ("ten-plays", "Ben", "azul") in earned
    store.delete_play(plays[0])
    earned = {(e.achievement.id, e.player) for e in store.achievements()}
    assert ("ten-plays", "Ana") not in earned
    store.restore_play(plays[0])
    store.set_ignored(plays[3], True)
    assert ("ten-plays", "Ana") not in {(e.achievement.id, e.player) for e in store.achievements()}
    store.set_ignored(plays[3], False)
    first = next(e for e in store.achievements() if e.achievement.id == "first-win")
    assert (first.player, first.play_id, first.times) == ("Ana", plays[0], 10)


def test_a_year_read_afresh_equals_the_year_from_the_facts_kept(store):
    # a random history over three years (ties, equal best totals, the lowest winning in
    # 6 nimmt!, durations or none, plays deleted, left out, moved to another year, their
    # players changed): every year's review read afresh (a program's first ask: its own
    # reader, ``store.yearfacts``) equals the review from the facts kept, figure for figure
    rnd = random.Random(32)
    names = ["Ana", "Ben", "Cy", "Dee", "eve", "Fil"]
    ids = []
    for n in range(120):
        when = f"{rnd.choice([2023, 2024, 2025])}-{rnd.randint(1, 12):02d}-{rnd.randint(1, 28):02d}"
        when += f"T{rnd.randint(0, 23):02d}:{rnd.choice([0, 30]):02d}"
        people = rnd.sample(names, rnd.randint(2, 4))
        if n % 5 == 4:
            sheets = [
                PlayerSheet(p, {"bullheads": [rnd.randint(0, 30) for _ in range(2)]})
                for p in people
            ]
            ids.append(store.save_play(NIMMT, None, sheets, when))
        else:
            minutes = rnd.choice([None, 30, 45])
            scores = {p: rnd.randint(1, 4) for p in people}
            ids.append(azul(store, when, scores, duration=minutes))
    for play_id in rnd.sample(ids, 10):
        store.delete_play(play_id)
    for play_id in rnd.sample(ids, 10):
        store.set_ignored(play_id, True)
    for play_id in rnd.sample(ids, 10):
        try:
            store.get_play(play_id)
        except StoreError:
            continue  # deleted
        if store.get_play(play_id).sheet.template.id != "azul":
            continue
        people = rnd.sample(names, 3)
        sheets = [PlayerSheet(p, {"marker": rnd.randint(1, 4)}) for p in people]
        moved = datetime(rnd.choice([2023, 2024, 2025]), 6, rnd.randint(1, 28), 20, 0)
        store.update_play(play_id, edit(store, play_id, sheets, played_at=moved))
    asks = [(year, player) for year in (2022, 2023, 2024, 2025) for player in (None, "Ana", "eve")]
    assert store._facts.facts is None
    afresh = [store.review(year, player) for year, player in asks]
    assert store._facts.facts is None  # each read its year alone
    store.facts()
    kept = [store.review(year, player) for year, player in asks]
    assert afresh == kept
    assert sum(r.plays for r in afresh[3::3]) == len(store.facts())
    assert any(r.best and r.win_streak.length > 1 for r in afresh)


def test_a_whole_years_seats_are_read_from_the_results_index_alone(store):
    # the seats' rows are wide (each holds its entries): a year's seats found by the
    # results' key cost twice what the narrow index of the players' results does
    if store.db.engine.dialect.name != "sqlite":
        pytest.skip("SQLite's query plan")
    azul(store, "2025-01-01T20:00", {"Ana": 30, "Ben": 41})
    sql = yearfacts.REVIEW_SEATS._compile(store.db.engine.dialect)[0]
    bounds = [datetime(2025, 1, 1), datetime(2026, 1, 1)]
    with store.db.cursor() as cursor:
        cursor.execute("EXPLAIN QUERY PLAN " + sql, [str(b) for b in bounds])
        plan = " / ".join(str(row[-1]) for row in cursor.fetchall())
    assert "COVERING INDEX ix_result_player" in plan, plan
    assert store.review(2025).plays == 1
