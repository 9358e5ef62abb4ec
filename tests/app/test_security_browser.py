"""Closed to other web sites, in Chromium: a page of another origin open in the same
browser cannot drive the app nor frame it, and the app's own page talks to nobody else."""

from __future__ import annotations

import contextlib
import io
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

import pytest
import zxingcpp
from conftest import AppPage, start_app, stop, wait_for_port
from PIL import Image
from playwright.sync_api import expect
from test_share import network_address

from scorepad.ui.views.share_card import QR_SIZE

ATTACK = """<!doctype html><html><body><h1>another site</h1>
<iframe id="frame" src="{app}/history" width="400" height="300"></iframe>
<script>
window.outcome = {{ws: "pending", fetch: "pending"}};
const ws = new WebSocket("{ws}/ws");
ws.onopen = () => {{ window.outcome.ws = "open"; }};
ws.onerror = () => {{ if (window.outcome.ws === "pending") window.outcome.ws = "refused"; }};
ws.onclose = () => {{ if (window.outcome.ws === "pending") window.outcome.ws = "refused"; }};
fetch("{app}/", {{mode: "cors"}}).then(r => r.text())
  .then(t => {{ window.outcome.fetch = "read " + t.length; }})
  .catch(() => {{ window.outcome.fetch = "refused"; }});
</script></body></html>"""


LINK = """<!doctype html><html><body><h1>another site</h1>
<a id="go" href="{app}/new/azul?players=Mallory,Eve&location=Their%20place">a game</a>
</body></html>"""


class Attacker:
    """Another web site: a page on another origin, served on a port of its own."""

    def __init__(self, app: str, text: str = ATTACK) -> None:
        ws = app.replace("http://", "ws://")
        page = text.format(app=app, ws=ws).encode()

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self.send_response(200)
                self.send_header("content-type", "text/html")
                self.send_header("content-length", str(len(page)))
                self.end_headers()
                self.wfile.write(page)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def attack(browser, app: str) -> None:
    """Open the other site's page beside the app and check it got nothing."""
    attacker = Attacker(app)
    context = browser.new_context()
    requests: list[str] = []
    context.on("request", lambda r: requests.append(r.url))
    try:
        page = context.new_page()
        page.goto(attacker.url)
        page.wait_for_function(
            "window.outcome.ws !== 'pending' && window.outcome.fetch !== 'pending'",
            timeout=15_000,
        )
        assert page.evaluate("window.outcome") == {"ws": "refused", "fetch": "refused"}
        page.wait_for_timeout(1500)
        frame = page.frames[1]
        assert not frame.url.startswith(app)  # Chromium's error page instead of the app
        assert frame.locator("flt-glass-pane, flutter-view").count() == 0
        assert not [u for u in requests if "flutter_bootstrap.js" in u or "main.dart" in u]
    finally:
        context.close()
        attacker.close()


def test_another_site_cannot_drive_or_frame_the_app(server, browser):
    attack(browser, server)


def test_another_site_cannot_drive_or_frame_the_shared_app(tmp_path, browser):
    host = network_address()
    process, port = start_app(tmp_path, "--no-browser", "--share", "--code", "MESA42")
    try:
        wait_for_port(port, process)
        attack(browser, f"http://{host}:{port}")
    finally:
        stop(process)


def test_a_link_from_another_site_opens_new_play_and_starts_nothing(app):
    """Another site sends this computer's browser to a link that would start a sheet:
    New play opens filled in, saying so, and nothing starts until Start is tapped. The
    same link typed (or followed on the app's own page) starts the sheet as before."""
    attacker = Attacker(app.base, LINK)
    drafts = app.data_dir / "drafts"
    try:
        app.page.goto(attacker.url)
        app.page.click("#go")
        app.page.wait_for_url(f"{app.base}/new/azul?*")
        app.semantics()
        expect(app.node("start")).to_be_attached()
        expect(
            app.page.get_by_text("This link came from another web site", exact=False)
        ).to_be_visible()
        app.expect_value("player-1", "Mallory")
        app.expect_value("location", "Their place")
        assert "ask=1" in app.page.url
        app.page.wait_for_timeout(1000)  # time for a sheet that would start: none does
        assert app.node("line-marker-1").count() == 0
        assert not list(drafts.glob("*.json"))
        app.click("start")  # a person taps Start: the sheet starts
        expect(app.node("line-marker-1")).to_be_attached()
        assert len(list(drafts.glob("*.json"))) == 1
    finally:
        attacker.close()
    app.open("/new/azul?players=Ana,Ben")  # typed: as before, the sheet at once
    expect(app.node("line-marker-2")).to_be_attached()


