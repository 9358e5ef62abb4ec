"""At phone size in Chromium: a colour picked at New play (``colour-n``) is on the sheet,
a colour changed on the sheet shows on a second device, the saved play shows its colours
in History, and the next New play gives each player their colour again. On a long sheet
the players' names stay in sight while it scrolls, and a line that can go below zero
asks for the phone pad (with its minus sign)."""

from __future__ import annotations

import pytest
from conftest import PHONE, SCREENSHOTS, AppPage, history_path
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


def near(pixel: tuple[int, ...], hex_colour: str, within: int) -> bool:
    want = [int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)]
    return all(abs(a - b) <= within for a, b in zip(pixel[:3], want, strict=True))


def shot(page: AppPage, ident: str):
    """What the screen shows of ``ident``, as an RGB picture (one device pixel a point)."""
    import io

    from PIL import Image

    box = page.node(ident).first.bounding_box()
    assert box is not None, ident
    return Image.open(io.BytesIO(page.page.screenshot(clip=box))).convert("RGB")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_round_plays_chart_draws_each_player_in_the_colour_of_their_legend(
    server, browser, data_dir, scheme
):
    """Measured on the screen at phone size: each player's line is their colour (orange,
    green), and so is the square beside their name under the chart."""

    from scorepad.core import PlayerSheet, find_game
    from scorepad.core.colours import PALETTE as OWN
    from scorepad.store import open_store

    (data_dir / "settings.json").unlink(missing_ok=True)  # the theme follows the system's
    sheets = [
        PlayerSheet("Hugolin", {"bid": [1, 0, 2, 1], "tricks": [0, 0, 2, 0]}),
        PlayerSheet("Léane", {"bid": [0, 1, 1, 0], "tricks": [1, 1, 0, 0]}),
    ]
    store = open_store(history_path(data_dir))
    context = browser.new_context(viewport=PHONE, color_scheme=scheme)
    play = store.save_play(
        find_game("skull-king"), None, sheets, "2001-01-01 20:00", colours=("orange", "green")
    )
    try:
        page = AppPage(context.new_page(), server, data_dir)
        page.open(f"/play/{play}")
        page.reveal("play-chart-key-2")
        page.reveal("play-rounds-chart")
        expect(page.node("play-chart-key-1")).to_have_text("Hugolin")
        page.page.wait_for_timeout(500)  # the chart's lines drawn in
        chart = shot(page, "play-rounds-chart")
        pixels = [chart.getpixel((x, y)) for x in range(chart.width) for y in range(chart.height)]
        for n, colour in enumerate((OWN["orange"], OWN["green"]), 1):
            drawn = sum(near(p, colour, 24) for p in pixels)
            assert drawn > 100, (scheme, colour, drawn)  # a 3-point line across the chart
            key = shot(page, f"play-chart-key-{n}")
            middle = key.getpixel((6, key.height // 2))
            assert near(middle, colour, 12), (scheme, n, middle, colour)
        page.page.screenshot(path=str(SCREENSHOTS / f"round-chart-{scheme}-phone.png"))
    finally:
        context.close()
        store.delete_play(play)
        store.close()
