"""Photos of the table kept with their play, on SQLite (files beside the history) and on
PostgreSQL (bytes in the table): added, listed, read, deleted with undo, hidden with a
deleted play, removed with a purged one (no file left behind), limits with clear
messages, and carried by the archive export and import (nothing half-imported)."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from photo_files import gps_of, jpeg, png, size_of, truncated_jpeg

from scorepad.core import find_game
from scorepad.core.scoring import PlayerSheet
from scorepad.store import MAX_PHOTOS, Store, StoreError, open_store
from scorepad.store.photos import FOLDER_SUFFIX, Folder, keeper_for

AZUL = find_game("azul")


def a_play(store: Store, a: int = 40, b: int = 30, when: str = "2026-11-01T20:00") -> int:
    sheets = [PlayerSheet("Iris", {"marker": a}), PlayerSheet("Olaf", {"marker": b})]
    return store.save_play(AZUL, None, sheets, played_at=when)


def folder_files(store: Store) -> list[str]:
    keeper = keeper_for(store.db)
    return [p.name for p in keeper.files()] if isinstance(keeper, Folder) else []


def test_photos_are_added_listed_and_read_back(store: Store):
    play = a_play(store)
    added = store.add_photos(play, [("board.jpg", jpeg(3200, 2400, gps=True)), ("b.png", png())])
    assert [p.position for p in added] == [1, 2]
    listed = store.photos(play)
    assert listed == added
    assert (listed[0].width, listed[0].height) == (1600, 1200)
    image = store.photo_bytes(play, 1)
    assert size_of(image) == (1600, 1200) and gps_of(image) == {}
    assert len(image) == listed[0].size
    assert size_of(store.photo_bytes(play, 1, thumb=True)) == (320, 240)
    marks = store.photo_marks([play, play + 1000])
    assert list(marks) == [play] and marks[play][1] == 2 and marks[play][0].position == 1


def test_where_the_bytes_live(store: Store):
    play = a_play(store)
    photo = store.add_photos(play, [("board.jpg", jpeg())])[0]
    if store.db.path is not None:  # SQLite: files named by their digest beside the history
        folder = store.db.path.with_name(store.db.path.name + FOLDER_SUFFIX)
        assert folder.is_dir()
        assert folder_files(store) == [f"{photo.digest}.jpg", f"{photo.digest}.thumb.jpg"]
        with store.db.reading() as conn:
            held = conn.exec_driver_sql("SELECT data, thumb FROM play_photo").all()
        assert held == [(None, None)]
    else:  # PostgreSQL: in the table
        with store.db.reading() as conn:
            data = conn.exec_driver_sql("SELECT data FROM play_photo").scalar()
        assert bytes(data) == store.photo_bytes(play, 1)


def test_deleting_a_play_hides_its_photos_and_restoring_brings_them_back(store: Store):
    play = a_play(store)
    store.add_photos(play, [("board.jpg", jpeg())])
    store.delete_play(play)
    assert store.photos(play) == []
    assert store.photo_marks([play]) == {}
    with pytest.raises(StoreError):
        store.photo_bytes(play, 1)
    with pytest.raises(StoreError):
        store.add_photos(play, [("more.jpg", jpeg())])
    store.restore_play(play)
    assert len(store.photos(play)) == 1


def test_purging_a_play_removes_its_photos_and_leaves_no_file_behind(store: Store):
    kept = a_play(store)
    gone = a_play(store, 10, 20)
    shared = jpeg(colour=(10, 200, 10))
    store.add_photos(kept, [("same.jpg", shared)])
    store.add_photos(gone, [("same.jpg", shared), ("own.jpg", jpeg(colour=(0, 0, 250)))])
    own = store.photos(gone)[1].digest
    store.delete_play(gone)
    store.purge_play(gone)
    with store.db.reading() as conn:
        rows = conn.exec_driver_sql("SELECT play_id FROM play_photo").scalars().all()
    assert rows == [kept]
    files = folder_files(store)
    if store.db.path is not None:
        digest = store.photos(kept)[0].digest
        assert files == [f"{digest}.jpg", f"{digest}.thumb.jpg"]  # the shared one stays
        assert not any(own in name for name in files)
    store.purge_play(kept)
    assert folder_files(store) == []


def test_a_photo_deleted_can_be_put_back_in_its_place(store: Store):
    play = a_play(store)
    store.add_photos(play, [(f"p{n}.jpg", jpeg(colour=(n * 40, 10, 10))) for n in range(1, 4)])
    removed = store.remove_photo(play, 2)
    assert [p.position for p in store.photos(play)] == [1, 3]
    if store.db.path is not None:
        assert len(folder_files(store)) == 4  # its files went with it
    store.put_back_photo(removed)
    assert [p.position for p in store.photos(play)] == [1, 2, 3]
    assert store.photo_bytes(play, 2) == removed.image
    assert len(folder_files(store)) in (0, 6)


def test_at_most_twelve_photos_a_play_with_a_clear_message(store: Store):
    play = a_play(store)
    store.add_photos(play, [(f"p{n}.jpg", jpeg(60, 40, colour=(n, 9, 9))) for n in range(11)])
    with pytest.raises(StoreError) as refused:
        store.add_photos(play, [("twelve.jpg", jpeg(60, 40)), ("thirteen.jpg", jpeg(50, 40))])
    assert refused.value.message("en") == (
        "thirteen.jpg: a play keeps at most 12 photos. Delete one to add another."
    )
    assert len(store.photos(play)) == MAX_PHOTOS - 1  # none of the two
    store.add_photos(play, [("twelve.jpg", jpeg(60, 40))])
    assert len(store.photos(play)) == MAX_PHOTOS


def test_a_refused_file_adds_nothing_and_names_the_file(store: Store):
    play = a_play(store)
    with pytest.raises(StoreError) as refused:
        store.add_photos(play, [("ok.jpg", jpeg()), ("broken.jpg", truncated_jpeg())])
    assert "broken.jpg" in refused.value.message("es")
    assert store.photos(play) == []
    assert folder_files(store) == []


def test_a_failed_write_leaves_no_file_behind(store: Store, monkeypatch: pytest.MonkeyPatch):
    import scorepad.store.photos as photos

    play = a_play(store)

    def failing(*args: object, **kwargs: object) -> list[object]:
        keeper = args[1]
        keeper.put(photos.prepare(jpeg(), "x.jpg"))  # type: ignore[attr-defined]
        raise StoreError("store.no_play", value=play)

    monkeypatch.setattr(photos, "insert_photos", failing)
    with pytest.raises(StoreError):
        store.add_photos(play, [("x.jpg", jpeg())])
    assert folder_files(store) == []


def test_an_edit_and_its_undo_keep_the_photos(store: Store):
    from store_sheets import edit

    play = a_play(store)
    store.add_photos(play, [("board.jpg", jpeg())])
    sheets = [PlayerSheet("Iris", {"marker": 44}), PlayerSheet("Olaf", {"marker": 30})]
    edited = store.update_play(play, edit(store, play, sheets, notes="photo of the end"))
    assert len(store.photos(play)) == 1
    store.undo_edit(edited.before)
    assert len(store.photos(play)) == 1


# --- the archive ------------------------------------------------------------------------
def test_the_archive_round_trip_carries_every_photo(store: Store, pg_or_file: str, tmp_path):
    first = a_play(store, when="2026-11-01T20:00")
    second = a_play(store, 12, 30, when="2026-11-02T21:00")
    a_play(store, 5, 6, when="2026-11-03T21:00")  # no photos
    store.add_photos(first, [("a.jpg", jpeg(2000, 1500, gps=True)), ("b.png", png())])
    store.add_photos(second, [("c.jpg", jpeg(600, 800, orientation=6))])
    store.remove_photo(first, 1)  # a gap: positions are kept as they are
    deleted = a_play(store, 1, 2)
    store.add_photos(deleted, [("d.jpg", jpeg(colour=(1, 2, 250)))])
    store.delete_play(deleted)  # not exported, nor its photo
    path = tmp_path / "history.zip"
    assert store.export_file(path, "zip") == 3
    with zipfile.ZipFile(path) as archive:
        names = sorted(archive.namelist())
        listing = json.loads(archive.read("photos.json"))
    assert names[:2] == ["history.json", "photos.json"] and len(names) == 4
    assert [(p["position"]) for p in listing["photos"]] == [2, 1]

    with open_store(pg_or_file) as other:
        done = other.import_file(path)
        assert (done.plays, done.photos) == (3, 2)
        by_uid = {p.uid: p.id for p in other.list_plays().plays}
        for play in (first, second):
            uid = store.get_play(play).summary.uid
            theirs = by_uid[uid]
            assert [(p.position, p.digest, p.width, p.height) for p in other.photos(theirs)] == [
                (p.position, p.digest, p.width, p.height) for p in store.photos(play)
            ]
            for photo in store.photos(play):
                assert other.photo_bytes(theirs, photo.position) == store.photo_bytes(
                    play, photo.position
                )
        again = other.import_file(path)  # twice: nothing more
        assert (again.plays, again.photos) == (0, 0)
        assert sum(len(other.photos(i)) for i in by_uid.values()) == 2
        out = tmp_path / "again.zip"
        other.export_file(out, "zip")
    with zipfile.ZipFile(path) as one, zipfile.ZipFile(out) as two:
        assert one.read("photos.json") == two.read("photos.json")
        assert sorted(one.namelist()) == sorted(two.namelist())


def _archive(path: Path, entries: dict[str, bytes], *, store_only: bool = False) -> Path:
    method = zipfile.ZIP_STORED if store_only else zipfile.ZIP_DEFLATED
    with zipfile.ZipFile(path, "w", method) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return path


def _exported(store: Store, tmp_path: Path) -> tuple[bytes, dict[str, object], str]:
    """A history with one play and one photo, as an archive's parts."""
    play = a_play(store, 33, 22)
    store.add_photos(play, [("a.jpg", jpeg())])
    path = tmp_path / "source.zip"
    store.export_file(path, "zip")
    with zipfile.ZipFile(path) as archive:
        history = archive.read("history.json")
        listing = json.loads(archive.read("photos.json"))
    return history, listing, listing["photos"][0]["file"]


