"""The history as the club's computations read it (``Store.facts``)."""

from __future__ import annotations

from datetime import datetime

import pytest
from store_sheets import azul, glass

from scorepad.store import StoreError


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
