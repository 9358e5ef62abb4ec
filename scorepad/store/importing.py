"""Importing a file into the history: every play in it, or, on any problem, none.

This module is the whole way in for imports: it picks the reader for a file (Scorepad's
own history or a BG Stats file), reads big history files from their bytes, starts again
reading a document whole when its plays cannot be streamed (``Reordered``), and writes
the plays through ``import_plays`` inside one ``Database.write``, so an error anywhere
rolls back all. A reader turns its file into ``(template, PlayRows)`` pairs, raising a
``StoreError`` that names the record at the first problem; ``import_plays`` batches the
plays, skips those whose uid the history already holds (importing a file twice adds
nothing) and inserts the rest. The speed machinery is ``bulk``'s.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, delete, select, update

import scorepad.store.bulk as bulk
import scorepad.store.models as m
from scorepad.core import GameTemplate
from scorepad.store.bggread import is_collection, is_plays, read_bgg_plays, read_collection
from scorepad.store.bgsread import Report, read_bgsplay
from scorepad.store.database import Database
from scorepad.store.errors import StoreError
from scorepad.store.jsonfile import read_json, read_json_bytes, read_records
from scorepad.store.jsonstream import Reordered, decodes, head_text
from scorepad.store.kept import Kept
from scorepad.store.photos import move_photos
from scorepad.store.rows import BGG_PLAY_AT, IMPORTED_AT, PlayRows
from scorepad.store.values import load
from scorepad.store.writes import Tallies, insert_plays, put_tallies, set_deleted

BATCH = 2000
HEAD_BYTES = 4096
"""How much of a file is read to tell its format."""

Plays = Iterable[tuple[GameTemplate, PlayRows]]


@dataclass(frozen=True, slots=True)
class Imported:
    """What an import did. ``plays``: added; ``updated``: plays the history held, changed
    at the source since (a later BG Stats export); ``skipped``: plays it held unchanged,
    or met twice in the file."""

    plays: int
    skipped: int
    updated: int = 0
    players_added: tuple[str, ...] = ()
    games_added: tuple[str, ...] = ()
    locations_added: tuple[str, ...] = ()
    matched: tuple[tuple[str, str], ...] = ()
    """(BG Stats game name, Scorepad game) for each game matched to a game Scorepad has."""
    left_out: tuple[str, ...] = ()
    """Each record the file held that was not imported, with why."""
    bgstats: bool = False
    """Read from a BG Stats file or a BGG plays file (the fields above are its report)."""
    kept_back: tuple[str, ...] = ()
    """Fields of the file with no place in Scorepad, kept only to be written back on
    export, each with how many records held one ("playerScores.metaData: 284")."""
    duplicates: tuple[str, ...] = ()
    """Plays given twice in the file, the same both times: the later copy was skipped."""
    same_bgg_play: tuple[str, ...] = ()
    """Plays skipped because the history holds them already under their BoardGameGeek
    play id, imported from the other source ("bgg-123 (BGG 123)")."""
    collection: int = 0
    """Entries of a BGG collection export added to the collection."""
    collection_held: int = 0
    """Entries of a BGG collection export the collection held: brought up to date."""
    photos: int = 0
    """Photos added from an archive (``store.photo_archive``)."""
    settings_added: tuple[str, ...] = ()
    """Settings of a history file the history had not: taken (``store.kept``)."""
    settings_kept: tuple[tuple[str, str, str], ...] = ()
    """Settings the history holds with another value than the file's: (key, the
    history's, the file's), values as JSON text; the history's stayed."""
    players_kept: tuple[tuple[str, str, str, str], ...] = ()
    """Players' fields the history holds otherwise than the file: (player, field, the
    history's, the file's); the history's stayed (``Kept.players_kept``)."""

    def with_kept(self, kept: Kept) -> Imported:
        """This report with what became of a history file's settings and players' fields."""
        return replace(
            self,
            settings_added=tuple(kept.settings_added),
            settings_kept=tuple(kept.settings_kept),
            players_kept=tuple(kept.players_kept),
        )


def guess_format(source: str, text: str) -> str:
    """ "json" for Scorepad's own history files, "bgsplay" for BG Stats files, "bggplays"
    and "bggcollection" for BoardGameGeek's plays XML and collection CSV (told by their
    first characters, whatever the file's name)."""
    if is_plays(text):
        return "bggplays"
    if is_collection(text):
        return "bggcollection"
    if source.lower().endswith(".bgsplay"):
        return "bgsplay"
    return "json" if '"scorepad-history"' in text[:400] else "bgsplay"


BGG_FORMATS = ("bggplays", "bggcollection")


Progress = Callable[[int, int], None]
"""Told (plays read, plays in the file) while a BG Stats file is imported."""


def import_text(
    db: Database,
    text: str,
    source: str,
    fmt: str | None = None,
    progress: Progress | None = None,
) -> Imported:
    """A history file or a BG Stats file given as its text."""
    fmt = fmt or guess_format(source, text)
    if fmt in BGG_FORMATS:
        return _write_bgg(db, text, source, fmt, progress)
    if fmt != "json":
        return _write_bgs(db, text, source, progress)
    try:
        return _write(db, lambda c, k: read_json(c, text, source, whole=False, kept=k))
    except Reordered:
        return _write(db, lambda c, k: read_json(c, text, source, whole=True, kept=k))


