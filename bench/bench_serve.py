"""A group's server at a club night: T tables of 4 phones, each table on one live sheet,
through nginx to P processes of ``scorepad serve`` on one PostgreSQL history; and, in the
same run, the same night on one process behind the same nginx, for comparison.

Each run makes a fresh database on the PostgreSQL server of ``--pg`` (default
``$SCOREPAD_TEST_PG``), a group with one member signed in (every device carries that
member's session cookie, as the member's phones would), starts the processes (each on a
port of its own, one data folder for all) and the guide's nginx site
(``examples/nginx-scorepad.conf``, the https server only, one ``server`` line per
process, a certificate made for ``localhost``). The devices are ``bench_live.py``'s: they
speak Flet's websocket protocol (``bench/flet_wire.py``) over TLS to nginx, each from a
loopback address of its own; nginx spreads them over the processes, so a table's four
phones are on different processes, as they would be. Every device types one value every
2 s (jittered) into its own player's score track for ``--seconds``.

First, unless ``--no-laptop``, the same night on the laptop's one process as it serves a
live sheet today (``bench_live.py``'s run: ``scorepad app``, SQLite, drafts in files),
for its processor time per value. Figures, for each of the two runs: values sent and
confirmed; sender latency (a value to its player's total on the sender) and fan-out
latency (a value to it showing on each other device of the table), p50, p95, p99 and max;
processor time per value of the app's processes together, of the PostgreSQL server's
processes for that database, and of nginx; the time each device took to join.
Afterwards every last value typed is checked on every device, in the history's sheet
rows, and (after each table's first device pressed Save) in the saved plays: anything
but 0 values lost is a bug. The last lines compare the P processes with the one process,
and their processor time per value with the laptop's (ratios); the very last line is one
JSON object.

    python bench/bench_serve.py [--tables 360] [--processes 3] [--seconds 60]
                                [--pg postgresql+psycopg://…] [--quick] [--no-laptop]

Both runs share this machine with their clients, nginx and PostgreSQL: on a small machine
the latencies are partly theirs (the script says how busy its own client was).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import ssl
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "app"))

from proxy import Nginx, self_signed, site  # noqa: E402

from bench import flet_wire as wire  # noqa: E402
from bench.bench_live import (  # noqa: E402
    SEATS,
    SETTLE,
    SHM,
    Device,
    Table,
    Tally,
    check_history,
    check_screens,
    cpu_s,
    load_average,
    lost_in,
    percentiles,
    rss_mb,
    run_one,
    seat_all,
    seated,
    show_tally,
    tally_figures,
    typist,
)
from scorepad.accounts import Password, add_group, make_invite, take_invite  # noqa: E402
from scorepad.accounts.sessions import open_session  # noqa: E402
from scorepad.store import open_store  # noqa: E402
from scorepad.ui.launch import free_port, wait_for_port  # noqa: E402
from tests.store.conftest import fresh_database  # noqa: E402

GROUP = "Club night"
SECRET = "a long enough one for the bench"
COMPARED = (
    ("sender_ms_p50", "sender p50 ms"),
    ("sender_ms_p95", "sender p95 ms"),
    ("fanout_ms_p50", "fan-out p50 ms"),
    ("fanout_ms_p95", "fan-out p95 ms"),
    ("fanout_ms_p99", "fan-out p99 ms"),
    ("app_cpu_ms_per_edit", "app CPU ms/value"),
    ("pg_cpu_ms_per_edit", "PostgreSQL CPU ms/value"),
    ("nginx_cpu_ms_per_edit", "nginx CPU ms/value"),
    ("join_ms_p95", "join p95 ms"),
    ("values_lost", "values lost"),
)


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (nginx's worker)."""
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


def total_cpu(pids: list[int]) -> float:
    """Processor seconds the processes ``pids`` have used (those gone count 0)."""
    used = 0.0
    for pid in pids:
        try:
            used += cpu_s(pid)
        except OSError:
            continue
    return used


def backends(url: str) -> list[int]:
    """The PostgreSQL server's processes now serving the database of ``url``."""
    import psycopg

    plain = url.replace("postgresql+psycopg://", "postgresql://")
    name = plain.rsplit("/", 1)[1].split("?")[0]
    with psycopg.connect(plain) as conn:
        rows = conn.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s", (name,))
        return [int(row[0]) for row in rows if row[0] != conn.info.backend_pid]


def check_rows(url: str, tables: list[Table]) -> tuple[int, int]:
    """(cells whose kept sheet lacks the last value typed, a missing sheet's too; tables
    with no sheet): the sheet rows as the history holds them, before Save."""
    import psycopg

    plain = url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain) as conn:
        rows = conn.execute("SELECT body FROM sheet_draft WHERE fate IS NULL").fetchall()
    return lost_in([json.loads(body) for (body,) in rows], tables)


