"""One sheet open in two browsers at once (two devices at the table), in real Chromium."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import ATTACHED, DESKTOP, PHONE, AppPage, start_app, stop, wait_for_port
from playwright.sync_api import expect

from scorepad.core import builtin_games
from scorepad.store.values import canonical, digest

pytestmark = pytest.mark.browser


def test_two_devices_fill_in_one_sheet_and_save_it_once(app, phone):
    app.page.set_viewport_size(DESKTOP)
    app.open("/new/glass-road?players=Ana,Ben")
    expect(app.node("total-1")).to_have_text("0")
    phone.open("/sheet/glass-road")
    expect(phone.node("total-1")).to_have_text("0")

    app.enter("glass-road", "line-buildings-1", "12")  # Ana types hers on the computer
    phone.enter("glass-road", "line-buildings-2", "9")  # Ben his on the phone
    for device in (app, phone):
        expect(device.node("total-1")).to_have_text("12")
        expect(device.node("total-2")).to_have_text("9")
    phone.node("rate-sand_left-2").click()  # Ben's sand counts at the upgraded rate
    phone.node("rate-sand_left-2-upgraded").click()
    phone.enter("glass-road", "line-sand_left-2", "3")
    expect(app.node("total-2")).to_have_text("12")
    app.expect_value("line-buildings-2", "9")

    app.click("save")
    expect(app.node("play-edit")).to_be_attached()
    expect(phone.node("play-edit")).to_be_attached()  # the phone is taken to the play too
    assert phone.page.url == app.page.url


def test_two_devices_typing_in_one_cell_at_once_end_with_the_same_value(app, phone):
    app.open("/new/azul?players=Ana,Ben")
    phone.open("/sheet/azul")
    expect(phone.node("total-1")).to_have_text("0")
    boxes = [device.node("line-marker-1").locator("input") for device in (app, phone)]
    for box in boxes:
        box.click()
        box.evaluate(ATTACHED, 3000)
    for round_ in range(5):
        boxes[0].fill(f"{round_}1")  # both at once, without waiting for either
        boxes[1].fill(f"{round_}2")
    app.page.wait_for_timeout(1500)
    last = app.draft("azul")["texts"]["marker"][0]
    for device in (app, phone):
        device.expect_value("line-marker-1", last)
        expect(device.node("total-1")).to_have_text(last)


TYPE_EVERY_20_MS = """box => {
    let n = 0;
    window.typing = setInterval(() => {
        n = (n + 1) % 50;
        box.value = String(n);
        box.dispatchEvent(new Event("input", {bubbles: true}));
    }, 20);
}"""
"""The phone's player types a new value into their own cell every 20 ms, as fast as the
browser sends them (each one a value and a change event, like any typing)."""


def test_a_value_typed_while_another_device_types_every_20_ms_is_never_lost(app, phone):
    """Ana types 30 values into her cell while Ben's phone changes his every 20 ms: each
    of hers stays on her screen and reaches the app, and at the end every screen and the
    draft hold her last one and his last one."""
    app.open("/new/azul?players=Ana,Ben")
    phone.open("/sheet/azul")
    expect(phone.node("total-1")).to_have_text("0")
    his = phone.node("line-marker-2").locator("input")
    his.click()
    assert his.evaluate(ATTACHED, 3000)
    his.evaluate(TYPE_EVERY_20_MS)
    app.type("line-marker-1", "1")
    box = app.node("line-marker-1").locator("input")
    lost = []
    for n in range(30):
        value = str(60 + n)
        box.fill(value)
        app.page.wait_for_timeout(150)
        if box.input_value() != value:
            lost.append((value, box.input_value()))
    phone.page.evaluate("() => clearInterval(window.typing)")
    assert lost == []
    expect(app.node("total-1")).to_have_text("89")
    expect(phone.node("total-1")).to_have_text("89")
    app.expect_value("line-marker-1", "89")
    his_last = his.input_value()
    expect(app.node("total-2")).to_have_text(his_last)
    app.draft_when("azul", lambda d: d["texts"]["marker"][:2] == ["89", his_last])
    phone.expect_value("line-marker-1", "89")


def test_two_tables_play_azul_at_once_each_on_its_own_sheet(app, phone):
    """A club night: the computer's table and the phone's table both start Azul. Neither
    sheet touches the other; each saves its own play."""
    app.open("/new/azul?players=Olga,Pere")
    phone.open("/new/azul?players=Quim,Rut")
    app.type("line-marker-1", "44")
    phone.type("line-marker-1", "38")
    expect(app.node("total-1")).to_have_text("44")
    expect(phone.node("total-1")).to_have_text("38")
    app.page.wait_for_timeout(500)  # anything one table typed would have reached the other
    app.expect_value("line-marker-1", "44")
    phone.expect_value("line-marker-1", "38")
    phone.click("save")
    expect(phone.node("play-edit")).to_be_attached()
    expect(app.node("total-1")).to_have_text("44")  # the computer's table plays on
    expect(app.node("save")).to_be_enabled()
    app.click("save")
    expect(app.node("play-edit")).to_be_attached()
    assert app.page.url != phone.page.url
    app.go("/history")
    expect(app.node("history-row-1")).to_contain_text("Olga 44")
    expect(app.node("history-row-2")).to_contain_text("Quim 38")


def test_a_sheet_thrown_away_by_mistake_comes_back_on_the_other_device(app, phone):
    """The bin on Home tapped by mistake while a phone shows the sheet: Undo brings the
    sheet back on the phone too, as it was, and what the phone types is kept again."""
    app.open("/new/azul?players=Ana,Ben")
    app.enter("azul", "line-marker-1", "61")
    sheet_id = app.draft("azul")["id"]
    phone.open("/sheet/azul")
    phone.expect_value("line-marker-1", "61")
    app.go("/")
    app.click("discard-1")
    expect(phone.node("save-message")).to_contain_text("thrown away on another device")
    save = phone.node("save").get_by_role("button")
    expect(save).to_be_disabled()
    app.click("undo")
    expect(save).to_be_enabled()
    assert phone.page.url.endswith(f"/sheet/{sheet_id}")
    phone.expect_value("line-marker-1", "61")
    phone.enter("azul", "line-marker-2", "58")  # waits for the app to have kept it
    app.go(f"/sheet/{sheet_id}")
    app.expect_value("line-marker-2", "58")


def club_history(path: Path, plays: int) -> None:
    """A Scorepad history file of ``plays`` two-player Azul plays, as ``export`` writes it."""
    azul = builtin_games()["azul"]
    source = canonical(azul.source)
    ref = digest(source)[:16]
    rows = ",\n".join(
        json.dumps(
            {
                "uid": f"club-{n}",
                "game": "azul",
                "template": ref,
                "variant": None,
                "played_at": f"2020-{1 + n % 12:02d}-01T20:00:00",
                "players": [
                    {"name": "Ivo", "lines": {"marker": n % 90}},
                    {"name": "Jan", "lines": {"marker": n * 7 % 90}},
                ],
            }
        )
        for n in range(plays)
    )
    templates = {ref: {"game": "azul", "version": azul.version, "source": "SOURCE"}}
    head = json.dumps({"format": "scorepad-history", "version": 1, "games": []})[:-1]
    head += ', "templates": ' + json.dumps(templates).replace('"SOURCE"', source)
    path.write_text(f'{head}, "plays": [\n{rows}\n]}}\n', encoding="utf-8")


def test_an_import_on_one_device_leaves_the_sheets_on_the_others_going(browser, tmp_path):
    """A club brings its old history in from Settings while a table plays on: the phone's
    sheet keeps answering during the import (every device shares one event loop), and the
    outcome reaches the desk on the screen it has moved on to."""
    plays = 60_000
    club_history(tmp_path / "club.json", plays)
    data = tmp_path / "data"
    data.mkdir()
    process, port = start_app(data, "--no-browser")
    contexts = [browser.new_context(viewport=DESKTOP), browser.new_context(viewport=PHONE)]
    try:
        wait_for_port(port, process)
        desk, phone = (AppPage(c.new_page(), f"http://127.0.0.1:{port}", data) for c in contexts)
        phone.open("/new/azul?players=Ana,Ben")
        expect(phone.node("total-1")).to_have_text("0")
        desk.open("/settings")
        desk.type("import-path", str(tmp_path / "club.json"))
        desk.click("import")
        expect(desk.node("history-message")).to_contain_text("Importing")
        phone.type("line-marker-1", "61")
        expect(phone.node("total-1")).to_have_text("61")
        assert "Importing" in desk.text("history-message")  # answered while it imported
        desk.go("/")  # on to Home before it is done: the outcome is said there
        done = desk.page.get_by_text(f"{plays} new plays, 0 already there.", exact=False)
        expect(done.last).to_be_visible(timeout=120_000)
    finally:
        for context in contexts:
            context.close()
        out = stop(process)
    assert "Traceback" not in out, out
