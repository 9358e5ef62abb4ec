"""Every request on a deadline, and heads of a sane size, tried with raw sockets on the
served app: a slow second request on a kept-alive connection (its head or its body) is
closed, other devices are served while several addresses try it with the server's open
files nearly used up, and a head over 16 KB is answered 431 without the server's memory
growing with what is sent."""

from __future__ import annotations

import os
import resource
import socket
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from conftest import start_app, stop, wait_for_port
from test_security import closed
from test_security_server import rss

from scorepad.ui.connections import BODY_TIME, HEAD_TIME, MAX_HEAD

WAIT = 6 * (HEAD_TIME + BODY_TIME)
"""How long a test waits for what must happen: far beyond the deadlines, so a loaded
machine still passes, and the old code (which waited for ever) still fails."""


def request(
    sock: socket.socket, path: str = "/", extra: bytes = b"", host: str | None = None
) -> bytes:
    """One GET on ``sock`` and its whole answer (its head and the body it announces)."""
    host = host or f"127.0.0.1:{sock.getpeername()[1]}"
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\n".encode() + extra + b"\r\n")
    got = b""
    while b"\r\n\r\n" not in got:
        part = sock.recv(65536)
        if not part:
            return got
        got += part
    head, _, body = got.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    while len(body) < length:
        part = sock.recv(65536)
        if not part:
            break
        body += part
    return head + b"\r\n\r\n" + body


def connect_from(address: str, port: int) -> socket.socket:
    """A connection to the app from another loopback address (another device)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(WAIT)
    sock.bind((address, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def cpu_time(pid: int) -> int:
    """The processor time ``pid`` has used so far, in clock ticks."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    fields = stat.rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def quiet(pid: int) -> None:
    """Wait until the app has done its start (the screens' modules load in the
    background): its processor time unchanged for a second."""
    last = -1
    for _ in range(120):
        now = cpu_time(pid)
        if now == last:
            return
        last = now
        time.sleep(1)


@pytest.fixture
def app(tmp_path) -> Iterator[tuple[int, int]]:
    process, port = start_app(tmp_path, "--no-browser")
    try:
        wait_for_port(port, process)
        yield port, process.pid
    finally:
        out = stop(process)
        assert "Traceback" not in out, out


def test_a_slow_second_request_is_closed(app):
    port, _ = app
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as sock:
        assert request(sock).startswith(b"HTTP/1.1 200")
        sock.sendall(b"G")  # one byte of a second request, and nothing more
        assert closed(sock, WAIT)


def test_a_slow_body_of_a_second_request_is_closed(app):
    port, _ = app
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as sock:
        assert request(sock).startswith(b"HTTP/1.1 200")
        sock.sendall(
            f"POST / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: 100000\r\n\r\n".encode()
        )
        sock.settimeout(1)
        gone = False
        for _ in range(int(WAIT)):  # a byte a second, far below any upload's rate
            try:
                sock.sendall(b"x")
                gone = sock.recv(65536) == b""  # the answer to the POST, then the end
            except TimeoutError:
                continue
            except OSError:
                gone = True
            if gone:
                break
        assert gone


def test_other_devices_are_served_while_several_addresses_hold_slow_requests(app):
    """The server's open files nearly used up (as on a computer with a low limit), three
    addresses each hold 40 connections with a second request begun (after a first one
    answered at once: a name not the app's is refused without opening a file). Each
    connection the server took is closed, and another device, trying again as a person
    would, is served meanwhile (while the server has no file left, it drops new
    connections at once)."""
    port, pid = app
    quiet(pid)  # what the app opens at its start is open before its files are counted
    in_use = len(os.listdir(f"/proc/{pid}/fd"))
    _, hard = resource.prlimit(pid, resource.RLIMIT_NOFILE)
    resource.prlimit(pid, resource.RLIMIT_NOFILE, (in_use + 80, hard))

    def hold(n: int) -> str:
        try:
            with connect_from(f"127.0.0.{2 + n % 3}", port) as sock:
                if not request(sock, host="evil.example").startswith(b"HTTP/1.1 403"):
                    return "dropped"
                sock.sendall(b"GET / HT")
                return "closed" if closed(sock, WAIT) else "held"
        except OSError:
            return "dropped"

    def device() -> bool:
        """A phone reloading its page until it loads, or until the wait is over."""
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            try:
                with connect_from("127.0.0.9", port) as sock:
                    if request(sock).startswith(b"HTTP/1.1 200"):
                        return True
            except OSError:
                pass
            time.sleep(0.5)
        return False

    with ThreadPoolExecutor(max_workers=121) as pool:
        held = [pool.submit(hold, n) for n in range(120)]
        time.sleep(1)  # the attack under way: the server's files taken
        served = pool.submit(device)
        outcomes = [each.result() for each in held]
        assert served.result()
    assert "held" not in outcomes and "closed" in outcomes, outcomes


def test_a_head_over_16_kb_is_answered_431(app):
    port, _ = app
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as sock:
        answer = request(sock, extra=b"X-Big: " + b"a" * MAX_HEAD + b"\r\n")
        assert answer.startswith(b"HTTP/1.1 431"), answer[:80]
        assert closed(sock, WAIT)
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as sock:
        long_path = "/" + "a" * MAX_HEAD
        assert request(sock, long_path).startswith(b"HTTP/1.1 431")
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as sock:
        fine = b"".join(b"X-H%d: %s\r\n" % (n, b"b" * 100) for n in range(100))  # 11 KB
        assert request(sock, extra=fine).startswith(b"HTTP/1.1 200")


def test_fifty_megabytes_of_headers_on_four_connections_leave_the_memory_as_it_was(app):
    port, pid = app
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as sock:
        request(sock)  # the app's first page served: its own memory is in place
    before = rss(pid)
    chunk = b"X-" + b"h" * (64 * 1024 - 4) + b": "
    socks = [socket.create_connection(("127.0.0.1", port), timeout=WAIT) for _ in range(4)]
    try:
        for sock in socks:  # a first request answered, then a second with endless headers
            assert request(sock).startswith(b"HTTP/1.1 200")
            sock.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode())
        sent = [0] * 4
        for _ in range(50 * 16):  # 50 MB on each, in 64 KB pieces, while the server reads
            for n, sock in enumerate(socks):
                if sent[n] >= 0:
                    try:
                        sock.sendall(chunk)
                        sent[n] += len(chunk)
                    except OSError:
                        sent[n] = -1  # closed by the server
        grown = rss(pid) - before
    finally:
        for sock in socks:
            sock.close()
    assert grown < 20_000_000, grown
    assert sent == [-1] * 4, sent  # each was closed long before its 50 MB


def test_the_server_asks_for_more_open_files_than_a_low_default():
    """A system that gives a program 256 open files (macOS): the server asks for more,
    up to its hard limit, so that many more connections are needed to use them up."""
    import subprocess
    import sys

    code = (
        "import resource\n"
        "from scorepad.ui.server import more_open_files\n"
        "hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]\n"
        "resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))\n"
        "more_open_files(4096)\n"
        "print(resource.getrlimit(resource.RLIMIT_NOFILE)[0], hard)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    soft, hard = (int(n) for n in out.stdout.split())
    assert soft == (4096 if hard == resource.RLIM_INFINITY else min(4096, hard)), out.stdout
