"""Hostile names through the command line, the history (SQLite and PostgreSQL), imports and
printed sheets: each is kept and shown back exactly, or refused with one clear line.

What is accepted: any printable text, SQL and HTML included (they are only stored and
shown, never run), right-to-left scripts, emoji, up to 60 characters for a name and 100
for a by-hand label. What is refused, everywhere alike: blank names, control characters
(NUL, escapes, tabs, line breaks; notes may hold line breaks and tabs), lone surrogates,
and names past the maximum. On paper only, a name too wide for its column is shrunk and
cut with "…", and a character no shipped font has (an emoji) prints as "□".
"""

from __future__ import annotations

import json
from pathlib import Path

import pdfplumber
import pytest

from scorepad.core import PlayerSheet, builtin_games, load_template
from scorepad.core.plaintext import MAX_LABEL, MAX_LOCATION, MAX_NAME
from scorepad.printing.fonts import MISSING, font_for, on_paper
from scorepad.printing.model import blank_sheet, played_sheet
from scorepad.store import StoreError, open_store
from tests.hardening.fuzzing import assert_clear, assert_cli_outcome, cli
from tests.hardening.histories import HOUSE, table_rows
from tests.printing.pdfcheck import (
    assert_grid_drawn,
    blank_grids,
    cell_text,
    played_grid,
    render,
    text_in,
)

SQL = "Robert'); DROP TABLE play;--"
ACCEPTED = [
    SQL,
    "<script>alert('x')</script>",
    "محمد علي",
    "שָׁלוֹם",
    "🎲 Dani 👩‍👩‍👧",
    "王小明",
    "{name} %s %(x)s",
    'O\'Brien "Bob" \\',
    "Zoë",
    "W" * MAX_NAME,
]
GROUPS = [ACCEPTED[0:4], ACCEPTED[4:8], ACCEPTED[8:10]]
"""Tables of at most four, as Glass Road takes."""

EMPTY = "a player needs a name"
REFUSED = {
    "": EMPTY,
    "   ": EMPTY,
    "\u200b": EMPTY,
    "A\x00B": "control character (U+0000)",
    "\x1b[31mRed\x1b[0m": "control character (U+001B)",
    "Ana\nBen": "control character (U+000A)",
    "Tab\tName": "control character (U+0009)",
    "Ana\u2028Ben": "control character (U+2028)",
    "\ud800": "half of a character (U+D800)",
    "x" * 10_000: f"has 10000 characters; at most {MAX_NAME} are allowed",
}


def sheet_file(folder: Path, names: list[str], **extra: object) -> str:
    """A Glass Road sheet with these players (the first with a by-hand line if given)."""
    players = [{"name": n, "lines": {"buildings": 10 + i}} for i, n in enumerate(names)]
    if extra:
        players[0]["extra"] = [extra]
    path = folder / "sheet.json"
    path.write_text(json.dumps({"game": "glass-road", "players": players}), encoding="utf-8")
    return str(path)


def ok(*argv: str) -> str:
    status, out, err = cli(*argv)
    assert (status, err) == (0, ""), err
    return out


def refused(*argv: str) -> str:
    result = cli(*argv)
    assert_cli_outcome(result)
    assert result[0] == 2, result
    return result[2]


# --- the command line, no history -------------------------------------------------------------


@pytest.mark.parametrize("names", GROUPS, ids=["sql-html-rtl", "emoji-cjk-format", "long"])
def test_scoring_shows_every_accepted_name_exactly(names, tmp_path):
    path = sheet_file(tmp_path, names)
    scored = json.loads(ok("score", path, "--json"))
    assert [p["name"] for p in scored["players"]] == names
    text = ok("score", path, "--lang", "es")
    for name in names:
        assert name in text


