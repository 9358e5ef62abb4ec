"""A game outside the catalogue on a 390×844 phone in Chromium: "Another game" at New play,
its name and two players, Go; +5 +1 +10 and −1 tapped for one player and a sum typed for
the other, the totals and the winner, Save, the play in History under the game's name;
then "Make it a game of its own" makes it a custom game (in Manage), the play kept. And a
second phone on the same sheet sees a tap at once."""

from __future__ import annotations

import re

import pytest
from conftest import PHONE, AppPage
from playwright.sync_api import expect

from scorepad.core.quick import quick_id

pytestmark = pytest.mark.browser

NAME = "Wombat Wobble"
PLAYERS = ("Ottilie", "Pankraz")
"""Names no other test uses: the served app and its history are shared by the tests."""
LIVE = "Wombat Relay"
LIVE_PLAYERS = ("Quendolin", "Roderick")


@pytest.fixture
def phones(server: str, browser, data_dir):
    """Two phones on the shared app, each a browser context of its own."""
    contexts = [browser.new_context(viewport=PHONE) for _ in range(2)]
    try:
        yield [AppPage(c.new_page(), server, data_dir) for c in contexts]
    finally:
        for context in contexts:
            context.close()


def start(app: AppPage, name: str, players: tuple[str, str]) -> None:
    """New play's "Another game", the game's name and its players typed, Go: its sheet."""
    app.open("/new")
    app.click("quick-game")
    app.page.wait_for_url("**/quick", timeout=30_000)
    app.type("quick-name", name)
    for n, player in enumerate(players, 1):
        app.type(f"player-{n}", player)
    app.click("quick-go")
    app.page.wait_for_url(re.compile(r".*/sheet/[^/]+$"), timeout=30_000)
    expect(app.node("quick-add-2-10")).to_be_attached(timeout=30_000)


def tap(app: AppPage, ident: str) -> None:
    """Tap a step's button (the node is the button itself)."""
    app.reveal(ident)
    app.node(ident).click()


def fits(app: AppPage) -> None:
    width = app.page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
    for ident in ("quick-sub-1-10", "quick-add-1-10", "quick-add-2-1"):
        box = app.node(ident).bounding_box()
        assert box is not None, ident
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (ident, box)
        assert box["width"] >= 40 and box["height"] >= 40, (ident, box)  # a finger's size


def test_a_quick_game_is_scored_saved_found_and_kept_as_a_game_of_its_own(phones):
    app = phones[0]
    game = quick_id(NAME)
    start(app, NAME, PLAYERS)
    fits(app)
    for ident in ("quick-add-1-5", "quick-add-1-1", "quick-add-1-10", "quick-sub-1-1"):
        tap(app, ident)
    app.draft_when(game, lambda d: d.get("texts", {}).get("points", [""])[0] == "5+1+10-1")
    app.enter(game, "line-points-2", "4+3+2")
    expect(app.node("total-1")).to_have_text("15")
    expect(app.node("total-2")).to_have_text("9")
    expect(app.node("result")).to_contain_text(PLAYERS[0])
    app.click("save")
    app.page.wait_for_url(re.compile(r".*/play/\d+$"), timeout=30_000)
    play = "/play/" + app.page.url.rsplit("/", 1)[1]
    expect(app.node("quick-keep")).to_be_attached()

    app.go("/history")
    rows = app.page.locator('[flt-semantics-identifier^="history-row-"]')
    expect(rows.filter(has_text=NAME).first).to_be_attached()

    app.go("/games")  # not among the user's own games until kept
    expect(app.node("games-import-source")).to_be_attached()
    expect(app.node(f"games-row-{game}")).to_have_count(0)

    app.go(play)
    app.click("quick-keep")
    app.page.wait_for_url(f"**/games/edit/{game}", timeout=30_000)
    expect(app.node("game-save")).to_be_attached()
    app.go("/games")
    expect(app.node(f"games-edit-{game}")).to_be_attached()
    app.go(play)  # the play is still there, on the game kept
    expect(app.node("play-edit")).to_be_attached()
    expect(app.node("result")).to_contain_text(PLAYERS[0])
    expect(app.node("quick-keep")).to_have_count(0)


def test_a_second_phone_on_the_sheet_sees_a_tap_at_once(phones):
    first, second = phones
    start(first, LIVE, LIVE_PLAYERS)
    second.open(first.page.url.removeprefix(first.base))
    expect(second.node("quick-add-2-10")).to_be_attached(timeout=30_000)
    tap(first, "quick-add-2-10")
    expect(second.node("total-2")).to_have_text("10")
    tap(second, "quick-sub-1-5")
    expect(first.node("total-1")).to_have_text("-5")
