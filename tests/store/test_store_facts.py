"""The history as the club's computations read it (``Store.facts``)."""

from __future__ import annotations

from datetime import datetime

import pytest
from store_sheets import azul, edit, glass

from scorepad.core import PlayerSheet
from scorepad.store import StoreError, open_store
from scorepad.store.facts import read_facts


def test_facts_are_the_counted_plays_oldest_first_with_their_seats(store):
    late = azul(store, "2024-05-02T20:00", {"Ana": 30, "Ben": 41, "Cy": 41}, duration=45)
    early = glass(store, "2024-03-02T21:00")
    gone = azul(store, "2024-04-01T20:00", {"Ana": 1, "Ben": 2})
    ignored = azul(store, "2024-04-02T20:00", {"Ana": 3, "Ben": 4})
    store.delete_play(gone)
    store.set_ignored(ignored, True)

    facts = store.facts()

    assert [f.id for f in facts] == [early, late]
    first, second = facts
    assert (first.game, first.played_at, first.minutes) == (
        "glass-road",
        datetime(2024, 3, 2, 21, 0),
        70,
    )
    assert [(s.player, s.rank, s.winner, s.total_halves) for s in first.seats] == [
        ("Ana", 2, False, 43),
        ("Ben", 1, True, 44),
    ]
    assert second.minutes == 45
    assert [(s.player, s.rank, s.winner) for s in second.seats] == [
        ("Ana", 3, False),
        ("Ben", 1, True),
        ("Cy", 1, True),
    ]
    assert second.winners == ("Ben", "Cy")
    assert [f.id for f in store.facts(since=datetime(2024, 4, 1))] == [late]

    store.restore_play(gone)
    assert [f.id for f in store.facts()] == [early, gone, late]


def test_settings_kept_with_the_history_come_back_and_refuse_floats(store):
    assert store.settings() == {}
    store.set_setting("night_gap_hours", 6)
    store.set_setting("place_points", [3, 2, 1])
    store.set_setting("ratings", False)
    assert store.settings() == {"night_gap_hours": 6, "place_points": [3, 2, 1], "ratings": False}
    store.set_setting("night_gap_hours", None)
    assert store.settings() == {"place_points": [3, 2, 1], "ratings": False}
    with pytest.raises(StoreError, match="place_points"):
        store.set_setting("place_points", [3, 2.5, 1])
    with pytest.raises(StoreError, match="1 to 64"):
        store.set_setting("x" * 65, 1)
    assert store.settings()["place_points"] == [3, 2, 1]


def _seen(facts):
    return [
        (f.id, f.game, f.played_at, tuple((s.player, s.rank, s.total_halves) for s in f.seats))
        for f in facts
    ]


def test_facts_kept_between_asks_follow_every_change_and_read_only_what_it_touched(url, store):
    """``Store.facts`` keeps what it read: each answer equals a fresh read of the
    history, and a change re-reads only the plays from the earliest one it touched."""
    plays = [
        azul(store, f"2024-0{month}-01T20:00", {"Ana": month, "Ben": 10 - month})
        for month in range(1, 8)
    ]
    cache = store._facts
    assert _seen(store.facts()) == _seen(read_facts(store.db))
    first = cache.reads
    assert first == 7
    assert store.facts() is store.facts()  # nothing changed: nothing read
    assert cache.reads == first

    store.delete_play(plays[5])  # June: June and July read again
    assert _seen(store.facts()) == _seen(read_facts(store.db))
    assert cache.reads == first + 1  # July alone is left from June on
    azul(store, "2024-08-01T20:00", {"Ana": 3, "Cy": 4})
    store.rename_player("Ben", "Benedikt")  # touches no play: the names follow all the same
    facts = store.facts()
    assert _seen(facts) == _seen(read_facts(store.db))
    assert "Benedikt" in facts[0].players and "Ben" not in facts[0].players
    before = cache.reads
    moved = [PlayerSheet("Ana", {"marker": 50}), PlayerSheet("Benedikt", {"marker": 1})]
    when = datetime(2024, 9, 1, 20, 0)
    store.update_play(plays[1], edit(store, plays[1], moved, played_at=when))  # Feb to Sept
    assert _seen(store.facts()) == _seen(read_facts(store.db))
    # from February on, the first half of the plays: every play read again, as one walk
    assert cache.reads - before == len(read_facts(store.db)) == 7

    with open_store(url) as other:  # another program's write: everything read again
        azul(other, "2023-12-31T20:00", {"Dee": 1, "Ana": 2})
    before = cache.reads
    assert _seen(store.facts()) == _seen(read_facts(store.db))
    assert cache.reads - before == len(read_facts(store.db))


def test_a_year_in_review_from_the_plays_kept_equals_the_year_read_afresh(store):
    for when, scores in (
        ("2023-05-01T20:00", {"Ana": 3, "Ben": 5}),
        ("2024-01-01T00:00", {"Ana": 7, "Cy": 2}),
        ("2024-06-01T20:00", {"Ben": 4, "Cy": 9, "Ana": 1}),
        ("2024-12-31T23:59", {"Ana": 8, "Ben": 8}),
        ("2025-01-01T00:00", {"Dee": 2, "Ana": 1}),
    ):
        azul(store, when, scores)
    glass(store, "2024-03-02T21:00")
    afresh = {(y, p): store.review(y, p) for y in (2023, 2024, 2025) for p in (None, "Ana", "cy")}
    assert store._facts.kept(store.db) is None  # nothing kept yet: each year read on its own
    store.facts()
    assert store._facts.kept(store.db) is not None
    kept = {(y, p): store.review(y, p) for y in (2023, 2024, 2025) for p in (None, "Ana", "cy")}
    assert kept == afresh
    assert afresh[2024, None].plays == 4 and afresh[2024, "Ana"].new_games == ("glass-road",)
