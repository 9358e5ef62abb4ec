"""The SQLite file a history lives in: whether it is ours, whether it is still the file
that was opened, and what is wrong with it when it is not.

SQLite alone would carry on writing to a file deleted under it (through its open handle),
into a file made read-only, or over a file that is not a Scorepad history. ``HistoryFile``
checks the file before SQLite touches it and before every write, remembers which file was
opened (device and inode) and what damage SQLite reported, and words each problem with
its remedy: the newest backup, or the copy rescued from a file deleted while open.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import sqlite3
import stat
import tempfile
from pathlib import Path

from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError

import scorepad.store.backups as backups
from scorepad.store.errors import StoreError

SQLITE_HEADER = b"SQLite format 3\x00"

logger = logging.getLogger(__name__)


class HistoryFile:
    """One history file, and what is known about it since it was opened."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.label = str(path)
        self.identity: tuple[int, int] | None = None
        """The file opened (device, inode): writes go to it or nowhere."""
        self.rescued: Path | None = None
        """Where the contents of a file deleted while open were copied to."""
        self.damage: str | None = None
        """What SQLite found wrong in the file: nothing more is written into it."""

    def check(self) -> None:
        """Refuse, before SQLite touches it, a file that is not a database or is read-only."""
        if not self.path.exists():
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self.path.touch()  # an empty file is an empty SQLite database
            except OSError as problem:
                raise cannot_open(self.label, problem) from None
            self.adopt()
            return
        try:
            info = self.path.stat()
            with self.path.open("rb") as handle:
                header = handle.read(len(SQLITE_HEADER))
        except OSError as problem:
            raise cannot_open(self.label, problem) from None
        if not stat.S_ISREG(info.st_mode) or (header and header != SQLITE_HEADER):
            raise self.not_ours()
        if not info.st_mode & 0o222 or not os.access(self.path, os.W_OK):
            raise StoreError("store.read_only", path=self.label)
        if header and not self._ours():
            raise self.not_ours()
        self.adopt()

    def adopt(self) -> None:
        """The file now at ``path`` is the history (opened, or just restored)."""
        info = self.path.stat()
        self.identity = (info.st_dev, info.st_ino)
        self.rescued = None
        self.damage = None

    def not_ours(self) -> StoreError:
        """A file SQLite cannot read as a Scorepad history: damaged when copies of it were
        made (it was one), else someone else's file, which stays untouched."""
        if backups.latest(self.path) is not None:
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
        found = backups.latest(self.path)
        if found is None:
            return StoreError("store.remedy_none")
        when = found.taken_at.strftime("%Y-%m-%d %H:%M")
        return StoreError("store.remedy_backup", when=when, copy=str(found.path))

    def gone(self) -> StoreError:
        return StoreError("store.gone", path=self.label, remedy=self.remedy())

    def guard(self, engine: Engine) -> None:
        """Before a write: the file must still be the file opened, a database, and
        writable, or nothing is written. ``engine``'s connections still hold the file
        opened: a copy of a file deleted under them is rescued from one, and they are let
        go of when another history was put in its place."""
        if self.identity is None:
            return
        if self.damage is not None:
            raise self.damaged(self.damage)
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            self.rescue(engine)
            raise self.gone() from None
        except OSError as problem:
            raise cannot_open(self.label, problem) from None
        if (info.st_dev, info.st_ino) != self.identity:
            self.rescue(engine)  # what the replaced file held, while a connection still reads it
            if info.st_size == 0:  # not a history put back: an empty file made in its place
                raise self.gone()
            engine.dispose()  # its connections still hold the file that was there before
            self.check()
        if not info.st_mode & 0o222 or not os.access(self.path, os.W_OK):
            raise StoreError("store.read_only", path=self.label)
        folder = self.path.parent
        if not os.stat(folder).st_mode & 0o222 or not os.access(folder, os.W_OK):
            raise StoreError("store.read_only_folder", path=str(folder))
        # The header is not read here: opening and closing the file in this process would
        # drop the locks SQLite holds on it. SQLite reports a damaged page when it meets one.

    def rescue(self, engine: Engine) -> None:
        """Copy a history deleted while open out of a connection that still reads it."""
        if self.rescued is not None:
            return
        try:
            raw = engine.raw_connection()  # a pooled one; a new one cannot open
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

    def on_read_only_disk(self) -> bool:
        """Whether the file system holding the file is read-only now (turned so after an
        error: Linux then may not even say so in the mount flags, so a file is tried too)."""
        with contextlib.suppress(OSError, AttributeError):  # no statvfs on Windows
            if os.statvfs(self.path.parent).f_flag & os.ST_RDONLY:
                return True
        try:
            with tempfile.TemporaryFile(dir=self.path.parent):
                return False
        except OSError as problem:
            return problem.errno == errno.EROFS


def cannot_open(label: str, problem: BaseException) -> StoreError:
    detail = getattr(problem, "strerror", None) or str(problem).splitlines()[0]
    return StoreError("store.cannot_open", path=label, detail=detail)
