"""No screen holds a control the browser draws as Flet's red error box: a test id's
wrapper (``ft.Semantics``) shown with its control hidden or missing ("Semantics.content
must be provided and visible"). Checked on the control trees, without a browser, on every
screen and on the states that hide and show parts (a tracked Azul game, a team game's
winner); ``test_every_screen_browser`` checks what the browser draws."""

from __future__ import annotations

import flet as ft
import pytest
from ui_helpers import click, context, error_boxes, find, fire, shown

from scorepad.core import PlayerSheet, find_game
from scorepad.ui.app import view_for
from scorepad.ui.history import StoreHistory

ROUTES = [
    "/",
    "/new",
    "/new/azul",
    "/new/azul?players=Ana,Ben,Cy,Di",
    "/new/skull-king?players=Ana,Ben,Cy",
    "/new/pandemic?players=Ana,Ben",
    "/new/codenames?players=Ana,Ben,Cy,Di",
    "/new/azul-summer-pavilion?players=Ana,Ben",
    "/new/azul-sintra?players=Ana,Ben",
    "/new/7-wonders?players=Ana,Ben,Cy",
    "/settings",
    "/history",
    "/play/1",
    "/play/1/edit",
    "/stats",
    "/stats?player=Ana",
    "/ratings",
    "/ratings?player=Ana&game=azul",
    "/players",
    "/games",
    "/games/new",
    "/games/edit/azul",
    "/nights",
    "/nights/1",
    "/seasons",
    "/collection",
    "/suggest",
    "/suggest?players=Ana,Ben",
]


@pytest.fixture
def history(tmp_path):
    opened = StoreHistory(str(tmp_path / "history.db"))
    opened.store.save_play(
        find_game("azul"),
        None,
        [PlayerSheet("Ana", {"marker": 50}), PlayerSheet("Ben", {"marker": 40})],
    )
    yield opened
    opened.close()


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("compact", [True, False], ids=["phone", "desktop"])
def test_no_screen_holds_an_error_box(tmp_path, history, lang, compact):
    ctx, _routes = context(tmp_path, history=history, lang=lang, compact=compact)
    for route in ROUTES:
        assert error_boxes(view_for(ctx, route)) == [], route


def test_the_tracked_game_shows_its_round_only_while_tracked(tmp_path, history):
    """The Azul sheet's "Round n" and "Next round" are hidden by their wrappers, not
    themselves: two error boxes under "Track the game round by round" before."""
    ctx, _routes = context(tmp_path, history=history, compact=True)
    root = view_for(ctx, "/new/azul?players=Ana,Ben")
    assert not shown(root, "track-round") and not shown(root, "track-next")
    assert error_boxes(root) == []
    switch = find(root, "track-game")
    switch.value = True
    fire(switch, "change", True)
    assert shown(root, "track-round") and shown(root, "track-next")
    assert find(root, "track-round").value == "Round 1"
    click(root, "track-next")
    assert find(root, "track-round").value == "Round 2"
    switch.value = False
    fire(switch, "change", False)
    assert not shown(root, "track-round") and error_boxes(root) == []


def test_settings_shows_the_import_progress_only_while_importing(tmp_path, history):
    ctx, _routes = context(tmp_path, history=history)
    root = view_for(ctx, "/settings")
    bar = find(root, "import-progress").content  # hidden inside a box that stays: one box before
    assert isinstance(bar, ft.ProgressBar) and not bar.visible
    assert error_boxes(root) == []
