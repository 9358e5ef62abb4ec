"""A game night on one server: T tables of 4 phones typing on one live sheet each.

Starts ``scorepad app --no-browser`` on 127.0.0.1 with a fresh SQLite history and data
folder, pinned to one core when ``taskset`` exists (the one other work left idlest just
before; this process keeps to the others), and, for each T, has T tables of 4 simulated
devices speak Flet's own websocket protocol to it (``bench/flet_wire.py``: what a
Chromium page sends and receives, with no browser). A table's first device opens
``/new/azul?players=…`` (names of its own, so each table gets a sheet of its own); the
other three open the same link, which joins that sheet (at most 8 devices connect at
once). Before them, one visit to Home and a wait for the server to go quiet: after its
first visitor the app prepares its screens in the background, long done on a server that
has been up for a while. Then for ``--seconds`` every device types one value every 2 s
(jittered) into its own player's score track, as Chromium does (the value, then the
change event). The server's files (history, drafts) go to /dev/shm unless ``--folder``
says otherwise (see ``SHM``).

Other work on the machine skews the latencies most, the processor time per edit and per
join less (by a fifth or so): each T says how long the server's event loop waited for its
core (``/proc/<pid>/schedstat``) and warns above 5%; compare runs whose waits are small.

Figures per T: edits sent and confirmed (the sender saw its player's total come back with
the value), sender latency (sending the value to that total on the sender) and fan-out
latency (sending it to the value showing on each other device of the table), p50, p95,
p99 and max; the server's processor time per edit (``/proc/<pid>/stat``) and memory
(RSS); the time each device took to join (connect to its sheet shown) and the server's
processor time per join. Afterwards every last value typed is checked on every device of
its table and, once the app's draft write window has passed, in the draft files; then
each table's first device presses Save and, once the server is stopped, every saved play
in the history must hold the last values as its four totals. Values lost are counted:
anything but 0 is a bug. Each T's figures are printed beside ``BASELINE`` (today's,
measured on this code before any work on its speed) with their ratio; the last line is
one JSON object with every figure.

    python bench/bench_live.py [--tables 5,10,20,40,60,80,120] [--seconds 60] [--quick]
                               [--against DIR [--rounds R] [--together]]

``BASELINE`` was measured on another machine, and machines differ (the same baseline code
measured 4.1-5.0 ms per edit at 40 tables on a later one, against 4.65): ``--against DIR``
measures the baseline on this machine, in this run. DIR is a checkout of the baseline's
commit (``git worktree add ../base 32066d4``), run with this checkout's Python
environment; each T runs on it first, then on this checkout, and the ratios are to its
figures. ``--rounds R`` runs each T R times on each, in turn, and compares the medians: on a
machine whose speed drifts (a virtual machine's neighbours) one pair of runs can differ by
a third. ``--together`` runs both checkouts' T at the same time instead, each server on a
core of its own (cores 0 and 1, swapped every round) and each with its own clients, so
what slows the machine meanwhile slows both alike. At 32066d4 Save does not leave the sheet
under this load (not looked into: that code is only measured), so the baseline's history
check counts its values as lost: compare its speed figures only.

``SCOREPAD_BENCH_PROFILE=FILE`` runs the server under cProfile (``bench/profiled_server.py``)
and leaves its statistics in FILE.T.join (the devices joining) and FILE.T.typing (the
measured typing and its settling; ``python -m pstats FILE.40.typing``); the figures are
then the profiler's, not the app's.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import InvalidMessage

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import flet_wire as wire  # noqa: E402
from scorepad.store import open_store  # noqa: E402
from scorepad.ui.drafts import WRITE_EVERY_S  # noqa: E402
from scorepad.ui.launch import free_port, wait_for_port  # noqa: E402

TABLES = (5, 10, 20, 40, 60, 80, 120)
SEATS = 4
EVERY = 2.0  # seconds between a device's values, jittered by JITTER either way
JITTER = 0.25
JOIN_ATTEMPTS = 5
"""A device whose connection the server drops before answering tries again, as a
browser reloading would; each retry is counted (``join_retries``)."""
JOINS_AT_ONCE = 8  # devices connecting at the same time (as a room fills up, not all at once)
SETTLE = 300.0  # at most, after the last value, for every device to show it
QUIET = 3.0  # seconds without server CPU that end the warm-up (it pauses 2 s on its own)
LIMIT = 1800.0  # the whole run, in seconds
WAITED = 0.05  # share of the time the server's loop waited for its core, above which it is said
CLIENT_BUSY = 0.8  # this process's share of its core above which its figures are doubtful
DRAFT_SLACK = 0.5
"""Seconds beyond the app's draft write window (``WRITE_EVERY_S``) before the draft files
are read: the writes of the last values typed are due by then."""
SHM = "/dev/shm"
"""The server's files go to memory by default: on a disk that other work keeps busy, a
draft write (on the event loop) can stall every table for a second or more, which would
measure the neighbours, not the app; ``--folder`` puts them elsewhere."""

BASELINE_KEYS = (
    "sender_ms_p50",
    "sender_ms_p95",
    "sender_ms_p99",
    "fanout_ms_p50",
    "fanout_ms_p95",
    "fanout_ms_p99",
    "cpu_ms_per_edit",
    "rss_mb",
    "join_ms_p50",
    "join_ms_p95",
    "join_cpu_ms_per_device",
    "edits_sent",
    "values_lost",
)
BASELINE_ROWS = {  # tables: figures in the order of BASELINE_KEYS
    5: (6.2, 11.0, 15.0, 5.9, 10.8, 14.8, 5.58, 99.2, 264.4, 409.7, 39.0, 301, 0),
    10: (7.4, 14.1, 24.6, 7.0, 13.5, 24.3, 6.27, 109.9, 273.0, 412.2, 35.5, 601, 0),
    20: (7.4, 15.7, 21.6, 7.1, 15.0, 21.1, 5.85, 131.5, 385.3, 539.3, 48.6, 1197, 0),
    40: (7.6, 18.6, 29.3, 7.2, 18.0, 29.2, 4.65, 175.8, 342.5, 533.5, 44.0, 2394, 0),
}
BASELINE: dict[int, dict[str, float]] = {
    tables: dict(zip(BASELINE_KEYS, row, strict=True)) for tables, row in BASELINE_ROWS.items()
}
"""Today's figures (before any work on the live sheet's speed), per number of tables."""

BASELINE_NOTE = (
    "main at 32066d4 (2026-12-02), 30 s per T, server pinned to one core of 2 (shared with "
    "other work), files in /dev/shm; for 5, 10, 20, 40 tables: 1-minute load average "
    "2.10, 3.69, 2.16, 1.88, the server waited for its core 0%, 2%, 2%, 5% of the time"
)
"""When and how BASELINE was measured."""

COMPARED = (
    ("sender_ms_p50", "sender p50 ms"),
    ("sender_ms_p95", "sender p95 ms"),
    ("sender_ms_p99", "sender p99 ms"),
    ("fanout_ms_p50", "fan-out p50 ms"),
    ("fanout_ms_p95", "fan-out p95 ms"),
    ("fanout_ms_p99", "fan-out p99 ms"),
    ("cpu_ms_per_edit", "server CPU ms/edit"),
    ("rss_mb", "server RSS MB"),
    ("join_ms_p95", "join p95 ms"),
    ("join_cpu_ms_per_device", "server CPU ms/join"),
    ("values_lost", "values lost"),
)


def cpu_s(pid: int) -> float:
    """Processor time the process has used so far (user and system), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> tuple[float, float]:
    """Resident memory now and at its peak (VmRSS, VmHWM), in MB."""
    status = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
    )
    return int(status["VmRSS"].split()[0]) / 1024, int(status["VmHWM"].split()[0]) / 1024


