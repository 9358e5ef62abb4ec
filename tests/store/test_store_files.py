"""Export and import: the app's JSON (exact round trip), CSV (spreadsheet-safe), BG Stats."""

from __future__ import annotations

import csv
import json
from decimal import Decimal

import pytest
from sqlalchemy import event
from store_sheets import azul, glass

from scorepad.core import PlayerSheet
from scorepad.store import StoreError, open_store
from scorepad.store.csvfile import safe
from scorepad.store.database import CACHE_KIB
from scorepad.store.jsonfile import read_json_bytes

HOUSE = {
    "id": "house-game",
    "name": {"en": "House game", "es": "Juego de casa"},
    "players": {"min": 2, "max": 4},
    "lines": [{"key": "gold", "kind": "count", "per": 2, "label": {"en": "Gold", "es": "Oro"}}],
}


@pytest.fixture
def filled(store):
    azul(store, "2024-01-05T20:00", {"Ana": 60, "Ben": 50}, notes="first")
    glass(store)
    store.create_game(HOUSE)
    house = store.template("house-game")
    store.save_play(
        house,
        None,
        [PlayerSheet("Ana", {"gold": 2}), PlayerSheet("Carla", {"gold": 5})],
        "2024-06-01",
    )
    gone = azul(store, "2024-07-01", {"Ana": 1, "Ben": 2})
    store.delete_play(gone)
    return store


def test_json_round_trip_is_exact_and_import_is_idempotent(filled, tmp_path, pg_or_file):
    first = tmp_path / "first.json"
    assert filled.export_file(first) == 3
    with open_store(pg_or_file) as other:
        done = other.import_file(first)
        assert (done.plays, done.skipped) == (3, 0)
        again = other.import_file(first)
        assert (again.plays, again.skipped) == (0, 3)
        assert len(other.list_plays().plays) == 3
        second = tmp_path / "second.json"
        other.export_file(second)
        assert second.read_text(encoding="utf-8") == first.read_text(encoding="utf-8")
        play = other.list_plays().plays[1]
        record = other.get_play(play.id)
        assert [p.total for p in record.summary.players] == [Decimal("21.5"), 22]
        assert record.summary.notes == "close"
        assert "house-game" in other.games()


def test_a_store_with_a_small_page_cache_imports_with_the_full_one(tmp_path):
    exported = tmp_path / "plays.json"
    with open_store(str(tmp_path / "source.sqlite3")) as source:
        for day in ("2024-05-01", "2024-05-02", "2024-05-03"):
            azul(source, day, {"Ana": 10, "Ben": 12})
        source.export_file(exported)
    with open_store(str(tmp_path / "small.sqlite3"), cache_kib=1024) as small:
        pragmas: list[str] = []

        def seen(conn, cursor, statement, *_):
            if "cache_size" in statement:
                pragmas.append(statement)

        event.listen(small.db.engine, "before_cursor_execute", seen)
        assert small.import_file(exported).plays == 3
        assert pragmas == [f"PRAGMA cache_size = -{CACHE_KIB}", "PRAGMA cache_size = -1024"]
        with small.db.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA cache_size").scalar() == -1024
    with open_store(str(tmp_path / "full.sqlite3")) as full, full.db.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA cache_size").scalar() == -CACHE_KIB


def test_a_broken_or_partly_wrong_file_imports_nothing(filled, tmp_path):
    good = tmp_path / "good.json"
    filled.export_file(good)
    lines = good.read_text(encoding="utf-8").splitlines()
    target = tmp_path / "target.sqlite3"
    with open_store(str(target)) as other:
        azul(other, "2023-01-01", {"Zoe": 3, "Yan": 4})
        before = other.list_plays().plays
        cut = tmp_path / "cut.json"
        cut.write_text("\n".join(lines[:-2]), encoding="utf-8")
        with pytest.raises(StoreError, match=r"cut\.json"):
            other.import_file(cut)
        wrong = [line.replace('"total":50', '"total":55') for line in lines]
        bad = tmp_path / "bad.json"
        bad.write_text("\n".join(wrong), encoding="utf-8")
        with pytest.raises(
            StoreError, match=r"play 1 \(.*Ben's total 55 does not match the sheet \(50\)"
        ):
            other.import_file(bad)
        late = [line.replace('"gold":5', '"gold":"many"') for line in lines]
        bad.write_text("\n".join(late), encoding="utf-8")
        with pytest.raises(StoreError, match=r"play 3 .*Carla.*gold"):
            other.import_file(bad)
        assert other.list_plays().plays == before
        assert [p.name for p in other.players()] == ["Yan", "Zoe"]
        assert "house-game" not in other.games()
        bad.write_text("hello", encoding="utf-8")
        with pytest.raises(StoreError, match="not a file Scorepad can import"):
            other.import_file(bad, "json")


