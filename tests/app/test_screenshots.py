"""Every screen at phone and desktop size, saved to screenshots/ for a person to look at.

Besides the pictures, each screen is checked for what a picture would show wrong: the
page must not scroll sideways, and the sheet's four columns must all be on screen.
"""

from __future__ import annotations

import pytest
from conftest import DESKTOP, PHONE
from playwright.sync_api import expect

SCREENS = [
    ("home", "/", "new-game"),
    ("picker", "/new", "game-azul"),
    ("new-play", "/new/azul-sintra", "player-1"),
    ("settings", "/settings", "language"),
    ("history", "/history", "coming"),
]


def no_sideways_scroll(app) -> None:
    width = app.page.evaluate("document.documentElement.scrollWidth")
    assert width <= app.page.viewport_size["width"]


@pytest.mark.parametrize(("name", "route", "ident"), SCREENS)
def test_screens(app, name, route, ident):
    app.open(route)
    expect(app.node(ident)).to_be_attached()
    for size in (PHONE, DESKTOP):
        app.screenshot(name, size)
        no_sideways_scroll(app)
        expect(app.node(ident)).to_be_attached()


@pytest.mark.parametrize(
    ("name", "route", "values"),
    [
        (
            "sheet-azul",
            "/new/azul?players=Hugo,Ana,Ben,Carla",
            {"marker": ["62", "68", "54", "49"], "rows": ["2", "1", "1", "x"]},
        ),
        (
            "sheet-glass-road",
            "/new/glass-road?players=Ana,Ben,Carla,Dan",
            {"buildings": ["10", "8", "12", "7"], "sand_left": ["3", "", "1", ""]},
        ),
        (
            "sheet-sintra-b",
            "/new/azul-sintra?variant=B&players=Pilar,Tomás,Uxue,Vera",
            {"marker": ["50", "61", "44", "58"]},
        ),
    ],
)
def test_sheets_with_four_players(app, name, route, values):
    app.open(route)
    for key, per_player in values.items():
        for n, text in enumerate(per_player, 1):
            if text:
                app.type(f"line-{key}-{n}", text)
    for size in (PHONE, DESKTOP):
        app.screenshot(name, size)
        no_sideways_scroll(app)
        right_edge = app.node("total-4").bounding_box()
        assert right_edge is not None
        assert right_edge["x"] + right_edge["width"] <= size["width"]


def test_dark_theme(app):
    app.open("/settings")
    app.click("theme-dark")
    app.open("/new/azul?players=Ana,Ben,Carla,Dan")
    app.type("line-marker-1", "12")
    for size in (PHONE, DESKTOP):
        app.screenshot("sheet-dark", size)
