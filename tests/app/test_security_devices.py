"""Who a device is comes from its connection, never from the page: a phone that patches the
page's ``client_ip`` (or any other property a browser has no business setting) gets none of
the host's powers.

Protocol-level: a phone is a websocket client speaking Flet's own protocol
(``bench/flet_wire.py``) to the served app with ``--share --code``, connecting to the
machine's network address, so the server sees it come from a non-loopback address.
"""

from __future__ import annotations

import http.client
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import flet as ft
import pytest
from conftest import start_app, stop, wait_for_port
from test_share import network_address
from ui_helpers import click, context, find, has, type_into
from websockets.sync.client import ClientConnection, connect

from bench import flet_wire as wire
from scorepad.ui.app import view_for
from scorepad.ui.client_patches import allowed
from scorepad.ui.devices import GUEST_MAY, Power, is_host, may

CODE = "MESA42"
HOST_ONLY = ("export-path", "import-path", "export", "import", "backup-now", "history-where")


@pytest.fixture
def shared_app(tmp_path) -> Iterator[tuple[str, int, Path]]:
    host = network_address()
    process, port = start_app(tmp_path, "--no-browser", "--share", "--code", CODE)
    try:
        wait_for_port(port, process)
        yield host, port, tmp_path
    finally:
        out = stop(process)
        assert "Traceback" not in out, out


def code_cookie(host: str, port: int) -> str:
    """The cookie the code page sets (whatever it holds), as a browser keeps it."""
    connection = http.client.HTTPConnection(host, port, timeout=30)
    try:
        connection.request("GET", f"/?code={CODE}")
        answer = connection.getresponse()
        answer.read()
        assert answer.status == 200
        return answer.getheader("set-cookie", "").split(";")[0]
    finally:
        connection.close()


@contextmanager
def device(host: str, port: int, cookie: str | None) -> Iterator[Device]:
    """A page connected to the app at ``host`` (the phone's way in, or loopback)."""
    with connect(
        f"ws://{host}:{port}/ws",
        origin=f"http://{host}:{port}",
        additional_headers={"Cookie": cookie} if cookie else {},
        open_timeout=30,
        max_size=None,
    ) as ws:
        yield Device(ws)


class Device:
    """One page over Flet's websocket protocol; ``tree`` is what it shows."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.tree: wire.Tree | None = None
        self.page_id = 1

    def open(self, route: str, forged: dict | None = None) -> None:
        """Register at ``route``; ``forged`` page properties ride along in the register
        request and again in a patch sent right after it, before the app's main runs."""
        (frame,) = wire.register(route)
        if forged:
            _, body = wire.decode(frame)
            body["page"].update(forged)
            frame = wire.encode(wire.REGISTER_CLIENT, body)
        self.ws.send(frame)
        if forged:  # the page's id is 1 in every new session: sent before any answer
            self.send(wire.encode(wire.UPDATE_CONTROL_PROPS, {"id": 1, "props": forged}))
        self.wait(lambda: self.tree is not None)
        assert self.tree is not None
        self.page_id = self.tree.page.get("_i", 1)
        for frame in wire.after_register(self.page_id):
            self.send(frame)

    def send(self, frame: bytes) -> None:
        self.ws.send(frame)

    def wait(self, condition, timeout: float = 60) -> bool:
        """Take what the server sends until ``condition()`` holds (or ``timeout``)."""
        deadline = time.monotonic() + timeout
        while not condition():
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            try:
                frame = self.ws.recv(timeout=min(left, 1.0))
            except TimeoutError:
                continue
            self.take(frame)
        return True

    def take(self, frame: bytes | str) -> None:
        if isinstance(frame, str):
            return  # the heartbeat's answers
        message = wire.decode(frame)
        if message is None:
            return
        action, body = message
        if action == wire.REGISTER_CLIENT:
            self.tree = wire.Tree(body["page_patch"])
        elif action == wire.PATCH_CONTROL and self.tree is not None:
            self.tree.apply(body["id"], body["patch"])
        elif action == wire.INVOKE_METHOD:
            for answer in wire.answer(self.page_id, body):
                self.send(answer)

    def shows(self, ident: str) -> bool:
        return self.tree is not None and ident in self.tree.named

    def texts(self) -> str:
        """Every text the page holds, in one string."""
        assert self.tree is not None
        found: list[str] = []
        for control in self.tree.controls.values():
            for key in ("value", "label", "text", "hint_text"):
                if isinstance(control.get(key), str):
                    found.append(control[key])
        return "\n".join(found)


FORGED = {"client_ip": "127.0.0.1", "client_user_agent": "the host"}


