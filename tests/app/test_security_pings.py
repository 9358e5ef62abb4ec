"""A flood of the page's heartbeat pings, at the protocol level on the served app: a
client that opens the app's websocket, sends 8 MB of pings and reads none of the answers
leaves the server's memory as it was; its socket answers again once it reads."""

from __future__ import annotations

import base64
import os
import socket

from conftest import start_app, stop, wait_for_port
from test_security_requests import quiet
from test_security_server import rss
from websockets.frames import Frame, Opcode

from scorepad.ui.heartbeat import PING


def opened(port: int) -> socket.socket:
    """The app's websocket, opened as the app's own page opens it."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=60)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
            f"Origin: http://127.0.0.1:{port}\r\n\r\n"
        ).encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        part = sock.recv(4096)
        assert part, head
        head += part
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock


def ping_frame() -> bytes:
    return Frame(Opcode.TEXT, PING.encode()).serialize(mask=True, extensions=[])


def pongs_read(sock: socket.socket, quiet: float = 2.0) -> int:
    """The answers the server has sent so far: read until it sends nothing for a while."""
    sock.settimeout(quiet)
    got = b""
    for _ in range(100_000):
        try:
            part = sock.recv(1 << 20)
        except TimeoutError:
            break
        if not part:
            break
        got += part
    sock.settimeout(60)
    return got.count(b"scorepad:pong:")


def test_a_flood_of_pings_leaves_the_servers_memory_as_it_was(tmp_path):
    process, port = start_app(tmp_path, "--no-browser")
    try:
        wait_for_port(port, process)
        with opened(port) as sock:
            sock.sendall(ping_frame())
            assert pongs_read(sock) == 1  # the page's ping, answered
            before = rss(process.pid)
            one = ping_frame()
            burst = one * (1024 * 1024 // len(one))  # a megabyte of pings
            pings = 0
            for _ in range(8):  # 8 MB of them, none of the answers read meanwhile
                sock.sendall(burst)
                pings += len(burst) // len(one)
            quiet(process.pid)  # what the server does with them, done
            grown = rss(process.pid) - before
            answered = pongs_read(sock)
            assert grown < 30_000_000, grown
            assert answered < pings // 10, (answered, pings)  # the rest were dropped
            sock.sendall(one)
            assert pongs_read(sock) == 1  # the socket still answers, one for one
    finally:
        out = stop(process)
        assert "Traceback" not in out, out
