"""Game nights and seasons in a real Chromium at phone size (390 × 844): a night named,
split and merged; a season made, refused when its days are wrong, shown with its
standings, and deleted. The plays are saved straight into the served app's history, long
ago and with names no other test uses."""

from __future__ import annotations

import pytest
from conftest import history_path
from playwright.sync_api import expect

from scorepad.club.nights import history_nights
from scorepad.core import PlayerSheet, find_game
from scorepad.store import open_store

pytestmark = pytest.mark.browser

NAMES = ("Oriane", "Pascal", "Quillon")


def evening(app, year: int) -> list[int]:
    """Three plays one evening in March of ``year`` (long ago: each test a year of its
    own), and one a week later; their ids."""
    o, p, q = NAMES
    plays = [
        (f"{year}-03-05T20:00", {o: 30, p: 40}),
        (f"{year}-03-05T21:00", {p: 50, q: 20}),
        (f"{year}-03-05T22:00", {o: 10, q: 60}),
        (f"{year}-03-12T20:00", {o: 33, q: 31}),
    ]
    with open_store(history_path(app.data_dir)) as store:
        return [
            store.save_play(
                find_game("azul"),
                None,
                [PlayerSheet(n, {"marker": v}) for n, v in scores.items()],
                when,
            )
            for when, scores in plays
        ]


def listed_at(app, first_id: int) -> int:
    """Where the night of ``first_id`` is in the list (newest first, from 1)."""
    with open_store(history_path(app.data_dir)) as store:
        found = history_nights(store.facts(), store.settings(), store.night_marks())
    ids = [n.first_id for n in reversed(found)]
    return ids.index(first_id) + 1


def test_a_night_is_named_split_and_merged_on_a_phone(app, phone):
    first = evening(app, 1999)[0]
    phone.open(f"/nights/{first}")
    expect(phone.node("night-winner")).to_have_text("Winner: Pascal")
    expect(phone.node("night-play-3")).to_be_attached()
    phone.type("night-name", "Spring opener")
    phone.click("night-rename")
    expect(phone.node("nights-message")).to_have_text("Name saved.")
    phone.screenshot("night")
    phone.go("/nights")
    expect(phone.node(f"night-{listed_at(app, first)}")).to_contain_text("Spring opener")
    phone.screenshot("nights")
    phone.go(f"/nights/{first}")
    phone.click("night-split-3")
    expect(phone.node("nights-message")).to_contain_text("The night was split")
    expect(phone.node("night-play-3")).to_have_count(0)
    expect(phone.node("night-points-3")).to_contain_text("Quillon")
    phone.click("night-merge")
    expect(phone.node("nights-message")).to_have_text("Merged with the next night.")
    expect(phone.node("night-play-3")).to_be_attached()
    phone.type("night-name", "x" * 101)
    phone.click("night-rename")
    expect(phone.node("nights-message")).to_contain_text("at most 100 characters")


def test_a_season_is_made_refused_shown_and_deleted_on_a_phone(app, phone):
    evening(app, 1998)
    phone.open("/seasons")
    phone.click("season-new")
    phone.type("season-name", "March 1998")
    phone.type("season-first", "1998-03-01")
    phone.type("season-last", "1998-02-28")
    phone.click("season-save")
    expect(phone.node("seasons-message")).to_contain_text("cannot end (1998-02-28)")
    phone.type("season-last", "1998-03-31")
    phone.click("season-save")
    expect(phone.node("seasons-message")).to_have_text("Season saved: March 1998.")
    standings = phone.node("season-standings")
    for name in NAMES:
        expect(standings).to_contain_text(name)
    expect(phone.node("challenge-1")).to_contain_text("Pascal: 0/5")
    phone.screenshot("seasons")
    phone.click("season-edit")
    phone.click("season-delete")
    expect(phone.node("seasons-message")).to_have_text("Season deleted: March 1998.")
