"""Every store test runs twice: on a real SQLite file and on a real PostgreSQL database.

PostgreSQL: the server named by $SCOREPAD_TEST_PG (an SQLAlchemy URL of a role allowed to
create databases; default postgresql+psycopg://scorepad:scorepad@localhost:5432/postgres).
Each test gets a database of its own, created and dropped here. Without a reachable server
the PostgreSQL half is reported as skipped, with the reason.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import psycopg
import pytest
from sqlalchemy.engine import make_url

from scorepad.store import Store, open_store

PG_ENV = "SCOREPAD_TEST_PG"
PG_DEFAULT = "postgresql+psycopg://scorepad:scorepad@localhost:5432/postgres"


def _admin_dsn() -> tuple[str | None, str]:
    url = make_url(os.environ.get(PG_ENV) or PG_DEFAULT)
    dsn = url.set(drivername="postgresql").render_as_string(hide_password=False)
    try:
        with psycopg.connect(dsn, connect_timeout=3) as conn:
            conn.execute("SELECT 1")
    except psycopg.Error as problem:
        reason = str(problem).strip().splitlines()[0] if str(problem).strip() else "no answer"
        return None, f"no PostgreSQL server for the store tests ({PG_ENV}): {reason}"
    return dsn, ""


_ADMIN: tuple[str | None, str] | None = None


def admin_dsn() -> str:
    global _ADMIN
    if _ADMIN is None:
        _ADMIN = _admin_dsn()
    dsn, reason = _ADMIN
    if dsn is None:
        pytest.skip(reason)
    return dsn


def _with_database(dsn: str, name: str) -> str:
    url = make_url(dsn).set(drivername="postgresql+psycopg", database=name)
    return url.render_as_string(hide_password=False)


@contextmanager
def fresh_database(*, empty: bool = False) -> Iterator[str]:
    """A new PostgreSQL database with no plays, at the newest revision (``empty``: with
    nothing in it at all, for a test of building or upgrading one), dropped afterwards.

    The server's part is done beside the tests, one statement at a time in a thread of
    this process (``_BESIDE``): the next test's database is created while this one runs
    (``_SPARE``), and this one is dropped while the next runs. A drop that failed there
    fails the next test that asks for a database; the last spare is dropped at exit.

    A database at the newest revision is a copy of one that the migrations built once per
    process (``_template``): running them all again for each test took about 2 seconds of
    its own (some 400 tests)."""
    dsn = admin_dsn()
    _raise_failed_drop()
    if empty:
        name = _BESIDE.submit(_create, dsn, False).result()
    else:
        name = _SPARE.pop().result() if _SPARE else _BESIDE.submit(_create, dsn).result()
        _SPARE.append(_BESIDE.submit(_create, dsn))
    try:
        yield _with_database(dsn, name)
    finally:
        _DROPS.append(_BESIDE.submit(_drop, dsn, name))


_TEMPLATE: list[str] = []
"""This process's database at the newest revision, built by the migrations (the store's
own opening), copied for each test: created in ``_BESIDE``'s thread, dropped at exit."""


def _create(dsn: str, copied: bool = True) -> str:
    """A new database: a copy of this process's template, or (not ``copied``) empty."""
    name = f"scorepad_test_{uuid.uuid4().hex[:12]}"
    copy = f' TEMPLATE "{_template(dsn)}"' if copied else ""
    for attempt in range(40):
        try:
            with psycopg.connect(dsn, autocommit=True) as conn:
                conn.execute(f'CREATE DATABASE "{name}"{copy}')
            return name
        except psycopg.errors.ObjectInUse:  # an autovacuum worker on the template: soon done
            if attempt == 39:
                raise
            time.sleep(0.25)
    raise AssertionError("unreachable")


def _template(dsn: str) -> str:
    """A database is copied only while nobody is connected to it: once built, the
    template takes no new connection (an autovacuum worker's neither)."""
    if not _TEMPLATE:
        name = _create(dsn, False)
        opened = open_store(_with_database(dsn, name))  # the migrations, all of them
        opened.close()
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        _TEMPLATE.append(name)
    return _TEMPLATE[0]


_BESIDE = ThreadPoolExecutor(max_workers=1, thread_name_prefix="test-databases")
_SPARE: list[Future[str]] = []
_DROPS: list[Future[None]] = []


def _raise_failed_drop() -> None:
    done = [drop for drop in _DROPS if drop.done()]
    for drop in done:
        _DROPS.remove(drop)
    for drop in done:
        drop.result()  # raises what the drop raised


@atexit.register
def _drop_the_spare() -> None:
    """The spare no test took, once every drop is done: at the session's end, and at
    exit for a process that imported this module for its ``fresh_database`` alone."""
    for drop in [*_DROPS]:
        with contextlib.suppress(Exception):
            drop.result()
    if _ADMIN is not None and _ADMIN[0] is not None:
        while _SPARE:
            with contextlib.suppress(Exception):
                _drop(_ADMIN[0], _SPARE.pop().result())
        while _TEMPLATE:
            with contextlib.suppress(Exception):
                _drop(_ADMIN[0], _TEMPLATE.pop())


def pytest_sessionfinish() -> None:
    _drop_the_spare()


def _drop(dsn: str, name: str) -> None:
    """Drop a test's database. FORCE ends the test's own sessions, but not an autovacuum
    worker (the server's own role) that may be tidying the database at that moment: then
    the drop is tried again once the worker has finished, which takes a moment."""
    for attempt in range(40):
        try:
            with psycopg.connect(dsn, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            return
        except (psycopg.errors.InsufficientPrivilege, psycopg.errors.ObjectInUse):
            if attempt == 39:
                raise
            time.sleep(0.25)


@pytest.fixture
def pg_url() -> Iterator[str]:
    with fresh_database() as url:
        yield url


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's history lives: an SQLite file, or a PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "history.sqlite3")
    return request.getfixturevalue("pg_url")


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def empty_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """``url``, with nothing in it at all: for a history built or upgraded step by step."""
    if request.param == "sqlite":
        yield str(tmp_path / "history.sqlite3")
        return
    with fresh_database(empty=True) as url:
        yield url


@pytest.fixture
def store(url: str) -> Iterator[Store]:
    with open_store(url) as opened:
        yield opened


@pytest.fixture
def pg_or_file(url: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """A second, empty history on the same kind of database as ``url``."""
    if url.startswith("postgresql"):
        return request.getfixturevalue("pg_url_2")
    return str(tmp_path / "second.sqlite3")


@pytest.fixture
def pg_url_2() -> Iterator[str]:
    with fresh_database() as url:
        yield url
