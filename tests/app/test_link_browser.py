"""A phone whose link to the app fails mid-game, in real Chromium, with a second device on
the same sheet: a Wi-Fi dropout (the phone's frames lost both ways, then its socket reset
when the network returns), a reload mid-edit, and the app killed and started again.

Every value ends on every screen and in the draft (what the phone typed into the dead link
is kept by the page and sent again once the app answers), or the phone says that what it
typed last did not reach the app (``scorepad.ui.heartbeat``, ``scorepad/ui/web/heartbeat.js``).

The dropout is made inside the browser (Playwright's websocket routing drops the frames),
not with ``context.set_offline``: Chromium's offline mode leaves an open websocket on
loopback working, so it cuts nothing the app uses.
"""

from __future__ import annotations

import signal
import time
from pathlib import Path

import pytest
from conftest import DESKTOP, PHONE, AppPage, history_path, start_app, stop, wait_for_port
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LATE = "#scorepad-link-late"
LOST = "#scorepad-link-lost"
UNSENT = "#scorepad-link-unsent"


class Served:
    """An app process of this module's own: its tests kill it."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.process, self.port = start_app(
            data_dir, "--no-browser", "--db", history_path(data_dir)
        )
        wait_for_port(self.port, self.process)
        self.base = f"http://127.0.0.1:{self.port}"

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.communicate()

    def start_again(self) -> None:
        self.process, _ = start_app(
            self.data_dir, "--no-browser", "--db", history_path(self.data_dir), port=self.port
        )
        wait_for_port(self.port, self.process)


@pytest.fixture
def served(tmp_path: Path):
    app = Served(tmp_path)
    try:
        yield app
    finally:
        out = stop(app.process)
        assert "Traceback" not in out, out


class Link:
    """The phone's websocket, through a link the test can hold (frames kept back both
    ways, as TCP keeps them through a short Wi-Fi blip, then delivered), cut (frames
    dropped, as a dropout that outlasts the connection loses them) and reset (the socket
    closed, as the first frame after the network returns finds it dead)."""

    def __init__(self, page) -> None:
        self.cut = False
        self.held: list[tuple[object, object]] | None = None
        self.open: list[tuple[object, object]] = []
        page.route_web_socket("**/ws", self.connect)

    def connect(self, ws) -> None:
        server = ws.connect_to_server()
        ws.on_message(lambda m: self.pass_on(server, m))
        server.on_message(lambda m: self.pass_on(ws, m))
        self.open.append((ws, server))

    def pass_on(self, to, message) -> None:
        if self.cut:
            return
        if self.held is not None:
            self.held.append((to, message))
        else:
            to.send(message)

    def hold(self) -> None:
        self.held = []

    def release(self) -> None:
        held, self.held = self.held or [], None
        for to, message in held:
            to.send(message)

    def reset(self) -> None:
        self.cut = False
        for ws, server in self.open:
            ws.close()
            server.close()
        self.open.clear()


@pytest.fixture
def browser_contexts(browser):
    """New browser contexts for a test, closed after it (a page left open keeps drawing,
    and so taking processor time from the tests after it)."""
    made: list = []

    def make(**options):
        made.append(browser.new_context(**options))
        return made[-1]

    yield make
    for context in made:
        context.close()


def devices(new_context, base: str, data_dir: Path) -> tuple[AppPage, AppPage, Link]:
    computer = AppPage(new_context(viewport=DESKTOP).new_page(), base, data_dir)
    page = new_context(viewport=PHONE).new_page()
    link = Link(page)
    phone = AppPage(page, base, data_dir)
    computer.open("/new/azul?players=Ana,Ben")
    expect(computer.node("total-1")).to_have_text("0")
    started = time.monotonic()
    phone.open("/sheet/azul")
    expect(phone.node("total-1")).to_have_text("0")
    print(f"the phone opened the sheet in {time.monotonic() - started:.1f} s")
    return computer, phone, link


def keyboard(device: AppPage, ident: str, text: str) -> None:
    """Type into a cell with the keyboard, without waiting for the app to take it."""
    box = device.node(ident).locator("input")
    box.click()
    expect(box).to_be_focused()  # keys sent before the field has the focus go nowhere
    device.page.keyboard.type(text)


def test_a_wifi_dropout_loses_nothing_typed_into_the_dead_link(served, browser_contexts):
    computer, phone, link = devices(browser_contexts, served.base, served.data_dir)
    phone.enter("azul", "line-marker-2", "20")
    sheet = phone.page.url

    link.hold()  # a blip the connection lives through: nothing is lost, nothing is said
    computer.enter("azul", "line-marker-1", "30")
    expect(phone.page.locator(LATE)).to_be_visible(timeout=10_000)
    link.release()
    expect(phone.page.locator("#scorepad-link")).to_be_hidden()
    expect(phone.node("total-1")).to_have_text("30")
    assert phone.page.locator(UNSENT).count() == 0
    phone.enter("azul", "line-marker-2", "22")

    link.cut = True  # the phone's Wi-Fi drops
    keyboard(phone, "line-rows-2", "1")  # typed into the dead link: kept by the page
    computer.enter("azul", "line-marker-1", "33")  # the other device goes on meanwhile
    expect(phone.page.locator(LATE)).to_be_visible(timeout=10_000)  # said within seconds
    keyboard(phone, "line-columns-2", "1")  # typed while it is said: kept too

    link.reset()  # the network returns: the page starts afresh on the sheet, sends again
    returned = time.monotonic()
    # loaded again twice (once to send what it kept, once to show the sheet with it)
    expect(phone.page.locator("html")).to_have_attribute("data-scorepad-link", "ok", timeout=60_000)
    phone.semantics()
    expect(phone.node("total-1")).to_have_text("33")  # what the other device typed meanwhile
    expect(phone.node("total-2")).to_have_text("31")  # what the phone typed: 22 + 2 + 7
    back = time.monotonic() - returned
    assert phone.page.url == sheet  # the phone is back on its sheet, not Home
    assert phone.page.locator(UNSENT).count() == 0  # nothing to say: all of it arrived
    expect(computer.node("total-2")).to_have_text("31")
    draft = computer.draft_when("azul", lambda d: d["texts"]["columns"] == ["", "1"])["texts"]
    assert draft["rows"] == ["", "1"] and draft["marker"] == ["33", "22"]

    phone.expect_value("line-marker-2", "22")  # its own values in its own fields
    phone.expect_value("line-rows-2", "1")
    phone.enter("azul", "line-colours-2", "1")  # typing goes on: it counts everywhere
    expect(computer.node("total-2")).to_have_text("41")
    expect(phone.node("total-2")).to_have_text("41")
    print(f"the phone had its sheet back {back:.1f} s after the network returned")


def test_the_app_killed_and_started_again_gives_every_device_its_sheet_back(
    served, browser_contexts
):
    computer, phone, _ = devices(browser_contexts, served.base, served.data_dir)
    computer.enter("azul", "line-marker-1", "40")
    phone.enter("azul", "line-marker-2", "35")
    phone.page.reload()  # a reload mid-edit, while the other device types
    computer.enter("azul", "line-rows-1", "2")
    phone.semantics()
    expect(phone.node("total-1")).to_have_text("44")
    phone.expect_value("line-marker-2", "35")

    keyboard(phone, "line-columns-2", "1")
    served.kill()  # at once: this last value may or may not have reached the app
    for device in (phone, computer):
        expect(device.page.locator(LOST)).to_be_visible(timeout=10_000)
    phone.page.keyboard.type("9")  # nothing can be typed while the app is gone
    served.start_again()
    started = time.monotonic()
    for device in (phone, computer):
        expect(device.page.locator(LOST)).to_have_count(0, timeout=30_000)  # reloaded
        device.semantics()
    expect(computer.node("total-1")).to_have_text("44")
    back = time.monotonic() - started
    expect(computer.node("total-1")).to_have_text("44")
    expect(phone.node("total-1")).to_have_text("44")
    kept = computer.draft("azul")["texts"]["columns"][1]
    if kept == "1":  # reached the app before the kill: on every screen
        expect(phone.node("total-2")).to_have_text("42")
        expect(phone.page.locator(UNSENT)).to_have_count(0)
    else:  # it did not: the phone says so
        assert kept == ""
        expect(phone.page.locator(UNSENT)).to_be_visible()
        phone.page.locator("#scorepad-link-ok").click()
        phone.enter("azul", "line-columns-2", "1")
    expect(computer.node("total-2")).to_have_text("42")
    assert "9" not in computer.draft("azul")["texts"]["columns"][1]
    print(f"devices back {back:.1f} s after the app listened again")
