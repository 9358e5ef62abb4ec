"""Nobody else gets in, tried on the served app over real sockets: another host name, a
websocket from another site, a flood of wrong codes, idle connections from one device."""

from __future__ import annotations

import http.client
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from conftest import start_app, stop, wait_for_port
from test_share import network_address
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from scorepad.ui.connections import PER_ADDRESS
from scorepad.ui.share import COOKIE

CODE = "MESA42"


def ask(host: str, port: int, path: str = "/", **headers: str) -> tuple[int, dict, str]:
    """One GET on a connection of its own: the status, the headers and the body."""
    connection = http.client.HTTPConnection(host, port, timeout=60)
    try:
        connection.request("GET", path, headers=headers)
        answer = connection.getresponse()
        return answer.status, dict(answer.getheaders()), answer.read().decode("utf-8", "replace")
    finally:
        connection.close()


def rss(pid: int) -> int:
    """The server's resident memory, in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


@pytest.fixture
def local_app(tmp_path):
    process, port = start_app(tmp_path, "--no-browser")
    try:
        wait_for_port(port, process)
        yield port
    finally:
        out = stop(process)
        assert "Traceback" not in out, out


@pytest.fixture
def shared_app(tmp_path):
    host = network_address()
    process, port = start_app(tmp_path, "--no-browser", "--share", "--code", CODE)
    try:
        wait_for_port(port, process)
        yield host, port, process
    finally:
        out = stop(process)
        assert "Traceback" not in out, out


def test_the_app_answers_only_to_its_own_names(local_app):
    port = local_app
    status, headers, _ = ask("127.0.0.1", port)
    assert status == 200
    assert headers["x-frame-options"] == "DENY" and headers["referrer-policy"] == "no-referrer"
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff"
    assert "access-control-allow-origin" not in {k.lower() for k in headers}
    assert ask("127.0.0.1", port, Host=f"localhost:{port}")[0] == 200
    status, _, page = ask("127.0.0.1", port, Host=f"rebound.example:{port}")  # DNS rebinding
    assert status == 403 and "flutter" not in page.lower()
    assert ask("127.0.0.1", port, "/main.dart.js", Origin="http://evil.example")[0] == 403


def test_a_websocket_from_another_site_is_refused(local_app):
    port = local_app
    with pytest.raises(InvalidStatus) as refused:
        connect(f"ws://127.0.0.1:{port}/ws", origin="http://evil.example", open_timeout=10)
    assert refused.value.response.status_code == 403
    with pytest.raises(InvalidStatus):
        connect(f"ws://127.0.0.1:{port}/ws", origin=f"http://127.0.0.1:{port + 1}", open_timeout=10)
    with connect(f"ws://127.0.0.1:{port}/ws", origin=f"http://127.0.0.1:{port}", open_timeout=10):
        pass  # the app's own page


def test_sockets_closed_before_their_page_registered_leave_nothing_waiting(tmp_path):
    """A page reloaded while it connects (or a probe) opens the app's websocket and
    closes it before registering: the app keeps no task waiting for it, and stops at
    once when asked, with nothing cancelled and no traceback."""
    process, port = start_app(tmp_path, "--no-browser")
    wait_for_port(port, process)
    for _ in range(5):
        with connect(
            f"ws://127.0.0.1:{port}/ws", origin=f"http://127.0.0.1:{port}", open_timeout=10
        ):
            pass
    time.sleep(0.5)
    process.terminate()
    out, _ = process.communicate(timeout=30)
    assert process.returncode == 0, out
    assert "Traceback" not in out and "Cancel" not in out, out


def test_a_flood_of_wrong_codes_gets_nowhere_and_the_right_code_still_opens(shared_app):
    host, port, process = shared_app
    assert ask(host, port, f"/?code={CODE}")[0] == 200
    before = rss(process.pid)

    def guess(n: int) -> int:
        if n % 2:
            return ask(host, port, f"/?code=G{n:05d}")[0]
        return ask(host, port, "/", Cookie=f"{COOKIE}=G{n:05d}")[0]

    statuses: list[int] = []
    start = time.monotonic()
    with ThreadPoolExecutor(max_workers=48) as pool:  # half in the cookie, half in the address
        statuses += pool.map(guess, range(400))
    took = time.monotonic() - start
    assert set(statuses) <= {401, 429} and 500 not in statuses
    assert statuses.count(401) <= 40, statuses.count(401)  # the rest were not even read
    grown = rss(process.pid) - before
    assert grown < 30_000_000, grown
    deadline = time.monotonic() + 40  # the wait is capped: the tries in line end
    while True:
        status, headers, _ = ask(host, port, f"/?code={CODE}")
        if status == 200 or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    print(
        f"flood: {len(statuses)} tries in {took:.1f} s, right code in after {time.monotonic() - start:.1f} s"
    )
    assert status == 200 and headers["set-cookie"].startswith(f"{COOKIE}="), took
    assert ask(host, port, "/", Cookie=headers["set-cookie"].split(";", 1)[0])[0] == 200


def test_one_device_cannot_hold_every_connection(shared_app):
    host, port, _ = shared_app
    held = [socket.create_connection((host, port), timeout=5) for _ in range(PER_ADDRESS + 6)]
    try:
        time.sleep(1)
        dropped = 0
        for sock in held:
            sock.settimeout(0.05)
            try:
                dropped += sock.recv(1) == b""
            except TimeoutError:
                pass
            except ConnectionResetError:
                dropped += 1
        assert dropped >= 6  # the ones over the limit were closed at once
        assert ask("127.0.0.1", port)[0] == 200  # this computer is another address
    finally:
        for sock in held:
            sock.close()
    time.sleep(0.5)
    assert ask(host, port, f"/?code={CODE}")[0] == 200  # closed, the places are free again
