"""Who won, where a player looks for it: Home's recent plays say it with the score, and
a saved play's screen names the "no tie-breaker" rule only when there was a tie. In a
real Chromium at phone and desktop size, over the server's SQLite history."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import DESKTOP, PHONE, history_path
from playwright.sync_api import expect

from scorepad.core import PlayerSheet, find_game
from scorepad.store import Store, open_store

pytestmark = pytest.mark.browser
RULE = "no tie-breaker; tied players share the victory"


@pytest.fixture
def store(data_dir) -> Iterator[Store]:
    opened = open_store(history_path(data_dir))
    yield opened
    opened.close()


def captions(app) -> str:
    """The texts under the play's table (``play-caption-N``), the screen wheeled from top
    to end (Flutter puts only what is near the screen in the page)."""
    size = app.page.viewport_size
    app.page.mouse.move(size["width"] / 2, size["height"] / 2)
    app.page.mouse.wheel(0, -5000)
    seen: set[str] = set()
    for _ in range(20):
        app.page.wait_for_timeout(200)
        nodes = app.page.locator('[flt-semantics-identifier^="play-caption-"]')
        seen |= {nodes.nth(i).inner_text() for i in range(nodes.count())}
        app.page.mouse.wheel(0, size["height"] / 2)
    return " ".join(sorted(seen))


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_recent_plays_say_who_won_and_the_tie_rule_shows_only_on_a_tie(app, store, size):
    road = find_game("glass-road")  # a game without tie-breakers
    alone = store.save_play(
        road,
        None,
        [PlayerSheet("Ana", {"buildings": 20}), PlayerSheet("Ben", {"buildings": 15})],
        played_at="2030-01-01 20:00",  # newer than any other test's play
    )
    tied = store.save_play(
        road,
        None,
        [PlayerSheet("Cleo", {"buildings": 9}), PlayerSheet("Dan", {"buildings": 9})],
        played_at="2030-01-02 20:00",
    )
    try:
        check(app, size, alone, tied)
    finally:
        store.delete_play(alone)
        store.delete_play(tied)


def check(app, size: dict[str, int], alone: int, tied: int) -> None:
    app.page.set_viewport_size(size)
    app.open("/")
    expect(app.node("recent-1")).to_contain_text(
        "2030-01-02 · Glass Road · Cleo and Dan share the win, 9"
    )
    expect(app.node("recent-2")).to_contain_text("2030-01-01 · Glass Road · Ana wins, 20")
    app.go(f"/play/{alone}")
    expect(app.node("result")).to_contain_text("Ana")
    assert RULE not in captions(app)
    app.go(f"/play/{tied}")
    expect(app.node("result")).to_contain_text("Cleo")
    assert RULE in captions(app)
