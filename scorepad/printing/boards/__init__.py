"""The players' boards on a printed filled sheet, below the table, each drawn as the app
draws it, in a way that reads on a black-and-white printer too.

Each kind of board is drawn by one module of this package that registers its drawing
(``BoardDrawing``) for the core's class of that board: ``walls`` (Azul's ``Wall``),
``pavilions`` (Summer Pavilion's ``Pavilion``), ``windows`` (Sintra's ``Palace``),
``kingdoms`` (Kingdomino's ``Kingdom``). A new kind adds its module here: the package's
modules are imported once, by a loop, when a sheet with boards is first drawn.

Above each board, the player's name (and a wall's side). The boards sit side by side, as
many to a line as fit, under a heading naming them ("Walls", "Pavilions", "Windows",
"Kingdoms"); the sheet above gives up the height they take. A play's boards are of one
kind: one game's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from reportlab.pdfgen.canvas import Canvas

from scorepad.core.i18n import tr
from scorepad.core.packages import import_modules
from scorepad.printing.cells import SheetModel
from scorepad.printing.fonts import font_for, one_line

HEADING = 16.0
LABEL = 12.0
SPACE = 18.0
"""Between two boards, and between the boards and the sheet above."""
BLOCK_W = 120.0
"""A board's room on a line: its label may be wider than its drawing; every drawing fits."""


class BoardDrawing:
    """How one kind of board is printed. Subclasses set ``heading`` and draw."""

    heading = ""
    """The message key of the heading above the boards ("print.walls")."""

    def height(self, board: Any) -> float:
        raise NotImplementedError

    def label(self, name: str, board: Any, lang: str) -> str:
        """The text above the board: the player's name."""
        return name

    def draw(self, canvas: Canvas, board: Any, left: float, top: float, lang: str) -> None:
        """The board with its top left corner at (``left``, ``top``)."""
        raise NotImplementedError


DRAWINGS: dict[type, BoardDrawing] = {}
"""Each registered drawing, by the core's class of the board it draws."""
D = TypeVar("D", bound=type[BoardDrawing])


def register(board: type) -> Callable[[D], D]:
    """Class decorator: the drawing's one instance draws boards of class ``board``."""

    def add(drawing: D) -> D:
        if board in DRAWINGS:
            raise ValueError(f"a drawing for {board.__name__} is registered twice")
        DRAWINGS[board] = drawing()
        return drawing

    return add


def drawing_of(board: object) -> BoardDrawing:
    """The drawing of a board (each module of this package imported once); a KeyError
    for a board no module draws."""
    import_modules(__name__)
    return DRAWINGS[type(board)]


def _per_line(width: float) -> int:
    return max(1, int((width + SPACE) // (BLOCK_W + SPACE)))


def _lines(model: SheetModel, width: float) -> list[list[tuple[str, object]]]:
    per_line = _per_line(width)
    boards = list(model.boards)
    return [boards[i : i + per_line] for i in range(0, len(boards), per_line)]


def _line_height(line: list[tuple[str, object]]) -> float:
    return LABEL + max(drawing_of(board).height(board) for _, board in line)


def boards_height(model: SheetModel, width: float) -> float:
    """The height the boards take at the bottom of the page (0 without boards)."""
    if not model.boards:
        return 0.0
    lines = _lines(model, width)
    return SPACE + HEADING + sum(_line_height(line) for line in lines) + (len(lines) - 1) * SPACE


def draw_boards(canvas: Canvas, model: SheetModel, x: float, top: float, width: float) -> None:
    """The boards below ``top`` (the sheet's bottom edge), from ``x`` across ``width``."""
    if not model.boards:
        return
    lang = model.lang
    y = top - SPACE
    heading = tr(drawing_of(model.boards[0][1]).heading, lang)
    canvas.saveState()
    canvas.setFillGray(0.1)
    canvas.setFont(font_for(heading, True), 11)
    canvas.drawString(x, y - 11, heading)
    y -= HEADING
    for number, line in enumerate(_lines(model, width)):
        if number:
            y -= SPACE
        for column, (name, board) in enumerate(line):
            drawing = drawing_of(board)
            left = x + column * (BLOCK_W + SPACE)
            label = drawing.label(name, board, lang)
            font = font_for(label)
            size, text = one_line(label, font, BLOCK_W, 9.0)
            canvas.setFillGray(0.1)
            canvas.setFont(font, size)
            canvas.drawString(left, y - size, text)
            drawing.draw(canvas, board, left, y - LABEL, lang)
        y -= _line_height(line)
    canvas.restoreState()
