"""The theme's colours without a browser: text in the scheme's colour in either mode, the
three choices of Settings, and ink that reads on a chart's colours
(``test_every_screen_browser`` measures what the browser draws)."""

from __future__ import annotations

import dataclasses
import io

import flet as ft
import pytest
from looks import contrasts, error_texts, ratio, too_faint
from PIL import Image, ImageDraw
from ui_helpers import click, context, find

from scorepad.core import find_game
from scorepad.core.colours import PALETTE as PLAYER_COLOURS
from scorepad.sheet.progress import SheetInProgress, new_draft
from scorepad.ui.app import theme, view_for
from scorepad.ui.settings import THEMES
from scorepad.ui.views.common import PALETTE, TROPHY, ink_on
from scorepad.ui.views.sheet import SheetView


def rgb(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def test_every_text_style_takes_the_schemes_text_colour():
    """Flet builds the text theme given over the light theme's near-black text: a style
    with no colour of its own was near-black on the dark theme's background."""
    styles = theme().text_theme
    for style in dataclasses.fields(ft.TextTheme):
        assert getattr(styles, style.name).color == ft.Colors.ON_SURFACE, style.name


def test_settings_offers_system_light_and_dark(tmp_path):
    assert set(THEMES) == {"system", "light", "dark"}
    ctx, _ = context(tmp_path, lang="de")
    root = view_for(ctx, "/settings")
    assert find(root, "theme").value == "system"  # the phone's own, until one is chosen
    labels = [find(root, f"theme-{name}").label for name in ("system", "light", "dark")]
    assert labels == ["Wie das System", "Hell", "Dunkel"]


@pytest.mark.parametrize("colour", [*PALETTE, *PLAYER_COLOURS.values()])
def test_ink_on_a_charts_colour_reads_at_aa(colour):
    """A pie's percentages on each slice's colour: black or white, the better of the
    two, and the better of the two always reaches 4.5:1."""
    ink = ink_on(colour)
    other = "#FFFFFF" if ink == "#000000" else "#000000"
    assert ratio(rgb(ink), rgb(colour)) >= ratio(rgb(other), rgb(colour))
    assert ratio(rgb(ink), rgb(colour)) >= 4.5


def test_the_measure_finds_text_too_faint_and_error_boxes():
    """``looks``, which the browser check measures with: a near-black text on the dark
    theme's background fails, the theme's text colour passes; Flet's error words are
    found among a screen's texts, the app's own are not."""

    def shot(fore: tuple[int, int, int], back: tuple[int, int, int]) -> bytes:
        image = Image.new("RGB", (120, 40), back)
        ImageDraw.Draw(image).text((10, 12), "Total 61", fill=fore)
        out = io.BytesIO()
        image.save(out, "PNG")
        return out.getvalue()

    node = {"label": "Total", "id": "total-1", "x": 0, "y": 0, "right": 120, "bottom": 40}
    node |= {"disabled": False, "field": False}
    before = contrasts(shot((0, 0, 0), (0x12, 0x13, 0x18)), [node])  # as measured: 1.13:1
    after = contrasts(shot((0xE3, 0xE2, 0xE9), (0x12, 0x13, 0x18)), [node])
    assert [round(c.ratio, 2) for c in before] == [1.13] and too_faint(before) == before
    assert after[0].ratio > 12 and too_faint(after) == []
    assert ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
    texts = ["Azul", "Semantics.content must be provided and visible", "Track the game"]
    assert error_texts(texts) == ["Semantics.content must be provided and visible"]


def test_an_empty_wall_space_never_looks_like_a_placed_tile(tmp_path):
    """The wall dialog: a placed tile is filled with its colour and ringed thick; an empty
    space (its printed colour shown faded before, which in the dark theme looked placed)
    is hollow, its symbol in the theme's muted text colour."""
    azul = find_game("azul")
    ctx, _ = context(tmp_path, compact=True)
    dialogs: list[object] = []
    ctx.show_dialog = dialogs.append
    root = SheetView(ctx, SheetInProgress(azul, new_draft(azul, None, ["Ana", "Ben"]))).build()
    click(root, "wall-1")
    click(dialogs[-1], "tile-1-1-1")  # blue, on the coloured side's first space
    placed, empty = find(dialogs[-1], "tile-1-1-1"), find(dialogs[-1], "tile-1-1-2")
    assert placed.bgcolor == "#1565C0" and placed.border.top.width == 3
    assert empty.bgcolor is None and empty.opacity in (None, 1.0)
    assert empty.content.color == ft.Colors.ON_SURFACE_VARIANT


@pytest.mark.parametrize(
    "background",
    ["#FBF8FF", "#F5F2FA", "#E3E2EC", "#121318", "#1B1B21", "#34343A"],
    ids=["light", "light-card", "light-tile", "dark", "dark-card", "dark-tile"],
)
def test_a_trophy_shows_at_three_to_one_on_either_theme(background):
    """The page and the cards a trophy is drawn on, in the light and the dark theme (as
    the browser draws them: indigo's Material 3 surfaces)."""
    assert ratio(rgb(TROPHY), rgb(background)) >= 3.0
