"""A saved Kingdomino play printed filled in (``scorepad sheet --play ID``) draws each
player's kept kingdom below the sheet, as the Azul wall is (test_print_walls.py): read
back from the real PDF, the heading, each player's name, and each square's terrain letter
and crowns row by row (the castle ``C``), each filled in its terrain's colour; a Mighty
Duel kingdom (7 × 7) fits too; no two texts over each other, every board inside the page."""

from __future__ import annotations

import pdfplumber
import pytest
from test_print_boards import below, inside, printed, saved_play

from scorepad.printing.boards.kingdoms import LOOKS, SQUARE

ANA = [
    "W1 W F F1 F",
    "W L L2 F G",
    "S L C G G1",
    "S1 M M2 G G",
    "S M W W W1",
]
BEN = [". . . . .", ". F F . .", ". W C L1 L", ". W . . .", ". . . . ."]
DUEL = [". . . . . . ."] * 3 + [". . F1 C W W2 ."] + [". . F . . . ."] + [". . . . . . ."] * 2


def square_rows(page, name: dict) -> list[str]:
    box = page.crop((name["x0"], name["bottom"] + 1, name["x0"] + 120, page.height))
    rows: dict[int, list[tuple[float, str]]] = {}
    for char in box.chars:
        rows.setdefault(round(char["top"]), []).append((char["x0"], char["text"]))
    return ["".join(t for _, t in sorted(r)) for _, r in sorted(rows.items())]


def test_the_printed_play_draws_each_kingdom_below_the_sheet(tmp_path, capsys):
    db, play = saved_play(
        tmp_path,
        "kingdomino",
        None,
        {"kingdom": ANA, "lines": {"properties": 30}},
        {"kingdom": BEN, "lines": {"properties": 2}},
    )
    out, grid = printed(tmp_path, capsys, db, play)
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        words = below(page, grid)
        words = words[[w["text"] for w in words].index("Kingdoms") :]
        assert [w["text"] for w in words[:3]] == ["Kingdoms", "Ana", "Ben"]
        ana, ben = words[1], words[2]
        ana_box = page.crop((ana["x0"], ana["bottom"] + 1, ben["x0"] - 1, page.height))
        rows: dict[int, list[tuple[float, str]]] = {}
        for char in ana_box.chars:
            rows.setdefault(round(char["top"]), []).append((char["x0"], char["text"]))
        assert ["".join(t for _, t in sorted(r)) for _, r in sorted(rows.items())] == [
            row.replace(" ", "") for row in ANA
        ]
        assert square_rows(page, ben) == ["FF", "WCL1L", "W"]
        squares = [r for r in page.rects if abs(r["width"] - SQUARE) < 0.2]
        assert len(squares) == 2 * 25
        filled = [tuple(round(v, 2) for v in r["non_stroking_color"]) for r in squares if r["fill"]]
        mine = tuple(round(v, 2) for v in LOOKS["M"][0])
        assert len(filled) == 25 + 7 and filled.count(mine) == 3
        inside(page)


@pytest.mark.parametrize(("lang", "heading"), [("fr", "Royaumes"), ("de", "Königreiche")])
def test_a_mighty_duel_kingdom_prints_whole_under_a_heading_in_the_readers_language(
    tmp_path, capsys, lang, heading
):
    db, play = saved_play(
        tmp_path, "kingdomino", None, {"kingdom": DUEL, "lines": {"properties": 6}}, {"lines": {}}
    )
    out, grid = printed(tmp_path, capsys, db, play, lang)
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        words = below(page, grid)
        words = words[[w["text"] for w in words].index(heading) :]
        assert square_rows(page, words[1]) == ["F1CWW2", "F"]
        assert len([r for r in page.rects if abs(r["width"] - SQUARE) < 0.2]) == 49
        inside(page)
