"""Stats by period in a real Chromium at phone size: a year, then a month of it, chosen
on the Stats screen; the figures and the charts over time follow.

The server's history is shared with the other browser tests: the plays here are of
players of their own (Perla and Quirin), and only their figures are checked.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import PHONE, history_path
from playwright.sync_api import expect

from scorepad.core import PlayerSheet, find_game
from scorepad.store import Store, open_store

pytestmark = pytest.mark.browser

PLAYS = (
    (50, 40, "2024-06-10 20:00"),  # Perla wins
    (60, 70, "2025-03-02 20:00"),
    (80, 30, "2025-03-20 20:00"),  # Perla wins
    (20, 90, "2025-07-05 20:00"),
)


@pytest.fixture
def store(data_dir) -> Iterator[Store]:
    opened = open_store(history_path(data_dir))
    yield opened
    opened.close()


def pick(page, chooser: str, option: str) -> None:
    """Open a chooser and tap one of its options (the menu lists them as buttons)."""
    page.reveal(chooser)
    page.node(chooser).click()
    page.page.get_by_role("button", name=option, exact=True).click()


def test_a_year_then_a_month_on_a_phone_change_the_figures_and_the_charts(app, phone, store):
    azul = find_game("azul")
    for perla, quirin, when in PLAYS:
        sheets = [
            PlayerSheet("Perla", {"marker": perla}),
            PlayerSheet("Quirin", {"marker": quirin}),
        ]
        store.save_play(azul, None, sheets, when)
    assert phone.page.viewport_size == PHONE
    phone.open("/stats?player=Perla&period=")
    expect(phone.node("stats-period")).to_have_text("Showing: All time")
    expect(phone.node("stats-player-plays")).to_have_text("4")
    expect(phone.node("stats-player-rate")).to_have_text("50 %")
    over_time = phone.node("stats-chart-rate")
    expect(over_time).to_be_attached()

    pick(phone, "stats-period-year", "2025")
    expect(phone.node("stats-period")).to_have_text("Showing: 2025")
    expect(phone.node("stats-player-plays")).to_have_text("3")
    expect(phone.node("stats-player-rate")).to_have_text("33 %")
    expect(phone.node("stats-player-best")).to_have_text("80")
    phone.reveal("stats-chart-rate")  # its labels are read where it is on the screen
    expect(over_time).to_contain_text("Mar")  # per month in a year
    expect(over_time).to_contain_text("Jul")

    pick(phone, "stats-period-month", "March")
    expect(phone.node("stats-period")).to_have_text("Showing: March 2025")
    expect(phone.node("stats-player-plays")).to_have_text("2")
    expect(phone.node("stats-player-rate")).to_have_text("50 %")
    expect(phone.node("stats-player-average")).to_have_text("70")
    phone.reveal("stats-chart-rate")
    expect(over_time).to_contain_text("20")  # per day in a month: the last one labelled
    expect(over_time).not_to_contain_text("Mar")
