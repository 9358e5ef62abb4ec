"""Rotating copies of an SQLite history file, and putting one back.

Each copy is made with SQLite's online backup API, so it is a consistent snapshot even
while the app is writing (the WAL included), and lands in a ``backups`` folder beside the
file, named ``<file>.<YYYYMMDD-HHMMSS-micro>.<kind>.sqlite3``. Copies are made before
every schema upgrade, on the first use of the history on each calendar day, by hand from
Settings, of the current history just before a restore (so a restore can be undone), and
of a history that vanished while the app still had it open. Each kind keeps its newest
few (``KEEP``). A copy is written through ``scorepad.files.staged`` (a temporary name,
renamed once complete): a full disk leaves no half copy behind.

Photos of the table kept beside the history (``history.sqlite3-photos/``, one file per
photo and thumbnail, named by the SHA-256 of the photo's JPEG) are kept with the copies in
one content-addressed folder beside them shared by all of the history's copies
(``backups/history.sqlite3-photos/``): a copy links (``os.link``; copies where a file
system cannot link) each photo file its rows name that the folder lacks, so a daily copy of
an unchanged history adds no byte of photos. Pruning removes the files no remaining copy
names; a restore puts back every file the restored rows name that the history lacks,
checked against its name, and counts those it could not.

Only SQLite files are copied: a PostgreSQL server has its own tools (``pg_dump``).
This module knows files and ``sqlite3`` only; ``restoring`` ties it to an open store.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

from scorepad.files import staged, write_atomic
from scorepad.store.errors import BackupDamaged, StoreError

FOLDER = "backups"
KEEP = {"daily": 7, "upgrade": 3, "manual": 5, "restore": 5, "rescued": 3, "damaged": 3}
"""How many copies of each kind are kept (the newest ones)."""
KINDS = tuple(KEEP)
STAMP = "%Y%m%d-%H%M%S-%f"
NAME = re.compile(
    r"^(?P<name>.+)\.(?P<stamp>\d{8}-\d{6}-\d{6})\.(?P<kind>[a-z]+)(?:-(?P<revision>\w+))?"
    r"\.sqlite3$"
)
SIDE_FILES = ("-wal", "-shm", "-journal")
UNWRITABLE = ("SQLITE_NOTADB", "SQLITE_CORRUPT", "SQLITE_CANTOPEN")
"""Why a history cannot take a restore in place: it is then replaced as a file."""
PHOTOS_SUFFIX = "-photos"
"""A history's photo folder is named after it with this tail, beside it (and its copies'
shared one, in the backups folder)."""
DIGEST = re.compile(r"[0-9a-f]{64}")
MAX_PHOTO_FILE = 20 * 1024 * 1024
"""The most a photo file read back is allowed to hold (a kept photo is far smaller)."""


@dataclass(frozen=True)
class Backup:
    """One copy of a history file."""

    path: Path
    kind: str
    taken_at: datetime
    size: int
    revision: str | None = None
    """The schema revision it was taken at, for copies made before an upgrade."""
    plays: int | None = None
    """Live plays in it; None when the copy cannot be read (a damaged file's copy)."""


def folder_of(history: Path) -> Path:
    return history.parent / FOLDER


def photo_folder_of(history: Path) -> Path:
    """Where the photos of the SQLite history ``history`` are kept, beside it."""
    return history.with_name(history.name + PHOTOS_SUFFIX)


def shared_photos_of(history: Path) -> Path:
    """The photo files of every copy of ``history``, in its backups folder."""
    return folder_of(history) / (history.name + PHOTOS_SUFFIX)


def photo_file_names(digest: str) -> tuple[str, str]:
    """The names of a photo's file and of its thumbnail's."""
    return f"{digest}.jpg", f"{digest}.thumb.jpg"


def uri(path: Path, mode: str = "ro") -> str:
    """An SQLite URI naming ``path`` (percent-encoded) opened in ``mode`` (ro, rw)."""
    return f"{path.absolute().as_uri()}?mode={mode}"


def list_backups(history: Path, *, count: bool = True) -> list[Backup]:
    """The copies of ``history``, newest first (with their plays counted when ``count``)."""
    try:
        entries = list(os.scandir(folder_of(history)))
    except OSError:
        return []
    found = []
    for entry in entries:
        match = NAME.match(entry.name)
        if match is None or match["name"] != history.name or match["kind"] not in KEEP:
            continue
        try:
            size = entry.stat().st_size
        except OSError:
            continue
        path = Path(entry.path)
        found.append(
            Backup(
                path,
                match["kind"],
                datetime.strptime(match["stamp"], STAMP),
                size,
                match["revision"],
                count_plays(path) if count and match["kind"] != "damaged" else None,
            )
        )
    return sorted(found, key=lambda b: b.taken_at, reverse=True)


def kind_of(path: Path) -> str | None:
    match = NAME.match(path.name)
    return match["kind"] if match else None


def latest(history: Path) -> Backup | None:
    """The newest copy that can be put back (a damaged file's copy cannot)."""
    for backup in list_backups(history, count=False):
        if backup.kind != "damaged":
            return backup
    return None


def count_plays(path: Path) -> int | None:
    """Live plays in a copy, read without locks or side files; None if unreadable."""
    try:
        conn = sqlite3.connect(uri(path) + "&immutable=1", uri=True)
        try:
            row = conn.execute("SELECT count(*) FROM play WHERE deleted_at IS NULL").fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        return None
    return int(row[0])


def take(
    history: Path,
    kind: str,
    *,
    revision: str | None = None,
    source: sqlite3.Connection | None = None,
    now: datetime | None = None,
) -> Path:
    """A consistent copy of ``history`` (or of the open ``source`` connection to it) as a
    new backup of ``kind``; the oldest ones of that kind beyond ``KEEP`` are removed."""
    target = _target(history, kind, revision, now)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with staged(target) as partial:
            conn = source or sqlite3.connect(uri(history), uri=True)
            try:
                copy = sqlite3.connect(partial)
                try:
                    conn.backup(copy)
                    # a copy stands alone: one file, no -wal or -shm beside it
                    copy.execute("PRAGMA journal_mode = DELETE")
                    check = copy.execute("PRAGMA quick_check").fetchone()[0]
                finally:
                    copy.close()
            finally:
                if source is None:
                    conn.close()
            if check != "ok":  # a copy of a damaged file would push a good one out
                raise sqlite3.DatabaseError(f"database disk image is malformed: {check}")
    except sqlite3.DatabaseError as problem:
        if _corrupt(problem):
            raise BackupDamaged(path=str(history), detail=_detail(problem)) from None
        raise _failed("store.backup_failed", history, problem) from None
    except OSError as problem:
        raise _failed("store.backup_failed", history, problem) from None
    keep_photos(history, target)
    prune(history, kind)
    return target


def photos_named(copy: Path) -> dict[str, tuple[int, int]] | None:
    """The photos the rows of the SQLite file ``copy`` name: digest -> (size of its file,
    size of its thumbnail's); empty before photos were kept (revision 0015), None when the
    file cannot be read."""
    try:
        conn = sqlite3.connect(uri(copy) + "&immutable=1", uri=True)
        try:
            known = conn.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'play_photo'"
            ).fetchone()
            if known is None:
                return {}
            rows = conn.execute(
                "SELECT DISTINCT digest, size, thumb_size FROM play_photo"
            ).fetchall()
        finally:
            conn.close()
    except sqlite3.Error:
        return None
    return {
        str(digest): (int(size), int(thumb))
        for digest, size, thumb in rows
        if isinstance(digest, str) and DIGEST.fullmatch(digest)
    }


