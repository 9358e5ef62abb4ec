"""In Chromium, a phone and a desktop on one Azul sheet: the game tracked round by round.
The phone starts tracking and taps its tiles and floor line in its wall; the desktop sees
the score track change at once, takes the table to the next round, and corrects round 1
from its own screen; both see the same marker, from the game."""

from __future__ import annotations

import pytest
from conftest import PHONE
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def floors_of(draft: dict, seat: int) -> list[int]:
    walls = draft.get("walls") or []
    return walls[seat].get("floors", []) if seat < len(walls) else []


def test_a_game_tracked_round_by_round_on_a_phone_and_a_desktop(app, phone):
    app.open("/new/azul?players=Trude,Tycho")
    expect(app.node("total-1")).to_have_text("0")
    phone.open("/sheet/azul")
    expect(phone.node("total-1")).to_have_text("0")

    phone.click("track-game")
    expect(app.node("track-round")).to_have_text("Round 1")
    app.draft_when("azul", lambda d: d.get("track_round") == 1)
    phone.click("wall-1")
    expect(phone.node("floor-1-7")).to_be_attached()
    for ident in ("tile-1-1-1", "floor-1-1", "floor-1-7"):  # fits the phone, finger-sized
        box = phone.node(ident).bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    phone.node("tile-1-1-1").click()
    phone.node("tile-1-2-2").click()  # apart: 1 + 1
    phone.node("floor-1-2").click()  # the first-player marker and a tile: −2
    expect(phone.node("track-rounds-1")).to_have_text("Round 1: +2, floor −2 → 0")
    app.draft_when("azul", lambda d: floors_of(d, 0) == [2])
    app.expect_value("line-marker-1", "0")

    app.click("track-next")  # the table's next round, from the other device
    expect(phone.node("track-viewed")).to_have_text("Round 2")
    phone.node("tile-1-1-2").click()  # linked to round 1's tiles: 2 + 2
    expect(phone.node("track-rounds-1")).to_have_text(
        "Round 1: +2, floor −2 → 0\nRound 2: +4, floor 0 → 4"
    )
    expect(app.node("total-1")).to_have_text("4")
    phone.click("wall-done")
    # The phone's own copy shows the marker from the game: its total (drawn text). Its
    # field's value is read on the desktop: the page mirrors a field only while it has the
    # focus, and the phone's, clicked as its dialog closed, did not always take it.
    expect(phone.node("total-1")).to_have_text("4")
    app.expect_value("line-marker-1", "4")
    expect(phone.page.get_by_text("from the game").first).to_be_attached()

    app.click("wall-1")  # round 1 corrected on the desktop: one floor space, not two
    expect(app.node("track-earlier")).to_be_attached()
    app.click("track-earlier")
    expect(app.node("track-viewed")).to_have_text("Round 1")
    app.node("floor-1-2").click()
    expect(app.node("track-rounds-1")).to_have_text(
        "Round 1: +2, floor −1 → 1\nRound 2: +4, floor 0 → 5"
    )
    expect(phone.node("total-1")).to_have_text("5")
    app.click("track-undo")
    expect(phone.node("total-1")).to_have_text("4")
    app.click("wall-done")
    app.draft_when("azul", lambda d: floors_of(d, 0) == [2])
