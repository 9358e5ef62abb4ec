"""Stats, Players, Custom games, the game editor and Settings at phone and desktop size,
light and dark, in English and Spanish, saved to screenshots/ for a person to look at.

Each picture is also checked for what it would show wrong: no sideways scrolling.
"""

from __future__ import annotations

import copy

import pytest
from conftest import DESKTOP, PHONE, history_path
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect
from test_screenshots import no_sideways_scroll

from scorepad.core import PlayerSheet, builtin_games, find_game
from scorepad.store import open_store

pytestmark = pytest.mark.browser

SCREENS = [
    ("stats", "/stats?player=Ana", "stats-player-plays"),
    ("players", "/players", "players-list"),
    ("games", "/games", "games-new"),
    ("game-editor", "/games/new?from=azul-sintra", "game-wins"),
    ("settings-history", "/settings", "export"),
]


@pytest.fixture
def history(data_dir):
    store = open_store(history_path(data_dir))
    azul = find_game("azul")
    scores = [(62, 68, 54), (70, 51, 66), (48, 77, 59), (81, 60, 72)]
    for n, points in enumerate(scores):
        sheets = [
            PlayerSheet(name, {"marker": p})
            for name, p in zip(("Ana", "Ben", "Carla"), points, strict=True)
        ]
        store.save_play(azul, None, sheets, played_at=f"2026-02-0{n + 1} 21:00")
    yield store
    store.close()


def test_manage_screens_at_phone_and_desktop_size(app, history):
    app.open("/")
    for theme, lang in (("light", "en"), ("dark", "es")):
        if theme == "dark":
            app.go("/settings")
            app.click("theme-dark")
            app.page.wait_for_timeout(500)  # the screen is rebuilt in the new theme
            app.click("lang-es")
            expect(app.page.get_by_text("Idioma")).to_be_visible()
        for size in (PHONE, DESKTOP):
            app.resize(size)
            for name, route, ident in SCREENS:
                app.go(route)
                # The game editor is a long screen: on a busy machine it takes seconds.
                expect(app.node(ident)).to_be_attached(timeout=20_000)
                app.page.wait_for_timeout(500)  # the previous screen fades out first
                app.screenshot(f"{name}-{theme}-{lang}")
                no_sideways_scroll(app)


def test_the_game_editor_marks_a_bad_value_on_its_field_and_keeps_it_across_layouts(app):
    app.page.set_viewport_size({"width": 1280, "height": 1400})
    app.open("/games/new?from=azul")  # line 2's "More options" open: its minimum is set
    app.type("game-line-2-max", "-3")
    expect(app.page.get_by_text("-3 cannot be below 0")).to_be_visible()
    app.screenshot("game-editor-error")
    # The phone layout rebuilds the screen from the same form: nothing typed is lost.
    app.resize(PHONE)
    expect(app.page.get_by_text("-3 cannot be below 0")).to_be_visible()
    scroll_to(app, "game-line-2-max")  # a longer card at phone size: bring it on screen
    app.expect_value("game-line-2-max", "-3")
    app.type("game-line-2-max", "5")
    expect(app.page.get_by_text("-3 cannot be below 0")).to_have_count(0)


def bounds(node) -> dict | None:
    """Where ``node`` is, or None when it is not on screen: Flutter drops a node's
    semantics once it scrolls away, and Playwright would wait for it to come back."""
    try:
        return node.bounding_box(timeout=2000) if node.count() else None
    except PlaywrightTimeout:
        return None


def scroll_to(app, ident: str) -> None:
    """Wheel the screen until ``ident`` stands near its top (or the screen ends):
    Flutter scrolls its own canvas, and shows the semantics of what is on screen (or
    nearly) only."""
    size = app.page.viewport_size
    app.page.mouse.move(size["width"] / 2, size["height"] / 2)
    last = None
    for _ in range(80):
        box = bounds(app.node(ident))
        if box is not None and 56 < box["y"] < 350:  # a window wider than one step
            return
        if box is not None and box == last:  # the end of the screen: as far as it goes
            return
        last = box
        app.page.mouse.wheel(0, 250)
        app.page.wait_for_timeout(80)
    raise AssertionError(f"never scrolled to {ident}")


def test_the_game_editor_shows_rates_and_factors_with_a_label_per_language(app):
    """Glass Road's rates and Sintra's product line (its two factors), at both sizes."""
    app.open("/")
    for size in (PHONE, DESKTOP):
        app.resize(size)
        for name, game, ident in (
            ("rates", "glass-road", "game-line-3-rate-1"),
            ("factors", "azul-sintra", "game-line-9-factor-1-label-en"),
        ):
            app.go(f"/games/new?from={game}")
            expect(app.node("game-wins")).to_be_attached(timeout=20_000)
            app.page.wait_for_timeout(500)  # the previous screen fades out first
            # the rates are under the line's "More options", open as they are set
            scroll_to(app, ident)
            app.screenshot(f"game-editor-{name}")
            no_sideways_scroll(app)


def test_the_game_editor_shows_a_round_game_and_its_bid_rule(app, history):
    """Skull King (a copy in the history): its rounds, its per-round lines and its bid
    rule in the editor, and the preview of a round game, at both sizes."""
    history.create_game(copy.deepcopy(builtin_games()["skull-king"].source) | {"id": "sk"})
    app.open("/")
    for size in (PHONE, DESKTOP):
        app.resize(size)
        for name, ident in (
            ("rounds", "game-rounds-mode"),
            ("bids", "game-bids-hit-per-trick"),
            ("round-preview", "game-preview"),
        ):
            app.go("/games/edit/sk")
            expect(app.node("game-wins")).to_be_attached(timeout=20_000)
            app.page.wait_for_timeout(500)  # the previous screen fades out first
            scroll_to(app, ident)
            app.screenshot(f"game-editor-{name}")
            no_sideways_scroll(app)
        expect(app.node("game-preview")).to_contain_text("10 rounds")
