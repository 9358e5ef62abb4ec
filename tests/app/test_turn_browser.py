"""Whose turn, in Chromium at phone size (390 × 844) with two devices on one live sheet:
one moves the turn marker and the other sees it move, Next round moves who starts (and
the turn) on, and both survive a reload."""

from __future__ import annotations

import pytest
from conftest import PHONE
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PLAYERS = "Ysolde,Barnabé,Quentin"
"""Names no other test plays with (a sheet in progress is found again by its players)."""


def test_two_phones_move_the_turn_and_see_who_starts_each_round(app, phone):
    app.page.set_viewport_size(PHONE)
    app.open(f"/new/uno?players={PLAYERS}&first=Barnabé")
    expect(app.node("dealer")).to_contain_text("Barnabé starts")  # round 1, current
    expect(app.node("turn")).to_contain_text("Barnabé's turn")
    sheet = app.draft_when("uno", lambda d: d.get("players") == PLAYERS.split(","))["id"]
    phone.open(f"/sheet/{sheet}")
    expect(phone.node("turn")).to_contain_text("Barnabé's turn")
    expect(phone.node("turn-mark-2")).to_be_attached()

    app.click("turn-next")  # on the first phone: Quentin's turn, on both
    expect(phone.node("turn")).to_contain_text("Quentin's turn")
    expect(phone.node("turn-mark-3")).to_be_attached()
    expect(phone.node("turn-mark-2")).not_to_be_attached()
    app.click("turn-next")  # the last seat hands on to the first
    expect(phone.node("turn")).to_contain_text("Ysolde's turn")

    phone.node("turn-3").click()  # a tap on Quentin's name on the other phone
    expect(app.node("turn")).to_contain_text("Quentin's turn")
    expect(app.node("turn-mark-3")).to_be_attached()
    phone.click("turn-next")
    expect(app.node("turn")).to_contain_text("Ysolde's turn")

    phone.click("next-round")  # round 2 is Quentin's to start: he has the turn
    expect(app.node("dealer")).to_contain_text("Quentin starts")
    expect(app.node("round-1-deal")).to_contain_text("Barnabé starts")
    expect(app.node("turn")).to_contain_text("Quentin's turn")
    expect(phone.node("turn")).to_contain_text("Quentin's turn")
    app.draft_when("uno", lambda d: d["id"] == sheet and d.get("turn") == 2)

    app.click("turn-next")
    expect(phone.node("turn")).to_contain_text("Ysolde's turn")
    app.draft_when("uno", lambda d: d["id"] == sheet and d.get("turn") == 0)
    phone.page.reload()  # the reloaded phone shows the sheet as it was left
    phone.semantics()
    expect(phone.node("dealer")).to_contain_text("Quentin starts")
    expect(phone.node("turn")).to_contain_text("Ysolde's turn")
    expect(phone.node("turn-mark-1")).to_be_attached()
    phone.click("turn-next")  # and still moves it for everyone
    expect(app.node("turn")).to_contain_text("Barnabé's turn")
