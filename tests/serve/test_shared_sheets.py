"""Sheets in progress shared by the processes of a group's server (``scorepad serve``)
through PostgreSQL: each "process" here is a history opened on its own (its own engine),
its own ``LiveSheets`` and its own event loop in a thread, as each server process has, and
nothing else in common but the database. A change on one reaches the devices of the
other through ``LISTEN``/``NOTIFY``, two processes changing one sheet at once end alike
(and alike with the kept copy), a sheet is saved once among them, and a process started
afresh reads every change kept."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from scorepad.core import find_game
from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.live import Discarded, LiveSheets, Notice, Remote, Restored, Saved, follow
from scorepad.sheet.progress import SheetInProgress, new_draft
from scorepad.store import Store, open_store
from scorepad.ui.shared_drafts import SharedDrafts
from tests.store.conftest import fresh_database

pytestmark = pytest.mark.postgres

PLAYERS = ["Ana", "Ben", "Carla", "Dan"]
WAIT_S = 20.0


@dataclass(eq=False)
class Device:
    """One device's sheet on one process: what it shows, and what it was told."""

    process: Process
    model: SheetInProgress
    told: list[Remote | Notice] = field(default_factory=list)

    def type(self, key: str, player: int, text: str) -> None:
        self.process.on_loop(lambda: self.model.set_text(key, player, text))


class Process:
    """One server process: its own history connection, live sheets and event loop."""

    def __init__(self, url: str) -> None:
        self.store: Store = open_store(url)
        self.drafts = SharedDrafts(self.store)
        self.live = LiveSheets(self.drafts)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.on_loop(lambda: self.drafts.attach(self.live, self.loop))
        assert self.drafts.listening is not None
        assert self.drafts.listening.ready.wait(WAIT_S)

    def on_loop(self, work: Callable[[], Any]) -> Any:
        """``work`` on this process's event loop, as the app runs every handler."""

        async def run() -> Any:
            return work()

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(WAIT_S)

    def open(self, sheet_id: str) -> Device:
        """A device opening the sheet on this process, as the app's sheet route does."""
        template = find_game("azul")

        def opening() -> Device:
            draft = self.drafts.load(sheet_id)
            assert draft is not None
            model = SheetInProgress(template, draft)
            device = Device(self, model)

            def told(change: Remote | Notice) -> None:
                device.told.append(change)
                if isinstance(change, Remote):
                    model.receive(change.edit, change.draft, change.state)

            model.share(self.live.share(model.draft, self.drafts))
            follow(self.live, device, model, self.drafts, told)
            return device

        result: Device = self.on_loop(opening)
        return result

    def settle(self) -> None:
        """Every notice sent so far taken by this process (one sent now comes after)."""
        marker = f"settle-{time.monotonic_ns()}"
        seen = threading.Event()
        heard = self.drafts.arrive

        def watching(live: LiveSheets, payload: str) -> None:
            if marker in payload:
                seen.set()
            else:
                heard(live, payload)

        self.drafts.arrive = watching  # type: ignore[method-assign]
        try:
            self.store.sheets(lambda rows: rows.tell(json.dumps({"k": "x", "s": marker})))
            assert seen.wait(WAIT_S), "a notice never reached the process"
        finally:
            self.drafts.arrive = heard  # type: ignore[method-assign]

    def close(self) -> None:
        self.drafts.stop()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(WAIT_S)
        self.loop.close()
        self.store.close()


@pytest.fixture
def url() -> Iterator[str]:
    with fresh_database() as made:
        yield made


@pytest.fixture
def processes(url: str) -> Iterator[list[Process]]:
    started = [Process(url), Process(url)]
    yield started
    for process in started:
        process.close()


def start_sheet(process: Process) -> str:
    template = find_game("azul")
    draft = new_draft(template, None, PLAYERS)
    process.on_loop(lambda: process.drafts.save(draft))
    return draft.sheet_id


def kept(process: Process, sheet_id: str) -> SheetDraft:
    found = process.drafts.load(sheet_id)
    assert found is not None
    return found


