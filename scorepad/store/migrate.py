"""Schema upgrades with Alembic, run in-process (the scripts ship inside the package).

Opening a history runs this: a new file is built at the newest revision; an older SQLite
file is first copied beside itself (``history.sqlite3.backup-0001-…``) and then upgraded
in one transaction; a file from a newer Scorepad is refused rather than touched.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, inspect, text

from scorepad.store.database import Database
from scorepad.store.messages import StoreError

SCRIPTS = "scorepad.store:migrations"
ADVISORY_LOCK = 0x5C0DE9AD
"""PostgreSQL lock key so that two programs opening one new database migrate it once."""


def config(conn: Connection | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", SCRIPTS)
    cfg.attributes["connection"] = conn
    return cfg


def head() -> str:
    head = ScriptDirectory.from_config(config()).get_current_head()
    assert head is not None
    return head


def current(conn: Connection) -> str | None:
    return MigrationContext.configure(conn).get_current_revision()


def upgrade(db: Database, target: str | None = None) -> None:
    """Bring the database to ``target`` (the newest revision by default)."""
    target = target or head()
    with db.reading() as conn:
        revision = _revision(db, conn)
    if revision == target:
        return
    if revision is not None and db.path is not None:
        backup(db.path, revision)
    with db.engine.connect() as conn:
        conn.execution_options(scorepad_write=True)
        with conn.begin():
            if not db.is_sqlite:
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": ADVISORY_LOCK})
            if _revision(db, conn) != target:  # another program may have done it meanwhile
                command.upgrade(config(conn), target)


def _revision(db: Database, conn: Connection) -> str | None:
    revision = current(conn)
    if revision is None:
        tables = set(inspect(conn).get_table_names())
        if tables - {"alembic_version"}:
            raise StoreError("store.not_database", path=db.label)
        return None
    known = {script.revision for script in ScriptDirectory.from_config(config()).walk_revisions()}
    if revision not in known:
        raise StoreError("store.newer", path=db.label, revision=revision)
    return revision


def backup(path: Path, revision: str) -> Path:
    """A consistent copy of an SQLite file (WAL included) written next to it."""
    stamp = datetime.now().strftime("%Y%m%dT%H%M%S")
    target = path.with_name(f"{path.name}.backup-{revision}-{stamp}")
    source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        copy = sqlite3.connect(target)
        try:
            source.backup(copy)
        finally:
            copy.close()
    finally:
        source.close()
    return target
