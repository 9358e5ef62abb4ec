"""Photos of the table kept with their play, behind one interface on every database.

A photo comes in as a file's bytes, is made fit to keep (``photo_image.prepare``: upright,
without metadata, at most 1600 pixels, a thumbnail) and gets a row of ``play_photo``: its
play, its place among the play's photos, its name (the SHA-256 of its JPEG), sizes, type.
Where its bytes live is the ``Keeper``'s concern, and nothing else knows:

- beside an SQLite file (``Folder``): in a folder of its own beside the history
  (``history.sqlite3-photos/``), one file per photo and per thumbnail, named by the
  photo's digest (two plays with the same photo share its file), each written whole or
  not at all (``scorepad.files``);
- on PostgreSQL, and for a history held in memory (``InTable``): in the row itself.

The backups of an SQLite history keep the photo files its rows name (``backups``): the
folder's naming is theirs, shared with this module.

Deleting a play hides its photos with it (every read goes through a live play); purging
it removes them. A file no row names any more is removed (``tidy``) in a write
transaction of its own, once the change that let it go is committed: a writer that adds
the same photo meanwhile must take the same lock, so a file is never removed under a row
that names it, and a failed write leaves no file behind.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Protocol

from sqlalchemy import ColumnElement, Connection, and_, delete, func, insert, select, update

import scorepad.store.models as m
from scorepad.files import write_atomic
from scorepad.store.backups import DIGEST, PHOTOS_SUFFIX, photo_file_names, photo_folder_of
from scorepad.store.database import Database
from scorepad.store.errors import StoreError
from scorepad.store.photo_image import MAX_BYTES, MAX_PHOTOS, Prepared, prepare

ph = m.play_photo
FOLDER_SUFFIX = PHOTOS_SUFFIX


@dataclass(frozen=True, slots=True)
class Photo:
    """A photo kept with a play, as the history lists it (its bytes are asked apart)."""

    play_id: int
    position: int
    """Its place among the play's photos (from 1; gaps stay where one was deleted)."""
    digest: str
    width: int
    height: int
    size: int
    mime: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class RemovedPhoto:
    """A photo taken off its play, with its bytes, so that it can be put back (undo)."""

    photo: Photo
    image: bytes
    thumb: bytes


class Keeper(Protocol):
    """Where photos' bytes live."""

    in_table: bool
    """The bytes are the row's ``data`` and ``thumb``."""

    def put(self, prepared: Prepared) -> None:
        """Keep the bytes of ``prepared`` (inside the write that adds its row)."""
        ...

    def read(
        self, conn: Connection, play_id: int, position: int, digest: str, thumb: bool
    ) -> bytes: ...

    def drop(self, digest: str) -> None:
        """The bytes of a photo no row names any more (inside ``tidy``'s write)."""
        ...


class InTable:
    """Photos' bytes in their rows (PostgreSQL, a history in memory)."""

    in_table = True

    def put(self, prepared: Prepared) -> None:
        pass

    def read(
        self, conn: Connection, play_id: int, position: int, digest: str, thumb: bool
    ) -> bytes:
        column = ph.c.thumb if thumb else ph.c.data
        found = conn.execute(
            select(column).where(ph.c.play_id == play_id, ph.c.position == position)
        ).scalar()
        if found is None:
            raise StoreError("photos.missing", position=position)
        return bytes(found)

    def drop(self, digest: str) -> None:
        pass


class Folder:
    """Photos' bytes as files in a folder beside the SQLite file, named by digest."""

    in_table = False

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path(self, digest: str, thumb: bool) -> Path:
        if not DIGEST.fullmatch(digest):  # names come from rows: never a path of anyone's
            raise StoreError("photos.missing", position=digest[:16])
        return self.folder / photo_file_names(digest)[thumb]

    def put(self, prepared: Prepared) -> None:
        try:
            self.folder.mkdir(exist_ok=True)
            for thumb, data in ((False, prepared.image), (True, prepared.thumb)):
                target = self.path(prepared.digest, thumb)
                if not target.is_file() or target.stat().st_size != len(data):
                    write_atomic(target, data)
        except OSError as problem:
            detail = problem.strerror or str(problem)
            raise StoreError("store.cannot_write", path=str(self.folder), detail=detail) from None

    def read(
        self, conn: Connection, play_id: int, position: int, digest: str, thumb: bool
    ) -> bytes:
        try:
            with open(self.path(digest, thumb), "rb") as handle:
                data = handle.read(MAX_BYTES + 1)
        except OSError:
            raise StoreError("photos.missing", position=position) from None
        if len(data) > MAX_BYTES:
            raise StoreError("photos.missing", position=position)
        return data

    def drop(self, digest: str) -> None:
        for thumb in (False, True):
            with contextlib.suppress(OSError):
                self.path(digest, thumb).unlink(missing_ok=True)

    def files(self) -> list[Path]:
        """Every file in the folder (for the tests: no orphan left behind)."""
        return sorted(self.folder.iterdir()) if self.folder.is_dir() else []


