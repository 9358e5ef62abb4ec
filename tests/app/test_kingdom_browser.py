"""In Chromium at phone size (390 × 844): a Kingdomino kingdom tapped square by square on
one device (each square's terrain and crowns from the picker) fills the sheet there and
on a second device showing the same sheet at once; saved, it is drawn on the play screen
and in History, and Edit opens the sheet with the kingdom back and saves it again."""

from __future__ import annotations

import pytest
from conftest import PHONE
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
GAME = "kingdomino"
PLAYERS = "Ermengarde,Wolfram"  # names of this test's own
HEARD = "Ermengarde's kingdom: properties 8, largest property 2, crowns 4"


def said(node) -> str:
    """What a screen reader hears of a node: its label, or its text."""
    return node.get_attribute("aria-label") or node.inner_text()


def rows_of(draft: dict) -> list[str]:
    return (draft.get("kingdoms") or [{}])[0].get("kingdom", [])


def pick(app, row: int, column: int, terrain: str, crowns: int = 0) -> None:
    square = app.node(f"square-1-{row}-{column}")
    square.scroll_into_view_if_needed()
    box = square.bounding_box()  # a finger's tap, inside the phone
    assert box is not None and box["width"] >= 44 and box["x"] + box["width"] <= PHONE["width"]
    square.click()
    app.reveal(f"kingdom-crowns-{crowns}")
    app.node(f"kingdom-crowns-{crowns}").click()
    app.reveal(f"kingdom-terrain-{terrain}")
    app.node(f"kingdom-terrain-{terrain}").click()


def test_a_kingdom_tapped_on_one_phone_counts_on_another_is_saved_drawn_and_edited(app, phone):
    app.page.set_viewport_size(PHONE)
    phone.page.set_viewport_size(PHONE)
    app.open(f"/new/{GAME}?players={PLAYERS}&modules=middle-kingdom")
    expect(app.node("total-1")).to_have_text("0")
    phone.open(f"/sheet/{GAME}")
    expect(phone.node("total-1")).to_have_text("0")

    app.click("kingdom-1")
    expect(app.node("square-1-3-3")).to_be_attached()
    assert app.page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    pick(app, 3, 3, "C")  # the castle in the centre: the Middle Kingdom's 10
    pick(app, 3, 4, "L", 2)
    pick(app, 3, 5, "L")  # a lake of 2 squares, 2 crowns: 4
    pick(app, 2, 3, "M", 2)
    pick(app, 1, 3, "W")  # a mine of 1 square, 2 crowns (2) beside a wheat field (0)
    app.draft_when(GAME, lambda d: rows_of(d)[:3] == [". . W . .", ". . M2 . .", ". . C L2 L"])
    expect(app.node("kingdom-total-1")).to_contain_text("total 16")
    expect(phone.node("total-1")).to_have_text("16")  # the live sheet, on the other device
    pick(app, 2, 3, "M", 3)  # the mine's crowns changed: 3 points
    pick(app, 1, 4, "F")
    pick(app, 2, 4, "F", 1)  # a forest of 2 with a crown: 2 more; 4 + 3 + 2 + 0 + 10
    expect(phone.node("total-1")).to_have_text("19")
    pick(app, 1, 1, "G")  # a square apart from the castle: said in words, not counted
    expect(app.node("kingdom-problems-1")).to_contain_text("not joined to the castle")
    expect(phone.node("total-1")).to_have_text("0")
    pick(app, 1, 1, "empty")
    expect(phone.node("total-1")).to_have_text("19")
    app.click("kingdom-done")
    expect(app.node("square-1-1-1")).not_to_be_attached()
    app.expect_value("line-properties-1", "9")
    phone.expect_value("line-properties-1", "9")
    expect(app.page.get_by_text("from the board").first).to_be_attached()
    rows = rows_of(app.draft(GAME))
    app.click("save")

    drawn = app.node("play-kingdom-1")
    expect(drawn).to_be_attached()
    app.page.wait_for_url("**/play/*")
    play = int(app.page.url.rstrip("/").rsplit("/", 1)[-1])
    heard = "Ermengarde's kingdom: properties 9, largest property 2, crowns 6"
    assert said(drawn) == heard
    box = drawn.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]

    app.go("/history")
    listed = app.node("history-kingdom-1-1")
    expect(listed).to_be_attached()
    assert said(listed) == heard

    app.go(f"/play/{play}/edit")  # the kingdom is back, its lines from the board
    expect(app.node("kingdom-1")).to_be_attached()
    app.expect_value("line-properties-1", "9")
    app.click("kingdom-1")
    expect(app.node("kingdom-total-1")).to_contain_text("total 19")
    assert said(app.node("square-1-3-4")).startswith("Row 3, column 4: Lake, crowns 2")
    app.click("kingdom-done")
    app.click("save")
    again = app.node("play-kingdom-1")
    expect(again).to_be_attached()
    assert said(again) == heard
    assert rows[2] == ". . C L2 L"
