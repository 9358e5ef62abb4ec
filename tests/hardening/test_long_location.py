"""A play's location has the limits of a name (``plaintext.MAX_LOCATION``, one line of
plain text) on every path that gives one: New play, a ``/new/`` link, the command line
(``scorepad score --save --location``, ``scorepad import``), the history's own saves and
edits, its imports (the app's JSON, small and big, BG Stats) and the drafts read back.
Beyond it: one clear message, and nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorepad.core import PlayerSheet
from scorepad.core.plaintext import MAX_LOCATION
from scorepad.core.play_to_save import PlayToSave
from scorepad.store import StoreError, open_store
from tests.hardening.histories import table_rows
from tests.hardening.test_hostile_text import ok, refused, sheet_file

LONG = "L" * 5000
TOO_LONG = f"has 5000 characters; at most {MAX_LOCATION} are allowed"
GLASS = {"buildings": 10}


def save(store, location: str = "Club") -> int:
    glass = store.template("glass-road")
    players = [PlayerSheet("Ana", GLASS), PlayerSheet("Ben", GLASS)]
    return store.save_play(glass, None, players, "2024-05-01", location=location)


def test_the_longest_location_allowed_is_kept_and_one_more_is_refused(url):
    with open_store(url) as store:
        longest = "M" * MAX_LOCATION
        play = save(store, f"  {longest}  ")
        assert store.get_play(play).summary.location == longest
        before = table_rows(store)
        for location, said in (
            (longest + "M", f"has {MAX_LOCATION + 1} characters"),
            (LONG, TOO_LONG),
            ("two\nlines", "control character (U+000A)"),
        ):
            with pytest.raises(StoreError) as caught:
                save(store, location)
            assert caught.value.message("en").startswith("location: "), caught.value
            assert said in caught.value.message("en")
        assert table_rows(store) == before


def test_a_play_edited_with_a_long_location_is_refused_and_stays_as_it_was(url):
    with open_store(url) as store:
        play = save(store)
        record = store.get_play(play)
        before = table_rows(store)
        with pytest.raises(StoreError, match=TOO_LONG):
            edited = PlayToSave(record.sheet, record.player_sheets(), location=LONG, notes="edited")
            store.update_play(play, edited)
        assert table_rows(store) == before
        assert store.get_play(play).summary.notes is None


def test_the_command_line_refuses_a_long_location_and_saves_nothing(url, tmp_path):
    path = sheet_file(tmp_path, ["Ana", "Ben"])
    err = refused("score", path, "--save", "--db", url, "--location", LONG, "--lang", "en")
    assert err.startswith("scorepad: location: ") and TOO_LONG in err, err
    with open_store(url) as store:
        assert not store.list_plays().plays


def exported(tmp_path: Path, fmt: str = "json") -> Path:
    with open_store(str(tmp_path / "source.sqlite3")) as source:
        save(source, "Club")
        path = tmp_path / f"history.{fmt}"
        source.export_file(path, fmt)
    return path


def test_a_history_file_with_a_long_location_is_refused_whole(url, tmp_path):
    path = exported(tmp_path)
    long_one = tmp_path / "long.json"
    long_one.write_text(path.read_text(encoding="utf-8").replace('"Club"', json.dumps(LONG)))
    err = refused("import", str(long_one), "--db", url, "--lang", "en")
    assert "location: " in err and TOO_LONG in err, err
    with open_store(url) as store:
        assert not store.list_plays().plays
        with pytest.raises(StoreError, match=TOO_LONG):
            store.import_file(long_one)
        assert not store.list_plays().plays
        assert store.import_file(path).plays == 1  # the same file with a short one


def test_a_big_history_file_with_a_5_mb_location_is_refused_whole(url, tmp_path):
    """Big enough to be read in parallel (``store/parallel.py``): the same check."""
    path = exported(tmp_path)
    huge = "H" * 5_000_000
    big = tmp_path / "big.json"
    big.write_text(path.read_text(encoding="utf-8").replace('"Club"', json.dumps(huge)))
    with open_store(url) as store:
        with pytest.raises(StoreError) as caught:
            store.import_file(big)
        said = caught.value.message("en")
        assert f"has 5000000 characters; at most {MAX_LOCATION} are allowed" in said
        assert len(said) < 1000  # the location is quoted short, not repeated whole
        assert not store.list_plays().plays


def test_a_bg_stats_file_with_a_long_location_is_refused_whole(url, tmp_path):
    path = exported(tmp_path, "bgsplay")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["locations"][0]["name"] == "Club"
    data["locations"][0]["name"] = LONG
    long_one = tmp_path / "long.bgsplay"
    long_one.write_text(json.dumps(data), encoding="utf-8")
    with open_store(url) as store:
        with pytest.raises(StoreError, match=TOO_LONG):
            store.import_file(long_one)
        assert not store.list_plays().plays
    err = refused("import", str(long_one), "--db", url, "--lang", "en")
    assert TOO_LONG in err, err


def test_accepted_locations_still_import(url, tmp_path):
    path = exported(tmp_path, "bgsplay")
    with open_store(url) as store:
        assert store.import_file(path).plays == 1
        assert ok("history", "--db", url)
