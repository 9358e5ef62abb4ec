"""A saved play printed filled in: entries, points, totals, ranks, winner and why."""

from __future__ import annotations

import datetime as dt

import pdfplumber
from pdfcheck import cell_text, played_grid, text_in, words

from scorepad.core import ExtraLine, PlayerSheet, builtin_games, score
from scorepad.printing.document import write_played_sheet
from scorepad.printing.draw import PAGE_HEIGHT, PAGE_WIDTH
from scorepad.printing.model import played_sheet


def sintra_tie():
    """Hugo and Zoë tie on 70; Zoë lost fewer points on the broken-glass track."""
    return score(
        builtin_games()["azul-sintra"],
        "B",
        [
            PlayerSheet(
                "Hugo",
                {"marker": 67, "glass_left": 7, "broken_glass": 2, "broken_glass_resets": 1},
                [ExtraLine("House rule", 3)],
            ),
            PlayerSheet("Zoë", {"marker": 53, "windows": [4, 5], "broken_glass": 3}),
            PlayerSheet("Дмитрий", {"marker": 40, "glass_left": 2}),
        ],
    )


def test_played_sheet_shows_what_was_entered_and_how_it_was_decided(tmp_path):
    sheet = sintra_tie()
    assert [p.total for p in sheet.players] == [70, 70, 40]
    assert sheet.decided_by == "tiebreak"
    path = write_played_sheet(
        tmp_path / "play.pdf", sheet, "en", played_on=dt.date(2026, 11, 30), place="Café Ørsted"
    )
    model = played_sheet(sheet, "en", dt.date(2026, 11, 30), "Café Ørsted")
    grid = played_grid(model)
    rows = {row.label or row.kind: i + 1 for i, row in enumerate(model.rows)}
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        heading = text_in(page, 0, PAGE_WIDTH, PAGE_HEIGHT, grid.ys[0])
        assert "Azul: Stained Glass of Sintra (side B)" in heading
        assert "Date: 2026-11-30" in heading and "Place: Café Ørsted" in heading

        def column(row: str) -> list[str]:
            return [cell_text(page, grid, 2 + i, rows[row]) for i in range(3)]

        assert [cell_text(page, grid, 2 + i, 0) for i in range(3)] == ["Hugo", "Zoë", "Дмитрий"]
        assert column("Score track") == ["67", "53", "40"]
        assert column("Glass left on pattern strips") == ["7 2", "0 0", "2 0"]
        assert column("Broken-glass track") == ["2 −2", "3 −3", "0 0"]
        assert column("Windows") == ["0 × 0 0", "4 × 5 20", "0 × 0 0"]
        assert column("House rule") == ["3", "", ""]
        assert column("Total") == ["70", "70", "40"]
        assert column("Fewer points lost on the broken-glass track") == ["20", "3", "0"]
        assert column("Rank") == ["2", "1 ★", "3"]
        below = words(text_in(page, 0, PAGE_WIDTH, grid.ys[-1], 0))
        assert sheet.explanation("en") in below
        assert "Zoë wins on fewer points lost on the broken-glass track, 3 to 20" in below


def test_played_sheet_in_spanish_with_halves_and_rates(tmp_path):
    sheet = score(
        builtin_games()["glass-road"],
        None,
        [
            PlayerSheet("Ana", {"buildings": 20, "sand_left": {"count": 3, "rate": "start"}}),
            PlayerSheet("Ben", {"buildings": 19, "glass_left": {"count": 1, "rate": "upgraded"}}),
        ],
    )
    model = played_sheet(sheet, "es", "sábado", None)
    sand = next(row for row in model.rows if row.label == "Arena de cuarzo sobrante")
    assert sand.cells[0].value == "1,5"
    assert [m.ticked for m in sand.cells[0].marks] == [True, False, False]
    glass = next(row for row in model.rows if row.label == "Vidrio sobrante")
    assert [m.ticked for m in glass.cells[1].marks] == [False, True, False]
    path = write_played_sheet(tmp_path / "gr.pdf", sheet, "es", "sábado")
    with pdfplumber.open(path) as pdf:
        text = words(pdf.pages[0].extract_text())
    assert "Fecha: sábado" in text
    assert "21,5" in text and "Ben gana con 22 puntos." in text


def test_sheet_play_prints_a_saved_play_from_the_history(tmp_path, capsys):
    """`scorepad sheet --play ID --db FILE`: the play as saved, read back from a real file."""
    from scorepad.cli import main
    from scorepad.store import open_store

    db = tmp_path / "history.sqlite3"
    sheet = sintra_tie()
    with open_store(str(db)) as store:
        players = [PlayerSheet(p.name, p.entries, p.extra) for p in sheet.players]
        play_id = store.save_play(
            sheet.template, "B", players, played_at="2026-11-30T20:00", location="Café Ørsted"
        )
    out = tmp_path / "printed.pdf"
    assert (
        main(["sheet", "--play", str(play_id), "--db", str(db), "-o", str(out), "--lang", "es"])
        == 0
    )
    assert capsys.readouterr().out.strip() == str(out)
    with pdfplumber.open(out) as pdf:
        text = pdf.pages[0].extract_text()
    assert "Azul: Los vitrales de Sintra (cara B)" in text
    assert "30/11/2026" in text and "Café Ørsted" in text
    assert "Empate a 70: gana Zoë por menos puntos perdidos en el vidrio roto, 3 a 20." in text
    for name in ("Hugo", "Zoë", "Дмитрий"):
        assert name in text


def test_sheet_play_refuses_an_unknown_play_or_a_game_beside_it(tmp_path, capsys):
    import pytest

    from scorepad.cli import main
    from scorepad.store import open_store

    db = tmp_path / "history.sqlite3"
    open_store(str(db)).close()
    for args, message in (
        (["--play", "99"], "scorepad: there is no play 99 in the history\n"),
        (
            ["azul", "--play", "1"],
            "scorepad: --play prints a saved play as it was played: give no game, variant, players or names with it\n",
        ),
    ):
        with pytest.raises(SystemExit) as exit_info:
            main(["sheet", *args, "--db", str(db), "-o", str(tmp_path / "x.pdf"), "--lang", "en"])
        assert exit_info.value.code == 2
        assert capsys.readouterr().err == message
    assert not (tmp_path / "x.pdf").exists()
