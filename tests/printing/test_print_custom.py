"""User-made games: any number of lines, long labels, several tie-breakers."""

from __future__ import annotations

import json

import pdfplumber
from pdfcheck import below_table, blank_grids, column_text, words

from scorepad.core import load_template
from scorepad.core.i18n import tr
from scorepad.printing.draw import PAGE_HEIGHT
from scorepad.printing.model import blank_sheet

KINDS = [
    {"kind": "points"},
    {"kind": "count", "per": 3},
    {"kind": "count", "per": 2, "every": 4},
    {"kind": "table", "values": [0, 1, 3, 6]},
    {"kind": "check", "points": 5},
    {
        "kind": "product",
        "factors": [
            {"label": {"en": "rows", "es": "filas"}},
            {"label": {"en": "gems", "es": "gemas"}},
        ],
    },
    {"kind": "penalty"},
    {
        "kind": "count",
        "rates": [
            {"id": "low", "per": 1, "label": {"en": "low", "es": "bajo"}},
            {"id": "high", "per": 2, "label": {"en": "high", "es": "alto"}},
        ],
    },
]


def big_game(lines: int) -> dict[str, object]:
    """A game of ``lines`` lines cycling through every kind, with long labels."""
    entries = []
    for n in range(1, lines + 1):
        entries.append(
            {
                "key": f"line_{n}",
                "label": {
                    "en": f"Line {n}: treasure chests opened in the {n}th dungeon",
                    "es": f"Línea {n}: cofres abiertos en la mazmorra {n}",
                },
                **KINDS[n % len(KINDS)],
            }
        )
    return {
        "id": "dungeon-night",
        "name": {"en": "Dungeon Night", "es": "Noche de mazmorras"},
        "players": {"min": 2, "max": 6},
        "wins": "lowest",
        "lines": entries,
        "tiebreakers": [
            {
                "label": {"en": "more gold", "es": "más oro"},
                "prefer": "more",
                "terms": {"line_1": 1},
            },
            {
                "label": {"en": "fewer traps", "es": "menos trampas"},
                "prefer": "fewer",
                "terms": {"line_7": 1, "line_15": 2},
            },
        ],
        "reminders": [
            {"en": "Count the dragon twice.", "es": "El dragón cuenta doble."},
            {"en": "Lowest total wins.", "es": "Gana el total más bajo."},
        ],
    }


def test_a_20_line_game_fits_its_half_page(cli, in_tmp):
    (in_tmp / "dungeon.json").write_text(json.dumps(big_game(20)), encoding="utf-8")
    status, out, err = cli("sheet", "dungeon.json", "--players", "6", "--lang", "es")
    assert (status, err) == (0, "")
    assert out.strip() == "dungeon-night.es.pdf"
    template = load_template(big_game(20), "dungeon.json")
    model = blank_sheet(template, None, "es", players=6)
    top, bottom = blank_grids(model)
    assert top.ys[-1] > PAGE_HEIGHT / 2 and bottom.ys[0] < PAGE_HEIGHT / 2
    row_heights = [a - b for a, b in zip(top.ys, top.ys[1:], strict=False)]
    assert min(row_heights) > 8  # still room to write a number
    with pdfplumber.open("dungeon-night.es.pdf") as pdf:
        page = pdf.pages[0]
        for grid, floor in ((top, PAGE_HEIGHT / 2), (bottom, 0.0)):
            labels = column_text(page, grid, 0)
            hints = column_text(page, grid, 1)
            for line in template.lines:
                assert line.label["es"] in labels, line.key
                assert line.describe("es") in hints, line.key
            assert "1. Más oro" in labels and "2. Menos trampas" in labels
            assert tr("wins.lowest", "es") in hints
            notes = below_table(page, grid, floor)
            assert "El dragón cuenta doble." in notes and "Gana el total más bajo." in notes
        inside = [
            w for w in page.extract_words() if w["x0"] < 0 or w["x1"] > page.width or w["top"] < 0
        ]
        assert inside == []
        cut = PAGE_HEIGHT / 2
        straddling = [w["text"] for w in page.extract_words() if w["top"] < cut < w["bottom"]]
        straddling.remove("✂")  # the cut mark itself
        assert straddling == []


def test_forty_lines_still_fit(cli, in_tmp):
    (in_tmp / "huge.json").write_text(json.dumps(big_game(40)), encoding="utf-8")
    status, _, _ = cli("sheet", "huge.json", "-o", "huge.pdf")
    assert status == 0
    model = blank_sheet(load_template(big_game(40), "huge.json"), None, "en")
    top, bottom = blank_grids(model)
    assert top.ys[-1] > PAGE_HEIGHT / 2 > bottom.ys[0] and bottom.ys[-1] > 0
    with pdfplumber.open("huge.pdf") as pdf:
        labels = column_text(pdf.pages[0], bottom, 0)
    assert words(labels).count("Line ") == 40
