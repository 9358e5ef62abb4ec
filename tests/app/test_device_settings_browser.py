"""Each device its own language and theme, in Chromium at phone size: two phones and the
laptop on one app, one phone chooses French and dark, the others stay as they were, and
every one of them keeps its own after a reload. The access code's page speaks the
browser's language."""

from __future__ import annotations

import io
import os
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import DESKTOP, PHONE, ROOT, AppPage, free_port, start_app, stop, wait_for_port
from guest_app import GUEST_ADDRESS
from PIL import Image, ImageStat
from playwright.sync_api import expect

from scorepad.core.i18n import tr
from scorepad.ui.share import AccessGate

pytestmark = pytest.mark.browser


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """The app as ``scorepad app`` serves it in English, where a marked browser is a guest
    (``guest_app.py``); a test's own (what the host chose is the app's)."""
    wrapper = (sys.executable, str(ROOT / "tests/app/guest_app.py"))
    process, port = start_app(tmp_path, "--no-browser", program=wrapper)
    try:
        wait_for_port(port, process)
        yield f"http://127.0.0.1:{port}"
    finally:
        out = stop(process)
        assert "Traceback" not in out, out


def device(browser, base: str, size: dict[str, int], *, guest: bool) -> AppPage:
    context = browser.new_context(viewport=size)
    if guest:
        context.add_cookies([{"name": "scorepad_test_guest", "value": "1", "url": base}])
    return AppPage(context.new_page(), base)


def says(app: AppPage, lang: str) -> None:
    """Settings is shown in ``lang``: its first heading, and nothing of English's."""
    expect(app.page.get_by_text(tr("app.language", lang), exact=True)).to_be_visible()


def background(app: AppPage) -> float:
    """How light the page's background is (0 black, 255 white), beside the screen's foot."""
    size = app.page.viewport_size
    clip = {"x": size["width"] - 12, "y": size["height"] - 12, "width": 8, "height": 8}
    picture = Image.open(io.BytesIO(app.page.screenshot(clip=clip))).convert("L")
    return float(ImageStat.Stat(picture).mean[0])


def reload(app: AppPage) -> None:
    app.page.reload()
    app.semantics()


def anew(app: AppPage) -> AppPage:
    """The same device opening the app afresh: its tab closed, a new one of the same
    browser (the same storage), on a new session of the app's (a reload takes the tab's
    session up again, with what it held)."""
    context = app.page.context
    app.page.close()
    fresh = AppPage(context.new_page(), app.base)
    fresh.open("/settings")
    return fresh


def own_lang(app: AppPage) -> object:
    return app.page.evaluate("JSON.parse(localStorage.getItem('flutter.scorepad.lang'))")


def test_a_phone_choosing_french_changes_that_phone_only_and_keeps_it(browser, served):
    phone = device(browser, served, PHONE, guest=True)
    other = device(browser, served, PHONE, guest=True)
    laptop = device(browser, served, DESKTOP, guest=False)
    for each in (phone, other, laptop):
        each.open("/settings")
        says(each, "en")
    phone.click("lang-fr")
    says(phone, "fr")
    phone.click("theme-dark")
    expect(phone.page.get_by_role("radio", name="Sombre")).to_be_checked()
    phone.page.wait_for_timeout(500)  # the theme's change is drawn
    assert background(phone) < 60
    for each in (other, laptop):  # a screen of their own, drawn again: still English, light
        each.go("/")
        each.go("/settings")
        says(each, "en")
        assert background(each) > 200
    for again in (reload, anew):  # a reload, then the app opened afresh on each device
        phone, other, laptop = (again(each) or each for each in (phone, other, laptop))
        says(phone, "fr")
        expect(phone.page.get_by_role("radio", name="Sombre")).to_be_checked()
        expect(phone.page.get_by_role("radio", name="Français")).to_be_checked()
        assert background(phone) < 60 and own_lang(phone) == "fr"
        for each in (other, laptop):
            says(each, "en")
            system = tr("app.theme.system", "en")
            expect(each.page.get_by_role("radio", name=system)).to_be_checked()
            assert background(each) > 200 and own_lang(each) is None

    # The page's own words (a link's trouble, said over the app) follow the phone's choice.
    for each, lang in ((phone, "fr"), (other, "en")):
        each.page.evaluate("sessionStorage.setItem('scorepad-unsent', 'en')")
        reload(each)
        expect(each.page.locator("#scorepad-link-unsent")).to_have_text(tr("link.unsent", lang))
        each.page.locator("#scorepad-link-ok").click()

    # The laptop runs the app: its choice is the app's language, for every device that
    # chose none; the phone that chose French keeps French.
    laptop.click("lang-de")
    says(laptop, "de")
    for each, lang in ((other, "de"), (phone, "fr")):
        each.go("/")  # its next screen
        each.go("/settings")
        says(each, lang)
        says(anew(each), lang)


