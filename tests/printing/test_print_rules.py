"""What the printed sheets of games with rules between players and lines say, read back
from real PDFs in every language: award lines (the quantity box, how the places score;
filled, the quantity and its points), tallies, set rules, bonuses, a floor, modules'
lines, co-operative and team results, and a check the entries break."""

from __future__ import annotations

import datetime as dt
import io
import json
from pathlib import Path

import pdfplumber
import pypdf
import pytest
from pdfcheck import cell_text, played_grid, text_in
from plays import GAMES, PAGES, filled
from reportlab.pdfgen.canvas import Canvas

from scorepad.core import PlayerSheet, load_template, score
from scorepad.core.i18n import LANGS, pick, tr
from scorepad.core.sheetfile import read_sheet
from scorepad.core.sheetrules import MORE_KINDS
from scorepad.printing.document import write_played_sheet, write_sheet
from scorepad.printing.draw import PAGE_HEIGHT, PAGE_WIDTH
from scorepad.printing.fonts import register_fonts
from scorepad.printing.model import blank_sheet, played_sheet
from scorepad.printing.rounds import blank_round_sheet, played_round_sheet, round_page

HERE = Path(__file__).resolve().parent
SHEETS = HERE.parent / "core" / "sheets"
TEAM_DICE = HERE.parent / "core" / "games" / "team-dice.json"
EXAMPLES = HERE.parents[1] / "examples"
DAY = dt.date(2026, 12, 1)


def plain(text: str) -> str:
    """Text read back from a PDF has plain spaces where French writes no-break ones, and a
    wrapped text reads with a line break where it wrapped."""
    return " ".join(text.replace("\xa0", " ").replace("\u202f", " ").split())


def pdf_text(path: Path) -> str:
    return plain(" ".join(page.extract_text() for page in pypdf.PdfReader(path).pages))


def sheet_file(path: Path):
    data = json.loads(path.read_text(encoding="utf-8"))
    return read_sheet(json.dumps(data.get("sheet", data)), path.name, GAMES).score()


def spaceless(text: str) -> str:
    """Text without its spaces: pdfplumber joins a box's label and the entry beside it
    ("×0" and "7") into one word when a crowded cell sets them close."""
    return "".join(text.split())


def cell_words(cell) -> str:
    """What a cell of the model prints, left to right: its boxes' labels, the entry, the
    points."""
    parts = [m.label for m in cell.marks if m.label] + [cell.note, cell.value]
    return plain(" ".join(p for p in parts if p))


# --- blank sheets: every shipped game, every language ----------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("game", "variant"), PAGES)
def test_a_blank_sheet_says_how_every_line_and_rule_scores(tmp_path, game, variant, lang):
    template = GAMES[game]
    path = write_sheet(tmp_path / "blank.pdf", template, variant, lang)
    text = pdf_text(path)
    assert plain(template.title(lang, variant)) in text
    expected = [pick(r, lang) for r in template.reminders]
    if template.rounds is None:
        model = blank_sheet(template, variant, lang)
        for row in model.rows:
            expected += [row.label, row.hint, row.span]
        for line in template.lines_for(variant):
            expected += [pick(line.label, lang), line.describe(lang)]
    else:
        model = blank_round_sheet(template, variant, lang)
        expected += [model.rule, model.lines_note]
        for line in template.lines_for(variant):
            if line.kind in MORE_KINDS:  # how it scores is said in full under the grid
                assert f"{pick(line.label, lang)}: {line.describe(lang)}" in model.lines_note
    for shown in expected:
        if shown and shown != tr("print.by_hand", lang):
            assert plain(shown) in text, (game, lang, shown)
    rules = template.rules
    if rules is not None:
        plan = rules.plan(template, variant)
        for rule in [r for r in plan.sets if r.per_set] + list(plan.bonuses):
            assert plain(pick(rule.label, lang)) in text, (game, rule.key)
        if rules.floor is not None:
            assert plain(tr("hint.floor", lang, floor=rules.floor)) in text
    if template.result is not None and template.result.kind == "cooperative":
        won, lost = tr("print.won_together", lang), tr("print.lost_together", lang)
        assert f"☐ {plain(won)} · ☐ {plain(lost)}" in text
    if template.result is not None and template.result.kind == "teams":
        assert plain(tr("text.team", lang)) in text
        assert plain(tr("print.winning_team", lang)) in text


