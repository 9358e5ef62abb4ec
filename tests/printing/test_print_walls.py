"""A saved Azul play printed filled in (``scorepad sheet --play ID``) draws each player's
kept wall below the sheet: read back from the real PDF, the walls' heading, each
player's name and side, and the tiles' letters in the wall's pattern, each on a square
filled in its colour; a play without walls prints as before."""

from __future__ import annotations

import json

import pdfplumber
import pytest
from pdfcheck import played_grid

from scorepad.cli import main
from scorepad.printing.boards.walls import TILE, TILES
from scorepad.printing.draw import PAGE_HEIGHT
from scorepad.printing.model import played_sheet
from scorepad.store import open_store
from scorepad.store.boards import read_boards

ANA_WALL = ["BYRKW", "W....", "K....", "R....", "Y...."]
BEN_GREY = ["B....", ".B...", "..B..", "...B.", "....B"]


def saved_play(tmp_path, with_walls: bool = True) -> tuple[str, int]:
    """A history holding one Azul play saved from a sheet file, as a person would."""
    sheet = {
        "game": "azul",
        "players": [
            {"name": "Ana", "lines": {"marker": 40}},
            {"name": "Ben", "lines": {"marker": 30}},
        ],
    }
    if with_walls:
        sheet["players"][0]["wall"] = ANA_WALL
        sheet["players"][1].update(side="grey", wall=BEN_GREY)
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    db = str(tmp_path / "history.sqlite3")
    assert main(["score", str(path), "--save", "--db", db, "--json"]) == 0
    return db, 1


def letters_in(page, x0: float, x1: float, top: float, bottom: float) -> list[str]:
    """The rows of single letters inside a box (PDF points, y up), top row first."""
    box = page.crop((x0, PAGE_HEIGHT - top, x1, PAGE_HEIGHT - bottom))
    rows: dict[int, list[tuple[float, str]]] = {}
    for char in box.chars:
        rows.setdefault(round(char["top"]), []).append((char["x0"], char["text"]))
    return ["".join(t for _, t in sorted(found)) for _, found in sorted(rows.items())]


def test_the_printed_play_draws_each_players_wall_below_the_sheet(tmp_path, capsys):
    db, play = saved_play(tmp_path)
    out = tmp_path / "play.pdf"
    assert main(["sheet", "--play", str(play), "--db", db, "-o", str(out)]) == 0
    capsys.readouterr()
    with open_store(db) as store:
        record = store.get_play(play)
    boards = read_boards([p.board for p in record.summary.players], record.summary.variant)
    model = played_sheet(record.sheet, "en", boards=boards)
    grid = played_grid(model)
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        text = page.extract_text()
        assert "Walls" in text and "Ana, coloured side" in text and "Ben, grey side" in text
        below = [w for w in page.extract_words() if PAGE_HEIGHT - w["bottom"] < grid.ys[-1]]
        said = " ".join(w["text"] for w in below)
        assert "Walls" in said and "Ana," in said and "Ben," in said  # under the table
        ana = next(w for w in below if w["text"] == "Ana,")
        ben = next(w for w in below if w["text"] == "Ben,")
        top = PAGE_HEIGHT - ana["bottom"]
        # the tiles' letters, row by row, where they lie on each board
        assert letters_in(page, ana["x0"], ben["x0"] - 1, top - 2, 0) == [
            "BYRKW",
            "W",
            "K",
            "R",
            "Y",
        ]
        assert letters_in(page, ben["x0"], ben["x0"] + 100, top - 2, 0) == ["B"] * 5
        # each tile a square of its colour, 25 spaces per wall
        squares = [
            r for r in page.rects if abs(r["width"] - TILE) < 0.1 and abs(r["height"] - TILE) < 0.1
        ]
        assert len(squares) == 50
        filled = [tuple(round(v, 2) for v in r["non_stroking_color"]) for r in squares if r["fill"]]
        blue = tuple(round(v, 2) for v in TILES["B"][0])
        assert len(filled) == 9 + 5 and filled.count(blue) == 1 + 5


def test_a_play_without_walls_prints_no_walls(tmp_path, capsys):
    db, play = saved_play(tmp_path, with_walls=False)
    out = tmp_path / "play.pdf"
    assert main(["sheet", "--play", str(play), "--db", db, "-o", str(out)]) == 0
    capsys.readouterr()
    with pdfplumber.open(out) as pdf:
        assert "Walls" not in pdf.pages[0].extract_text()


@pytest.mark.parametrize(("lang", "heading", "side"), [("es", "Muros", "Ana, cara de colores")])
def test_the_walls_are_printed_in_the_readers_language(tmp_path, capsys, lang, heading, side):
    db, play = saved_play(tmp_path)
    out = tmp_path / "play.pdf"
    assert main(["sheet", "--play", str(play), "--db", db, "-o", str(out), "--lang", lang]) == 0
    capsys.readouterr()
    with pdfplumber.open(out) as pdf:
        text = pdf.pages[0].extract_text()
        assert heading in text and side in text
