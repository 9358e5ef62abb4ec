"""Azul with four players on a 390×844 phone, in Chromium, in German and French, light
and dark: the Wall buttons keep their word whole (their icon alone, named by the
player), the note under a cell the wall fills is there whole, every player's total stays
in sight in the bottom bar while a wall is tapped (the dialog stops above it, legible),
and the side of the boards is a choice on the sheet. And on 7 Wonders: a line worked out
from its entry (coins, science symbols) shows each cell's points as it is typed, under
the cell on a phone, beside it on a laptop."""

from __future__ import annotations

import io
import itertools
from collections.abc import Iterator

import pytest
from conftest import DESKTOP, PHONE, AppPage
from looks import contrasts
from PIL import Image
from playwright.sync_api import expect
from test_every_screen_browser import choose

pytestmark = pytest.mark.browser

TEXT_WIDTH = """([text, font]) => {
    // How wide the browser draws ``text`` in ``font`` (the app's Roboto): one line of it.
    const canvas = document.createElement("canvas").getContext("2d");
    canvas.font = font;
    return canvas.measureText(text).width;
}"""


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


def box(app: AppPage, ident: str) -> dict:
    found = app.node(ident).first.bounding_box()
    assert found is not None, ident
    return found


def bar_shot(app: AppPage, top: float) -> Image.Image:
    """The window from ``top`` down, once drawn: two screenshots in a row alike (a busy
    machine draws a frame late)."""
    size = app.page.viewport_size
    clip = {"x": 0, "y": top, "width": size["width"], "height": size["height"] - top}
    last = b""
    for _ in range(100):
        app.page.wait_for_timeout(150)
        shot = app.page.screenshot(clip=clip)
        if shot == last:
            break
        last = shot
    return Image.open(io.BytesIO(last)).convert("RGB")


def pixels(image: Image.Image) -> list[tuple[int, int, int]]:
    data = image.tobytes()
    return [(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data), 3)]


