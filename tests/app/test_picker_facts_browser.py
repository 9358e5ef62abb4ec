"""The picker's game cards on a 390×844 phone in Chromium, in German and French, light and
dark: each card says how many play the game and best at, how long it takes and how heavy
it is, whole, and the page does not scroll sideways for it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import PHONE, AppPage
from playwright.sync_api import expect
from test_every_screen_browser import choose

pytestmark = pytest.mark.browser

AZUL = {
    "de": "2–4 Spieler (am besten 2) · 30–45 Min. · Gewicht 1,76/5",
    "fr": "2 à 4 joueurs (idéal 2) · 30–45 min · poids 1,76/5",
}
CODENAMES = {
    "de": "4–20 Spieler (am besten 6) · 15 Min. · Gewicht 1,26/5",
    "fr": "4 à 20 joueurs (idéal 6) · 15 min · poids 1,26/5",
}


@pytest.fixture
def device(server: str, browser, data_dir, request) -> Iterator[AppPage]:
    """A phone of its own in the language and theme asked (``request.param``)."""
    lang, theme = request.param
    context = browser.new_context(viewport=PHONE, color_scheme=theme)
    try:
        app = AppPage(context.new_page(), server, data_dir)
        app.open("/")
        choose(app, lang, theme)
        yield app
    finally:
        context.close()


@pytest.mark.parametrize(
    ("device", "lang"),
    [(("de", "light"), "de"), (("fr", "dark"), "fr")],
    indirect=["device"],
    ids=["de-light", "fr-dark"],
)
def test_a_card_shows_players_best_minutes_and_weight_on_a_phone(device, lang):
    device.go("/new")
    device.type("search", "azul")
    device.reveal("game-azul")
    expect(device.node("game-azul")).to_contain_text(AZUL[lang])
    device.type("search", "codenames")
    device.reveal("game-codenames")
    expect(device.node("game-codenames")).to_contain_text(CODENAMES[lang])
    card = device.node("game-codenames").first.bounding_box()
    assert card is not None and card["x"] >= 0 and card["x"] + card["width"] <= PHONE["width"]
    width = device.page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
