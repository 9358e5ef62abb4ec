"""A Summer Pavilion pavilion on a printed filled sheet: one row per star, the centre star
first, as the app draws it. Each row starts with the star's colour in words (so it reads
on a black-and-white printer; "?" on a variant-side star whose colour was not chosen),
then its six spaces, each a circle with its printed number:
a covered space filled in the star's colour, an empty one outlined. ``printing.boards``
places it below the table with the player's name above it.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from scorepad.core.boards.pavilion import COVERED, SPACES, Pavilion
from scorepad.core.i18n import tr
from scorepad.printing.boards import BoardDrawing, register
from scorepad.printing.fonts import BOLD, font_for, one_line

SPACE = 11.0
"""A printed space's diameter in points."""
GAP = 1.5
NAME_W = 34.0
"""Room for a star's colour in words, left of its spaces."""
FILLS: dict[str, tuple[tuple[float, float, float], float]] = {
    "multicolour": ((0.36, 0.25, 0.22), 1.0),
    "red": ((0.78, 0.16, 0.16), 1.0),
    "blue": ((0.08, 0.40, 0.75), 1.0),
    "yellow": ((0.98, 0.66, 0.15), 0.0),
    "orange": ((0.94, 0.42, 0.0), 0.0),
    "green": ((0.18, 0.49, 0.2), 1.0),
    "purple": ((0.42, 0.11, 0.6), 1.0),
}
"""Each star colour's fill (the app's, ``ui.views.boards.pavilion.LOOKS``) and the grey of
its number."""
UNCHOSEN = ((0.46, 0.46, 0.46), 1.0)
"""A star of the variant side whose colour was not chosen."""
UNSET = "?"
"""Its colour in words: none (the app's symbol for it is a question mark too)."""


def pavilion_width() -> float:
    return NAME_W + SPACES * SPACE + (SPACES - 1) * GAP


def pavilion_height(pavilion: Pavilion) -> float:
    stars = len(pavilion.covered)
    return stars * SPACE + (stars - 1) * GAP


def draw_pavilion(canvas: Canvas, pavilion: Pavilion, left: float, top: float, lang: str) -> None:
    """The pavilion with its top left corner at (``left``, ``top``)."""
    canvas.setLineWidth(0.6)
    for k, (star, text, colour) in enumerate(
        zip(pavilion.layout.stars, pavilion.covered, pavilion.colours, strict=True)
    ):
        y0 = top - (k + 1) * SPACE - k * GAP
        named = tr(f"app.star_{colour}", lang) if colour else UNSET
        font = font_for(named)
        size, line = one_line(named, font, NAME_W - 2, 7.0)
        canvas.setFillGray(0.1)
        canvas.setFont(font, size)
        canvas.drawString(left, y0 + SPACE / 2 - size / 3, line)
        fill, ink = FILLS[colour] if colour else UNCHOSEN
        for s, (number, mark) in enumerate(zip(star.numbers, text, strict=True)):
            cx = left + NAME_W + s * (SPACE + GAP) + SPACE / 2
            cy = y0 + SPACE / 2
            covered = mark == COVERED
            if covered:
                canvas.setFillColorRGB(*fill)
                canvas.setStrokeGray(0.1)
            else:
                canvas.setStrokeGray(0.55)
            canvas.circle(cx, cy, SPACE / 2, stroke=1, fill=1 if covered else 0)
            canvas.setFillGray(ink if covered else 0.45)
            canvas.setFont(BOLD, 7)
            canvas.drawCentredString(cx, cy - 2.4, str(number))


@register(Pavilion)
class PavilionDrawing(BoardDrawing):
    heading = "print.pavilions"

    def height(self, board: Pavilion) -> float:
        return pavilion_height(board)

    def draw(self, canvas: Canvas, board: Pavilion, left: float, top: float, lang: str) -> None:
        draw_pavilion(canvas, board, left, top, lang)