class Cluster:
    """P ``scorepad serve`` processes on the history at ``url``, behind nginx."""

    def __init__(self, url: str, processes: int, devices: int) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="scorepad-serve-"))
        self.url = url
        port = free_port(9400)
        self.public = f"https://localhost:{port}"
        with open_store(url) as store:
            now = datetime.now(UTC).replace(tzinfo=None)
            add_group(store, GROUP, now=now)
            made = make_invite(store, GROUP, url=self.public, now=now)
            member = take_invite(store, made.token, "Ana", Password(SECRET), now=now)
            self.session = store.accounts(lambda rows: open_session(rows, member, now))
        env = {**os.environ, "SCOREPAD_DATA_DIR": str(self.folder / "data"), "SCOREPAD_LANG": "en"}
        self.ports = [free_port(9500 + 10 * n) for n in range(processes)]
        self.processes: list[subprocess.Popen[str]] = []
        self.logs = []
        for n, app_port in enumerate(self.ports):
            log = open(self.folder / f"serve{n}.log", "w+", encoding="utf-8")  # noqa: SIM115
            self.logs.append(log)
            self.processes.append(
                subprocess.Popen(
                    [
                        sys.executable,
                        "-m",
                        "scorepad",
                        "serve",
                        "--db",
                        url,
                        "--port",
                        str(app_port),
                        "--public-url",
                        self.public,
                    ],
                    cwd=ROOT,
                    env=env,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    text=True,
                )
            )
        for app_port in self.ports:
            if not wait_for_port(app_port, timeout=60):
                self.stop()
                raise SystemExit(f"a serve process did not start: see {self.folder}")
        cert, key = self_signed(self.folder)
        self.nginx = Nginx(
            self.folder / "nginx", site(port, self.ports, cert, key), port, devices * 2 + 256
        )
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        self.options: dict[str, Any] = {
            "ssl": context,
            "additional_headers": {
                "Cookie": f"scorepad_member={self.session}",
                "Origin": self.public,
            },
        }
        self.ws = self.public.replace("https://", "wss://") + "/ws"

    @property
    def pids(self) -> list[int]:
        return [p.pid for p in self.processes]

    def nginx_pids(self) -> list[int]:
        return [self.nginx.process.pid, *children(self.nginx.process.pid)]

    def stop(self) -> str:
        if hasattr(self, "nginx"):
            self.nginx.stop()
        for process in self.processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        out = []
        for process, log in zip(self.processes, self.logs, strict=True):
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)
            log.seek(0)
            out.append(log.read())
            log.close()
        return "\n".join(out)


async def warm_up(cluster: Cluster) -> None:
    """One visit to Home on each process, as a server up for a while has had."""
    for _ in cluster.ports:
        async with connect(cluster.ws, max_size=None, ping_interval=None, **cluster.options) as ws:
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
    await asyncio.sleep(3)  # each prepares its screens in the background after its first


async def night(cluster: Cluster, count: int, seconds: float, seed: int) -> dict[str, Any]:
    tally = Tally()
    tables = seated(count, tally)
    for table in tables:
        for device in table.devices:
            device.options = cluster.options
    figures: dict[str, Any] = {"tables": count, "devices": count * SEATS, "seconds": seconds}

    await warm_up(cluster)
    began = time.monotonic()
    try:
        await seat_all(tables, cluster.ws)
        figures["join_wall_s"] = round(time.monotonic() - began, 1)
        figures.update({f"join_ms_{k}": v for k, v in percentiles(tally.joins).items()})
        pg = backends(cluster.url)
        app0, pg0, nginx0 = (
            total_cpu(cluster.pids),
            total_cpu(pg),
            total_cpu(cluster.nginx_pids()),
        )
        joined, mine = time.monotonic(), time.process_time()
        rng = random.Random(seed)
        until = time.monotonic() + seconds
        devices = [d for t in tables for d in t.devices]
        await asyncio.gather(*(typist(d, until, random.Random(rng.random())) for d in devices))
        typed = time.monotonic()
        while time.monotonic() < typed + SETTLE and not all(d.settled() for d in devices):
            await asyncio.sleep(0.1)
        figures["settle_s"] = round(time.monotonic() - typed, 2)
        sent = max(tally.sent, 1)
        app1, pg1 = total_cpu(cluster.pids), total_cpu(pg)
        nginx1 = total_cpu(cluster.nginx_pids())
        wall = time.monotonic() - joined
        figures["app_cpu_ms_per_edit"] = round((app1 - app0) * 1000 / sent, 2)
        figures["pg_cpu_ms_per_edit"] = round((pg1 - pg0) * 1000 / sent, 2)
        figures["nginx_cpu_ms_per_edit"] = round((nginx1 - nginx0) * 1000 / sent, 2)
        figures["app_cpu_share"] = round((app1 - app0) / wall, 2)
        figures["client_cpu_share"] = round((time.process_time() - mine) / wall, 2)
        figures["rss_mb"] = round(sum(rss_mb(pid)[0] for pid in cluster.pids), 1)
        figures["values_lost_screens"] = check_screens(tables)
        figures["values_lost_rows"], figures["tables_without_row"] = check_rows(cluster.url, tables)

        async def save(device: Device) -> bool:
            if not await device.press("save"):
                return False
            try:
                await asyncio.wait_for(device.moved.wait(), 60)
                return True
            except TimeoutError:
                tally.errors.append(f"table {device.table.number}: Save never left the sheet")
                return False

        figures["saved"] = sum(await asyncio.gather(*(save(t.devices[0]) for t in tables)))
    finally:
        await asyncio.gather(
            *(d.close() for t in tables for d in t.devices), return_exceptions=True
        )
    figures.update(tally_figures(tally))
    figures["_tables"] = tables
    return figures