@pytest.mark.parametrize("name", list(REFUSED), ids=range(len(REFUSED)))
def test_scoring_refuses_a_hostile_name_with_one_line(name, tmp_path):
    path = sheet_file(tmp_path, [name, "Ana"])
    err = refused("score", path, "--lang", "en")
    assert err.startswith("scorepad: player 1: ") and REFUSED[name] in err
    assert refused("score", path, "--lang", "es").startswith("scorepad: jugador 1: ")


@pytest.mark.parametrize(
    ("label", "problem"),
    [
        ("", "needs a label"),
        ("a\x00b", "U+0000"),
        ("line\nbreak", "U+000A"),
        ("L" * (MAX_LABEL + 1), f"at most {MAX_LABEL}"),
    ],
)
def test_a_hostile_by_hand_label_is_refused(label, problem, tmp_path):
    path = sheet_file(tmp_path, ["Ana", "Ben"], label=label, points=3)
    err = refused("score", path, "--lang", "en")
    assert err.startswith("scorepad: Ana, by-hand line 1: ") and problem in err


# --- the history ------------------------------------------------------------------------------


def test_saved_names_labels_and_notes_come_back_the_same(url, tmp_path):
    label = "<i>Bonus</i> ' OR 1=1 -- " + "L" * (MAX_LABEL - 25)
    notes = "line one\n\tline two: <script>x</script>; DROP TABLE play;"
    for i, names in enumerate(GROUPS):
        path = sheet_file(tmp_path, names, label=label, points=0.5)
        ok("score", path, "--save", "--db", url, "--notes", notes, "--location", SQL)
        ok("score", path, "--save", "--db", url, "--played-at", f"2024-01-0{i + 1}")
    history = json.loads(ok("history", "--db", url, "--json"))
    assert len(history) == 6
    assert {tuple(p["name"] for p in play["players"]) for play in history} == {
        tuple(g) for g in GROUPS
    }
    assert {play["notes"] for play in history} == {notes, None}
    assert {play["location"] for play in history} == {SQL, None}
    people = json.loads(ok("players", "--db", url, "--json"))
    assert sorted(p["name"] for p in people) == sorted(ACCEPTED)
    assert all(p["plays"] == 2 for p in people)
    for name in (SQL, "محمد علي", "W" * MAX_NAME):
        assert json.loads(ok("stats", "--db", url, "--player", name, "--json"))["plays"] == 2
    with open_store(url) as store:
        record = store.get_play(history[0]["id"])
        assert record.sheet.players[0].extra[0].label == label
        assert store.labels("glass-road") == [label]


def test_hostile_details_and_renames_are_refused_and_change_nothing(url, tmp_path):
    path = sheet_file(tmp_path, ["Ana", "Ben"])
    ok("score", path, "--save", "--db", url)
    with open_store(url) as store:
        before = table_rows(store)
    for option, value, problem in (
        ("--notes", "a\x00b", "notes: "),
        ("--location", "\x1b[2J", "location: "),
        ("--location", "two\nlines", "location: "),
        ("--duration", str(10**12), "minutes from 0 to 100000"),
    ):
        err = refused("score", path, "--save", "--db", url, option, value, "--lang", "en")
        assert problem in err, err
    for new, problem in (("Ana\x1b[0m", "U+001B"), ("", "cannot be empty"), ("x" * 61, "61")):
        err = refused("players", "rename", "Ben", new, "--db", url, "--lang", "en")
        assert problem in err, err
    with open_store(url) as store:
        assert table_rows(store) == before
    ok("players", "rename", "Ben", SQL, "--db", url)
    assert {p["name"] for p in json.loads(ok("players", "--db", url, "--json"))} == {"Ana", SQL}


# --- imports ------------------------------------------------------------------------------------