def keep_photos(history: Path, copy: Path) -> int:
    """Link into the copies' shared photo folder each photo file the rows of ``copy`` name
    that it lacks, from the history's own folder; returns how many files it added. Never
    raises: the copy of the plays stands whatever happens to its photos."""
    named = photos_named(copy)
    if not named:
        return 0
    source, shared = photo_folder_of(history), shared_photos_of(history)
    added = 0
    for digest in sorted(named):
        for name in photo_file_names(digest):
            target = shared / name
            if target.exists():
                continue
            with contextlib.suppress(OSError):
                shared.mkdir(exist_ok=True)
                _link_or_copy(source / name, target)
                added += 1
    return added


def _link_or_copy(source: Path, target: Path) -> None:
    """``target`` as another name of the file ``source`` (a kept photo's file is never
    changed in place, only replaced), or a copy of it where links are not possible (across
    file systems, a file system without them); OSError if ``source`` is missing."""
    try:
        os.link(source, target)
        return
    except FileExistsError:
        return
    except FileNotFoundError:
        raise
    except OSError:
        pass
    with staged(target) as partial:
        shutil.copyfile(source, partial)


def keep_damaged(history: Path) -> Path:
    """A byte-for-byte copy of a history SQLite cannot read (with its WAL, if any): what
    cannot be copied consistently is at least not thrown away."""
    target = _target(history, "damaged", None, None)
    wal = Path(f"{history}-wal")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with staged(target) as partial:
            shutil.copyfile(history, partial)
            if wal.exists():  # in place before the file it belongs to
                with staged(f"{target}-wal") as partial_wal:
                    shutil.copyfile(wal, partial_wal)
    except OSError as problem:
        _remove(Path(f"{target}-wal"))
        raise _failed("store.backup_failed", history, problem) from None
    prune(history, "damaged")
    return target


