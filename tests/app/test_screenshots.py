"""Every screen at phone and desktop size, saved to screenshots/ for a person to look at.

Besides the pictures, each screen is checked for what a picture would show wrong: the
page must not scroll sideways, and on the sheets all four players' totals are on screen.
One page visits every screen through the app's own routing, so Flutter loads only once.
"""

from __future__ import annotations

import pytest
from conftest import DESKTOP, PHONE
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SCREENS = [
    ("home", "/", "new-game"),
    ("picker", "/new", "game-azul"),
    ("new-play", "/new/azul-summer-pavilion", "player-1"),
    ("settings", "/settings", "language"),
    ("history", "/history", "filter"),
]
SHEETS = [
    (
        "sheet-azul",
        "azul",
        "/new/azul?players=Hugo,Ana,Ben,Carla",
        {"marker": ["62", "68", "54", "49"], "rows": ["2", "1", "1", "x"]},
    ),
    (
        "sheet-glass-road",
        "glass-road",
        "/new/glass-road?players=Ana,Ben,Carla,Dan",
        {"buildings": ["10", "8", "12", "7"], "sand_left": ["3", "", "1", ""]},
    ),
    (
        "sheet-sintra-b",
        "azul-sintra",
        "/new/azul-sintra?variant=B&players=Pilar,Tomás,Uxue,Vera",
        {"marker": ["50", "61", "44", "58"]},
    ),
]


def no_sideways_scroll(app) -> None:
    width = app.page.evaluate("document.documentElement.scrollWidth")
    assert width <= app.page.viewport_size["width"]


def test_every_screen_at_phone_and_desktop_size(app):
    app.open("/")
    for _, game, route, values in SHEETS:
        app.go(route)
        for key, per_player in values.items():
            for n, text in enumerate(per_player, 1):
                if text:
                    app.enter(game, f"line-{key}-{n}", text)
    for size in (PHONE, DESKTOP):
        app.resize(size)
        for name, route, ident in SCREENS:
            app.go(route)
            expect(app.node(ident)).to_be_attached()
            app.screenshot(name)
            no_sideways_scroll(app)
        for name, _, route, _ in SHEETS:
            app.go(route)
            expect(app.node("total-4")).to_be_attached()
            app.screenshot(name)
            no_sideways_scroll(app)
            # The previous sheet's total-4 may still be fading out: ask until this one's.
            box = None
            for _ in range(50):
                box = app.node("total-4").bounding_box(timeout=5_000)
                if box is not None:
                    break
                app.page.wait_for_timeout(100)
            assert box is not None and box["x"] + box["width"] <= size["width"]

    app.go("/settings")
    app.click("theme-dark")
    app.go(SHEETS[0][2])
    expect(app.node("total-4")).to_have_text("49")
    for size in (DESKTOP, PHONE):
        app.resize(size)
        app.screenshot("sheet-dark")
