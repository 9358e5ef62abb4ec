"""The server keeps its devices' screens out of the cycle collector's walks while they are
shown, and gives them back when a session ends: garbage in cycles waits, but is freed."""

from __future__ import annotations

import gc
import weakref
from types import SimpleNamespace

from scorepad.ui import collector


class Screen:
    """A part of a screen that refers to itself, as a control and its handler do."""

    def __init__(self) -> None:
        self.me = self


def cycle() -> tuple[Screen, weakref.ref[Screen]]:
    screen = Screen()
    return screen, weakref.ref(screen)


def test_off_the_collector_freezes_nothing():
    assert gc.get_freeze_count() == 0
    collector.joined()
    collector.settled()
    assert gc.get_freeze_count() == 0
    screen, ref = cycle()
    del screen
    gc.collect()
    assert ref() is None


def test_a_screen_shown_is_out_of_the_walks_until_its_session_ends():
    collector.turn_on()
    try:
        fresh, fresh_ref = cycle()
        del fresh  # garbage from before the screen was sent: collected, not frozen
        shown, shown_ref = cycle()
        collector.joined()
        assert fresh_ref() is None
        assert gc.get_freeze_count() > 0
        del shown  # the device goes to another screen: garbage, in a cycle, frozen
        gc.collect()
        assert shown_ref() is not None
        collector.left()  # a session ends: everything goes back to the collector
        assert gc.get_freeze_count() == 0
        gc.collect()
        assert shown_ref() is None
    finally:
        collector.turn_off()
    assert gc.get_freeze_count() == 0


def test_a_session_ending_gives_its_screens_back():
    """The app's Shell says so when Flet closes its page."""
    from scorepad.ui.app import Shell

    left: list[bool] = []
    shell = Shell.__new__(Shell)
    shell.ctx = SimpleNamespace(leave=lambda: left.append(True))  # type: ignore[assignment]
    collector.turn_on()
    try:
        collector.joined()
        assert gc.get_freeze_count() > 0
        shell.closed()
        assert left == [True] and gc.get_freeze_count() == 0
    finally:
        collector.turn_off()
