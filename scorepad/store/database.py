"""Where the history lives, and the one way in: engines, connections and transactions.

Everything else in the store asks this module for a connection. SQLite files get WAL mode,
foreign keys, a busy timeout and ``BEGIN IMMEDIATE`` for writes (so two writers queue up
instead of failing half-way); every write runs as one function inside one transaction and
is retried when the database stays busy or PostgreSQL reports a serialization conflict.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import random
import sqlite3
import stat
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

import platformdirs
from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import DBAPIError, OperationalError

from scorepad.store import backups
from scorepad.store.errors import StoreError, Unreachable

DB_ENV = "SCOREPAD_DB"
SQLITE_HEADER = b"SQLite format 3\x00"
BUSY_TIMEOUT_S = 30
CONNECT_TIMEOUT_S = 5
"""A server that does not answer (a host gone from the network, a hung server) is
"cannot be reached" after this long, instead of the system's two minutes, or never."""
RETRIES = 8
CACHE_KIB = 32 * 1024
"""SQLite's page cache per connection; the 2 MB default thrashes on big imports. A
long-running program that reads a little at a time (the app) may ask for less."""

T = TypeVar("T")
logger = logging.getLogger(__name__)


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
        self.label = str(self.path) if self.path else url.render_as_string(hide_password=True)
        self.identity: tuple[int, int] | None = None
        """The file opened (device, inode): writes go to it or nowhere."""
        self.rescued: Path | None = None
        """Where the contents of a file deleted while open were copied to."""
        self.damage: str | None = None
        """What SQLite found wrong in the file: nothing more is written into it."""
        self.engine = self._engine()

    def _engine(self) -> Engine:
        if not self.is_sqlite:
            return create_engine(
                self.url, pool_pre_ping=True, connect_args={"connect_timeout": CONNECT_TIMEOUT_S}
            )
        engine = create_engine(
            self.url,
            connect_args={"timeout": BUSY_TIMEOUT_S, "check_same_thread": False},
            pool_use_lifo=True,  # the connection used last has the warm page cache
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

    def check_file(self) -> None:
        """Refuse, before SQLite touches it, a file that is not a database or is read-only."""
        if self.path is None:
            return
        if not self.path.exists():
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self.path.touch()  # an empty file is an empty SQLite database
            except OSError as problem:
                raise self.cannot_open(problem) from None
            self.adopt()
            return
        try:
            info = self.path.stat()
            with self.path.open("rb") as handle:
                header = handle.read(len(SQLITE_HEADER))
        except OSError as problem:
            raise self.cannot_open(problem) from None
        if not stat.S_ISREG(info.st_mode) or (header and header != SQLITE_HEADER):
            raise self.not_ours()
        if not info.st_mode & 0o222 or not os.access(self.path, os.W_OK):
            raise StoreError("store.read_only", path=self.label)
        if header and not self._ours():
            raise self.not_ours()
        self.adopt()

    def adopt(self) -> None:
        """The file now at ``path`` is the history (opened, or just restored)."""
        assert self.path is not None
        info = self.path.stat()
        self.identity = (info.st_dev, info.st_ino)
        self.rescued = None
        self.damage = None

    def not_ours(self) -> StoreError:
        """A file SQLite cannot read as a Scorepad history: damaged when copies of it were
        made (it was one), else someone else's file, which stays untouched."""
        if self.path is not None and backups.latest(self.path) is not None:
            return self.damaged("file is not a database")
        return StoreError("store.not_database", path=self.label)

    def damaged(self, detail: str) -> StoreError:
        if self.identity is not None:
            self.damage = detail
        return StoreError("store.damaged", path=self.label, detail=detail, remedy=self.remedy())

    def remedy(self) -> StoreError:
        """What the person can do about a lost or damaged file: restore a copy."""
        if self.rescued is not None:
            return StoreError("store.remedy_rescued", copy=str(self.rescued))
        found = backups.latest(self.path) if self.path is not None else None
        if found is None:
            return StoreError("store.remedy_none")
        when = found.taken_at.strftime("%Y-%m-%d %H:%M")
        return StoreError("store.remedy_backup", when=when, copy=str(found.path))

    def guard(self) -> None:
        """Before a write to an SQLite file: it must still be the file opened, a database,
        and writable, or nothing is written (SQLite itself would carry on writing to a
        deleted file through its open handle, or into a file made read-only)."""
        if self.path is None or self.identity is None:
            return
        if self.damage is not None:
            raise self.damaged(self.damage)
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            self.rescue()
            raise StoreError("store.gone", path=self.label, remedy=self.remedy()) from None
        except OSError as problem:
            raise self.cannot_open(problem) from None
        if (info.st_dev, info.st_ino) != self.identity:
            self.rescue()  # what the replaced file held, while a connection still reads it
            if info.st_size == 0:  # not a history put back: an empty file made in its place
                raise StoreError("store.gone", path=self.label, remedy=self.remedy())
            self.dispose()  # its connections still hold the file that was there before
            self.check_file()
        if not info.st_mode & 0o222 or not os.access(self.path, os.W_OK):
            raise StoreError("store.read_only", path=self.label)
        folder = self.path.parent
        if not os.stat(folder).st_mode & 0o222 or not os.access(folder, os.W_OK):
            raise StoreError("store.read_only_folder", path=str(folder))
        # The header is not read here: opening and closing the file in this process would
        # drop the locks SQLite holds on it. SQLite reports a damaged page when it meets one.

    def rescue(self) -> None:
        """Copy a history deleted while open out of a connection that still reads it."""
        if self.rescued is not None or self.path is None:
            return
        try:
            raw = self.engine.raw_connection()  # a pooled one; a new one cannot open
        except (DBAPIError, sqlite3.Error):
            return
        try:
            self.rescued = backups.take(self.path, "rescued", source=raw.driver_connection)
        except StoreError:
            logger.warning("could not rescue the deleted history %s", self.path, exc_info=True)
        finally:
            raw.close()

    def _ours(self) -> bool:
        """Whether an existing SQLite file is a Scorepad history (or empty), read-only."""
        try:
            conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
            try:
                names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
            finally:
                conn.close()
        except sqlite3.DatabaseError:
            return False
        return not names or "alembic_version" in names

    def cannot_open(self, problem: BaseException) -> StoreError:
        detail = getattr(problem, "strerror", None) or str(problem).splitlines()[0]
        return StoreError("store.cannot_open", path=self.label, detail=detail)

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

    def write(self, work: Callable[[Connection], T]) -> T:
        """Run ``work`` in one write transaction: all of it happens, or none of it."""
        self.guard()
        for attempt in range(RETRIES):
            try:
                with self.engine.connect() as conn:
                    conn.execution_options(scorepad_write=True)
                    with conn.begin():
                        return work(conn)
            except DBAPIError as problem:
                if not self.retryable(problem) or attempt == RETRIES - 1:
                    raise self.translate(problem) from None
                time.sleep(random.uniform(0.01, 0.05) * (attempt + 1))
        raise AssertionError("unreachable")  # pragma: no cover

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
        if self.is_sqlite and self.path is not None and not self.path.exists():
            return StoreError("store.gone", path=self.label, remedy=self.remedy())
        if "not a database" in text or "malformed" in text:
            return self.not_ours() if self.identity is None else self.damaged(detail)
        if "database or disk is full" in text or code == "53100":
            return StoreError("store.disk_full", path=self.label)
        if "readonly" in text or "read-only" in text:
            return StoreError("store.read_only", path=self.label)
        if "locked" in text or "busy" in text:
            return StoreError("store.busy", path=self.label)
        if "disk i/o error" in text:
            if self.path is not None and _read_only_disk(self.path):
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


def _read_only_disk(path: Path) -> bool:
    """Whether the file system holding ``path`` is read-only now (turned so after an error:
    Linux then may not even say so in the mount flags, so a file is tried too)."""
    with contextlib.suppress(OSError, AttributeError):  # no statvfs on Windows
        if os.statvfs(path.parent).f_flag & os.ST_RDONLY:
            return True
    try:
        with tempfile.TemporaryFile(dir=path.parent):
            return False
    except OSError as problem:
        return problem.errno == errno.EROFS


def _sqlite_begin(conn: Connection) -> None:
    """Writers take the write lock up front, so the busy timeout can queue them safely;
    plain reads run each statement on its own (SQLite makes every statement atomic)."""
    options = conn.get_execution_options()
    if options.get("scorepad_write", False):
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    elif options.get("scorepad_snapshot", False):
        conn.exec_driver_sql("BEGIN")


class Prepared:
    """A Core statement compiled once per dialect and run on a raw DBAPI cursor.

    The history page and the statistics are small indexed queries; run through a full
    SQLAlchemy ``Connection`` they would spend more time in Python than in the database.
    The statement is still written once, in SQLAlchemy Core, for SQLite and PostgreSQL
    alike; only its execution is trimmed. Rows come back as plain tuples.
    """

    def __init__(self, statement: Any) -> None:
        self.statement = statement
        self._compiled: dict[str, tuple[str, Any, dict[str, Any], dict[str, Any]]] = {}

    def _compile(self, dialect: Any) -> tuple[str, Any, dict[str, Any], dict[str, Any]]:
        found = self._compiled.get(dialect.name)
        if found is None:
            compiled = self.statement.compile(dialect=dialect)
            defaults = dict(compiled.params)
            processors = {}
            for bind in compiled.binds.values():
                processor = bind.type.dialect_impl(dialect).bind_processor(dialect)
                if processor is not None:
                    processors[bind.key] = processor
            order = compiled.positiontup if dialect.positional else None
            found = (str(compiled), order, defaults, processors)
            self._compiled[dialect.name] = found
        return found

    def run(self, db: Database, cursor: Any, params: dict[str, Any]) -> list[tuple[Any, ...]]:
        sql, order, defaults, processors = self._compile(db.engine.dialect)
        values = {**defaults, **params}
        for name, processor in processors.items():
            if name in params:
                values[name] = processor(values[name])
        cursor.execute(sql, [values[name] for name in order] if order is not None else values)
        return cursor.fetchall()


def as_datetime(value: Any) -> Any:
    """SQLite hands datetimes back as text; PostgreSQL as datetimes already."""
    if isinstance(value, str):
        return datetime.fromisoformat(value)
    return value
