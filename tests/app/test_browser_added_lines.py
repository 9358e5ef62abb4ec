"""Lines of other kinds added to an Azul sheet in a real Chromium, at phone and desktop
size, each in one of the app's languages (every language is covered).

A count × 7 line for this play only and a yes / no line kept for the game: the totals
follow the values typed, the kept line goes into the person's own copy of Azul (the
built-in Azul is unchanged), the sheet goes on as a sheet of that copy with every value
kept, the saved play shows and records both lines, and a new sheet of the copy has the
kept line.
"""

from __future__ import annotations

import re

import pytest
from conftest import DESKTOP, PHONE, history_path
from playwright.sync_api import expect
from test_browser_manage import show

from scorepad.core import find_game
from scorepad.core.i18n import tr
from scorepad.store import open_store

pytestmark = pytest.mark.browser

LABELS = {
    "en": ("Columns bonus", "Finished first"),
    "es": ("Bonus de columnas", "Terminó primero"),
    "fr": ("Bonus de colonnes", "Fini en premier"),
    "de": ("Spaltenbonus", "Zuerst fertig"),
}
CASES = [(PHONE, "es"), (DESKTOP, "en"), (PHONE, "de"), (DESKTOP, "fr")]


def choose_language(app, lang: str) -> None:
    app.open("/settings")
    app.click(f"lang-{lang}")
    expect(app.page.get_by_text(tr("app.language", lang), exact=True)).to_be_visible()


def tap(app, ident: str) -> None:
    show(app, ident)
    app.click(ident)


def type_(app, ident: str, text: str) -> None:
    show(app, ident)
    app.type(ident, text)


def add(app) -> None:
    """Tap Add; the dialog closes (a refused line would keep it open, saying why)."""
    app.click("add-line-ok")
    try:
        expect(app.node("add-line-ok")).to_have_count(0)
    except AssertionError:
        app.screenshot("add-line-refused")
        raise


def open_dialog(app, kind: str, label: str) -> None:
    tap(app, "add-line-kinds")
    expect(app.node("add-line-ok")).to_be_visible()
    app.click(f"add-line-kind-{kind}")
    app.type("add-line-label", label)


@pytest.mark.parametrize(
    ("size", "lang"),
    CASES,
    ids=[f"{'phone' if s is PHONE else 'desktop'}-{lang}" for s, lang in CASES],
)
def test_lines_of_other_kinds_on_an_azul_sheet(app, data_dir, size, lang):
    app.page.set_viewport_size(size)
    choose_language(app, lang)
    count_label, check_label = LABELS[lang]
    store = open_store(history_path(data_dir))
    try:
        before = store.own_copy("azul")  # one history for every test: made by an earlier one?
    finally:
        store.close()
    app.open("/new/azul?players=Ulrike,Wendel")
    app.enter("azul", "line-marker-1", "40")
    expect(app.node("total-1")).to_have_text("40")

    # a count × 7 line, on this play only
    open_dialog(app, "count", count_label)
    app.type("add-line-per", "7")
    expect(app.node("add-line-keep-note")).to_have_text(tr("app.add_line_this_play", lang))
    add(app)
    draft = app.draft_when("azul", lambda d: bool(d.get("added")))
    count_key = draft["added"][-1]["key"]
    expect(app.node(f"line-{count_key}-1")).to_be_attached()
    app.enter("azul", f"line-{count_key}-1", "2")
    expect(app.node("total-1")).to_have_text("54")

    # a yes / no line worth 3, kept for the game
    open_dialog(app, "check", check_label)
    app.type("add-line-points", "3")
    app.click("add-line-keep")
    copy_name = tr("store.copy_name", lang, name="Azul")
    expect(app.node("add-line-keep-note")).to_contain_text(copy_name if before is None else "Azul")
    add(app)
    kept: list = []

    def in_copy() -> bool:  # the app keeps the line as soon as Add is tapped
        store = open_store(history_path(data_dir))
        try:
            copy = store.own_copy("azul")
        finally:
            store.close()
        kept[:] = [copy]
        return copy is not None and copy.lines[-1].label.get(lang) == check_label

    assert app._wait(in_copy, 10.0), kept
    copy = kept[0]
    assert copy.id.startswith("azul-mine")
    check_key = copy.lines[-1].key
    assert copy.lines[-1].kind == "check"
    app.draft_when(copy.id, lambda d: d.get("game") == copy.id)
    expect(app.node("total-1")).to_have_text("54")  # every value typed is still there
    show(app, "line-marker-1")
    app.expect_value("line-marker-1", "40")
    show(app, f"line-{count_key}-1")
    app.expect_value(f"line-{count_key}-1", "2")
    show(app, f"line-{check_key}-2")
    app.click(f"line-{check_key}-2")
    expect(app.node("total-2")).to_have_text("3")
    expect(app.node("total-1")).to_have_text("54")
    tap(app, "save")

    # the saved play shows and records both lines
    shown = re.compile(f"{re.escape(check_label)} 0 3 .*{re.escape(count_label)} 2 · 14 0 ")
    expect(app.page.get_by_role("group", name=shown)).to_be_visible()
    expect(
        app.page.get_by_role("heading", name=copy_name if before is None else "Azul")
    ).to_be_visible()
    play_id = int(app.page.url.rstrip("/").rsplit("/", 1)[-1])
    store = open_store(history_path(data_dir))
    try:
        record = store.get_play(play_id)
        builtin = store.template("azul")
    finally:
        store.close()
    assert record.summary.game == copy.id
    assert record.sheet.template.version == copy.version
    ana, ben = record.sheet.players
    assert (ana.lines[count_key], ana.total) == (14, 54), (ana, record.summary)
    assert (ben.entries[check_key], ben.lines[check_key], ben.total) == (True, 3, 3)
    kinds = {line.key: line.kind for line in record.sheet.template.lines}
    assert (kinds[count_key], kinds[check_key]) == ("count", "check")
    assert [line.key for line in builtin.lines] == [line.key for line in find_game("azul").lines]

    # a new sheet of the copy has the kept line, not the one for that play only
    app.open(f"/new/{copy.id}?players=Cy,Di")
    expect(app.node(f"line-{check_key}-1")).to_be_attached()
    expect(app.node(f"line-{count_key}-1")).to_have_count(0)
    app.open("/new/azul?players=Cy,Di")
    expect(app.node("line-marker-1")).to_be_attached()
    expect(app.node(f"line-{check_key}-1")).to_have_count(0)


EDIT_CASES = [(PHONE, "es"), (DESKTOP, "de")]


@pytest.mark.parametrize(
    ("size", "lang"),
    EDIT_CASES,
    ids=[f"{'phone' if s is PHONE else 'desktop'}-{lang}" for s, lang in EDIT_CASES],
)
def test_editing_a_saved_play_refills_numbers_in_the_languages_form(app, size, lang):
    app.page.set_viewport_size(size)
    choose_language(app, lang)
    app.open("/new/azul?players=Yvette,Zoran")
    app.enter("azul", "line-marker-1", "50")
    type_(app, "new-line-label", "Bonus")
    tap(app, "add-line")
    app.enter("azul", "extra-1-1", "2,5")
    expect(app.node("total-1")).to_have_text("52,5")
    tap(app, "save")
    tap(app, "play-edit")
    show(app, "extra-1-1")
    app.expect_value("extra-1-1", "2,5")  # not "2.5"
    expect(app.node("total-1")).to_have_text("52,5")
