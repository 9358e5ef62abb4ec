"""The history in a real Chromium: save, find, open, edit, delete and undo, rematch,
print; and screenshots of History and the play screen. The served app (one per test
session, see conftest) keeps its plays in its own temporary history file."""

from __future__ import annotations

import re
import sqlite3
from dataclasses import replace

import pytest
from conftest import DESKTOP, PHONE, AppPage, history_path
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def save_azul(app, players: tuple[str, str], markers: tuple[str, str]) -> str:
    """Score and save a two-player Azul game; returns the play's route."""
    app.open(f"/new/azul?players={','.join(players)}")
    for n, value in enumerate(markers, 1):
        app.enter("azul", f"line-marker-{n}", value)
    app.click("save")
    expect(app.node("play-edit")).to_be_attached()
    route = app.page.url.removeprefix(app.base)
    assert re.fullmatch(r"/play/\d+", route), route
    return route


def find_in_history(app, player: str) -> None:
    app.go("/history")
    app.type("filter-player", player)
    app.click("filter")
    expect(app.node("history-row-1")).to_contain_text(player)
    expect(app.node("history-row-2")).to_have_count(0)


def test_save_find_open_edit_and_see_the_new_total(app):
    route = save_azul(app, ("Iris", "Jon"), ("51", "47"))
    expect(app.node("total-1")).to_have_text("51")
    find_in_history(app, "Iris")
    expect(app.node("history-row-1")).to_contain_text("Iris 51 · Jon 47")
    expect(app.node("history-row-1")).to_contain_text("Won by Iris")
    app.click("history-row-1")
    expect(app.node("result")).to_have_text("Iris wins with 51 points.")
    assert app.page.url.endswith(route)
    app.click("play-edit")
    expect(app.node("sheet-note")).to_be_attached()
    app.type("line-marker-2", "58")
    expect(app.node("total-2")).to_have_text("58")
    app.click("save")
    expect(app.node("play-edit")).to_be_attached()  # back on the play, not the editor
    expect(app.node("result")).to_have_text("Jon wins with 58 points.")
    expect(app.node("total-2")).to_have_text("58")
    assert app.page.url.endswith(route)
    find_in_history(app, "Jon")
    expect(app.node("history-row-1")).to_contain_text("Jon 58 · Iris 51")


def test_delete_and_undo(app):
    route = save_azul(app, ("Kim", "Lea"), ("30", "33"))
    app.click("play-delete")
    expect(app.node("undo")).to_be_attached()
    said = re.compile(r"Deleted: Azul · \d{4}-\d\d-\d\d · Kim and Lea\.")  # never an id
    expect(app.page.get_by_text(said)).to_be_visible()
    app.type("filter-player", "Kim")
    app.click("filter")
    expect(app.node("history-row-1")).to_have_count(0)
    app.click("undo")
    expect(app.node("result")).to_have_text("Lea wins with 33 points.")
    assert app.page.url.endswith(route)
    find_in_history(app, "Lea")


def test_rematch_opens_a_sheet_with_the_same_players(app):
    save_azul(app, ("Mia", "Noa"), ("20", "25"))
    app.click("rematch")
    expect(app.node("line-marker-2")).to_be_attached()
    expect(app.node("total-1")).to_have_text("0")
    app.draft_when("azul", lambda draft: draft.get("players") == ["Mia", "Noa"])
    app.open("/")
    expect(app.node("recent-1")).to_contain_text("Azul")
    expect(app.node("rematch")).to_contain_text("Rematch")


def test_print_downloads_the_play_as_pdf(app):
    save_azul(app, ("Oto", "Pau"), ("40", "41"))
    with app.page.expect_download() as download:
        app.click("play-print")
    assert download.value.suggested_filename.endswith(".pdf")
    with open(download.value.path(), "rb") as pdf:
        assert pdf.read(5) == b"%PDF-"
    expect(app.node("play-message")).to_contain_text("is ready")


def test_history_screens_at_phone_and_desktop_size(app):
    route = save_azul(app, ("Quim", "Rut"), ("66", "66"))
    for size in (PHONE, DESKTOP):
        app.resize(size)
        for name, where, ident in (
            ("history", "/history", "history-row-1"),
            ("play", route, "play-print"),
            ("play-edit", route + "/edit", "save"),
        ):
            app.go(where)
            expect(app.node(ident)).to_be_attached()
            app.screenshot(name)
            width = app.page.evaluate("document.documentElement.scrollWidth")
            assert width <= size["width"]
    app.go("/settings")
    app.click("theme-dark")
    app.go(route)
    expect(app.node("play-print")).to_be_attached()
    for size in (DESKTOP, PHONE):
        app.resize(size)
        app.screenshot("play-dark")


