"""The backups of one history as the app and the CLI see them: list, copy now, put back.

``backups`` does the file work; this module ties it to a ``Database`` (its connections
must let go of a file that is replaced, and a copy taken before an upgrade comes back at
the newest schema). Restoring works on a history that cannot be opened at all, which is
when it is needed most.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import scorepad.store.backups as backups
import scorepad.store.photos as photos
from scorepad.store.backups import Backup
from scorepad.store.database import Database, resolve_url
from scorepad.store.errors import StoreError
from scorepad.store.migrate import check_known, upgrade
from scorepad.store.salvage import salvage


def file_of(db: Database) -> Path:
    """The SQLite file; StoreError for a server, whose backups are its own business."""
    if db.path is None:
        raise StoreError("store.backups_sqlite_only", path=db.label)
    return db.path


def listing(db: Database) -> list[Backup]:
    return backups.list_backups(file_of(db))


def back_up(db: Database) -> Path:
    """A copy made now, by hand."""
    path = file_of(db)
    db.guard()  # a deleted or damaged file is reported, not copied
    return backups.take(path, "manual")


@dataclass(frozen=True)
class Restored:
    kept: Path | None
    """The copy made of the history that was replaced (None: there was no file left)."""
    recovered: int = 0
    """Plays added back from it, when it was damaged: those the backup did not hold."""
    photos_lost: int = 0
    """Photos the restored rows name whose files the backup could not give back (missing
    or damaged): their plays are restored, each such photo shows as an empty frame."""


def restore(db: Database, backup: str | Path) -> Restored:
    """Put back one of the history's own backups."""
    path = file_of(db)
    chosen = Path(backup)
    if chosen not in {b.path for b in backups.list_backups(path, count=False)}:
        raise StoreError("store.backup_unknown", path=str(chosen))
    check_known(backups.check_backup(chosen), str(chosen))
    if db.identity is not None and not path.exists():
        db.rescue()  # a file deleted under us: keep what its connections still read
    held = _photo_digests(backups.photo_folder_of(path))
    kept = backups.restore(path, chosen, close=db.dispose)
    lost = backups.restore_photos(path, chosen)
    db.adopt()
    upgrade(db)  # a copy made before an upgrade comes back at the newest schema
    if kept is not None and backups.kind_of(kept) == "restore":
        photos.tidy(db, held)  # files only the replaced rows named: its copy has them
    if kept is not None and backups.kind_of(kept) == "damaged":
        return Restored(kept, salvage(kept, db), lost)
    return Restored(kept, photos_lost=lost)


def _photo_digests(folder: Path) -> set[str]:
    try:
        names = [entry.name for entry in os.scandir(folder)]
    except OSError:
        return set()
    return {name.split(".", 1)[0] for name in names if backups.DIGEST.match(name)}


def restore_history(url: str | None, backup: str | Path) -> Restored:
    """``restore`` for a history that is not open (it may be too damaged to open)."""
    db = Database(resolve_url(url))
    try:
        return restore(db, backup)
    finally:
        db.dispose()


def backups_at(url: str | None) -> list[Backup]:
    """The backups of the history at ``url``, whether or not it can be opened."""
    db = Database(resolve_url(url))
    try:
        return listing(db)
    finally:
        db.dispose()
