"""Round games on paper: a grid of rounds with a block of columns per player, two copies
where they fit, and a saved round play printed with its rounds and running totals."""

from __future__ import annotations

import datetime as dt
import io

import pdfplumber
import pytest
from pdfcheck import dark, render, text_in, turned_text, words
from reportlab.pdfgen.canvas import Canvas

from scorepad.core import PlayerSheet, builtin_games, load_template, score
from scorepad.core.i18n import tr
from scorepad.core.sheetrules import MORE_KINDS
from scorepad.printing.document import played_sheet_pdf, sheet_pdf, write_pdf
from scorepad.printing.draw import PAGE_HEIGHT, PAGE_WIDTH
from scorepad.printing.fonts import register_fonts
from scorepad.printing.rounds import (
    blank_round_sheet,
    copies_per_page,
    played_round_sheet,
    round_page,
)

GAMES = {
    g: t
    for g, t in builtin_games().items()
    if t.rounds is not None and not any(line.kind in MORE_KINDS for line in t.lines)
}
"""The built-in round games with lines of the plain kinds only (Sushi Go's awards and
tallies are printed and checked in test_print_rules)."""
ROUND_GAMES = {g: t for g, t in builtin_games().items() if t.rounds is not None}
LABEL_SMALLEST = 7.0
"""The smallest size a column's label may be printed at, on any sheet."""


def grids(sheet):
    register_fonts()
    return round_page(Canvas(io.BytesIO(), pagesize=(PAGE_WIDTH, PAGE_HEIGHT)), sheet)


@pytest.fixture
def page_of(tmp_path):
    """Writes PDF bytes and opens them: (path, their one page); closed after the test."""
    opened = []

    def open_page(data: bytes, name: str):
        path = write_pdf(tmp_path / name, data)
        document = pdfplumber.open(path)
        opened.append(document)
        assert len(document.pages) == 1
        return path, document.pages[0]

    yield open_page
    for document in opened:
        document.close()


def round_numbers(page, grid, rounds: int) -> list[str]:
    return [
        text_in(page, grid.xs[0], grid.xs[1], grid.ys[1 + r], grid.ys[2 + r]) for r in range(rounds)
    ]


def test_skull_king_prints_two_copies_of_ten_rounds_with_a_block_per_player(page_of, tmp_path):
    sheet = blank_round_sheet(GAMES["skull-king"], None, "en", 4, ["Ana", "Ben"])
    assert [c.label for c in sheet.columns] == [
        "Bid",
        "Tricks taken",
        "Bonus points",
        "Round score",
        "Total",
    ]
    assert sheet.rounds == 10 and copies_per_page(sheet) == 2
    path, page = page_of(sheet_pdf(GAMES["skull-king"], None, "en", 4, ["Ana", "Ben"]), "sk.pdf")
    top, bottom = grids(sheet)
    text = words(page.extract_text())
    assert text.count("Skull King Date:") == 2 and text.count("bonus only with a met bid") == 2
    for grid in (top, bottom):
        assert round_numbers(page, grid, 10) == [str(n) for n in range(1, 11)]
        assert len(grid.xs) == 2 + 4 * 5  # round numbers, then 5 columns for each of 4
        assert "Ana" in text_in(page, grid.xs[1], grid.xs[6], grid.ys[0], grid.ys[1])
        assert grid.ys[12] - grid.ys[11] < 0  # rows go down the page
        assert grid.ys[1] - grid.ys[2] >= 13  # room to write in
    labels = page.crop((top.xs[1], PAGE_HEIGHT - top.ys[0], top.xs[6], PAGE_HEIGHT - top.ys[1]))
    upright = "".join(c["text"] for c in labels.chars if not c["upright"])
    assert "Bid" in upright and "Tricks" in upright and "Round" in upright
    image = render(str(path), str(tmp_path / "sk"))
    for grid in (top, bottom):  # every column edge is drawn across the rounds
        middle = (grid.ys[1] + grid.ys[11]) / 2
        assert all(dark(image, x, middle) for x in grid.xs)


