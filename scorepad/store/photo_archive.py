"""The history with its photos, as one archive: a ZIP file that ``export`` writes for
``--format zip`` and that ``import`` recognises by its first bytes, whatever its name.

```
history.json   the history file, exactly as the JSON export writes it (store.jsonfile)
photos.json    {"format": "scorepad-photos", "version": 1,
                "photos": [{"play": "<play uid>", "position": 1,
                            "file": "photos/<sha-256>.jpg", "created_at": "…"}, …]}
photos/<sha-256>.jpg   each photo once (two plays with one photo share its file)
```
An archive is read as a stranger's file: only those names are taken (a path that climbs
out, an absolute one, anything else refuses the whole archive), no entry may unpack to
more than its limit or much more than it takes packed (a ZIP bomb), every photo is checked
like an upload (``photo_image.admit``), and the plays and photos go in in one transaction:
on any problem nothing is imported, and no photo file is left behind.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import IO, Any, TextIO

from sqlalchemy import Connection, select

import scorepad.store.bulk as bulk
import scorepad.store.models as m
from scorepad.core import ScorepadError
from scorepad.core.errors import quote
from scorepad.files import replacing
from scorepad.store.database import Database
from scorepad.store.errors import StoreError, record_error
from scorepad.store.importing import Imported, import_plays
from scorepad.store.jsonfile import read_json
from scorepad.store.jsonstream import Reordered
from scorepad.store.kept import Kept
from scorepad.store.photo_image import MAX_BYTES, Prepared, admit
from scorepad.store.photos import Keeper, insert_photos, keeper_for, tidy
from scorepad.store.values import iso, parse_when

FORMAT = "scorepad-photos"
VERSION = 1
HISTORY = "history.json"
LISTING = "photos.json"
PHOTO_NAME = re.compile(r"photos/([0-9a-f]{64})\.jpg")
MAGIC = b"PK\x03\x04"
ARCHIVE_PROBLEMS = frozenset(
    {
        "photos.archive_big",
        "photos.archive_damaged",
        "photos.archive_list",
        "photos.archive_name",
        "photos.archive_play",
    }
)
"""The archive's own problems: raised as they are, not as a record's."""
HISTORY_MB = 200
"""The largest history file an archive may hold (as the app takes any history file)."""
LISTING_MB = 32
MAX_ENTRIES = 250_000
MAX_RATIO = 100
"""An entry may unpack to at most this many times its packed size (past a megabyte)."""

Writer = Callable[[Connection, TextIO], int]


def is_archive(path: str | Path | bytes) -> bool:
    """Whether the file at ``path`` (or these bytes) starts as a ZIP file does."""
    if isinstance(path, bytes):
        return path.startswith(MAGIC)
    try:
        with open(path, "rb") as handle:
            return handle.read(len(MAGIC)) == MAGIC
    except OSError:
        return False


# --- export ------------------------------------------------------------------------------
def write_archive(db: Database, path: str | Path, write_history: Writer) -> int:
    """The history (written by ``write_history``, the JSON export) and the photos of its
    live plays, as an archive at ``path``, replaced only once complete; how many plays."""
    keeper = keeper_for(db)
    target = Path(path)
    try:
        with (
            replacing(target, "wb") as out,
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, allowZip64=True) as archive,
            db.reading(snapshot=True) as conn,
        ):
            with (
                archive.open(HISTORY, "w", force_zip64=True) as raw,
                io.TextIOWrapper(raw, encoding="utf-8", newline="") as text,
            ):
                count = write_history(conn, text)
            listing = _write_photos(conn, keeper, archive)
            body = json.dumps(
                {"format": FORMAT, "version": VERSION, "photos": listing},
                ensure_ascii=False,
                indent=1,
            )
            archive.writestr(LISTING, body + "\n")
    except OSError as problem:
        detail = problem.strerror or str(problem)
        raise StoreError("store.cannot_write", path=str(target), detail=detail) from None
    return count


def _write_photos(
    conn: Connection, keeper: Keeper, archive: zipfile.ZipFile
) -> list[dict[str, Any]]:
    ph, p = m.play_photo, m.play
    rows = conn.execute(
        select(p.c.uid, ph.c.play_id, ph.c.position, ph.c.digest, ph.c.created_at)
        .join(p, p.c.id == ph.c.play_id)
        .where(p.c.deleted_at.is_(None))
        .order_by(p.c.played_at, p.c.uid, ph.c.position)
    )
    written: set[str] = set()
    listing = []
    for uid, play_id, position, digest, created in rows:
        name = f"photos/{digest}.jpg"
        if digest not in written:
            data = keeper.read(conn, play_id, position, digest, False)
            archive.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), data)
            written.add(digest)
        listing.append(
            {"play": uid, "position": position, "file": name, "created_at": iso(created)}
        )
    return listing


# --- import ------------------------------------------------------------------------------
def import_archive(db: Database, path: str | Path | bytes, source: str | None = None) -> Imported:
    """The plays and photos of an archive (a file, or its bytes, as uploaded from a
    device; ``source`` names it in messages): all of them, or, on any problem, none."""
    source = source or (str(path) if not isinstance(path, bytes) else "archive")
    opened = io.BytesIO(path) if isinstance(path, bytes) else path
    try:
        with zipfile.ZipFile(opened) as archive:
            entries = _checked_entries(archive, source)
            text = _text(archive, entries[HISTORY], source)
            listing = _listing(archive, entries, source)
            return _import(db, archive, entries, text, listing, source)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError) as problem:
        raise StoreError("photos.archive_damaged", source=source, detail=str(problem)) from None
    except OSError as problem:
        detail = problem.strerror or str(problem)
        raise StoreError("store.import_unreadable", source=source, detail=detail) from None


def _checked_entries(archive: zipfile.ZipFile, source: str) -> dict[str, zipfile.ZipInfo]:
    """The archive's entries by name, each a name Scorepad writes and of a sane size."""
    infos = archive.infolist()
    if len(infos) > MAX_ENTRIES:
        raise StoreError("photos.archive_damaged", source=source, detail=f"{len(infos)} files")
    found: dict[str, zipfile.ZipInfo] = {}
    for info in infos:
        name = info.filename
        if info.is_dir() and name == "photos/":
            continue
        if name in (HISTORY, LISTING):
            most = HISTORY_MB if name == HISTORY else LISTING_MB
        elif PHOTO_NAME.fullmatch(name):
            most = MAX_BYTES // (1024 * 1024)
        else:
            raise StoreError("photos.archive_name", source=source, name=quote(name[:200]))
        if name in found:
            raise StoreError("photos.archive_name", source=source, name=quote(name))
        if info.flag_bits & 0x1:  # encrypted: nothing Scorepad writes
            raise StoreError("photos.archive_damaged", source=source, detail=f"{name}: encrypted")
        packed = max(info.compress_size, 1)
        too_big = info.file_size > most * 1024 * 1024
        bomb = info.file_size > 1024 * 1024 and info.file_size > MAX_RATIO * packed
        if too_big or bomb:
            raise StoreError("photos.archive_big", source=source, name=quote(name), mb=most)
        found[name] = info
    if HISTORY not in found:
        raise StoreError("photos.archive_damaged", source=source, detail=f"no {HISTORY}")
    return found


