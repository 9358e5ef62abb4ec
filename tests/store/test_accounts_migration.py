"""Revisions 0018 (a group server's accounts), 0019 (passkey challenges), 0020 (sheets in
progress) and 0021 (uploads waited for) up and down on a history with plays, on SQLite and
PostgreSQL: their tables come and go, and every play stays as it was."""

from __future__ import annotations

from datetime import datetime, timedelta

from alembic import command
from sqlalchemy import inspect
from store_sheets import azul, glass
from test_accounts import TABLES

from scorepad.accounts import Password, add_group, make_invite, members, take_invite
from scorepad.store import open_store
from scorepad.store.migrate import HEAD, config, current

ACCOUNT_TABLES = set(TABLES)
T0 = datetime(2026, 3, 1, 20, 0)


def plays(store):
    return [
        (p.id, p.game, p.played_at, [(s.name, s.total) for s in store.get_play(p.id).sheet.players])
        for p in store.list_plays(limit=100).plays
    ]


def tables(store):
    with store.db.engine.connect() as conn:
        return set(inspect(conn).get_table_names())


def test_0018_goes_up_and_down_on_a_history_with_plays(url):
    with open_store(url) as store:
        azul(store, "2024-01-01T20:00", {"Ana": 30, "Ben": 41})
        glass(store)
        before = plays(store)
        assert len(before) == 2 and tables(store) >= ACCOUNT_TABLES
        add_group(store, "Club", now=T0)
        made = make_invite(store, "Club", url="https://games.example.org", now=T0)
        take_invite(store, made.token, "Ana", Password("a long enough one"), now=T0)
        with store.db.engine.begin() as conn:
            command.downgrade(config(conn), "0017")
        with store.db.engine.connect() as conn:
            assert current(conn) == "0017"
        assert not ACCOUNT_TABLES & tables(store)
        assert plays(store) == before
    with open_store(url) as store:  # opening it upgrades it again
        with store.db.engine.connect() as conn:
            assert current(conn) == HEAD
        assert tables(store) >= ACCOUNT_TABLES
        assert plays(store) == before
        add_group(store, "Club", now=T0)
        assert members(store, "Club") == []
        azul(store, "2024-02-01T20:00", {"Ana": 12, "Ben": 10})
        assert len(plays(store)) == 3


def test_0019_goes_up_and_down_and_keeps_the_accounts(url):
    with open_store(url) as store:
        azul(store, "2024-01-01T20:00", {"Ana": 30, "Ben": 41})
        add_group(store, "Club", now=T0)
        made = make_invite(store, "Club", url="https://games.example.org", now=T0)
        take_invite(store, made.token, "Ana", Password("a long enough one"), now=T0)
        before = plays(store)
        assert "sign_in_challenge" in tables(store)
        with store.db.engine.begin() as conn:
            command.downgrade(config(conn), "0018")
        assert "sign_in_challenge" not in tables(store)
        assert tables(store) >= ACCOUNT_TABLES
    with open_store(url) as store:
        with store.db.engine.connect() as conn:
            assert current(conn) == HEAD
        assert "sign_in_challenge" in tables(store)
        assert [m.display_name for m in members(store, "Club")] == ["Ana"]
        assert plays(store) == before


def test_0020_goes_up_and_down_and_keeps_the_sheets_in_progress_and_the_plays(url):
    with open_store(url) as store:
        azul(store, "2024-01-01T20:00", {"Ana": 30, "Ben": 41})
        before = plays(store)
        at = datetime(2024, 1, 2, 20, 0)
        store.sheets(lambda rows: rows.put("s1", "azul", '{"id": "s1"}', at))
        assert store.sheets(lambda rows: rows.put("s1", "azul", '{"id": "s1", "x": 1}', at)) == 2
        with store.db.engine.begin() as conn:
            command.downgrade(config(conn), "0019")
        assert "sheet_draft" not in tables(store)
        assert "sign_in_challenge" in tables(store)
    with open_store(url) as store:
        with store.db.engine.connect() as conn:
            assert current(conn) == HEAD
        assert store.sheets(lambda rows: rows.in_progress(), write=False) == []
        assert plays(store) == before


def test_0021_goes_up_and_down_and_keeps_the_plays(url):
    with open_store(url) as store:
        azul(store, "2024-01-01T20:00", {"Ana": 30, "Ben": 41})
        before = plays(store)
        later = T0 + timedelta(hours=1)
        store.uploads(lambda rows: rows.wait("a-token", "127.0.0.1:8551", later, T0))
        assert store.uploads(lambda rows: rows.waiting("a-token", T0)) == "127.0.0.1:8551"
        with store.db.engine.begin() as conn:
            command.downgrade(config(conn), "0020")
        assert "upload_wait" not in tables(store)
        assert "sheet_draft" in tables(store)
    with open_store(url) as store:
        with store.db.engine.connect() as conn:
            assert current(conn) == HEAD == "0021"
        assert store.uploads(lambda rows: rows.waiting("a-token", T0)) is None
        assert plays(store) == before