def shade(seen: Image.Image, clear: Image.Image) -> float:
    """How much lighter ``seen`` is than ``clear`` (1: as light; 0 where it is not
    ``clear`` under an even shade, as a dialog's barrier casts: the same picture, every
    pixel darker by one factor)."""
    if seen.size != clear.size:
        return 0
    pairs = list(zip(pixels(seen), pixels(clear), strict=True))
    factors = sorted(sum(a) / sum(b) for a, b in pairs if sum(b) > 120)
    if not factors:  # dark pixels say little of a factor
        return 0
    factor = factors[len(factors) // 2]
    off = sum(
        1 for a, b in pairs if max(abs(x - y * factor) for x, y in zip(a, b, strict=True)) > 12
    )
    return factor if off <= len(pairs) // 200 and factor <= 1.01 else 0


WALL_WORDS = {"de": ("Wand", "von der Wand", "Wand: {}"), "fr": ("Mur", "du mur", "Mur : {}")}
"""The Wall button's word, the note under a cell the wall fills, a button's name."""


@pytest.mark.parametrize(
    ("device", "lang"),
    [(("de", "light"), "de"), (("fr", "dark"), "fr")],
    indirect=["device"],
    ids=["de-light", "fr-dark"],
)
def test_four_walls_on_a_phone_fit_say_so_and_keep_every_total_in_sight(device, lang):
    app = device
    names = [f"{n}{lang}" for n in ("Quirin", "Rosalind", "Severin", "Theodora")]
    app.go(f"/new/azul?players={','.join(names)}")
    expect(app.node("total-4")).to_be_attached()
    app.enter("azul", "line-marker-1", "40")
    word, note, named = WALL_WORDS[lang]

    # The Wall buttons: one line each (as tall as the sheet's one-line Add a line
    # button), side by side in their columns, each named by its player.
    app.reveal("add-line")
    one_line = box(app, "add-line")["height"]
    app.reveal("wall-4")
    buttons = [box(app, f"wall-{n}") for n in range(1, 5)]
    for n, (found, name) in enumerate(zip(buttons, names, strict=True), 1):
        assert found["height"] <= one_line + 1, (n, found, one_line)
        assert found["x"] >= 0 and found["x"] + found["width"] <= PHONE["width"]
        assert app.node(f"wall-{n}").get_attribute("aria-label") == named.format(name), n
    assert len({round(b["y"]) for b in buttons}) == 1  # one row
    for left, right in itertools.pairwise(buttons):
        assert left["x"] + left["width"] <= right["x"]
    assert app.page.get_by_text(word, exact=True).count() == 0  # no word to break

    # The totals' bar, as the sheet shows it: each total with its rank beside it.
    totals = [box(app, f"total-{n}") for n in range(1, 5)]
    for n, total in enumerate(totals, 1):
        rank = box(app, f"rank-{n}")
        assert rank["x"] >= total["x"] + total["width"] and rank["x"] < PHONE["width"]
        assert abs(rank["y"] + rank["height"] / 2 - total["y"] - total["height"] / 2) < 6
    top = min(t["y"] for t in totals) - 24  # the bar's "Total" over them on a phone
    assert totals[0]["y"] + totals[0]["height"] <= PHONE["height"]
    before = bar_shot(app, top)

    app.click("wall-1")
    expect(app.node("tile-1-1-1")).to_be_attached()
    for column in range(1, 6):  # the top row: a row, 2 points
        app.node(f"tile-1-1-{column}").click()
    expect(app.node("wall-total-1")).to_contain_text("42")
    done = box(app, "wall-done")
    assert done["y"] + done["height"] <= top, "the dialog covers the totals"
    during = bar_shot(app, top)
    assert during.tobytes() != before.tobytes(), "the totals did not follow the taps"
    # every total legible over the dialog's barrier (WCAG AA for text)
    nodes = [
        {
            "label": f"total-{n}",
            "id": f"total-{n}",
            "x": t["x"] - 2,
            "y": t["y"] - top,
            "right": t["x"] + t["width"] + 2,
            "bottom": t["y"] - top + t["height"],
            "disabled": False,
            "field": False,
        }
        for n, t in enumerate(totals, 1)
    ]
    png = io.BytesIO()
    during.save(png, format="PNG")
    for contrast in contrasts(png.getvalue(), nodes):
        assert contrast.ratio >= 4.5, str(contrast)
    app.click("wall-done")
    expect(app.node("tile-1-1-1")).to_have_count(0)
    expect(app.node("total-1")).to_have_text("42")
    after = bar_shot(app, top)
    # what the bar showed during the taps is what it shows now, only shaded
    shaded = shade(during, after)
    assert shaded >= 0.7, f"the bar was hidden or stale while the wall was open ({shaded})"

    # The note under a cell the wall fills: whole, in the player's column.
    app.reveal("note-rows-1")
    expect(app.node("note-rows-1")).to_have_text(note)
    found = box(app, "note-rows-1")
    left, right = box(app, "minus-rows-1"), box(app, "plus-rows-1")
    assert (
        left["x"] - 1 <= found["x"]
        and found["x"] + found["width"] <= right["x"] + right["width"] + 1
    )
    lines = max(1, round(found["height"] / 14))
    wide = app.page.evaluate(TEXT_WIDTH, [note, "11px Roboto"])
    longest = max(app.page.evaluate(TEXT_WIDTH, [w, "11px Roboto"]) for w in note.split())
    assert longest <= found["width"] + 1 and wide <= found["width"] * lines + 2, (found, wide)


@pytest.mark.parametrize(
    "device", [("fr", "light"), ("de", "dark")], indirect=True, ids=["fr-light", "de-dark"]
)
def test_the_side_of_the_boards_is_chosen_on_the_sheet(device, request):
    app = device
    lang = request.node.callspec.id[:2]
    names = f"Ulrike{lang},Valentin{lang},Wiebke{lang}"
    app.go(f"/new/azul?players={names}")
    expect(app.node("total-3")).to_be_attached()
    app.reveal("board-side-grey")
    for ident in ("board-side-coloured", "board-side-grey"):
        found = box(app, ident)
        assert found["y"] >= 0 and found["y"] + found["height"] <= PHONE["height"]
    coloured = app.node("board-side-coloured").locator("[aria-checked]").first
    expect(coloured).to_have_attribute("aria-checked", "true")
    app.click("board-side-grey")
    app.draft_when("azul", lambda d: [w["side"] for w in d.get("walls", [])] == ["grey"] * 3)
    app.click("wall-2")  # the grey side: a colour is picked before a tap
    expect(app.node("wall-colour-R")).to_be_attached()
    grey = app.node("wall-side-grey").locator("[aria-checked]").first
    expect(grey).to_have_attribute("aria-checked", "true")
    app.node("wall-colour-R").click()
    app.node("tile-2-1-1").click()  # red where the coloured side prints blue
    app.draft_when("azul", lambda d: d["walls"][1]["wall"][0] == "R....")
    app.click("wall-done")
    expect(app.node("wall-colour-R")).to_have_count(0)
    app.click("board-side-coloured")  # Valentin's red could not be there: nothing turns
    expect(app.node("board-side-message")).to_contain_text(f"Valentin{lang}")
    assert [w["side"] for w in app.draft("azul")["walls"]] == ["grey"] * 3


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_7_wonders_shows_the_points_of_coins_and_science_as_they_are_typed(app, size):
    app.page.set_viewport_size(PHONE if size == "phone" else DESKTOP)
    app.open(f"/new/7-wonders?players=Xenia{size},Yorick{size},Zelda{size},Amadeus{size}")
    expect(app.node("total-4")).to_be_attached()
    app.enter("7-wonders", "line-coins-1", "7")  # 1 per 3 coins
    expect(app.node("points-coins-1")).to_have_text("= 2")
    app.enter("7-wonders", "line-science_gear-2", "3")  # squared
    expect(app.node("points-science_gear-2")).to_have_text("= 9")
    app.reveal("points-coins-1")
    field, points = box(app, "line-coins-1"), box(app, "points-coins-1")
    if size == "phone":  # under the − field + of its column
        assert points["y"] >= field["y"] + field["height"] - 1
        assert box(app, "minus-coins-1")["x"] - 1 <= points["x"]
        assert points["x"] + points["width"] <= box(app, "plus-coins-1")["x"] + 30
    else:  # beside it, on its line
        assert points["x"] >= field["x"] + field["width"]
        assert abs((points["y"] + points["height"] / 2) - (field["y"] + field["height"] / 2)) < 12
    app.enter("7-wonders", "line-coins-1", "10")
    expect(app.node("points-coins-1")).to_have_text("= 3")
    assert not app.node("points-military-1").count()  # the entry is its points: nothing
