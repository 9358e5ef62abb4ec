"""At phone size in Chromium: a Summer Pavilion pavilion and Sintra side B's windows tapped
on the sheet are saved with the play, drawn on the play screen and in History (read out
with their counts), and back in Edit, where their lines show "from the board" again."""

from __future__ import annotations

import pytest
from conftest import PHONE
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def said(node) -> str:
    """What a screen reader hears of a node: its label, or its text."""
    return node.get_attribute("aria-label") or node.inner_text()


def inside_phone(node) -> None:
    box = node.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]


def saved_id(app) -> int:
    app.page.wait_for_url("**/play/*")
    return int(app.page.url.rstrip("/").rsplit("/", 1)[-1])


def test_a_pavilion_tapped_on_a_phone_is_saved_drawn_and_back_in_edit(app):
    game = "azul-summer-pavilion"
    app.page.set_viewport_size(PHONE)
    app.open(f"/new/{game}?players=Philippa,Quirinus")
    expect(app.node("line-marker-1")).to_be_attached()
    app.enter(game, "line-marker-1", "40")
    app.enter(game, "line-marker-2", "35")
    app.click("pavilion-1")
    expect(app.node("star-1-2-1")).to_be_attached()
    for space in range(1, 7):  # the red star (star 2 on the coloured side)
        app.node(f"star-1-2-{space}").scroll_into_view_if_needed()
        app.node(f"star-1-2-{space}").click()
    app.draft_when(game, lambda d: d["pavilions"][0]["stars"][1] == "XXXXXX")
    expect(app.node("pavilion-total-1")).to_have_text(
        "Complete stars 1, number bonuses 0: total 54"
    )
    app.click("pavilion-done")
    expect(app.node("star-1-2-1")).not_to_be_attached()
    app.click("save")

    drawn = app.node("play-pavilion-1")  # the play screen
    expect(drawn).to_be_attached()
    play = saved_id(app)
    heard = "Philippa's pavilion: complete stars 1, number bonuses 0"
    assert said(drawn) == heard
    assert app.node("play-pavilion-2").count() == 0  # nothing covered: none kept
    inside_phone(drawn)

    app.go("/history")
    listed = app.node("history-pavilion-1-1")
    expect(listed).to_be_attached()
    assert said(listed) == heard
    app.screenshot("pavilion-saved-history")

    app.go(f"/play/{play}/edit")  # the pavilion is back: its lines from the board
    expect(app.node("pavilion-1")).to_be_attached()
    app.reveal("line-star_red-1")
    expect(app.page.get_by_text("from the board").first).to_be_attached()
    app.click("pavilion-1")
    expect(app.node("pavilion-total-1")).to_have_text(
        "Complete stars 1, number bonuses 0: total 54"
    )


def test_windows_tapped_on_a_phone_are_saved_drawn_and_back_in_edit(app):
    game = "azul-sintra"
    app.page.set_viewport_size(PHONE)
    app.open(f"/new/{game}?variant=B&players=Rosamund,Sigismund")
    expect(app.node("line-marker-1")).to_be_attached()
    app.enter(game, "line-marker-1", "50")
    app.enter(game, "line-marker-2", "45")
    app.click("palace-1")
    expect(app.node("window-1-1-1")).to_be_attached()
    for window in (1, 2):  # two complete windows, their top pieces of the colour
        for taps, space in ((2, 1), (1, 2)):
            node = app.node(f"window-1-{window}-{space}")
            node.scroll_into_view_if_needed()
            for _ in range(taps):
                node.click()
    app.draft_when(game, lambda d: d["palaces"][0]["windows"][:2] == ["CX", "CX"])
    app.click("palace-done")
    expect(app.node("window-1-1-1")).not_to_be_attached()
    app.click("save")

    drawn = app.node("play-palace-1")
    expect(drawn).to_be_attached()
    play = saved_id(app)
    heard = "Rosamund's windows: completed 2, pieces of the colour 2"
    assert said(drawn) == heard
    inside_phone(drawn)

    app.go("/history")
    listed = app.node("history-palace-1-1")
    expect(listed).to_be_attached()
    assert said(listed) == heard

    app.go(f"/play/{play}/edit")
    expect(app.node("palace-1")).to_be_attached()
    app.expect_value("line-windows-1-a", "2")
    expect(app.page.get_by_text("from the board").first).to_be_attached()