@pytest.mark.parametrize(
    "trick",
    ["../../evil.jpg", "/etc/passwd", "photos/../../x.jpg", "photos\\..\\x.jpg", "notes.txt"],
)
def test_an_archive_with_a_path_trick_is_refused_whole(
    store: Store, pg_or_file: str, tmp_path: Path, trick: str
):
    history, listing, _name = _exported(store, tmp_path)
    path = _archive(
        tmp_path / "trick.zip",
        {"history.json": history, "photos.json": json.dumps(listing).encode(), trick: b"x"},
    )
    with open_store(pg_or_file) as other:
        with pytest.raises(StoreError) as refused:
            other.import_file(path)
        assert refused.value.key == "photos.archive_name"
        assert "nothing was imported" in refused.value.message("en")
        assert other.list_plays().plays == ()
        assert folder_files(other) == []
    assert not (tmp_path.parent / "evil.jpg").exists()


def test_a_zip_bomb_is_refused_before_it_is_unpacked(store: Store, pg_or_file: str, tmp_path):
    history, listing, name = _exported(store, tmp_path)
    bomb = tmp_path / "bomb.zip"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("history.json", history)
        archive.writestr("photos.json", json.dumps(listing))
        with archive.open(name, "w", force_zip64=True) as entry:
            chunk = b"\0" * (1024 * 1024)
            for _ in range(30):  # 30 MB of zeros: a few kilobytes packed
                entry.write(chunk)
    assert bomb.stat().st_size < 1_000_000
    with open_store(pg_or_file) as other:
        with pytest.raises(StoreError) as refused:
            other.import_file(bomb)
        assert refused.value.key == "photos.archive_big"
        assert other.list_plays().plays == ()