def waited_s(pid: int) -> float:
    """Time the process's main thread (Flet's event loop) has spent ready to run but
    waiting for a processor (``/proc/<pid>/schedstat``), in seconds."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def idlest_core(seconds: float = 1.0) -> int:
    """The processor the rest of this machine used least over ``seconds`` (/proc/stat)."""

    def idle() -> dict[int, int]:
        times = {}
        for line in Path("/proc/stat").read_text().splitlines():
            name, *fields = line.split()
            if name.startswith("cpu") and name != "cpu":
                times[int(name[3:])] = int(fields[3]) + int(fields[4])  # idle + iowait
        return times

    before = idle()
    time.sleep(seconds)
    after = idle()
    return max(after, key=lambda cpu: (after[cpu] - before.get(cpu, 0), -cpu))


def load_average() -> str:
    """The 1, 5 and 15 minute load averages (other work on this machine skews figures)."""
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def percentiles(seconds: list[float]) -> dict[str, float | None]:
    ms = sorted(s * 1000 for s in seconds)

    def rank(q: float) -> float | None:
        return round(ms[max(0, -(-len(ms) * q // 100) - 1)], 1) if ms else None

    return {"p50": rank(50), "p95": rank(95), "p99": rank(99), "max": rank(100)}


@dataclass
class Table:
    number: int
    players: list[str]
    devices: list[Device] = field(default_factory=list)
    sent: dict[tuple[int, str], float] = field(default_factory=dict)
    """When each (seat, value) was sent."""
    last: list[str | None] = field(default_factory=lambda: [None] * SEATS)
    """The last value typed for each seat."""

    @property
    def route(self) -> str:
        return f"/new/azul?players={','.join(self.players)}"


@dataclass
class Tally:
    """What every device saw, for one T."""

    sent: int = 0
    confirmed: int = 0
    superseded: int = 0
    """Values whose echo never came because a later value of the same device overtook it."""
    sender: list[float] = field(default_factory=list)
    fanout: list[float] = field(default_factory=list)
    joins: list[float] = field(default_factory=list)
    join_retries: int = 0
    """Connections the server closed before answering the handshake (tried again)."""
    errors: list[str] = field(default_factory=list)


class Device:
    """One phone at a table: a Flet page over a websocket, for one seat."""

    def __init__(self, table: Table, seat: int, tally: Tally) -> None:
        self.table, self.seat, self.tally = table, seat, tally
        self.tree: wire.Tree | None = None
        self.page_id = 1
        self.ws: Any = None
        self.shown = asyncio.Event()  # the sheet with this seat's field is on the page
        self.route = table.route
        self.moved = asyncio.Event()  # the server sent this page to another route
        self.pending: dict[str, float] = {}  # own values not yet seen in own total
        self.total: Any = None
        self.fields: list[Any] = [None] * SEATS
        self.reader: asyncio.Task | None = None
        self.closed = False
        self.options: dict[str, Any] = {}
        """More for the websocket's ``connect``: a group's server's session cookie, its
        origin and TLS (``bench_serve.py``)."""

    @property
    def address(self) -> str:
        """The loopback address this device connects from: one of its own, as each phone
        at a game night has (the app holds at most so many connections per address)."""
        n = self.table.number * SEATS + self.seat
        return f"127.{1 + n // 62500}.{1 + n // 250 % 250}.{1 + n % 250}"

    def ident(self, seat: int) -> str:
        return f"line-marker-{seat + 1}"

    async def join(self, url: str) -> None:
        started = time.perf_counter()
        for attempt in range(JOIN_ATTEMPTS):
            try:
                self.ws = await connect(
                    url,
                    max_size=None,
                    ping_interval=None,
                    open_timeout=120,
                    close_timeout=2,
                    local_addr=(self.address, 0),
                    **self.options,
                )
                break
            except InvalidMessage:  # the connection closed before the handshake's answer
                if attempt == JOIN_ATTEMPTS - 1:
                    raise
                self.tally.join_retries += 1
                await asyncio.sleep(0.5)
        for frame in wire.register(self.table.route):
            await self.ws.send(frame)
        self.reader = asyncio.create_task(self._read())
        await self.shown.wait()
        self.tally.joins.append(time.perf_counter() - started)

    async def _read(self) -> None:
        try:
            async for frame in self.ws:
                message = wire.decode(frame)
                if message is None:
                    continue
                action, body = message
                if action == wire.PATCH_CONTROL and self.tree is not None:
                    self.tree.apply(body["id"], body["patch"])
                    self._look()
                elif action == wire.REGISTER_CLIENT:
                    if body.get("error"):
                        self.tally.errors.append(f"register: {body['error'][:200]}")
                    self.tree = wire.Tree(body["page_patch"])
                    self.page_id = body["page_patch"].get("_i", 1)
                    for out in wire.after_register(self.page_id):
                        await self.ws.send(out)
                    self._look()
                elif action == wire.INVOKE_METHOD:
                    if body.get("name") == "push_route":
                        self.route = body.get("args", {}).get("route")
                        self.moved.set()
                    for out in wire.answer(self.page_id, body):
                        await self.ws.send(out)
                elif action == wire.SESSION_CRASHED:
                    self.tally.errors.append(f"session crashed: {str(body)[:200]}")
        except Exception as error:  # a broken connection is a figure, not the end
            if not self.closed:
                self.tally.errors.append(f"device {self.table.number}/{self.seat}: {error!r}")
        finally:
            self.closed = True

    def _look(self) -> None:
        """After each message: did this page's own total or another seat's field change?"""
        tree = self.tree
        assert tree is not None
        if not self.shown.is_set():
            if tree.content(self.ident(self.seat)) is None:
                return
            self.shown.set()
        now = time.perf_counter()
        total = tree.value(f"total-{self.seat + 1}")
        if total != self.total:
            self.total = total
            sent = self.pending.pop(total, None) if isinstance(total, str) else None
            if sent is not None:
                self.tally.confirmed += 1
                self.tally.sender.append(now - sent)
                for value, when in list(self.pending.items()):
                    if when < sent:  # overtaken by a later value: never shown on its own
                        del self.pending[value]
                        self.tally.superseded += 1
        for seat in range(SEATS):
            if seat == self.seat:
                continue
            value = tree.value(self.ident(seat))
            if value != self.fields[seat]:
                self.fields[seat] = value
                sent = self.table.sent.get((seat, value))
                if sent is not None:
                    self.tally.fanout.append(now - sent)

    async def type(self, text: str) -> None:
        assert self.tree is not None
        field_ = self.tree.content(self.ident(self.seat))
        if field_ is None or self.closed:
            return
        now = time.perf_counter()
        self.pending[text] = now
        self.table.sent[(self.seat, text)] = now
        self.table.last[self.seat] = text
        field_["value"] = text  # the browser's field holds what was typed at once
        for frame in wire.typing(field_["_i"], text):
            await self.ws.send(frame)
        self.tally.sent += 1

    async def press(self, identifier: str) -> bool:
        assert self.tree is not None
        button = self.tree.content(identifier)
        if button is None or self.closed:
            return False
        for frame in wire.click(button["_i"]):
            await self.ws.send(frame)
        return True

    def settled(self) -> bool:
        """Every value typed at this table shows on this device, its own total too."""
        if self.closed or self.pending:
            return self.closed
        return all(
            self.fields[s] == self.table.last[s]
            for s in range(SEATS)
            if s != self.seat and self.table.last[s] is not None
        )

    async def close(self) -> None:
        self.closed = True
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            await asyncio.gather(self.reader, return_exceptions=True)


async def typist(device: Device, until: float, rng: random.Random) -> None:
    await asyncio.sleep(rng.uniform(0, EVERY))
    count = 0
    while time.monotonic() < until and not device.closed:
        count += 1
        await device.type(str(count))
        await asyncio.sleep(EVERY * rng.uniform(1 - JITTER, 1 + JITTER))


def check_screens(tables: list[Table]) -> int:
    """Cells (device × seat, field and total) not showing the last value typed."""
    lost = 0
    for table in tables:
        for device in table.devices:
            tree = device.tree
            for seat, last in enumerate(table.last):
                if last is None:
                    continue
                shown = tree.value(device.ident(seat)) if tree else None
                total = tree.value(f"total-{seat + 1}") if tree else None
                lost += (shown != last) + (total != last)
    return lost


def check_drafts(folder: Path, tables: list[Table]) -> tuple[int, int]:
    """(cells whose draft lacks the last value typed, a missing draft's too; tables with
    no draft)."""
    drafts: list[dict] = []
    for path in (folder / "drafts").glob("*.json"):
        try:
            drafts.append(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            continue
    return lost_in(drafts, tables)


def lost_in(drafts: list[dict], tables: list[Table]) -> tuple[int, int]:
    """(cells whose draft, as JSON, lacks the last value typed, a missing draft's too;
    tables with no draft), each table's draft found by its players."""
    by_players = {tuple(data.get("players", [])): data for data in drafts}
    lost = missing = 0
    for table in tables:
        data = by_players.get(tuple(table.players))
        if data is None:
            missing += 1
            lost += sum(last is not None for last in table.last)
            continue
        marker = data.get("texts", {}).get("marker", [])
        for seat, last in enumerate(table.last):
            if last is not None and (seat >= len(marker) or marker[seat] != last):
                lost += 1
    return lost, missing


