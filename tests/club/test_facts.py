"""The club's values of the history (``scorepad.club.facts``): what a whole history's
reading leaves to Python's cycle collector."""

from __future__ import annotations

import gc

from scorepad.club.facts import many_objects


def test_what_is_made_while_paused_goes_to_the_oldest_generation():
    # left in the young generations, the collections after reading 100,000 plays walked
    # every fact once in each of them (about 250 ms)
    with many_objects():
        assert not gc.isenabled()
        made = [[n] for n in range(1000)]
    assert gc.isenabled()
    young = {id(o) for generation in (0, 1) for o in gc.get_objects(generation=generation)}
    assert not any(id(item) in young for item in made)
    assert any(o is made[0] for o in gc.get_objects(generation=2))


def test_nested_or_already_paused_the_collector_is_left_as_it_was():
    gc.disable()
    try:
        with many_objects():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
    with many_objects():
        with many_objects():
            pass
        assert not gc.isenabled()
    assert gc.isenabled()


def test_values_made_the_fast_way_are_the_dataclasses_own():
    from dataclasses import FrozenInstanceError, replace
    from datetime import datetime

    import pytest

    from scorepad.club.facts import PlayFact, SeatFact, made_play, made_seat

    fields = ("Ana", 3, 1, True, 153, None, False)
    seat, made = SeatFact(*fields), made_seat(*fields)
    assert type(made) is SeatFact and made == seat and hash(made) == hash(seat)
    assert repr(made) == repr(seat) and replace(made, rank=2) == replace(seat, rank=2)
    play = (7, "u7", "azul", datetime(2025, 1, 2, 20, 0), None, 45, None, None, "Club", (made,))
    assert made_play(*play) == PlayFact(*play) and type(made_play(*play)) is PlayFact
    with pytest.raises(FrozenInstanceError):
        made.rank = 2  # type: ignore[misc]
