"""A module chosen at New play, in a real Chromium at phone and desktop size: its line is
on the sheet, counts in the total and is saved with the play."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import DESKTOP, PHONE, history_path
from playwright.sync_api import expect

from scorepad.store import Store, open_store

pytestmark = pytest.mark.browser
GAME = Path(__file__).parent.parent / "core" / "games" / "team-dice.json"


@pytest.fixture
def store(data_dir) -> Iterator[Store]:
    opened = open_store(history_path(data_dir))
    yield opened
    opened.close()


def test_a_module_chosen_at_new_play_puts_its_line_on_the_sheet(app, store):
    data = json.loads(GAME.read_text(encoding="utf-8"))
    data = {k: v for k, v in data.items() if k != "result"} | {"id": "modular-dice"}
    store.import_game(json.dumps(data), "modular-dice.json")
    for size in (PHONE, DESKTOP):
        app.resize(size)
        app.open("/new/modular-dice?players=Ana")  # one name short: the form, filled in
        expect(app.node("module-bonus")).to_be_attached()
        app.type("player-2", "Ben")
        app.click("module-bonus")
        app.click("start")
        expect(app.node("line-bonus-1")).to_be_attached()
        app.enter("modular-dice", "line-points-1", "3")
        app.enter("modular-dice", "line-bonus-1", "2")
        expect(app.node("total-1")).to_have_text("7")
        width = app.page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"]
        app.screenshot("module-sheet")
    app.open("/new/modular-dice?players=Cy,Di")
    expect(app.node("line-points-1")).to_be_attached()
    expect(app.node("line-bonus-1")).not_to_be_attached()  # not chosen: not on the sheet