def test_the_new_lines_print_their_boxes_and_rules_on_a_blank_sheet():
    """English wording, checked whole: an award's places, a set rule, a bonus with its box
    to tick, the floor over the total."""
    ttr = blank_sheet(GAMES["ticket-to-ride"], None, "en")
    path = next(r for r in ttr.rows if r.label == "Longest continuous path (trains)")
    assert path.hint == "10 to the longest, every tied player too"
    assert all(cell.quantity and not cell.value for cell in path.cells)
    wonders = blank_sheet(GAMES["7-wonders"], None, "en")
    labels = [row.label for row in wonders.rows]
    sets = labels.index("Science: sets of 3 different symbols")
    assert labels[sets - 1] == "Science: tablets"  # right under the last symbol it reads
    assert wonders.rows[sets].hint == "7 per complete set of 3 different"
    assert wonders.rows[sets].kind == "rule"
    yahtzee = blank_sheet(GAMES["yahtzee"], None, "en", players=2)
    labels = [row.label for row in yahtzee.rows]
    bonus = yahtzee.rows[labels.index("Upper section bonus")]
    assert labels.index("Upper section bonus") == labels.index("Sixes") + 1
    assert bonus.hint == "+35 when Ones … Sixes reach 63 or more"
    assert [m.label for m in bonus.cells[0].marks] == ["+35"]
    pavilion = blank_sheet(GAMES["azul-summer-pavilion"], "A", "de")
    kinds = [(row.kind, row.label) for row in pavilion.rows]
    floor = kinds.index(("caption", tr("hint.floor", "de", floor="1")))
    assert kinds[floor + 1] == ("total", tr("text.total", "de"))


def test_a_round_games_sheet_says_how_its_worked_out_lines_score(tmp_path):
    """Sushi Go's rounds: the maki's places and the dumplings' table under the grid, in
    each language; a game whose round lines are plain (Skull King) gets no such note."""
    for lang in LANGS:
        model = blank_round_sheet(GAMES["sushi-go"], None, lang)
        text = pdf_text(write_sheet(tmp_path / f"sushi.{lang}.pdf", GAMES["sushi-go"], None, lang))
        for key in ("maki", "dumplings", "tempura", "pudding"):
            line = next(li for li in GAMES["sushi-go"].lines if li.key == key)
            said = f"{pick(line.label, lang)}: {line.describe(lang)}"
            assert said in model.lines_note
            assert plain(said) in text, (lang, key)
    assert blank_round_sheet(GAMES["skull-king"], None, "en").lines_note == ""


# --- filled sheets: every shipped game, every language ---------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("game", "variant"), PAGES)
def test_a_filled_sheet_prints_every_entry_and_its_points(tmp_path, game, variant, lang):
    """Each cell of the PDF holds what the model says, and the model says what the scored
    play holds: entries, points (an award's beside its quantity), sets, bonuses, totals,
    teams, the outcome and the result sentence."""
    template = GAMES[game]
    sheet = filled(template, variant)
    path = write_played_sheet(tmp_path / "play.pdf", sheet, lang, DAY, "Ørsted")
    text = pdf_text(path)
    assert plain(sheet.explanation(lang)) in text
    for player in sheet.players:
        assert player.name in text
    if template.rounds is not None:
        _check_rounds(path, sheet, lang)
        return
    model = played_sheet(sheet, lang, DAY, "Ørsted")
    _check_model(model, sheet, lang)
    grid = played_grid(model)
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        for r, row in enumerate(model.rows, 1):
            if row.span:
                shown = text_in(page, grid.xs[2], grid.xs[-1], grid.ys[r], grid.ys[r + 1])
                assert plain(shown) == plain(row.span), (game, row.label)
                continue
            for c, cell in enumerate(row.cells):
                assert spaceless(cell_text(page, grid, 2 + c, r)) == spaceless(cell_words(cell)), (
                    game,
                    row.label,
                    c,
                )