def test_a_filled_skull_king_shows_each_round_its_points_and_the_running_totals(page_of):
    scored = score(
        GAMES["skull-king"],
        None,
        [
            PlayerSheet("Kate", {"bid": [1, 1, 3], "tricks": [1, 1, 3], "bonus": [0, 0, "10+20"]}),
            PlayerSheet("Johnny", {"bid": [0, 1, 1], "tricks": [0, 1, 0]}),
        ],
    )
    sheet = played_round_sheet(scored, "en", dt.date(2026, 12, 2), "Harbour")
    assert sheet.cells[2] == (("3", "3", "30", "90", "130"), ("1", "0", "0", "\u221210", "20"))
    _, page = page_of(played_sheet_pdf(scored, "en", dt.date(2026, 12, 2), "Harbour"), "play.pdf")
    (grid,) = grids(sheet)
    assert round_numbers(page, grid, 3) == ["1", "2", "3"]
    kate_total = [
        text_in(page, grid.xs[5], grid.xs[6], grid.ys[1 + r], grid.ys[2 + r]) for r in range(3)
    ]
    johnny_total = [
        text_in(page, grid.xs[10], grid.xs[11], grid.ys[1 + r], grid.ys[2 + r]) for r in range(3)
    ]
    assert kate_total == ["20", "40", "130"] and johnny_total == ["10", "30", "20"]
    text = words(page.extract_text())
    assert "Kate wins with 130 points." in text
    assert "Unfinished: 3 of 10 rounds played." in text
    assert "Harbour" in text and "Rank" in text


def test_wizard_has_as_many_rounds_as_its_player_count_gives(page_of):
    wizard = GAMES["wizard"]
    three = blank_round_sheet(wizard, None, "en", 3)
    assert three.rounds == 20 and copies_per_page(three) == 1
    six = blank_round_sheet(wizard, None, "en")  # the game's most players: 6
    assert len(six.players) == 6 and six.rounds == 10 and copies_per_page(six) == 2
    _, page = page_of(sheet_pdf(wizard, None, "de", 3), "wizard.pdf")
    (grid,) = grids(blank_round_sheet(wizard, None, "de", 3))
    assert round_numbers(page, grid, 20)[-1] == "20"
    assert "Runde" in words(page.extract_text())


def test_uno_is_open_ended_and_fills_one_page_with_rounds(page_of):
    uno = GAMES["uno"]
    sheet = blank_round_sheet(uno, None, "es", 4)
    assert sheet.rounds == 0 and copies_per_page(sheet) == 1
    assert [c.kind for c in sheet.columns] == ["entry", "total"]  # its points, its total
    _, page = page_of(sheet_pdf(uno, None, "es", 4), "uno.pdf")
    (grid,) = grids(sheet)
    drawn = len(grid.ys) - 2 - len(sheet.foot)
    assert drawn >= 30
    assert round_numbers(page, grid, drawn)[-1] == str(drawn)
    assert grid.ys[-1] >= 28  # within the margin
    assert "500" in words(page.extract_text())


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_round_game_prints_in_every_language(game, tmp_path):
    for lang in ("en", "es", "fr", "de"):
        data = sheet_pdf(GAMES[game], None, lang)
        assert data.startswith(b"%PDF")


def test_the_command_prints_a_round_game_and_a_saved_round_play(cli, in_tmp):
    status, out, err = cli("sheet", "skull-king", "--players", "3", "--lang", "fr")
    assert (status, err) == (0, "") and out.strip() == "skull-king.fr.pdf"
    status, _, err = cli("sheet", "skull-king", "--players", "9")
    assert status == 2 and "2" in err and "8" in err
    db = f"sqlite:///{in_tmp / 'history.sqlite3'}"
    sheet = in_tmp / "uno.json"
    sheet.write_text(
        '{"game": "uno", "players": [{"name": "Ana", "lines": {"points": [0, "250+260"]}},'
        ' {"name": "Ben", "lines": {"points": [80, 0]}}]}',
        encoding="utf-8",
    )
    assert cli("score", str(sheet), "--save", "--db", db)[0] == 0
    status, out, err = cli("sheet", "--play", "1", "--db", db, "--lang", "en")
    assert (status, err) == (0, "") and out.strip() == "play-1.en.pdf"
    with pdfplumber.open(in_tmp / "play-1.en.pdf") as document:
        text = words(document.pages[0].extract_text())
    assert "Ana reached 500 in round 2." in text and "510" in text


