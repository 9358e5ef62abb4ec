"""The player who started: kept with the play by seat, refused when not in the play, kept
by edits and renames, and carried by the JSON and CSV exports. Each test runs on a real
SQLite file and on PostgreSQL (``conftest.url``)."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime

import pytest
from store_sheets import edit, history_at, play_columns

from scorepad.core import find_game, score
from scorepad.core.scoring import PlayerSheet
from scorepad.store import StoreError, open_store
from scorepad.store.migrate import HEAD, current
from scorepad.store.rows import PLAY_FIELDS, PlayDetails, new_uid, rows_of, values_for

AZUL = find_game("azul")


def players(a: int, b: int, c: int = 10) -> list[PlayerSheet]:
    return [
        PlayerSheet("Ana", {"marker": a}),
        PlayerSheet("Ben", {"marker": b}),
        PlayerSheet("Cleo", {"marker": c}),
    ]


def test_the_first_player_is_saved_shown_in_history_and_kept_by_an_edit(store):
    play = store.save_play(AZUL, None, players(40, 30), first_player="ben")
    other = store.save_play(AZUL, None, players(20, 30))
    summary = store.get_play(play).summary
    assert (summary.first_seat, summary.first_player) == (2, "Ben")
    listed = {p.id: p for p in store.list_plays().plays}
    assert listed[play].first_player == "Ben"
    assert listed[other].first_player is None and listed[other].first_seat is None
    store.update_play(play, edit(store, play, players(41, 30)))  # None keeps who started
    assert store.get_play(play).summary.first_player == "Ben"
    store.update_play(play, edit(store, play, players(41, 30), first_player="Cleo"))
    assert store.get_play(play).summary.first_player == "Cleo"
    store.update_play(play, edit(store, play, players(41, 30), first_player=""))
    assert store.get_play(play).summary.first_player is None


def test_a_renamed_player_is_still_the_one_who_started(store):
    play = store.save_play(AZUL, None, players(40, 30), first_player="Ana")
    store.rename_player("Ana", "Anabel")
    assert store.get_play(play).summary.first_player == "Anabel"


def test_a_first_player_not_in_the_play_is_refused_and_nothing_is_saved(store):
    with pytest.raises(StoreError) as refused:
        store.save_play(AZUL, None, players(40, 30), first_player="Dora")
    message = refused.value.message("en")
    assert "Dora" in message and "Ana" in message and "Cleo" in message
    assert store.list_plays().plays == ()
    kept = store.save_play(AZUL, None, players(40, 30), first_player="Ana")
    with pytest.raises(StoreError):
        store.update_play(kept, edit(store, kept, players(40, 30), first_player="Dora"))
    assert store.get_play(kept).summary.first_player == "Ana"


def test_the_first_player_goes_both_ways_through_the_json_export(store, pg_or_file):
    store.save_play(AZUL, None, players(40, 30), "2024-03-01T20:00", first_player="Cleo")
    store.save_play(AZUL, None, players(10, 30), "2024-03-02T20:00")
    out = io.StringIO()
    assert store.export(out, "json") == 2
    text = out.getvalue()
    plays = [json.loads(line.rstrip(",")) for line in text.splitlines() if '"uid"' in line]
    assert [p.get("first_player") for p in plays] == ["Cleo", None]
    assert "first_player" not in plays[1]  # a play without one is written as before
    with open_store(pg_or_file) as target:
        target.import_text(text, "export.json")
        firsts = sorted((p.first_player or "") for p in target.list_plays().plays)
        assert firsts == ["", "Cleo"]
        again = io.StringIO()
        target.export(again, "json")
        assert again.getvalue() == text


def test_an_export_naming_someone_else_as_first_player_imports_nothing(store, pg_or_file):
    store.save_play(AZUL, None, players(40, 30), first_player="Ana")
    out = io.StringIO()
    store.export(out, "json")
    text = out.getvalue().replace('"first_player":"Ana"', '"first_player":"Zoe"')
    text = text.replace('"first_player": "Ana"', '"first_player": "Zoe"')
    assert "Zoe" in text
    with open_store(pg_or_file) as target:
        with pytest.raises(StoreError) as refused:
            target.import_text(text, "export.json")
        assert "Zoe" in refused.value.message("en")
        assert target.list_plays().plays == ()


def test_the_csv_export_has_a_first_player_column(store, tmp_path):
    store.save_play(AZUL, None, players(40, 30), first_player="Ben")
    path = tmp_path / "plays.csv"
    store.export_file(path, "csv")
    rows = list(csv.DictReader(path.read_text(encoding="utf-8").splitlines()))
    assert [(r["player"], r["first_player"]) for r in rows] == [
        ("Ana", "Ben"),
        ("Ben", "Ben"),
        ("Cleo", "Ben"),
    ]


def test_the_bg_stats_export_marks_who_started(store):
    store.save_play(AZUL, None, players(40, 30), first_player="Cleo")
    out = io.StringIO()
    store.export(out, "bgsplay")
    document = json.loads(out.getvalue())
    names = {p["id"]: p["name"] for p in document["players"]}
    (play,) = document["plays"]
    starts = [(names[s["playerRefId"]], s["startPlayer"]) for s in play["playerScores"]]
    assert starts == [("Ana", False), ("Ben", False), ("Cleo", True)]


def test_the_rows_follow_the_play_table():
    """``rows_of`` builds a play's columns by hand: one value per column of the table,
    each where the table has it."""
    sheet = score(AZUL, None, players(40, 30))
    details = PlayDetails(datetime(2026, 1, 2, 20, 0), "Club", 45, "close", "Ben")
    when = datetime(2026, 1, 3)
    rows = rows_of(sheet, details, new_uid(), when, when, values_for("sqlite"))
    assert len(rows.play) == len(PLAY_FIELDS)
    play = dict(zip(PLAY_FIELDS, rows.play, strict=True))
    assert (play["location"], play["duration"], play["notes"]) == ("Club", 45, "close")
    assert (play["player_count"], play["first_seat"]) == (3, 2)
    assert (play["ignored"], play["imported"], play["deleted_at"]) == (None, None, None)


def test_a_history_of_revision_0006_opens_and_takes_a_first_player(tmp_path):
    path = tmp_path / "old.sqlite3"
    history_at(path, "0006")
    assert "first_seat" not in play_columns(path)
    with open_store(str(path)) as store:
        with store.db.engine.connect() as conn:
            assert current(conn) == HEAD
        play = store.save_play(AZUL, None, players(40, 30), first_player="Ana")
        assert store.get_play(play).summary.first_player == "Ana"


def test_the_command_line_saves_who_started_and_refuses_a_stranger(capsys, url):
    from scorepad.cli import main

    assert (
        main(["score", "examples/azul.json", "--save", "--db", url, "--first-player", "carla"]) == 0
    )
    capsys.readouterr()
    assert main(["history", "--db", url, "--json"]) == 0
    (play,) = json.loads(capsys.readouterr().out)
    assert play["first_player"] == "Carla"
    with pytest.raises(SystemExit) as stop:
        main(["score", "examples/azul.json", "--save", "--db", url, "--first-player", "Zoe"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert '"Zoe"' in err and "Traceback" not in err and err.count("\n") == 1
