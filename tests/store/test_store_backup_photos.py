"""Backups of an SQLite history keep its photos of the table: one shared, content-addressed
folder beside the copies (a file linked once, whatever the number of copies naming it),
put back by a restore (a photo missing or damaged in the copy is counted, never a
traceback), and pruned with the copies that named it."""

from __future__ import annotations

import os
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from photo_files import jpeg

from scorepad.core import find_game
from scorepad.core.i18n import tr
from scorepad.core.scoring import PlayerSheet
from scorepad.store import Store, StoreError, open_store
from scorepad.store import backups as b

AZUL = find_game("azul")


def a_play(store: Store, a: int = 40, when: str = "2026-11-01T20:00") -> int:
    sheets = [PlayerSheet("Quentin", {"marker": a}), PlayerSheet("Rosa", {"marker": 30})]
    return store.save_play(AZUL, None, sheets, played_at=when)


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


def files_of(digest: str) -> list[str]:
    return sorted(b.photo_file_names(digest))


def test_a_photo_survives_a_purge_and_the_restore_of_an_earlier_backup(tmp_path):
    path = tmp_path / "history.sqlite3"
    with open_store(str(path)) as store:
        play = a_play(store)
        (photo,) = store.add_photos(play, [("board.jpg", jpeg(colour=(10, 120, 200)))])
        image = store.photo_bytes(play, 1)
        thumb = store.photo_bytes(play, 1, thumb=True)
        copy = store.back_up()
        assert names(b.shared_photos_of(path)) == files_of(photo.digest)
        store.delete_play(play)
        store.purge_play(play)
        assert names(b.photo_folder_of(path)) == []  # its files went with it
        done = store.restore(copy)
        assert done.photos_lost == 0
        assert [p.digest for p in store.photos(play)] == [photo.digest]
        assert store.photo_bytes(play, 1) == image
        assert store.photo_bytes(play, 1, thumb=True) == thumb
    assert names(b.photo_folder_of(path)) == files_of(photo.digest)


def test_a_daily_copy_adds_no_second_file_for_an_unchanged_photo(tmp_path):
    path = tmp_path / "history.sqlite3"
    with open_store(str(path)) as store:
        play = a_play(store)
        (photo,) = store.add_photos(play, [("board.jpg", jpeg())])
    start = datetime(2026, 11, 2, 9)
    for day in range(3):
        assert b.daily(path, now=start + timedelta(days=day)) is not None
    b.take(path, "manual")
    shared = b.shared_photos_of(path)
    assert names(shared) == files_of(photo.digest)  # one file each, for 4 copies
    for name in files_of(photo.digest):
        kept, own = (shared / name).stat(), (b.photo_folder_of(path) / name).stat()
        assert (kept.st_ino, kept.st_dev) == (own.st_ino, own.st_dev)  # the same file
        assert own.st_nlink == 2


def test_where_a_file_cannot_be_linked_it_is_copied(tmp_path, monkeypatch):
    path = tmp_path / "history.sqlite3"
    with open_store(str(path)) as store:
        play = a_play(store)
        (photo,) = store.add_photos(play, [("board.jpg", jpeg())])

    def cannot_link(*args: object, **kwargs: object) -> None:
        raise OSError(18, "Invalid cross-device link")  # as across file systems

    monkeypatch.setattr(os, "link", cannot_link)
    b.take(path, "manual")
    b.take(path, "manual")
    shared = b.shared_photos_of(path)
    assert names(shared) == files_of(photo.digest)
    for name in files_of(photo.digest):
        own = b.photo_folder_of(path) / name
        assert (shared / name).read_bytes() == own.read_bytes()
        assert (shared / name).stat().st_ino != own.stat().st_ino


def test_pruning_removes_only_the_files_no_remaining_copy_names(tmp_path):
    path = tmp_path / "history.sqlite3"
    with open_store(str(path)) as store:
        stays, goes = a_play(store), a_play(store, 12, "2026-11-02T20:00")
        (kept,) = store.add_photos(stays, [("a.jpg", jpeg(colour=(200, 200, 0)))])
        (lost,) = store.add_photos(goes, [("b.jpg", jpeg(colour=(0, 0, 250)))])
        start = datetime(2026, 11, 3, 9)
        b.take(path, "manual", now=start)
        store.delete_play(goes)
        store.purge_play(goes)
        shared = b.shared_photos_of(path)
        stray = shared / "notes.txt"
        stray.write_text("not a photo")
        for n in range(1, b.KEEP["manual"]):  # the first copy is still kept
            b.take(path, "manual", now=start + timedelta(hours=n))
        assert names(shared) == sorted([*files_of(kept.digest), *files_of(lost.digest), stray.name])
        b.take(path, "manual", now=start + timedelta(hours=9))  # pushes the first out
        assert names(shared) == sorted([*files_of(kept.digest), stray.name])
        assert len([c for c in store.backups() if c.kind == "manual"]) == b.KEEP["manual"]
        assert (
            store.photo_bytes(stays, 1)
            == (b.photo_folder_of(path) / f"{kept.digest}.jpg").read_bytes()
        )


def test_a_restore_puts_back_the_plays_and_counts_photos_missing_or_damaged(tmp_path):
    path = tmp_path / "history.sqlite3"
    with open_store(str(path)) as store:
        play = a_play(store)
        colours = [(250, 0, 0), (0, 250, 0), (0, 0, 250)]
        photos = store.add_photos(
            play, [(f"{n}.jpg", jpeg(colour=c)) for n, c in enumerate(colours)]
        )
        good = store.photo_bytes(play, 1)
        copy = store.back_up()
        store.delete_play(play)
        store.purge_play(play)
        shared = b.shared_photos_of(path)
        (shared / f"{photos[1].digest}.jpg").unlink()  # missing
        damaged = shared / f"{photos[2].digest}.jpg"
        data = bytearray(damaged.read_bytes())
        damaged.unlink()  # a link: write a damaged file of its own, the same size
        data[len(data) // 2] ^= 0xFF
        damaged.write_bytes(bytes(data))
        done = store.restore(copy)
        assert done.photos_lost == 2
        assert [p.position for p in store.photos(play)] == [1, 2, 3]  # the rows are back
        assert store.photo_bytes(play, 1) == good
        for position in (2, 3):
            with pytest.raises(StoreError):  # an empty frame, never the damaged bytes
                store.photo_bytes(play, position)
    assert not (b.photo_folder_of(path) / f"{photos[2].digest}.jpg").exists()
    for lang in ("en", "es", "fr", "de"):
        text = tr("manage.restore_photos_lost", lang, n=2)
        assert "2" in text and text != "manage.restore_photos_lost"


def test_restoring_drops_photos_added_since_and_undoing_brings_them_back(tmp_path):
    path = tmp_path / "history.sqlite3"
    with open_store(str(path)) as store:
        play = a_play(store)
        (first,) = store.add_photos(play, [("a.jpg", jpeg(colour=(1, 2, 3)))])
        copy = store.back_up()
        (later,) = store.add_photos(play, [("b.jpg", jpeg(colour=(90, 20, 200)))])
        kept = store.restore(copy).kept
        assert kept is not None
        assert [p.digest for p in store.photos(play)] == [first.digest]
        assert names(b.photo_folder_of(path)) == files_of(first.digest)  # none left over
        assert store.restore(kept).photos_lost == 0  # undo
        assert [p.digest for p in store.photos(play)] == [first.digest, later.digest]
        assert len(store.photo_bytes(play, 2)) == later.size