def test_a_bad_photo_in_an_archive_imports_nothing(store: Store, pg_or_file: str, tmp_path):
    history, listing, name = _exported(store, tmp_path)
    second = dict(listing["photos"][0], file=name.replace(name[7:15], "0" * 8), position=2)  # type: ignore[index]
    listing["photos"].append(second)  # type: ignore[attr-defined]
    path = _archive(
        tmp_path / "bad.zip",
        {
            "history.json": history,
            "photos.json": json.dumps(listing).encode(),
            name: store.photo_bytes(store.list_plays().plays[0].id, 1),
            second["file"]: truncated_jpeg(),
        },
    )
    with open_store(pg_or_file) as other:
        with pytest.raises(StoreError) as refused:
            other.import_file(path)
        text = refused.value.message("en")
        assert second["file"] in text and "damaged" in text
        assert other.list_plays().plays == ()  # not the plays either
        assert folder_files(other) == []  # nor the good photo's file


def test_a_photo_of_a_play_nobody_holds_imports_nothing(store: Store, pg_or_file, tmp_path):
    history, listing, name = _exported(store, tmp_path)
    listing["photos"][0]["play"] = "no-such-play"  # type: ignore[index]
    path = _archive(
        tmp_path / "orphan.zip",
        {
            "history.json": history,
            "photos.json": json.dumps(listing).encode(),
            name: store.photo_bytes(store.list_plays().plays[0].id, 1),
        },
    )
    with open_store(pg_or_file) as other:
        with pytest.raises(StoreError) as refused:
            other.import_file(path)
        assert refused.value.key == "photos.archive_play"
        assert other.list_plays().plays == ()