@pytest.fixture
def recorded(browser) -> Iterator[tuple[object, list[str]]]:
    """A phone-size context whose requests beyond this computer are recorded and stopped
    (a request the browser's policy blocks never gets this far)."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    outside: list[str] = []
    local = {"127.0.0.1", "localhost", network_address_or_none()}

    def route(r) -> None:
        if urlsplit(r.request.url).hostname in local:
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    try:
        yield context, outside
    finally:
        context.close()


def network_address_or_none() -> str | None:
    from scorepad.ui.share import lan_address

    return lan_address()


def test_the_apps_page_talks_to_this_server_only(server, recorded):
    context, outside = recorded
    page = context.new_page()
    blocked: list[str] = []
    page.on("requestfailed", lambda r: blocked.append(f"{r.url} {r.failure}"))
    app = AppPage(page, server)
    app.open("/")
    expect(app.node("new-game")).to_be_attached()
    app.click("new-game")
    # the picker drawn: its first card (Azul, further down, may be beyond what is built)
    expect(app.node("quick-game")).to_be_attached()
    page.wait_for_timeout(2000)
    assert outside == []  # Rive's runtime from jsDelivr, before: the page's address with it
    rive = [b for b in blocked if "cdn.jsdelivr.net" in b]
    assert rive and all(b.endswith(" csp") for b in rive), blocked  # the browser said no


def test_a_phone_on_the_network_reaches_no_host_path(tmp_path, browser):
    """Settings offers a phone no path field, and Custom games takes no path from it:
    the same answer for a file that exists and one that does not."""
    host = network_address()
    process, port = start_app(tmp_path, "--no-browser", "--share", "--code", "MESA42")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        wait_for_port(port, process)
        page = context.new_page()
        base = f"http://{host}:{port}"
        page.goto(f"{base}/?code=MESA42")
        phone = AppPage(page, base)
        phone.semantics()
        phone.open("/settings")
        expect(phone.node("host-only")).to_be_attached()
        expect(phone.node("export-format")).to_be_attached()
        assert phone.node("import-path").count() == 0 and phone.node("export-path").count() == 0
        expect(phone.node("host-settings")).to_be_attached()  # no path, no backups
        assert phone.node("history-where").count() == 0 and phone.node("backup-now").count() == 0
        assert str(tmp_path) not in page.content()
        phone.open("/games")
        for path in ("/etc/passwd", "/no/such/file"):
            phone.type("games-import-source", path)
            phone.click("games-import")
            expect(phone.node("games-message")).to_contain_text("paste the game file's text")
            phone.click("games-new")  # away and back: a fresh message each time
            phone.open("/games")
    finally:
        context.close()
        stop(process)


@pytest.mark.parametrize(
    ("players", "said"),
    [
        ("Ana%09B,Ben", "control character (U+0009)"),
        ("Ana," + "A" * 61, "has 61 characters; at most 60 are allowed"),
    ],
)
def test_a_hostile_link_opens_the_form_saying_why_and_writes_nothing(app, players, said):
    app.open(f"/new/azul?players={players}")
    expect(app.node("start")).to_be_attached()
    expect(app.page.get_by_text(said, exact=False)).to_be_visible()
    assert not list((app.data_dir / "drafts").glob("*.json"))
    app.click("start")  # still refused, still said
    expect(app.page.get_by_text(said, exact=False)).to_be_visible()
    assert not list((app.data_dir / "drafts").glob("*.json"))


def exported_history(tmp_path, name: str):
    """A history of one play (Ana and Ben at Azul) exported to ``name`` in ``tmp_path``."""
    from scorepad.core import PlayerSheet, find_game
    from scorepad.ui.history import StoreHistory

    source = StoreHistory(str(tmp_path / "source.db"))
    try:
        sheets = [
            PlayerSheet("Ana", lines={"marker": 61}),
            PlayerSheet("Ben", lines={"marker": 50}),
        ]
        source.store.save_play(find_game("azul"), None, sheets, played_at="2026-01-01 20:00")
        path = tmp_path / name
        source.store.export_file(path)
    finally:
        source.close()
    return path


@contextlib.contextmanager
def phone_on_settings(tmp_path, browser, **options) -> Iterator[AppPage]:
    """The app shared on the network, and a phone that gave the code, on Settings."""
    host = network_address()
    process, port = start_app(tmp_path / "app", "--no-browser", "--share", "--code", "MESA42")
    context = browser.new_context(viewport={"width": 390, "height": 844}, **options)
    try:
        wait_for_port(port, process)
        page = context.new_page()
        base = f"http://{host}:{port}"
        page.goto(f"{base}/?code=MESA42")
        phone = AppPage(page, base)
        phone.semantics()
        phone.open("/settings")
        yield phone
    except BaseException as failed:
        context.close()
        said = stop(process)
        if isinstance(failed, AssertionError):  # what the app said, beside what was seen
            raise AssertionError(f"{failed}\n--- the app said:\n{said}") from None
        raise
    context.close()
    out = stop(process)
    assert "Traceback" not in out, out


def upload(phone: AppPage, path) -> None:
    with phone.page.expect_file_chooser() as chooser:
        phone.click("import-upload")
    chooser.value.set_files(str(path))


def test_a_phone_exports_to_itself_and_imports_from_itself(tmp_path, browser):
    """Settings' import uploads from the phone that asks; its export downloads to it."""
    mine = exported_history(tmp_path, "on-the-phone.json")
    with phone_on_settings(tmp_path, browser, accept_downloads=True) as phone:
        upload(phone, mine)
        expect(phone.node("history-message")).to_contain_text(
            "Imported from on-the-phone.json: 1 new plays, 0 already there."
        )
        with phone.page.expect_download() as got:
            phone.click("export-download")
        saved = tmp_path / "saved.json"
        got.value.save_as(saved)
        assert got.value.suggested_filename == "scorepad-history.json"
        text = saved.read_text(encoding="utf-8")
        assert '"scorepad-history"' in text and '"Ana"' in text
        expect(phone.node("history-message")).to_contain_text(
            "1 plays exported to this device as scorepad-history.json"
        )