def keeper_for(db: Database) -> Keeper:
    """The history's keeper: a folder beside an SQLite file, else the table."""
    if db.path is not None:
        return Folder(photo_folder_of(db.path))
    return InTable()


def _photo(row: object) -> Photo:
    return Photo(
        row.play_id,  # type: ignore[attr-defined]
        row.position,  # type: ignore[attr-defined]
        row.digest,  # type: ignore[attr-defined]
        row.width,  # type: ignore[attr-defined]
        row.height,  # type: ignore[attr-defined]
        row.size,  # type: ignore[attr-defined]
        row.mime,  # type: ignore[attr-defined]
        row.created_at,  # type: ignore[attr-defined]
    )


_LISTED = (
    ph.c.play_id,
    ph.c.position,
    ph.c.digest,
    ph.c.width,
    ph.c.height,
    ph.c.size,
    ph.c.mime,
    ph.c.created_at,
)


def _live(play_id: int) -> ColumnElement[bool]:
    return and_(m.play.c.id == play_id, m.play.c.deleted_at.is_(None))


def _check_play(conn: Connection, play_id: int) -> None:
    if conn.execute(select(m.play.c.id).where(_live(play_id))).first() is None:
        raise StoreError("store.no_play", value=play_id)


def listing(db: Database, play_id: int) -> list[Photo]:
    """The photos of a live play, in their order (none for a deleted play)."""
    with db.reading() as conn:
        rows = conn.execute(
            select(*_LISTED)
            .join(m.play, m.play.c.id == ph.c.play_id)
            .where(_live(play_id))
            .order_by(ph.c.position)
        )
        return [_photo(row) for row in rows]


def marks(db: Database, play_ids: Sequence[int]) -> dict[int, tuple[Photo, int]]:
    """For each of ``play_ids`` with photos: its first photo and how many it has."""
    if not play_ids:
        return {}
    with db.reading() as conn:
        counts: dict[int, int] = dict(
            conn.execute(
                select(ph.c.play_id, func.count())
                .where(ph.c.play_id.in_(list(play_ids)))
                .group_by(ph.c.play_id)
            ).all()
        )
        if not counts:
            return {}
        firsts = (
            select(ph.c.play_id, func.min(ph.c.position).label("first"))
            .where(ph.c.play_id.in_(list(counts)))
            .group_by(ph.c.play_id)
            .subquery()
        )
        rows = conn.execute(
            select(*_LISTED)
            .join(
                firsts,
                and_(firsts.c.play_id == ph.c.play_id, firsts.c.first == ph.c.position),
            )
            .join(m.play, m.play.c.id == ph.c.play_id)
            .where(m.play.c.deleted_at.is_(None))
        )
        return {row.play_id: (_photo(row), int(counts[row.play_id])) for row in rows}


def read(db: Database, play_id: int, position: int, *, thumb: bool = False) -> bytes:
    """A live play's photo (or its thumbnail) as JPEG bytes."""
    keeper = keeper_for(db)
    with db.reading() as conn:
        digest = conn.execute(
            select(ph.c.digest)
            .join(m.play, m.play.c.id == ph.c.play_id)
            .where(_live(play_id), ph.c.position == position)
        ).scalar()
        if digest is None:
            raise StoreError("photos.missing", position=position)
        return keeper.read(conn, play_id, position, digest, thumb)


def add(db: Database, play_id: int, files: Sequence[tuple[str, bytes]]) -> list[Photo]:
    """Photos for a live play, from files (name, bytes): all of them, or, when one is
    refused (named in the message) or the play would have more than ``MAX_PHOTOS``,
    none."""
    with db.reading() as conn:
        _check_play(conn, play_id)
        _check_room(conn, play_id, len(files), files[-1][0] if files else "")
    prepared = [prepare(data, name) for name, data in files]
    return put(db, play_id, [(p, None) for p in prepared], files[-1][0] if files else "")


def put(
    db: Database, play_id: int, photos: Sequence[tuple[Prepared, int | None]], name: str = ""
) -> list[Photo]:
    """Photos made fit already, each at its own place (None: after the last), in one
    write; the files it wrote are removed again when it fails."""
    keeper = keeper_for(db)
    now = datetime.now().replace(microsecond=0)

    def work(conn: Connection) -> list[Photo]:
        _check_play(conn, play_id)
        return insert_photos(conn, keeper, play_id, photos, now, name)

    try:
        return db.write(work, touches=False)
    except BaseException:
        tidy(db, [p.digest for p, _ in photos])
        raise