def daily(history: Path, now: datetime | None = None) -> Path | None:
    """A daily copy, unless one was taken today already (or the history is still empty)."""
    today: date = (now or datetime.now()).date()
    try:
        if history.stat().st_size == 0:
            return None
    except OSError:
        return None
    for backup in list_backups(history, count=False):
        if backup.kind == "daily" and backup.taken_at.date() == today:
            return None
    return take(history, "daily", now=now)


def prune(history: Path, kind: str) -> None:
    copies = [b for b in list_backups(history, count=False) if b.kind == kind]
    for old in copies[KEEP[kind] :]:
        for suffix in ("", *SIDE_FILES):
            _remove(Path(f"{old.path}{suffix}"))
    if copies[KEEP[kind] :]:  # only a copy gone can leave a photo file unnamed
        prune_photos(history)


def prune_photos(history: Path) -> int:
    """Remove the files of the copies' shared photo folder that no remaining copy names;
    returns how many. Nothing is removed when one of the copies cannot be read (a file
    left is only space; one removed could be a photo lost)."""
    shared = shared_photos_of(history)
    try:
        present = [entry.name for entry in os.scandir(shared) if entry.is_file()]
    except OSError:
        return 0
    wanted: set[str] = set()
    for backup in list_backups(history, count=False):
        if backup.kind == "damaged":  # copied byte for byte: it never took photos
            continue
        named = photos_named(backup.path)
        if named is None:
            return 0
        for digest in named:
            wanted.update(photo_file_names(digest))
    removed = 0
    for name in present:
        digest = name.split(".", 1)[0]
        if name in wanted or name not in photo_file_names(digest):
            continue  # named by a copy, or not a photo file (left alone)
        with contextlib.suppress(OSError):
            (shared / name).unlink()
            removed += 1
    return removed


def check_backup(backup: Path) -> str:
    """The schema revision of a copy that can be put back; StoreError naming it if not."""
    try:
        conn = sqlite3.connect(uri(backup) + "&immutable=1", uri=True)
        try:
            if conn.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise sqlite3.DatabaseError("database disk image is malformed")
            row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        finally:
            conn.close()
    except sqlite3.Error as problem:
        raise _failed("store.backup_unusable", backup, problem) from None
    if row is None:
        raise StoreError("store.backup_unusable", path=str(backup), detail="no schema version")
    return str(row[0])


def restore(history: Path, backup: Path, close: Callable[[], None]) -> Path | None:
    """Put ``backup`` back as ``history``; returns the copy kept of what it replaced.

    The current history is first copied (kind ``restore``, or ``damaged`` byte for byte
    when SQLite cannot read it), so the restore can itself be undone. A history SQLite can
    still write is overwritten through the backup API, in one transaction that other
    connections see like any other write; one that is missing or unreadable is replaced
    by renaming a complete copy over it, after ``close`` has shut every connection to it.
    """
    check_backup(backup)
    kept = keep_current(history)
    try:
        _copy_into(backup, history)
    except sqlite3.Error as problem:
        if getattr(problem, "sqlite_errorname", "") not in UNWRITABLE:
            raise _failed("store.cannot_write", history, problem) from None
        close()
        _replace_file(history, backup)
    return kept


