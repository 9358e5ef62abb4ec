"""Where the history lives, and the one way in: engines, connections and transactions.

Everything else in the store asks this module for a connection. SQLite files get WAL mode,
foreign keys, a busy timeout and ``BEGIN IMMEDIATE`` for writes (so two writers queue up
instead of failing half-way); every write runs as one function inside one transaction and
is retried when the database stays busy or PostgreSQL reports a serialization conflict.
"""

from __future__ import annotations

import os
import random
import sqlite3
import stat
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

from scorepad.store.messages import StoreError

DB_ENV = "SCOREPAD_DB"
SQLITE_HEADER = b"SQLite format 3\x00"
BUSY_TIMEOUT_S = 30
RETRIES = 8
CACHE_KIB = 32 * 1024
"""SQLite's page cache per connection; the 2 MB default thrashes on big imports."""

T = TypeVar("T")


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

    def __init__(self, url: URL) -> None:
        self.url = url
        self.is_sqlite = url.get_backend_name() == "sqlite"
        self.path: Path | None = None
        if self.is_sqlite and url.database not in (None, "", ":memory:"):
            self.path = Path(url.database or "")
        self.label = str(self.path) if self.path else url.render_as_string(hide_password=True)
        self.engine = self._engine()

    def _engine(self) -> Engine:
        if not self.is_sqlite:
            return create_engine(self.url, pool_pre_ping=True)
        engine = create_engine(
            self.url, connect_args={"timeout": BUSY_TIMEOUT_S, "check_same_thread": False}
        )
        event.listen(engine, "connect", _sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)
        return engine

    def check_file(self) -> None:
        """Refuse, before SQLite touches it, a file that is not a database or is read-only."""
        if self.path is None:
            return
        if not self.path.exists():
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as problem:
                raise self.cannot_open(problem) from None
            return
        try:
            info = self.path.stat()
            with self.path.open("rb") as handle:
                header = handle.read(len(SQLITE_HEADER))
        except OSError as problem:
            raise self.cannot_open(problem) from None
        if not stat.S_ISREG(info.st_mode) or (header and header != SQLITE_HEADER):
            raise StoreError("store.not_database", path=self.label)
        if not info.st_mode & 0o222 or not os.access(self.path, os.W_OK):
            raise StoreError("store.read_only", path=self.label)
        if header and not self._ours():
            raise StoreError("store.not_database", path=self.label)

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
        except OperationalError as problem:
            raise self.translate(problem) from None

    @contextmanager
    def cursor(self) -> Iterator[Any]:
        """A raw DBAPI cursor from the pool, for the hot read paths (see ``Prepared``)."""
        raw = self.engine.raw_connection()
        try:
            cursor = raw.cursor()
            try:
                yield cursor
            finally:
                cursor.close()
        except self.engine.dialect.loaded_dbapi.OperationalError as problem:
            raise self.translate(OperationalError(None, None, problem)) from None
        finally:
            raw.close()

    def write(self, work: Callable[[Connection], T]) -> T:
        """Run ``work`` in one write transaction: all of it happens, or none of it."""
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
        text = str(problem.orig).lower()
        if "not a database" in text or "malformed" in text:
            return StoreError("store.not_database", path=self.label)
        if "readonly" in text or "read-only" in text:
            return StoreError("store.read_only", path=self.label)
        if "locked" in text or "busy" in text:
            return StoreError("store.busy", path=self.label)
        if isinstance(problem, OperationalError):
            return self.cannot_open(problem.orig or problem)
        return problem

    def dispose(self) -> None:
        self.engine.dispose()


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # transactions are begun by _sqlite_begin
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_S * 1000}")
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.execute("PRAGMA synchronous = NORMAL")
    cursor.execute(f"PRAGMA cache_size = -{CACHE_KIB}")
    cursor.close()


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