def check_history(db: str, tables: list[Table]) -> tuple[int, int, int]:
    """(cells whose saved total is not the last value typed, a missing play's too; tables
    with no play; plays in the history)."""
    store = open_store(db)
    try:
        plays = store.list_plays(limit=100_000).plays
    finally:
        store.close()
    by_players = {tuple(p.name for p in play.players): play for play in plays}
    lost = missing = 0
    for table in tables:
        play = by_players.get(tuple(table.players))
        if play is None:
            missing += 1
            lost += sum(last is not None for last in table.last)
            continue
        for seat, last in enumerate(table.last):
            if last is not None and str(play.players[seat].total) != last:
                lost += 1
    return lost, missing, len(plays)


class Server:
    """``scorepad app`` on 127.0.0.1 in a folder of its own, maybe pinned to core ``pin``."""

    def __init__(
        self,
        pin: int | None,
        profile: str | None,
        where: str | None = None,
        root: Path = ROOT,
        port: int = 8800,
    ) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="scorepad-live-", dir=where))
        self.db = str(self.folder / "history.db")
        open_store(self.db).close()
        self.port = free_port(port)
        env = {**os.environ, "SCOREPAD_DATA_DIR": str(self.folder), "SCOREPAD_LANG": "en"}
        args = ["app", "--no-browser", "--port", str(self.port), "--db", self.db]
        self.profiled = bool(profile)
        if profile:
            command = [sys.executable, str(ROOT / "bench" / "profiled_server.py"), profile, *args]
        else:
            command = [sys.executable, "-m", "scorepad", *args]
        if pin is not None:
            command = ["taskset", "-c", str(pin), *command]
        self.log = open(self.folder / "server.log", "w+", encoding="utf-8")  # noqa: SIM115
        self.process = subprocess.Popen(
            command, cwd=root, env=env, stdout=self.log, stderr=subprocess.STDOUT
        )
        if not wait_for_port(self.port, timeout=60):
            self.stop()
            raise SystemExit(f"the app did not start: see {self.folder / 'server.log'}")

        self.mark: int | None = None

    def profile(self, sig: int) -> None:
        """A profiled server's next phase (SIGUSR1) or its end (SIGUSR2)."""
        if self.profiled:
            self.process.send_signal(sig)

    def log_size(self) -> int:
        self.log.flush()
        return os.path.getsize(self.log.name)

    @property
    def pid(self) -> int:
        return self.process.pid

    def stop(self) -> str:
        """Stop the server (terminate, then kill); returns its log."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.log.seek(0)
        text = self.log.read()
        self.log.close()
        return text


async def warm_up(url: str, pid: int) -> float:
    """One visit to Home, then wait for the server to go quiet: after its first visitor the
    app opens the history and prepares its screens in the background (``app.warm_up``),
    which a server that has been up for a while has long done. Returns the seconds taken."""
    began = time.monotonic()
    async with connect(url, max_size=None, ping_interval=None) as ws:
        for frame in wire.register("/"):
            await ws.send(frame)
        async for frame in ws:
            message = wire.decode(frame)
            if message and message[0] == wire.REGISTER_CLIENT:
                page_id = message[1]["page_patch"].get("_i", 1)
                for out in wire.after_register(page_id):
                    await ws.send(out)
            elif message and message[0] == wire.PATCH_CONTROL:
                break
        before, quiet = cpu_s(pid), 0.0
        while quiet < QUIET and time.monotonic() < began + 30:
            await asyncio.sleep(0.5)
            now = cpu_s(pid)
            quiet = quiet + 0.5 if now - before < 0.02 else 0.0
            before = now
    return time.monotonic() - began


async def settle(devices: list[Device], pid: int) -> None:
    """Wait for every device to show every value, or for the server to have nothing left
    to send (quiet for a second), at most SETTLE seconds: an overloaded server is still
    working through its backlog when the typing stops."""
    began = time.monotonic()
    before, quiet = cpu_s(pid), 0.0
    while time.monotonic() < began + SETTLE and not all(d.settled() for d in devices):
        await asyncio.sleep(0.1)
        now = cpu_s(pid)
        quiet = quiet + 0.1 if now - before < 0.005 else 0.0
        before = now
        if quiet >= 1.0:
            break


def seated(count: int, tally: Tally) -> list[Table]:
    """``count`` tables of ``SEATS`` devices, each table with names of its own (so each
    gets a sheet of its own)."""
    tables = [
        Table(n, [f"T{n:03d}{name}" for name in ("Ann", "Bob", "Cid", "Dee")])
        for n in range(1, count + 1)
    ]
    for table in tables:
        table.devices = [Device(table, seat, tally) for seat in range(SEATS)]
    return tables


async def seat_all(tables: list[Table], url: str) -> None:
    """Every device on its table's sheet: the first of each table starts it, the others
    then join it, ``JOINS_AT_ONCE`` devices connecting at a time."""
    gate = asyncio.Semaphore(JOINS_AT_ONCE)

    async def join(device: Device) -> None:
        async with gate:
            await device.join(url)

    async def seat_table(table: Table) -> None:
        await join(table.devices[0])  # starts the sheet
        await asyncio.gather(*(join(d) for d in table.devices[1:]))  # join it

    await asyncio.gather(*(seat_table(t) for t in tables))


def tally_figures(tally: Tally) -> dict[str, Any]:
    """What every device saw: values sent and confirmed, latencies, errors."""
    figures: dict[str, Any] = {
        "edits_sent": tally.sent,
        "edits_confirmed": tally.confirmed,
        "edits_superseded": tally.superseded,
        "edits_unconfirmed": tally.sent - tally.confirmed - tally.superseded,
        "fanout_expected": tally.sent * (SEATS - 1),
        "fanout_seen": len(tally.fanout),
    }
    figures.update({f"sender_ms_{k}": v for k, v in percentiles(tally.sender).items()})
    figures.update({f"fanout_ms_{k}": v for k, v in percentiles(tally.fanout).items()})
    figures["device_errors"] = tally.errors[:10]
    figures["device_error_count"] = len(tally.errors)
    return figures


async def night(server: Server, count: int, seconds: float, seed: int) -> dict[str, Any]:
    """One T: join, type for ``seconds``, settle, check screens and drafts, Save."""
    tally = Tally()
    tables = seated(count, tally)
    url = f"ws://127.0.0.1:{server.port}/ws"
    figures: dict[str, Any] = {"tables": count, "devices": count * SEATS, "seconds": seconds}
    figures["warm_up_s"] = round(await warm_up(url, server.pid), 1)
    server.profile(signal.SIGUSR1)
    cpu_before, began = cpu_s(server.pid), time.monotonic()
    try:
        await seat_all(tables, url)
        cpu_joined, joined, mine = cpu_s(server.pid), time.monotonic(), time.process_time()
        waited = waited_s(server.pid)
        server.profile(signal.SIGUSR1)  # the joining ends, the typing begins
        figures["join_wall_s"] = round(joined - began, 1)
        figures["join_cpu_ms_per_device"] = round(
            (cpu_joined - cpu_before) * 1000 / (count * SEATS), 1
        )
        figures.update({f"join_ms_{k}": v for k, v in percentiles(tally.joins).items()})
        figures["join_retries"] = tally.join_retries
        figures["rss_mb_joined"] = round(rss_mb(server.pid)[0], 1)

        rng = random.Random(seed)
        until = time.monotonic() + seconds
        devices = [d for t in tables for d in t.devices]
        await asyncio.gather(*(typist(d, until, random.Random(rng.random())) for d in devices))
        typed = time.monotonic()
        await settle(devices, server.pid)
        figures["settle_s"] = round(time.monotonic() - typed, 2)
        cpu_typed = cpu_s(server.pid)
        server.profile(signal.SIGUSR2)
        figures["cpu_ms_per_edit"] = round((cpu_typed - cpu_joined) * 1000 / max(tally.sent, 1), 2)
        wall = time.monotonic() - joined
        figures["cpu_share"] = round((cpu_typed - cpu_joined) / wall, 2)
        figures["client_cpu_share"] = round((time.process_time() - mine) / wall, 2)
        figures["server_waited_share"] = round((waited_s(server.pid) - waited) / wall, 2)
        figures["rss_mb"], figures["rss_mb_peak"] = (round(x, 1) for x in rss_mb(server.pid))

        figures["values_lost_screens"] = check_screens(tables)
        await asyncio.sleep(WRITE_EVERY_S + DRAFT_SLACK)  # the last draft writes are due
        figures["values_lost_drafts"], figures["tables_without_draft"] = check_drafts(
            server.folder, tables
        )
        saved_at = time.perf_counter()
        saves: list[float] = []

        async def save(device: Device) -> None:
            if await device.press("save"):
                try:
                    await asyncio.wait_for(device.moved.wait(), 60)
                    saves.append(time.perf_counter() - saved_at)
                except TimeoutError:
                    tally.errors.append(f"table {device.table.number}: Save never left the sheet")

        await asyncio.gather(*(save(t.devices[0]) for t in tables))
        figures["saved"] = len(saves)
        figures.update({f"save_ms_{k}": v for k, v in percentiles(saves).items()})
    finally:
        server.mark = server.log_size()  # what the server logs from here is the closing
        await asyncio.gather(
            *(d.close() for t in tables for d in t.devices), return_exceptions=True
        )
    figures.update(tally_figures(tally))
    figures["_tables"] = tables
    return figures


def run_one(
    count: int,
    seconds: float,
    pin: bool,
    deadline: float,
    seed: int,
    where: str | None,
    root: Path = ROOT,
    core: int | None = None,
    port: int = 8800,
) -> dict:
    """One T on a server of its own (the app in checkout ``root``), pinned to ``core`` or
    else to the core the others left idlest just now (this process keeps to the rest)."""
    profile = os.environ.get("SCOREPAD_BENCH_PROFILE") if root == ROOT else None
    load = load_average()
    if not pin:
        core = None
    elif core is None:
        core = idlest_core()
    if core is not None:
        os.sched_setaffinity(0, set(range(os.cpu_count() or 1)) - {core})
    server = Server(core, f"{profile}.{count}" if profile else None, where, root, port)
    figures: dict[str, Any] = {"tables": count, "loadavg_before": load, "server_core": core}
    try:
        remaining = deadline - time.monotonic()
        if remaining < 10:
            raise TimeoutError
        night_ = asyncio.wait_for(night(server, count, seconds, seed), remaining)
        figures.update(asyncio.run(night_))
    except TimeoutError:
        figures["timed_out"] = True
    finally:
        log = server.stop()
    tables = figures.pop("_tables", [])
    running = log[: server.mark] if server.mark is not None else log
    figures["server_tracebacks"] = running.count("Traceback")
    figures["server_tracebacks_on_close"] = log.count("Traceback") - running.count("Traceback")
    if "Traceback" in running:
        figures["server_first_traceback"] = running[running.index("Traceback") :][:1500]
    if tables:
        lost, missing, plays = check_history(server.db, tables)
        figures["values_lost_history"] = lost
        figures["tables_without_play"] = missing
        figures["plays"] = plays
        figures["values_lost"] = (
            figures["values_lost_screens"] + figures["values_lost_drafts"] + lost
        )
    shutil.rmtree(server.folder, ignore_errors=True)
    return figures


def show(figures: dict, against: dict | None = None, title: str = "") -> None:
    """Print one T's figures, beside ``against`` (the baseline checkout's, measured in this
    run) when given, else beside ``BASELINE``."""
    count = figures["tables"]
    load, core = figures["loadavg_before"], figures["server_core"]
    where = f"server on core {core}" if core is not None else "server not pinned"
    print(
        f"\n== {count} tables, {count * SEATS} devices{title} ({where}; load average before: "
        f"{load})"
    )
    if figures.get("timed_out"):
        print("   timed out: the overall limit was reached")
        return
    print(
        f"   joined in {figures['join_wall_s']} s: per device p50 {figures['join_ms_p50']} ms, "
        f"p95 {figures['join_ms_p95']} ms, max {figures['join_ms_max']} ms; server CPU "
        f"{figures['join_cpu_ms_per_device']} ms per join; connections dropped and retried "
        f"{figures.get('join_retries', 0)}"
    )
    show_tally(figures)
    print(
        f"   server CPU {figures['cpu_ms_per_edit']} ms per edit ({figures['cpu_share']:.0%} of "
        f"a core), RSS {figures['rss_mb']} MB (peak {figures['rss_mb_peak']}, "
        f"{figures['rss_mb_joined']} once joined); settled {figures['settle_s']} s after typing"
    )
    print(
        f"   values lost: {figures['values_lost']} (screens {figures['values_lost_screens']}, "
        f"drafts {figures['values_lost_drafts']}, history {figures['values_lost_history']}); "
        f"plays saved {figures['saved']}/{count} in {figures['save_ms_max']} ms, in history "
        f"{figures['plays']}; errors {figures['device_error_count']}, server tracebacks "
        f"{figures['server_tracebacks']}"
    )
    if figures["server_waited_share"] > WAITED:
        print(
            f"   the server waited for its core {figures['server_waited_share']:.0%} of the "
            "time: other work on that core skews these figures"
        )
    if figures["client_cpu_share"] > CLIENT_BUSY:
        print(
            f"   this client used {figures['client_cpu_share']:.0%} of a core: the latencies "
            "are partly its own"
        )
    for error in figures["device_errors"][:3]:
        print("     error:", error)
    base = BASELINE.get(count) if against is None else against
    if base and not base.get("timed_out"):
        figures["ratio_to_baseline"] = compare(
            figures, base, "baseline" if against is None else "checkout"
        )


def show_tally(figures: dict) -> None:
    """Print what ``tally_figures`` gave: values sent and confirmed, the latencies."""
    print(
        f"   edits sent {figures['edits_sent']}, confirmed {figures['edits_confirmed']}, "
        f"superseded {figures['edits_superseded']}, never confirmed "
        f"{figures['edits_unconfirmed']}; fan-out seen {figures['fanout_seen']} "
        f"of {figures['fanout_expected']}"
    )
    for name in ("sender", "fanout"):
        p = {k: figures[f"{name}_ms_{k}"] for k in ("p50", "p95", "p99", "max")}
        print(f"   {name} latency ms: " + ", ".join(f"{k} {v}" for k, v in p.items()))


def compare(figures: dict, base: dict, kind: str) -> dict[str, float]:
    """Print ``figures`` beside ``base`` (labelled ``kind``) with their ratios; returns
    the ratios."""
    print(f"   {'':22}{'now':>10}{kind:>10}{'ratio':>8}")
    for key, label in COMPARED:
        now, then = figures.get(key), base.get(key)
        ratio = f"{now / then:.2f}" if now is not None and then else "-"
        print(f"   {label:22}{now!s:>10}{then!s:>10}{ratio:>8}")
    return {
        key: round(figures[key] / base[key], 2)
        for key, _ in COMPARED
        if figures.get(key) is not None and base.get(key)
    }


def medians(runs: list[dict]) -> dict[str, Any]:
    """Each compared figure's median over ``runs`` (those that did not time out)."""
    done = [r for r in runs if not r.get("timed_out")]
    out: dict[str, Any] = {}
    for key, _ in COMPARED:
        values = [r[key] for r in done if r.get(key) is not None]
        if values:
            out[key] = round(statistics.median(values), 2)
    return out


