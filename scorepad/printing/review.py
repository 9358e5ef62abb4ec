"""The year in review as a printable A4 page (``scorepad review --pdf``, the page's Print).

The same figures as the card and the page (``club.review.review_lines``), set as a
table of labels and values, the plays by month as bars and the best scores. Names in
any script: each text is set in the font that has its characters (``fonts.font_for``).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

from reportlab.pdfgen.canvas import Canvas

from scorepad.club.review import Review, best_lines, review_lines, title
from scorepad.core.i18n import tr
from scorepad.printing.document import _pdf
from scorepad.printing.draw import MARGIN, PAGE_HEIGHT, PAGE_WIDTH
from scorepad.printing.fonts import font_for, on_paper, width

ACCENT = (0.224, 0.286, 0.671)
"""Indigo, the app's own colour (as on the card)."""
ROW = 22.0


def review_pdf(
    review: Review, lang: str, names: Mapping[str, str], today: date | None = None
) -> bytes:
    """The review on one A4 page, as PDF bytes (``names``: the games' names in ``lang``)."""
    heading = title(review, lang)

    def draw(canvas: Canvas, _model: object) -> None:
        _draw(canvas, review, lang, names, heading, today)

    return _pdf([review], lang, heading, draw)


def _text(
    canvas: Canvas,
    x: float,
    y: float,
    text: str,
    size: float,
    *,
    bold: bool = False,
    room: float | None = None,
    right: bool = False,
) -> None:
    """``text`` with its baseline at ``y``, made smaller (to 7 pt) to fit ``room``."""
    font = font_for(text, bold)
    text = on_paper(text, font)
    if room is not None:
        while size > 7 and width(text, font, size) > room:
            size -= 0.5
    canvas.setFont(font, size)
    if right:
        canvas.drawRightString(x, y, text)
    else:
        canvas.drawString(x, y, text)


def _draw(
    canvas: Canvas,
    review: Review,
    lang: str,
    names: Mapping[str, str],
    heading: str,
    today: date | None,
) -> None:
    left, right = MARGIN * 2, PAGE_WIDTH - MARGIN * 2
    room = right - left
    top = PAGE_HEIGHT - MARGIN * 2
    canvas.setFillColorRGB(*ACCENT)
    canvas.rect(0, top - 40, PAGE_WIDTH, 40 + MARGIN * 2, stroke=0, fill=1)
    canvas.setFillColorRGB(1, 1, 1)
    _text(canvas, left, top - 4, heading, 24, bold=True, room=room)
    who = review.player or tr("review.everyone", lang)
    _text(canvas, left, top - 30, who, 13, room=room)
    canvas.setFillColorRGB(0, 0, 0)

    y = top - 80
    canvas.setLineWidth(0.4)
    for line in review_lines(review, lang, names):
        canvas.setFillColorRGB(0.35, 0.35, 0.42)
        _text(canvas, left, y, line.label, 11, room=room * 0.42)
        canvas.setFillColorRGB(0, 0, 0)
        _text(canvas, left + room * 0.45, y, line.value, 11, bold=True, room=room * 0.55)
        canvas.setStrokeColorRGB(0.85, 0.85, 0.9)
        canvas.line(left, y - 7, right, y - 7)
        y -= ROW

    y -= 16
    canvas.setFillColorRGB(0.35, 0.35, 0.42)
    _text(canvas, left, y, tr("review.by_month", lang), 12, bold=True)
    y -= 14
    chart_h = 110.0
    most = max(review.months) or 1
    gap = 8.0
    bar_w = (room - 11 * gap) / 12
    for month, count in enumerate(review.months):
        x = left + month * (bar_w + gap)
        h = chart_h * count / most
        canvas.setFillColorRGB(*ACCENT)
        if h:
            canvas.rect(x, y - chart_h, bar_w, h, stroke=0, fill=1)
        canvas.setFillColorRGB(0, 0, 0)
        if count:
            _text(canvas, x + bar_w / 2 + 6, y - chart_h + h + 3, str(count), 8, right=True)
        canvas.setFillColorRGB(0.35, 0.35, 0.42)
        _text(canvas, x + bar_w / 2 + 4, y - chart_h - 11, str(month + 1), 8, right=True)
    y -= chart_h + 40

    best = best_lines(review, lang, names)
    if best:
        canvas.setFillColorRGB(0.35, 0.35, 0.42)
        _text(canvas, left, y, tr("review.best", lang), 12, bold=True)
        y -= ROW
        for line in best:
            canvas.setFillColorRGB(0, 0, 0)
            _text(canvas, left, y, line.label, 11, room=room * 0.42)
            _text(canvas, left + room * 0.45, y, line.value, 11, bold=True, room=room * 0.55)
            y -= ROW
    canvas.setFillColorRGB(0.35, 0.35, 0.42)
    stamp = (today or date.today()).isoformat()
    _text(canvas, right, MARGIN * 1.5, tr("review.footer", lang, date=stamp), 8, right=True)
