"""A phone whose Wi-Fi drops while its websocket stays open, in real Chromium
(``context.set_offline``: its frames go nowhere both ways, and the socket closes only once
the network is back), with a computer on the same sheet going on meanwhile; the Wi-Fi
comes back once the app has given the phone's socket up (its pings went unanswered).

What the phone typed while the link was in doubt is kept in the page and sent again, in
order, once the app answers (``scorepad.ui.heartbeat``, ``scorepad/ui/web/heartbeat.js``):
it ends on both screens, in the draft and in the saved play; or, where it cannot be taken
(the sheet was saved on the other device meanwhile), the phone names its cells.

The app gives a silent socket up after its pings went unanswered: within 40 s with its
own settings (``scorepad.ui.server.PING_EVERY``, ``PING_TIMEOUT``), within seconds with
this module's app (``SCOREPAD_WS_PING``). The tests wait until it has (the socket is gone
from the app's side), not for a set time; nothing asserts how long anything took.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import PHONE, AppPage, history_path, open_to, serving
from playwright.sync_api import expect

from scorepad.core.quick import QuickGame
from scorepad.store import open_store
from scorepad.ui.server import PING_ENV

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PINGS = (2, 5)
"""This module's app pings a websocket every 2 s and gives it up when an answer is 5 s
late: a phone gone offline is let go within about 7 s instead of 40."""
GIVEN_UP_S = sum(PINGS) + 60
"""The longest wait for the app to let the phone go (a machine busy with other work is
slow); only a failure waits that long."""
LINK = "data-scorepad-link"
"""The link's state on the page's root element, as the page's own script keeps it."""


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("scorepad-offline")


@pytest.fixture(scope="module")
def server(data_dir: Path) -> Iterator[str]:
    """An app of this module's own, with its quick pings (the session's keeps the app's)."""
    with serving(data_dir, **{PING_ENV: ",".join(map(str, PINGS))}) as base:
        yield base


def wait_until(device: AppPage, start: float, seconds: float) -> None:
    """Let the page run until ``seconds`` after ``start`` (a real wait, as a phone's)."""
    while time.monotonic() < start + seconds:
        device.page.wait_for_timeout(250)


def sockets(device: AppPage) -> set[str]:
    """The connections open to the app on its side (``conftest.open_to``)."""
    return open_to(int(device.base.rsplit(":", 1)[1]))


def given_up(phone: AppPage, its: set[str]) -> None:
    """Let the offline phone's page run until the app has given up every connection of
    the phone's (``its``), its websocket among them: the app's pings went unanswered."""
    assert its, "the phone has no connection to the app"
    deadline = time.monotonic() + GIVEN_UP_S
    while sockets(phone) & its:
        assert time.monotonic() < deadline, f"the app never let the phone go: {its}"
        phone.page.wait_for_timeout(250)


def late(phone: AppPage) -> None:
    """The phone's page says across its top that the app's answers are late."""
    expect(phone.page.locator("html")).to_have_attribute(LINK, "late", timeout=60_000)
    expect(phone.page.locator("#scorepad-link-late")).to_be_visible()


def back(device: AppPage) -> None:
    """Wait for the page to have its link again (sent again what it kept, reloaded on
    the app's sheet where it had to) and for its accessibility tree."""
    try:
        expect(device.page.locator("html")).to_have_attribute(LINK, "ok", timeout=120_000)
    except AssertionError as problem:
        said = device.page.locator("#scorepad-link").all_inner_texts()
        raise AssertionError(f"not back at {device.page.url}, the page saying {said}") from problem
    device.semantics()


def sheet_on_two_devices(app: AppPage, phone: AppPage, players: str) -> tuple[str, set[str]]:
    """A new Azul sheet on the computer, opened on the phone too; its id, and the
    computer's connections to the app."""
    app.open(f"/new/azul?players={players}")
    expect(app.node("total-1")).to_have_text("0")
    sheet_id = app.draft_when("azul", lambda d: bool(d.get("id")))["id"]
    computer = sockets(app)
    phone.page.set_viewport_size(PHONE)
    phone.open(f"/sheet/{sheet_id}")
    expect(phone.node("total-1")).to_have_text("0")
    return sheet_id, computer


def saved_play(device: AppPage):
    """The play ``device`` shows, as the history holds it."""
    play_id = int(device.page.url.rstrip("/").rsplit("/", 1)[-1])
    store = open_store(history_path(device.data_dir))
    try:
        return store.get_play(play_id)
    finally:
        store.close()