def test_a_made_up_choice_in_the_browser_is_not_taken(browser, served):
    phone = device(browser, served, PHONE, guest=True)
    phone.open("/settings")
    phone.page.evaluate(
        """() => {
            localStorage.setItem('flutter.scorepad.lang', JSON.stringify('<b>fr</b>'));
            localStorage.setItem('flutter.scorepad.theme', JSON.stringify('neon'));
        }"""
    )
    reload(phone)
    expect(phone.page.get_by_role("radio", name=tr("app.theme.system", "en"))).to_be_checked()
    assert background(phone) > 200
    says(phone, "en")
    assert own_lang(phone) == "<b>fr</b>"  # left as it was, and not taken


class GateServer:
    """The access code's gate in front of a page, served on loopback, every request seen
    as a phone's (``GUEST_ADDRESS``): the gate asks it for the code."""

    def __init__(self) -> None:
        import uvicorn

        async def page(scope, receive, send) -> None:
            raise AssertionError("no code was given: the app is never reached")

        gate = AccessGate(page, "MESA42", lang="en")

        async def from_a_phone(scope, receive, send) -> None:
            if scope["type"] in ("http", "websocket"):
                scope = {**scope, "client": (GUEST_ADDRESS, 50000)}
            await gate(scope, receive, send)

        self.port = free_port()
        config = uvicorn.Config(from_a_phone, host="127.0.0.1", port=self.port, log_level="error")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started and time.monotonic() < deadline:
            time.sleep(0.05)

    def close(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.mark.parametrize("locale", ["fr-FR", "de-DE", "es-ES", "en-US"])
def test_the_code_page_speaks_the_browsers_language(browser, locale):
    lang = locale[:2]
    gate = GateServer()
    shots = Path(os.environ.get("SCOREPAD_SHOTS", ROOT / "screenshots"))
    shots.mkdir(parents=True, exist_ok=True)
    try:
        for scheme in ("light", "dark"):
            context = browser.new_context(viewport=PHONE, locale=locale, color_scheme=scheme)
            page = context.new_page()
            answer = page.goto(f"http://127.0.0.1:{gate.port}/")
            assert answer is not None and answer.status == 401
            expect(page.locator("html")).to_have_attribute("lang", lang)
            expect(page.get_by_text(tr("share.ask_code", lang))).to_be_visible()
            page.get_by_label(tr("share.code", lang)).fill("WRONG1")
            page.get_by_role("button", name=tr("share.open", lang)).click()
            expect(page.get_by_text(tr("share.wrong_code", lang))).to_be_visible()
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            shade = page.evaluate("getComputedStyle(document.body).color")
            # the browser's own colours: black text on white, or light text on dark
            assert (shade == "rgb(0, 0, 0)") == (scheme == "light"), shade
            page.screenshot(path=str(shots / f"code-page-{lang}-{scheme}-phone.png"))
            context.close()
    finally:
        gate.close()


def clear_to_the_edge(app: AppPage, box: dict[str, float]) -> bool:
    """Nothing is drawn from 16 to 8 pixels short of the screen's right edge, beside
    ``box``: a sentence too long for its line is drawn up to the content's edge, 8
    pixels in, and cut there (Flutter clips it, and its accessibility box with it)."""
    width = app.page.viewport_size["width"]
    clip = {"x": width - 16, "y": max(box["y"], 0), "width": 8, "height": max(box["height"], 1)}
    picture = Image.open(io.BytesIO(app.page.screenshot(clip=clip))).convert("L")
    low, high = picture.getextrema()
    return high - low <= 12


SETTINGS_PARTS = (
    "keep-awake",
    "export-path",
    "export",
    "export-download",
    "import-path",
    "import",
    "import-upload",
)
"""What Settings shows the computer running the app, each checked to fit a phone."""


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_settings_fit_a_phone_in_french_and_german_light_and_dark(browser, served, lang):
    shots = Path(os.environ.get("SCOREPAD_SHOTS", ROOT / "screenshots"))
    shots.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport=PHONE, color_scheme=scheme)
        app = AppPage(context.new_page(), served)
        app.open("/settings")
        app.click(f"lang-{lang}")
        says(app, lang)
        app.page.screenshot(path=str(shots / f"settings-{lang}-{scheme}-phone.png"))
        app.reveal("keep-awake")
        assert clear_to_the_edge(app, app.node("keep-awake").bounding_box()), "a cut sentence"
        for ident in SETTINGS_PARTS:
            app.reveal(ident)
            box = app.node(ident).bounding_box()
            assert box is not None, ident
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (ident, box)
        width = app.page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"]
        app.page.screenshot(path=str(shots / f"settings-{lang}-{scheme}-phone-files.png"))
        context.close()