PAIRED = ("cpu_ms_per_edit", "join_cpu_ms_per_device")
"""Figures whose ratio is also printed for each round: in a round run ``--together`` both
were measured in the same minute."""


def paired_ratios(mine: list[dict], base: list[dict]) -> dict[str, list[float]]:
    """Each of ``PAIRED``'s ratio (this checkout's over the baseline's), round by round."""
    out: dict[str, list[float]] = {}
    for key in PAIRED:
        out[key] = [
            round(ours[key] / theirs[key], 2)
            for ours, theirs in zip(mine, base, strict=True)
            if ours.get(key) and theirs.get(key)
        ]
    return out


def together(
    count: int,
    seconds: float,
    pin: bool,
    deadline: float,
    options: argparse.Namespace,
    against: Path,
    round_: int,
) -> tuple[dict, dict]:
    """T on the baseline's checkout and on this one at the same time (each with its own
    clients, in a process of its own), the servers on cores 0 and 1, swapped every round."""
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    cores = (round_ % 2, (round_ + 1) % 2)
    with ProcessPoolExecutor(2, mp_context=get_context("spawn")) as pool:
        theirs, ours = (
            pool.submit(
                run_one,
                count,
                seconds,
                pin,
                deadline,
                options.seed,
                options.folder,
                root,
                core,
                port,
            )
            for root, core, port in ((against, cores[0], 8800), (ROOT, cores[1], 8900))
        )
        return theirs.result(), ours.result()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default=",".join(map(str, TABLES)))
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--quick", action="store_true", help="5 and 10 tables for 20 s")
    parser.add_argument("--no-pin", action="store_true", help="do not pin the server to a core")
    parser.add_argument("--limit", type=float, default=LIMIT, help="the whole run, seconds")
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument(
        "--folder",
        default=SHM if os.access(SHM, os.W_OK) else None,
        help=f"where the server's data folder and history go (default: {SHM} when writable, "
        "else the temp folder)",
    )
    parser.add_argument(
        "--against",
        type=Path,
        help="a checkout of the baseline's commit (git worktree add ../base 32066d4): each T "
        "runs on it first, then on this one, and the ratios are to that run's figures",
    )
    parser.add_argument(
        "--together",
        action="store_true",
        help="with --against: both checkouts run each T at the same time, each server on a "
        "core of its own (swapped every round), so what slows the machine slows both alike",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="with --against: runs of each T on both checkouts, in turn; the medians are "
        "compared (a machine whose speed drifts skews one pair of runs)",
    )
    options = parser.parse_args()
    if options.rounds < 1:
        parser.error("--rounds: at least 1")
    if options.together and (options.against is None or (os.cpu_count() or 1) < 2):
        parser.error("--together: with --against, on a machine of two cores or more")
    against = options.against.resolve() if options.against else None
    if against is not None and not (against / "scorepad" / "__main__.py").is_file():
        parser.error(f"--against {options.against}: not a checkout of scorepad")
    counts = [int(t) for t in options.tables.split(",") if t.strip()]
    seconds = options.seconds
    if options.quick:
        counts, seconds = [5, 10], 20.0
    deadline = time.monotonic() + options.limit
    pin = not options.no_pin and shutil.which("taskset") is not None and (os.cpu_count() or 1) > 1
    where = options.folder or tempfile.gettempdir()
    pinned = "pinned to one core (taskset), this client on the others" if pin else "not pinned"
    print(
        f"server {pinned}; {os.cpu_count()} cores; load average {load_average()}; "
        f"its files in {where}"
    )
    if against is not None:
        print(f"baseline: the checkout in {against}, measured in this run before each T")
    elif BASELINE_NOTE:
        print(f"baseline: {BASELINE_NOTE}")
    runs, theirs = [], []
    summaries = []
    for count in counts:
        mine: list[dict] = []
        base: list[dict] = []
        for round_ in range(options.rounds):
            said = f", round {round_ + 1} of {options.rounds}" if options.rounds > 1 else ""
            before = None
            if against is not None and options.together:
                before, figures = together(count, seconds, pin, deadline, options, against, round_)
                show(before, title=f" on {against}, at the same time{said}")
                show(figures, before, title=f" on this checkout, at the same time{said}")
                base.append(before)
                mine.append(figures)
                continue
            if against is not None:
                before = run_one(
                    count, seconds, pin, deadline, options.seed, options.folder, against
                )
                show(before, title=f" on {against}{said}")
                base.append(before)
            figures = run_one(count, seconds, pin, deadline, options.seed, options.folder)
            show(figures, before, title=(" on this checkout" if before else "") + said)
            mine.append(figures)
        runs += mine
        theirs += base
        if options.rounds > 1 and base:
            how = "at the same time" if options.together else "taken in turn"
            print(f"\n== {count} tables: medians of {options.rounds} rounds, {how}")
            ours, then = medians(mine), medians(base)
            paired = paired_ratios(mine, base)
            for key, ratios in paired.items():
                print(f"   {key} ratio, round by round: {', '.join(map(str, ratios))}")
            summaries.append(
                {
                    "tables": count,
                    "now": ours,
                    "checkout": then,
                    "ratio": compare(ours, then, "checkout"),
                    "paired_ratios": paired,
                }
            )
    lost = sum(f.get("values_lost", 0) for f in runs)
    print(
        json.dumps(
            {
                "pinned": pin,
                "cores": os.cpu_count(),
                "seconds": seconds,
                "values_lost": lost,
                "runs": runs,
                "baseline": {str(k): v for k, v in BASELINE.items()},
                "baseline_note": BASELINE_NOTE,
                "against": str(against) if against is not None else None,
                "against_runs": theirs,
                "medians": summaries,
            }
        )
    )
    return 1 if lost or any(f.get("timed_out") for f in runs) else 0


if __name__ == "__main__":
    sys.exit(main())
