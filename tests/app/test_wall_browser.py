"""At phone size in Chromium: Azul's wall tapped on one device fills the sheet's rows,
columns and colours lines there and on a second device at once; a tile taken off and the
wall cleared give the lines back."""

from __future__ import annotations

import pytest
from conftest import PHONE
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def wall_of(draft: dict) -> list[str] | None:
    walls = draft.get("walls") or [{}]
    return walls[0].get("wall")


def test_a_wall_tapped_on_a_phone_fills_the_sheet_on_every_device(app, phone):
    app.page.set_viewport_size(PHONE)
    app.open("/new/azul?players=Wendeline,Wolfram")
    expect(app.node("total-1")).to_have_text("0")
    phone.open("/sheet/azul")
    expect(phone.node("total-1")).to_have_text("0")
    app.enter("azul", "line-marker-1", "40")
    app.enter("azul", "line-rows-1", "3")  # typed before the wall: the wall's count wins

    app.click("wall-1")
    expect(app.node("tile-1-1-1")).to_be_attached()
    for ident in ("tile-1-1-1", "tile-1-1-5", "tile-1-5-5"):  # the grid fits the phone
        box = app.node(ident).bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    for column in range(1, 6):  # the top row
        app.node(f"tile-1-1-{column}").click()
    for row in range(2, 6):  # the first column
        app.node(f"tile-1-{row}-1").click()
    app.draft_when("azul", lambda d: wall_of(d) == ["BYRKW", "W....", "K....", "R....", "Y...."])
    # 40 + a row (2) + a column (7): in the wall's dialog, and on the other device's sheet
    expect(app.node("wall-total-1")).to_have_text("Rows 1, columns 1, colours 0: total 49")
    expect(phone.node("total-1")).to_have_text("49")
    app.node("tile-1-3-1").click()  # a tile taken off: no column any more
    expect(app.node("wall-total-1")).to_have_text("Rows 1, columns 0, colours 0: total 42")
    expect(phone.node("total-1")).to_have_text("42")
    app.node("tile-1-3-1").click()
    expect(phone.node("total-1")).to_have_text("49")
    app.click("wall-done")
    expect(app.node("tile-1-1-1")).not_to_be_attached()
    expect(app.node("total-1")).to_have_text("49")

    app.expect_value("line-rows-1", "1")
    app.expect_value("line-columns-1", "1")
    app.expect_value("line-colours-1", "0")
    expect(app.page.get_by_text("from the wall").first).to_be_attached()
    phone.expect_value("line-columns-1", "1")

    phone.click("wall-1")  # the other device clears the wall: the typed 3 rows are back
    expect(phone.node("tile-1-1-1")).to_be_attached()
    phone.click("wall-clear-1")
    expect(phone.node("wall-total-1")).to_have_text("Rows 0, columns 0, colours 0: total 46")
    expect(app.node("total-1")).to_have_text("46")
    phone.click("wall-done")
    app.draft_when("azul", lambda d: wall_of(d) == ["....."] * 5)
    app.enter("azul", "line-rows-1", "2")  # typed again
    expect(phone.node("total-1")).to_have_text("44")