def _check_room(conn: Connection, play_id: int, more: int, name: str) -> int:
    held = conn.execute(select(func.count()).where(ph.c.play_id == play_id)).scalar() or 0
    if held + more > MAX_PHOTOS:
        raise StoreError("photos.too_many", most=MAX_PHOTOS, name=name)
    return int(held)


def insert_photos(
    conn: Connection,
    keeper: Keeper,
    play_id: int,
    photos: Sequence[tuple[Prepared, int | None]],
    now: datetime,
    name: str = "",
) -> list[Photo]:
    """Rows (and bytes) for ``photos`` of ``play_id`` inside the caller's write: a place
    asked for is taken when free, else the photo goes after the last."""
    _check_room(conn, play_id, len(photos), name)
    taken = set(conn.execute(select(ph.c.position).where(ph.c.play_id == play_id)).scalars())
    added = []
    for prepared, wanted in photos:
        position = wanted if wanted is not None and wanted > 0 and wanted not in taken else None
        if position is None:
            position = max(taken, default=0) + 1
        taken.add(position)
        keeper.put(prepared)
        values = {
            "play_id": play_id,
            "position": position,
            "digest": prepared.digest,
            "width": prepared.width,
            "height": prepared.height,
            "size": len(prepared.image),
            "thumb_size": len(prepared.thumb),
            "mime": prepared.mime,
            "created_at": now,
        }
        if keeper.in_table:
            values.update(data=prepared.image, thumb=prepared.thumb)
        conn.execute(insert(ph).values(**values))
        added.append(
            Photo(
                play_id,
                position,
                prepared.digest,
                prepared.width,
                prepared.height,
                len(prepared.image),
                prepared.mime,
                now,
            )
        )
    return added


def remove(db: Database, play_id: int, position: int) -> RemovedPhoto:
    """Take a photo off a live play; it comes back with its bytes, for ``put_back``."""
    keeper = keeper_for(db)

    def work(conn: Connection) -> RemovedPhoto:
        _check_play(conn, play_id)
        row = conn.execute(
            select(*_LISTED).where(ph.c.play_id == play_id, ph.c.position == position)
        ).first()
        if row is None:
            raise StoreError("photos.missing", position=position)
        photo = _photo(row)
        image = keeper.read(conn, play_id, position, photo.digest, False)
        thumb = keeper.read(conn, play_id, position, photo.digest, True)
        conn.execute(delete(ph).where(ph.c.play_id == play_id, ph.c.position == position))
        return RemovedPhoto(photo, image, thumb)

    removed = db.write(work, touches=False)
    tidy(db, [removed.photo.digest])
    return removed


def put_back(db: Database, removed: RemovedPhoto) -> Photo:
    """A photo taken off (``remove``) back on its play, in its place when still free."""
    photo = removed.photo
    prepared = Prepared(
        removed.image, removed.thumb, photo.width, photo.height, photo.digest, photo.mime
    )
    return put(db, photo.play_id, [(prepared, photo.position)])[0]


def digests_of(db: Database, play_ids: Iterable[int]) -> list[str]:
    """The names of the photos of these plays (deleted or not)."""
    ids = list(play_ids)
    if not ids:
        return []
    with db.reading() as conn:
        return list(
            conn.execute(select(ph.c.digest).where(ph.c.play_id.in_(ids)).distinct()).scalars()
        )


def move_photos(conn: Connection, moves: dict[int, int]) -> None:
    """The photos of each play of ``moves`` given to the play it maps to (an imported
    play replaced by its later version, ``importing``), in the caller's write: the rows
    move, the bytes stay where they are."""
    for old, new in moves.items():
        conn.execute(update(ph).where(ph.c.play_id == old).values(play_id=new))


def tidy(db: Database, digests: Iterable[str]) -> None:
    """Remove the bytes of each of ``digests`` that no row names any more, in a write of
    its own (see the module's docstring). Never raises: a file left is only space."""
    keeper = keeper_for(db)
    wanted = sorted(set(digests))
    if keeper.in_table or not wanted:
        return

    def work(conn: Connection) -> None:
        held = set(
            conn.execute(select(ph.c.digest).where(ph.c.digest.in_(wanted)).distinct()).scalars()
        )
        for digest in wanted:
            if digest not in held:
                keeper.drop(digest)

    with contextlib.suppress(StoreError, OSError):
        db.write(work, touches=False)