def test_exported_hostile_text_imports_back_exactly(url, tmp_path):
    with open_store(str(tmp_path / "source.sqlite3")) as source:
        source.create_game(HOUSE)
        for names in (*GROUPS, ACCEPTED[4:10]):
            game = "house-game" if len(names) > 4 else "glass-road"
            lines = {"gold": 1} if len(names) > 4 else {"buildings": 1}
            source.save_play(
                source.template(game),
                None,
                [PlayerSheet(n, lines) for n in names],
                "2024-05-01",
                location="<b>Club</b>",
                notes="multi\nline\tnotes",
            )
        source.export_file(tmp_path / "all.json")
        source.export_file(tmp_path / "all.bgsplay", "bgsplay")
    first = (tmp_path / "all.json").read_text(encoding="utf-8")
    with open_store(url) as store:
        assert store.import_file(tmp_path / "all.json").plays == 4
        store.export_file(tmp_path / "again.json")
        assert (tmp_path / "again.json").read_text(encoding="utf-8") == first
    with open_store(str(tmp_path / "bgs.sqlite3")) as store:
        assert store.import_file(tmp_path / "all.bgsplay").plays == 4
        assert sorted(p.name for p in store.players()) == sorted(ACCEPTED)


HOSTILE_IN_FILES = ["A\x00B", "\x1b]0;owned\x07", "\ud800", "x" * 10_000, "\u200b"]


@pytest.fixture(scope="module")
def good_export(tmp_path_factory) -> str:
    folder = tmp_path_factory.mktemp("good")
    with open_store(str(folder / "source.sqlite3")) as source:
        for who in ("Ana", "Ben"):
            source.save_play(builtin_games()["azul"], None, [PlayerSheet(who), PlayerSheet("Zoe")])
        source.export_file(folder / "good.json")
    return (folder / "good.json").read_text(encoding="utf-8")


def test_an_import_with_a_hostile_name_is_refused_whole(url, good_export, tmp_path):
    with open_store(url) as store:
        store.import_text(good_export, "good.json")  # something to keep
        before = table_rows(store)
        for name in HOSTILE_IN_FILES:
            bad = good_export.replace('"name":"Ben"', f'"name":{json.dumps(name)}')
            bgs = {
                "games": [{"id": 1, "name": "Azul"}],
                "players": [{"id": 1, "name": "Ana"}, {"id": 2, "name": name}],
                "plays": [
                    {
                        "uuid": "p1",
                        "gameRefId": 1,
                        "playDate": "2024-01-01",
                        "playerScores": [{"playerRefId": p, "score": 5} for p in (1, 2)],
                    }
                ],
            }
            for text, fmt in ((bad, "json"), (json.dumps(bgs), "bgsplay")):
                with pytest.raises(StoreError) as refusal:
                    store.import_text(text, f"bad.{fmt}", fmt)
                assert_clear(refusal.value)
                assert "nothing was imported" in str(refusal.value), name
                assert table_rows(store) == before, name
    (tmp_path / "bad.json").write_text(bad, encoding="utf-8")
    status = cli("import", str(tmp_path / "bad.json"), "--db", url)
    assert_cli_outcome(status)
    assert status[0] == 2


# --- printed sheets -----------------------------------------------------------------------------


def printed(name: str) -> str:
    """A name as the sheet prints it: characters no shipped font has become □."""
    return on_paper(name, font_for(name, True))


@pytest.mark.parametrize("names", GROUPS, ids=["sql-html-rtl", "emoji-cjk-format", "long"])
def test_blank_sheets_print_hostile_names_and_keep_their_layout(names, tmp_path):
    pdf = str(tmp_path / "names.pdf")
    ok("sheet", "glass-road", "--names", ",".join(names), "-o", pdf)
    model = blank_sheet(builtin_games()["glass-road"], None, "en", names=names)
    image = render(pdf, str(tmp_path / "names"))
    with pdfplumber.open(pdf) as document:
        assert len(document.pages) == 1
        page = document.pages[0]
        for grid in blank_grids(model):  # two copies, each with its whole grid
            assert_grid_drawn(image, model, grid)
            shown = [cell_text(page, grid, 2 + i, 0) for i in range(len(names))]
            for name, cell in zip(names, shown, strict=True):
                if len(name) < MAX_NAME:
                    assert cell == printed(name)
                else:  # shrunk to the smallest size, then cut on paper only
                    assert cell.endswith("…") and name.startswith(cell[:-1]), cell
    assert MISSING in printed("🎲 Dani 👩‍👩‍👧") and "\x00" not in printed("🎲")


