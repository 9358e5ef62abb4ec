"""How quickly the app starts, renders and adds up, and how much memory it holds, beside a
hello-world Flet app.

Both apps are served the same way (Flet web mode on 127.0.0.1, no CDN) and opened in
Debian's Chromium through Playwright, started in turn (interleaved, so neither gets the
warmer caches). Scorepad serves a history of 100,000 four-player plays (``--db``; built
once with bench_history.py's generator and the store's import, then kept in the temp
folder; each run works on a copy). Figures:
- listening: from starting the process to the port accepting connections (median);
- first render: from asking Chromium for ``/`` to the first screen being in the
  accessibility tree, interactive (median): the hello-world's text, and Scorepad's Home
  with its New game button; target within 1.3x the hello-world. Home does not wait for
  the history: the time to its latest play (``recent-1``, a row that exists only once
  the history has answered) is printed beside it;
- typing to total: from typing a score-track value (the page's input event) to the new
  total in the page, over 30 edits (median; target under 100 ms); the same is measured on
  a one-field Flet app as the framework's floor;
- server memory: resident memory (VmRSS): the hello-world's after its first screen (the
  largest over the runs) against Scorepad's in its first run after Home, History and
  Stats over the 100,000 plays and the typing on a sheet; target within the
  hello-world's plus 60 MB. The peak (VmHWM) and the median after the first screen alone
  are printed beside it.
The last line is a JSON object with every figure.

    python bench/bench_app.py [--starts N]
"""

from __future__ import annotations

