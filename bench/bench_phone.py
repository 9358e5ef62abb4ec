"""What a phone joining the app downloads, and how long it waits, beside a hello-world.

A phone-size Chromium page (390×844, touch; Debian's Chromium through Playwright) opens
the app over a throttled link (Chrome's network emulation through the DevTools protocol:
20 Mbit/s down, 5 Mbit/s up, 40 ms latency) and over an unthrottled one, twice each: a
first visit (an empty browser cache) and a second (the same browser profile, a new tab).
Two addresses: Home (``/``, usable once its New game button is in the accessibility
tree) and a sheet opened by a link (``/new/azul?players=Ana,Ben``, usable once the first
player's first field is). The same is measured, in the same run and interleaved, against
a plain Flet hello-world (bench/hello_app.py, served the stock way: ``ft.run``, no CDN),
usable once its text is. Figures (median over the runs):
- bytes: what went over the network for the page's HTTP requests (headers and bodies,
  as sent: compressed when compressed) and, apart, the websocket's messages;
- time: from asking for the address to the page being usable.
Targets: a first visit at most 5 MB and at most 0.5x the hello-world's time on the
throttled link; a second visit at most 300 KB. Scorepad's compressed copies are made
before timing (its first start writes them; ``SCOREPAD_CACHE_DIR`` is a folder of the
temp folder, kept between runs). The machine's load average is printed with the figures.
Chromium takes Brotli on loopback only; a phone on the network (plain http to the
computer's address) gets gzip: ``--network`` serves both apps on this machine's network
address (Scorepad with ``--share``) to measure that case too. The last line is a JSON
object with every figure.

    python bench/bench_phone.py [--runs 3] [--network] [--files]
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.bench_app import ARGS, CHROMIUM  # noqa: E402
from scorepad.ui.launch import free_port, wait_for_port  # noqa: E402

PHONE = {"width": 390, "height": 844}
LINKS = {
    "throttled": {"latency": 40, "down": 20_000_000 // 8, "up": 5_000_000 // 8},
    "unthrottled": None,
}
TARGETS = {"home": "/", "sheet": "/new/azul?players=Ana,Ben"}
READY = {
    ("scorepad", "home"): "new-game",
    ("scorepad", "sheet"): "line-marker-1",
    ("hello", "home"): "hello",
    ("hello", "sheet"): "hello",
}
CODE = "BENCH42"
TIMEOUT_MS = 120_000


def start(name: str, port: int, host: str, cache: Path, data: Path) -> subprocess.Popen:
    env = {**os.environ, "SCOREPAD_CACHE_DIR": str(cache), "SCOREPAD_DATA_DIR": str(data)}
    env["SCOREPAD_DB"] = f"sqlite:///{data / 'history.db'}"
    env["SCOREPAD_LANG"] = "en"
    if name == "hello":
        if host != "127.0.0.1":  # the stock server binds every interface without a host
            command = [
                sys.executable,
                "-c",
                "import os, sys, flet as ft; sys.argv = ['hello', sys.argv[1]];"
                "os.environ['FLET_FORCE_WEB_SERVER'] = '1';"
                "from bench.hello_app import main;"
                "ft.run(main, view=ft.AppView.WEB_BROWSER, host='0.0.0.0',"
                " port=int(sys.argv[1]), no_cdn=True)",
                str(port),
            ]
        else:
            command = [sys.executable, str(ROOT / "bench" / "hello_app.py"), str(port)]
    else:
        command = [sys.executable, "-m", "scorepad.cli", "app", "--no-browser"]
        command += ["--port", str(port)]
        if host != "127.0.0.1":
            command += ["--share", "--code", CODE]
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    if not wait_for_port(port, timeout=60):
        process.kill()
        raise SystemExit(f"{name} never listened on {port}")
    return process


def cache_ready(cache: Path, timeout: float = 300) -> None:
    """Wait for Scorepad's first start to finish its compressed copies."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if any(cache.glob("web-*/done")):
            return
        time.sleep(0.5)
    raise SystemExit(f"no compressed copies in {cache} after {timeout:.0f} s")


class Meter:
    """Bytes over the network for one tab, from the DevTools protocol's events."""

    def __init__(self, page, link: dict | None) -> None:
        self.http = 0
        self.ws = 0
        self.requests = 0
        self.urls: dict[str, str] = {}
        self.files: list[tuple[int, str]] = []  # (bytes, address) of each HTTP request
        self.session = page.context.new_cdp_session(page)
        self.session.send("Network.enable")
        if link:
            self.session.send(
                "Network.emulateNetworkConditions",
                {
                    "offline": False,
                    "latency": link["latency"],
                    "downloadThroughput": link["down"],
                    "uploadThroughput": link["up"],
                },
            )
        self.session.on("Network.requestWillBeSent", self.asked)
        self.session.on("Network.loadingFinished", self.finished)
        self.session.on("Network.webSocketFrameReceived", self.frame)
        self.session.on("Network.webSocketFrameSent", self.frame)

    def asked(self, event: dict) -> None:
        self.urls[event["requestId"]] = event["request"]["url"]

    def finished(self, event: dict) -> None:
        url = self.urls.get(event["requestId"], "?")
        if url.startswith(("blob:", "data:")):  # made by the page itself: never on the link
            return
        size = int(event.get("encodedDataLength", 0))
        self.http += size
        self.requests += 1
        self.files.append((size, url))

    def frame(self, event: dict) -> None:
        data = event["response"].get("payloadData", "")
        opcode = event["response"].get("opcode", 1)
        self.ws += len(data) * 3 // 4 if opcode == 2 else len(data.encode())