def test_blank_sheets_refuse_hostile_names(tmp_path):
    pdf = str(tmp_path / "x.pdf")
    for name, problem in (("A\x00B", "U+0000"), ("x" * 10_000, "10000"), (" ", "is empty")):
        err = refused("sheet", "azul", "--names", f"Ana,{name}", "-o", pdf, "--lang", "en")
        assert "name 2" in err and problem in err, err
    assert not Path(pdf).exists()


def test_a_played_sheet_prints_hostile_text_within_its_layout(tmp_path):
    url = str(tmp_path / "history.sqlite3")
    names = GROUPS[0]
    label = "L" * MAX_LABEL
    path = sheet_file(tmp_path, names, label=label, points=2)
    place = "<b>" + "Ω" * (MAX_LOCATION - 3)  # the longest location a play may have
    ok("score", path, "--save", "--db", url, "--location", place)
    pdf = str(tmp_path / "play.pdf")
    ok("sheet", "--play", "1", "--db", url, "-o", pdf, "--lang", "en")
    with open_store(url) as store:
        model = played_sheet(store.get_play(1).sheet, "en", None, place)
    grid = played_grid(model)
    image = render(pdf, str(tmp_path / "play"))
    assert_grid_drawn(image, model, grid)
    with pdfplumber.open(pdf) as document:
        assert len(document.pages) == 1
        page = document.pages[0]
        assert [cell_text(page, grid, 2 + i, 0) for i in range(4)] == names
        heading = text_in(page, 0, 595, 842, grid.ys[0])
        assert "<b>ΩΩ" in heading and "…" in heading and "Ω" * 190 not in heading
        labels = text_in(page, grid.xs[0], grid.xs[1], grid.ys[1], grid.ys[-1])
        assert "LLLL" in labels


def test_a_game_with_the_longest_texts_allowed_still_prints_two_copies(tmp_path):
    """A game's name and labels have at most 100 characters (a 10,000-character one is
    refused, saying so); the longest allowed still print, cut short with an ellipsis."""
    game = {
        "id": "long-game",
        "name": {"en": "N" * 10_000, "es": "N" * 10_000},
        "players": {"min": 2, "max": 4},
        "lines": [
            {"key": "a", "kind": "points", "label": {"en": "A" * 100, "es": "A" * 100}},
            {"key": "b", "kind": "count", "label": {"en": "Word " * 20, "es": "Palabra " * 2}},
        ],
    }
    file = tmp_path / "long-game.json"
    file.write_text(json.dumps(game), encoding="utf-8")
    said = refused("sheet", str(file), "--names", ",".join(GROUPS[0]))
    assert "name.en: " in said and "has 10000 characters; at most 100 are allowed" in said
    game["name"] = {"en": "N" * 100, "es": "N" * 100}
    file.write_text(json.dumps(game), encoding="utf-8")
    pdf = str(tmp_path / "long.pdf")
    ok("sheet", str(file), "--names", ",".join(GROUPS[0]), "-o", pdf)
    model = blank_sheet(load_template(json.dumps(game), "long"), None, "en", names=GROUPS[0])
    image = render(pdf, str(tmp_path / "long"))
    with pdfplumber.open(pdf) as document:
        assert len(document.pages) == 1
        page = document.pages[0]
        for grid in blank_grids(model):
            assert_grid_drawn(image, model, grid)
            heading = text_in(page, 0, 595, grid.ys[0] + 30, grid.ys[0])
            assert "NNN" in heading and "…" in heading
            assert [cell_text(page, grid, 2 + i, 0) for i in range(4)] == GROUPS[0]
