"""Sharing a play's result from a phone-sized page in Chromium: the play screen's Share
(``share-play``) hands the result card to the device (Chromium here has no system share
sheet, so the browser saves it) and copies the result as text to the clipboard; the card
that arrives is a PNG of the play with its players' colours; Copy as text (``share-text``)
copies the text alone."""

from __future__ import annotations

import io

import pytest
from conftest import PHONE, AppPage, history_path
from playwright.sync_api import expect

from scorepad.core import PlayerSheet, find_game
from scorepad.core.colours import PALETTE
from scorepad.store import open_store

pytestmark = pytest.mark.browser

NAMES = ("Sharlotta", "Теодор", "Wilhelmina-Augusta")
"""Names no other test plays with (History and Stats hold the whole session's plays)."""
COLOURS = ("purple", "sky", "black")


def saved_play(app: AppPage) -> int:
    """A play of Azul saved in the served app's own history, as the app saves it."""
    assert app.data_dir is not None
    with open_store(history_path(app.data_dir)) as store:
        return store.save_play(
            find_game("azul"),
            None,
            [PlayerSheet(n, {"marker": m}) for n, m in zip(NAMES, (61, 58, 44), strict=True)],
            "2026-11-28T21:30",
            location="Salle des fêtes",
            duration=50,
            colours=COLOURS,
        )


def test_share_at_phone_size_downloads_the_card_and_copies_the_text(app):
    from PIL import Image

    play = saved_play(app)
    app.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    app.page.set_viewport_size(PHONE)
    app.open(f"/play/{play}")
    expect(app.node("share-play")).to_be_attached()
    with app.page.expect_download() as download:
        app.click("share-play")
    arrived = download.value
    assert arrived.suggested_filename == f"azul-2026-11-28-{play}.png"
    with open(arrived.path(), "rb") as handle:
        card = Image.open(io.BytesIO(handle.read()))
        card.load()
    assert card.format == "PNG" and card.width == 1080 and 600 < card.height < 1400
    seen = {colour for _, colour in card.convert("RGB").getcolors(1 << 20) or []}
    for name in COLOURS:
        wanted = PALETTE[name]
        assert tuple(int(wanted[i : i + 2], 16) for i in (1, 3, 5)) in seen, name
    expect(app.node("play-message")).to_contain_text("handed over")
    expect(app.node("play-message")).to_contain_text("copied as text")
    copied = app.page.evaluate("navigator.clipboard.readText()")
    lines = copied.splitlines()
    assert lines[0] == "Azul — 2026-11-28 · 50 min · Salle des fêtes"
    assert lines[2:] == [
        "#1 · Sharlotta (Purple) · 61 ★",
        "#2 · Теодор (Sky blue) · 58",
        "#3 · Wilhelmina-Augusta (Black) · 44",
    ]

    app.page.evaluate("navigator.clipboard.writeText('something else')")
    app.click("share-text")
    expect(app.node("play-message")).to_have_text(
        "The result is copied as text: paste it into a chat."
    )
    assert app.page.evaluate("navigator.clipboard.readText()") == copied


SHARE_SHEET = """() => {
    // A browser with the Web Share API (a phone's, on https): what it is handed is kept
    window.sharedFiles = null;
    Object.defineProperty(navigator, "canShare", {value: data => !!data.files, configurable: true});
    Object.defineProperty(navigator, "share", {configurable: true, value: async data => {
        const file = data.files[0];
        const bytes = new Uint8Array(await file.arrayBuffer());
        window.sharedFiles = {count: data.files.length, name: file.name, type: file.type,
                              bytes: Array.from(bytes)};
    }});
}"""


def test_a_page_with_a_share_sheet_hands_it_the_card_and_downloads_nothing(app):
    from PIL import Image

    play = saved_play(app)
    app.page.add_init_script(f"({SHARE_SHEET})()")
    app.page.set_viewport_size(PHONE)
    downloads: list[object] = []
    app.page.on("download", lambda download: downloads.append(download))
    app.open(f"/play/{play}")
    app.click("share-play")
    expect(app.node("play-message")).to_contain_text("handed over")
    shared = app.page.evaluate("window.sharedFiles")
    assert shared is not None and shared["count"] == 1
    assert (shared["name"], shared["type"]) == (f"azul-2026-11-28-{play}.png", "image/png")
    card = Image.open(io.BytesIO(bytes(shared["bytes"])))
    assert card.format == "PNG" and card.width == 1080
    assert downloads == []
