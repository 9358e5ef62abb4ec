"""Skull King on a phone (390 × 844) in Chromium: the sheet opens on round 1, each round
shows the cards it deals and who deals (the deal passing on), an untouched round counts
nothing and is not saved, a partly typed round names what is missing, a bonus on a missed
bid is said not to count, and the saved play sums bids made rather than bids and tricks.
Screenshots of the round sheet and the saved play in the light and dark themes and in
French go to screenshots/."""

from __future__ import annotations

import re

import pytest
from conftest import PHONE, SCREENSHOTS, AppPage
from playwright.sync_api import expect

from scorepad.core.i18n import tr

pytestmark = pytest.mark.browser

NAMES = ("Oriane", "Théodric", "Maëlle")
"""Names no other test plays with (a sheet in progress is found again by its players)."""
FRENCH = ("Capucine", "Gaspard")


def enter(app: AppPage, ident: str, text: str) -> None:
    """Type into ``round-R-KEY-n`` and wait until the app's autosaved draft holds it."""
    _, r, key, n = ident.split("-")

    def stored() -> object:
        rounds = app.draft("skull-king").get("rounds", [])
        index = int(r) - 1
        return rounds[index]["texts"][key][int(n) - 1] if index < len(rounds) else None

    app.type(ident, text, saved=stored, focus=True)


def reads(node, words: str) -> None:
    """The play's table says ``words`` (its rows reach a screen reader as its label)."""
    expect(node).to_have_attribute("aria-label", re.compile(re.escape(words)))


def shot(app: AppPage, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    # a page just opened beside another shows Flet's "Working..." for a moment after its
    # accessibility tree is there: the picture waits for the frame to be drawn
    app.page.wait_for_timeout(1500)
    app.page.screenshot(path=str(SCREENSHOTS / f"{name}-phone.png"))


def test_skull_king_deals_counts_rounds_and_sums_bids_made_on_a_phone(app, browser, server):
    app.resize(PHONE)
    route = "/new/skull-king?players=" + ",".join(NAMES)
    app.open(route)
    # round 1 is open: no "Next round" first; it deals 1 card and Oriane deals
    expect(app.node("round-1-bid-1")).to_be_attached()
    expect(app.node("round-2-bid-1")).to_have_count(0)
    expect(app.node("dealer")).to_contain_text("Cards each: 1")
    expect(app.node("dealer")).to_contain_text("Oriane deals")
    expect(app.node("result")).to_have_text(tr("app.hint_bids", "en"))
    for n in (1, 2, 3):
        expect(app.node(f"total-{n}")).to_have_text("0")  # a blank round is no made zero

    # a partly typed round says what is missing and counts nothing yet
    enter(app, "round-1-bid-1", "1")
    expect(app.node("round-1-missing")).to_contain_text("Théodric")
    expect(app.node("total-1")).to_have_text("0")
    for n, (bid, took) in enumerate([("1", "1"), ("1", "0"), ("0", "0")], 1):
        if n > 1:
            enter(app, f"round-1-bid-{n}", bid)
        enter(app, f"round-1-tricks-{n}", took)
    expect(app.node("round-1-missing")).to_have_count(0)
    # Théodric bid one and took no trick (the round's one card went to Oriane): his
    # bonus is typed, shown, and not counted
    enter(app, "round-1-bonus-2", "20")
    expect(app.node("round-1-bonus-lost")).to_contain_text("Théodric")
    expect(app.node("round-1-bonus-2")).to_contain_text("not counted")
    expect(app.node("total-1")).to_have_text("20")
    expect(app.node("total-2")).to_have_text("-10")
    expect(app.node("total-3")).to_have_text("10")

    # round 2: the deal passes on; untouched, it adds nothing (no +20 for a blank zero)
    app.click("next-round")
    expect(app.node("dealer")).to_contain_text("Cards each: 2")
    expect(app.node("dealer")).to_contain_text("Théodric deals")
    expect(app.node("round-1-deal")).to_contain_text("Oriane deals")
    expect(app.node("total-3")).to_have_text("10")
    app.draft_when("skull-king", lambda d: len(d.get("rounds", [])) == 2)
    enter(app, "round-2-bid-1", "1")
    expect(app.node("round-2-missing")).to_contain_text("Maëlle")
    app.click("save")
    expect(app.node("save-message")).to_contain_text("round 2")
    shot(app, "sheet-rounds-deal-light")

    # the same sheet on a phone whose system theme is dark
    dark = browser.new_context(viewport=PHONE, color_scheme="dark")
    try:
        other = AppPage(dark.new_page(), server, app.data_dir)
        other.open(route)
        expect(other.node("round-1-bonus-lost")).to_contain_text("Théodric")
        expect(other.node("round-2-missing")).to_contain_text("Maëlle")
        shot(other, "sheet-rounds-deal-dark")
    finally:
        dark.close()

    for n, (bid, took) in enumerate([("1", "1"), ("1", "1"), ("0", "0")], 1):
        if n > 1:
            enter(app, f"round-2-bid-{n}", bid)
        enter(app, f"round-2-tricks-{n}", took)
    expect(app.node("total-1")).to_have_text("40")
    expect(app.node("total-2")).to_have_text("10")
    expect(app.node("total-3")).to_have_text("30")  # 10 × 1, then 10 × 2 for zero bids
    app.click("next-round")  # round 3, left untouched: not saved
    expect(app.node("dealer")).to_contain_text("Maëlle deals")
    app.click("save")

    # the saved play: two rounds, bids made of the rounds played, not bids added up
    expect(app.node("play-rounds")).to_be_attached()
    expect(app.node("play-round-2-total-1")).to_have_text("40")
    expect(app.node("play-round-3-total-1")).to_have_count(0)
    expect(app.node("round-note")).to_contain_text("2 of 10")
    summary = app.node("play-sheet")
    for words in ("Bids made", "2 of 2", "1 of 2", "Bid points", "Bonus counted"):
        reads(summary, words)
    assert "Tricks taken" not in (summary.get_attribute("aria-label") or "")
    shot(app, "play-rounds-deal-light")
    played = app.page.url

    # dark, then French: the saved play, and a new sheet's round words
    dark = browser.new_context(viewport=PHONE, color_scheme="dark")
    try:
        other = AppPage(dark.new_page(), server, app.data_dir)
        other.page.goto(played)
        other.semantics()
        reads(other.node("play-sheet"), "Bids made")
        shot(other, "play-rounds-deal-dark")
        other.go("/settings")
        other.click("lang-fr")
        other.go("/new/skull-king?players=" + ",".join(FRENCH))
        expect(other.node("dealer")).to_contain_text("Capucine distribue")
        enter(other, "round-1-bid-1", "0")
        enter(other, "round-1-tricks-1", "1")
        enter(other, "round-1-bonus-1", "10")
        expect(other.node("round-1-missing")).to_contain_text("Reste à saisir")
        enter(other, "round-1-bid-2", "1")
        enter(other, "round-1-tricks-2", "0")
        expect(other.node("round-1-bonus-1")).to_contain_text("non compté")
        expect(other.node("round-1-bonus-lost")).to_contain_text("Capucine")
        shot(other, "sheet-rounds-deal-dark-fr")
        other.page.goto(played)
        other.semantics()
        reads(other.node("play-sheet"), "Annonces réussies")
        reads(other.node("play-sheet"), "2 sur 2")
        shot(other, "play-rounds-deal-dark-fr")
    finally:
        dark.close()
        (app.data_dir / "settings.json").unlink(missing_ok=True)