def restore_photos(history: Path, backup: Path) -> int:
    """Put back into the history's photo folder each file the rows of ``backup`` name that
    it lacks, from the copies' shared folder, checked (a photo by its SHA-256, a thumbnail
    by its size) and written whole (``scorepad.files``); returns how many photos could not
    be put back (missing or damaged in the copy). Never raises."""
    named = photos_named(backup)
    if not named:
        return 0
    folder, shared = photo_folder_of(history), shared_photos_of(history)
    lost = 0
    for digest, sizes in sorted(named.items()):
        ok = True
        for thumb, name in enumerate(photo_file_names(digest)):
            size = sizes[thumb]
            if not _put_back(shared / name, folder / name, size, None if thumb else digest):
                ok = False
        lost += not ok
    return lost


def _put_back(source: Path, target: Path, size: int, digest: str | None) -> bool:
    """Whether ``target`` holds the photo file (of ``size`` bytes; of SHA-256 ``digest``
    when given) once done: as it was, or copied from ``source``."""
    with contextlib.suppress(OSError):
        if target.stat().st_size == size:
            return True
    try:
        with open(source, "rb") as handle:
            data = handle.read(MAX_PHOTO_FILE + 1)
    except OSError:
        return False
    if len(data) != size or (digest and hashlib.sha256(data).hexdigest() != digest):
        return False
    try:
        target.parent.mkdir(exist_ok=True)
        write_atomic(target, data)
    except OSError:
        return False
    return True


def keep_current(history: Path) -> Path | None:
    if not history.exists():
        return None
    try:
        return take(history, "restore")
    except BackupDamaged:
        return keep_damaged(history)


def _copy_into(backup: Path, history: Path) -> None:
    source = sqlite3.connect(uri(backup) + "&immutable=1", uri=True)
    try:
        target = sqlite3.connect(uri(history, "rw"), uri=True, timeout=30)
        try:
            source.backup(target)
        finally:
            target.close()
    finally:
        source.close()


def _replace_file(history: Path, backup: Path) -> None:
    try:
        with staged(history) as partial:
            source = sqlite3.connect(uri(backup) + "&immutable=1", uri=True)
            try:
                copy = sqlite3.connect(partial)
                try:
                    source.backup(copy)
                finally:
                    copy.close()
            finally:
                source.close()
            for suffix in SIDE_FILES:  # stale, and would be replayed into the new file
                _remove(Path(f"{history}{suffix}"))
    except (OSError, sqlite3.Error) as problem:
        raise _failed("store.cannot_write", history, problem) from None


def _target(history: Path, kind: str, revision: str | None, now: datetime | None) -> Path:
    stamp = (now or datetime.now()).strftime(STAMP)
    tail = f"{kind}-{revision}" if revision else kind
    target = folder_of(history) / f"{history.name}.{stamp}.{tail}.sqlite3"
    while target.exists():  # two copies in one microsecond: keep both
        stamp = _next(stamp)
        target = folder_of(history) / f"{history.name}.{stamp}.{tail}.sqlite3"
    return target


def _next(stamp: str) -> str:
    moment = datetime.strptime(stamp, STAMP)
    return moment.replace(microsecond=(moment.microsecond + 1) % 1_000_000).strftime(STAMP)


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)


def _corrupt(problem: sqlite3.Error) -> bool:
    return getattr(problem, "sqlite_errorname", "") in ("SQLITE_CORRUPT", "SQLITE_NOTADB") or (
        "malformed" in str(problem)
    )


def _failed(key: str, path: Path, problem: BaseException) -> StoreError:
    return StoreError(key, path=str(path), detail=_detail(problem))


def _detail(problem: BaseException) -> str:
    text = getattr(problem, "strerror", None) or str(problem)
    return text.splitlines()[0] if text else type(problem).__name__
