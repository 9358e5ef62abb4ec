"""Where the history lives, and the one way in: engines, connections and transactions.

Everything else in the store asks this module for a connection. SQLite files get WAL mode,
foreign keys, a busy timeout and ``BEGIN IMMEDIATE`` for writes (so two writers queue up
instead of failing half-way); every write runs as one function inside one transaction and
is retried when the database stays busy or PostgreSQL reports a serialization conflict.
The database's own errors become sentences here. What concerns the SQLite file itself
(is it ours, is it still the one opened, is it damaged) is ``sqlitefile``'s; statements
run raw on the hot read paths are ``prepared``'s.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

import platformdirs
from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import DBAPIError, OperationalError

import scorepad.store.backups as backups
from scorepad.store.errors import StoreError, Unreachable
from scorepad.store.sqlitefile import HistoryFile, cannot_open

DB_ENV = "SCOREPAD_DB"
BUSY_TIMEOUT_S = 30
CONNECT_TIMEOUT_S = 5
"""A server that does not answer (a host gone from the network, a hung server) is
"cannot be reached" after this long, instead of the system's two minutes, or never."""
RETRIES = 8
CACHE_KIB = 32 * 1024
"""SQLite's page cache per connection; the 2 MB default thrashes on big imports. A
long-running program that reads a little at a time (the app) may ask for less."""

T = TypeVar("T")

Touch = datetime | bool | None | Callable[[Connection], "datetime | bool | None"]
"""What a write changes of the plays as the club's computations read them: the earliest
play time it touches (a play saved, edited, deleted…), False for nothing (a setting, a
game file), None for anything (unknown: an import, a merge of players); or a function
that tells, asked inside the transaction before the work."""
NOTES_KEPT = 1000
"""``Database.notes`` keeps the last this many writes of this program."""
BUMP = text(
    "INSERT INTO history_version (id, writes) VALUES (1, 1) ON CONFLICT (id) "
    "DO UPDATE SET writes = history_version.writes + 1 RETURNING writes"
)
VERSION = text("SELECT writes FROM history_version WHERE id = 1")


def default_path() -> Path:
    """The history file in the user's data directory (created on first use)."""
    return platformdirs.user_data_path("scorepad", appauthor=False) / "history.sqlite3"


def resolve_url(url: str | None = None) -> URL:
    """``url``, else $SCOREPAD_DB, else the default file; a bare path means an SQLite file."""
    text = url or os.environ.get(DB_ENV) or str(default_path())
    if "://" not in text:
        return URL.create("sqlite", database=str(Path(text).expanduser().resolve()))
    parsed = make_url(text)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


