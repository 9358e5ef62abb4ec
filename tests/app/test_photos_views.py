"""Photos of the table on the play screen and in History, driven without a browser over a
real SQLite history: the strip, a photo opened large, deleted and put back, photos added
from the device (with the problems named), and History's mark."""

from __future__ import annotations

import flet as ft
import pytest
from ui_helpers import click, context, find, fire, has, run_async, texts, walk

from scorepad.core import PlayerSheet, find_game
from scorepad.ui.errors import AppError
from scorepad.ui.history import StoreHistory
from scorepad.ui.photo_uploads import Picked
from scorepad.ui.views.history import HistoryView
from scorepad.ui.views.play import play_view
from tests.store.photo_files import jpeg, truncated_jpeg


@pytest.fixture
def history(tmp_path):
    plays = StoreHistory(str(tmp_path / "history.db"))
    yield plays
    plays.close()


def save(history: StoreHistory) -> int:
    sheets = [PlayerSheet("Yara", {"marker": 50}), PlayerSheet("Zeno", {"marker": 44})]
    return history.store.save_play(find_game("azul"), None, sheets)


def tap(root: object, ident: str) -> None:
    """A tap on a thumbnail of the strip (a picture inside its labelled button)."""
    fire(find(root, ident).content, "click")


def test_the_play_screen_shows_its_photos_and_opens_one_large(tmp_path, history):
    play = save(history)
    history.add_photos(play, [("a.jpg", jpeg(800, 600)), ("b.jpg", jpeg(300, 600))])
    ctx, _ = context(tmp_path, history=history)
    dialogs: list[ft.Control] = []
    ctx.show_dialog = dialogs.append
    root = play_view(ctx, str(play))
    assert has(root, "photo-1") and has(root, "photo-2") and not has(root, "photo-3")
    thumb = find(root, "photo-1").content.content
    assert isinstance(thumb, ft.Image) and thumb.src == history.photo_bytes(play, 1, thumb=True)
    assert has(root, "add-photo")
    tap(root, "photo-2")
    (dialog,) = dialogs
    large = find(dialog, "photo-large").content
    assert isinstance(large, ft.Image) and large.src == history.photo_bytes(play, 2)
    assert "Photo 2 of 2" in texts(dialog)


def test_a_photo_deleted_from_its_large_view_can_be_put_back(tmp_path, history):
    play = save(history)
    history.add_photos(play, [("a.jpg", jpeg()), ("b.jpg", jpeg(colour=(0, 0, 200)))])
    ctx, _ = context(tmp_path, history=history)
    dialogs: list[ft.Control] = []
    ctx.show_dialog = dialogs.append
    root = play_view(ctx, str(play))
    tap(root, "photo-1")
    click(dialogs[-1], "photo-delete")
    assert [p.position for p in history.photos(play)] == [2]
    assert has(root, "photo-1") and not has(root, "photo-2")
    bar = dialogs[-1]
    assert isinstance(bar, ft.SnackBar) and "Photo deleted." in texts(bar)
    click(bar, "undo")
    assert [p.position for p in history.photos(play)] == [1, 2]
    assert has(root, "photo-2")


def test_photos_picked_on_the_device_are_added_and_problems_named(tmp_path, history):
    play = save(history)
    ctx, _ = context(tmp_path, history=history, lang="fr")
    asked: list[int] = []

    async def picked(room: int) -> list[Picked]:
        asked.append(room)
        return [
            Picked("table.jpg", jpeg(2000, 1500, gps=True)),
            Picked("cassé.jpg", truncated_jpeg()),
            Picked("énorme.jpg", problem=AppError("photos.too_big", name="énorme.jpg", mb=20)),
        ]

    ctx.upload_photos = picked
    root = play_view(ctx, str(play))
    assert not has(root, "photo-1")
    button = find(root, "add-photo")
    run_async(lambda: button.on_click())  # type: ignore[misc]
    assert asked == [12]
    assert [p.width for p in history.photos(play)] == [1600]
    assert has(root, "photo-1") and not has(root, "photo-2")
    said = find(root, "photos-message").value
    assert "Photos ajoutées : 1." in said
    assert "cassé.jpg" in said and "énorme.jpg dépasse 20 Mo" in said


def test_history_marks_the_plays_with_photos(tmp_path, history):
    with_photos = save(history)
    save(history)
    history.add_photos(with_photos, [("a.jpg", jpeg()), ("b.jpg", jpeg(colour=(9, 9, 9)))])
    ctx, _ = context(tmp_path, history=history)
    root = HistoryView(ctx).build()
    marked = [n for n in (1, 2) if "Photos: 2" in texts(find(root, f"history-row-{n}"))]
    assert len(marked) == 1
    row = find(root, f"history-row-{marked[0]}")
    images = [c for c in walk(row) if isinstance(c, ft.Image)]
    assert [i.src for i in images] == [history.photo_bytes(with_photos, 1, thumb=True)]
    history.delete_play(with_photos)
    again = HistoryView(ctx).build()
    assert "Photos: 2" not in texts(again)
    assert not [c for c in walk(again) if isinstance(c, ft.Image)]


def test_a_phone_downloads_the_history_with_its_photos_and_another_imports_it(tmp_path, history):
    import io
    import zipfile

    from ui_helpers import type_into

    from scorepad.ui.app import view_for

    play = save(history)
    history.add_photos(play, [("a.jpg", jpeg()), ("b.jpg", jpeg(colour=(1, 1, 200)))])
    ctx, _ = context(tmp_path, history=history, lang="de")
    ctx.on_host = False
    handed: list[tuple[str, bytes]] = []

    async def download(name: str, data: bytes) -> None:
        handed.append((name, data))

    ctx.download = download
    root = view_for(ctx, "/settings")
    type_into(root, "export-format", "zip")
    run_async(find(root, "export-download").on_click)  # type: ignore[arg-type]
    ((name, data),) = handed
    assert name == "scorepad-history.zip"
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert len([n for n in archive.namelist() if n.startswith("photos/")]) == 2

    other_dir = tmp_path / "other"
    other_dir.mkdir()
    other, _ = context(other_dir, lang="de")
    other.on_host = False

    async def upload(extensions: list[str]) -> tuple[str, bytes] | None:
        assert "zip" in extensions
        return "club.zip", data

    other.upload = upload
    root2 = view_for(other, "/settings")
    run_async(find(root2, "import-upload").on_click)  # type: ignore[arg-type]
    said = find(root2, "history-message").value
    assert "club.zip" in said and "Fotos hinzugefügt: 2" in said
    theirs = other.services.history
    (summary,) = theirs.list_plays(None, 10).plays
    assert len(theirs.photos(summary.id)) == 2

    async def broken(extensions: list[str]) -> tuple[str, bytes] | None:
        return "broken.zip", data[: len(data) // 2]

    other.upload = broken
    run_async(find(root2, "import-upload").on_click)  # type: ignore[arg-type]
    message = find(root2, "history-message")
    assert message.color == ft.Colors.ERROR and "broken.zip" in message.value