def test_a_value_typed_on_one_process_shows_on_the_devices_of_the_other(processes):
    a, b = processes
    sheet_id = start_sheet(a)
    on_a, on_b, also_b = a.open(sheet_id), b.open(sheet_id), b.open(sheet_id)
    on_a.type("marker", 1, "40")
    b.settle()
    for device in (on_b, also_b):
        assert device.model.draft.texts["marker"][1] == "40"
        remote = [c for c in device.told if isinstance(c, Remote)]
        assert len(remote) == 1 and remote[0].template is None  # scored on its process
        assert device.model.state.scored.players[1].total == 40
    # and back: typed on the other process, on the first
    on_b.type("rows", 2, "7")
    a.settle()
    assert on_a.model.draft.texts["rows"][2] == "7"
    assert kept(a, sheet_id).texts["rows"][2] == "7"
    assert kept(a, sheet_id).texts["marker"][1] == "40"


def test_both_processes_typing_at_once_end_alike_and_alike_with_the_kept_copy(processes):
    a, b = processes
    sheet_id = start_sheet(a)
    on_a, on_b = a.open(sheet_id), b.open(sheet_id)
    keys = ("marker", "rows", "columns", "colours")
    typed: dict[tuple[str, int], set[str]] = {}

    def typing(device: Device, salt: int) -> None:
        for n in range(60):
            key, player = keys[n % 4], (n + salt) % 4
            text = str(n * 10 + salt)
            typed.setdefault((key, player), set()).add(text)
            device.type(key, player, text)

    threads = [
        threading.Thread(target=typing, args=(on_a, 1)),
        threading.Thread(target=typing, args=(on_b, 2)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT_S * 3)
    a.settle()
    b.settle()
    # values typed at once on two processes: each copy ends as the kept one, and no
    # device had to open the sheet again for it
    assert not any(isinstance(c, Restored) for c in [*on_a.told, *on_b.told])
    final = kept(a, sheet_id)
    shown_a = a.on_loop(lambda: a.live.tables[sheet_id].draft)
    shown_b = b.on_loop(lambda: b.live.tables[sheet_id].draft)
    assert shown_a.to_dict() == final.to_dict()
    assert shown_b.to_dict() == final.to_dict()
    for key in keys:
        for player in range(4):
            value = final.texts[key][player]
            if (key, player) in typed:
                assert value in typed[key, player]  # nothing made up, nothing mixed


def test_a_sheet_is_saved_once_among_the_processes_and_both_are_told(processes):
    a, b = processes
    sheet_id = start_sheet(a)
    on_a, on_b = a.open(sheet_id), b.open(sheet_id)
    watching = {"a": a.open(sheet_id), "b": b.open(sheet_id)}  # devices that press nothing
    saves: list[str] = []

    def saving(name: str) -> Callable[[], str]:
        def save() -> str:
            saves.append(name)
            time.sleep(0.2)  # the other process presses Save meanwhile
            return f"play-{name}"

        return save

    results: dict[str, str] = {}
    threads = [
        threading.Thread(
            target=lambda p=p, d=d, n=n: results.__setitem__(
                n, p.on_loop(lambda: p.live.save_once(d, sheet_id, saving(n)))
            )
        )
        for p, d, n in ((a, on_a, "a"), (b, on_b, "b"))
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT_S)
    assert len(saves) == 1
    assert results["a"] == results["b"] == f"play-{saves[0]}"
    a.settle()
    b.settle()
    for device in watching.values():  # the pressers went to the play they were given
        assert Saved(f"play-{saves[0]}") in device.told
    loser = on_b if saves[0] == "a" else on_a
    assert a.drafts.load(sheet_id) is None  # no longer in progress, on either
    assert b.drafts.all() == []
    before = kept_row(a, sheet_id)
    loser.type("marker", 0, "4321")  # a late value on the saved sheet is not kept
    assert loser.model.gone
    assert kept_row(a, sheet_id) == before
    assert before["fate"] == "saved"


def kept_row(process: Process, sheet_id: str) -> dict[str, Any]:
    row = process.store.sheets(lambda rows: rows.get(sheet_id), write=False)
    assert row is not None
    return {"fate": row.fate, "body": row.body, "version": row.version}


def test_thrown_away_on_one_process_and_brought_back_both_are_told(processes):
    a, b = processes
    sheet_id = start_sheet(a)
    on_a, on_b = a.open(sheet_id), b.open(sheet_id)
    on_a.type("marker", 0, "12")
    draft = a.on_loop(lambda: SheetDraft.from_dict(on_a.model.draft.to_dict()))
    a.on_loop(lambda: a.live.discard(on_a, a.drafts, sheet_id))
    b.settle()
    assert Discarded() in on_b.told
    assert b.drafts.all() == []
    a.on_loop(lambda: a.live.restore(a.drafts, draft))
    b.settle()
    assert Restored() in on_b.told
    again = b.open(sheet_id)
    assert again.model.draft.texts["marker"][0] == "12"


def test_a_process_started_afresh_reads_every_change_kept(url, processes):
    a, _ = processes
    sheet_id = start_sheet(a)
    on_a = a.open(sheet_id)
    for n in range(1, 30):
        on_a.type("marker", n % 4, str(n))
    fresh = Process(url)  # nothing of this sheet but what the database holds
    try:
        device = fresh.open(sheet_id)
        assert device.model.draft.to_dict() == a.on_loop(lambda: on_a.model.draft.to_dict())
        assert [d.sheet_id for d in fresh.drafts.all("azul")] == [sheet_id]
    finally:
        fresh.close()


def test_a_notice_that_cannot_be_read_makes_the_process_read_its_sheets_again(processes):
    a, b = processes
    sheet_id = start_sheet(a)
    on_b = b.open(sheet_id)
    # a change kept without its notice (as if missed while the link was down)
    changed = kept(a, sheet_id)
    changed.texts["marker"] = ["", "", "", "55"]
    body = json.dumps(changed.to_dict())
    a.store.sheets(lambda rows: rows.put(sheet_id, "azul", body, a.drafts.now()))
    a.store.sheets(lambda rows: rows.tell("{not json"))
    b.settle()
    assert Restored() in on_b.told
    again = b.open(sheet_id)
    assert again.model.draft.texts["marker"][3] == "55"


def test_a_process_behind_the_kept_copy_keeps_its_change_on_it_and_opens_it_again(processes):
    a, b = processes
    sheet_id = start_sheet(a)
    on_a, on_b = a.open(sheet_id), b.open(sheet_id)
    b.drafts.stop()  # b hears nothing more (its link to the database broke)
    on_a.type("marker", 0, "31")
    on_b.type("rows", 1, "5")  # kept on the copy as a left it, not on b's
    final = kept(a, sheet_id)
    assert final.texts["marker"][0] == "31"
    b.on_loop(b.live.resync)  # as the link, back, has it: b's copy is behind the kept one
    assert Restored() in on_b.told  # b's devices open the sheet again
    assert final.texts["rows"][1] == "5"
    again = b.open(sheet_id)
    assert again.model.draft.to_dict() == final.to_dict()
    a.settle()
    assert on_a.model.draft.texts["rows"][1] == "5"  # a took b's edit as any other


def test_a_save_that_throws_its_draft_away_as_the_app_does_is_stored(processes):
    a, b = processes
    sheet_id = start_sheet(a)
    on_a, on_b = a.open(sheet_id), b.open(sheet_id)
    on_a.type("marker", 0, "12")

    def save() -> str:  # the sheet view's Save: the play stored, then its draft let go
        a.drafts.discard(sheet_id)
        return "play-1"

    assert a.on_loop(lambda: a.live.save_once(on_a, sheet_id, save)) == "play-1"
    b.settle()
    assert Saved("play-1") in on_b.told
    assert kept_row(a, sheet_id)["fate"] == "saved"
