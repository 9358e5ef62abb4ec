"""Reading printed sheets back: where the grid is, and what text sits where."""

from __future__ import annotations

import io
import subprocess

import pdfplumber
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from scorepad.printing.cells import SheetModel
from scorepad.printing.draw import PAGE_HEIGHT, PAGE_WIDTH, Grid, blank_page, played_page
from scorepad.printing.fonts import register_fonts


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


DPI = 100
SCALE = DPI / 72


def render(pdf: str, stem: str) -> Image.Image:
    """Page 1 as poppler's pdftoppm draws it, in grey, at 100 dpi."""
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            str(DPI),
            "-png",
            "-gray",
            "-f",
            "1",
            "-l",
            "1",
            "-singlefile",
            pdf,
            stem,
        ],
        check=True,
    )
    return Image.open(f"{stem}.png").convert("L")


def dark(image: Image.Image, x: float, y: float) -> bool:
    """Is there ink within a pixel of the point (PDF points, y up)?"""
    px, py = round(x * SCALE), round((PAGE_HEIGHT - y) * SCALE)
    return any(image.getpixel((px + dx, py + dy)) < 170 for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def assert_grid_drawn(image: Image.Image, model: SheetModel, grid: Grid) -> None:
    """Every column edge crosses every line row, and every row edge runs the whole width."""
    lines = [i for i, row in enumerate(model.rows) if row.kind == "line"]
    for i in lines:
        top, bottom = grid.ys[i + 1], grid.ys[i + 2]
        for x in grid.xs:
            samples = [dark(image, x, bottom + (top - bottom) * f) for f in (0.2, 0.5, 0.8)]
            assert all(samples), (x, i)
    for y in grid.ys:
        samples = [
            dark(image, grid.xs[0] + (grid.xs[-1] - grid.xs[0]) * f / 20, y) for f in range(1, 20)
        ]
        assert all(samples), y


def turned_text(data: bytes) -> list[tuple[str, float, float]]:
    """Every run of text set turned a quarter (the round sheets' column labels) on page 1
    of a PDF, as pypdf reads its content stream: (text, font size in points, where it
    sits across the page, in points from the left)."""
    import pypdf

    found: list[tuple[str, float, float]] = []

    def seen(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        a, b = cm[0] * tm[0] + cm[2] * tm[1], cm[1] * tm[0] + cm[3] * tm[1]
        if text.strip() and abs(a) < 1e-6 and abs(abs(b) - 1) < 1e-6:  # runs up the page
            across = cm[4] + cm[2] * tm[5]
            found.append((text.strip(), size * (a * a + b * b) ** 0.5, across))

    pypdf.PdfReader(io.BytesIO(data)).pages[0].extract_text(visitor_text=seen)
    return found
