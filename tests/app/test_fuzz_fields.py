"""Every text field of every screen, fuzzed at the protocol level in a served app: hostile
values typed as a browser sends them (the value, then change, submit and blur events), on
Home, New play, sheets of several kinds of games (a board game, Azul; a round game, Skull
King; rates, Glass Road; modules and awards, Sushi Go Party!; teams, Codenames), History, a
play, its edit, Stats, Players, Games, the game editor and Settings. No frame the server
sends may hold a traceback's text, no session may crash, and the server keeps answering
every screen, a new device too."""

from __future__ import annotations

import os

import pytest
from conftest import history_path, start_app, stop, wait_for_port
from flet_client import Page

from scorepad.core import PlayerSheet, find_game
from scorepad.store import open_store

pytestmark = pytest.mark.slow  # a thousand values through a real server

HOSTILE = [
    "9" * 5000,
    "²",
    "1:²",
    "١٢٣",
    "🎲 Zoë 王",
    "\x00\x1b[31m\t\n\r\u2028",
    "x" * 100_000,
    "",
    "-5",
    "-1e309",
    "1e309",
    "NaN",
    "Infinity",
    "1/0",
    "5+" * 2000 + "5",
    "((((((((((((((((((((1))))))))))))))))))))",
    "../../../../etc/passwd",
    "2024-02-30",
]
"""What is typed into every field: huge digits, characters that look like digits, other
scripts, control characters, 100 KB, nothing, negatives, floats past any double, sums of
thousands of terms, a path, a date that does not exist."""

HOUSE = {
    "id": "house-game",
    "name": {"en": "House game"},
    "players": {"min": 2, "max": 4},
    "lines": [{"key": "gold", "kind": "count", "per": 2, "label": {"en": "Gold"}}],
}

SCREENS = [
    "/",
    "/new",
    "/new/azul",
    "/new/azul?players=Ana,Ben",
    "/new/skull-king?players=Ana,Ben",
    "/new/glass-road?players=Ana,Ben",
    "/new/sushi-go-party?players=Ana,Ben&modules=eel,miso-soup",
    "/new/codenames?players=Ana,Ben,Carla,Dan",
    "/history",
    "/play/1",
    "/play/1/edit",
    "/play/2/edit",
    "/stats",
    "/players",
    "/games",
    "/games/new",
    "/games/edit/house-game",
    "/settings",
]
WITH_FIELDS = {
    "/new/azul",
    "/new/azul?players=Ana,Ben",
    "/new/skull-king?players=Ana,Ben",
    "/new/glass-road?players=Ana,Ben",
    "/history",
    "/play/1/edit",
    "/games",
    "/games/new",
    "/games/edit/house-game",
}
"""Screens that surely show text fields: a screen found without any fails the test (the
client would be fuzzing nothing)."""


EVERY_VALUE_IN_EVERY_FIELD = os.environ.get("SCOREPAD_FUZZ_ALL") == "1"
"""Every value of ``HOSTILE`` in every field (about four minutes); else each screen gets
every value, shared out among its fields in turn (a screen's fields share its handlers)."""

SHARES = 3


def values_for(n: int, fields: int) -> list[str]:
    """The hostile values field ``n`` of a screen with ``fields`` fields is given: all of
    them, or a share, the shares of its first fields covering every value."""
    if EVERY_VALUE_IN_EVERY_FIELD or fields < SHARES:
        return HOSTILE
    return HOSTILE[n % SHARES :: SHARES]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    data = tmp_path_factory.mktemp("fuzz")
    with open_store(history_path(data)) as store:
        azul = find_game("azul")
        players = [PlayerSheet("Ana", {"marker": 40}), PlayerSheet("Ben", {"marker": 35})]
        store.save_play(azul, None, players, "2024-05-01", location="Club", notes="close")
        glass = find_game("glass-road")
        players = [PlayerSheet("Ana", {"buildings": 20}), PlayerSheet("Ben", {"buildings": 21})]
        store.save_play(glass, None, players, "2024-05-02")
        store.create_game(HOUSE)
    process, port = start_app(data, "--no-browser")
    try:
        wait_for_port(port, process)
        yield port
    finally:
        out = stop(process)
    # stricter than what reaches a device: not one handler failed (the boundary, which
    # would have logged it, had nothing to do)
    assert "Traceback" not in out, out[-20_000:]


@pytest.mark.parametrize("route", SCREENS)
def test_hostile_values_in_every_field_never_reach_a_device_as_a_traceback(served, route):
    page = Page(served, route)
    page.read_until(lambda: len(page.controls("Text")) > 2, 60)  # the screen is shown
    page.drain(quiet=1)
    fields = [c["_i"] for c in page.controls("TextField")]
    if route in WITH_FIELDS:
        assert fields, f"no text field found on {route}"
    for n, field in enumerate(fields):
        for value in values_for(n, len(fields)):
            page.type(field, value, "submit", "blur")
            page.received_all()  # as a person types: one value at a time, not a flood
    page.drain(quiet=1, most=120)
    assert page.crashed == [], page.crashed
    traces = list(page.traces())
    assert traces == [], traces[0][:2000]
    assert not page.closed, "the server closed the page's connection"
    page.close()
    again = Page(served, "/")  # a new device: the server still answers, with Home
    again.read_until(lambda: again.content("recent") is not None, 60)
    again.close()
