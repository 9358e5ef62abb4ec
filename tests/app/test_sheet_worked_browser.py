"""At phone size in Chromium: Ticket to Ride's longest path is an award line; the points
it earned show beside each quantity as it is typed, the totals follow, and Save keeps it."""

from __future__ import annotations

import pytest
from conftest import PHONE
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_ticket_to_ride_longest_path_earned_points_show_live_and_save(app):
    app.page.set_viewport_size(PHONE)
    app.open("/new/ticket-to-ride?players=Ana,Ben")
    expect(app.node("total-1")).to_have_text("0")
    app.enter("ticket-to-ride", "line-route_6-1", "2")  # 2 × 15
    app.enter("ticket-to-ride", "line-longest_path-1", "20")
    app.enter("ticket-to-ride", "line-longest_path-2", "20")
    expect(app.node("earned-longest_path-1")).to_have_text("10")
    expect(app.node("earned-longest_path-2")).to_have_text("10")  # tied: 10 each
    expect(app.node("total-1")).to_have_text("40")
    expect(app.node("total-2")).to_have_text("10")
    app.enter("ticket-to-ride", "line-longest_path-2", "19")
    expect(app.node("earned-longest_path-2")).to_have_text("0")
    expect(app.node("earned-longest_path-1")).to_have_text("10")
    expect(app.node("total-2")).to_have_text("0")
    expect(app.node("result")).to_have_text("Ana wins with 40 points.")
    app.click("save")
    expect(app.node("play-edit")).to_be_attached()
    expect(app.node("total-1")).to_have_text("40")