def _check_model(model, sheet, lang):
    """The model's cells against the scored play."""
    from scorepad.printing.cells import number

    rows = iter(r for r in model.rows if r.kind == "line")
    for line in sheet.template.lines_for(sheet.variant):
        row = next(rows)
        assert row.label == pick(line.label, lang)
        for player, cell in zip(sheet.players, row.cells, strict=True):
            reading = player.readings[line.key]
            if not reading.counts:
                assert cell.value == number(reading.measure, lang)
                continue
            assert cell.value == number(reading.points, lang), line.key
            if line.kind == "award":
                assert cell.note == str(reading.value or 0), line.key
            elif line.kind == "tally":
                assert cell.note == str(reading.value), line.key
    rules = sheet.template.rules
    if rules is not None:
        plan = rules.plan(sheet.template, sheet.variant)
        for rule in [r for r in plan.sets if r.per_set] + list(plan.bonuses):
            row = next(r for r in model.rows if r.label == pick(rule.label, lang))
            values = [c.value for c in row.cells]
            assert values == [number(p.computed[rule.key], lang) for p in sheet.players]
    totals = [r for r in model.rows if r.kind == "total"]
    if totals:
        assert [c.value for c in totals[0].cells] == [number(p.total, lang) for p in sheet.players]


def _check_rounds(path, sheet, lang):
    """A round play: each round's entries, points and running totals in their cells."""
    model = played_round_sheet(sheet, lang, DAY, "Ørsted")
    register_fonts()
    (grid,) = round_page(Canvas(io.BytesIO(), pagesize=(PAGE_WIDTH, PAGE_HEIGHT)), model)
    per = len(model.columns)
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        for r, players in enumerate(model.cells):
            top, bottom = grid.ys[1 + r], grid.ys[2 + r]
            for p, texts in enumerate(players):
                for c, shown in enumerate(texts):
                    left, right = grid.xs[1 + p * per + c], grid.xs[2 + p * per + c]
                    assert plain(text_in(page, left, right, top, bottom)) == plain(shown), (
                        r,
                        p,
                        c,
                    )
            assert [t[-1] for t in players] == [number_of(q.rounds[r], lang) for q in sheet.players]


def number_of(value, lang):
    from scorepad.printing.cells import number

    return number(value, lang)


# --- worked examples -------------------------------------------------------------------


def test_7_wonders_science_prints_the_symbols_squares_and_the_sets(tmp_path):
    """The rulebook's Alexandria: 3, 2 and 1 symbols are 9 + 4 + 1, and one set of three
    different symbols adds 7; Babylon's one more tablet makes two sets."""
    sheet = sheet_file(SHEETS / "7-wonders-rulebook.json")
    model = played_sheet(sheet, "en")
    rows = {row.label: row for row in model.rows}
    assert [cell_words(c) for c in rows["Science: compasses"].cells] == ["3 9", "3 9", "0 0"]
    assert [cell_words(c) for c in rows["Science: tablets"].cells] == ["1 1", "2 4", "0 0"]
    sets = rows["Science: sets of 3 different symbols"]
    assert [cell_words(c) for c in sets.cells] == ["1 × 7 7", "2 × 7 14", "0 × 7 0"]
    assert [c.value for c in rows["Total"].cells] == ["58", "68", "64"]
    text = pdf_text(write_played_sheet(tmp_path / "7w.pdf", sheet, "fr"))
    assert "Sciences : séries de 3 symboles différents" in text
    assert "1 × 7 7" in text and "Babylon gagne avec 68 points." in text


def test_yahtzee_prints_the_upper_sum_and_the_bonus(tmp_path):
    sheet = sheet_file(SHEETS / "yahtzee-upper-bonus.json")
    row = next(r for r in played_sheet(sheet, "en").rows if r.label == "Upper section bonus")
    assert [cell_words(c) for c in row.cells] == ["63 35", "62 0"]
    text = pdf_text(write_played_sheet(tmp_path / "y.pdf", sheet, "de"))
    assert "+35, wenn Einser … Sechser 63 oder mehr ergeben" in text
    assert "63 35" in text and "62 0" in text


def test_ticket_to_ride_prints_each_path_and_the_award_it_earned(tmp_path):
    """The longest path is entered as its length; the award's 10 goes to the longest, and
    the tie on points goes to it too (the second tie-breaker)."""
    sheet = sheet_file(SHEETS / "ticket-to-ride-tie.json")
    model = played_sheet(sheet, "es")
    path = next(
        r
        for r in model.rows
        if r.label == pick(_line("ticket-to-ride", "longest_path").label, "es")
    )
    assert [cell_words(c) for c in path.cells] == ["18 10", "15 0"]
    text = pdf_text(write_played_sheet(tmp_path / "t.pdf", sheet, "es"))
    assert "18 10" in text and "15 0" in text
    assert plain(sheet.explanation("es")) in text