def test_a_phone_uploads_a_file_over_the_websockets_limit_and_hears_about_one_too_big(
    tmp_path, browser
):
    """A history of 20 MB (over the websocket's 16 MiB message limit, which dropped the
    phone's connection without a word) imports from the phone; one over 200 MB is
    refused with a sentence before a byte of it is sent."""
    big = exported_history(tmp_path, "big.json")
    with big.open("a", encoding="utf-8") as out:
        out.write(" " * (20 * 1024 * 1024))  # still the same history: JSON ends in spaces
    huge = tmp_path / "huge.json"
    with huge.open("wb") as out:
        out.truncate(201 * 1024 * 1024)  # sparse: the browser reads none of it
    with phone_on_settings(tmp_path, browser) as phone:
        upload(phone, huge)
        expect(phone.node("history-message")).to_contain_text(
            "huge.json is larger than 200 MB: no history or game file is that big."
        )
        upload(phone, big)
        expect(phone.node("history-message")).to_contain_text(
            "Imported from big.json: 1 new plays, 0 already there.", timeout=60_000
        )
        lost = phone.page.locator("#scorepad-link-lost")
        assert lost.count() == 0 or not lost.is_visible()  # the connection never dropped


def test_a_phone_on_the_network_shows_the_qr_code_to_the_next_player(tmp_path, browser):
    """Home's QR code over the network address (plain http, no cross-origin isolation,
    where a picture showed as a blank box): drawn, dark modules on a light square."""
    host = network_address()
    process, port = start_app(tmp_path, "--no-browser", "--share", "--code", "MESA42")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        wait_for_port(port, process)
        page = context.new_page()
        base = f"http://{host}:{port}"
        page.goto(f"{base}/?code=MESA42")
        phone = AppPage(page, base)
        phone.semantics()
        code = phone.node("share-qr")
        expect(code).to_be_attached()
        assert page.evaluate("self.crossOriginIsolated") is False
        box = code.bounding_box()
        assert box is not None and box["width"] >= 150
        shot = Image.open(io.BytesIO(page.screenshot(clip=box))).convert("L")
        levels = shot.histogram()
        dark, light = sum(levels[:60]), sum(levels[201:])
        area = QR_SIZE * QR_SIZE  # the code, in a box as wide as the card's column
        assert dark > 0.25 * area, dark  # a QR code is about half dark
        assert light > 0.25 * area, light
        read = zxingcpp.read_barcodes(Image.open(phone.screenshot("network-home-qr")))
        assert [r.text for r in read] == [f"{base}/?code=MESA42"]  # a reader finds the way in
    finally:
        context.close()
        stop(process)
