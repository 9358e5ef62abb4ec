"""Load: 20 browser sessions entering and saving plays at once against one served app.

Starts ``scorepad app`` on loopback with a fresh SQLite history, opens 20 Chromium pages
(Playwright, one browser, a context each) and, once every page shows its sheet, lets every
page play table after table for a minute: open a sheet of Azul for its own two players,
type both players' scores, press Save, wait for the saved play's screen, then Rematch for
the next one. All 20 tables play
the same game at once, as at a club night: each sheet in progress is a draft of its own.

Afterwards every play a page saw saved is looked up in the history: each must be there
exactly once with the totals that were typed, and no other play may exist. Figures: plays
saved, save latency (click on Save to the play's screen drawn) median and 95th percentile,
the server's answer (from the page sending the click on Save to the server's first message
back: what a table waits for when each phone draws on its own processor), the server's share of this
machine's processor time, and errors; the last line is a JSON object.

    python bench/bench_load.py [--sessions 20] [--seconds 60]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.bench_app import ARGS, CHROMIUM, cpu_s  # noqa: E402
from scorepad.store import open_store  # noqa: E402
from scorepad.ui.launch import free_port, wait_for_port  # noqa: E402

ATTACHED = """(e) => new Promise(done => {
    const start = performance.now();
    const check = () => {
        const ready = document.activeElement === e && e.getAttribute("autocorrect") === "on";
        if (ready || performance.now() - start > 5000) done(ready);
        else setTimeout(check, 10);
    };
    check();
})"""


def node(page, ident: str):
    return page.locator(f'[flt-semantics-identifier="{ident}"]')


async def type_into(page, ident: str, text: str) -> None:
    box = node(page, ident).locator("input")
    for _ in range(5):
        await box.click()
        if not await box.evaluate(ATTACHED):
            continue
        await box.fill(text)
        for _ in range(40):
            if await box.input_value() == text:
                return
            await page.wait_for_timeout(25)
    raise RuntimeError(f"{ident} never took {text!r}")


class Start:
    """The timed minute begins once every table has its sheet on screen: 20 Flutter
    clients loading at once on one machine would otherwise take a good part of it."""

    def __init__(self, tables: int, seconds: float) -> None:
        self.waiting, self.seconds = tables, seconds
        self.ready = asyncio.Event()
        self.until = 0.0

    async def arrive(self) -> float:
        self._one_less()
        await self.ready.wait()
        return self.until

    def leave(self) -> None:
        """A table that failed before its sheet came up does not hold the others back."""
        if not self.ready.is_set():
            self._one_less()

    def _one_less(self) -> None:
        self.waiting -= 1
        if self.waiting == 0:
            self.until = time.monotonic() + self.seconds
            self.ready.set()


async def table(
    browser, base: str, n: int, start: Start, saved: list, latencies: list, replies: list
) -> None:
    context = await browser.new_context(viewport={"width": 390, "height": 844})
    page = await context.new_page()
    frames: list[float] = []  # when each message from the server reached this page
    sent: list[float] = []  # when the page sent each of its own

    def follow(ws) -> None:
        ws.on("framereceived", lambda _frame: frames.append(time.perf_counter()))
        ws.on("framesent", lambda _frame: sent.append(time.perf_counter()))

    page.on("websocket", follow)
    game = "azul"
    round_ = 0
    a, b = f"T{n:02d}a", f"T{n:02d}b"
    try:
        await page.goto(f"{base}/new/{game}?players={a},{b}")
        placeholder = page.locator("flt-semantics-placeholder")
        await placeholder.wait_for(state="attached", timeout=60_000)
        await placeholder.dispatch_event("click")
        await node(page, "line-marker-1").wait_for(state="attached", timeout=120_000)
        until = await start.arrive()
        while time.monotonic() < until:
            round_ += 1
            if round_ > 1:  # the next table: Rematch on the saved play's screen
                await node(page, "rematch").locator("[role]").first.click()
            await node(page, "line-marker-1").wait_for(state="attached", timeout=60_000)
            first, second = str(n), str(round_)  # every play's totals say whose it is
            await type_into(page, "line-marker-1", first)
            await type_into(page, "line-marker-2", second)
            await page.wait_for_function(
                """([a, b]) => {
                    const t = i => document.querySelector(
                        `[flt-semantics-identifier="total-${i}"]`);
                    return t(1) && t(2) && t(1).innerText === a && t(2).innerText === b;
                }""",
                arg=[first, second],
                timeout=60_000,
            )
            save = node(page, "save").locator("[role]").first
            started = time.perf_counter()
            await save.click()
            await node(page, "play-edit").wait_for(state="attached", timeout=60_000)
            latencies.append(time.perf_counter() - started)
            clicked = min(f for f in sent if f > started)  # the click, as sent to the server
            replies.append(min(f for f in frames if f > clicked) - clicked)
            saved.append((a, b, int(first), int(second)))
    finally:
        start.leave()
        await context.close()


async def run(base: str, sessions: int, seconds: float) -> tuple[list, list, list, list]:
    from playwright.async_api import async_playwright

    saved: list = []
    latencies: list = []
    replies: list = []
    errors: list = []
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        start = Start(sessions, seconds)
        results = await asyncio.gather(
            *(
                table(browser, base, n, start, saved, latencies, replies)
                for n in range(1, sessions + 1)
            ),
            return_exceptions=True,
        )
        errors = [repr(r) for r in results if isinstance(r, BaseException)]
        await browser.close()
    return saved, latencies, replies, errors


def check(db: str, saved: list) -> dict:
    """Every play a page saw saved is in the history once, with its totals; nothing else."""
    store = open_store(db)
    try:
        plays = store.list_plays(limit=100_000).plays
    finally:
        store.close()
    found = sorted(
        (p.players[0].name, p.players[1].name, p.players[0].total, p.players[1].total)
        for p in plays
    )
    expected = sorted(saved)
    return {
        "in_history": len(plays),
        "seen_saved": len(saved),
        "duplicates": len(found) - len(set(found)),
        "lost": len(set(expected) - set(found)),
        "unexpected": len(set(found) - set(expected)),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60)
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="scorepad-load-"))
    db = str(folder / "history.db")
    open_store(db).close()
    port = free_port(8700)
    env = {**os.environ, "SCOREPAD_DATA_DIR": str(folder), "SCOREPAD_LANG": "en"}
    command = ["scorepad.cli", "app", "--no-browser", "--port", str(port), "--db", db]
    server = subprocess.Popen(
        [sys.executable, "-m", *command],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        if not wait_for_port(port, timeout=60):
            raise SystemExit(f"the app did not start: {server.stdout}")
        server_before, began = cpu_s(server.pid), time.monotonic()
        saved, latencies, replies, errors = asyncio.run(
            run(f"http://127.0.0.1:{port}", options.sessions, options.seconds)
        )
        server_cpu, wall = cpu_s(server.pid) - server_before, time.monotonic() - began
    finally:
        server.terminate()
        log, _ = server.communicate(timeout=30)
    history = check(db, saved)
    tracebacks = log.count("Traceback")
    ms = sorted(x * 1000 for x in latencies)
    p95 = ms[max(0, round(0.95 * len(ms)) - 1)] if ms else None
    reply_ms = sorted(x * 1000 for x in replies)
    figures = {
        "sessions": options.sessions,
        "seconds": options.seconds,
        "plays_saved": len(saved),
        "save_ms_median": round(statistics.median(ms), 1) if ms else None,
        "save_ms_p95": round(p95, 1) if p95 is not None else None,
        "reply_ms_median": round(statistics.median(reply_ms), 1) if reply_ms else None,
        "reply_ms_p95": round(reply_ms[max(0, round(0.95 * len(reply_ms)) - 1)], 1)
        if reply_ms
        else None,
        "server_cpu_s": round(server_cpu, 1),
        "server_cpu_share": round(server_cpu / (wall * (os.cpu_count() or 1)), 2),
        "session_errors": errors,
        "server_tracebacks": tracebacks,
        **history,
    }
    ok = (
        not errors
        and not tracebacks
        and history["lost"] == 0
        and history["duplicates"] == 0
        and history["unexpected"] == 0
        and history["in_history"] == len(saved)
    )
    figures["nothing_lost"] = ok
    print(f"{len(saved)} plays saved by {options.sessions} sessions in {options.seconds:.0f} s")
    print(
        f"save latency: median {figures['save_ms_median']} ms, 95th percentile "
        f"{figures['save_ms_p95']} ms"
    )
    print(
        f"server's answer (the click on Save sent, to the first message back): "
        f"median {figures['reply_ms_median']} ms, 95th percentile {figures['reply_ms_p95']} ms"
    )
    print(
        f"the server used {server_cpu:.1f} s of processor time in {wall:.0f} s, "
        f"{figures['server_cpu_share']:.0%} of this machine's {os.cpu_count()} cores "
        "(the browsers had the rest)"
    )
    print(f"history: {history}; session errors: {len(errors)}; server tracebacks: {tracebacks}")
    for error in errors[:5]:
        print("  error:", error[:300])
    print(json.dumps(figures))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