def test_back_up_now_then_restore_the_copy_after_confirming(app):
    save_azul(app, ("Oto", "Pia"), ("41", "42"))
    app.go("/settings")
    app.click("backup-now")
    expect(app.node("backup-message")).to_contain_text("Copy made:")
    expect(app.node("backup-1")).to_have_accessible_name(
        re.compile(r" · by hand · \d+ KB · \d+ plays?$")
    )
    save_azul(app, ("Xia", "Zed"), ("12", "13"))  # after the copy: the restore undoes it
    app.go("/settings")
    app.click("backup-restore-1")
    expect(app.node("backup-confirm-question")).to_contain_text("The history will be replaced")
    app.screenshot("settings-backups-restore")
    app.click("backup-confirm")
    expect(app.node("backup-message")).to_contain_text("The copy of ")
    expect(app.node("backup-confirm")).to_have_count(0)  # the dialog closed
    expect(app.node("backup-1")).to_have_accessible_name(re.compile(" · before a restore · "))
    with sqlite3.connect(history_path(app.data_dir)) as db:  # what the app's file holds now
        names = {row[0] for row in db.execute("SELECT name FROM player")}
    assert {"Oto", "Pia"} <= names and not {"Xia", "Zed"} & names


def test_at_phone_size_an_edit_is_undone_and_a_player_picked_as_typed(app, browser):
    """French, 390×844: an edit saved says which play and offers Undo, which brings it back
    exactly; "eloise" typed in History's player field offers Éloïse, whose plays the
    pick lists. Shots of both, light and dark (the system's theme)."""
    from scorepad.core import PlayerSheet, find_game
    from scorepad.store import open_store

    store = open_store(history_path(app.data_dir))
    try:
        play = store.save_play(
            find_game("azul"),
            None,
            [PlayerSheet("Éloïse", {"marker": "40+4"}), PlayerSheet("Tomás", {"marker": 39})],
            "2001-02-03 20:00",
            notes="revanche",
            first_player="Tomás",
            colours=("blue", "orange"),
        )
        before = store.get_play(play)
    finally:
        store.close()
    app.resize(PHONE)
    app.open("/settings")
    app.click("lang-fr")
    app.go(f"/play/{play}/edit")
    app.type("line-marker-2", "70")
    expect(app.node("total-2")).to_have_text("70")
    app.click("save")
    named = "Azul · 2001-02-03 · Éloïse et Tomás"
    expect(app.page.get_by_text(f"Modifications enregistrées : {named}.")).to_be_visible()
    expect(app.node("total-2")).to_have_text("70")
    app.screenshot("history-edit-undo-fr")
    app.click("undo")
    expect(app.node("total-2")).to_have_text("39")
    expect(app.node("total-1")).to_have_text("44")
    store = open_store(history_path(app.data_dir))
    try:
        after = store.get_play(play)  # entries as typed, notes, colours, first player:
        assert replace(after, updated_at=before.updated_at) == before  # changed just now
    finally:
        store.close()

    app.go("/history")
    app.type("filter-player", "eloise")
    expect(app.node("player-pick-1").get_by_role("button")).to_have_accessible_name("Éloïse")
    expect(app.node("player-pick-2")).to_have_count(0)
    app.screenshot("history-player-picker-fr")
    app.click("player-pick-1")
    row = app.node("history-row-1").get_by_role("button")
    expect(row).to_have_accessible_name(re.compile("Éloïse 44 · Tomás 39"))
    expect(app.node("history-row-2")).to_have_count(0)
    app.screenshot("history-picked-fr")
    width = app.page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]

    dark = browser.new_context(viewport=PHONE, color_scheme="dark")
    try:
        page = AppPage(dark.new_page(), app.base, app.data_dir)
        page.open(f"/play/{play}")
        page.click("play-edit")
        expect(page.node("sheet-note")).to_be_attached()
        page.type("line-marker-2", "41")
        expect(page.node("total-2")).to_have_text("41")
        page.click("save")
        expect(page.page.get_by_text(f"Modifications enregistrées : {named}.")).to_be_visible()
        page.screenshot("history-edit-undo-fr-dark")
        page.click("undo")
        expect(page.node("total-2")).to_have_text("39")
        page.go("/history")
        page.type("filter-player", "ÉLOÏSE")
        expect(page.node("player-pick-1").get_by_role("button")).to_have_accessible_name("Éloïse")
        page.screenshot("history-player-picker-fr-dark")
        page.click("player-pick-1")
        row = page.node("history-row-1").get_by_role("button")
        expect(row).to_have_accessible_name(re.compile("Éloïse 44 · Tomás 39"))
        page.screenshot("history-picked-fr-dark")
    finally:
        dark.close()
        store = open_store(history_path(app.data_dir))
        try:
            store.purge_play(play)  # a run again finds Éloïse's one play only
        finally:
            store.close()
