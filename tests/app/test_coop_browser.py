"""A lost co-operative play at phone size in Chromium, in the system's light and dark
themes: History, Home's recent plays and Stats say it was lost together, with no scores
for a game that has none and no trophy. Screenshots of each screen go to screenshots/."""

from __future__ import annotations

import pytest
from conftest import PHONE, SCREENSHOTS, AppPage, history_path
from playwright.sync_api import expect

from scorepad.core import PlayerSheet, find_game
from scorepad.store import open_store

pytestmark = pytest.mark.browser

NAMES = ("Lélia", "Chloris")
"""Names no other test plays with (History and Stats hold the whole session's plays)."""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_lost_pandemic_reads_as_lost_together_in_history_home_and_stats(
    server, browser, data_dir, scheme
):
    (data_dir / "settings.json").unlink(missing_ok=True)  # the theme follows the system's
    store = open_store(history_path(data_dir))
    table = [PlayerSheet(name, {}) for name in NAMES]
    play = store.save_play(
        find_game("pandemic"), None, table, "2031-01-01 20:00", outcome="lost"
    )  # newer than any other test's play: first in History and on Home
    context = browser.new_context(viewport=PHONE, color_scheme=scheme)
    try:
        page = AppPage(context.new_page(), server, data_dir)

        page.open("/history")
        row = page.node("history-row-1")
        expect(row).to_contain_text("Lélia · Chloris · lost together")
        expect(row).not_to_contain_text("Lélia 0")  # Pandemic has no score
        shot(page, f"coop-history-{scheme}")

        page.go("/")
        expect(page.node("recent-1")).to_have_text("2031-01-01 · Pandemic · lost together")
        shot(page, f"coop-home-{scheme}")

        page.go(f"/stats?player={NAMES[0]}")
        expect(page.node("stats-player-coop-plays")).to_have_text("1")
        expect(page.node("stats-player-coop-wins")).to_have_text("0")
        expect(page.node("stats-player-coop-losses")).to_have_text("1")
        expect(page.node("stats-player-plays")).to_have_count(0)  # no "Plays 0" beside them
        shot(page, f"coop-stats-{scheme}")
        page.reveal("stats-game-line-pandemic")
        line = page.node("stats-game-line-pandemic")
        expect(line).to_contain_text("lost together")
        expect(line).not_to_contain_text("best")  # no "best 0 (–)" for a game without a score
        shot(page, f"coop-stats-games-{scheme}")
    finally:
        context.close()
        store.delete_play(play)
        store.close()


def shot(page: AppPage, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.page.wait_for_timeout(400)  # the screen's transition done
    page.page.screenshot(path=str(SCREENSHOTS / f"{name}-phone.png"))