def test_what_a_phone_types_while_offline_reaches_every_device_and_the_play(
    app: AppPage, phone: AppPage
):
    sheet_id, computer = sheet_on_two_devices(app, phone, "Wren,Yuki")
    phone.enter("azul", "line-marker-2", "20")  # before the drop: taken at once

    offline = time.monotonic()
    phone.page.context.set_offline(True)  # the phone's Wi-Fi drops; its socket stays open
    its = sockets(phone) - computer
    wait_until(phone, offline, 3)
    phone.type("line-marker-1", "11")  # before the page can know: into the dead socket
    app.enter("azul", "line-rows-2", "1")  # the computer goes on meanwhile
    late(phone)  # the banner says so
    phone.type("line-columns-1", "1")  # while the banner is up: kept, said to be sent later
    given_up(phone, its)
    phone.page.context.set_offline(False)

    back(phone)
    assert phone.page.url.endswith(f"/sheet/{sheet_id}")  # on its sheet, not Home
    expect(phone.page.locator("#scorepad-link-unsent")).to_have_count(0)
    expect(phone.page.locator("#scorepad-link-untaken")).to_have_count(0)
    for device in (phone, app):  # every value on both devices, the phone's and the computer's
        expect(device.node("total-1")).to_have_text("18")  # 11 + a column (7)
        expect(device.node("total-2")).to_have_text("22")  # 20 + a row (2)
        device.expect_value("line-marker-1", "11")
        device.expect_value("line-columns-1", "1")
        device.expect_value("line-marker-2", "20")
        device.expect_value("line-rows-2", "1")
    texts = app.draft_when("azul", lambda d: d["texts"]["columns"][0] == "1")["texts"]
    assert texts["marker"] == ["11", "20"]
    assert texts["rows"] == ["", "1"] and texts["columns"] == ["1", ""]

    phone.enter("azul", "line-colours-2", "1")  # the phone types on as before the drop
    expect(app.node("total-2")).to_have_text("32")
    app.click("save")
    expect(app.node("play-edit")).to_be_attached()
    expect(phone.node("play-edit")).to_be_attached()
    record = saved_play(app)
    wren, yuki = record.sheet.players
    assert (wren.name, wren.lines["marker"], wren.lines["columns"], wren.total) == (
        "Wren",
        11,
        7,
        18,
    ), record.sheet
    assert (yuki.name, yuki.lines["marker"], yuki.lines["rows"], yuki.total) == (
        "Yuki",
        20,
        2,
        32,
    ), record.sheet


def test_a_phone_offline_while_the_sheet_is_saved_elsewhere_names_what_it_could_not_deliver(
    app: AppPage, phone: AppPage
):
    sheet_id, computer = sheet_on_two_devices(app, phone, "Zora,Abel")
    phone.enter("azul", "line-marker-2", "30")

    offline = time.monotonic()
    phone.page.context.set_offline(True)
    its = sockets(phone) - computer
    wait_until(phone, offline, 3)
    phone.type("line-marker-1", "14")
    app.enter("azul", "line-marker-1", "9")  # the computer types that cell too
    late(phone)
    phone.type("line-rows-2", "2")
    app.click("save")  # and saves the sheet while the phone is away
    expect(app.node("play-edit")).to_be_attached()
    given_up(phone, its)
    phone.page.context.set_offline(False)

    back(phone)
    cells = phone.page.locator("#scorepad-link-cells li")
    expect(phone.page.locator("#scorepad-link-untaken")).to_be_visible()
    expect(cells).to_have_text(
        [
            re.compile(r"^Zora · Score track: 14$"),
            re.compile(r"^Abel · Complete horizontal rows: 2$"),
        ]
    )
    # taken to the saved play: the route may change after the list is shown
    expect(phone.page).not_to_have_url(re.compile(f"/sheet/{sheet_id}"), timeout=30_000)
    phone.page.locator("#scorepad-link-ok").click()
    expect(phone.page.locator("#scorepad-link")).to_be_hidden()

    record = saved_play(app)
    zora, abel = record.sheet.players
    assert (zora.lines["marker"], zora.total, abel.lines["marker"], abel.total) == (9, 9, 30, 30)
    assert not abel.lines.get("rows")  # what the phone could not deliver is not in the play


def test_steps_tapped_on_a_quick_sheet_while_offline_are_counted_once_each(
    app: AppPage, phone: AppPage
):
    """A quick game's + and − are taps, not typing: those made into a dead link are sent
    again once the app answers, each counted once, on both devices and in the play."""
    with open_store(history_path(app.data_dir)) as store:
        game = store.quick_game(QuickGame("Offline Ombre")).id
    app.open(f"/new/{game}?players=Bryn,Cato")
    expect(app.node("total-1")).to_have_text("0")
    sheet_id = app.draft_when(game, lambda d: bool(d.get("id")))["id"]
    computer = sockets(app)
    phone.page.set_viewport_size(PHONE)
    phone.open(f"/sheet/{sheet_id}")
    expect(phone.node("quick-add-1-5")).to_be_attached()
    phone.node("quick-add-1-5").click()  # before the drop: taken at once
    expect(app.node("total-1")).to_have_text("5")

    offline = time.monotonic()
    phone.page.context.set_offline(True)
    its = sockets(phone) - computer
    wait_until(phone, offline, 3)
    phone.node("quick-add-1-10").click()  # into the dead socket
    app.node("quick-add-2-1").click()  # the computer goes on meanwhile
    late(phone)
    phone.node("quick-sub-1-1").click()  # while the banner is up
    given_up(phone, its)
    phone.page.context.set_offline(False)

    back(phone)
    expect(phone.page.locator("#scorepad-link-untaken")).to_have_count(0)
    for device in (phone, app):
        expect(device.node("total-1")).to_have_text("14")  # 5 + 10 − 1, each once
        expect(device.node("total-2")).to_have_text("1")
    texts = app.draft_when(game, lambda d: d["texts"]["points"][0] == "5+10-1")["texts"]
    assert texts["points"] == ["5+10-1", "1"]
    app.click("save")
    expect(app.node("play-edit")).to_be_attached()
    bryn, cato = saved_play(app).sheet.players
    assert (bryn.name, bryn.total, cato.name, cato.total) == ("Bryn", 14, "Cato", 1)
