"""Opening a history: where it lives, what it refuses, and how an old one is upgraded."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, text
from store_sheets import azul, glass, history_at

from scorepad.core import ExtraLine, PlayerSheet, find_game, score
from scorepad.store import NewSheet, StoreError, legacy_drafts, open_store
from scorepad.store.backups import list_backups
from scorepad.store.database import Database, resolve_url
from scorepad.store.migrate import HEAD, current, head, upgrade
from scorepad.store.models import metadata
from scorepad.store.values import canonical, digest, dump, to_halves

ROOT = Path(__file__).resolve().parents[2]


def test_the_default_history_is_a_file_in_the_user_data_directory(tmp_path, monkeypatch):
    monkeypatch.delenv("SCOREPAD_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    with open_store() as store:
        azul(store, "2024-01-01", {"Ana": 3, "Ben": 4})
        assert store.label == str(tmp_path / "data" / "scorepad" / "history.sqlite3")
    path = tmp_path / "data" / "scorepad" / "history.sqlite3"
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("SELECT count(*) FROM play").fetchone()[0] == 1
    monkeypatch.setenv("SCOREPAD_DB", str(tmp_path / "elsewhere.sqlite3"))
    with open_store() as store:
        assert store.label == str(tmp_path / "elsewhere.sqlite3")
        with store.db.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() > 0


def test_postgres_urls_use_psycopg_3():
    assert resolve_url("postgresql://u:p@h/db").drivername == "postgresql+psycopg"
    assert resolve_url("some/file.sqlite3").drivername == "sqlite"


def test_a_file_that_is_not_a_database_is_left_untouched(tmp_path):
    path = tmp_path / "notes.sqlite3"
    content = b"shopping list: milk, eggs\n" * 50
    path.write_bytes(content)
    with pytest.raises(StoreError, match="is not a Scorepad history file"):
        open_store(str(path))
    assert path.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.sqlite3"]
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT)")
    before = other.read_bytes()
    with pytest.raises(StoreError, match="is not a Scorepad history file"):
        open_store(str(other))
    assert other.read_bytes() == before


def test_a_read_only_history_gives_a_clear_message(tmp_path):
    path = tmp_path / "history.sqlite3"
    with open_store(str(path)) as store:
        azul(store, "2024-01-01", {"Ana": 3, "Ben": 4})
    before = path.read_bytes()
    path.chmod(0o444)
    try:
        with pytest.raises(StoreError, match="is read-only"):
            open_store(str(path))
    finally:
        path.chmod(0o644)
    assert path.read_bytes() == before


def test_a_history_from_a_newer_scorepad_is_refused(tmp_path):
    path = tmp_path / "history.sqlite3"
    open_store(str(path)).close()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999'")
    with pytest.raises(StoreError, match="newer Scorepad"):
        open_store(str(path))


def test_the_migrations_build_exactly_the_tables_of_the_models(store):
    assert head() == HEAD  # a new migration script moves HEAD too
    with store.db.engine.connect() as conn:
        assert current(conn) == head()
        assert compare_metadata(MigrationContext.configure(conn), metadata) == []


def test_a_history_already_upgraded_opens_without_loading_alembic(tmp_path):
    path = tmp_path / "history.sqlite3"
    open_store(str(path)).close()
    check = (
        "import sys; from scorepad.store import open_store; "
        f"open_store({str(path)!r}).list_plays(); print(sorted({{m.split('.')[0] for m in sys.modules}}))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", check], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    assert "'sqlalchemy'" in loaded
    assert "'alembic'" not in loaded


def _first_revision_play(conn, number, when, template, players, extra_label=None):
    """One play written as revision 0001 stored it, with plain SQL."""
    sheets = [
        PlayerSheet(name, lines, [ExtraLine(extra_label, 2)] if extra_label and i == 0 else [])
        for i, (name, lines) in enumerate(players)
    ]
    sheet = score(template, None, sheets)
    source = canonical(template.source)
    game = conn.execute(text("SELECT id FROM game WHERE key = :k"), {"k": template.id}).scalar()
    stamp = datetime(2023, 1, 1)
    if game is None:
        conn.execute(
            text(
                "INSERT INTO game (key, builtin, name, definition, version, created_at, updated_at)"
                " VALUES (:k, :b, :n, NULL, 1, :t, :t)"
            ),
            {"k": template.id, "b": True, "n": dump(dict(template.name)), "t": stamp},
        )
        game = conn.execute(text("SELECT id FROM game WHERE key = :k"), {"k": template.id}).scalar()
        conn.execute(
            text(
                "INSERT INTO template_snapshot (game_id, version, digest, source)"
                " VALUES (:g, 1, :d, :s)"
            ),
            {"g": game, "d": digest(source), "s": source},
        )
    snap = conn.execute(
        text("SELECT id FROM template_snapshot WHERE digest = :d"), {"d": digest(source)}
    ).scalar()
    winning = next(p.total for p in sheet.players if p.winner)
    conn.execute(
        text(
            "INSERT INTO play (uid, game_id, snapshot_id, variant, played_at, location, "
            "duration, notes, player_count, decided_by, winning_total_halves, created_at, "
            "updated_at) VALUES (:uid, :g, :s, NULL, :when, 'Home', 30, :notes, :n, :d, "
            ":w, :t, :t)"
        ),
        {
            "uid": f"old-{number}",
            "g": game,
            "s": snap,
            "when": when,
            "notes": f"play {number}",
            "n": len(sheet.players),
            "d": sheet.decided_by,
            "w": to_halves(winning),
            "t": stamp,
        },
    )
    play_id = conn.execute(
        text("SELECT id FROM play WHERE uid = :u"), {"u": f"old-{number}"}
    ).scalar()
    for seat, p in enumerate(sheet.players, 1):
        person = conn.execute(
            text("SELECT id FROM player WHERE name_key = :k"), {"k": p.name.casefold()}
        ).scalar()
        if person is None:
            conn.execute(
                text("INSERT INTO player (name, name_key, created_at) VALUES (:n, :k, :t)"),
                {"n": p.name, "k": p.name.casefold(), "t": stamp},
            )
            person = conn.execute(
                text("SELECT id FROM player WHERE name_key = :k"), {"k": p.name.casefold()}
            ).scalar()
        conn.execute(
            text(
                "INSERT INTO play_result (play_id, seat, player_id, total_halves, rank, winner, "
                "tiebreak, entries, game_id, played_at, live) "
                "VALUES (:p, :s, :pl, :t, :r, :w, :tb, :e, :g, :when, :live)"
            ),
            {
                "p": play_id,
                "s": seat,
                "pl": person,
                "t": to_halves(p.total),
                "r": p.rank,
                "w": p.winner,
                "tb": dump(list(p.tiebreak)),
                "e": dump(p.entries),
                "g": game,
                "when": when,
                "live": True,
            },
        )
        for n, item in enumerate(p.extra, 1):
            conn.execute(
                text(
                    "INSERT INTO play_extra (play_id, seat, position, label, points_halves) "
                    "VALUES (:p, :s, :n, :l, :h)"
                ),
                {"p": play_id, "s": seat, "n": n, "l": item.label, "h": to_halves(item.points)},
            )
    return play_id, sheet


def test_an_old_history_is_backed_up_and_upgraded_with_every_play_unchanged(empty_url, tmp_path):
    url = empty_url
    db = Database(resolve_url(url))
    db.check_file()
    upgrade(db, "0001")
    glass_road, az = find_game("glass-road"), find_game("azul")
    expected = {}
    with db.engine.begin() as conn:
        for i in range(1, 13):
            when = datetime(2023, 1 + i % 12, 1 + i, 20, 30)
            if i % 3:
                players = [
                    ("Ana", {"buildings": i, "sand_left": {"count": i % 8, "rate": "start"}}),
                    ("Ben", {"buildings": 7}),
                ]
                play_id, sheet = _first_revision_play(
                    conn, i, when, glass_road, players, "Bonus" if i == 4 else None
                )
            else:
                players = [
                    ("Ana", {"marker": 40 + i, "rows": 2}),
                    ("Carla", {"marker": 50}),
                    ("Ben", {"marker": 45, "colours": 1}),
                ]
                play_id, sheet = _first_revision_play(conn, i, when, az, players)
            expected[play_id] = (
                i,
                when,
                [(p.name, p.entries, p.extra, p.total, p.rank, p.winner) for p in sheet.players],
            )
    with db.engine.connect() as conn:
        assert current(conn) == "0001"
    db.dispose()
    with open_store(url) as store:
        with store.db.engine.connect() as conn:
            assert current(conn) == head()
        for play_id, (number, when, players) in expected.items():
            record = store.get_play(play_id)
            assert record.summary.played_at == when, play_id
            assert record.summary.notes == f"play {number}"
            got = [
                (p.name, p.entries, p.extra, p.total, p.rank, p.winner)
                for p in record.sheet.players
            ]
            assert got == players, play_id
        assert len(store.list_plays(limit=100).plays) == 12
        assert store.labels("glass-road") == ["Bonus"]
        assert store.player_stats("Ana").plays == 12
        # revision 0003 counts the plays already there into the games' tallies
        azul_stats, glass_stats = store.game_stats("azul"), store.game_stats("glass-road")
        assert (azul_stats.plays, glass_stats.plays) == (4, 8)
        assert sum(n for _, n in azul_stats.distribution) == 12  # three players each
        assert sum(n for _, n in glass_stats.distribution) == 16
        azul_totals = [p[3] for i, _, ps in expected.values() if i % 3 == 0 for p in ps]
        assert azul_stats.best_total == max(azul_totals) == 56
        glass(store)  # the upgraded history takes new plays
        assert store.game_stats("glass-road").plays == 9
    if url.startswith("postgresql"):
        return
    copies = [b for b in list_backups(tmp_path / "history.sqlite3") if b.kind == "upgrade"]
    assert [(b.revision, b.plays) for b in copies] == [("0001", 12)]
    with sqlite3.connect(copies[0].path) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchone()[0] == "0001"
        assert conn.execute("SELECT count(*) FROM play").fetchone()[0] == 12


def test_sheets_in_the_dropped_drafts_table_are_kept_for_the_app(empty_url, tmp_path, monkeypatch):
    """Revision 0004 drops the store's own drafts table; its rows reappear as sheets the
    app can take in, from a file of the store's own (never the app's drafts folder)."""
    url = empty_url
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # a server's file goes here
    db = Database(resolve_url(url))
    db.check_file()
    upgrade(db, "0003")
    typed = (
        '{"game": "glass-road", "variant": null, "players": ["Ana", "Ben"], '
        '"entries": {"Ana": {"sand_left": {"count": 3, "rate": "start"}, "buildings": 7.5}}, '
        '"extra": {"Ben": [{"label": "Bonus", "points": 2}]}, "details": {"location": "Club"}}'
    )
    rematch = '{"game": "azul-sintra", "variant": "B", "players": ["Ana", "Ben"]}'
    with db.engine.begin() as conn:
        for device, sheet, day in (("tablet", typed, 2), ("phone", rematch, 1)):
            conn.execute(
                text("INSERT INTO draft (device, sheet, updated_at) VALUES (:d, :s, :t)"),
                {"d": device, "s": sheet, "t": datetime(2024, 5, day, 20, 30)},
            )
    db.dispose()
    with open_store(url) as store:
        with store.db.engine.connect() as conn:
            assert current(conn) == head()
            assert "draft" not in set(inspect(conn).get_table_names())
        kept = store.legacy_drafts()
        assert kept == [
            NewSheet("azul-sintra", "B", ("Ana", "Ben")),
            NewSheet(
                "glass-road",
                None,
                ("Ana", "Ben"),
                {"Ana": {"sand_left": {"count": 3, "rate": "start"}, "buildings": Decimal("7.5")}},
                {"Ben": [{"label": "Bonus", "points": 2}]},
                {"location": "Club"},
            ),
        ]
        where = legacy_drafts.location(store.db.url)
        assert where is not None and where.is_file()
        if url.startswith("postgresql"):
            assert where.parent == tmp_path / "data" / "scorepad"
        else:
            assert where == tmp_path / "history.sqlite3.drafts.json"
        assert store.legacy_drafts() == kept  # read again until the app has them
        store.forget_legacy_drafts()
        assert store.legacy_drafts() == []
        assert not where.exists()


def test_a_history_without_drafts_leaves_no_drafts_file(tmp_path):
    path = tmp_path / "history.sqlite3"
    history_at(path, "0003")
    with open_store(str(path)) as store:
        assert store.legacy_drafts() == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["backups", "history.sqlite3"]


def test_kept_drafts_are_not_doubled_when_the_upgrade_runs_again(tmp_path):
    """A failure after the file was written rolls the drop back; the next upgrade writes
    the same rows again, and they are kept once."""
    url = resolve_url(str(tmp_path / "history.sqlite3"))
    row = ("tablet", '{"game": "azul", "variant": null, "players": ["Ana"]}', "2024-05-01")
    legacy_drafts.keep(url, [row])
    legacy_drafts.keep(url, [row])
    assert legacy_drafts.read(url) == [NewSheet("azul", None, ("Ana",))]
