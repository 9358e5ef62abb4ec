"""Printing from the app at phone size in Chromium: New play's "Blank sheet (PDF)" for a
round game has a block of columns for each seat on the screen, whether or not a name is
typed there yet, and its turned column labels read at 7 pt or more."""

from __future__ import annotations

import io

import pypdf
import pytest
from conftest import PHONE
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def turned_labels(data: bytes) -> list[tuple[str, float]]:
    """The column labels set up the page (text and size), as pypdf reads them."""
    found: list[tuple[str, float]] = []

    def seen(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if text.strip() and abs(cm[1] * tm[0] + cm[3] * tm[1]) == 1:
            found.append((text.strip(), size))

    pypdf.PdfReader(io.BytesIO(data)).pages[0].extract_text(visitor_text=seen)
    return found


def test_a_blank_round_sheet_for_three_seats_has_three_blocks(app):
    app.page.set_viewport_size(PHONE)
    app.open("/new/skull-king")
    expect(app.node("player-2")).to_be_attached()
    app.click("add-player")
    expect(app.node("player-3")).to_be_attached()  # three seats, no name typed
    with app.page.expect_download() as download:
        app.click("print-blank")
    with open(download.value.path(), "rb") as pdf:
        labels = turned_labels(pdf.read())
    assert sum(text == "Total" for text, _ in labels) == 3 * 2  # three blocks, two copies
    assert min(size for _, size in labels) >= 7
    expect(app.node("newplay-message")).to_contain_text("is ready")
