"""Sintra side B's windows on a printed filled sheet, as the app draws them: eight windows
in a row, each its top frame space over its bottom one. A piece is a grey square marked
"X", a piece of the colour counted a yellow one marked "C" (as sheet files write them),
so the marks read on a black-and-white printer too; an empty space is outlined.
``printing.boards`` places them below the table with the player's name above.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from scorepad.core.boards.sintra import CHOSEN, EMPTY, FRAMES, PIECE, WINDOWS, Palace
from scorepad.printing.boards import BoardDrawing, register
from scorepad.printing.boards.walls import draw_square

SPACE = 11.0
"""A printed frame space's side in points."""
GAP = 3.0
"""Between two windows."""
MARKS: dict[str, tuple[tuple[float, float, float], float]] = {
    PIECE: ((0.47, 0.56, 0.61), 1.0),
    CHOSEN: ((0.98, 0.66, 0.15), 0.0),
}
"""Each mark's fill (the app's, ``ui.views.boards.palace.LOOKS``) and the grey of its letter."""


def windows_width() -> float:
    return WINDOWS * SPACE + (WINDOWS - 1) * GAP


def windows_height() -> float:
    return FRAMES * SPACE + (FRAMES - 1) * 1.0


def draw_windows(canvas: Canvas, palace: Palace, left: float, top: float) -> None:
    """The windows with their top left corner at (``left``, ``top``)."""
    canvas.setLineWidth(0.6)
    for w, text in enumerate(palace.windows):
        x0 = left + w * (SPACE + GAP)
        for s, mark in enumerate(text):
            y0 = top - (s + 1) * SPACE - s * 1.0
            look = None if mark == EMPTY else MARKS[mark]
            draw_square(canvas, (x0, y0, SPACE), mark, look, (7, 2.4))


@register(Palace)
class WindowsDrawing(BoardDrawing):
    heading = "print.palaces"

    def height(self, board: Palace) -> float:
        return windows_height()

    def draw(self, canvas: Canvas, board: Palace, left: float, top: float, lang: str) -> None:
        draw_windows(canvas, board, left, top)