def _line(game, key):
    return next(line for line in GAMES[game].lines if line.key == key)


def test_sushi_go_prints_each_rounds_maki_points_and_the_puddings(tmp_path):
    """The rulebook's three rounds: in round 1 Ana and Ben tie for most maki (3 each: 6
    split, no second place) and Carla's 1 icon scores nothing; at the end Ana and Carla
    split the most puddings (6: 3 each) and Ben, with none, loses 6."""
    sheet = sheet_file(SHEETS / "sushi-go-rulebook.json")
    model = played_round_sheet(sheet, "en")
    columns = [c.label for c in model.columns]
    maki = columns.index("Maki roll icons")
    dumplings = columns.index("Dumpling cards")
    assert [model.cells[0][p][maki] for p in range(3)] == ["3 (3)", "3 (3)", "0 (1)"]
    assert [model.cells[1][p][maki] for p in range(3)] == ["0 (0)", "6 (4)", "3 (2)"]
    assert model.cells[2][0][dumplings] == "15 (6)"
    pudding = next(row for row in model.foot if row.label == "Pudding cards (end of game)")
    assert pudding.values == ("3 (2)", "−6 (0)", "3 (2)")
    for lang in LANGS:
        text = pdf_text(write_played_sheet(tmp_path / f"s.{lang}.pdf", sheet, lang))
        assert "3 (3)" in text and "−6 (0)" in text and "15 (6)" in text, lang
        assert plain(sheet.explanation(lang)) in text, lang


@pytest.mark.parametrize("lang", LANGS)
def test_a_co_operative_play_prints_won_or_lost_together(tmp_path, lang):
    game = GAMES["pandemic"]
    players = [PlayerSheet("Ana"), PlayerSheet("Ben"), PlayerSheet("Carla")]
    for outcome, key in (("won", "print.won_together"), ("lost", "print.lost_together")):
        sheet = score(game, None, players, outcome=outcome)
        model = played_sheet(sheet, lang)
        assert [(r.kind, r.span) for r in model.rows] == [("result", tr(key, lang))]
        text = pdf_text(write_played_sheet(tmp_path / f"{outcome}.pdf", sheet, lang))
        assert plain(tr(key, lang)) in text
        assert plain(sheet.explanation(lang)) in text
        other = "print.lost_together" if outcome == "won" else "print.won_together"
        assert plain(tr(other, lang)) not in text
    assert tr("print.won_together", "es") == "Ganamos juntos"
    assert tr("print.lost_together", "de") == "Gemeinsam verloren"


@pytest.mark.parametrize("lang", LANGS)
def test_a_team_play_prints_the_teams_and_the_winning_team(tmp_path, lang):
    sheet = read_sheet((EXAMPLES / "codenames.json").read_text(), "codenames", GAMES).score()
    model = played_sheet(sheet, lang)
    team = model.rows[0]
    assert team.label == tr("text.team", lang)
    assert [c.value for c in team.cells] == ["Red", "Red", "Blue", "Blue"]
    winning = next(r for r in model.rows if r.label == tr("print.winning_team", lang))
    assert winning.span == "Red"
    assert model.winners == frozenset({0, 1})
    path = write_played_sheet(tmp_path / "c.pdf", sheet, lang)
    grid = played_grid(model)
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        assert [cell_text(page, grid, 2 + i, 1) for i in range(4)] == ["Red", "Red", "Blue", "Blue"]
    text = pdf_text(path)
    assert plain(tr("print.winning_team", lang)) in text
    assert plain(sheet.explanation(lang)) in text


