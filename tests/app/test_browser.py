"""The served app in a real Chromium: whole games scored the way players would."""

from __future__ import annotations

import re

import pytest
from conftest import PHONE, AppPage
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def enter(app, game: str, values: dict[str, list[str]]) -> None:
    """Type ``{line key: [player 1, player 2, ...]}`` into the sheet of ``game``."""
    for key, per_player in values.items():
        for n, text in enumerate(per_player, 1):
            if text:
                app.enter(game, f"line-{key}-{n}", text)


def test_four_player_azul_from_the_new_play_form(app):
    app.open("/new/azul")
    for n in (3, 4):
        app.click("add-player")
        expect(app.node(f"player-{n}")).to_be_attached()
    for n, name in enumerate(["Hugo", "Ana", "Ben", "Carla"], 1):
        app.type(f"player-{n}", name)
    app.click("start")
    expect(app.node("total-1")).to_have_text("0")
    enter(
        app,
        "azul",
        {
            "marker": ["62", "68", "54", "49"],
            "rows": ["2", "1", "1", ""],
            "columns": ["1", "1", "", "2"],
            "colours": ["", "", "1", ""],
        },
    )
    app.type("new-line-label", "House rule")
    app.click("add-line")
    app.enter("azul", "extra-1-4", "3")
    for n, total in enumerate(["73", "77", "66", "66"], 1):
        expect(app.node(f"total-{n}")).to_have_text(total)
    for n, rank in enumerate(["#2", "#1", "#3", "#4"], 1):
        expect(app.node(f"rank-{n}")).to_have_text(rank)
    expect(app.node("result")).to_have_text("Ana wins with 77 points.")


def test_a_tie_settled_by_complete_rows(app):
    app.open("/new/azul?players=Hugo,Ana")
    enter(app, "azul", {"marker": ["60", "62"], "rows": ["2", "1"]})
    expect(app.node("result")).to_have_text(
        "Tie on 64: Hugo wins on complete horizontal rows, 2 to 1."
    )
    expect(app.node("rank-1")).to_have_text("#1")
    expect(app.node("rank-2")).to_have_text("#2")


def test_sintra_side_b_multiplies_windows(app):
    app.open("/new/azul-sintra?variant=B&players=Pilar,Tomás")
    enter(
        app,
        "azul-sintra",
        {"marker": ["50", "61"], "glass_left": ["7", ""], "broken_glass": ["3", ""]},
    )
    for n, (a, b) in enumerate([("4", "5"), ("2", "3")], 1):
        app.enter("azul-sintra", f"line-windows-{n}-a", a)
        app.enter("azul-sintra", f"line-windows-{n}-b", b)
    expect(app.node("total-1")).to_have_text("69")
    expect(app.node("total-2")).to_have_text("67")
    expect(app.node("result")).to_have_text("Pilar wins with 69 points.")
    expect(app.node("line-ornament_1-1")).to_have_count(0)


def test_glass_road_keeps_the_half_point(app):
    app.open("/new/glass-road?players=Ana,Ben")
    enter(
        app,
        "glass-road",
        {"buildings": ["10", "8"], "sand_left": ["3", ""], "glass_left": ["", "1"]},
    )
    expect(app.node("total-1")).to_have_text("11.5")
    expect(app.node("total-2")).to_have_text("9")
    app.node("rate-glass_left-2").click()  # the rate chip opens the menu of rates
    app.node("rate-glass_left-2-upgraded").click()
    expect(app.node("rate-glass_left-2")).to_have_text("upgraded: Glassworks")
    expect(app.node("total-2")).to_have_text("11")
    expect(app.node("result")).to_have_text("Ana wins with 11.5 points.")


def test_an_invalid_value_is_refused_and_blocks_saving(app):
    app.open("/new/azul?players=Ana,Ben")
    enter(app, "azul", {"marker": ["40", "30"], "rows": ["2", ""]})
    expect(app.node("total-1")).to_have_text("44")
    save = app.node("save").locator("[role=button]")
    expect(save).not_to_have_attribute("aria-disabled", "true")

    app.enter("azul", "line-marker-1", "4O")  # a letter O for a zero
    expect(app.node("problem-marker-1")).to_have_text('Ana: "4O" is not a number (not counted)')
    expect(app.node("line-marker-1").locator("input")).to_have_attribute(
        "aria-description", "invalid"
    )
    expect(app.node("total-1")).to_have_text("4")
    expect(save).to_have_attribute("aria-disabled", "true")

    app.enter("azul", "line-rows-2", "6")
    expect(app.node("problem-rows-2")).to_contain_text("6 is above the maximum, 5")
    app.enter("azul", "line-rows-2", "-1")
    expect(app.node("problem-rows-2")).to_contain_text("-1 is below the minimum, 0")

    app.enter("azul", "line-marker-1", "40")
    app.enter("azul", "line-rows-2", "1")
    expect(app.node("total-1")).to_have_text("44")
    expect(app.node("problem-marker-1")).to_have_count(0)
    expect(save).not_to_have_attribute("aria-disabled", "true")
    app.click("save")  # once fixed, the play is saved and shown
    expect(app.node("play-edit")).to_be_attached()
    expect(app.node("total-1")).to_have_text("44")


