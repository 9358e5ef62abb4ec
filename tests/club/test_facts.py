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