def test_a_team_play_with_a_score_prints_each_teams_total_and_the_modules_lines(tmp_path):
    """Team dice with its "Bonus dice" module: the module's line names it, the teams'
    totals are the sum of their members', the team with more wins."""
    game = load_template(TEAM_DICE.read_text(), "team-dice.json")
    players = [
        PlayerSheet("Ana", {"points": 10, "bonus": 2}, team="Red"),
        PlayerSheet("Ben", {"points": 7}, team="Blue"),
        PlayerSheet("Cy", {"points": 5, "bonus": 1}, team="Red"),
    ]
    sheet = score(game, None, players, modules=["bonus"])
    model = played_sheet(sheet, "en")
    rows = {row.label: row for row in model.rows}
    assert rows["Bonus dice"].hint.startswith("Bonus dice · ")
    assert rows["Points"].hint == _line_of(sheet.template, "points").describe("en")
    assert [c.value for c in rows["Team total"].cells] == ["21", "7", "21"]
    assert rows["Winning team"].span == "Red"
    blank = blank_sheet(sheet.template, None, "en", players=3)
    labels = [row.label for row in blank.rows]
    assert labels[0] == "Team" and "Team total" in labels and "Winning team" in labels
    assert next(r for r in blank.rows if r.label == "Bonus dice").hint.startswith("Bonus dice · ")
    text = pdf_text(write_played_sheet(tmp_path / "td.pdf", sheet, "en"))
    assert "Team dice + Bonus dice" in text and "Red" in text and "21" in text


def _line_of(template, key):
    return next(line for line in template.lines if line.key == key)


@pytest.mark.parametrize("lang", LANGS)
def test_a_floor_prints_the_points_it_added(tmp_path, lang):
    """Summer Pavilion: Ana on 1 with 4 tiles left stays on 1, the floor adding 4."""
    sheet = sheet_file(SHEETS / "summer-pavilion-floor.json")
    model = played_sheet(sheet, lang)
    floor = next(r for r in model.rows if r.kind == "rule")
    assert floor.label == tr("text.floor", lang, floor="1")
    assert [c.value for c in floor.cells] == ["4", "", ""]
    text = pdf_text(write_played_sheet(tmp_path / "f.pdf", sheet, lang))
    assert plain(tr("text.floor", lang, floor="1")) in text


@pytest.mark.parametrize("lang", LANGS)
def test_a_broken_check_prints_as_a_marked_note(tmp_path, lang):
    """A play scored before Azul had its full-wall check (5 complete rows but 2 columns)
    prints with the problem said, marked, naming the player and the lines."""
    azul = GAMES["azul"]
    older = load_template(
        {k: v for k, v in azul.source.items() if k != "checks"}, "azul without its checks"
    )
    entries = {"marker": 60, "rows": 5, "columns": 2, "colours": 1}
    sheet = score(older, None, [PlayerSheet("Ana", entries), PlayerSheet("Ben", {"marker": 40})])
    sheet = sheet._replace(template=azul)
    model = played_sheet(sheet, lang)
    assert len(model.warnings) == 1
    warning = model.warnings[0]
    assert warning.startswith("⚠ Ana")
    for key in ("rows", "columns", "colours"):
        assert pick(_line_of(azul, key).label, lang) in warning
    text = pdf_text(write_played_sheet(tmp_path / "w.pdf", sheet, lang))
    assert plain(warning) in text
    fine = played_sheet(sheet_file(SHEETS / "azul-four-players.json"), lang)
    assert fine.warnings == ()


# --- saved plays, through the command line and a real history file ---------------------

SAVED = [
    (SHEETS / "sushi-go-rulebook.json", ["3 (3)", "−6 (0)", "Ana wins with 53 points."]),
    (SHEETS / "7-wonders-rulebook.json", ["1 × 7", "2 × 7", "Babylon wins with 68 points."]),
    (SHEETS / "yahtzee-upper-bonus.json", ["63 35", "Ana wins with 345 points."]),
    (EXAMPLES / "pandemic-lost.json", ["Lost together", "The game wins"]),
    (EXAMPLES / "codenames.json", ["Winning team Red", "Red wins (Ana and Ben)."]),
]


