"""How long a play took and when its sheet was started: kept with the play, refused when
impossible, kept by edits, carried both ways by the JSON export, and averaged per game
by Stats over the plays that say. Each test runs on a real SQLite file and on PostgreSQL
(``conftest.url``)."""

from __future__ import annotations

import io
import json
from datetime import datetime

import pytest
from store_sheets import edit, history_at, play_columns

from scorepad.cli import main
from scorepad.core import find_game
from scorepad.core.scoring import PlayerSheet
from scorepad.store import StoreError, open_store
from scorepad.store.migrate import HEAD, current

AZUL = find_game("azul")
SAVED = datetime(2026, 3, 1, 21, 30)
STARTED = datetime(2026, 3, 1, 20, 5)


def players(a: int, b: int) -> list[PlayerSheet]:
    return [PlayerSheet("Ana", {"marker": a}), PlayerSheet("Ben", {"marker": b})]


def test_the_duration_and_start_are_saved_listed_and_kept_by_an_edit(store):
    play = store.save_play(AZUL, None, players(40, 30), SAVED, duration=65, started_at=STARTED)
    summary = store.get_play(play).summary
    assert (summary.duration, summary.started_at) == (65, STARTED)
    (listed,) = store.list_plays().plays
    assert (listed.duration, listed.started_at) == (65, STARTED)
    store.update_play(play, edit(store, play, players(41, 30)))  # None keeps both
    summary = store.get_play(play).summary
    assert (summary.duration, summary.started_at) == (65, STARTED)
    corrected = edit(store, play, players(41, 30), duration=70)  # by hand in Edit
    store.update_play(play, corrected)
    summary = store.get_play(play).summary
    assert (summary.duration, summary.started_at) == (70, STARTED)


def test_a_play_without_a_timer_reads_back_without_one(store):
    play = store.save_play(AZUL, None, players(40, 30))
    summary = store.get_play(play).summary
    assert (summary.duration, summary.started_at) == (None, None)


def test_a_sheet_started_after_it_was_saved_is_refused_and_nothing_is_saved(store):
    with pytest.raises(StoreError) as refused:
        store.save_play(AZUL, None, players(40, 30), SAVED, started_at=datetime(2026, 3, 2))
    message = refused.value.message("en")
    assert "2026-03-02 00:00" in message and "2026-03-01 21:30" in message
    assert store.list_plays().plays == ()


def test_the_start_goes_both_ways_through_the_json_export(store, pg_or_file):
    store.save_play(AZUL, None, players(40, 30), SAVED, duration=85, started_at=STARTED)
    store.save_play(AZUL, None, players(10, 30), "2026-03-02T20:00")
    out = io.StringIO()
    assert store.export(out, "json") == 2
    text = out.getvalue()
    plays = [json.loads(line.rstrip(",")) for line in text.splitlines() if '"uid"' in line]
    assert [(p["duration"], p.get("started_at")) for p in plays] == [
        (85, "2026-03-01T20:05:00"),
        (None, None),
    ]
    assert "started_at" not in plays[1]  # a play without one is written as before
    with open_store(pg_or_file) as target:
        target.import_text(text, "export.json")
        found = sorted((p.duration or 0, p.started_at or SAVED) for p in target.list_plays().plays)
        assert found == [(0, SAVED), (85, STARTED)]
        again = io.StringIO()
        target.export(again, "json")
        assert again.getvalue() == text


def test_an_import_started_after_it_was_played_imports_nothing(store, pg_or_file):
    store.save_play(AZUL, None, players(40, 30), SAVED, started_at=STARTED)
    out = io.StringIO()
    store.export(out, "json")
    text = out.getvalue().replace("2026-03-01T20:05:00", "2026-03-05T20:05:00")
    with open_store(pg_or_file) as target:
        with pytest.raises(StoreError) as refused:
            target.import_text(text, "export.json")
        assert "2026-03-05 20:05" in refused.value.message("en")
        assert target.list_plays().plays == ()


def test_stats_average_the_duration_over_the_plays_that_have_one(store):
    glass = find_game("glass-road")
    store.save_play(AZUL, None, players(40, 30), duration=60)
    store.save_play(AZUL, None, players(41, 30), duration=75)
    store.save_play(AZUL, None, players(42, 30))  # no duration: not counted
    ignored = store.save_play(AZUL, None, players(43, 30), duration=500)
    store.set_ignored(ignored, True)
    deleted = store.save_play(AZUL, None, players(44, 30), duration=400)
    store.delete_play(deleted)
    store.save_play(glass, None, [PlayerSheet("Ana", {}), PlayerSheet("Ben", {})])
    assert store.game_stats("azul").average_duration == 68  # (60 + 75) / 2, halves up
    assert store.game_stats("glass-road").average_duration is None
    store.save_play(AZUL, None, players(45, 30), duration=0)
    assert store.game_stats("azul").average_duration == 45


def test_a_history_of_revision_0007_opens_and_takes_a_start(tmp_path):
    path = tmp_path / "old.sqlite3"
    history_at(path, "0007")
    assert "started_at" not in play_columns(path)
    with open_store(str(path)) as store:
        with store.db.engine.connect() as conn:
            assert current(conn) == HEAD
        play = store.save_play(AZUL, None, players(40, 30), SAVED, started_at=STARTED)
        assert store.get_play(play).summary.started_at == STARTED


def test_the_command_line_gives_the_start_and_the_average_time(store, url, capsys):
    store.save_play(AZUL, None, players(40, 30), SAVED, duration=65, started_at=STARTED)
    store.save_play(AZUL, None, players(41, 30), SAVED, duration=70)
    assert main(["history", "--db", url, "--json"]) == 0
    plays = json.loads(capsys.readouterr().out)
    assert sorted((p["duration"], p.get("started_at")) for p in plays) == [
        (65, "2026-03-01T20:05"),
        (70, None),
    ]
    assert main(["stats", "--db", url, "--game", "azul", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["average_duration"] == 68
