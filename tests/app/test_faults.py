"""Disk and database faults while the app runs, on real file systems and a real server.

Each test saves plays, breaks the history underneath the running app (a full disk, a file
or folder made read-only, a disk turning read-only after an error, the file deleted, its
bytes overwritten, the PostgreSQL server stopped), then presses Save on a filled-in sheet
built as the app builds it. Every time: a sentence saying what happened, in Spanish and
English, the sheet still holding every value, no play half-saved, and every play saved
before the fault still there, checked again from a fresh connection at the end.
"""

from __future__ import annotations

import contextlib
import os
import random
import sqlite3
from pathlib import Path

import flet as ft
import pytest
from faults import ext4_disk, fill, postgres, small_disk
from ui_helpers import click, context, find

from scorepad.core import PlayerSheet, find_game
from scorepad.sheet.progress import SheetInProgress, new_draft
from scorepad.store import StoreError, open_store
from scorepad.store.backups import list_backups
from scorepad.ui.app import view_for
from scorepad.ui.history import StoreHistory
from scorepad.ui.settings import Settings
from scorepad.ui.views.sheet import SheetView

pytestmark = pytest.mark.slow

AZUL = find_game("azul")


def save(history: StoreHistory, n: int) -> int:
    sheets = [PlayerSheet(f"P{n % 5}", {"marker": n}), PlayerSheet("Ben", {"marker": 50})]
    return history.store.save_play(AZUL, None, sheets, played_at=f"2026-01-01T{n % 24:02}:00")


def plays(store) -> dict[int, tuple]:
    """Every play, with what identifies it and its results."""
    return {
        p.id: (p.played_at, p.game, tuple((s.name, s.total, s.rank) for s in p.players))
        for p in store.list_plays(limit=10_000).plays
    }


def on_disk(path: Path | str) -> dict[int, tuple]:
    """The plays as a fresh program finds them (the file is checked whole first)."""
    with open_store(str(path)) as store:
        if store.db.is_sqlite:
            with store.db.engine.connect() as conn:
                assert conn.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
                assert conn.exec_driver_sql("PRAGMA foreign_key_check").all() == []
        return plays(store)


def sheet(ctx) -> ft.Control:
    """A filled-in Azul sheet, as New play opens it: Ana 40, Ben 45."""
    view = SheetView(ctx, SheetInProgress(AZUL, new_draft(AZUL, None, ["Ana", "Ben"])))
    root = view.build()
    for seat, value in ((1, "40"), (2, "45")):
        field = find(root, f"line-marker-{seat}")
        field.value = value
        field.on_change(ft.Event(name="change", control=field, data=value))
    return root


def kept(root) -> list[str]:
    """What the sheet shows: the values typed and the totals."""
    return [find(root, f"line-marker-{s}").value for s in (1, 2)] + [
        find(root, f"total-{s}").value for s in (1, 2)
    ]


def save_fails(ctx, root, routes, expected: dict[str, str]) -> None:
    """Save, in each language: the sentence expected, nothing saved, the sheet as it was."""
    for lang, text in expected.items():
        ctx.settings = Settings(lang=lang)
        click(root, "save")
        message = find(root, "save-message")
        assert text in message.value, (lang, message.value)
        assert message.color == ft.Colors.ERROR
        assert "Traceback" not in message.value
    assert routes == []
    assert kept(root) == ["40", "45", "40", "45"]
    ctx.settings = Settings(lang="en")


def saves(root, routes, history) -> int:
    click(root, "save")
    assert find(root, "save-message").value == "Play saved."
    (route,) = routes
    play = history.store.get_play(int(route.removeprefix("/play/")))
    assert [p.total for p in play.sheet.players] == [40, 45]
    return play.summary.id


# --- (a) a full disk ---------------------------------------------------------------------
def test_a_full_disk_saves_nothing_says_so_and_keeps_the_sheet(tmp_path):
    with small_disk(tmp_path / "disk") as disk:
        path = disk / "history.sqlite3"
        history = StoreHistory(str(path))
        try:
            for n in range(3):
                save(history, n)
            before = plays(history.store)
            ctx, routes = context(disk, history=history)  # drafts on the full disk too
            root = sheet(ctx)
            filler = fill(disk)
            field = find(root, "line-marker-2")  # no draft can be kept now: the screen has it
            field.value = "45"
            field.on_change(ft.Event(name="change", control=field, data="45"))
            save_fails(
                ctx,
                root,
                routes,
                {
                    "en": f"the disk holding {path} is full: nothing was saved; free some space",
                    "es": f"el disco donde está {path} está lleno: no se ha guardado nada",
                },
            )
            assert plays(history.store) == before
            assert not list(disk.glob("drafts/*.tmp"))  # no half-written draft left behind
            filler.unlink()
            new = saves(root, routes, history)
        finally:
            history.close()
        after = on_disk(path)
        assert {k: v for k, v in after.items() if k != new} == before
        assert len(after) == 4


