"""What to play tonight on a 390×844 phone in Chromium: the screen opened from the picker
with those here chosen, the collection's game suggested first with its reasons, a random
pick with who starts it, and a suggested game started for them (its sheet, their names on
it)."""

from __future__ import annotations

import re

import pytest
from conftest import PHONE, AppPage, history_path
from playwright.sync_api import expect

from scorepad.store import open_store

pytestmark = pytest.mark.browser

HERE = ("Tavish", "Ulvina")
"""Players no other test names: the served app and its history are shared by the tests, and
another module's Azul play with one of them would change what the card says."""


@pytest.fixture
def phone_page(server: str, browser, data_dir):
    with open_store(history_path(data_dir)) as store:
        for name in HERE:
            store.add_player(name)
        if not any(e["collid"] == "hand-230802" for e in store.owned_games()):
            store.add_owned("Azul", "230802", ("2", "4"), ("30", "45"))
    context = browser.new_context(viewport=PHONE)
    try:
        yield AppPage(context.new_page(), server, data_dir)
    finally:
        context.close()


def test_tonight_opens_from_the_picker_with_those_here_and_starts_a_suggested_game(phone_page):
    app = phone_page
    app.open("/new")
    expect(app.node("picker-yours")).to_contain_text("Your games")
    expect(app.node("game-azul")).to_be_attached()
    app.go("/suggest?players=" + ",".join(HERE))
    for name in HERE:
        expect(app.page.get_by_role("checkbox", name=name)).to_be_checked()
    app.click("suggest-count-3")  # a guest joins: three at the table
    app.click("suggest-count-2")
    app.click("suggest-time-60")
    card = app.page.get_by_role("group", name=re.compile(r"^Azul 2–4 players"))
    expect(card).to_be_attached()
    # its Play button: first when this history is new, further down once other tests of
    # the shared served app have played Azul lately (the ranking favours games not played)
    button = card.locator("[flt-semantics-identifier^='suggestion-play-']").first
    expect(button).to_be_attached()  # the list is drawn again as the choices change
    play = button.get_attribute("flt-semantics-identifier")
    assert play and re.fullmatch(r"suggestion-play-\d+", play), play
    said = card.get_attribute("aria-label") or ""
    assert "in your collection" in said and "best at 2" in said
    # never played in this history, or not by those here: said either way
    new = f"{HERE[0]} and {HERE[1]} have never played it"
    assert "never played here" in said or new in said, said
    app.click("suggest-pick")  # a random pick, then who starts it, and its Play
    expect(app.node("suggest-play-picked")).to_be_attached(timeout=30_000)
    expect(app.node("first-player")).to_be_attached()
    assert app.text("suggest-picked").strip()  # the game it landed on
    app.click(play)
    app.page.wait_for_url("**/new/azul?players=" + ",".join(HERE), timeout=30_000)
    expect(app.node("total-2")).to_be_attached(timeout=30_000)  # the sheet, for the two
    for name in HERE:
        expect(app.page.get_by_text(name).first).to_be_attached()
    width = app.page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