def test_a_damaged_archive_is_said_so(tmp_path):
    path = tmp_path / "damaged.zip"
    path.write_bytes(b"PK\x03\x04" + b"\x00" * 100)
    with open_store(str(tmp_path / "h.sqlite3")) as store, pytest.raises(StoreError) as refused:
        store.import_file(path)
    assert refused.value.key == "photos.archive_damaged"
    assert str(path) in refused.value.message("en")


def test_a_history_in_memory_keeps_its_photos_in_the_table():
    with open_store("sqlite://") as store:
        play = a_play(store)
        store.add_photos(play, [("a.jpg", jpeg())])
        assert size_of(store.photo_bytes(play, 1)) == (400, 300)


def test_an_archive_without_photos_imports_as_a_history(store: Store, pg_or_file, tmp_path):
    a_play(store)
    out = io.StringIO()
    store.export(out, "json")
    path = _archive(tmp_path / "plain.zip", {"history.json": out.getvalue().encode()})
    with open_store(pg_or_file) as other:
        done = other.import_file(path)
        assert (done.plays, done.photos) == (1, 0)


def test_the_command_line_exports_an_archive_by_its_name_and_imports_it(tmp_path, capsys):
    from scorepad.cli import main

    source, target = str(tmp_path / "a.sqlite3"), str(tmp_path / "b.sqlite3")
    with open_store(source) as store:
        play = a_play(store)
        store.add_photos(play, [("board.jpg", jpeg())])
    archive = tmp_path / "club.zip"
    assert main(["export", str(archive), "--db", source]) == 0  # .zip: an archive
    assert zipfile.is_zipfile(archive)
    plain = tmp_path / "club.json"
    assert main(["export", str(plain), "--db", source]) == 0
    assert plain.read_text(encoding="utf-8").startswith('{"format": "scorepad-history"')
    capsys.readouterr()
    renamed = tmp_path / "club.backup"  # told by its first bytes, whatever its name
    renamed.write_bytes(archive.read_bytes())
    assert main(["import", str(renamed), "--db", target, "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Fotos hinzugefügt: 1" in out
    assert main(["import", str(renamed), "--db", target, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"imported": 0, "skipped": 1}
    with open_store(target) as other:
        (theirs,) = other.list_plays().plays
        assert len(other.photos(theirs.id)) == 1
