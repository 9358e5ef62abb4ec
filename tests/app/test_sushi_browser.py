"""Sushi Go! in Chromium, at phone and desktop size: picked from the picker, three rounds
whose maki points follow every player's maki of the round as anyone types, dumplings'
points beside their count, puddings at the end, Save, the play screen and History."""

from __future__ import annotations

import pytest
from conftest import DESKTOP, PHONE
from playwright.sync_api import expect
from test_rounds_browser import enter_round

from scorepad.core.scoring import show

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_sushi_go_three_rounds_earned_maki_follow_everyone_save_and_history(app, size):
    app.page.set_viewport_size(size)
    if size == PHONE:  # the picker offers it (the desktop run takes New play's link)
        app.open("/new")
        app.type("search", "sushi")  # the list builds the rows on screen only
        app.click("game-sushi-go")
        app.click("add-player")
        for n, name in enumerate(["Ana", "Ben", "Cy"], 1):
            app.type(f"player-{n}", name)
        app.click("start")
    else:
        app.open("/new/sushi-go?players=Ana,Ben,Cy")
    enter_round(app, "sushi-go", "round-1-maki-1", "3")
    expect(app.node("round-1-earned-maki-1")).to_have_text("6")
    enter_round(app, "sushi-go", "round-1-maki-2", "1")
    expect(app.node("round-1-earned-maki-2")).to_have_text("3")
    enter_round(app, "sushi-go", "round-1-maki-3", "3")  # ties Ana for most
    expect(app.node("round-1-earned-maki-1")).to_have_text("3")  # 6 split
    expect(app.node("round-1-earned-maki-3")).to_have_text("3")
    expect(app.node("round-1-earned-maki-2")).to_have_text("0")  # no second place
    enter_round(app, "sushi-go", "round-1-dumplings-2", "3")
    expect(app.node("round-1-earned-dumplings-2")).to_have_text("6")
    expect(app.node("round-1-total-1")).to_have_text("3")
    expect(app.node("round-1-total-2")).to_have_text("6")
    app.click("next-round")
    enter_round(app, "sushi-go", "round-2-maki-2", "2")
    expect(app.node("round-2-earned-maki-2")).to_have_text("6")
    expect(app.node("round-2-total-2")).to_have_text("12")
    app.click("next-round")
    enter_round(app, "sushi-go", "round-3-nigiri-3", "5")
    expect(app.node("round-3-total-3")).to_have_text("8")
    for n, puddings in enumerate(["2", "0", "1"], 1):
        app.enter("sushi-go", f"line-pudding-{n}", puddings)
    expect(app.node("earned-pudding-1")).to_have_text("6")
    expect(app.node("earned-pudding-2")).to_have_text(show(-6, "en"))  # fewest
    expect(app.node("total-1")).to_have_text("9")  # 3 + 6
    expect(app.node("total-2")).to_have_text("6")  # 6 + 6 − 6
    expect(app.node("total-3")).to_have_text("8")  # 3 + 5 + 0
    expect(app.node("result")).to_have_text("Ana wins with 9 points.")
    app.click("save")
    expect(app.node("play-edit")).to_be_attached()
    expect(app.node("total-1")).to_have_text("9")
    expect(app.node("play-round-2-total-2")).to_have_text("12")
    app.go("/history")
    expect(app.node("history-row-1")).to_contain_text("Ana 9 · Cy 8 · Ben 6")
