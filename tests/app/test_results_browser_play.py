"""A co-operative play and a team play, played in the app in a real Chromium at phone and
desktop size: the outcome or the winning team is chosen on the sheet and saved; History
and Stats follow (a lost Pandemic counted apart, a Codenames win for each member)."""

from __future__ import annotations

import pytest
from conftest import DESKTOP, PHONE
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
SIZES = pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])


@SIZES
def test_a_lost_pandemic_is_saved_and_history_and_stats_say_so(app, size):
    first, second = ("Lina", "Mo") if size is PHONE else ("Nora", "Oli")
    app.resize(size)
    app.open(f"/new/pandemic?players={first},{second}")  # straight to the sheet
    expect(app.node("result")).to_have_text("Say whether the table won or lost.")
    app.click("outcome-lost")
    app.draft_when("pandemic", lambda d: d.get("outcome") == "lost")
    expect(app.node("result")).to_have_text("The game wins: everyone loses together.")
    width = app.page.evaluate("document.documentElement.scrollWidth")
    assert width <= size["width"]
    app.screenshot("pandemic-sheet")
    app.click("save")
    app.page.wait_for_url("**/play/*")  # the saved play, before moving on
    expect(app.node("result")).to_have_text("The game wins: everyone loses together.")
    app.go("/history")
    rows = app.page.locator('[flt-semantics-identifier^="history-row-"]')
    expect(rows.filter(has_text=first).first).to_contain_text("lost together")
    app.go(f"/stats?player={first}")
    expect(app.node("stats-player-coop-plays")).to_have_text("1")
    expect(app.node("stats-player-coop-wins")).to_have_text("0")


@SIZES
def test_codenames_in_two_teams_team_two_wins_for_each_member(app, size):
    # names no other test plays with: the session's history is shared, and Stats count all
    names = ["Xavi", "Yuna", "Zeno", "Ilse"] if size is PHONE else ["Tea", "Ugo", "Vera", "Wim"]
    app.resize(size)
    app.open("/new/codenames?players=" + ",".join(names[:3]))  # one short: the form
    expect(app.node("team-1")).to_have_text("Team 1")
    app.type("player-4", names[3])
    expect(app.node("team-4")).to_have_text("Team 2")  # teams alternate
    app.click("start")
    expect(app.node("result")).to_have_text("Say which team won.")
    app.click("team-won-2")
    app.draft_when("codenames", lambda d: d.get("outcome") == "2")
    expect(app.node("result")).to_have_text(f"Team 2 wins ({names[1]} and {names[3]}).")
    width = app.page.evaluate("document.documentElement.scrollWidth")
    assert width <= size["width"]
    app.screenshot("codenames-sheet")
    app.click("save")
    app.page.wait_for_url("**/play/*")
    expect(app.node("result")).to_have_text(f"Team 2 wins ({names[1]} and {names[3]}).")
    for name, wins in ((names[1], "1"), (names[3], "1"), (names[0], "0")):
        app.go(f"/stats?player={name}")
        expect(app.node("stats-player-wins")).to_have_text(wins)
