"""A Kingdomino kingdom on a printed filled sheet, as the board looks: its grid (5 × 5, or
7 × 7 in the Mighty Duel), each square filled in its terrain's colour with its letter and
crowns on it (``W``, ``M2``, as sheet files write them; ``C`` the castle), so the kingdom
reads on a black-and-white printer too; an empty square is an outlined one.
``printing.boards`` places it below the table with the player's name above it.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from scorepad.core.boards.kingdom import CASTLE, Kingdom
from scorepad.printing.boards import BoardDrawing, register
from scorepad.printing.boards.walls import draw_square

SQUARE = 13.0
"""A printed square's side in points (a 7 × 7 kingdom fits a board's room)."""
GAP = 1.5
LOOKS: dict[str, tuple[tuple[float, float, float], float]] = {
    "W": ((0.96, 0.80, 0.26), 0.0),
    "F": ((0.13, 0.40, 0.18), 1.0),
    "L": ((0.16, 0.45, 0.78), 1.0),
    "G": ((0.56, 0.78, 0.35), 0.0),
    "S": ((0.55, 0.45, 0.31), 1.0),
    "M": ((0.26, 0.26, 0.28), 1.0),
    CASTLE: ((0.93, 0.94, 0.95), 0.0),
}
"""Each terrain's fill (and the castle's) and the grey of its letter."""


def kingdom_height(kingdom: Kingdom) -> float:
    return kingdom.size * SQUARE + (kingdom.size - 1) * GAP


def draw_kingdom(canvas: Canvas, kingdom: Kingdom, left: float, top: float) -> None:
    """The kingdom's grid with its top left corner at (``left``, ``top``)."""
    canvas.setLineWidth(0.6)
    for r, row in enumerate(kingdom.squares):
        for c, square in enumerate(row):
            x0 = left + c * (SQUARE + GAP)
            y0 = top - (r + 1) * SQUARE - r * GAP
            if square is None:
                draw_square(canvas, (x0, y0, SQUARE), "", None, (7, 2.4))
            else:
                draw_square(canvas, (x0, y0, SQUARE), square.text, LOOKS[square.terrain], (7, 2.4))


@register(Kingdom)
class KingdomDrawing(BoardDrawing):
    heading = "print.kingdoms"

    def height(self, board: Kingdom) -> float:
        return kingdom_height(board)

    def draw(self, canvas: Canvas, board: Kingdom, left: float, top: float, lang: str) -> None:
        draw_kingdom(canvas, board, left, top)
