"""Who a device is comes from its connection, never from the page: a phone that patches the
page's ``client_ip`` (or any other property a browser has no business setting) gets none of
the host's powers.

Protocol-level: a phone is a websocket client speaking Flet's own protocol
(``flet_client.Page``) to the served app with ``--share --code``, connecting to the
machine's network address, so the server sees it come from a non-loopback address.
"""

from __future__ import annotations

import http.client

import flet as ft
import test_security_server
from flet_client import Page
from ui_helpers import click, context, find, has, type_into

from scorepad.ui.app import view_for
from scorepad.ui.client_patches import allowed
from scorepad.ui.devices import GUEST_MAY, Power, is_host, may

CODE = test_security_server.CODE
shared_app = test_security_server.shared_app  # the served app with --share and CODE
HOST_ONLY = ("export-path", "import-path", "export", "import", "backup-now", "history-where")


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


FORGED = {"client_ip": "127.0.0.1", "client_user_agent": "the host"}


def test_a_phone_that_says_it_is_the_host_gets_no_host_powers(shared_app, tmp_path):
    """The attack of the issue: a phone patches ``client_ip`` to 127.0.0.1 in its register
    request and right after it. Settings still shows it no path, no backup, no folder."""
    host, port, _ = shared_app
    data_dir = tmp_path  # the served app's data folder
    cookie = code_cookie(host, port)
    for attempt in range(5):  # the old race landed 17 times in 20: tried several times
        phone = Page(port, "/settings", host=host, cookie=cookie, forged=FORGED)
        try:
            phone.read_until(lambda p=phone: p.shows("host-settings"), 60)
            for ident in HOST_ONLY:
                assert not phone.shows(ident), (attempt, ident)
            assert str(data_dir) not in phone.texts()
        finally:
            phone.close()


def test_the_same_screen_on_the_host_has_its_powers(shared_app, tmp_path):
    """The check above can fail: the computer itself (loopback) is shown them all."""
    _, port, _ = shared_app
    data_dir = tmp_path  # the served app's data folder
    computer = Page(port, "/settings")
    try:
        computer.read_until(lambda: computer.shows("export-path"), 60)
        for ident in ("import-path", "backup-now", "history-where"):
            assert computer.shows(ident), ident
        assert not computer.shows("host-settings")
        assert str(data_dir) in computer.texts()
    finally:
        computer.close()


def test_a_phone_that_says_it_is_the_host_cannot_read_a_host_file(shared_app, tmp_path):
    """Custom games: a path typed on the phone is never read, whatever the page says."""
    host, port, _ = shared_app
    data_dir = tmp_path  # the served app's data folder
    secret = data_dir / "secret.json"
    secret.write_text('{"id": "secret", "unknown_key": 1}', encoding="utf-8")
    phone = Page(port, "/games", host=host, cookie=code_cookie(host, port), forged=FORGED)
    try:
        phone.read_until(lambda: phone.shows("games-import-source"), 60)
        source = phone.content("games-import-source")
        assert source is not None
        phone.type(source["_i"], str(secret))
        phone.click("games-import")
        phone.read_until(lambda: "paste" in str(phone.tree.value("games-message")), 60)
        assert "unknown_key" not in phone.texts()
    finally:
        phone.close()


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