def _write_bgs(db: Database, text: str | Path, source: str, progress: Progress | None) -> Imported:
    return _write_report(
        db, lambda c, report: read_bgsplay(c, text, source, report=report), progress
    )


def _write_bgg(
    db: Database, data: str | Path, source: str, fmt: str, progress: Progress | None
) -> Imported:
    if fmt == "bggplays":
        return _write_report(
            db, lambda c, report: read_bgg_plays(c, data, source, report=report), progress
        )

    def work(conn: Connection) -> Imported:
        added, held = read_collection(conn, data, source)
        return Imported(0, 0, collection=added, collection_held=held)

    return db.write(work)


def _write_report(
    db: Database, read: Callable[[Connection, Report], Plays], progress: Progress | None
) -> Imported:
    """Plays of a BG Stats or BGG plays file, with the report of what the file held."""

    def work(conn: Connection) -> Imported:
        report = Report(progress=progress)
        with bulk.full_cache(db, conn):
            done = import_plays(conn, read(conn, report))
        report.finish(conn)
        return Imported(
            done.plays,
            done.skipped,
            done.updated,
            tuple(sorted(report.players_added)),
            tuple(report.games_added),
            tuple(sorted(report.locations_added)),
            tuple(sorted(report.matched.items())),
            tuple(report.skipped),
            True,
            tuple(report.kept_back),
            tuple(report.duplicates),
            done.same_bgg_play,
        )

    return db.write(work)


def import_file(
    db: Database, path: str | Path, fmt: str | None = None, progress: Progress | None = None
) -> Imported:
    """A file by its path: a big history file is read from its bytes (see ``bulk``)."""
    source = str(path)
    try:
        with open(path, "rb") as handle:
            start = handle.read(HEAD_BYTES)
    except OSError as problem:
        raise _unreadable(source, problem) from None
    fmt = fmt or guess_format(source, head_text(start))
    if fmt == "bgsplay":
        # a BG Stats file is read from the file a piece at a time, never whole
        return _write_bgs(db, Path(path), source, progress)
    if fmt in BGG_FORMATS:
        return _write_bgg(db, Path(path), source, fmt, progress)
    try:
        data = Path(path).read_bytes()
    except OSError as problem:
        raise _unreadable(source, problem) from None
    done = _import_big(db, data, source, fmt)
    if done is not None:
        return done
    del data  # the text is read again below: never both in memory
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as problem:
        raise _unreadable(source, problem) from None
    return import_text(db, text, source, fmt, progress)


def import_records(
    db: Database, head: Mapping[str, Any], plays: Iterable[Any], source: str
) -> Imported:
    """Plays already decoded, in a history file's shape (``jsonfile``), with the head that
    holds their games and templates: what a damaged history still gives (``salvage``)."""
    return _write(db, lambda c, k: read_records(c, head, plays, source, k))


def _import_big(db: Database, data: bytes, source: str, fmt: str | None) -> Imported | None:
    """A big history file read from its bytes: as text it could take twice the memory
    (see ``parallel``). None when it is not one, or not laid out one play per line: such
    files take the ordinary way, which also words any problem as usual."""
    if not bulk.worth_sharing(len(data)):
        return None
    if (fmt or guess_format(source, head_text(data))) != "json" or not decodes(data):
        return None
    try:
        return _write(db, lambda c, k: read_json_bytes(c, data, source, k))
    except Reordered:
        return None


def _write(db: Database, read: Callable[[Connection, Kept], Plays]) -> Imported:
    def work(conn: Connection) -> Imported:
        kept = Kept()
        with bulk.full_cache(db, conn):
            done = import_plays(conn, read(conn, kept))
        kept.finish(conn)  # what names the plays' games, now that they are written
        return done.with_kept(kept)

    return db.write(work)