# --- (b) read-only ------------------------------------------------------------------------
def test_a_file_or_folder_made_read_only_while_the_app_runs(tmp_path):
    path = tmp_path / "history.sqlite3"
    history = StoreHistory(str(path))
    try:
        save(history, 1)
        before = plays(history.store)
        ctx, routes = context(tmp_path, history=history)
        root = sheet(ctx)
        path.chmod(0o444)  # SQLite's open handle could still write: the store must not
        save_fails(
            ctx,
            root,
            routes,
            {"en": f"{path} is read-only", "es": f"{path} es de solo lectura"},
        )
        path.chmod(0o644)
        tmp_path.chmod(0o555)
        try:
            save_fails(
                ctx,
                root,
                routes,
                {
                    "en": f"the folder {tmp_path} is read-only",
                    "es": f"la carpeta {tmp_path} es de solo lectura",
                },
            )
        finally:
            tmp_path.chmod(0o755)
        assert plays(history.store) == before
        saves(root, routes, history)
    finally:
        history.close()
    assert len(on_disk(path)) == 2


def test_a_disk_turning_read_only_after_an_error_while_the_app_runs(tmp_path):
    with ext4_disk(tmp_path) as disk:
        path = disk.where / "history.sqlite3"
        history = StoreHistory(str(path))
        try:
            for n in range(3):
                save(history, n)
            before = plays(history.store)
            ctx, routes = context(tmp_path, history=history)
            root = sheet(ctx)
            disk.fail()  # the kernel turns the file system read-only under the open files
            save_fails(
                ctx,
                root,
                routes,
                {
                    "en": f"the disk holding {path} has turned read-only",
                    "es": f"el disco donde está {path} ha pasado a solo lectura",
                },
            )
            assert plays(history.store) == before  # still shown: reading goes on
        finally:
            history.close()
        disk.mount_again()  # after a restart: every play saved before the fault is there
        assert on_disk(path) == before


# --- (c) deleted --------------------------------------------------------------------------
@pytest.mark.parametrize("side_files", [False, True], ids=["file", "file-wal-shm"])
def test_a_history_deleted_while_the_app_runs_is_rescued_and_put_back(tmp_path, side_files):
    path = tmp_path / "history.sqlite3"
    history = StoreHistory(str(path))
    try:
        for n in range(4):
            save(history, n)
        before = plays(history.store)
        ctx, routes = context(tmp_path, history=history)
        root = sheet(ctx)
        for name in [path.name] + (["history.sqlite3-wal", "history.sqlite3-shm"] * side_files):
            os.remove(tmp_path / name)
        save_fails(
            ctx,
            root,
            routes,
            {
                "en": f"the history file {path} has disappeared (deleted or moved while "
                "Scorepad was running): Scorepad saves nothing until it is back; its last "
                "contents were copied to",
                "es": f"el archivo de historial {path} ha desaparecido",
            },
        )
        assert not path.exists()  # no new, empty history in its place
        assert plays(history.store) == before  # the screens still show the plays
        # another session reading at the same moment gets a connection of its own: it must
        # not make a new, empty history where the file was
        engine = history.store.db.engine
        busy = [engine.connect() for _ in range(engine.pool.checkedin())]
        with pytest.raises(StoreError, match="has disappeared"):
            plays(history.store)
        for conn in busy:
            conn.close()
        assert not path.exists()
        settings = view_for(ctx, "/settings")
        row = find(settings, "backup-1").controls[0].value
        assert "rescued (the file had disappeared)" in row and row.endswith("4 plays")
        shown: list[ft.DialogControl] = []
        ctx.show_dialog = shown.append
        click(settings, "backup-restore-1")
        (dialog,) = shown
        assert "4 plays" in find(dialog, "backup-confirm-question").value
        click(dialog, "backup-confirm")
        assert find(settings, "backup-message").value.startswith("The copy of ")
        assert plays(history.store) == before
        saves(root, routes, history)
    finally:
        history.close()
    assert len(on_disk(path)) == 5


