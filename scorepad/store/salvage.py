"""Plays rescued from a damaged history file after a backup was put back in its place.

A backup holds the plays up to the moment it was taken; the damaged file may hold later
ones in pages that are still sound. This reads that file (a copy of it, in a folder of
its own, with a header rebuilt if the damage reached it) play by play, skipping what
cannot be read, and adds back through the ordinary import every play whose uid the
restored history does not hold (decoded rows handed to the import as they are, no
JSON text in between). It is best effort by nature: a play whose pages were
overwritten is gone, and an edit made to an old play after the backup is not merged.
"""

from __future__ import annotations

import logging
import shutil
import sqlite3
import struct
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, create_engine, select
from sqlalchemy.engine import URL
from sqlalchemy.exc import DBAPIError

import scorepad.store.models as m
from scorepad.core import ScorepadError
from scorepad.store.database import Database
from scorepad.store.importing import import_records
from scorepad.store.jsonfile import plays_by_id
from scorepad.store.sqlitefile import SQLITE_HEADER
from scorepad.store.values import load

logger = logging.getLogger(__name__)

READ_ERRORS = (DBAPIError, sqlite3.Error, ScorepadError, ValueError, KeyError, TypeError)
"""What a damaged page can turn into on the way out: each costs one play, not all."""


def salvage(damaged: Path, db: Database) -> int:
    """Add back the plays of ``damaged`` that ``db`` lacks; returns how many were added."""
    with db.reading() as conn:
        have = set(conn.execute(select(m.play.c.uid)).scalars())
        page_size = int(conn.exec_driver_sql("PRAGMA page_size").scalar() or 4096)
    with tempfile.TemporaryDirectory(prefix="scorepad-salvage-") as folder:
        work = Path(folder) / "damaged.sqlite3"
        for suffix in ("", "-wal"):
            if Path(f"{damaged}{suffix}").exists():
                shutil.copyfile(f"{damaged}{suffix}", f"{work}{suffix}")
        _rebuild_header(work, page_size)
        engine = create_engine(URL.create("sqlite", database=str(work)))
        try:
            with engine.connect() as conn:
                games, templates, plays = _readable(conn, have)
        except READ_ERRORS as problem:
            logger.warning("nothing could be read back from %s: %s", damaged, problem)
            return 0
        finally:
            engine.dispose()

    def add(some: list[dict[str, Any]]) -> int:
        refs = {play["template"] for play in some}
        head = {"games": games, "templates": {ref: templates[ref] for ref in sorted(refs)}}
        return import_records(db, head, some, str(damaged)).plays

    try:
        return add(plays) if plays else 0
    except ScorepadError:
        pass  # some play was garbled by the damage: add the others one by one
    added = 0
    for play in plays:
        try:
            added += add([play])
        except ScorepadError as problem:
            logger.warning("a play of %s could not be added back: %s", damaged, problem)
    return added


def _readable(
    conn: Connection, have: set[str]
) -> tuple[list[Any], dict[str, Any], list[dict[str, Any]]]:
    games = []
    for (text,) in _rows(conn, select(m.game.c.definition).where(m.game.c.builtin.is_(False))):
        try:
            if text:
                games.append(load(text))
        except READ_ERRORS:
            continue
    templates: dict[str, Any] = {}
    refs: dict[int, str] = {}
    plays: list[dict[str, Any]] = []
    for play_id, uid, snapshot_id in _candidates(conn):
        if uid in have:
            continue
        try:
            if snapshot_id not in refs:
                digest, version, source, key = conn.execute(
                    select(m.snapshot.c.digest, m.snapshot.c.version, m.snapshot.c.source)
                    .add_columns(m.game.c.key)
                    .join(m.game, m.game.c.id == m.snapshot.c.game_id)
                    .where(m.snapshot.c.id == snapshot_id)
                ).one()
                refs[snapshot_id] = digest[:16]
                templates[digest[:16]] = {"game": key, "version": version, "source": load(source)}
            plays.extend(plays_by_id(conn, [play_id], refs))
        except READ_ERRORS:
            continue
    return games, templates, plays


def _candidates(conn: Connection) -> Iterator[tuple[int, str, int]]:
    """Every live play's id, uid and template: by a scan of the table, or, when the scan
    meets a damaged page, by asking for each id in turn."""
    p = m.play
    columns = select(p.c.id, p.c.uid, p.c.snapshot_id).where(p.c.deleted_at.is_(None))
    try:
        found = [(int(row[0]), str(row[1]), int(row[2])) for row in conn.execute(columns)]
    except READ_ERRORS:
        found = None
    if found is not None:
        yield from found
        return
    try:
        last = conn.execute(select(p.c.id).order_by(p.c.id.desc()).limit(1)).scalar() or 0
    except READ_ERRORS:
        return
    for play_id in range(1, last + 1):
        try:
            row = conn.execute(columns.where(p.c.id == play_id)).first()
        except READ_ERRORS:
            continue
        if row is not None:
            yield (int(row[0]), str(row[1]), int(row[2]))


def _rows(conn: Connection, statement: Any) -> list[Any]:
    try:
        return list(conn.execute(statement))
    except READ_ERRORS:
        return []


def _rebuild_header(work: Path, page_size: int) -> None:
    """When the damage reached the first bytes, write a plain header in their place (the
    page size of the restored history, which the file was a copy of): the pages behind
    it are read as they are. A file of this salvage's own, never the history."""
    with work.open("r+b") as handle:
        if handle.read(len(SQLITE_HEADER)) == SQLITE_HEADER:
            return
        wal = b"\x02\x02" if Path(f"{work}-wal").exists() else b"\x01\x01"
        header = bytearray(100)
        header[:16] = SQLITE_HEADER
        header[16:18] = struct.pack(">H", page_size if page_size < 65536 else 1)
        header[18:20] = wal
        header[20:24] = bytes([0, 64, 32, 32])  # reserved bytes, payload fractions
        header[44:48] = struct.pack(">I", 4)  # schema format
        header[56:60] = struct.pack(">I", 1)  # UTF-8
        header[92:96] = struct.pack(">I", 1)  # not the change counter: size from the file
        handle.seek(0)
        handle.write(bytes(header))
