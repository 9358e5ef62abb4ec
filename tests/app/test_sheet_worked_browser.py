"""In Chromium, at phone and desktop size: Ticket to Ride's longest path is an award line,
the points it earned show beside each quantity as it is typed; 7 Wonders' science sets
are a set rule, their points on a read-only row under the last symbol. The totals follow,
and Save keeps them."""

from __future__ import annotations

import pytest
from conftest import DESKTOP, PHONE
from playwright.sync_api import expect
from test_browser_manage import show

pytestmark = pytest.mark.browser

SIZES = pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])


@SIZES
def test_ticket_to_ride_longest_path_earned_points_show_live_and_save(app, size):
    app.page.set_viewport_size(size)
    app.open("/new/ticket-to-ride?players=Ana,Ben")
    expect(app.node("total-1")).to_have_text("0")
    # 2 routes of 6 each: 2 × 15 points, 12 trains placed (a path is at most that long)
    app.enter("ticket-to-ride", "line-route_6-1", "2")
    app.enter("ticket-to-ride", "line-route_6-2", "2")
    app.enter("ticket-to-ride", "line-longest_path-1", "12")
    app.enter("ticket-to-ride", "line-longest_path-2", "12")
    expect(app.node("earned-longest_path-1")).to_have_text("10")
    expect(app.node("earned-longest_path-2")).to_have_text("10")  # tied: 10 each
    expect(app.node("total-1")).to_have_text("40")
    expect(app.node("total-2")).to_have_text("40")
    app.enter("ticket-to-ride", "line-longest_path-2", "11")
    expect(app.node("earned-longest_path-2")).to_have_text("0")
    expect(app.node("earned-longest_path-1")).to_have_text("10")
    expect(app.node("total-2")).to_have_text("30")
    expect(app.node("result")).to_have_text("Ana wins with 40 points.")
    app.click("save")
    expect(app.node("play-edit")).to_be_attached()
    expect(app.node("total-1")).to_have_text("40")


@SIZES
def test_7_wonders_science_sets_row_shows_live_and_save(app, size):
    app.page.set_viewport_size(size)
    app.open("/new/7-wonders?players=Ana,Ben,Cy")  # 3 to 7 players
    for key, count in [("science_compass", "3"), ("science_gear", "2"), ("science_tablet", "2")]:
        show(app, f"line-{key}-1")  # at the foot of a long sheet
        app.enter("7-wonders", f"line-{key}-1", count)
    show(app, "worked-science_sets-2")
    expect(app.node("worked-science_sets-1")).to_have_text("14")  # 2 sets of 3 × 7
    expect(app.node("worked-science_sets-2")).to_have_text("0")
    expect(app.node("total-1")).to_have_text("31")  # 9 + 4 + 4 + 14
    app.enter("7-wonders", "line-science_tablet-1", "1")
    expect(app.node("worked-science_sets-1")).to_have_text("7")
    expect(app.node("total-1")).to_have_text("21")  # 9 + 4 + 1 + 7
    app.click("save")
    expect(app.node("play-edit")).to_be_attached()
    expect(app.node("total-1")).to_have_text("21")
