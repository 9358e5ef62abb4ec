"""Stats, Players and Custom games in a real Chromium against the served app.

The server's history is an SQLite file the tests also open (``history_path``): plays are
saved through the Store API, as the sheet's Save button does, and checked there too.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import PHONE, history_path
from playwright.sync_api import expect

from scorepad.core import PlayerSheet, find_game
from scorepad.store import Store, open_store

pytestmark = pytest.mark.browser


@pytest.fixture
def store(data_dir) -> Iterator[Store]:
    opened = open_store(history_path(data_dir))
    yield opened
    opened.close()


def test_create_a_custom_game_with_two_lines_and_play_it(app, store):
    # Tall enough that the whole editor fits: when Flutter scrolls to a focused field, a
    # click computed before the scroll lands on the control that was there (a kind chip).
    app.page.set_viewport_size({"width": 1280, "height": 3000})
    app.open("/games/new")
    app.type("game-name-en", "Pairs")  # its id follows: "pairs"
    app.click("game-add-line")
    app.type("game-line-1-label-en", "Cards")  # its key follows: "cards"
    app.click("game-add-line")
    app.type("game-line-2-label-en", "Sets")
    app.click("game-line-2-kind-count")
    expect(app.node("game-line-2-per")).to_be_attached()
    expect(app.node("game-line-1-kind-points")).to_be_attached()  # line 1 is still points
    app.type("game-line-2-per", "five")
    expect(app.page.get_by_text('"five" is not a number')).to_be_visible()
    app.type("game-line-2-per", "5")
    expect(app.node("game-preview")).to_contain_text("Sets")
    expect(app.node("game-preview")).not_to_contain_text("subtracted")
    # A line with a rate labelled in both languages (under the line's "More options"),
    # and a reminder (a multi-line field) with its Spanish under its own.
    app.click("game-add-line")
    app.type("game-line-3-label-en", "Boxes")
    app.click("game-line-3-kind-count")
    expect(app.node("game-line-3-per")).to_be_attached()  # the card rebuilt as a count
    app.click("game-line-3-more")
    expect(app.node("game-line-3-add-rate")).to_be_attached()
    app.click("game-line-3-add-rate")
    expect(app.node("game-line-3-per")).to_have_count(0)
    app.type("game-line-3-rate-1-id", "big")
    app.type("game-line-3-rate-1-per", "3")
    app.type("game-line-3-rate-1-label-en", "big box")
    app.type("game-line-3-rate-1-label-es", "caja grande")
    app.click("game-add-reminder")
    app.type("game-reminder-1-text-en", "A set is three cards.")
    app.click("game-reminder-1-more")
    app.type("game-reminder-1-text-es", "Un trío son tres cartas.")
    expect(app.node("game-preview")).to_contain_text("big box")
    expect(app.node("game-preview")).to_contain_text("A set is three cards.")
    app.click("game-save")
    expect(app.node("games-edit-pairs")).to_be_attached()
    saved = store.template("pairs")
    assert [ln.key for ln in saved.lines] == ["cards", "sets", "boxes"]
    assert saved.lines[2].rates[0].label == {"en": "big box", "es": "caja grande"}
    assert saved.reminders == ({"en": "A set is three cards.", "es": "Un trío son tres cartas."},)

    app.go("/new")
    app.type("search", "pairs")  # the list builds the rows on screen only
    expect(app.node("game-pairs")).to_be_attached()
    app.go("/new/pairs?players=Ana,Ben")
    app.enter("pairs", "line-cards-1", "7")
    app.enter("pairs", "line-sets-1", "1")
    app.enter("pairs", "line-cards-2", "11")
    expect(app.node("total-1")).to_have_text("12")
    expect(app.node("total-2")).to_have_text("11")
    expect(app.node("result")).to_have_text("Ana wins with 12 points.")
    expect(app.node("rate-boxes-1")).to_have_text("big box")


def show(app, ident: str) -> None:
    """Scroll the screen (as a finger would) until ``ident`` is on it, well inside the
    phone's height: Flutter puts only what is near the screen in the page, and a click
    must not land where a field is about to scroll."""
    height = app.page.viewport_size["height"]
    last = None
    for _ in range(40):
        node = app.node(ident)
        box = node.first.bounding_box() if node.count() else None
        if box is not None and 80 <= box["y"] <= height - 120:
            app.page.wait_for_timeout(200)  # a wheel's scroll may still be moving it
            if node.first.bounding_box() == box:  # at rest: a click lands on it
                return
            continue
        if box is not None and box == last and box["y"] + box["height"] <= height:
            return  # the end of the screen: it goes no further
        last = box
        step = 300 if box is None else box["y"] - height / 2
        app.page.mouse.move(195, height / 2)
        app.page.mouse.wheel(0, step)
        app.page.wait_for_timeout(150)
    raise AssertionError(f"{ident} never came on screen")


def test_make_an_open_round_game_to_500_at_phone_size(app, store):
    app.page.set_viewport_size(PHONE)
    app.open("/games/new")
    app.type("game-name-en", "To 500")
    show(app, "game-rounds-mode-open")
    app.click("game-rounds-mode-open")
    show(app, "game-ends-reach")
    app.click("game-ends-reach")
    show(app, "game-ends-target")
    app.type("game-ends-target", "500")
    show(app, "game-add-line")
    app.click("game-add-line")
    show(app, "game-line-1-label-en")
    app.type("game-line-1-label-en", "Points")
    show(app, "game-line-1-per-round")
    app.click("game-line-1-per-round")
    show(app, "game-preview")
    expect(app.node("game-preview")).to_contain_text("open rounds")
    expect(app.node("game-preview")).to_contain_text("Each round")
    show(app, "game-save")
    app.click("game-save")
    expect(app.node("games-edit-to-500")).to_be_attached()
    saved = store.template("to-500")
    assert saved.source["rounds"] == {} and saved.source["ends"] == {"reach": 500}
    assert [(ln.key, ln.per_round) for ln in saved.lines] == [("points", True)]


def test_rename_a_player(app, store):
    store.add_player("Renata")
    n = [p.name for p in store.players()].index("Renata") + 1
    app.open("/players")
    app.click(f"players-rename-{n}")
    app.type("players-rename-name", "Renée")
    app.click("players-rename")
    expect(app.node("players-message")).to_have_text("Renata is now Renée.")
    names = [p.name for p in store.players()]
    assert "Renée" in names and "Renata" not in names


def test_a_players_stats_change_after_a_play_is_saved(app, store):
    azul = find_game("azul")
    store.save_play(
        azul, None, [PlayerSheet("Sam", {"marker": 50}), PlayerSheet("Tim", {"marker": 40})]
    )
    app.open("/stats?player=Sam")
    expect(app.node("stats-player-plays")).to_have_text("1")
    expect(app.node("stats-player-wins")).to_have_text("1")
    expect(app.node("stats-chart-totals")).to_be_attached()
    store.save_play(
        azul, None, [PlayerSheet("Sam", {"marker": 30}), PlayerSheet("Tim", {"marker": 45})]
    )
    app.go("/")
    app.go("/stats?player=Sam")
    expect(app.node("stats-player-plays")).to_have_text("2")
    expect(app.node("stats-player-wins")).to_have_text("1")
    expect(app.node("stats-player-rate")).to_have_text("50 %")
    expect(app.node("stats-player-best")).to_have_text("50")
