"""At phone size in Chromium: a colour picked at New play (``colour-n``) is on the sheet,
a colour changed on the sheet shows on a second device, the saved play shows its colours
in History, and the next New play gives each player their colour again. On a long sheet
the players' names stay in sight while it scrolls, and a line that can go below zero
asks for the phone pad (with its minus sign)."""

from __future__ import annotations

import pytest
from conftest import PHONE, AppPage
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NAMES = ("Quillon", "Rurika")
"""Names no other test plays with (History and Stats hold the whole session's plays)."""


def expect_colour(page: AppPage, seat: int, name: str) -> None:
    expect(page.node(f"colour-{seat}")).to_have_text(name)  # the colour's name, read out


def pick(page: AppPage, seat: int, colour: str) -> None:
    page.node(f"colour-{seat}").click()
    page.node(f"colour-option-{colour}").click()
    expect(page.node(f"colour-option-{colour}")).to_have_count(0)  # the picker closed


def test_colours_from_new_play_to_the_sheet_a_second_device_history_and_the_next_play(app, phone):
    app.page.set_viewport_size(PHONE)
    app.open("/new/ticket-to-ride")
    app.type("player-1", NAMES[0])
    app.type("player-2", NAMES[1])
    expect_colour(app, 1, "Blue")  # Ticket to Ride's train colours, in the rulebook's order
    expect_colour(app, 2, "Red")
    pick(app, 1, "yellow")
    expect_colour(app, 1, "Yellow")
    app.click("start")

    expect(app.node("line-route_1-1")).to_be_attached()  # the sheet
    expect_colour(app, 1, "Yellow")
    app.draft_when("ticket-to-ride", lambda d: d.get("colours") == ["yellow", "red"])
    phone.open("/sheet/ticket-to-ride")
    expect_colour(phone, 2, "Red")
    pick(app, 2, "black")  # changed on one device …
    expect_colour(phone, 2, "Black")  # … shown on the other
    app.draft_when("ticket-to-ride", lambda d: d.get("colours") == ["yellow", "black"])
    app.enter("ticket-to-ride", "line-route_1-1", "3")
    app.enter("ticket-to-ride", "line-route_1-2", "2")
    app.click("save")
    for said in (f"{NAMES[0]} (Yellow)", f"{NAMES[1]} (Black)"):
        expect(app.node("play-colours")).to_contain_text(said)

    app.go("/history")
    for said in (f"{NAMES[0]} (Yellow)", f"{NAMES[1]} (Black)"):
        expect(app.node("history-row-1")).to_contain_text(said)

    app.go("/new/ticket-to-ride")
    app.type("player-1", NAMES[1])
    app.type("player-2", NAMES[0])
    expect_colour(app, 1, "Black")  # each has their colour again
    expect_colour(app, 2, "Yellow")


def test_a_long_phone_sheet_keeps_the_names_in_sight_and_a_minus_on_the_keypad(app):
    app.page.set_viewport_size(PHONE)
    app.open("/new/7-wonders?players=Saoirse,Tadhg,Ulla")
    military = app.node("line-military-1").locator("input")
    expect(military).to_be_attached()
    assert military.get_attribute("type") == "tel"  # conflicts can take points away
    civilian = app.node("line-civilian-1").locator("input")
    assert civilian.get_attribute("type") != "tel"  # never below zero: the number pad

    name = app.page.get_by_text("Saoirse", exact=True).first
    top = name.bounding_box()
    assert top is not None
    app.page.mouse.move(195, 600)
    for _ in range(12):
        app.page.mouse.wheel(0, 400)
    app.page.wait_for_timeout(600)
    expect(app.node("save")).to_be_in_viewport()  # scrolled to the sheet's end …
    expect(app.node("line-military-1")).not_to_be_in_viewport()
    expect(name).to_be_in_viewport()  # … with the players' names still in sight
    after = name.bounding_box()
    assert after is not None and abs(after["y"] - top["y"]) < 2, (top, after)
    expect(app.node("colour-3")).to_have_text("Green")  # the third of the palette