def test_switching_language_relabels_everything(app):
    app.open("/new/azul?players=Hugo,Ana")
    enter(app, "azul", {"marker": ["60", "62"], "rows": ["2", "1"]})
    expect(app.node("result")).to_have_text(re.compile("^Tie on 64"))
    app.click("nav-settings")
    app.click("lang-es")
    expect(app.page.get_by_text("Idioma", exact=True)).to_be_visible()
    app.page.go_back()
    expect(app.node("result")).to_have_text(
        "Empate a 64: gana Hugo por filas horizontales completas, 2 a 1."
    )
    expect(app.page.get_by_text("Filas horizontales completas", exact=True)).to_be_visible()
    app.expect_value("line-marker-1", "60")


def test_a_reload_mid_sheet_keeps_every_value(app):
    app.open("/new/azul?players=Ana,Ben")
    enter(app, "azul", {"marker": ["51", "47"], "rows": ["3", ""]})
    app.enter("azul", "line-columns-2", "x")
    expect(app.node("total-1")).to_have_text("57")
    app.page.reload()
    app.semantics()
    expect(app.node("total-1")).to_have_text("57")
    app.expect_value("line-marker-1", "51")
    app.expect_value("line-rows-1", "3")
    app.expect_value("line-columns-2", "x")
    expect(app.node("problem-columns-2")).to_be_attached()


def test_hints_with_arrows_have_a_font_that_draws_them(app):
    """Roboto has no "→" (Sintra's "4 → 10 · 3 → 6 · 2 → 3"): the app serves DejaVu Sans,
    cut down to the characters Roboto lacks, and every text style falls back to it, so
    the browser, offline, fetches it from the app and draws the arrows instead of empty
    boxes."""
    import io
    import urllib.request

    from fontTools.ttLib import TTFont

    asked: list[str] = []
    app.page.on("requestfinished", lambda request: asked.append(request.url))
    app.open("/new/azul-sintra?variant=A&players=Ana,Ben")
    expect(app.node("line-ornament_1-1")).to_be_attached()
    expect(app.page.get_by_text("4 → 10 · 3 → 6 · 2 → 3").first).to_be_attached()
    with urllib.request.urlopen(f"{app.base}/DejaVuSans.ttf") as served:
        font = TTFont(io.BytesIO(served.read()))
    drawn = font.getBestCmap()
    assert ord("→") in drawn and drawn[ord("→")] != ".notdef"
    assert any(url.endswith("/DejaVuSans.ttf") for url in asked)

    # Drawn, not only listed: without the font, the arrows take no room in the hint.
    without = app.page.context.new_page()
    without.route("**/DejaVuSans.ttf", lambda route: route.abort())
    AppPage(without, app.base).open("/new/azul-sintra?variant=A&players=Ana,Ben")
    bare = without.get_by_text("4 → 10 · 3 → 6 · 2 → 3").first
    expect(bare).to_be_attached()
    narrow = bare.bounding_box()["width"]
    hint = app.page.get_by_text("4 → 10 · 3 → 6 · 2 → 3").first
    assert any(
        hint.bounding_box()["width"] > narrow + 6 or app.page.wait_for_timeout(250)
        for _ in range(40)
    ), f"the hint is {narrow:.0f} px wide with the font as without it"


def test_the_picker_finds_a_game_by_its_name_in_any_language_and_the_table_size(app):
    app.resize(PHONE)
    app.open("/new")
    app.reveal("game-azul")  # below the phone's first screenful of the catalogue
    expect(app.node("game-azul")).to_be_attached()
    app.type("search", "pabellon")  # Pabellón de verano, typed without its accent
    expect(app.node("game-azul-summer-pavilion")).to_be_attached()
    expect(app.node("game-azul")).to_have_count(0)
    app.type("search", "")
    app.reveal("game-azul")
    expect(app.node("game-azul")).to_be_attached()
    app.click("players-1")  # alone at the table
    app.reveal("game-yahtzee")  # the last of the solo games, below the phone's screen
    expect(app.node("game-yahtzee")).to_be_attached()
    expect(app.node("game-azul")).to_have_count(0)
    app.click("players-any")
    app.reveal("game-azul")
    expect(app.node("game-azul")).to_be_attached()
    width = app.page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]  # the table sizes scroll in their row, not the page
