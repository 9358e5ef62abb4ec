"""Reading printed sheets back: where the grid is, and what text sits where."""

from __future__ import annotations

import io

import pdfplumber
from reportlab.pdfgen.canvas import Canvas

from scorepad.printing.draw import PAGE_HEIGHT, PAGE_WIDTH, Grid, blank_page, played_page
from scorepad.printing.fonts import register_fonts
from scorepad.printing.model import SheetModel


def blank_grids(model: SheetModel) -> tuple[Grid, Grid]:
    """The grids of the top and bottom copies, as the real drawing code places them."""
    register_fonts()
    return blank_page(Canvas(io.BytesIO(), pagesize=(PAGE_WIDTH, PAGE_HEIGHT)), model)


def played_grid(model: SheetModel) -> Grid:
    register_fonts()
    return played_page(Canvas(io.BytesIO(), pagesize=(PAGE_WIDTH, PAGE_HEIGHT)), model)


def words(text: str | None) -> str:
    """Text with every run of white space as one space (wrapped labels read as written)."""
    return " ".join((text or "").split())


def text_in(page: pdfplumber.page.Page, x0: float, x1: float, y_top: float, y_bottom: float) -> str:
    """The words inside a box given in PDF points (y up from the bottom, as reportlab draws)."""
    box = (x0 + 0.5, PAGE_HEIGHT - y_top + 0.5, x1 - 0.5, PAGE_HEIGHT - y_bottom - 0.5)
    return words(page.crop(box).extract_text())


def column_text(page: pdfplumber.page.Page, grid: Grid, column: int) -> str:
    """Everything below the header in one column (0 labels, 1 hints, 2.. players)."""
    return text_in(page, grid.xs[column], grid.xs[column + 1], grid.ys[1], grid.ys[-1])


def cell_text(page: pdfplumber.page.Page, grid: Grid, column: int, row: int) -> str:
    """One cell; row 0 is the header."""
    return text_in(page, grid.xs[column], grid.xs[column + 1], grid.ys[row], grid.ys[row + 1])


def below_table(page: pdfplumber.page.Page, grid: Grid, down_to: float) -> str:
    return text_in(page, grid.xs[0] - 2, grid.xs[-1] + 2, grid.ys[-1], down_to)