def page_words(data: bytes) -> str:
    with pdfplumber.open(io.BytesIO(data)) as document:
        return words(document.pages[0].extract_text())


@pytest.mark.parametrize("game", sorted(ROUND_GAMES))
def test_column_labels_read_at_seven_points_or_more_in_every_language(game):
    """Read back from the PDF: every label turned up its column is set at 7 pt or more,
    and reads whole there, or as a key the legend under the table spells out; a block of
    columns per player asked for, in each copy."""
    template = ROUND_GAMES[game]
    counts = {template.min_players, 3, template.max_players}
    for lang in ("en", "es", "fr", "de"):
        for count in sorted(n for n in counts if template.min_players <= n <= template.max_players):
            data = sheet_pdf(template, None, lang, count)
            turned = turned_text(data)
            smallest = min(size for _, size, _ in turned)
            assert smallest >= LABEL_SMALLEST - 1e-6, (lang, count, smallest)
            sheet = blank_round_sheet(template, None, lang, count)
            shown = " ".join(text for text, _, _ in turned).split()
            legend = page_words(data)
            for column in sheet.columns:
                whole = all(word in shown for word in column.label.split())
                assert whole or f"= {column.label}" in legend, (lang, count, column.label)
            totals = [text for text, _, _ in turned if text == tr("text.total", lang)]
            assert len(totals) == count * copies_per_page(sheet), (lang, count)


def test_french_skull_king_for_six_keeps_its_labels_whole_and_large_enough():
    """The sheet the French booklet holds: "Points de la manche" in six narrow blocks."""
    data = sheet_pdf(ROUND_GAMES["skull-king"], None, "fr", 6)
    turned = turned_text(data)
    assert min(size for _, size, _ in turned) >= LABEL_SMALLEST
    shown = " ".join(text for text, _, _ in turned)
    assert shown.count("manche") == 12 and shown.count("Annonce") == 12  # 6 players, 2 copies


def test_a_label_too_long_for_its_column_is_printed_as_a_key_with_a_legend():
    game = load_template(
        """{"id": "long-night", "name": {"en": "Long Night", "fr": "Longue nuit"},
        "players": {"min": 2, "max": 8}, "rounds": {"count": 5},
        "lines": [
          {"key": "a", "kind": "points", "per_round": true,
           "label": {"en": "Points for every secret objective completed during the round",
                     "fr": "Points des objectifs secrets accomplis pendant la manche"}},
          {"key": "b", "kind": "points", "per_round": true,
           "label": {"en": "Penalties", "fr": "Pénalités"}}]}""",
        "long-night.json",
    )
    for lang, label, key in (
        ("en", "Points for every secret objective completed during the round", "PES"),
        ("fr", "Points des objectifs secrets accomplis pendant la manche", "POS"),
    ):
        data = sheet_pdf(game, None, lang, 8)
        turned = turned_text(data)
        assert min(size for _, size, _ in turned) >= LABEL_SMALLEST
        shown = [text for text, _, _ in turned]
        assert shown.count(key) == 8 * copies_per_page(blank_round_sheet(game, None, lang, 8))
        assert f"{key} = {label}" in page_words(data)
        assert "Penalties" in shown or "Pénalités" in shown  # fits: kept whole, no key


@pytest.mark.parametrize("lang", ["fr", "de", "es"])
def test_a_filled_round_sheet_for_six_keeps_its_labels_at_seven_points(lang):
    names = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Fay")
    # one trick a round for each of the first players, as many as the round deals cards
    rounds = [[1 if i < r else 0 for r in range(1, 11)] for i in range(len(names))]
    sheets = [PlayerSheet(n, {"bid": t, "tricks": t}) for n, t in zip(names, rounds, strict=True)]
    scored = score(GAMES["skull-king"], None, sheets)
    data = played_sheet_pdf(scored, lang)
    turned = turned_text(data)
    assert min(size for _, size, _ in turned) >= LABEL_SMALLEST
    legend = page_words(data)
    shown = " ".join(text for text, _, _ in turned).split()
    for column in played_round_sheet(scored, lang).columns:
        assert all(w in shown for w in column.label.split()) or f"= {column.label}" in legend