def _read(archive: zipfile.ZipFile, info: zipfile.ZipInfo, source: str) -> bytes:
    """An entry's bytes, never more than it said it holds (its size was checked)."""
    with archive.open(info) as entry:
        data = _bounded(entry, info.file_size)
    if len(data) != info.file_size:
        detail = f"{info.filename}: {len(data)} bytes, not {info.file_size}"
        raise StoreError("photos.archive_damaged", source=source, detail=detail)
    return data


def _bounded(entry: IO[bytes], size: int) -> bytes:
    return entry.read(size + 1)


def _text(archive: zipfile.ZipFile, info: zipfile.ZipInfo, source: str) -> str:
    try:
        return _read(archive, info, source).decode("utf-8-sig")
    except UnicodeDecodeError as problem:
        detail = f"{info.filename}: {problem}"
        raise StoreError("photos.archive_damaged", source=source, detail=detail) from None


Listed = tuple[str, int, str, datetime | None]
"""A photo the archive lists: its play's uid, its place, its file, when it was added."""


def _listing(
    archive: zipfile.ZipFile, entries: dict[str, zipfile.ZipInfo], source: str
) -> list[Listed]:
    if LISTING not in entries:
        return []
    try:
        data = json.loads(_text(archive, entries[LISTING], source))
    except ValueError as problem:
        raise StoreError("photos.archive_list", source=source, where=str(problem)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StoreError("photos.archive_list", source=source, where="format")
    if data.get("version") != VERSION or not isinstance(data.get("photos"), list):
        raise StoreError("photos.archive_list", source=source, where="version")
    found: list[Listed] = []
    for i, item in enumerate(data["photos"]):
        where = f"photos[{i}]"
        if not isinstance(item, dict):
            raise StoreError("photos.archive_list", source=source, where=where)
        uid, position, name = item.get("play"), item.get("position"), item.get("file")
        if not isinstance(uid, str) or not uid or len(uid) > 64:
            raise StoreError("photos.archive_list", source=source, where=f"{where}.play")
        if isinstance(position, bool) or not isinstance(position, int) or not 0 < position < 10**6:
            raise StoreError("photos.archive_list", source=source, where=f"{where}.position")
        if not isinstance(name, str) or name not in entries or name in (HISTORY, LISTING):
            raise StoreError("photos.archive_list", source=source, where=f"{where}.file")
        found.append((uid, position, name, _when(item.get("created_at"))))
    return found


def _when(value: object) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        return parse_when(value)
    except ScorepadError:
        return None


def _import(
    db: Database,
    archive: zipfile.ZipFile,
    entries: dict[str, zipfile.ZipInfo],
    text: str,
    listing: list[Listed],
    source: str,
) -> Imported:
    keeper = keeper_for(db)
    written: list[str] = []

    def work(conn: Connection, whole: bool) -> Imported:
        kept = Kept()
        with bulk.full_cache(db, conn):
            done = import_plays(conn, read_json(conn, text, source, whole=whole, kept=kept))
        kept.finish(conn)
        added = _put_photos(conn, keeper, archive, entries, listing, source, written)
        return replace(done.with_kept(kept), photos=added)

    try:
        try:
            return db.write(lambda conn: work(conn, False))
        except Reordered:
            return db.write(lambda conn: work(conn, True))
    except BaseException:
        tidy(db, written)
        raise


def _put_photos(
    conn: Connection,
    keeper: Keeper,
    archive: zipfile.ZipFile,
    entries: dict[str, zipfile.ZipInfo],
    listing: list[Listed],
    source: str,
    written: list[str],
) -> int:
    """The listed photos, each with its play (imported now or held before): one the play
    holds already is skipped (importing an archive twice adds nothing)."""
    p, ph = m.play, m.play_photo
    uids = sorted({uid for uid, _, _, _ in listing})
    plays: dict[str, int] = {}
    for start in range(0, len(uids), 500):
        chunk = uids[start : start + 500]
        plays.update(conn.execute(select(p.c.uid, p.c.id).where(p.c.uid.in_(chunk))).all())
    made: dict[str, Prepared] = {}
    added = 0
    for uid, position, name, created in listing:
        play_id = plays.get(uid)
        if play_id is None:
            raise StoreError("photos.archive_play", source=source, name=name, uid=quote(uid))
        prepared = made.get(name)
        if prepared is None:
            try:
                prepared = admit(_read(archive, entries[name], source), name)
            except StoreError as problem:
                if problem.key in ARCHIVE_PROBLEMS:
                    raise
                raise record_error(source, name, problem) from None
            made[name] = prepared
        held = conn.execute(
            select(ph.c.position).where(ph.c.play_id == play_id, ph.c.digest == prepared.digest)
        ).first()
        if held is not None:
            continue
        written.append(prepared.digest)
        when = created or datetime.now().replace(microsecond=0)
        insert_photos(conn, keeper, play_id, [(prepared, position)], when, name)
        added += 1
    return added
