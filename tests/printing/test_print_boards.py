"""A saved Summer Pavilion or Sintra side B play printed filled in (``scorepad sheet --play
ID``) draws each player's kept pavilion or windows below the sheet, as the Azul wall is
(test_print_walls.py): read back from the real PDF, the heading, each player's name, each
star's colour in words with its spaces' numbers (covered ones filled in the star's
colour), and each window's marks (X a piece, C a piece of the colour); no two texts over
each other, every board inside the page."""

from __future__ import annotations

import json

import pdfplumber
import pytest
from pdfcheck import played_grid
from test_print_no_overlap import overlaps

from scorepad.cli import main
from scorepad.printing.boards.pavilions import FILLS, SPACE
from scorepad.printing.draw import PAGE_HEIGHT, PAGE_WIDTH
from scorepad.printing.model import played_sheet
from scorepad.store import open_store
from scorepad.store.boards import read_boards

STARS = ["......", "XXXXXX", "X.....", "......", "......", "......", "XX...."]
"""Red complete; a space of blue and two of purple covered."""
WINDOWS = ["XC", "CX", "XC", "X.", "C.", "..", "..", ".."]


def saved_play(tmp_path, game: str, variant: str | None, ana: dict, ben: dict) -> tuple[str, int]:
    sheet = {
        "game": game,
        "variant": variant,
        "players": [
            {"name": "Ana", "lines": {"marker": 40}, **ana},
            {"name": "Ben", "lines": {"marker": 30}, **ben},
        ],
    }
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    db = str(tmp_path / "history.sqlite3")
    assert main(["score", str(path), "--save", "--db", db, "--json"]) == 0
    return db, 1


def printed(tmp_path, capsys, db: str, play: int, lang: str = "en"):
    out = tmp_path / "play.pdf"
    assert main(["sheet", "--play", str(play), "--db", db, "-o", str(out), "--lang", lang]) == 0
    capsys.readouterr()
    with open_store(db) as store:
        record = store.get_play(play)
    boards = read_boards([p.board for p in record.summary.players], record.summary.variant)
    grid = played_grid(played_sheet(record.sheet, lang, boards=boards))
    return out, grid


def below(page, grid) -> list[dict]:
    return [w for w in page.extract_words() if PAGE_HEIGHT - w["bottom"] < grid.ys[-1]]


def inside(page) -> None:
    for char in page.chars:
        assert char["x0"] >= 0 and char["x1"] <= PAGE_WIDTH, char["text"]
        assert char["top"] >= 0 and char["bottom"] <= PAGE_HEIGHT, char["text"]
    assert overlaps(page.chars) == []


def test_the_printed_play_draws_each_pavilion_below_the_sheet(tmp_path, capsys):
    db, play = saved_play(
        tmp_path, "azul-summer-pavilion", None, {"pavilion": STARS}, {"pavilion": ["X....."] * 7}
    )
    out, grid = printed(tmp_path, capsys, db, play)
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        words = below(page, grid)  # under the table, after the sentences there
        words = words[[w["text"] for w in words].index("Pavilions") :]
        said = " ".join(w["text"] for w in words)
        assert said.startswith("Pavilions Ana Ben")
        for colour in ("multicolour", "red", "blue", "yellow", "orange", "green", "purple"):
            assert said.count(colour) == 2
        ana = next(w for w in words if w["text"] == "Ana")
        ben = next(w for w in words if w["text"] == "Ben")
        top = PAGE_HEIGHT - ana["bottom"]
        box = page.crop((ana["x0"], PAGE_HEIGHT - top + 2, ben["x0"] - 1, PAGE_HEIGHT))
        rows = {}
        for char in box.chars:
            if char["text"].isdigit():
                rows.setdefault(round(char["top"]), []).append((char["x0"], char["text"]))
        assert ["".join(t for _, t in sorted(r)) for _, r in sorted(rows.items())] == ["123456"] * 7
        circles = [c for c in page.curves if abs(c["width"] - SPACE) < 0.2]
        assert len(circles) == 2 * 7 * 6
        filled = [tuple(round(v, 2) for v in c["non_stroking_color"]) for c in circles if c["fill"]]
        red = tuple(round(v, 2) for v in FILLS["red"][0])
        assert len(filled) == 9 + 7 and filled.count(red) == 6 + 1
        inside(page)


def test_the_variant_sides_pavilion_names_each_stars_chosen_colour(tmp_path, capsys):
    colours = [None, "green", None, None, None, None, None]
    ana = {"pavilion": STARS, "star_colours": colours}
    db, play = saved_play(tmp_path, "azul-summer-pavilion", "B", ana, {})
    out, grid = printed(tmp_path, capsys, db, play, "de")
    with pdfplumber.open(out) as pdf:
        said = " ".join(w["text"] for w in below(pdf.pages[0], grid))
        said = said[said.index("Pavillons") :]
        assert said.startswith("Pavillons Ana")
        assert said.count("grün") == 1 and said.count("?") == 6
        inside(pdf.pages[0])


def test_the_printed_play_draws_each_players_windows(tmp_path, capsys):
    db, play = saved_play(tmp_path, "azul-sintra", "B", {"palace": WINDOWS}, {})
    out, grid = printed(tmp_path, capsys, db, play)
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        words = below(page, grid)
        words = words[[w["text"] for w in words].index("Windows") :]
        assert [w["text"] for w in words[:2]] == ["Windows", "Ana"]
        ana = words[1]
        box = page.crop((ana["x0"], ana["bottom"] + 1, ana["x0"] + 120, PAGE_HEIGHT))
        rows: dict[int, list[tuple[float, str]]] = {}
        for char in box.chars:
            rows.setdefault(round(char["top"]), []).append((char["x0"], char["text"]))
        assert ["".join(t for _, t in sorted(r)) for _, r in sorted(rows.items())] == [
            "XCXXC",
            "CXC",
        ]
        inside(page)


@pytest.mark.parametrize(("lang", "heading"), [("es", "Ventanas"), ("fr", "Vitraux")])
def test_the_windows_heading_is_in_the_readers_language(tmp_path, capsys, lang, heading):
    db, play = saved_play(tmp_path, "azul-sintra", "B", {"palace": WINDOWS}, {})
    out, _ = printed(tmp_path, capsys, db, play, lang)
    with pdfplumber.open(out) as pdf:
        assert heading in pdf.pages[0].extract_text()


def test_a_play_without_boards_prints_none(tmp_path, capsys):
    db, play = saved_play(tmp_path, "azul-sintra", "B", {"palace": WINDOWS}, {})
    out, _ = printed(tmp_path, capsys, db, play)
    with pdfplumber.open(out) as pdf:
        with_boards = pdf.pages[0].extract_text()
    (tmp_path / "plain").mkdir()
    plain_db, plain = saved_play(tmp_path / "plain", "azul-sintra", "B", {}, {})
    out, _ = printed(tmp_path / "plain", capsys, plain_db, plain)
    with pdfplumber.open(out) as pdf:
        text = pdf.pages[0].extract_text()
    assert text.count("Windows") == with_boards.count("Windows") - 1  # the heading