import argparse
import compileall
import hashlib
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("SCOREPAD_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
STARTS = 7
EDITS = 30
PLAYS = 100_000
TIMEOUT_MS = 120_000
APPS = {"hello": "hello", "scorepad": "new-game"}
"""Each app and the test id of its first screen, interactive, waited for."""
LATEST = "recent-1"
"""Scorepad's Home with its latest play: a row that exists only once the history has
answered (Home is on screen and usable before that)."""


def history_file(plays: int = PLAYS) -> Path:
    """A history of ``plays`` plays, built on first use and kept in the temp folder.

    The file's name carries a digest of what it depends on (bench_history.py's generator
    and the store's migrations), so a change there builds a new one.
    """
    digest = hashlib.sha256(f"{plays}".encode())
    digest.update((ROOT / "bench" / "bench_history.py").read_bytes())
    for script in sorted((ROOT / "scorepad" / "store" / "migrations").rglob("*.py")):
        digest.update(script.name.encode() + script.read_bytes())
    kept = Path(tempfile.gettempdir()) / f"scorepad-bench-app-{plays}-{digest.hexdigest()[:12]}.db"
    if kept.exists():
        return kept
    sys.path.insert(0, str(ROOT / "bench"))
    from bench_history import write_history

    from scorepad.store import open_store

    print(f"building a history of {plays:,} plays (once; kept as {kept}) ...", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        source, built = Path(folder) / "plays.json", Path(folder) / "history.db"
        write_history(source, plays)
        with open_store(str(built)) as store:
            done = store.import_file(source)
        assert done.plays == plays, done
        partial = kept.with_name(kept.name + ".partial")
        shutil.copyfile(built, partial)  # closed: the write-ahead log is folded in
        partial.replace(kept)
    return kept


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(
    kind: str, data_dir: Path, db: Path, games: Path | None = None
) -> tuple[subprocess.Popen, int, float]:
    """Start one server (Scorepad with the built-in games of ``games`` if given); returns
    it, its port and the seconds it took to listen."""
    port = free_port()
    if kind in ("hello", "echo"):
        command = [sys.executable, str(ROOT / "bench" / "hello_app.py"), str(port), kind]
    else:
        command = [sys.executable, "-m", "scorepad.cli", "app", "--no-browser"]
        if games is not None:
            command[1:3] = [str(ROOT / "bench" / "catalogue_app.py"), str(games)]
        command += ["--port", str(port), "--db", str(db)]
    env = {**os.environ, "SCOREPAD_DATA_DIR": str(data_dir), "SCOREPAD_LANG": "en"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # both run from bytecode, as installed apps do
    env["SCOREPAD_DB"] = str(db)  # never the user's history
    began = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            return process, port, time.perf_counter() - began
        except OSError:
            if process.poll() is not None:
                raise SystemExit(f"{kind} server exited early") from None
            time.sleep(0.005)


def node(page: Any, ident: str) -> Any:
    return page.locator(f'[flt-semantics-identifier="{ident}"]')


def open_page(browser: Any, url: str, viewport: dict[str, int] | None = None) -> tuple[Any, Any]:
    """A new tab on ``url`` (1280x800 unless ``viewport``) with Flutter's accessibility
    tree switched on."""
    context = browser.new_context(viewport=viewport or {"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(url)
    placeholder = page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached", timeout=TIMEOUT_MS)
    placeholder.dispatch_event("click")
    return context, page


def first_render(
    browser: Any, url: str, ident: str, then: str | None = None
) -> tuple[float, float | None, Any, Any]:
    """Seconds from asking for ``url`` to ``ident`` in the page, and on to ``then`` if
    given; the tab stays open."""
    began = time.perf_counter()
    context, page = open_page(browser, url)
    node(page, ident).wait_for(state="attached", timeout=TIMEOUT_MS)
    first = time.perf_counter() - began
    if then is None:
        return first, None, context, page
    node(page, then).wait_for(state="attached", timeout=TIMEOUT_MS)
    return first, time.perf_counter() - began, context, page


def go(page: Any, route: str, ident: str) -> None:
    """Move to ``route`` inside the running app (as its own links do) and wait for it."""
    page.evaluate(
        "r => { history.pushState(null, '', r);"
        " dispatchEvent(new PopStateEvent('popstate', {state: null})); }",
        route,
    )
    node(page, ident).wait_for(state="attached", timeout=TIMEOUT_MS)


WATCH = """([field, total, wanted]) => {
    // Time from the keystroke reaching the page to the new total in the page.
    const input = document.querySelector(`[flt-semantics-identifier="${field}"] input`);
    window.__typed = null;
    input.addEventListener("input", () => { window.__typed = performance.now(); },
                           {once: true});
    const check = () => {
        const node = document.querySelector(`[flt-semantics-identifier="${total}"]`);
        if (window.__typed !== null && node && node.innerText === wanted) {
            window.__latencies.push(performance.now() - window.__typed);
        } else {
            requestAnimationFrame(check);
        }
    };
    requestAnimationFrame(check);
}"""

FOCUSED = """e => new Promise(done => {
    // Focused and configured by Flutter's text editing (text typed before is wiped).
    const check = () => {
        if (document.activeElement === e && e.getAttribute("autocorrect") === "on") done(true);
        else setTimeout(check, 10);
    };
    check();
})"""


def typing_to_total(browser: Any, url: str, double: bool = False) -> list[float]:
    """Seconds from each typed value to its total on screen, timed in the page."""
    context, page = open_page(browser, url)
    box = node(page, "line-marker-1").locator("input")
    box.wait_for(state="attached", timeout=TIMEOUT_MS)
    box.click()
    box.evaluate(FOCUSED)
    page.evaluate("window.__latencies = []")
    for edit in range(EDITS):
        value = str(20 + edit)
        shown = str(2 * (20 + edit)) if double else value
        page.evaluate(WATCH, ["line-marker-1", "total-1", shown])
        box.fill(value)
        page.wait_for_function("n => window.__latencies.length === n", arg=edit + 1)
    timings = page.evaluate("window.__latencies")
    context.close()
    return [t / 1000 for t in timings]


def cpu_s(pid: int) -> float:
    """Processor time the process has used so far (user and system), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory_mb(pid: int) -> tuple[float, float]:
    """The process's resident memory now and at its peak (VmRSS, VmHWM), in MB."""
    fields = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
    )
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def measure(browser: Any, history: Path, starts: int) -> dict[str, dict[str, Any]]:
    """Start, render and weigh both apps in turn, ``starts`` times. In its first run
    Scorepad also opens History and Stats and is typed into; that is when it is weighed
    for the target. Every other figure of memory is taken right after the first screen."""
    listening: dict[str, list[float]] = {kind: [] for kind in APPS}
    renders: dict[str, list[float]] = {kind: [] for kind in APPS}
    memory: dict[str, list[tuple[float, float]]] = {kind: [] for kind in APPS}
    cpu: dict[str, list[float]] = {kind: [] for kind in APPS}
    latest: list[float] = []
    typing: list[float] = []
    visited = (0.0, 0.0)
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "history.db"
        shutil.copyfile(history, db)
        for run in range(starts):
            for kind, ident in APPS.items():
                data_dir = Path(tempfile.mkdtemp(dir=folder))
                process, port, took = start(kind, data_dir, db)
                base = f"http://127.0.0.1:{port}"
                try:
                    listening[kind].append(took)
                    then = LATEST if kind == "scorepad" else None
                    render, shown, context, page = first_render(browser, base + "/", ident, then)
                    renders[kind].append(render)
                    if shown is not None:
                        latest.append(shown)
                    cpu[kind].append(cpu_s(process.pid))
                    memory[kind].append(memory_mb(process.pid))
                    if kind == "scorepad" and run == 0:  # the history open as a user opens it
                        go(page, "/history", "history-row-1")
                        go(page, "/stats", "stats-player")
                        typing = typing_to_total(browser, base + "/new/azul?players=Ana,Ben")
                        visited = memory_mb(process.pid)
                    context.close()
                finally:
                    process.terminate()
                    process.wait(timeout=20)
    results: dict[str, dict[str, Any]] = {}
    for kind in APPS:
        results[kind] = {
            "listening_s": round(statistics.median(listening[kind]), 3),
            "first_render_s": round(statistics.median(renders[kind]), 3),
            "first_renders_s": [round(r, 3) for r in renders[kind]],
            "server_cpu_at_first_render_s": round(statistics.median(cpu[kind]), 2),
            "first_screen_rss_mb": round(statistics.median(m for m, _ in memory[kind]), 1),
            "server_rss_mb": round(max(m for m, _ in memory[kind]), 1),
            "server_peak_mb": round(max(p for _, p in memory[kind]), 1),
        }
    results["scorepad"]["latest_play_shown_s"] = round(statistics.median(latest), 3)
    results["scorepad"]["server_rss_mb"] = round(visited[0], 1)
    results["scorepad"]["server_peak_mb"] = round(visited[1], 1)
    results["scorepad"]["typing_to_total_median_ms"] = round(statistics.median(typing) * 1000, 1)
    results["scorepad"]["typing_to_total_max_ms"] = round(max(typing) * 1000, 1)
    with tempfile.TemporaryDirectory() as folder:
        process, port, _ = start("echo", Path(folder), Path(folder) / "unused.db")
        try:
            echo = typing_to_total(browser, f"http://127.0.0.1:{port}/", double=True)
        finally:
            process.terminate()
            process.wait(timeout=20)
    results["hello"]["typing_to_total_median_ms"] = round(statistics.median(echo) * 1000, 1)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--starts", type=int, default=STARTS, help="starts of each app")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"no Chromium at {CHROMIUM} (apt-get install -y chromium)")
    history = history_file()
    # An installed Scorepad runs from bytecode (pip compiles it; an editable install
    # writes it on first run); compiled here once, so no start pays for compiling.
    compileall.compile_dir(ROOT / "scorepad", quiet=1)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        results = measure(browser, history, args.starts)
        browser.close()
    hello, app = results["hello"], results["scorepad"]
    render_ratio = app["first_render_s"] / hello["first_render_s"]
    listen_ratio = app["listening_s"] / hello["listening_s"]
    over = app["server_rss_mb"] - hello["server_rss_mb"]
    print(f"{'':32}{'hello-world':>14}{'scorepad':>12}{'ratio':>8}")
    print(
        f"{'start to listening (s)':32}{hello['listening_s']:>14}{app['listening_s']:>12}"
        f"{listen_ratio:>8.2f}   target <= 1.30"
    )
    print(
        f"{'first interactive render (s)':32}{hello['first_render_s']:>14}"
        f"{app['first_render_s']:>12}{render_ratio:>8.2f}   target <= 1.30"
    )
    latest_ratio = app["latest_play_shown_s"] / hello["first_render_s"]
    print(
        f"{'  Home with its latest play (s)':32}{'':>14}{app['latest_play_shown_s']:>12}"
        f"{latest_ratio:>8.2f}   (the history's part of Home, after it)"
    )
    print(
        f"{'server memory, RSS (MB)':32}{hello['server_rss_mb']:>14}{app['server_rss_mb']:>12}"
        f"{over:>+8.1f}   target <= +60 (Scorepad with {PLAYS:,} plays)"
    )
    print(
        f"{'  peak (MB)':32}{hello['server_peak_mb']:>14}{app['server_peak_mb']:>12}"
        f"{app['server_peak_mb'] - hello['server_peak_mb']:>+8.1f}"
    )
    print(
        f"{'  after the first screen (MB)':32}{hello['first_screen_rss_mb']:>14}"
        f"{app['first_screen_rss_mb']:>12}"
        f"{app['first_screen_rss_mb'] - hello['first_screen_rss_mb']:>+8.1f}"
    )
    print(
        f"typing to total shown: median {app['typing_to_total_median_ms']} ms, "
        f"max {app['typing_to_total_max_ms']} ms over {EDITS} edits   target < 100 ms"
    )
    print(
        "  Flet's own floor (one field doubled into a text): median "
        f"{hello['typing_to_total_median_ms']} ms"
    )
    print(
        json.dumps(
            {
                "hello": hello,
                "scorepad": app,
                "plays": PLAYS,
                "starts": args.starts,
                "first_render_ratio": round(render_ratio, 3),
                "latest_play_shown_ratio": round(latest_ratio, 3),
                "listening_ratio": round(listen_ratio, 3),
                "typing_to_total_median_ms": app["typing_to_total_median_ms"],
                "memory_100k_plays_mb": app["server_rss_mb"],
                "memory_over_hello_mb": round(over, 1),
                "targets_met": {
                    "listening": listen_ratio <= 1.3,
                    "first_render": render_ratio <= 1.3,
                    "typing": app["typing_to_total_median_ms"] < 100,
                    "memory": over <= 60,
                },
            }
        )
    )


if __name__ == "__main__":
    main()