def test_a_reordered_json_file_still_imports(filled, tmp_path):
    good = tmp_path / "good.json"
    filled.export_file(good)
    data = json.loads(good.read_text(encoding="utf-8"))
    moved = {
        "plays": data["plays"],
        "templates": data["templates"],
        "games": data["games"],
        "version": 1,
        "format": "scorepad-history",
    }
    other_file = tmp_path / "moved.json"
    other_file.write_text(json.dumps(moved), encoding="utf-8")
    with open_store(str(tmp_path / "other.sqlite3")) as other:
        assert other.import_file(other_file, "json").plays == 3


def test_csv_cells_never_run_as_formulas(store, tmp_path):
    azul(
        store,
        "2024-01-01",
        {'=HYPERLINK("x")': 5, "+Ben": 6, "-Carla": 7, "@Dan": 1},
        notes="=SUM(A1:A9)",
        location="=1+1",
    )
    path = tmp_path / "plays.csv"
    store.export_file(path, "csv")
    rows = list(csv.DictReader(path.read_text(encoding="utf-8").splitlines()))
    assert [r["player"] for r in rows] == ['\'=HYPERLINK("x")', "'+Ben", "'-Carla", "'@Dan"]
    assert {r["notes"] for r in rows} == {"'=SUM(A1:A9)"}
    assert {r["location"] for r in rows} == {"'=1+1"}
    assert [r["total"] for r in rows] == ["5", "6", "7", "1"]
    assert rows[2]["winner"] == "yes"
    for row in rows:
        for value in row.values():
            assert not value.startswith(("=", "+", "@", "\t", "\r")) and not value.startswith("-C")
    assert [safe(t) for t in ("\tx", "\rx", "-3", "plain", "", None)] == [
        "'\tx",
        "'\rx",
        "'-3",
        "plain",
        "",
        "",
    ]


BGSTATS = {
    "about": "BG Stats export",
    "players": [
        {"id": 1, "name": "Ana", "uuid": "p1"},
        {"id": 2, "name": "Ben", "uuid": "p2"},
    ],
    "locations": [{"id": 7, "name": "Home", "uuid": "l7"}],
    "games": [
        {"id": 10, "name": "Azul", "highestWins": True, "uuid": "g10"},
        {"id": 11, "name": "Codenames", "highestWins": True, "noPoints": True, "uuid": "g11"},
        {"id": 12, "name": "Golf Solitaire", "highestWins": False, "uuid": "g12"},
    ],
    "plays": [
        {
            "uuid": "play-1",
            "gameRefId": 10,
            "locationRefId": 7,
            "playDate": "2024-03-01 20:15:00",
            "durationMin": 40,
            "comments": "great",
            "playerScores": [
                {"playerRefId": 1, "score": "77", "winner": True},
                {"playerRefId": 2, "score": "70", "winner": False},
            ],
        },
        {
            "uuid": "play-2",
            "gameRefId": 11,
            "playDate": "2024-03-02 20:00:00",
            "playerScores": [
                {"playerRefId": 1, "score": "", "winner": False},
                {"playerRefId": 2, "winner": True},
            ],
        },
        {
            "uuid": "play-3",
            "gameRefId": 12,
            "playDate": "2024-03-03 20:00:00",
            "playerScores": [
                {"playerRefId": 1, "score": "12.5", "winner": True},
                {"playerRefId": 2, "score": 15, "winner": False},
            ],
        },
    ],
    "userInfo": {"meRefId": 1},
}


def test_bgstats_plays_map_to_games_players_scores_and_winners(store, tmp_path):
    path = tmp_path / "export.bgsplay"
    path.write_text(json.dumps(BGSTATS), encoding="utf-8")
    assert store.import_file(path).plays == 3
    assert store.import_file(path).plays == 0
    plays = {p.uid: p for p in store.list_plays().plays}
    first = plays["play-1"]
    assert (first.game, first.location, first.duration, first.notes) == (
        "azul",
        "Home",
        40,
        "great",
    )
    assert [(p.name, p.total, p.winner) for p in first.players] == [
        ("Ana", 77, True),
        ("Ben", 70, False),
    ]
    record = store.get_play(first.id)
    assert record.sheet.players[0].extra[0].label == "BG Stats score"
    assert plays["play-2"].game == "bgstats-codenames"
    assert plays["play-2"].winners == ("Ben",)
    golf = plays["play-3"]
    assert golf.game == "bgstats-golf-solitaire"
    assert [(p.total, p.winner) for p in golf.players] == [(Decimal("12.5"), True), (15, False)]
    assert store.template("bgstats-golf-solitaire").wins == "lowest"