def visit(context, url: str, ready: str, link: dict | None) -> dict:
    page = context.new_page()
    meter = Meter(page, link)
    began = time.perf_counter()
    page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
    placeholder = page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached", timeout=TIMEOUT_MS)
    placeholder.dispatch_event("click")
    page.locator(f'[flt-semantics-identifier="{ready}"]').first.wait_for(
        state="visible", timeout=TIMEOUT_MS
    )
    seconds = time.perf_counter() - began
    page.wait_for_timeout(300)  # what the page still fetches once usable counts too
    figures = {"s": seconds, "http": meter.http, "ws": meter.ws, "requests": meter.requests}
    figures["files"] = sorted(meter.files, reverse=True)
    page.close()
    return figures


def measure(browser, base: str, app: str, target: str, link: str, options) -> dict:
    """A first and a second visit in a fresh browser profile."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        url = coded(base + TARGETS[target], app, options)
        first = visit(context, url, READY[app, target], LINKS[link])
        second = visit(context, url, READY[app, target], LINKS[link])
        return {"first": first, "second": second}
    finally:
        context.close()


def median(rows: list[dict], visit_name: str, key: str) -> float:
    return statistics.median(row[visit_name][key] for row in rows)


def network_address() -> str:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # no packet is sent: the route's own address
        return str(probe.getsockname()[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--network", action="store_true", help="serve on the network address")
    parser.add_argument(
        "--files", action="store_true", help="list what each request of a first visit cost"
    )
    options = parser.parse_args()
    host = network_address() if options.network else "127.0.0.1"
    cache = Path(tempfile.gettempdir()) / "scorepad-bench-phone-cache"
    results: dict[str, list[dict]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        processes, bases = [], {}
        try:
            for app in ("scorepad", "hello"):
                port = free_port(8700 if app == "scorepad" else 8800)
                processes.append(start(app, port, host, cache, Path(scratch)))
                bases[app] = f"http://{host}:{port}"
            cache_ready(cache)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                for run in range(options.runs):
                    for link in LINKS:
                        for target in TARGETS:
                            for app in ("scorepad", "hello") if run % 2 else ("hello", "scorepad"):
                                key = f"{app}/{target}/{link}"
                                row = measure(browser, bases[app], app, target, link, options)
                                results.setdefault(key, []).append(row)
                                print(
                                    f"run {run + 1} {key}: "
                                    f"first {row['first']['s']:.2f} s {row['first']['http']:,} B, "
                                    f"second {row['second']['s']:.2f} s "
                                    f"{row['second']['http']:,} B",
                                    flush=True,
                                )
                                if options.files and run == 0:
                                    for size, url in row["first"]["files"]:
                                        print(f"    {size:>10,} B  {url.split('?')[0]}")
                browser.close()
        finally:
            for process in processes:
                process.terminate()
                process.wait(timeout=15)
    report(results, options, host)


def coded(url: str, app: str, options: argparse.Namespace) -> str:
    """Scorepad on the network asks for its access code: the address carries it, as the
    QR code's does."""
    if app != "scorepad" or not options.network:
        return url
    return f"{url}{'&' if '?' in url else '?'}code={CODE}"


def report(results: dict[str, list[dict]], options: argparse.Namespace, host: str) -> None:
    load = os.getloadavg()
    print()
    print(f"served on {host}; {options.runs} runs; median; load average {load[0]:.2f}")
    header = (
        f"{'address':6} {'link':11} {'visit':6} | {'Scorepad':>10} {'s':>6} | "
        f"{'hello':>10} {'s':>6} | {'bytes':>5} {'time':>5}"
    )
    print(header)
    print("-" * len(header))
    figures: dict[str, object] = {"host": host, "runs": options.runs, "load": load[0]}
    for target in TARGETS:
        for link in LINKS:
            for which in ("first", "second"):
                ours = results[f"scorepad/{target}/{link}"]
                theirs = results[f"hello/{target}/{link}"]
                ob, os_ = median(ours, which, "http"), median(ours, which, "s")
                tb, ts = median(theirs, which, "http"), median(theirs, which, "s")
                print(
                    f"{target:6} {link:11} {which:6} | {ob / 1e6:8.3f}MB {os_:6.2f} | "
                    f"{tb / 1e6:8.3f}MB {ts:6.2f} | {ob / tb:5.2f} {os_ / ts:5.2f}"
                )
                figures[f"{target}/{link}/{which}"] = {
                    "scorepad_bytes": ob,
                    "scorepad_s": round(os_, 3),
                    "scorepad_ws_bytes": median(ours, which, "ws"),
                    "hello_bytes": tb,
                    "hello_s": round(ts, 3),
                    "bytes_ratio": round(ob / tb, 3),
                    "time_ratio": round(os_ / ts, 3),
                }
    first = figures["home/throttled/first"]
    second = figures["home/throttled/second"]
    assert isinstance(first, dict) and isinstance(second, dict)
    print()
    print(
        f"targets (Home, throttled): first visit {first['scorepad_bytes'] / 1e6:.2f} MB "
        f"(<= 5 MB), {first['time_ratio']:.2f}x the hello-world's time (<= 0.5x); "
        f"second visit {second['scorepad_bytes'] / 1e3:.0f} KB (<= 300 KB)"
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