class Database:
    """An engine plus the rules for reading and writing through it."""

    def __init__(self, url: URL, cache_kib: int = CACHE_KIB) -> None:
        self.url = url
        self.cache_kib = cache_kib
        self.is_sqlite = url.get_backend_name() == "sqlite"
        self.path: Path | None = None
        if self.is_sqlite and url.database not in (None, "", ":memory:"):
            self.path = Path(url.database or "")
        self.file = HistoryFile(self.path) if self.path is not None else None
        """The SQLite file, checked before every write (None: a server, or in memory)."""
        self.label = str(self.path) if self.path else url.render_as_string(hide_password=True)
        self.engine = self._engine()
        self.notes: dict[int, datetime | bool | None] = {}
        """What this program's writes touched (see ``Touch``), by the history's write count
        (``history_version``) each of them left: whatever count is missing from here was
        written by another program."""

    def _engine(self) -> Engine:
        if not self.is_sqlite:
            return create_engine(
                self.url, pool_pre_ping=True, connect_args={"connect_timeout": CONNECT_TIMEOUT_S}
            )
        # a file's pool: the connection used last has the warm page cache (a history in
        # memory has one connection per thread, and no such choice)
        pool = {"pool_use_lifo": True} if self.path is not None else {}
        engine = create_engine(
            self.url,
            connect_args={"timeout": BUSY_TIMEOUT_S, "check_same_thread": False},
            **pool,
        )
        if self.path is not None:
            event.listen(engine, "do_connect", self._connect_existing)
        event.listen(engine, "connect", self._sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)
        return engine

    def _connect_existing(self, _dialect: Any, _rec: Any, cargs: list[Any], cparams: Any) -> None:
        """Connections open the file only if it is there: a history deleted while the app
        runs must not come back as a new, empty one that plays are then saved into."""
        assert self.path is not None
        cargs[:] = [backups.uri(self.path, "rw")]
        cparams["uri"] = True

    # --- the SQLite file (see ``sqlitefile``) -------------------------------------------
    @property
    def identity(self) -> tuple[int, int] | None:
        return self.file.identity if self.file is not None else None

    @property
    def damage(self) -> str | None:
        return self.file.damage if self.file is not None else None

    @damage.setter
    def damage(self, detail: str | None) -> None:
        if self.file is not None:
            self.file.damage = detail

    @property
    def rescued(self) -> Path | None:
        return self.file.rescued if self.file is not None else None

    def check_file(self) -> None:
        """Refuse, before SQLite touches it, a file that is not a database or is read-only."""
        if self.file is not None:
            self.file.check()

    def adopt(self) -> None:
        """The file now at ``path`` is the history (opened, or just restored)."""
        assert self.file is not None
        self.file.adopt()

    def guard(self) -> None:
        """Before a write to an SQLite file: it must still be the file opened, a database,
        and writable, or nothing is written."""
        if self.file is not None:
            self.file.guard(self.engine)

    def rescue(self) -> None:
        """Copy a history deleted while open out of a connection that still reads it."""
        if self.file is not None:
            self.file.rescue(self.engine)

    def remedy(self) -> StoreError:
        return self.file.remedy() if self.file is not None else StoreError("store.remedy_none")

    def not_ours(self) -> StoreError:
        if self.file is not None:
            return self.file.not_ours()
        return StoreError("store.not_database", path=self.label)

    def cannot_open(self, problem: BaseException) -> StoreError:
        return cannot_open(self.label, problem)

    @contextmanager
    def reading(self, *, snapshot: bool = False) -> Iterator[Connection]:
        """A connection for queries. On SQLite a single query needs no transaction of its
        own; ``snapshot`` asks for one so that several queries see the same moment."""
        try:
            with self.engine.connect() as conn:
                if snapshot:
                    conn.execution_options(scorepad_snapshot=True)
                yield conn
        except DBAPIError as problem:
            raise self.translate(problem) from None

    @contextmanager
    def cursor(self) -> Iterator[Any]:
        """A raw DBAPI cursor from the pool, for the hot read paths (see ``Prepared``)."""
        try:
            raw = self.engine.raw_connection()
        except DBAPIError as problem:
            raise self.translate(problem) from None
        except self.engine.dialect.loaded_dbapi.Error as problem:  # raised by the pool as is
            raise self.translate(DBAPIError(None, None, problem)) from None
        try:
            cursor = raw.cursor()
            try:
                yield cursor
            finally:
                cursor.close()
        except self.engine.dialect.loaded_dbapi.Error as problem:
            raise self.translate(DBAPIError(None, None, problem)) from None
        finally:
            raw.close()

    def write(
        self, work: Callable[[Connection], T], *, touches: Touch = None, counted: bool = True
    ) -> T:
        """Run ``work`` in one write transaction: all of it happens, or none of it. The
        history's write count goes up by one in the same transaction, and what the write
        ``touches`` is noted under it (``notes``); ``counted`` False: a write outside the
        history of plays (a group server's sessions and sign-ins) leaves the count be, so
        that what is worked out from the plays is not worked out again for it."""
        self.guard()
        for attempt in range(RETRIES):
            try:
                with self.engine.connect() as conn:
                    conn.execution_options(scorepad_write=True)
                    with conn.begin():
                        touched = touches(conn) if callable(touches) else touches
                        done = work(conn)
                        count = conn.execute(BUMP).scalar_one() if counted else None
                    if count is not None:
                        self._note(count, touched)
                    return done
            except DBAPIError as problem:
                if not self.retryable(problem) or attempt == RETRIES - 1:
                    raise self.translate(problem) from None
                time.sleep(random.uniform(0.01, 0.05) * (attempt + 1))
        raise AssertionError("unreachable")  # pragma: no cover

    def _note(self, count: int, touched: datetime | bool | None) -> None:
        self.notes[count] = touched
        if len(self.notes) > NOTES_KEPT:
            for old in sorted(self.notes)[: len(self.notes) - NOTES_KEPT]:
                del self.notes[old]

    def version(self) -> tuple[object, int]:
        """Which history this is and how many writes it has had: equal answers, no change
        in between (a file put back from a backup is another history)."""
        with self.reading() as conn:
            count = conn.execute(VERSION).scalar()
        return self.identity, int(count or 0)

    def touched_since(self, count: int, now: int) -> tuple[bool, datetime | None]:
        """Whether the writes after ``count`` up to ``now`` changed the plays, and from
        which play time on: (False, None) nothing; (True, a time) the plays from then on;
        (True, None) anything (a write of another program, or one not described)."""
        if now < count or now - count > NOTES_KEPT:
            return True, None
        earliest: datetime | None = None
        changed = False
        for n in range(count + 1, now + 1):
            if n not in self.notes:
                return True, None
            touched = self.notes[n]
            if touched is None or touched is True:
                return True, None
            if touched is False:
                continue
            assert isinstance(touched, datetime)
            changed = True
            earliest = touched if earliest is None else min(earliest, touched)
        return changed, earliest

    def retryable(self, problem: DBAPIError) -> bool:
        text = str(problem.orig).lower()
        code = getattr(problem.orig, "sqlstate", None)
        return "locked" in text or "busy" in text or code in ("40001", "40P01")

    def translate(self, problem: DBAPIError) -> StoreError | DBAPIError:
        """The database's own error as a sentence for the person; other errors (a bug in
        a query, a constraint) are returned as they are."""
        orig = problem.orig or problem
        text = str(orig).lower()
        code = getattr(orig, "sqlstate", None)
        detail = _first_line(orig)
        file = self.file
        if file is not None and not file.path.exists():
            return file.gone()
        if "not a database" in text or "malformed" in text:
            return file.damaged(detail) if file and file.identity else self.not_ours()
        if "database or disk is full" in text or code == "53100":
            return StoreError("store.disk_full", path=self.label)
        if "readonly" in text or "read-only" in text:
            return StoreError("store.read_only", path=self.label)
        if "locked" in text or "busy" in text:
            return StoreError("store.busy", path=self.label)
        if "disk i/o error" in text:
            if file is not None and file.on_read_only_disk():
                return StoreError("store.read_only_disk", path=self.label)
            return StoreError("store.io_error", path=self.label, remedy=self.remedy())
        if not self.is_sqlite and _unreachable(problem, orig):
            return Unreachable(path=self.label, detail=detail)
        if isinstance(problem, OperationalError) or _operational(orig):
            return self.cannot_open(orig)
        return problem

    def dispose(self) -> None:
        self.engine.dispose()

    def _sqlite_connect(self, dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # transactions are begun by _sqlite_begin
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_S * 1000}")
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.execute("PRAGMA journal_mode = WAL")
        # FULL: every commit reaches the disk before Save says so. With NORMAL a play saved
        # just before a disk error (or a power cut) was lost (tests/app/test_faults.py).
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.execute(f"PRAGMA cache_size = -{self.cache_kib}")
        cursor.close()


def _first_line(problem: BaseException) -> str:
    text = str(problem).strip()
    return text.splitlines()[0] if text else type(problem).__name__


def _operational(problem: BaseException) -> bool:
    """The driver's OperationalError or one of its kinds (psycopg's ConnectionTimeout)."""
    return any(kind.__name__ == "OperationalError" for kind in type(problem).__mro__)


def _unreachable(problem: DBAPIError, orig: BaseException) -> bool:
    """A server that went away or cannot be reached (psycopg's OperationalError, which is
    also what a connection dropped by a server shutting down raises)."""
    return problem.connection_invalidated or _operational(orig)


def _sqlite_begin(conn: Connection) -> None:
    """Writers take the write lock up front, so the busy timeout can queue them safely;
    plain reads run each statement on its own (SQLite makes every statement atomic)."""
    options = conn.get_execution_options()
    if options.get("scorepad_write", False):
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    elif options.get("scorepad_snapshot", False):
        conn.exec_driver_sql("BEGIN")
