"""Boards kept with a play: each Azul player's wall (its 25 spaces and its side) is saved
with their seat, listed, kept by an edit, carried by the JSON export and import (as
sheet files write a wall) and the CSV export, and refused with a message naming the
player when it is not legal or disagrees with the lines saved beside it. Each test runs
on a real SQLite file and on PostgreSQL (``conftest.url``); the command line's
``score --save`` and ``history --json`` keep it too."""

from __future__ import annotations

import csv
import io
import json
import sqlite3

import pytest
from store_sheets import edit, history_at

from scorepad.cli import main
from scorepad.core import find_game
from scorepad.core.scoring import PlayerSheet
from scorepad.store import StoreError, open_store
from scorepad.store.migrate import HEAD, current

AZUL = find_game("azul")
GLASS = find_game("glass-road")
ANA_WALL = ["BYRKW", "W....", "K....", "R....", "Y...."]
"""The top row and the first column: 1 complete row, 1 complete column, no colour."""
BEN_GREY = ["B....", ".B...", "..B..", "...B.", "....B"]
"""The grey side: the blues down a diagonal (a full colour, no row, no column)."""


def players(ana_rows: int = 1, ana_columns: int = 1) -> list[PlayerSheet]:
    return [
        PlayerSheet("Ana", {"marker": 40, "rows": ana_rows, "columns": ana_columns}),
        PlayerSheet("Ben", {"marker": 30, "colours": 1}),
        PlayerSheet("Cleo", {"marker": 20}),
    ]


BOARDS = ({"wall": ANA_WALL}, {"side": "grey", "wall": BEN_GREY}, None)


def kept(store, play: int) -> list[object]:
    return [p.board.fields if p.board else None for p in store.get_play(play).summary.players]


def test_walls_are_saved_listed_and_kept_by_an_edit(store):
    play = store.save_play(AZUL, None, players(), boards=BOARDS)
    plain = store.save_play(AZUL, None, players())
    expected = [
        {"side": "coloured", "wall": ANA_WALL},
        {"side": "grey", "wall": BEN_GREY},
        None,
    ]
    assert kept(store, play) == expected
    record = store.get_play(play)
    assert [p.total for p in record.sheet.players] == [49, 40, 20]
    assert record.summary.players[1].board.wall.complete_colours == 1
    listed = {p.id: p for p in store.list_plays().plays}
    assert [p.board.fields if p.board else None for p in listed[play].players] == expected
    assert [p.board for p in listed[plain].players] == [None, None, None]

    store.update_play(play, edit(store, play, players()))  # None keeps each seat's wall
    assert kept(store, play) == expected
    third = ["BYRKW", "WBYRK", "K....", "R....", "Y...."]  # a second row
    store.update_play(play, edit(store, play, players(2, 1), boards=({"wall": third}, None, None)))
    assert kept(store, play)[:2] == [{"side": "coloured", "wall": third}, None]
    cleared = edit(store, play, players(2, 1), boards=())  # the walls cleared: the lines stay
    store.update_play(play, cleared)
    assert kept(store, play) == [None, None, None]
    assert store.get_play(play).sheet.players[0].total == 51


def test_a_kept_wall_refuses_an_edit_of_the_lines_it_fills(store):
    play = store.save_play(AZUL, None, players(), boards=BOARDS)
    with pytest.raises(StoreError) as refused:
        store.update_play(play, edit(store, play, players(ana_rows=3)))
    assert refused.value.message("en") == (
        'Ana, line "rows" (Complete horizontal rows): 3 is typed, but the wall gives 1'
    )
    assert store.get_play(play).sheet.players[0].total == 49  # nothing changed


@pytest.mark.parametrize(
    ("boards", "entries", "said"),
    [
        (  # the lines saved must be the wall's: a complete row left blank is not
            ({"wall": ANA_WALL}, None, None),
            [PlayerSheet("Ana", {"marker": 40, "columns": 1})],
            'Ana, line "rows" (Complete horizontal rows): 0 is typed, but the wall gives 1',
        ),
        (
            ({"wall": ["BBRKW", *ANA_WALL[1:]]}, None, None),
            [],
            "Ana, wall: row 1, column 2: on the coloured side, B goes in column 1 of this row",
        ),
        (
            ({"side": "grey"}, None, None),
            [],
            'Ana: "side" is given without "wall"; a kept board is the wall\'s five rows '
            "(and its side)",
        ),
        (
            ({"wall": ANA_WALL, "track": []}, None, None),
            [],
            'Ana: "track" is not a field of a kept board; a wall has "side" and "wall", '
            'a pavilion "pavilion" and "star_colours", a palace "palace", a kingdom "kingdom"',
        ),
        (
            ({"wall": ANA_WALL},),
            [],
            "1 boards for 3 players: give one per player (null for a player without one), or none",
        ),
    ],
)
def test_a_bad_wall_is_refused_naming_the_player_and_nothing_is_saved(store, boards, entries, said):
    given = [*entries, *players()[len(entries) :]]
    with pytest.raises(StoreError) as refused:
        store.save_play(AZUL, None, given, boards=boards)
    assert refused.value.message("en") == said
    assert store.list_plays().plays == ()