def test_bgstats_export_has_the_bgstats_shape_and_reimports(filled, tmp_path):
    path = tmp_path / "out.bgsplay"
    assert filled.export_file(path, "bgsplay") == 3
    data = json.loads(path.read_text(encoding="utf-8"))
    assert {"games", "players", "locations", "plays"} <= set(data)
    play = data["plays"][0]
    assert {"uuid", "gameRefId", "playDate", "playerScores"} <= set(play)
    assert {"playerRefId", "score", "winner"} <= set(play["playerScores"][0])
    with open_store(str(tmp_path / "other.sqlite3")) as other:
        assert other.import_file(path).plays == 3
        games = sorted(p.game for p in other.list_plays().plays)
        assert games == ["azul", "bgstats-house-game", "glass-road"]
        totals = {p.game: [q.total for q in p.players] for p in other.list_plays().plays}
        assert totals["glass-road"] == [Decimal("21.5"), 22]
    assert filled.import_file(path).plays == 0


def test_a_bad_bgstats_record_is_named_and_nothing_is_imported(store, tmp_path):
    broken = json.loads(json.dumps(BGSTATS))
    broken["plays"][2]["playerScores"][1]["score"] = "lots"
    path = tmp_path / "bad.bgsplay"
    path.write_text(json.dumps(broken), encoding="utf-8")
    with pytest.raises(
        StoreError, match=r"bad.bgsplay: plays\[2\] \(play-3\): the score \"lots\" is not a number"
    ):
        store.import_file(path)
    broken["plays"][2]["playerScores"][1] = {"playerRefId": 99, "score": "1"}
    path.write_text(json.dumps(broken), encoding="utf-8")
    with pytest.raises(StoreError, match="playerRefId 99"):
        store.import_file(path)
    assert store.list_plays().plays == ()
    assert store.custom_games() == []


def test_big_files_are_scored_by_helper_processes_with_the_same_result(
    store, tmp_path, monkeypatch
):
    from scorepad.store import importing, parallel

    monkeypatch.setattr(parallel, "MIN_BYTES", 0)
    from_bytes, finished = [], []

    def spy(conn, data, source, kept=None):
        from_bytes.append(source)
        yield from read_json_bytes(conn, data, source, kept)
        finished.append(source)

    monkeypatch.setattr(importing, "read_json_bytes", spy)
    for day in range(1, 29):
        azul(store, f"2024-02-{day:02d}", {"Ana": day, "Ben": 30 - day, "Carla": 15})
    glass(store)
    azul(store, "2024-03-05", {"Zoë": 3, "Ψάρης": 4}, notes="ünïcödé → ½")
    source = tmp_path / "all.json"
    store.export_file(source)
    lines = source.read_text(encoding="utf-8").splitlines()
    with open_store(str(tmp_path / "copy.sqlite3")) as other:
        indexes = index_statements(other)
        assert any("ix_result_player" in sql for sql in indexes)
        wrong = [
            line.replace('"Carla","lines":{"marker":15}', '"Carla","lines":{"marker":-4}', 1)
            if '"2024-02-20' in line
            else line
            for line in lines
        ]
        bad = tmp_path / "bad.json"
        bad.write_text("\n".join(wrong), encoding="utf-8")
        with pytest.raises(StoreError, match=r"play 20 \(.*Carla.*marker"):
            other.import_file(bad)
        assert from_bytes == [str(bad)], "a big file is read from its bytes"
        assert other.list_plays().plays == ()
        assert index_statements(other) == indexes, "a failed import keeps the indexes"
        broken = source.read_bytes().replace("Zoë".encode(), b"Zo\xff")
        bad.write_bytes(broken)
        with pytest.raises(StoreError, match="codec can't decode byte 0xff in position"):
            other.import_file(bad)
        assert other.import_file(source).plays == 30
        assert index_statements(other) == indexes, "set aside while importing, then remade"
        again = tmp_path / "again.json"
        other.export_file(again)
        assert again.read_text(encoding="utf-8") == source.read_text(encoding="utf-8")
    marked = tmp_path / "marked.json"
    marked.write_bytes(b"\xef\xbb\xbf" + source.read_bytes())
    pretty = tmp_path / "pretty.json"
    pretty.write_text(
        json.dumps(json.loads(source.read_text(encoding="utf-8")), indent=2), encoding="utf-8"
    )
    for given in (marked, pretty):
        with open_store(str(tmp_path / f"{given.stem}.sqlite3")) as other:
            assert other.import_file(given).plays == 30
            other.export_file(again)
            assert again.read_text(encoding="utf-8") == source.read_text(encoding="utf-8")
    assert finished == [str(source), str(marked)], "one play per line: read from the bytes"
    with open_store(str(tmp_path / "text.sqlite3")) as other:
        assert other.import_text(source.read_text(encoding="utf-8"), "pasted").plays == 30
        other.export_file(again)
        assert again.read_text(encoding="utf-8") == source.read_text(encoding="utf-8")


def index_statements(store) -> set[str]:
    with store.db.engine.connect() as conn:
        found = conn.exec_driver_sql("SELECT sql FROM sqlite_master WHERE type = 'index'")
        return {sql for (sql,) in found if sql}
