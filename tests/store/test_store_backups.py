"""Rotating backups of an SQLite history: when they are made, what they hold, restoring."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta

import pytest
from store_sheets import azul, history_at

from scorepad.store import StoreError, backups_at, open_store, restore_history
from scorepad.store import backups as b


def plays_in(store) -> list[int]:
    return sorted(p.id for p in store.list_plays(limit=1000).plays)


def test_a_copy_is_made_on_the_first_use_of_each_day_and_only_then(tmp_path):
    path = tmp_path / "history.sqlite3"
    with open_store(str(path)) as store:
        azul(store, "2026-01-01", {"Ana": 3, "Ben": 4})
    assert not (tmp_path / "backups").exists()  # a new, empty history needs no copy
    with open_store(str(path)) as store:
        azul(store, "2026-01-02", {"Ana": 5, "Ben": 4})
    with open_store(str(path)):
        pass
    (daily,) = b.list_backups(path)
    assert (daily.kind, daily.plays) == ("daily", 1)  # taken on opening, before the 2nd play
    assert daily.path.parent == tmp_path / "backups"
    assert daily.path.name.startswith("history.sqlite3.") and daily.size > 0
    tomorrow = datetime.now() + timedelta(days=1)
    made = b.daily(path, now=tomorrow)
    assert made is not None and b.daily(path, now=tomorrow) is None
    assert [(c.kind, c.plays) for c in b.list_backups(path)] == [("daily", 2), ("daily", 1)]
    with sqlite3.connect(made) as conn:  # a copy stands alone: no WAL beside it
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_each_kind_keeps_its_newest_copies(tmp_path):
    path = tmp_path / "history.sqlite3"
    with open_store(str(path)) as store:
        azul(store, "2026-01-01", {"Ana": 3, "Ben": 4})
    start = datetime(2026, 1, 1, 9)
    for day in range(10):
        b.take(path, "daily", now=start + timedelta(days=day))
    for n in range(7):
        b.take(path, "manual", now=start + timedelta(hours=n))
    copies = b.list_backups(path, count=False)
    daily = [c.taken_at for c in copies if c.kind == "daily"]
    assert daily == [start + timedelta(days=d) for d in range(9, 2, -1)]  # the newest 7
    assert len([c for c in copies if c.kind == "manual"]) == b.KEEP["manual"] == 5
    # another history in the same folder has copies of its own
    other = tmp_path / "other.sqlite3"
    with open_store(str(other)) as store:
        azul(store, "2026-01-01", {"Ana": 1, "Ben": 2})
    b.take(other, "manual")
    assert [c.kind for c in b.list_backups(other)] == ["manual"]
    assert len(b.list_backups(path)) == 12


def test_a_copy_taken_during_a_write_holds_only_what_was_committed(tmp_path):
    path = tmp_path / "history.sqlite3"
    with open_store(str(path)) as store:
        azul(store, "2026-01-01", {"Ana": 3, "Ben": 4})
        writer = sqlite3.connect(path, isolation_level=None)
        writer.execute("BEGIN IMMEDIATE")
        writer.execute("UPDATE play SET notes = 'half-way'")
        copy = b.take(path, "manual")  # the WAL holds the committed play, not this change
        writer.execute("ROLLBACK")
        writer.close()
        azul(store, "2026-01-02", {"Ana": 5, "Ben": 4})
    with sqlite3.connect(copy) as conn:
        assert conn.execute("SELECT count(*), max(notes) FROM play").fetchone() == (1, None)


def test_restore_puts_a_copy_back_and_can_itself_be_undone(tmp_path):
    path = tmp_path / "history.sqlite3"
    with open_store(str(path)) as store:
        first = azul(store, "2026-01-01", {"Ana": 3, "Ben": 4})
        copy = store.back_up()
        second = azul(store, "2026-01-02", {"Ana": 5, "Ben": 4})
        other = open_store(str(path))  # a second program with the history open
        kept = store.restore(copy).kept
        assert plays_in(store) == [first] == plays_in(other)
        assert kept is not None and b.list_backups(path)[0].kind == "restore"
        third = azul(other, "2026-01-03", {"Ana": 1, "Ben": 1})  # still writes fine
        assert plays_in(store) == [first, third]
        other.close()
        store.restore(kept)  # undo: back to before the restore
        assert plays_in(store) == [first, second]
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_copy_from_before_an_upgrade_comes_back_upgraded(tmp_path):
    path = tmp_path / "history.sqlite3"
    history_at(path, "0001")
    with open_store(str(path)) as store:
        (before,) = [c for c in store.backups() if c.kind == "upgrade"]
        assert before.revision == "0001"
        azul(store, "2026-01-01", {"Ana": 3, "Ben": 4})
        store.restore(before.path)
        assert plays_in(store) == []
        store.add_player("Carla")  # the tables of the newest schema are there again
        assert [p.name for p in store.players()] == ["Carla"]


def test_restore_refuses_what_is_not_one_of_the_history_s_copies(tmp_path):
    path = tmp_path / "history.sqlite3"
    with open_store(str(path)) as store:
        azul(store, "2026-01-01", {"Ana": 3, "Ben": 4})
        stranger = tmp_path / "backups" / "history.sqlite3.20260101-000000-000000.manual.sqlite3"
        stranger.parent.mkdir()
        stranger.write_text("not a database at all")
        with pytest.raises(StoreError, match="not a backup Scorepad can put back"):
            store.restore(stranger)
        with pytest.raises(StoreError, match="there is no backup"):
            store.restore(tmp_path / "elsewhere.sqlite3")
        newer = b.take(path, "manual")
        with sqlite3.connect(newer) as conn:
            conn.execute("UPDATE alembic_version SET version_num = '9999'")
        with pytest.raises(StoreError, match="written by a newer Scorepad"):
            store.restore(newer)
        assert len(plays_in(store)) == 1


def test_a_history_too_damaged_to_open_is_restored_from_its_location(tmp_path):
    path = tmp_path / "history.sqlite3"
    with open_store(str(path)) as store:
        play = azul(store, "2026-01-01", {"Ana": 3, "Ben": 4})
        store.back_up()
    garbage = b"\x00scribbled over\xff" * 256
    path.write_bytes(garbage)
    with pytest.raises(StoreError) as caught:
        open_store(str(path))
    text = caught.value.message("es")
    assert f"el archivo de historial {path} está dañado" in text
    assert "Ajustes → Copias de seguridad puedes recuperar la copia del" in text
    (copy,) = backups_at(str(path))
    kept = restore_history(str(path), copy.path).kept
    with open_store(str(path)) as store:
        assert plays_in(store) == [play]
    assert kept is not None and kept.read_bytes() == garbage  # the damaged file, as it was
    kinds = [c.kind for c in backups_at(str(path))]
    assert kinds == ["daily", "damaged", "manual"]  # opened again today: its daily copy


def test_postgresql_histories_have_no_file_backups(pg_url):
    with open_store(pg_url) as store, pytest.raises(StoreError) as caught:
        store.backups()
    assert "pg_dump" in caught.value.message("en") and "pg_dump" in caught.value.message("es")
    assert "scorepad:scorepad@" not in caught.value.message("en")  # no password shown
