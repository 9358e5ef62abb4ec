"""The screen kept on while a sheet is open (Screen Wake Lock), and the setting that turns
it off, in real Chromium at phone size.

The browser's own wake lock is replaced by a recorder: headless Chromium has no screen to
keep on, and what is under test is when the app asks for the lock and lets it go.
"""

from __future__ import annotations

import json

import pytest
from conftest import PHONE
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

RECORDER = """(() => {
    window.wake = [];
    const lock = {
        request: async (type) => {
            window.wake.push("request:" + type);
            const sentinel = new EventTarget();
            sentinel.released = false;
            sentinel.type = type;
            sentinel.release = async () => {
                sentinel.released = true;
                window.wake.push("release");
                sentinel.dispatchEvent(new Event("release"));
            };
            return sentinel;
        },
    };
    Object.defineProperty(Navigator.prototype, "wakeLock", {get: () => lock});
})()"""


def asked(app) -> list[str]:
    return app.page.evaluate("window.wake")


def test_the_screen_stays_on_while_a_sheet_is_open_unless_turned_off(app):
    app.page.set_viewport_size(PHONE)
    app.page.context.add_init_script(RECORDER)
    app.open("/new/azul?players=Ana,Ben")
    expect(app.node("total-1")).to_have_text("0")
    app.page.wait_for_function("window.wake.includes('request:screen')")
    app.go("/")  # Home: the screen may sleep again
    app.page.wait_for_function("window.wake.includes('release')")
    assert asked(app) == ["request:screen", "release"]

    app.go("/settings")
    expect(app.node("keep-awake")).to_be_attached()
    app.click("keep-awake")
    settings = app.data_dir / "settings.json"
    app._wait(lambda: settings.is_file() and not json.loads(settings.read_text())["keep_awake"])
    assert json.loads(settings.read_text())["keep_awake"] is False

    app.go("/sheet/azul")
    expect(app.node("total-1")).to_have_text("0")
    app.page.wait_for_timeout(1500)  # time enough for a request, were one made
    assert asked(app) == ["request:screen", "release"]
