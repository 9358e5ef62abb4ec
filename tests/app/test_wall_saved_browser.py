"""At phone size in Chromium: a wall tapped on the Azul sheet is saved with the play,
drawn on the play screen and in History (each tile in its colour with its letter),
and read out with its counts."""

from __future__ import annotations

import pytest
from conftest import PHONE
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NAMES = ("Wilhelmina", "Yevgenia")
"""Names no other test plays with (Stats and History hold the whole session's plays)."""
SAID = "Wilhelmina's wall (coloured side): rows 1, columns 0, colours 0"


def said(node) -> str:
    """What a screen reader hears of a node: its label, or its text."""
    return node.get_attribute("aria-label") or node.inner_text()


def test_a_wall_tapped_on_a_phone_is_saved_and_drawn_in_history(app):
    app.page.set_viewport_size(PHONE)
    app.open(f"/new/azul?players={','.join(NAMES)}")
    expect(app.node("line-marker-1")).to_be_attached()
    app.enter("azul", "line-marker-1", "40")
    app.enter("azul", "line-marker-2", "35")
    app.click("wall-1")
    expect(app.node("tile-1-1-1")).to_be_attached()
    for column in range(1, 6):  # the top row: one complete row
        app.node(f"tile-1-1-{column}").click()
    app.draft_when("azul", lambda d: d["walls"][0]["wall"][0] == "BYRKW")
    expect(app.node("wall-total-1")).to_have_text("Rows 1, columns 0, colours 0: total 42")
    app.click("wall-done")
    expect(app.node("tile-1-1-1")).not_to_be_attached()
    app.click("save")

    drawn = app.node("play-wall-1")  # the play screen
    expect(drawn).to_be_attached()
    assert said(drawn) == SAID
    assert app.node("play-wall-2").count() == 0  # no tile on Yevgenia's wall: none kept
    box = drawn.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]

    app.go("/history")
    listed = app.node("history-wall-1-1")
    expect(listed).to_be_attached()
    assert said(listed) == SAID
    app.screenshot("wall-saved-history")
