"""The app's side of the link check (``scorepad.ui.heartbeat``), at the ASGI level: a
page's ping is answered beside Flet with how many of its frames Flet received, and no
text frame ever reaches Flet (whose frames are all binary)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import msgpack
from ui_helpers import run_async

from scorepad.ui.heartbeat import PING, answering_pings, link_script


def exchange(
    frames: list[dict[str, Any]], *, arriving: bool = True, app: Any = None
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

    app = (app or answering_pings)(flet, lambda: "es")
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


OLD = "a" * 32
NEW = "b" * 32


def text(data: str) -> dict[str, Any]:
    return {"type": "websocket.receive", "text": data}


def typed(control_id: Any, value: Any) -> bytes:
    """Flet's frame that sets a field's text, as its web client sends it."""
    return b"\x00" + msgpack.packb([4, {"id": control_id, "props": {"value": value}}])


class OneApp:
    """One app's heartbeat for several sockets (what it remembers is the app's)."""

    def __init__(self, untaken: Any = None) -> None:
        self.untaken = untaken or (lambda control_id: None)
        self.made: Any = None

    def __call__(self, flet: Any, lang: Any) -> Any:
        async def app(scope: Any, receive: Any, send: Any) -> None:
            self.flet = flet
            await self.made(scope, receive, send)

        if self.made is None:

            async def current_flet(scope: Any, receive: Any, send: Any) -> None:
                await self.flet(scope, receive, send)

            self.made = answering_pings(current_flet, lang, self.untaken)
        return app


def texts(sent: list[dict[str, Any]]) -> list[str]:
    return [m["text"] for m in sent if "text" in m]


def test_a_page_back_on_a_new_socket_learns_how_many_frames_the_old_one_delivered():
    one = OneApp()
    exchange([text(f"scorepad:link:{OLD}"), frame(b"a"), frame(b"b")], app=one)
    flet_got, sent = exchange(
        [text(f"scorepad:link:{NEW}"), text(f"scorepad:resume:{OLD}"), frame(b"register")],
        app=one,
    )
    assert flet_got == [b"register"]  # none of the page's own words reach Flet
    assert texts(sent) == ["scorepad:had:2"]  # told once Flet has the socket's first frame
    _, sent = exchange([text(f"scorepad:resume:{'c' * 32}"), frame(b"register")], app=one)
    assert texts(sent) == ["scorepad:had:-"]  # a socket the app never knew (restarted)


def test_a_value_sent_again_that_its_field_would_not_take_is_named_and_reaches_flet_as_typed():
    names = {57: ("Wren", "Factory floor")}
    one = OneApp(lambda control_id: names.get(control_id))
    exchange([text(f"scorepad:link:{OLD}"), frame(b"register")], app=one)
    again = [typed(57, "1"), typed(58, "3"), typed(57, "11")]
    flet_got, sent = exchange(
        [
            text(f"scorepad:resume:{OLD}"),
            frame(b"register"),
            *map(frame, again),
            text("scorepad:replayed"),
        ],
        app=one,
    )
    assert flet_got == [b"register", *again]  # through Flet, with its checks, in order
    answers = texts(sent)
    assert answers[0] == "scorepad:had:1"
    assert answers[1].startswith("scorepad:untaken:")
    assert json.loads(answers[1].removeprefix("scorepad:untaken:")) == [
        ["Wren", "Factory floor", "11"]
    ]


def test_a_late_value_its_field_would_not_take_is_named_at_once():
    one = OneApp(lambda control_id: ("Yuki", "Colours") if control_id == 9 else None)
    _, sent = exchange([frame(b"register"), frame(typed(9, "2")), frame(typed(10, "4"))], app=one)
    assert [json.loads(t.removeprefix("scorepad:untaken-now:")) for t in texts(sent)] == [
        [["Yuki", "Colours", "2"]]
    ]


def test_what_a_hostile_page_sends_in_the_link_s_words_changes_nothing():
    one = OneApp(lambda control_id: ("Yuki", "Colours"))
    junk = [
        text("scorepad:link:NOT-AN-ID"),
        text(f"scorepad:resume:{OLD}x"),
        text("scorepad:replayed"),  # no replay asked: nothing answered
        frame(b"\x00\xc1"),  # not msgpack
        frame(b"\x00" + msgpack.packb([4, {"id": "9", "props": {"value": 3}}])),
        frame(b"\x00" + msgpack.packb({"id": 1})),
        frame(b""),
    ]
    flet_got, sent = exchange(junk, app=one)
    assert len(flet_got) == 4 and texts(sent) == []


def test_late_values_a_page_sends_faster_than_it_reads_are_named_once_per_cell():
    """One answer naming late values waits to be sent at most; what comes meanwhile is
    gathered, each cell once with its last value (a page that never reads cannot fill
    the app's memory with answers)."""
    one = OneApp(lambda control_id: ("Yuki", "Colours"))
    values = [frame(typed(9, "1" * n)) for n in range(1, 2001)]
    _, sent = exchange([frame(b"register"), *values, frame(b"more")], arriving=False, app=one)
    answers = [json.loads(t.removeprefix("scorepad:untaken-now:")) for t in texts(sent)]
    assert 1 <= len(answers) <= 2
    assert answers[-1] == [["Yuki", "Colours", "1" * 2000]]
