"""An Azul wall on a printed filled sheet, as the board looks: a 5 × 5 grid, each tile
filled in its colour with its letter on it (B, Y, R, K, W, as sheet files write them), so
the wall reads on a black-and-white printer too; an empty space is an outlined square.
``printing.boards`` places it below the table with the player's name and side above it.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from scorepad.core.boards.azul_wall import EMPTY, SIZE, Wall
from scorepad.core.i18n import tr
from scorepad.printing.boards import BoardDrawing, register
from scorepad.printing.fonts import BOLD

TILE = 13.0
"""A printed tile's side in points (about 4.6 mm)."""
GAP = 1.5
TILES: dict[str, tuple[tuple[float, float, float], float]] = {
    "B": ((0.08, 0.40, 0.75), 1.0),
    "Y": ((0.98, 0.66, 0.15), 0.0),
    "R": ((0.78, 0.16, 0.16), 1.0),
    "K": ((0.13, 0.13, 0.13), 1.0),
    "W": ((0.93, 0.94, 0.95), 0.0),
}
"""Each colour's fill (the app's tiles) and the grey of its letter."""


def wall_height() -> float:
    return SIZE * TILE + (SIZE - 1) * GAP


def draw_wall(canvas: Canvas, wall: Wall, left: float, top: float) -> None:
    """The wall's grid with its top left corner at (``left``, ``top``)."""
    canvas.setLineWidth(0.6)
    for r, text in enumerate(wall.rows):
        for c, letter in enumerate(text):
            x0 = left + c * (TILE + GAP)
            y0 = top - (r + 1) * TILE - r * GAP
            look = None if letter == EMPTY else TILES[letter]
            draw_square(canvas, (x0, y0, TILE), letter, look, (8, 2.8))


def draw_square(
    canvas: Canvas,
    place: tuple[float, float, float],
    mark: str,
    look: tuple[tuple[float, float, float], float] | None,
    font: tuple[float, float],
) -> None:
    """One space of a board at (x, y) with its side (``place``): an empty outline without
    ``look``, else filled in its colour with ``mark`` in its ink (``look``: the fill and
    the ink's grey), in ``font`` (its size, and how far the letter sits below the middle)."""
    x0, y0, side = place
    if look is None:
        canvas.setStrokeGray(0.55)
        canvas.rect(x0, y0, side, side, stroke=1, fill=0)
        return
    fill, ink = look
    size, drop = font
    canvas.setFillColorRGB(*fill)
    canvas.setStrokeGray(0.1)
    canvas.rect(x0, y0, side, side, stroke=1, fill=1)
    canvas.setFillGray(ink)
    canvas.setFont(BOLD, size)
    canvas.drawCentredString(x0 + side / 2, y0 + side / 2 - drop, mark)


@register(Wall)
class WallDrawing(BoardDrawing):
    heading = "print.walls"

    def height(self, board: Wall) -> float:
        return wall_height()

    def label(self, name: str, board: Wall, lang: str) -> str:
        return tr("print.wall_of", lang, player=name, side=tr(f"board.side_{board.side}", lang))

    def draw(self, canvas: Canvas, board: Wall, left: float, top: float, lang: str) -> None:
        draw_wall(canvas, board, left, top)
