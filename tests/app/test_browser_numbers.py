"""Numbers as people type them, and rates picked from a menu, in a real Chromium."""

from __future__ import annotations

import pytest
from conftest import DESKTOP, PHONE
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def spanish(app) -> None:
    app.click("nav-settings")
    app.click("lang-es")
    expect(app.page.get_by_text("Idioma", exact=True)).to_be_visible()
    app.page.go_back()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_rate_is_picked_from_its_menu_in_one_tap(app, size):
    app.page.set_viewport_size(size)
    app.open("/new/glass-road?players=Ana,Ben")
    app.enter("glass-road", "line-glass_left-2", "2")
    expect(app.node("total-2")).to_have_text("2")
    expect(app.node("rate-glass_left-2")).to_have_text("start building (Forest Glassworks)")
    app.node("rate-glass_left-2").click()  # the menu names every rate
    for rate in ("start", "upgraded", "forest_hut"):
        expect(app.node(f"rate-glass_left-2-{rate}")).to_be_visible()
    app.node("rate-glass_left-2-forest_hut").click()  # one pick, from the start rate to the last
    expect(app.node("rate-glass_left-2")).to_have_text("Forest Hut (0)")
    expect(app.node("total-2")).to_have_text("0")
    expect(app.node("rate-glass_left-2-upgraded")).to_have_count(0)  # the menu closed
    app.node("rate-glass_left-2").click()
    app.node("rate-glass_left-2-upgraded").click()
    expect(app.node("rate-glass_left-2")).to_have_text("upgraded: Glassworks")
    expect(app.node("total-2")).to_have_text("6")
    expect(app.node("rate-glass_left-1")).to_have_text("start building (Forest Glassworks)")
    saved = app._wait(
        lambda: app.draft("glass-road").get("rates", {}).get("glass_left") == ["start", "upgraded"],
        5.0,
    )
    assert saved, app.draft("glass-road").get("rates")
