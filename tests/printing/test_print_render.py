"""Page 1 rendered by poppler's pdftoppm: not blank, and the table grid is really drawn."""

from __future__ import annotations

import subprocess

from pdfcheck import blank_grids
from PIL import Image

from scorepad.core import builtin_games
from scorepad.printing.draw import PAGE_HEIGHT
from scorepad.printing.model import blank_sheet

DPI = 100
SCALE = DPI / 72


def render(pdf: str, stem: str) -> Image.Image:
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


def test_page_one_is_drawn_with_its_grid(cli, in_tmp):
    status, _, _ = cli("sheet", "azul-sintra", "--variant", "A", "-o", "sintra.pdf")
    assert status == 0
    image = render("sintra.pdf", "sintra")
    assert abs(image.width - 827) <= 1 and abs(image.height - 1169) <= 1  # A4 at 100 dpi
    histogram = image.histogram()
    ink = sum(histogram[:128]) / (image.width * image.height)
    assert 0.01 < ink < 0.3, ink  # not blank, not a black page
    model = blank_sheet(builtin_games()["azul-sintra"], "A", "en")
    lines = [i for i, row in enumerate(model.rows) if row.kind == "line"]
    for grid in blank_grids(model):
        for i in lines:  # every column edge crosses every line row
            top, bottom = grid.ys[i + 1], grid.ys[i + 2]
            for x in grid.xs:
                samples = [dark(image, x, bottom + (top - bottom) * f) for f in (0.2, 0.5, 0.8)]
                assert all(samples), (x, i)
        for y in grid.ys:  # every row edge runs the whole width
            samples = [
                dark(image, grid.xs[0] + (grid.xs[-1] - grid.xs[0]) * f / 20, y)
                for f in range(1, 20)
            ]
            assert all(samples), y
        # and between the lines, an empty player box is white
        top, bottom = grid.ys[2], grid.ys[3]
        middle = (grid.xs[3] + grid.xs[4]) / 2, (top + bottom) / 2
        assert not dark(image, *middle)
