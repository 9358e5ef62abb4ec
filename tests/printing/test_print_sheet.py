"""Blank sheets of every built-in game, written by the real command and read back."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pytest
from pdfcheck import below_table, blank_grids, cell_text, column_text, text_in, words
from reportlab.pdfgen.canvas import Canvas

from scorepad.core import builtin_games
from scorepad.core.i18n import pick, tr
from scorepad.core.results import has_score
from scorepad.printing.document import all_pages, page_name
from scorepad.printing.draw import PAGE_HEIGHT, PAGE_WIDTH
from scorepad.printing.fonts import register_fonts
from scorepad.printing.model import blank_sheet
from scorepad.printing.rounds import blank_round_sheet, copies_per_page, round_page

A4 = (595.28, 841.89)
GAMES = builtin_games()
PAGES = [(t.id, v) for t, v in all_pages()]
END_PAGES = [(t.id, v) for t, v in all_pages() if t.rounds is None]
"""The pages of the games filled in once, at the end: two copies of a table of lines."""
ROUND_PAGES = [(t.id, v) for t, v in all_pages() if t.rounds is not None]
"""The pages of the round games: a grid of rounds, twice where it fits."""


def test_every_shipped_game_and_variant_has_a_page():
    """The built-in games, those with awards, sets and bonuses too, and the co-operative
    and team games."""
    shown = set(builtin_games())
    assert {game for game, _ in PAGES} == shown
    assert {"7-wonders", "sushi-go", "ticket-to-ride", "yahtzee"} <= shown
    assert {"pandemic", "codenames"} <= shown
    named = {"azul", "azul-sintra", "azul-summer-pavilion", "glass-road"}
    named |= {"flip-7", "skull-king", "uno", "wizard"}
    assert [p for p in PAGES if p[0] in named] == [
        ("azul", None),
        ("azul-sintra", "A"),
        ("azul-sintra", "B"),
        ("azul-summer-pavilion", "A"),
        ("azul-summer-pavilion", "B"),
        ("flip-7", None),
        ("glass-road", None),
        ("skull-king", None),
        ("uno", None),
        ("wizard", None),
    ]
    assert {g for g, _ in ROUND_PAGES} >= {"flip-7", "skull-king", "uno", "wizard"}


@pytest.mark.parametrize(
    "game", ["7-wonders", "sushi-go", "ticket-to-ride", "yahtzee", "pandemic", "codenames"]
)
def test_the_games_with_rules_between_players_and_lines_print(cli, in_tmp, game):
    """Awards, sets, bonuses, co-operative and team results: ``scorepad sheet`` prints
    them (it refused them before the printed sheet could show them)."""
    status, out, err = cli("sheet", game, "--lang", "en")
    assert (status, err) == (0, "")
    assert Path(out.strip()).name == f"{game}.en.pdf"


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("game", "variant"), ROUND_PAGES)
def test_a_round_games_sheet_holds_its_copies_each_with_every_round(
    cli, in_tmp, game, variant, lang
):
    """The command's page of a round game: two copies where the rounds fit twice, else one;
    each titled, with a block of columns per player and its rounds numbered down the page."""
    template = GAMES[game]
    argv = ["sheet", game, "--lang", lang] + (["--variant", variant] if variant else [])
    status, out, err = cli(*argv)
    assert (status, err) == (0, "")
    path = Path(out.strip())
    assert path.name == page_name(template, variant, lang)
    model = blank_round_sheet(template, variant, lang)
    register_fonts()
    grids = round_page(Canvas(io.BytesIO(), pagesize=(PAGE_WIDTH, PAGE_HEIGHT)), model)
    assert len(grids) == copies_per_page(model)
    if len(grids) == 2:
        assert grids[0].ys[-1] > PAGE_HEIGHT / 2 > grids[1].ys[0]
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        assert (round(page.width, 2), round(page.height, 2)) == A4
        text = words(page.extract_text())
        heading = f"{template.title(lang, variant)} {tr('print.date', lang)}:"
        assert text.count(heading) == len(grids)
        for number, grid in enumerate(grids):
            where = f"copy {number + 1}"
            assert len(grid.xs) == 2 + len(model.players) * len(model.columns), where
            rounds = model.rounds or len(grid.ys) - 2 - len(model.foot)
            assert rounds >= 1, where
            numbers = [
                text_in(page, grid.xs[0], grid.xs[1], grid.ys[1 + r], grid.ys[2 + r])
                for r in range(rounds)
            ]
            assert numbers == [str(r) for r in range(1, rounds + 1)], where


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("game", "variant"), END_PAGES)
def test_sheet_holds_two_complete_copies(cli, in_tmp, game, variant, lang):
    template = GAMES[game]
    argv = ["sheet", game, "--lang", lang] + (["--variant", variant] if variant else [])
    status, out, err = cli(*argv)
    assert (status, err) == (0, "")
    path = Path(out.strip())
    assert path.name == page_name(template, variant, lang)
    model = blank_sheet(template, variant, lang)
    other = "es" if lang == "en" else "en"
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        assert (round(page.width, 2), round(page.height, 2)) == A4
        copies = blank_grids(model)
        assert copies[0].ys[-1] > PAGE_HEIGHT / 2 > copies[1].ys[0]
        for number, grid in enumerate(copies):
            where = f"copy {number + 1}"
            top, bottom = (PAGE_HEIGHT, PAGE_HEIGHT / 2) if number == 0 else (PAGE_HEIGHT / 2, 0)
            heading = text_in(page, 0, PAGE_WIDTH, top, grid.ys[0])
            assert template.title(lang, variant) in heading, where
            assert f"{tr('print.date', lang)}: {tr('print.place', lang)}:" in heading, where
            labels = column_text(page, grid, 0)
            hints = column_text(page, grid, 1)
            for line in template.lines_for(variant):
                assert pick(line.label, lang) in labels, (where, line.key)
                assert line.describe(lang) in hints, (where, line.key)
                mine = [pick(each.label, lang) for each in template.lines_for(variant)]
                if not any(line.label[other] in label for label in mine):  # Yahtzee's "Full"
                    assert line.label[other] not in labels, (where, line.key)
            notes = below_table(page, grid, bottom)
            for reminder in template.reminders:
                assert pick(reminder, lang) in notes, where
            table = words(page.crop(_box(grid)).extract_text())
            if template.result is not None:  # won or lost (by a team)
                cooperative = template.result.kind == "cooperative"
                assert tr("print.outcome" if cooperative else "text.team", lang) in labels, where
            if template.result is not None and has_score(template):  # Hanabi's fireworks
                assert tr("print.table_score", lang) in labels, where
                assert labels.count(tr("print.by_hand", lang)) == 2, where
                assert tr("text.total", lang) in labels, where
                continue
            if template.result is not None:  # no score: no total to add up
                assert tr("print.by_hand", lang) not in labels, where
                assert tr("text.total", lang) not in labels, where
                assert tr("print.no_tiebreaker", lang) not in table, where
                continue
            assert labels.count(tr("print.by_hand", lang)) == 2, where
            assert tr("text.total", lang) in labels, where
            assert tr(f"wins.{template.wins}", lang) in hints, where
            for tiebreaker in template.tiebreakers:
                assert pick(tiebreaker.label, lang).casefold() in labels.casefold(), where
                assert tr("print.tiebreak_caption", lang) in table, where
            if not template.tiebreakers:
                assert tr("print.no_tiebreaker", lang) in table, where


def _box(grid):
    return (grid.xs[0], PAGE_HEIGHT - grid.ys[0], grid.xs[-1], PAGE_HEIGHT - grid.ys[-1])


def test_azul_tiebreaker_reuses_the_rows_line(cli, in_tmp):
    model = blank_sheet(builtin_games()["azul"], None, "en")
    tiebreak = next(row for row in model.rows if row.kind == "tiebreak")
    assert tiebreak.cells == ()
    assert "Complete horizontal rows" in tiebreak.span
    assert not tiebreak.counted
    cli("sheet", "azul", "-o", "azul.pdf")
    with pdfplumber.open("azul.pdf") as pdf:
        page = pdf.pages[0]
        for grid in blank_grids(model):
            row = len(model.rows)  # the last row: the tie-breaker
            players = words(
                page.crop(
                    (
                        grid.xs[2],
                        PAGE_HEIGHT - grid.ys[row],
                        grid.xs[-1],
                        PAGE_HEIGHT - grid.ys[row + 1],
                    )
                ).extract_text()
            )
            assert players == "use the “Complete horizontal rows” line above: nothing more to write"


def test_sintra_tiebreaker_is_broken_glass_plus_18_per_reset():
    model = blank_sheet(builtin_games()["azul-sintra"], "A", "en")
    tiebreak = next(row for row in model.rows if row.kind == "tiebreak")
    assert len(tiebreak.cells) == 4 and not tiebreak.span and not tiebreak.counted
    assert tiebreak.hint.startswith("Broken-glass track + 18 × Times the broken glass reached")
    assert tiebreak.hint.endswith("fewer is better")
    resets = next(row for row in model.rows if row.label.startswith("Times the broken"))
    assert not resets.counted


def test_kinds_get_their_marks():
    glass_road = blank_sheet(builtin_games()["glass-road"], None, "en", players=2)
    sand = next(row for row in glass_road.rows if row.label == "Quartz sand left")
    assert [m.label for m in sand.cells[0].marks] == ["×½", "×1", "×0"]
    pavilion = blank_sheet(builtin_games()["azul-summer-pavilion"], None, "en")
    star = next(row for row in pavilion.rows if row.label == "Red star complete")
    assert [m.label for m in star.cells[0].marks] == [""]
    side_b = blank_sheet(builtin_games()["azul-sintra"], "B", "es")
    windows = next(row for row in side_b.rows if row.label == "Ventanas")
    assert windows.cells[0].product
    broken = next(row for row in side_b.rows if row.label == "Marcador de vidrio roto")
    assert broken.cells[0].minus


def test_columns_follow_players_and_names(cli, in_tmp):
    status, out, _ = cli("sheet", "glass-road", "--players", "3", "--names", "Ana, Ben")
    assert status == 0
    model = blank_sheet(builtin_games()["glass-road"], None, "en", 3, ["Ana", "Ben"])
    with pdfplumber.open(out.strip()) as pdf:
        page = pdf.pages[0]
        for grid in blank_grids(model):
            assert len(grid.xs) == 3 + 3
            assert [cell_text(page, grid, c, 0) for c in (2, 3, 4)] == ["Ana", "Ben", "3"]


def test_default_columns_are_the_most_players():
    assert len(blank_sheet(builtin_games()["azul"], None, "en").players) == 4
    assert blank_sheet(builtin_games()["azul"], None, "en", names=["Ana"]).players == (
        "Ana",
        "",
        "",
        "",
    )
