"""At phone size in Chromium: "Who starts?" at New play lands on a player, the sheet says
who starts, and the saved play shows it on its screen and in History."""

from __future__ import annotations

import re

import pytest
from conftest import PHONE
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NAMES = ("Xiadani", "Yusuf")
"""Names no other test plays with (Stats and History hold the whole session's plays)."""


def test_who_starts_is_picked_at_new_play_and_kept_with_the_play(app):
    app.page.set_viewport_size(PHONE)
    app.open("/new/azul")
    app.type("player-1", NAMES[0])
    app.type("player-2", NAMES[1])
    app.click("first-player")
    said = app.node("first-player-name")
    expect(said).to_have_text(re.compile(rf"^({'|'.join(NAMES)}) starts$"))
    first = app.text("first-player-name").removesuffix(" starts")
    app.click("start")

    expect(app.node("line-marker-1")).to_be_attached()  # the sheet
    expect(app.node("first-player-name")).to_have_text(f"{first} starts")
    expect(app.node(f"first-mark-{NAMES.index(first) + 1}")).to_be_attached()
    app.draft_when("azul", lambda d: d.get("first_player") == first)
    app.enter("azul", "line-marker-1", "40")
    app.enter("azul", "line-marker-2", "35")
    app.click("save")
    expect(app.node("play-first-player")).to_have_text(f"First player: {first}")

    app.go("/history")
    expect(app.node("history-first-player-1")).to_have_text(f"First player: {first}")
