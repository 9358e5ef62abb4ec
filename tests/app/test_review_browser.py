"""Year in review and Achievements in a real Chromium at phone size: reached from Home,
pickers for the year and the player, the card downloaded, the player's achievements and
the play they were earned in. The plays are the session app's own history's, in a year
and with names no other test uses."""

from __future__ import annotations

import pytest
from conftest import PHONE, AppPage, history_path
from PIL import Image
from playwright.sync_api import expect

from scorepad.cards.review import HEIGHT, WIDTH
from scorepad.core import PlayerSheet, find_game
from scorepad.store import open_store

pytestmark = pytest.mark.browser

YEAR = "2011"
ME, RIVAL, OTHER = "Quirina", "Ottokar", "Ludmila"


@pytest.fixture(scope="module")
def seeded(data_dir) -> list[int]:
    """Three Azul plays of 2011 (Quirina wins the first two, Ottokar the last) and one of
    2010, in the served app's history."""
    store = open_store(history_path(data_dir))
    azul = find_game("azul")

    def save(when: str, scores: dict[str, int]) -> int:
        players = [PlayerSheet(n, {"marker": m}) for n, m in scores.items()]
        return store.save_play(azul, None, players, when, duration=40)

    try:
        return [
            save("2010-06-01T20:00", {ME: 20, RIVAL: 30}),
            save("2011-03-01T20:00", {ME: 61, RIVAL: 48}),
            save("2011-03-02T20:00", {ME: 55, OTHER: 40}),
            save("2011-04-01T20:00", {ME: 30, RIVAL: 70}),
        ]
    finally:
        store.close()


def on_phone(browser, server: str) -> AppPage:
    context = browser.new_context(viewport=PHONE)
    return AppPage(context.new_page(), server)


def test_the_review_is_reached_from_home_and_shows_a_players_year(browser, server, seeded):
    phone = on_phone(browser, server)
    phone.open("/")
    phone.click("nav-review")
    expect(phone.node("review")).to_be_attached()
    assert phone.page.url.endswith("/review")
    phone.go(f"/review?year={YEAR}&player={ME}")
    expect(phone.node("review-plays")).to_have_text("3")
    expect(phone.node("review-wins")).to_have_text("2")
    expect(phone.node("review-hours")).to_have_text("2.0 h")
    expect(phone.node("review-nemesis")).to_have_text(f"{RIVAL} (1)")
    expect(phone.node("review-day-streak")).to_contain_text("2 (2011-03-01 – 2011-03-02)")
    expect(phone.node("review-best-azul")).to_contain_text("61 (2011-03-01)")
    expect(phone.node("review-new-games")).to_have_text("0: –")  # Azul first in 2010


def test_the_pickers_change_the_year_and_the_player(browser, server, seeded):
    phone = on_phone(browser, server)
    phone.open(f"/review?year={YEAR}&player={ME}")
    expect(phone.node("review-plays")).to_have_text("3")
    phone.node("review-year").click()  # the picker is the node itself; its years: buttons
    phone.page.get_by_role("button", name="2010", exact=True).click()
    expect(phone.node("review-plays")).to_have_text("1")
    assert "year=2010" in phone.page.url
    phone.node("review-player").click()
    phone.page.get_by_role("button", name="Everyone", exact=True).click()
    expect(phone.node("review-top-players")).to_be_attached()
    assert "player=" not in phone.page.url


def test_a_year_without_plays_and_a_bad_year_say_so(browser, server, seeded):
    phone = on_phone(browser, server)
    phone.open(f"/review?year=1950&player={ME}")
    expect(phone.node("review-none")).to_have_text(f"No plays by {ME} in 1950.")
    phone.go("/review?year=someday")
    expect(phone.node("review-error")).to_contain_text('"someday" is not a year')


def test_the_card_downloads_on_a_phone(browser, server, seeded):
    phone = on_phone(browser, server)
    phone.open(f"/review?year={YEAR}&player={ME}")
    expect(phone.node("review-plays")).to_have_text("3")
    with phone.page.expect_download() as download:
        phone.click("review-png")
    assert download.value.suggested_filename == f"review-{YEAR}-{ME}-en.png"
    with Image.open(download.value.path()) as image:
        assert image.size == (WIDTH, HEIGHT)
    expect(phone.node("review-status")).to_have_text(f"review-{YEAR}-{ME}-en.png is ready.")
    with phone.page.expect_download() as download:
        phone.click("review-pdf")
    with open(download.value.path(), "rb") as pdf:
        assert pdf.read(5) == b"%PDF-"


def test_a_players_achievements_name_the_play_they_were_earned_in(browser, server, seeded):
    phone = on_phone(browser, server)
    phone.open(f"/review?year={YEAR}&player={ME}")
    phone.click("review-achievements")
    expect(phone.node("achievements")).to_be_attached()
    first = phone.node("achievement-n-1")
    expect(first).to_contain_text("First win")
    expect(first).to_contain_text(f"2011-03-01 · play {seeded[1]}")
    expect(phone.node("achievement-todo-comeback")).to_be_attached()
    phone.click("achievement-n-1")
    expect(phone.node("play-edit")).to_be_attached()
    assert phone.page.url.endswith(f"/play/{seeded[1]}")