@pytest.mark.parametrize(("path", "shown"), SAVED, ids=[p.stem for p, _ in SAVED])
def test_sheet_play_prints_a_saved_play_of_these_games(cli, tmp_path, path, shown):
    """`scorepad score FILE --save`, then `scorepad sheet --play ID`: the play read back
    from a real SQLite history, printed with its awards, sets, bonus, outcome or teams."""
    data = json.loads(path.read_text(encoding="utf-8"))
    sheet = tmp_path / "sheet.json"
    sheet.write_text(json.dumps(data.get("sheet", data)), encoding="utf-8")
    db = str(tmp_path / "history.sqlite3")
    status, _, err = cli(
        "score", str(sheet), "--save", "--db", db, "--played-at", "2026-12-01T20:00"
    )
    assert (status, err) == (0, "")
    out = tmp_path / "play.pdf"
    status, printed, err = cli("sheet", "--play", "1", "--db", db, "-o", str(out), "--lang", "en")
    assert (status, err, printed.strip()) == (0, "", str(out))
    text = pdf_text(out)
    for expected in shown:
        assert expected in text, (path.stem, expected)
    assert "2026-12-01" in text


def test_a_co_operative_play_with_a_score_prints_the_tables_score(tmp_path):
    """A co-operative game with a score (fireworks, 0 to 25 each): no one wins on a total,
    the table's score is the sum of everyone's, printed over the outcome."""
    game = load_template((HERE.parent / "core" / "games" / "coop-score.json").read_text(), "c")
    blank = blank_sheet(game, None, "en", players=2)
    kinds = [(r.kind, r.label) for r in blank.rows]
    assert kinds[-2:] == [("result", "Table's score"), ("result", "Result")]
    total = next(r for r in blank.rows if r.kind == "total")
    assert total.hint == tr("text.cooperative", "en")
    players = [PlayerSheet("Ana", {"score": 12}), PlayerSheet("Ben", {"score": 8})]
    for lang in LANGS:
        sheet = score(game, None, players, outcome="lost")
        model = played_sheet(sheet, lang)
        table = next(r for r in model.rows if r.label == tr("print.table_score", lang))
        assert table.span == "20"
        text = pdf_text(write_played_sheet(tmp_path / f"coop.{lang}.pdf", sheet, lang))
        assert plain(tr("print.table_score", lang)) in text
        assert plain(tr("print.lost_together", lang)) in text
        assert plain(sheet.explanation(lang)) in text


ROUND_COOP = {
    "id": "star-rounds",
    "name": {"en": "Star rounds", "de": "Sternrunden"},
    "players": {"min": 2, "max": 4},
    "rounds": {"count": 3},
    "lines": [
        {"key": "points", "kind": "points", "per_round": True, "label": {"en": "Points"}},
        {"key": "stars", "kind": "count", "per": 2, "label": {"en": "Stars"}},
        {"key": "moons", "kind": "count", "per": 3, "label": {"en": "Moons"}},
    ],
    "bonuses": [
        {
            "key": "sky",
            "label": {"en": "Full sky"},
            "lines": ["stars", "moons"],
            "reach": 10,
            "points": 5,
        }
    ],
    "floor": 0,
}


def test_a_round_game_prints_its_bonus_and_floor_under_the_rounds(tmp_path):
    """Under the grid of rounds: the end-of-game lines, a bonus's row right under the last
    line it reads, and the floor over the total, blank and filled."""
    game = load_template(ROUND_COOP, "star-rounds")
    model = blank_round_sheet(game, None, "en", players=2)
    rows = [(row.kind, row.label) for row in model.foot]
    assert rows.index(("rule", "Full sky")) == rows.index(("line", "Moons")) + 1
    assert ("caption", tr("hint.floor", "en", floor="0")) in rows
    assert rows[rows.index(("caption", tr("hint.floor", "en", floor="0"))) + 1][0] == "total"
    text = pdf_text(write_sheet(tmp_path / "blank.pdf", game, None, "en", players=2))
    for shown in (
        "Full sky · +5 when Stars + Moons reach 10 or more",
        "The total never goes below 0.",
    ):
        assert shown in text, shown
    players = [
        PlayerSheet("Ana", {"points": [3, 4, 5], "stars": 2, "moons": 2}),
        PlayerSheet("Ben", {"points": [1, 1, 1], "stars": 1}),
    ]
    sheet = score(game, None, players)
    played = played_round_sheet(sheet, "en")
    sky = next(row for row in played.foot if row.label == "Full sky")
    assert sky.values == ("5 (10)", "0 (2)")
    text = pdf_text(write_played_sheet(tmp_path / "played.pdf", sheet, "en"))
    assert "5 (10)" in text and "Full sky" in text
    assert plain(sheet.explanation("en")) in text
