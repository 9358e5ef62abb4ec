"""Phones never reach the host's files: the path fields are for the app's own session on
that computer, and what is read from a path is a regular file of a sane size, read off the
event loop (a FIFO and /dev/zero neither block nor bloat the server)."""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path

import flet as ft
import pytest
from ui_helpers import click, context, find, has, type_into

from scorepad.core import ScorepadError
from scorepad.ui.app import view_for
from scorepad.ui.host_files import MAX_BYTES, check_file, read_text
from scorepad.ui.share import is_local
from scorepad.ui.views.games import GamesView

GAME = {
    "id": "pairs",
    "name": {"en": "Pairs"},
    "players": {"min": 2, "max": 4},
    "lines": [{"key": "pairs", "label": {"en": "Pairs"}, "kind": "points"}],
}


def test_which_addresses_are_this_computers():
    assert is_local("127.0.0.1") and is_local("::1") and is_local("127.5.6.7")
    assert not is_local(None) and not is_local("")  # unknown: a guest
    assert not is_local("192.168.1.20") and not is_local("fe80::1")
    assert not is_local("not an address")


def quickly(job, seconds: float = 5.0):
    """``job()`` in a thread; fails if it does not return within ``seconds``."""
    out: list[object] = []
    thread = threading.Thread(target=lambda: out.append(catch(job)), daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "blocked"
    return out[0]


def catch(job):
    try:
        return job()
    except ScorepadError as problem:
        return problem.message("en")


def test_a_fifo_neither_blocks_nor_is_read(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert quickly(lambda: read_text(fifo)) == f"{fifo} is not a regular file."


def test_a_device_and_a_folder_are_not_read():
    assert quickly(lambda: read_text(Path("/dev/zero"))) == "/dev/zero is not a regular file."
    assert quickly(lambda: read_text(Path("/tmp"))) == "/tmp is not a regular file."


def test_a_file_over_200_mb_is_refused_unread(tmp_path):
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(MAX_BYTES + 1)  # sparse: no disk used
    start = time.monotonic()
    said = quickly(lambda: read_text(big))
    assert said == f"{big} is larger than 200 MB: no history or game file is that big."
    assert time.monotonic() - start < 1
    fits = tmp_path / "fits.json"
    fits.write_text("\ufeff{}", encoding="utf-8")
    assert read_text(fits) == "{}" and check_file(fits) == 5


def test_a_missing_and_an_unreadable_file_say_so_on_this_computer(tmp_path):
    assert read_text_said(tmp_path / "nope.json").startswith(
        f"Cannot read {tmp_path / 'nope.json'}"
    )


def read_text_said(path: Path) -> str:
    return str(catch(lambda: read_text(path)))


# --- the views --------------------------------------------------------------------------
def phone_context(tmp_path):
    ctx, routes = context(tmp_path)
    ctx.on_host = False  # a session from another address
    return ctx, routes


def test_settings_on_a_phone_has_no_path_fields(tmp_path):
    ctx, _ = phone_context(tmp_path)
    root = view_for(ctx, "/settings")
    assert not has(root, "export-path") and not has(root, "import-path")
    assert not has(root, "export") and not has(root, "import")
    assert "only on the computer running Scorepad" in find(root, "host-only").value
    host, _ = context(tmp_path / "host")
    (tmp_path / "host").mkdir()
    assert has(view_for(host, "/settings"), "import-path")  # the host's own session


@pytest.mark.parametrize("handler", ["on_export", "on_import"])
def test_settings_handlers_refuse_a_phone_even_if_called(tmp_path, handler):
    """A crafted event naming the (unshown) buttons still reaches no file."""
    from scorepad.ui.views.settings_history import HistorySection

    ctx, _ = phone_context(tmp_path)
    jobs: list[object] = []
    ctx.later = lambda load, then: jobs.append(load)
    section = HistorySection(ctx)
    section.import_path.value = "/etc/shadow"
    section.export_path.value = str(tmp_path / "over.json")
    getattr(section, handler)()
    assert jobs == [] and not (tmp_path / "over.json").exists()
    assert section.status.color == ft.Colors.ERROR
    assert "only on the computer running Scorepad" in section.status.value


@pytest.mark.parametrize(
    "path", ["/etc/shadow", "/etc/passwd", "/no/such/file", "/dev/zero", "~/.bashrc"]
)
def test_custom_games_on_a_phone_take_pasted_text_only(tmp_path, path):
    ctx, _ = phone_context(tmp_path)
    jobs: list[object] = []
    ctx.later = lambda load, then: jobs.append(load)
    root = view_for(ctx, "/games")
    assert find(root, "games-import-source").label == "Game text (paste the file's content)"
    type_into(root, "games-import-source", path)
    click(root, "games-import")
    said = find(root, "games-message")
    assert said.value == (
        "File paths work only on the computer running Scorepad: paste the game file's text instead."
    )  # the same for a file that exists, one that does not, and one it may not read
    assert jobs == []
    type_into(root, "games-import-source", json.dumps(GAME))
    click(root, "games-import")
    assert find(root, "games-message").value == "Pairs imported."


def test_custom_games_read_a_path_off_the_event_loop_on_this_computer(tmp_path):
    ctx, _ = context(tmp_path)
    jobs: list[tuple[object, object]] = []
    ctx.later = lambda load, then: jobs.append((load, then))
    view = GamesView(ctx)
    root = view.build()
    file = tmp_path / "pairs.json"
    file.write_text(json.dumps(GAME), encoding="utf-8")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for given, said in (
        (fifo, f"{fifo} is not a regular file."),
        (Path("/dev/zero"), "/dev/zero is not a regular file."),
        (file, "Pairs imported."),
    ):
        type_into(root, "games-import-source", str(given))
        click(root, "games-import")
        ((load, then),) = jobs  # nothing read on the handler's (the event loop's) turn
        jobs.clear()
        then(quickly(load))
        assert find(root, "games-message").value == said


# --- a phone exports and imports through its own browser ---------------------------------
def save_azul(ctx, scores: dict[str, int], when: str) -> None:
    from scorepad.core import PlayerSheet, find_game

    sheets = [PlayerSheet(name, lines={"marker": points}) for name, points in scores.items()]
    ctx.services.history.store.save_play(find_game("azul"), None, sheets, played_at=when)


def press(root, ident: str) -> None:
    """Click a button whose handler is a coroutine, as Flet would await it."""
    from ui_helpers import run_async

    handler = find(root, ident).on_click
    run_async(handler)


def test_a_phone_downloads_the_export_and_uploads_an_import(tmp_path):
    ctx, _ = phone_context(tmp_path)
    save_azul(ctx, {"Ana": 60, "Ben": 50}, "2026-01-01 20:00")
    handed: list[tuple[str, bytes]] = []

    async def download(name: str, data: bytes) -> None:
        handed.append((name, data))

    ctx.download = download
    root = view_for(ctx, "/settings")
    press(root, "export-download")
    ((name, data),) = handed
    assert name == "scorepad-history.json" and b'"scorepad-history"' in data
    assert find(root, "history-message").value == (
        "1 plays exported to this device as scorepad-history.json"
    )
    other_dir = tmp_path / "other"
    other_dir.mkdir()
    other, _ = context(other_dir)
    other.on_host = False
    asked: list[list[str]] = []

    async def upload(extensions: list[str]) -> tuple[str, bytes] | None:
        asked.append(extensions)
        return "mine.json", data

    other.upload = upload
    root2 = view_for(other, "/settings")
    press(root2, "import-upload")
    assert asked == [["json", "bgsplay", "xml", "csv", "zip"]]
    assert find(root2, "history-message").value == (
        "Imported from mine.json: 1 new plays, 0 already there."
    )
    assert len(other.services.history.store.list_plays().plays) == 1

    async def garbage(extensions: list[str]) -> tuple[str, bytes] | None:
        return "bad.json", b"\xff\xfe not text"

    other.upload = garbage
    press(root2, "import-upload")
    message = find(root2, "history-message")
    assert message.color == ft.Colors.ERROR and message.value.startswith("Cannot read bad.json")

    async def nothing(extensions: list[str]) -> tuple[str, bytes] | None:
        return None  # the person closed the picker

    other.upload = nothing
    press(root2, "import-upload")
    assert message.value.startswith("Cannot read bad.json")  # unchanged, nothing done
    assert not find(root2, "import-upload").disabled


def test_a_phone_uploads_boardgamegeek_plays_and_collection_files(tmp_path):
    """BGG's plays XML and collection CSV go through the same importer as any history file,
    told by their content (the picker offers .xml and .csv)."""
    from tests.store.bgg_export import collection_csv, plays_facts, plays_xml

    ctx, _ = context(tmp_path)
    ctx.on_host = False
    plays = plays_xml(20).encode("utf-8")
    owned = collection_csv(6).encode("utf-8")
    given = [("my plays.xml", plays), ("collection.csv", owned)]

    async def upload(extensions: list[str]) -> tuple[str, bytes] | None:
        assert {"xml", "csv"} <= set(extensions)
        return given.pop(0)

    ctx.upload = upload
    root = view_for(ctx, "/settings")
    press(root, "import-upload")
    count = plays_facts(plays.decode())["plays"]
    message = find(root, "history-message").value
    assert message.startswith(f"Imported from my plays.xml: {count} new plays, 0 already there.")
    assert "already in the history" not in message
    assert len(ctx.services.history.store.list_plays(limit=1000).plays) == count
    press(root, "import-upload")
    assert find(root, "history-message").value == (
        "collection from collection.csv: 6 games added, 0 already there brought up to date"
    )
    assert len(ctx.services.history.store.collection()) == 6
