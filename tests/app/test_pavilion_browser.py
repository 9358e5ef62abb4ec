"""In Chromium, at phone and at desktop size: a Summer Pavilion tapped on one device fills
the sheet's star and number-bonus lines there and on a second device at once; a space
uncovered and the pavilion cleared give the lines back."""

from __future__ import annotations

import pytest
from conftest import DESKTOP, PHONE
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
GAME = "azul-summer-pavilion"


def stars_of(draft: dict) -> list[str] | None:
    pavilions = draft.get("pavilions") or [{}]
    return pavilions[0].get("stars")


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_pavilion_tapped_fills_the_sheet_on_every_device(app, phone, size):
    app.page.set_viewport_size(size)
    # names of this size's own: the server keeps the other size's sheet of the same
    # players in memory, and New play would join it rather than start afresh
    players = "Paloma,Pedro" if size is PHONE else "Paula,Pablo"
    app.open(f"/new/{GAME}?players={players}")
    expect(app.node("total-1")).to_have_text("1")  # the score track never goes below 1
    phone.open(f"/sheet/{GAME}")
    expect(phone.node("total-1")).to_have_text("1")
    app.enter(GAME, "line-marker-1", "40")
    expect(phone.node("total-1")).to_have_text("40")

    app.click("pavilion-1")
    expect(app.node("star-1-1-1")).to_be_attached()
    for ident in ("star-1-1-1", "star-1-1-6", "star-1-7-6"):  # a star's row fits the screen
        app.node(ident).scroll_into_view_if_needed()
        box = app.node(ident).bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"]
    width = app.page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= size["width"]  # nothing to scroll sideways
    for space in range(1, 7):  # the red star (star 2 on the coloured side)
        app.node(f"star-1-2-{space}").click()
    app.draft_when(GAME, lambda d: (stars_of(d) or ["", ""])[1] == "XXXXXX")
    # 40 + the red star's 14: in the dialog, and on the other device's sheet
    expect(app.node("pavilion-total-1")).to_have_text(
        "Complete stars 1, number bonuses 0: total 54"
    )
    expect(phone.node("total-1")).to_have_text("54")
    for star in (1, 3, 4, 5, 6, 7):  # the 1 of every other star: all 1s covered (4)
        app.node(f"star-1-{star}-1").scroll_into_view_if_needed()
        app.node(f"star-1-{star}-1").click()
    expect(app.node("pavilion-total-1")).to_have_text(
        "Complete stars 1, number bonuses 1: total 58"
    )
    expect(phone.node("total-1")).to_have_text("58")
    app.node("star-1-2-3").scroll_into_view_if_needed()
    app.node("star-1-2-3").click()  # a space uncovered: the red star is not complete
    expect(phone.node("total-1")).to_have_text("44")
    app.node("star-1-2-3").click()
    expect(phone.node("total-1")).to_have_text("58")
    app.click("pavilion-done")
    expect(app.node("star-1-1-1")).not_to_be_attached()
    expect(app.node("total-1")).to_have_text("58")
    expect(app.page.get_by_text("from the board").first).to_be_attached()

    phone.click("pavilion-1")  # the other device clears the pavilion: the lines are typed again
    expect(phone.node("star-1-1-1")).to_be_attached()
    phone.click("pavilion-clear-1")
    expect(phone.node("pavilion-total-1")).to_have_text(
        "Complete stars 0, number bonuses 0: total 40"
    )
    expect(app.node("total-1")).to_have_text("40")
    phone.click("pavilion-done")
    app.draft_when(GAME, lambda d: stars_of(d) == ["......"] * 7)
    app.click("line-all_2s-1")  # ticked by hand again
    expect(phone.node("total-1")).to_have_text("48")


def test_on_the_variant_side_a_complete_star_counts_once_its_colour_is_chosen(app, phone):
    app.page.set_viewport_size(PHONE)
    app.open(f"/new/{GAME}?variant=B&players=Paloma,Pedro")
    phone.open(f"/sheet/{GAME}")
    app.enter(GAME, "line-marker-1", "30")
    expect(phone.node("total-1")).to_have_text("30")
    app.click("pavilion-1")
    expect(app.node("star-1-3-1")).to_be_attached()
    for space in range(1, 7):
        app.node(f"star-1-3-{space}").click()
    expect(app.node("pavilion-message-1")).to_have_text(
        "Paloma, pavilion: star 3 is complete: give it the colour it was built in"
    )
    expect(phone.node("total-1")).to_have_text("30")  # no colour yet: no points
    app.node("star-colour-1-3").click()  # the star's palette opens its colours
    app.node("star-colour-1-3-purple").click()
    app.draft_when(GAME, lambda d: d["pavilions"][0]["colours"][2] == "purple")
    expect(app.page.get_by_text("give it the colour")).to_have_count(0)  # the mark is gone
    expect(app.node("pavilion-total-1")).to_have_text(
        "Complete stars 1, number bonuses 0: total 50"
    )
    expect(phone.node("total-1")).to_have_text("50")  # a purple star: 20
    app.click("pavilion-done")
    app.open(f"/sheet/{GAME}")  # reloaded: the pavilion comes back from the draft
    expect(app.node("total-1")).to_have_text("50")
    app.click("pavilion-1")
    expect(app.node("pavilion-total-1")).to_have_text(
        "Complete stars 1, number bonuses 0: total 50"
    )
    expect(app.node("star-1-3-1")).to_contain_text("Star 3, space 1, number 3: covered")