def import_plays(conn: Connection, plays: Plays) -> Imported:
    """Plays, each with the template it was scored with, in batches (see module doc)."""
    seen: set[str] = set()
    added = skipped = updated = 0
    batch: list[tuple[GameTemplate, PlayRows]] = []
    aside: list[str] | None = None
    tallies: Tallies | None = None
    """Counted as the plays are written when the tables' triggers are set aside (SQLite)."""
    found: list[str] = []
    """Plays the history holds from another source under the same BGG play id."""

    def flush() -> int:
        nonlocal aside, updated, tallies
        if aside is None:
            aside = bulk.set_upkeep_aside(conn)
            if aside and conn.dialect.name == "sqlite":
                tallies = Tallies()
        fresh = batch  # set aside: the history has no plays, and the write lock keeps it so
        replaced: list[tuple[int, datetime | None]] = []
        if not aside:
            uids = [p.uid for _, p in batch]
            query = select(m.play.c.uid, m.play.c.imported).where(m.play.c.uid.in_(uids))
            known = dict(conn.execute(query).all())
            changed = [
                pair
                for pair in batch
                if pair[1].uid in known and newer(pair[1].play[IMPORTED_AT], known[pair[1].uid])
            ]
            replaced = _set_aside(conn, [p.uid for _, p in changed])
            updated += len(changed)
            fresh = [pair for pair in batch if pair[1].uid not in known]
            fresh = _new_on_bgg(conn, fresh, found) + changed
        ids = insert_plays(conn, fresh, tallies)
        if replaced:  # the changed plays come last in ``fresh``
            _carry_over(conn, replaced, ids[len(ids) - len(replaced) :])
        count = len(fresh)
        batch.clear()
        return count

    with bulk.few_collections():
        for pair in plays:
            uid = pair[1].uid
            if uid in seen:
                skipped += 1
                continue
            seen.add(uid)
            batch.append(pair)
            if len(batch) >= BATCH:
                added += flush()
        if batch:
            added += flush()
    if aside:
        for statement in aside if tallies is not None else (*aside, *bulk.RECOUNT):
            conn.exec_driver_sql(statement)
        if tallies is not None:
            put_tallies(conn, tallies)
    added -= updated
    return Imported(
        added, len(seen) - added - updated + skipped, updated, same_bgg_play=tuple(found)
    )


def _set_aside(conn: Connection, uids: list[str]) -> list[tuple[int, datetime | None]]:
    """The id of each of the plays ``uids`` (in that order), with when it was deleted
    (None: it is not), each given a uid of its own for the moment so that its new
    version can be written beside it: the replaced play is removed only once what the
    history keeps with it has gone to the new one (``_carry_over``)."""
    if not uids:
        return []
    p = m.play
    held = {
        row.uid: row
        for row in conn.execute(select(p.c.uid, p.c.id, p.c.deleted_at).where(p.c.uid.in_(uids)))
    }
    found = [(int(held[uid].id), held[uid].deleted_at) for uid in uids]
    for play_id, _ in found:
        conn.execute(update(p).where(p.c.id == play_id).values(uid=f"\x01{play_id}"))
    return found


def _carry_over(
    conn: Connection, replaced: list[tuple[int, datetime | None]], ids: list[int]
) -> None:
    """What the history keeps with an imported play that a later version replaces: its
    photos, and its place in the bin when it was deleted here (``ids``: the new
    versions' ids, in the same order); then the replaced plays are removed."""
    moves = dict(zip((old for old, _ in replaced), ids, strict=True))
    move_photos(conn, moves)
    for (_, deleted_at), new in zip(replaced, ids, strict=True):
        if deleted_at is not None:
            set_deleted(conn, new, True)
            conn.execute(update(m.play).where(m.play.c.id == new).values(deleted_at=deleted_at))
    conn.execute(delete(m.play).where(m.play.c.id.in_(list(moves))))


def _new_on_bgg(
    conn: Connection, plays: list[tuple[GameTemplate, PlayRows]], found: list[str]
) -> list[tuple[GameTemplate, PlayRows]]:
    """``plays`` without those the history holds already under their BoardGameGeek play
    id from the other source (a BG Stats play synced to BGG, then the BGG plays file, or
    the other way round); each of those is named in ``found``. Plays of one source
    sharing an id (a BGG play of quantity 3) are all kept."""
    wanted = {p.play[BGG_PLAY_AT] for _, p in plays} - {None}
    if not wanted:
        return plays
    held: dict[object, set[bool]] = {}
    query = select(m.play.c.bgg_play_id, m.play.c.uid).where(m.play.c.bgg_play_id.in_(wanted))
    for bgg, uid in conn.execute(query):
        held.setdefault(bgg, set()).add(from_bgg(uid))
    fresh = []
    for pair in plays:
        bgg = pair[1].play[BGG_PLAY_AT]
        if bgg in held and (not from_bgg(pair[1].uid)) in held[bgg]:
            found.append(f"{pair[1].uid} (BGG {bgg})")
        else:
            fresh.append(pair)
    return fresh


def from_bgg(uid: str) -> bool:
    """Whether a play was made from a BGG plays file: "bgg-123", and its copies "bgg-123-2",
    "bgg-123-3" (a play of quantity 3)."""
    return _BGG_UID.fullmatch(uid) is not None


_BGG_UID = re.compile(r"bgg-\d+(-\d+)?")


def newer(given: object, held: object) -> bool:
    """Whether an imported play changed at its source since the history took it: its
    modification date (``imported["modified"]``, one form, so text order is time order)
    is later than the one held."""
    if not isinstance(given, str) or not isinstance(held, str):
        return False
    mine, theirs = load(given).get("modified"), load(held).get("modified")
    return isinstance(mine, str) and (not isinstance(theirs, str) or mine > theirs)


def _unreadable(source: str, problem: OSError | UnicodeDecodeError) -> StoreError:
    detail = getattr(problem, "strerror", None) or str(problem)
    return StoreError("store.import_unreadable", source=source, detail=detail)
