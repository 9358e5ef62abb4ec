"""The players' Azul walls on a printed filled sheet, below the table.

Each wall is printed as the board looks: a 5 × 5 grid, each tile filled in its colour
with its letter on it (B, Y, R, K, W, as sheet files write them), so the wall reads on
a black-and-white printer too; an empty space is an outlined square. Above each wall,
the player's name and the side of the board. The walls sit side by side, as many to a
line as fit, under a "Walls" heading; the sheet above gives up the height they take.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from scorepad.core.boards.azul_wall import EMPTY, SIZE
from scorepad.core.i18n import tr
from scorepad.printing.cells import SheetModel
from scorepad.printing.fonts import BOLD, font_for, one_line

TILE = 13.0
"""A printed tile's side in points (about 4.6 mm)."""
GAP = 1.5
HEADING = 16.0
LABEL = 12.0
SPACE = 18.0
"""Between two walls, and between the walls and the sheet above."""
BLOCK_W = 120.0
"""A wall's room on a line: its label may be wider than its grid."""
TILES: dict[str, tuple[tuple[float, float, float], float]] = {
    "B": ((0.08, 0.40, 0.75), 1.0),
    "Y": ((0.98, 0.66, 0.15), 0.0),
    "R": ((0.78, 0.16, 0.16), 1.0),
    "K": ((0.13, 0.13, 0.13), 1.0),
    "W": ((0.93, 0.94, 0.95), 0.0),
}
"""Each colour's fill (the app's tiles) and the grey of its letter."""


def _grid_side() -> float:
    return SIZE * TILE + (SIZE - 1) * GAP


def _per_line(width: float) -> int:
    return max(1, int((width + SPACE) // (BLOCK_W + SPACE)))


def walls_height(model: SheetModel, width: float) -> float:
    """The height the walls take at the bottom of the page (0 without walls)."""
    if not model.walls:
        return 0.0
    lines = -(-len(model.walls) // _per_line(width))
    return SPACE + HEADING + lines * (LABEL + _grid_side()) + (lines - 1) * SPACE


def draw_walls(canvas: Canvas, model: SheetModel, x: float, top: float, width: float) -> None:
    """The walls below ``top`` (the sheet's bottom edge), from ``x`` across ``width``."""
    if not model.walls:
        return
    lang = model.lang
    y = top - SPACE
    heading = tr("print.walls", lang)
    canvas.saveState()
    canvas.setFillGray(0.1)
    canvas.setFont(font_for(heading, True), 11)
    canvas.drawString(x, y - 11, heading)
    y -= HEADING
    per_line = _per_line(width)
    for index, (name, wall) in enumerate(model.walls):
        column = index % per_line
        if index and column == 0:
            y -= LABEL + _grid_side() + SPACE
        left = x + column * (BLOCK_W + SPACE)
        label = tr("print.wall_of", lang, player=name, side=tr(f"board.side_{wall.side}", lang))
        font = font_for(label)
        size, line = one_line(label, font, BLOCK_W, 9.0)
        canvas.setFillGray(0.1)
        canvas.setFont(font, size)
        canvas.drawString(left, y - size, line)
        _grid(canvas, wall.rows, left, y - LABEL)
    canvas.restoreState()


def _grid(canvas: Canvas, rows: tuple[str, ...], left: float, top: float) -> None:
    canvas.setLineWidth(0.6)
    for r, text in enumerate(rows):
        for c, letter in enumerate(text):
            x0 = left + c * (TILE + GAP)
            y0 = top - (r + 1) * TILE - r * GAP
            if letter == EMPTY:
                canvas.setStrokeGray(0.55)
                canvas.rect(x0, y0, TILE, TILE, stroke=1, fill=0)
                continue
            fill, ink = TILES[letter]
            canvas.setFillColorRGB(*fill)
            canvas.setStrokeGray(0.1)
            canvas.rect(x0, y0, TILE, TILE, stroke=1, fill=1)
            canvas.setFillGray(ink)
            canvas.setFont(BOLD, 8)
            canvas.drawCentredString(x0 + TILE / 2, y0 + TILE / 2 - 2.8, letter)
