"""How long the app keeps a websocket whose other end went silent (a phone whose Wi-Fi
dropped with its socket open): it pings it, and gives it up when an answer is late
(``scorepad.ui.server.pings``; ``SCOREPAD_WS_PING`` sets both times, as the offline
browser tests do to wait seconds instead of most of a minute)."""

from __future__ import annotations

import socket
import time

import pytest
from conftest import start_app, stop, wait_for_port
from test_security_pings import opened
from websockets.frames import Close, Frame, Opcode

from scorepad.ui.server import PING_ENV, PING_EVERY, PING_TIMEOUT, pings


def test_the_apps_own_pings_are_every_20_s_answered_within_20_s(monkeypatch):
    monkeypatch.delenv(PING_ENV, raising=False)
    assert pings() == (PING_EVERY, PING_TIMEOUT) == (20.0, 20.0)


def test_the_environment_sets_both_times(monkeypatch):
    monkeypatch.setenv(PING_ENV, "2,5.5")
    assert pings() == (2.0, 5.5)


@pytest.mark.parametrize("text", ["5", "2,5,1", "0,5", "2,-1", "two,five", "nan,5", "2,inf"])
def test_times_that_are_not_two_positive_numbers_are_refused_with_a_word(monkeypatch, text):
    monkeypatch.setenv(PING_ENV, text)
    with pytest.raises(SystemExit) as refused:
        pings()
    said = str(refused.value.code)
    assert said.startswith(f"{PING_ENV}={text!r}: expected two numbers of seconds"), said


def frames_until_closed(sock: socket.socket, within: float) -> list[Frame]:
    """What the app sends on ``sock``, never answered, until it closes the connection
    (or ``within`` seconds went by)."""
    got = b""
    deadline = time.monotonic() + within
    sock.settimeout(1)
    while time.monotonic() < deadline:
        try:
            part = sock.recv(65536)
        except TimeoutError:
            continue
        if not part:
            break
        got += part
    else:
        raise AssertionError(f"the app kept the silent socket open: {got[:200]!r}")
    frames = []
    while got:  # the server's frames are not masked: a 2-byte head and a short body here
        length = got[1] & 0x7F
        frames.append(Frame(Opcode(got[0] & 0x0F), got[2 : 2 + length]))
        got = got[2 + length :]
    return frames


def test_a_socket_that_never_answers_the_apps_pings_is_given_up(tmp_path, monkeypatch):
    monkeypatch.setenv(PING_ENV, "0.5,1")
    process, port = start_app(tmp_path, "--no-browser")
    try:
        wait_for_port(port, process)
        with opened(port) as sock:  # a page that sends nothing and answers nothing
            # within 1.5 s; under 30 s on a machine busy with other work, where the
            # app's own times (a ping after 20 s, 20 s for its answer) take 40 s
            frames = frames_until_closed(sock, within=30)
        assert [f.opcode for f in frames] == [Opcode.PING, Opcode.CLOSE], frames
        assert Close.parse(frames[-1].data).code == 1011  # "keepalive ping timeout"
    finally:
        out = stop(process)
        assert "Traceback" not in out, out
