"""Schema upgrades with Alembic, run in-process (the scripts ship inside the package).

Opening a history runs this: a new file is built at the newest revision; an older SQLite
file is first copied into the backups folder beside it (``backups.take``, kind
``upgrade``) and then upgraded in one transaction; a file from a newer Scorepad is
refused rather than touched.

A history already at ``HEAD`` (every opening but the first after an upgrade of Scorepad)
is recognised with one plain query: Alembic, a tenth of a second and some 9 MB to import,
is loaded only when there is something to build or upgrade.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import Connection, inspect, text
from sqlalchemy.exc import DBAPIError

import scorepad.store.backups as backups
from scorepad.store.database import Database
from scorepad.store.errors import StoreError

if TYPE_CHECKING:
    from alembic.config import Config

HEAD = "0021"
"""The newest revision in ``migrations/versions`` (a test checks it against the scripts)."""
SCRIPTS = "scorepad.store:migrations"
ADVISORY_LOCK = 0x5C0DE9AD
"""PostgreSQL lock key so that two programs opening one new database migrate it once."""


def config(conn: Connection | None = None) -> Config:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", SCRIPTS)
    cfg.attributes["connection"] = conn
    return cfg


def head() -> str:
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(config()).get_current_head()
    assert head is not None
    return head


def current(conn: Connection) -> str | None:
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(conn).get_current_revision()


def upgrade(db: Database, target: str | None = None) -> None:
    """Bring the database to ``target`` (the newest revision by default)."""
    if target is None and _stamped(db) == HEAD:
        return
    from alembic import command

    target = target or head()
    with db.reading() as conn:
        revision = _revision(db, conn)
    if revision == target:
        return
    if revision is not None and db.path is not None:
        backups.take(db.path, "upgrade", revision=revision)
    try:
        with db.engine.connect() as conn:
            conn.execution_options(scorepad_write=True)
            with conn.begin():
                if not db.is_sqlite:
                    conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": ADVISORY_LOCK})
                if _revision(db, conn) != target:  # another program may have done it meanwhile
                    command.upgrade(config(conn), target)
    except DBAPIError as problem:
        raise db.translate(problem) from None


def _stamped(db: Database) -> str | None:
    """The revision written in the database, read without Alembic (None: none yet). A
    database that cannot be reached is said so now, not asked again through Alembic."""
    try:
        conn = db.engine.connect()
    except DBAPIError as problem:
        raise db.translate(problem) from None
    with conn:
        try:
            return conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
        except DBAPIError:
            return None  # no such table (a new database), or one Alembic will explain


def _revision(db: Database, conn: Connection) -> str | None:
    revision = current(conn)
    if revision is None:
        tables = set(inspect(conn).get_table_names())
        if tables - {"alembic_version"}:
            raise StoreError("store.not_database", path=db.label)
        return None
    check_known(revision, db.label)
    return revision


def check_known(revision: str, label: str) -> None:
    """A revision this Scorepad knows; a newer program's history is refused untouched."""
    from alembic.script import ScriptDirectory

    known = {script.revision for script in ScriptDirectory.from_config(config()).walk_revisions()}
    if revision not in known:
        raise StoreError("store.newer", path=label, revision=revision)