def test_a_wall_on_a_game_without_one_is_refused(store):
    glass = [PlayerSheet("Ana", {"buildings": 20}), PlayerSheet("Ben", {"buildings": 21})]
    with pytest.raises(StoreError) as refused:
        store.save_play(GLASS, None, glass, boards=({"wall": ANA_WALL}, None))
    assert '"wall", "side" and "track" go only on an Azul sheet' in refused.value.message("en")
    assert '"glass-road"' in refused.value.message("en")


def test_walls_go_both_ways_through_the_json_export(store, pg_or_file):
    store.save_play(AZUL, None, players(), "2024-03-01T20:00", boards=BOARDS)
    store.save_play(AZUL, None, players(), "2024-03-02T20:00")
    out = io.StringIO()
    assert store.export(out, "json") == 2
    text = out.getvalue()
    plays = [json.loads(line.rstrip(",")) for line in text.splitlines() if '"uid"' in line]
    ana, ben, cleo = plays[0]["players"]
    assert (ana["side"], ana["wall"]) == ("coloured", ANA_WALL)  # as sheet files write it
    assert (ben["side"], ben["wall"]) == ("grey", BEN_GREY)
    assert "wall" not in cleo and "side" not in cleo
    assert all("wall" not in p for p in plays[1]["players"])  # none: written as before
    with open_store(pg_or_file) as target:
        target.import_text(text, "export.json")
        shown = sorted(
            tuple(p.board.fields["wall"][0] if p.board else "" for p in play.players)
            for play in target.list_plays().plays
        )
        assert shown == [("", "", ""), ("BYRKW", "B....", "")]
        again = io.StringIO()
        target.export(again, "json")
        assert again.getvalue() == text


def test_an_export_whose_wall_disagrees_with_its_lines_imports_nothing(store, pg_or_file):
    store.save_play(AZUL, None, players(), boards=BOARDS)
    out = io.StringIO()
    store.export(out, "json")
    text = out.getvalue().replace(
        '"W....","K....","R....","Y...."', '"W....","K....","R....","....."'
    )
    assert '"R....","....."]' in text
    with open_store(pg_or_file) as target:
        with pytest.raises(StoreError) as refused:
            target.import_text(text, "export.json")
        message = refused.value.message("en")
        assert "export.json" in message and "Ana" in message
        assert "the wall gives 0" in message
        assert target.list_plays().plays == ()


def test_the_csv_export_has_the_walls(store, tmp_path):
    store.save_play(AZUL, None, players(), boards=BOARDS)
    path = tmp_path / "plays.csv"
    store.export_file(path, "csv")
    rows = list(csv.DictReader(path.read_text(encoding="utf-8").splitlines()))
    assert [(r["player"], r["side"], r["wall"]) for r in rows] == [
        ("Ana", "coloured", "/".join(ANA_WALL)),
        ("Ben", "grey", "/".join(BEN_GREY)),
        ("Cleo", "", ""),
    ]


def test_the_csv_export_without_walls_has_the_columns_it_had(store, tmp_path):
    store.save_play(AZUL, None, players())
    path = tmp_path / "plays.csv"
    store.export_file(path, "csv")
    header = path.read_text(encoding="utf-8").splitlines()[0].split(",")
    assert "wall" not in header and "side" not in header


def test_a_history_of_revision_0009_opens_and_keeps_walls(tmp_path):
    history = tmp_path / "old.sqlite3"
    history_at(history, "0009")
    with sqlite3.connect(history) as conn:
        columns = {row[1] for row in conn.execute("PRAGMA table_info(play_result)")}
        assert "board" not in columns and "board_kind" not in columns
    with open_store(str(history)) as store:
        with store.db.engine.connect() as conn:
            assert current(conn) == HEAD
        play = store.save_play(AZUL, None, players(), boards=BOARDS)
        assert kept(store, play)[0] == {"side": "coloured", "wall": ANA_WALL}


def test_score_save_keeps_the_sheet_files_walls_and_history_json_gives_them(capsys, url, tmp_path):
    sheet = {
        "game": "azul",
        "players": [
            {"name": "Ana", "lines": {"marker": 40}, "wall": ANA_WALL},
            {"name": "Ben", "lines": {"marker": 30}, "side": "grey", "wall": BEN_GREY},
            {"name": "Cleo", "lines": {"marker": 20}},
        ],
    }
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    assert main(["score", str(path), "--save", "--db", url, "--json"]) == 0
    saved = json.loads(capsys.readouterr().out)
    assert [p["total"] for p in saved["players"]] == [49, 40, 20]
    assert main(["history", "--db", url, "--json"]) == 0
    (play,) = json.loads(capsys.readouterr().out)
    ana, ben, cleo = play["players"]
    assert (ana["side"], ana["wall"]) == ("coloured", ANA_WALL)
    assert (ben["side"], ben["wall"]) == ("grey", BEN_GREY)
    assert "wall" not in cleo

    sheet["players"][0]["lines"]["rows"] = 2  # typed against the wall: refused, not saved
    path.write_text(json.dumps(sheet), encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        main(["score", str(path), "--save", "--db", url])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "2 is typed, but the wall gives 1" in err
    assert main(["history", "--db", url, "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 1
