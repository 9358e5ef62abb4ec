"""Page 1 rendered by poppler's pdftoppm: not blank, and the table grid is really drawn."""

from __future__ import annotations

from pdfcheck import assert_grid_drawn, blank_grids, dark, render

from scorepad.core import builtin_games
from scorepad.printing.model import blank_sheet


def test_page_one_is_drawn_with_its_grid(cli, in_tmp):
    status, _, _ = cli("sheet", "azul-sintra", "--variant", "A", "-o", "sintra.pdf")
    assert status == 0
    image = render("sintra.pdf", "sintra")
    assert abs(image.width - 827) <= 1 and abs(image.height - 1169) <= 1  # A4 at 100 dpi
    histogram = image.histogram()
    ink = sum(histogram[:128]) / (image.width * image.height)
    assert 0.01 < ink < 0.3, ink  # not blank, not a black page
    model = blank_sheet(builtin_games()["azul-sintra"], "A", "en")
    for grid in blank_grids(model):
        assert_grid_drawn(image, model, grid)
        # and between the lines, an empty player box is white
        top, bottom = grid.ys[2], grid.ys[3]
        middle = (grid.xs[3] + grid.xs[4]) / 2, (top + bottom) / 2
        assert not dark(image, *middle)
