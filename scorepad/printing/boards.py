"""The players' boards on a printed filled sheet, below the table: Azul walls
(``printing.walls``), Summer Pavilion pavilions (``printing.pavilions``) or Sintra side B
windows (``printing.windows``), each drawn as the app draws it, in a way that reads on a
black-and-white printer too.

Above each board, the player's name (and a wall's side). The boards sit side by side, as
many to a line as fit, under a heading naming them ("Walls", "Pavilions", "Windows"); the
sheet above gives up the height they take. A play's boards are of one kind: one game's.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from scorepad.core.boards.azul_wall import Wall
from scorepad.core.boards.pavilion import Pavilion
from scorepad.core.boards.sintra import Palace
from scorepad.core.i18n import tr
from scorepad.printing.cells import SheetModel
from scorepad.printing.fonts import font_for, one_line
from scorepad.printing.pavilions import draw_pavilion, pavilion_height
from scorepad.printing.walls import draw_wall, wall_height
from scorepad.printing.windows import draw_windows, windows_height

HEADING = 16.0
LABEL = 12.0
SPACE = 18.0
"""Between two boards, and between the boards and the sheet above."""
BLOCK_W = 120.0
"""A board's room on a line: its label may be wider than its drawing; every drawing fits."""
Board = Wall | Pavilion | Palace


def _per_line(width: float) -> int:
    return max(1, int((width + SPACE) // (BLOCK_W + SPACE)))


def _height(board: Board) -> float:
    if isinstance(board, Wall):
        return wall_height()
    if isinstance(board, Pavilion):
        return pavilion_height(board)
    return windows_height()


def _lines(model: SheetModel, width: float) -> list[list[tuple[str, Board]]]:
    per_line = _per_line(width)
    boards = list(model.boards)
    return [boards[i : i + per_line] for i in range(0, len(boards), per_line)]


def _line_height(line: list[tuple[str, Board]]) -> float:
    return LABEL + max(_height(board) for _, board in line)


def boards_height(model: SheetModel, width: float) -> float:
    """The height the boards take at the bottom of the page (0 without boards)."""
    if not model.boards:
        return 0.0
    lines = _lines(model, width)
    return SPACE + HEADING + sum(_line_height(line) for line in lines) + (len(lines) - 1) * SPACE


def _heading(board: Board) -> str:
    if isinstance(board, Wall):
        return "print.walls"
    return "print.pavilions" if isinstance(board, Pavilion) else "print.palaces"


def _label(name: str, board: Board, lang: str) -> str:
    if isinstance(board, Wall):
        return tr("print.wall_of", lang, player=name, side=tr(f"board.side_{board.side}", lang))
    return name


def draw_boards(canvas: Canvas, model: SheetModel, x: float, top: float, width: float) -> None:
    """The boards below ``top`` (the sheet's bottom edge), from ``x`` across ``width``."""
    if not model.boards:
        return
    lang = model.lang
    y = top - SPACE
    heading = tr(_heading(model.boards[0][1]), lang)
    canvas.saveState()
    canvas.setFillGray(0.1)
    canvas.setFont(font_for(heading, True), 11)
    canvas.drawString(x, y - 11, heading)
    y -= HEADING
    for number, line in enumerate(_lines(model, width)):
        if number:
            y -= SPACE
        for column, (name, board) in enumerate(line):
            left = x + column * (BLOCK_W + SPACE)
            label = _label(name, board, lang)
            font = font_for(label)
            size, text = one_line(label, font, BLOCK_W, 9.0)
            canvas.setFillGray(0.1)
            canvas.setFont(font, size)
            canvas.drawString(left, y - size, text)
            _draw(canvas, board, left, y - LABEL, lang)
        y -= _line_height(line)
    canvas.restoreState()


def _draw(canvas: Canvas, board: Board, left: float, top: float, lang: str) -> None:
    if isinstance(board, Wall):
        draw_wall(canvas, board, left, top)
    elif isinstance(board, Pavilion):
        draw_pavilion(canvas, board, left, top, lang)
    else:
        draw_windows(canvas, board, left, top)
