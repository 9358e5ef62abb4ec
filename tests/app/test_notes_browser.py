"""At phone size in Chromium: a note written on the sheet is saved with the play, shown,
and finds the play in History's notes filter."""

from __future__ import annotations

import pytest
from conftest import PHONE
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NOTE = "Rainy night at Ana's, Ben's first game"


def test_a_note_written_on_the_sheet_finds_the_play_in_history(app):
    app.page.set_viewport_size(PHONE)
    app.open("/new/azul?players=Ana,Ben")
    app.enter("azul", "line-marker-1", "40")
    app.enter("azul", "line-marker-2", "35")
    app.type("notes", NOTE, saved=lambda: app.draft("azul").get("notes"))
    expect(app.node("result")).to_have_text("Ana wins with 40 points.")
    app.click("save")
    expect(app.node("play-notes")).to_have_text(NOTE)

    app.go("/history")
    expect(app.node("history-row-1")).to_be_attached()
    app.type("filter-text", "first GAME")
    app.click("filter")
    expect(app.node("history-notes-1")).to_have_text(NOTE)
    expect(app.node("history-row-2")).to_have_count(0)
    app.type("filter-text", "no such words")
    app.click("filter")
    expect(app.node("history-row-1")).to_have_count(0)
