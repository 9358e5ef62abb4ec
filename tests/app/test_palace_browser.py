"""In Chromium, at phone and at desktop size: Sintra's windows (side B) tapped on one device
fill the sheet's windows line there and on a second device at once; clearing them gives
the line back to typing."""

from __future__ import annotations

import pytest
from conftest import DESKTOP, PHONE
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
GAME = "azul-sintra"


def windows_of(draft: dict) -> list[str] | None:
    palaces = draft.get("palaces") or [{}]
    return palaces[0].get("windows")


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_windows_tapped_fill_the_sheet_on_every_device(app, phone, size):
    app.page.set_viewport_size(size)
    players = "Pilar,Tomás" if size is PHONE else "Pilar,Teo"  # a sheet of its own per size
    app.open(f"/new/{GAME}?variant=B&players={players}")
    expect(app.node("total-1")).to_have_text("0")
    phone.open(f"/sheet/{GAME}")
    app.enter(GAME, "line-marker-1", "50")
    expect(phone.node("total-1")).to_have_text("50")

    app.click("palace-1")
    expect(app.node("window-1-1-1")).to_be_attached()
    for ident in ("window-1-1-1", "window-1-4-2", "window-1-8-2"):  # the windows fit
        app.node(ident).scroll_into_view_if_needed()
        box = app.node(ident).bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"]
    assert app.page.evaluate("document.scrollingElement.scrollWidth") <= size["width"]
    for window in (1, 2, 3, 4):  # four complete windows, the top pieces of the colour
        app.node(f"window-1-{window}-1").scroll_into_view_if_needed()
        app.node(f"window-1-{window}-1").click()
        app.node(f"window-1-{window}-1").click()
        app.node(f"window-1-{window}-2").click()
    app.node("window-1-5-1").scroll_into_view_if_needed()
    app.node("window-1-5-1").click()
    app.node("window-1-5-1").click()  # a fifth piece of the colour: 4 × 5, the rulebook's
    app.draft_when(GAME, lambda d: windows_of(d) == ["CX"] * 4 + ["C."] + [".."] * 3)
    expect(app.node("palace-total-1")).to_have_text(
        "Completed windows 4 × pieces of your colour 5: total 70"
    )
    expect(phone.node("total-1")).to_have_text("70")
    app.node("window-1-5-1").click()  # emptied again: 4 × 4
    expect(phone.node("total-1")).to_have_text("66")
    app.click("palace-done")
    expect(app.node("window-1-1-1")).not_to_be_attached()
    app.expect_value("line-windows-1-a", "4")
    app.expect_value("line-windows-1-b", "4")
    expect(app.page.get_by_text("from the board").first).to_be_attached()

    phone.click("palace-1")  # the other device clears the windows: the line is typed again
    expect(phone.node("window-1-1-1")).to_be_attached()
    phone.click("palace-clear-1")
    expect(phone.node("palace-total-1")).to_have_text(
        "Completed windows 0 × pieces of your colour 0: total 50"
    )
    expect(app.node("total-1")).to_have_text("50")
    phone.click("palace-done")
    app.draft_when(GAME, lambda d: windows_of(d) == [".."] * 8)
    app.enter(GAME, "line-windows-1-a", "3")
    app.enter(GAME, "line-windows-1-b", "2")
    expect(phone.node("total-1")).to_have_text("56")
