"""A page of the served app spoken to over its websocket, as a browser speaks Flet's protocol
(``bench/flet_wire.py``: the frames Chromium was seen to send), from a loopback address.

``Page`` registers at a route, answers what a browser answers (its size and media after
registering, every method call, a ``push_route`` with the route change), keeps the page's
controls (``wire.Tree``) up to date with every patch, and keeps every frame the server sent
(raw bytes), for a test to look for what must never reach a device.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from bench import flet_wire as wire

TRACES = (b"Traceback", b'File "/', b"site-packages", b'.py", line ')
"""What a Python traceback shows, in any frame: none may ever reach a device."""


class Page:
    """One page at ``route``: by default from this computer; with ``host`` (the machine's
    network address) and the access code's ``cookie``, from the network, as a phone.
    ``forged`` page properties ride along in the register request and again in a patch
    sent right after it, before the app's main runs (what a hostile client may send)."""

    def __init__(
        self,
        port: int,
        route: str,
        *,
        wait: float = 60,
        host: str = "127.0.0.1",
        cookie: str | None = None,
        forged: dict[str, Any] | None = None,
    ) -> None:
        opened = connect(
            f"ws://{host}:{port}/ws",
            origin=f"http://{host}:{port}",
            additional_headers={"Cookie": cookie} if cookie else {},
            open_timeout=wait,
            max_size=None,
            ping_interval=None,  # a browser sends no pings of its own: the page's heartbeat
            max_queue=None,  # read on while the test sends: the server's pings are answered
        )
        self.ws: ClientConnection = opened.__enter__()  # closed by ``close``
        self.frames: list[bytes] = []
        self.crashed: list[Any] = []
        self.tree: wire.Tree | None = None
        self.page_id = 1
        self.route = route
        self.closed = False
        self.sent = 0
        self.acknowledged = -1
        (register,) = wire.register(route)
        if forged:
            _, body = wire.decode(register)
            body["page"].update(forged)
            register = wire.encode(wire.REGISTER_CLIENT, body)
            props = {"id": 1, "props": forged}  # the page's id in every new session
            self.send([register, wire.encode(wire.UPDATE_CONTROL_PROPS, props)])
        else:
            self.send([register])
        self.read_until(lambda: self.tree is not None, wait)

    # --- reading -------------------------------------------------------------------------
    def _take(self, frame: bytes | str) -> None:
        if isinstance(frame, str):  # the heartbeat's answer: not Flet's
            if frame.startswith("scorepad:pong:"):
                self.acknowledged = int(frame.split(":")[2])
            return
        self.frames.append(frame)
        message = wire.decode(frame)
        if message is None:
            return
        action, body = message
        if action == wire.REGISTER_CLIENT:
            self.tree = wire.Tree(body["page_patch"])
            self.page_id = body["page_patch"].get("_i", 1)
            self.send(wire.after_register(self.page_id))
        elif action == wire.PATCH_CONTROL and self.tree is not None:
            self.tree.apply(body["id"], body["patch"])
        elif action == wire.INVOKE_METHOD:
            if body.get("name") == "push_route":
                self.route = body.get("args", {}).get("route")
            self.send(wire.answer(self.page_id, body))
        elif action == wire.SESSION_CRASHED:
            self.crashed.append(body)

    def read_until(self, done: Any, wait: float) -> None:
        """Frames until ``done()`` (or until ``wait`` seconds pass: then it fails)."""
        deadline = time.monotonic() + wait
        while not done():
            left = deadline - time.monotonic()
            assert left > 0, f"no answer within {wait} s"
            self._take(self.ws.recv(timeout=left))

    def drain(self, quiet: float = 0.3, most: float = 30) -> None:
        """Frames until none comes for ``quiet`` seconds (at most ``most`` seconds)."""
        deadline = time.monotonic() + most
        while time.monotonic() < deadline:
            try:
                frame = self.ws.recv(timeout=quiet)
            except TimeoutError:
                return
            except ConnectionClosed:
                self.closed = True
                return
            self._take(frame)

    # --- what the page shows ---------------------------------------------------------------
    def controls(self, kind: str) -> list[dict]:
        assert self.tree is not None
        return [c for c in self.tree.controls.values() if c.get("_c") == kind]

    def content(self, identifier: str) -> dict | None:
        assert self.tree is not None
        return self.tree.content(identifier)

    def shows(self, identifier: str) -> bool:
        return self.tree is not None and identifier in self.tree.named

    def texts(self) -> str:
        """Every text the page holds (values, labels), in one string."""
        assert self.tree is not None
        found = [
            control[key]
            for control in self.tree.controls.values()
            for key in ("value", "label", "text", "hint_text")
            if isinstance(control.get(key), str)
        ]
        return "\n".join(found)

    def traces(self) -> Iterator[bytes]:
        """Every frame received that holds a traceback's text."""
        return (frame for frame in self.frames if any(t in frame for t in TRACES))

    # --- what a browser sends ----------------------------------------------------------------
    def send(self, frames: list[bytes]) -> None:
        for frame in frames:
            self.ws.send(frame)
            self.sent += 1

    def received_all(self, wait: float = 120) -> None:
        """Ask as the page's heartbeat asks (``scorepad.ui.heartbeat``) until the app says
        it has received every frame this page sent. Flet reads the next frame only once it
        has taken the one before (an event's handler started), so the answer also means
        the app is no more than these frames behind."""
        deadline = time.monotonic() + wait
        while self.acknowledged < self.sent:
            assert time.monotonic() < deadline, f"{self.sent - self.acknowledged} frames unread"
            self.ws.send("scorepad:ping")
            asked = self.sent
            try:
                while self.acknowledged < asked:
                    self._take(self.ws.recv(timeout=5))
            except TimeoutError:
                continue  # asked again

    def type(self, control_id: int, text: object, *events: str) -> None:
        """A value typed into a field (its value, then its change event), then ``events``
        (``submit``, ``blur``, ``focus``) as the browser sends them."""
        frames = [
            wire.encode(wire.UPDATE_CONTROL_PROPS, {"id": control_id, "props": {"value": text}}),
            wire.encode(wire.CONTROL_EVENT, {"target": control_id, "name": "change", "data": text}),
        ]
        for name in events:
            data = text if name == "submit" else None
            frames.append(
                wire.encode(wire.CONTROL_EVENT, {"target": control_id, "name": name, "data": data})
            )
        self.send(frames)

    def click(self, identifier: str) -> None:
        button = self.content(identifier)
        assert button is not None, identifier
        self.send(wire.click(button["_i"]))

    def close(self) -> None:
        self.ws.__exit__(None, None, None)
