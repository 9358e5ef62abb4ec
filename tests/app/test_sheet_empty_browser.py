"""At phone size in Chromium: an empty sheet is not saved, and a refused value crowns nobody."""

from __future__ import annotations

import pytest
from conftest import PHONE
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_an_empty_sheet_is_refused_and_a_refused_value_crowns_nobody(app):
    app.page.set_viewport_size(PHONE)
    app.open("/new/azul?players=Odile,Pascal")
    expect(app.node("total-1")).to_have_text("0")
    app.click("save")
    expect(app.node("save-message")).to_have_text("Nothing to save yet: enter at least one value.")
    expect(app.node("play-edit")).to_have_count(0)

    app.enter("azul", "line-marker-1", "4O")  # a letter O for a zero: refused
    expect(app.node("problem-marker-1")).to_contain_text('"4O" is not a number')
    expect(app.node("result")).to_have_text(
        "Fill in each player's board, or type the points on each line."
    )
    expect(app.page.get_by_text("Odile wins", exact=False)).to_have_count(0)
    expect(app.page.get_by_text("Tie", exact=False)).to_have_count(0)

    app.enter("azul", "line-marker-1", "40")
    expect(app.node("result")).to_have_text("Odile wins with 40 points.")
    app.click("save")
    expect(app.node("play-edit")).to_be_attached()
    expect(app.node("total-1")).to_have_text("40")
