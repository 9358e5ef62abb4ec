"""The app's side of the link check (``scorepad.ui.heartbeat``), at the ASGI level: a
page's ping is answered beside Flet with how many of its frames Flet received, and no
text frame ever reaches Flet (whose frames are all binary)."""

from __future__ import annotations

import asyncio
from typing import Any

from ui_helpers import run_async

from scorepad.ui.heartbeat import PING, answering_pings, link_script


def exchange(
    frames: list[dict[str, Any]], *, arriving: bool = True
) -> tuple[list[Any], list[dict[str, Any]]]:
    """``frames`` from a page through the heartbeat: what Flet received, what was sent.
    Each frame arrives after the app had its turn (as off a network), or, not
    ``arriving``, all of them at once (a flood read from a full buffer)."""
    incoming = [{"type": "websocket.connect"}, *frames, {"type": "websocket.disconnect"}]
    flet_got: list[Any] = []
    sent: list[dict[str, Any]] = []

    async def flet(scope: Any, receive: Any, send: Any) -> None:
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                return
            if message["type"] == "websocket.receive":
                flet_got.append(message.get("bytes"))
                await send({"type": "websocket.send", "bytes": b"patch"})

    async def receive() -> dict[str, Any]:
        if arriving:
            await asyncio.sleep(0)
        return incoming.pop(0)

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    app = answering_pings(flet, lambda: "es")
    run_async(lambda: app({"type": "websocket"}, receive, send))
    return flet_got, sent


def frame(data: bytes) -> dict[str, Any]:
    return {"type": "websocket.receive", "bytes": data}


def ping() -> dict[str, Any]:
    return {"type": "websocket.receive", "text": PING}


def test_a_ping_is_answered_with_the_frames_received_so_far_and_the_language():
    flet_got, sent = exchange([ping(), frame(b"a"), frame(b"b"), ping(), frame(b"c"), ping()])
    assert flet_got == [b"a", b"b", b"c"]
    pongs = [m["text"] for m in sent if "text" in m]
    assert pongs == ["scorepad:pong:0:es", "scorepad:pong:2:es", "scorepad:pong:3:es"]
    assert [m["bytes"] for m in sent if "bytes" in m] == [b"patch"] * 3


def test_pings_faster_than_their_answers_go_are_dropped():
    """A flood of pings read at once: one answer waits to be sent, the rest are dropped
    (each used to wait in the app's memory until its turn)."""
    flet_got, sent = exchange([ping()] * 10_000 + [frame(b"a")], arriving=False)
    pongs = [m["text"] for m in sent if "text" in m]
    assert pongs == ["scorepad:pong:0:es"] and flet_got == [b"a"]
    flet_got, sent = exchange([ping(), frame(b"a"), ping()])  # the pace of a page: all answered
    assert [m["text"] for m in sent if "text" in m] == ["scorepad:pong:0:es", "scorepad:pong:1:es"]


def test_no_text_frame_reaches_flet():
    text = {"type": "websocket.receive", "text": "scorepad:pong:9:en"}
    flet_got, sent = exchange([text, {"type": "websocket.receive", "text": "hello"}, frame(b"x")])
    assert flet_got == [b"x"]
    assert not [m for m in sent if "text" in m]  # nothing answered but a ping


def test_the_page_script_carries_its_words_in_every_language():
    script = link_script()
    assert script.startswith("<script>") and "__TEXTS__" not in script
    for words in (
        "Typing is paused",
        "No se puede escribir",
        "La saisie est suspendue",
        "Eingabe gesperrt",
    ):
        assert words in script
