"""At phone size in Chromium: the sheet's timer runs from the start, sends nothing while
a minute goes by, is paused for a break and corrected by hand, and the saved play shows
its time on its screen, in History and in Stats' average for the game."""

from __future__ import annotations

import re
import sqlite3
from decimal import ROUND_HALF_UP, Decimal

import pytest
from conftest import PHONE
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

GAME = "kingdomino"
"""Other browser tests may save plays of this game into the same served history: the
average Stats shows is checked against every timed play of the game read from the file."""
NAMES = ("Quilla", "Rafe")


def test_the_timer_is_paused_corrected_and_its_time_kept_with_the_play(app):
    frames: list[bytes] = []  # Flet's (the link check's answers are text: not counted)
    app.page.on(
        "websocket",
        lambda ws: ws.on(
            "framereceived",
            lambda frame: frames.append(frame) if isinstance(frame, bytes) else None,
        ),
    )
    app.page.set_viewport_size(PHONE)
    app.open(f"/new/{GAME}?players={','.join(NAMES)}")
    expect(app.node("timer")).to_have_text(re.compile(r"^0:0\d$"))
    started = app.draft_when(GAME, lambda d: "timer" in d)["timer"]["started"]

    # Left alone, a running sheet sends this device nothing (no tick per second).
    app.page.wait_for_timeout(500)
    before = len(frames)
    app.page.wait_for_timeout(2500)
    assert len(frames) == before

    app.click("timer-pause")
    app.draft_when(GAME, lambda d: d["timer"].get("paused_at") is not None)
    app.click("timer-edit")
    app.type("timer-field", "1:5")
    app.click("timer-set")
    expect(app.page.get_by_text('"1:5" is not a time', exact=False)).to_be_visible()
    app.type("timer-field", "1:05")
    app.click("timer-set")
    expect(app.node("timer")).to_have_text("1:05")
    kept = app.draft_when(GAME, lambda d: d["timer"].get("adjust", 0) != 0)["timer"]
    assert kept["started"] == started and kept["paused_at"] is not None

    app.enter(GAME, "line-properties-1", "40")
    app.enter(GAME, "line-properties-2", "35")
    app.click("save")
    expect(app.node("play-duration")).to_have_text("65 min")
    expect(app.node("play-started")).to_have_text(
        re.compile(r"^Started \d{4}-\d\d-\d\d \d\d:\d\d$")
    )

    app.go("/history")
    expect(app.node("history-row-1")).to_contain_text(re.compile(r" · 65 min\sQuilla 40 · Rafe 35"))
    app.go("/stats")
    minutes = timed_plays(app, GAME)
    assert 65 in minutes, minutes
    average = (Decimal(sum(minutes)) / len(minutes)).quantize(Decimal(1), ROUND_HALF_UP)
    expect(app.node(f"stats-duration-{GAME}")).to_have_text(f"Average time per play: {average} min")


def timed_plays(app, game: str) -> list[int]:
    """The minutes of the game's timed plays in the served history, read from its file
    (plays deleted or left out of the statistics not counted)."""
    assert app.data_dir is not None
    with sqlite3.connect(app.data_dir / "history.db") as db:
        rows = db.execute(
            "SELECT play.duration FROM play JOIN game ON game.id = play.game_id"
            " WHERE game.key = ? AND play.deleted_at IS NULL AND play.ignored IS NULL"
            " AND play.duration IS NOT NULL",
            (game,),
        ).fetchall()
    return [int(duration) for (duration,) in rows]