def run(pg: str, processes: int, count: int, seconds: float, seed: int) -> dict[str, Any]:
    os.environ["SCOREPAD_TEST_PG"] = pg
    figures: dict[str, Any] = {"processes": processes, "loadavg_before": load_average()}
    with fresh_database() as url:
        cluster = Cluster(url, processes, count * SEATS)
        try:
            figures.update(asyncio.run(night(cluster, count, seconds, seed)))
        finally:
            log = cluster.stop()
        figures["server_tracebacks"] = log.count("Traceback")
        if "Traceback" in log:
            figures["server_first_traceback"] = log[log.index("Traceback") :][:1500]
        tables = figures.pop("_tables", [])
        lost, missing, plays = check_history(url, tables)
        figures["values_lost_history"] = lost
        figures["tables_without_play"] = missing
        figures["plays"] = plays
        figures["values_lost"] = figures["values_lost_screens"] + figures["values_lost_rows"] + lost
    return figures


def show(figures: dict[str, Any]) -> None:
    n, count = figures["processes"], figures["tables"]
    print(
        f"\n== {n} process{'es' if n > 1 else ''} behind nginx: {count} tables, "
        f"{count * SEATS} devices (load average before: {figures['loadavg_before']})"
    )
    print(
        f"   joined in {figures['join_wall_s']} s: per device p50 {figures['join_ms_p50']} "
        f"ms, p95 {figures['join_ms_p95']} ms"
    )
    show_tally(figures)
    print(
        f"   CPU per value: app {figures['app_cpu_ms_per_edit']} ms ({figures['app_cpu_share']:.0%}"
        f" of a core), PostgreSQL {figures['pg_cpu_ms_per_edit']} ms, nginx "
        f"{figures['nginx_cpu_ms_per_edit']} ms; app RSS {figures['rss_mb']} MB; settled "
        f"{figures['settle_s']} s after typing; this client used "
        f"{figures['client_cpu_share']:.0%} of a core"
    )
    print(
        f"   values lost: {figures['values_lost']} (screens {figures['values_lost_screens']}, "
        f"sheet rows {figures['values_lost_rows']}, history {figures['values_lost_history']});"
        f" plays saved {figures['saved']}/{count}, in history {figures['plays']}; errors "
        f"{figures['device_error_count']}, server tracebacks {figures['server_tracebacks']}"
    )
    for error in figures["device_errors"][:3]:
        print("     error:", error)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=360)
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--pg", default=os.environ.get("SCOREPAD_TEST_PG"))
    parser.add_argument("--quick", action="store_true", help="20 tables for 20 s")
    parser.add_argument(
        "--no-laptop",
        action="store_true",
        help="leave out the laptop's one process (bench_live.py's, measured first)",
    )
    options = parser.parse_args()
    if not options.pg:
        parser.error("--pg: a PostgreSQL server (or $SCOREPAD_TEST_PG) is needed")
    count, seconds = options.tables, options.seconds
    if options.quick:
        count, seconds = 20, 20.0
    print(f"{os.cpu_count()} cores; load average {load_average()}")
    laptop = {}
    if not options.no_laptop:  # the live sheet as one process serves it today
        where = SHM if os.access(SHM, os.W_OK) else None
        laptop = run_one(count, seconds, False, time.monotonic() + 3600, options.seed, where)
        print(
            f"\n== the laptop's one process (scorepad app, SQLite, drafts in files): {count} "
            f"tables: CPU {laptop.get('cpu_ms_per_edit')} ms per value, fan-out p95 "
            f"{laptop.get('fanout_ms_p95')} ms, values lost {laptop.get('values_lost')}"
        )
    one = run(options.pg, 1, count, seconds, options.seed)
    show(one)
    many = run(options.pg, options.processes, count, seconds, options.seed)
    show(many)
    print(f"\n   {'':26}{'P':>10}{'one':>10}{'ratio':>8}")
    ratios = {}
    for key, label in COMPARED:
        now, then = many.get(key), one.get(key)
        ratio = round(now / then, 2) if now is not None and then else None
        ratios[key] = ratio
        print(f"   {label:26}{now!s:>10}{then!s:>10}{ratio if ratio is not None else '-':>8}")
    if laptop.get("cpu_ms_per_edit"):
        ratio = round(many["app_cpu_ms_per_edit"] / laptop["cpu_ms_per_edit"], 2)
        ratios["app_cpu_to_laptop"] = ratio
        print(
            f"   {'app CPU ms/value, laptop':26}{many['app_cpu_ms_per_edit']!s:>10}"
            f"{laptop['cpu_ms_per_edit']!s:>10}{ratio:>8}"
        )
    print(json.dumps({"laptop": laptop, "one": one, "many": many, "ratios": ratios}, default=str))
    return 0 if many["values_lost"] == 0 and one["values_lost"] == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