def test_a_phone_that_says_it_is_the_host_gets_no_host_powers(shared_app):
    """The attack of the issue: a phone patches ``client_ip`` to 127.0.0.1 in its register
    request and right after it. Settings still shows it no path, no backup, no folder."""
    host, port, data_dir = shared_app
    cookie = code_cookie(host, port)
    for attempt in range(5):  # the old race landed 17 times in 20: tried several times
        with device(host, port, cookie) as phone:
            phone.open("/settings", forged=FORGED)
            assert phone.wait(lambda: phone.shows("host-settings")), attempt
            for ident in HOST_ONLY:
                assert not phone.shows(ident), (attempt, ident)
            assert str(data_dir) not in phone.texts()


def test_the_same_screen_on_the_host_has_its_powers(shared_app):
    """The check above can fail: the computer itself (loopback) is shown them all."""
    _, port, data_dir = shared_app
    with device("127.0.0.1", port, None) as computer:
        computer.open("/settings")
        assert computer.wait(lambda: computer.shows("export-path"))
        for ident in ("import-path", "backup-now", "history-where"):
            assert computer.shows(ident), ident
        assert not computer.shows("host-settings")
        assert str(data_dir) in computer.texts()


def test_a_phone_that_says_it_is_the_host_cannot_read_a_host_file(shared_app):
    """Custom games: a path typed on the phone is never read, whatever the page says."""
    host, port, data_dir = shared_app
    secret = data_dir / "secret.json"
    secret.write_text('{"id": "secret", "unknown_key": 1}', encoding="utf-8")
    with device(host, port, code_cookie(host, port)) as phone:
        phone.open("/games", forged=FORGED)
        assert phone.wait(lambda: phone.shows("games-import-source"))
        assert phone.tree is not None
        source = phone.tree.content("games-import-source")["_i"]
        button = phone.tree.content("games-import")["_i"]
        for frame in [*wire.typing(source, str(secret)), *wire.click(button)]:
            phone.send(frame)
        assert phone.wait(lambda: "paste" in str(phone.tree.value("games-message")))
        assert "unknown_key" not in phone.texts()


# --- what a browser may patch ----------------------------------------------------------
def test_a_browser_may_not_set_who_it_is_or_a_control_it_does_not_type_in():
    page_patch = {
        "route": "/settings",
        "width": 390.0,
        "client_ip": "127.0.0.1",
        "client_user_agent": "x",
        "_i": 7,
        "theme_mode": "dark",
        "window": {"width": 390.0, "prevent_close": True},
    }
    kept = allowed(ft.Page.__new__(ft.Page), page_patch)
    assert kept == {"route": "/settings", "width": 390.0, "window": {"width": 390.0}}
    assert allowed(ft.TextField(), {"value": "12", "disabled": False}) == {"value": "12"}
    assert allowed(ft.TextField(), {"value": {"nested": 1}}) == {}  # not a text
    assert allowed(ft.Checkbox(), {"value": True}) == {"value": True}
    assert allowed(ft.Checkbox(), {"value": "yes"}) == {}
    assert allowed(ft.Button("Save"), {"disabled": False, "on_click": "x"}) == {}
    assert allowed(ft.AlertDialog(), {"open": False, "modal": False}) == {"open": False}
    assert allowed(ft.SnackBar(ft.Text("a")), {"_dismissed": True, "_i": 3}) == {"_dismissed": True}
    assert allowed(ft.Text("a"), {"value": "forged"}) == {}


# --- the rule, and the check at every action --------------------------------------------
def test_a_guest_has_none_of_the_hosts_powers():
    assert not GUEST_MAY
    for power in Power:
        assert may(True, power) and not may(False, power)


def test_a_page_without_a_known_connection_is_a_guest():
    page = ft.Page.__new__(ft.Page)  # no session: nobody to trust
    assert not is_host(page)


def test_a_screen_drawn_for_the_host_refuses_when_used_from_a_guest(tmp_path):
    """Powers are asked at every action, not only when a screen is drawn."""
    ctx, _ = context(tmp_path)
    connected_from = {"host": True}
    ctx.host = lambda: connected_from["host"]
    root = view_for(ctx, "/settings")
    assert has(root, "export-path") and has(root, "backup-now")
    connected_from["host"] = False  # the same screen, now used from a guest
    target = tmp_path / "elsewhere" / "out.json"
    type_into(root, "export-path", str(target))
    click(root, "export")
    assert not target.exists() and not target.parent.exists()
    type_into(root, "import-path", str(tmp_path / "history.db"))
    click(root, "import")
    assert "only on the computer" in str(find(root, "history-message").value)
    before = ctx.services.history.backups()
    click(root, "backup-now")
    assert ctx.services.history.backups() == before
    assert "computer running Scorepad only" in str(find(root, "backup-message").value)
