"""Ratings at phone size in Chromium: the leaderboard of a game, a player's chart, and
each player's chance to win at New play, over plays another program saved into the
served app's history (the app sees the history's write count move and re-rates)."""

from __future__ import annotations

import pytest
from conftest import history_path
from playwright.sync_api import expect

from scorepad.core import PlayerSheet, find_game
from scorepad.store import open_store

pytestmark = pytest.mark.browser

NAMES = ("Quillon", "Ravenna", "Sabeline")
"""Names no other test plays with (the served history holds the whole session's plays)."""


def test_leaderboard_chart_and_chances_to_win_on_a_phone(phone, data_dir):
    store = open_store(history_path(data_dir))
    plays = []
    try:
        for n in range(3):  # Quillon wins every Splendor play, Ravenna second, Sabeline last
            sheets = [PlayerSheet(name, {"cards": 15 - 4 * i}) for i, name in enumerate(NAMES)]
            when = f"2019-02-0{n + 1} 20:00"
            plays.append(store.save_play(find_game("splendor"), None, sheets, when))
        ratings = store.ratings()
        assert ratings is not None
        table = ratings.table("splendor")
        assert [r.player for r in table] == list(NAMES)

        phone.open("/ratings?game=splendor")
        board = phone.node("ratings")
        expect(board).to_be_visible()
        first = phone.node("ratings-row-1")
        expect(first).to_contain_text("Quillon")
        expect(first).to_contain_text(str(table[0].ordinal))
        expect(phone.node("ratings-row-3")).to_contain_text("Sabeline")
        expect(phone.node("ratings-row-3")).to_contain_text(str(table[2].ordinal))
        phone.reveal("ratings-chart")
        expect(phone.node("ratings-chart")).to_be_attached()
        expect(phone.page.get_by_text("Quillon's rating over time")).to_be_visible()

        chances = ratings.win_chances(["Quillon", "Ravenna"], "splendor")
        assert chances is not None and chances["Quillon"] > chances["Ravenna"]
        phone.open("/new/splendor?players=Quillon,Ravenna&ask=1")
        line = phone.node("win-chances")
        expect(line).to_contain_text(
            f"Chance to win, from the ratings: Quillon {int(chances['Quillon'] * 100)} %"
        )
        expect(line).to_contain_text(f"Ravenna {int(chances['Ravenna'] * 100)} %")
        phone.node("add-player").locator("[role]").first.click()
        phone.type("player-3", "Sabeline")
        expect(line).to_contain_text("Sabeline ")
    finally:
        for play in plays:
            store.delete_play(play)
        store.close()
