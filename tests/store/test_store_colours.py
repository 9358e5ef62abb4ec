"""Player colours: kept with each seat of a play, remembered for the next New play, kept
by edits, and carried by the JSON and CSV exports; an unknown colour in a file is refused
with a message naming it. Each test runs on a real SQLite file and on PostgreSQL
(``conftest.url``)."""

from __future__ import annotations

import csv
import io
import json
import sqlite3

import pytest
from store_sheets import edit, history_at

from scorepad.core import find_game
from scorepad.core.scoring import PlayerSheet
from scorepad.store import StoreError, open_store
from scorepad.store.migrate import HEAD, current

AZUL = find_game("azul")


def players(a: int, b: int, c: int = 10) -> list[PlayerSheet]:
    return [
        PlayerSheet("Ana", {"marker": a}),
        PlayerSheet("Ben", {"marker": b}),
        PlayerSheet("Cleo", {"marker": c}),
    ]


def test_colours_are_saved_listed_and_kept_by_an_edit(store):
    play = store.save_play(AZUL, None, players(40, 30), colours=("red", None, "blue"))
    plain = store.save_play(AZUL, None, players(20, 30))
    assert [p.colour for p in store.get_play(play).summary.players] == ["red", None, "blue"]
    listed = {p.id: p for p in store.list_plays().plays}
    assert [p.colour for p in listed[play].players] == ["red", None, "blue"]
    assert [p.colour for p in listed[plain].players] == [None, None, None]
    store.update_play(play, edit(store, play, players(41, 30)))  # None keeps each seat's colour
    assert [p.colour for p in store.get_play(play).summary.players] == ["red", None, "blue"]
    store.update_play(
        play, edit(store, play, players(41, 30), colours=("green", "yellow", "black"))
    )
    assert [p.colour for p in store.get_play(play).summary.players] == [
        "green",
        "yellow",
        "black",
    ]


def test_the_latest_colour_of_each_player_is_remembered(store):
    store.save_play(AZUL, None, players(40, 30), "2024-03-01T20:00", colours=("red", "blue", None))
    store.save_play(AZUL, None, players(40, 30), "2024-03-05T20:00", colours=("sky", None, None))
    store.save_play(AZUL, None, players(40, 30), "2024-03-03T20:00", colours=("grey", None, None))
    assert store.last_colours(["ana", "Ben", "Cleo", "Dora"]) == {"ana": "sky", "Ben": "blue"}


def test_an_unknown_colour_or_a_wrong_count_is_refused_and_nothing_saved(store):
    with pytest.raises(StoreError) as refused:
        store.save_play(AZUL, None, players(40, 30), colours=("red", "mauve", None))
    message = refused.value.message("en")
    assert '"mauve"' in message and "players[1].colour" in message and "blue" in message
    with pytest.raises(StoreError) as short:
        store.save_play(AZUL, None, players(40, 30), colours=("red",))
    assert "1" in short.value.message("en") and "3" in short.value.message("en")
    assert store.list_plays().plays == ()


def test_colours_go_both_ways_through_the_json_export(store, pg_or_file):
    store.save_play(AZUL, None, players(40, 30), "2024-03-01T20:00", colours=("red", None, "blue"))
    store.save_play(AZUL, None, players(10, 30), "2024-03-02T20:00")
    out = io.StringIO()
    assert store.export(out, "json") == 2
    text = out.getvalue()
    plays = [json.loads(line.rstrip(",")) for line in text.splitlines() if '"uid"' in line]
    assert [[p.get("colour") for p in play["players"]] for play in plays] == [
        ["red", None, "blue"],
        [None, None, None],
    ]
    assert all("colour" not in p for p in plays[1]["players"])  # none: written as before
    with open_store(pg_or_file) as target:
        target.import_text(text, "export.json")
        kept = sorted(tuple(s.colour or "" for s in p.players) for p in target.list_plays().plays)
        assert kept == [("", "", ""), ("red", "", "blue")]
        again = io.StringIO()
        target.export(again, "json")
        assert again.getvalue() == text


def test_an_export_with_an_unknown_colour_imports_nothing_and_says_which(store, pg_or_file):
    store.save_play(AZUL, None, players(40, 30), colours=("red", None, None))
    out = io.StringIO()
    store.export(out, "json")
    text = out.getvalue().replace('"colour":"red"', '"colour":"Rojo"')
    text = text.replace('"colour": "red"', '"colour": "Rojo"')
    assert "Rojo" in text
    with open_store(pg_or_file) as target:
        with pytest.raises(StoreError) as refused:
            target.import_text(text, "export.json")
        message = refused.value.message("en")
        assert '"Rojo"' in message and "export.json" in message and "colour" in message
        assert target.list_plays().plays == ()


def test_the_csv_export_has_a_colour_column(store, tmp_path):
    store.save_play(AZUL, None, players(40, 30), colours=("red", None, "white"))
    path = tmp_path / "plays.csv"
    store.export_file(path, "csv")
    rows = list(csv.DictReader(path.read_text(encoding="utf-8").splitlines()))
    assert [(r["player"], r["colour"]) for r in rows] == [
        ("Ana", "red"),
        ("Ben", ""),
        ("Cleo", "white"),
    ]


def test_a_history_of_revision_0007_opens_and_takes_colours(tmp_path):
    path = tmp_path / "old.sqlite3"
    history_at(path, "0007")
    with sqlite3.connect(path) as conn:
        assert "colour" not in {row[1] for row in conn.execute("PRAGMA table_info(play_result)")}
    with open_store(str(path)) as store:
        with store.db.engine.connect() as conn:
            assert current(conn) == HEAD
        play = store.save_play(AZUL, None, players(40, 30), colours=("red", "blue", "green"))
        assert [p.colour for p in store.get_play(play).summary.players] == ["red", "blue", "green"]


def test_the_command_line_history_gives_each_players_colour(capsys, store, url):
    from scorepad.cli import main

    store.save_play(AZUL, None, players(40, 30), colours=("red", None, "blue"))
    assert main(["history", "--db", url, "--json"]) == 0
    (play,) = json.loads(capsys.readouterr().out)
    assert [p.get("colour") for p in play["players"]] == ["red", None, "blue"]
    assert "colour" not in play["players"][1]