# --- (d) damaged on disk ------------------------------------------------------------------
@pytest.mark.parametrize("header", [False, True], ids=["a-page", "a-page-and-the-header"])
def test_a_damaged_history_is_named_restored_and_its_later_plays_read_back(tmp_path, header):
    path = tmp_path / "history.sqlite3"
    history = StoreHistory(str(path))
    for n in range(120):
        save(history, n)
    history.store.back_up()
    for n in range(120, 125):  # saved after the last copy: only in the file
        save(history, n)
    before = plays(history.store)
    history.close()
    with contextlib.closing(sqlite3.connect(path)) as conn:  # a page of data, not of the
        # schema (a damaged schema is a damaged header: the other case): the page of the
        # players' totals, which every save rewrites, in the middle of the file
        (page,) = conn.execute(
            "SELECT rootpage FROM sqlite_schema WHERE name = 'total_tally'"
        ).fetchone()
        (page_size,) = conn.execute("PRAGMA page_size").fetchone()
    rnd = random.Random(6)
    with path.open("r+b") as damage:  # that page, and maybe the first bytes
        damage.seek((page - 1) * page_size)
        damage.write(rnd.randbytes(page_size))
        if header:
            damage.seek(0)
            damage.write(rnd.randbytes(100))
    damaged_bytes = path.read_bytes()
    history = StoreHistory(str(path))  # the app starts again
    try:
        ctx, routes = context(tmp_path, history=history)
        root = sheet(ctx)
        save_fails(
            ctx,
            root,
            routes,
            {
                "en": f"the history file {path} is damaged (",
                "es": f"el archivo de historial {path} está dañado (",
            },
        )
        message = find(root, "save-message").value
        assert "puedes recuperar la copia del" in message
        settings = view_for(ctx, "/settings")
        if not header:  # it opened, and its daily copy was refused: a copy of a damaged
            # file must not push a good one out
            assert find(settings, "backup-problem").value.startswith(
                f"The last automatic copy failed: cannot back up {path}: the file is damaged ("
            )
        row = find(settings, "backup-1").controls[0].value
        assert "by hand" in row and row.endswith("120 plays")
        shown: list[ft.DialogControl] = []
        ctx.show_dialog = shown.append
        click(settings, "backup-restore-1")
        click(shown[0], "backup-confirm")
        assert find(settings, "backup-message").value.endswith(
            "5 plays saved after that copy were read back from the damaged file."
        )
        assert plays(history.store) == before
        saves(root, routes, history)
    finally:
        history.close()
    (damaged,) = [c for c in list_backups(path) if c.kind == "damaged"]
    assert damaged.path.read_bytes() == damaged_bytes  # kept as it was
    assert len(on_disk(path)) == 126


# --- (e) PostgreSQL stopped and started again ---------------------------------------------
def test_postgres_stopped_and_started_again_while_the_app_runs(tmp_path):
    with postgres() as server:
        history = StoreHistory(server.url)
        try:
            for n in range(3):
                save(history, n)
            before = plays(history.store)
            ctx, routes = context(tmp_path, history=history)
            root = sheet(ctx)
            server.stop()
            label = f"postgresql+psycopg://scorepad@127.0.0.1:{server.port}/postgres"
            save_fails(
                ctx,
                root,
                routes,
                {
                    "en": f"the history database {label} cannot be reached (",
                    "en ": "): nothing was saved; save again once it is back",
                    "es": f"no se puede llegar a la base de datos del historial {label} (",
                },
            )
            server.start()
            new = saves(root, routes, history)  # the same app, no restart
            after = plays(history.store)
        finally:
            history.close()
        assert {k: v for k, v in after.items() if k != new} == before
        assert on_disk(server.url) == after


# --- (g) a server that never answers -----------------------------------------------------
@pytest.fixture
def silent_server():
    """A "PostgreSQL server" that takes connections and never says a word (a hung server,
    or a host whose port still answers while the database is gone)."""
    import socket
    import threading

    listener = socket.create_server(("127.0.0.1", 0))
    taken: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                taken.append(listener.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield f"postgresql+psycopg://scorepad:x@127.0.0.1:{listener.getsockname()[1]}/postgres"
    finally:
        stop.set()
        thread.join()
        for conn in taken:
            conn.close()
        listener.close()


def test_a_server_that_never_answers_keeps_no_screen_waiting(tmp_path, silent_server):
    """Home is there at once and says why the history is missing once the server has had
    its few seconds; Save says the same and keeps the sheet. Nothing waits for good."""
    import time

    history = StoreHistory(silent_server)
    try:
        ctx, routes = context(tmp_path, history=history)
        waiting: list = []
        ctx.later = lambda load, then: waiting.append((load, then))
        began = time.monotonic()
        home = view_for(ctx, "/")
        assert time.monotonic() - began < 1
        assert find(home, "new-game") is not None
        assert find(home, "recent").value == "Opening the history…"
        ((load, then),) = waiting
        began = time.monotonic()
        then(load())
        assert time.monotonic() - began < 15
        assert "cannot be reached" in find(home, "recent").value
        root = sheet(ctx)
        began = time.monotonic()
        click(root, "save")
        assert time.monotonic() - began < 15
        assert "cannot be reached" in find(root, "save-message").value
        assert routes == [] and kept(root) == ["40", "45", "40", "45"]
    finally:
        history.close()
