"""Photos of the table in a real Chromium at phone size: a photo attached through the
browser's own file chooser reaches the play screen (its strip, then large) and History's
mark; a file that is no picture is refused with its name. Screenshots are kept."""

from __future__ import annotations

import re

import pytest
from conftest import history_path, on_screen
from playwright.sync_api import expect

from scorepad.core import PlayerSheet, find_game
from scorepad.store import open_store
from tests.store.photo_files import gps_of, jpeg

pytestmark = pytest.mark.browser


def saved_play(app, names: tuple[str, str]) -> int:
    """A play saved into the served app's history, as another device would have."""
    with open_store(history_path(app.data_dir)) as store:
        sheets = [PlayerSheet(names[0], {"marker": 61}), PlayerSheet(names[1], {"marker": 57})]
        return store.save_play(find_game("azul"), None, sheets)


def attach(page, path) -> None:
    with page.page.expect_file_chooser() as chooser:
        page.click("add-photo")
    assert chooser.value.is_multiple()
    chooser.value.set_files([str(p) for p in ([path] if not isinstance(path, list) else path)])


def test_a_phone_attaches_a_photo_and_sees_it_on_the_play_and_in_history(phone, tmp_path):
    play = saved_play(phone, ("Quilla", "Rasmus"))
    taken = tmp_path / "final-board.jpg"
    taken.write_bytes(jpeg(3000, 2000, gps=True, orientation=6))
    phone.open(f"/play/{play}")
    expect(phone.node("add-photo")).to_be_attached()
    expect(phone.node("photo-1")).to_have_count(0)
    attach(phone, taken)
    expect(phone.node("photo-1")).to_be_attached(timeout=30_000)
    expect(phone.node("photos-message")).to_contain_text("Photos added: 1.")
    with open_store(history_path(phone.data_dir)) as store:
        (photo,) = store.photos(play)
        assert (photo.width, photo.height) == (1067, 1600)  # turned upright, made smaller
        assert gps_of(store.photo_bytes(play, 1)) == {}
    phone.screenshot("photos-play")
    phone.click("photo-1")
    expect(phone.node("photo-large")).to_be_attached()
    # on the screen (Flutter also says the dialog's title aloud, in a live region of
    # its own, for a moment: not the text looked for)
    expect(on_screen(phone.page, "Photo 1 of 1")).to_be_visible()
    phone.screenshot("photos-large")
    phone.click("photo-close")
    expect(phone.node("photo-large")).to_have_count(0)

    phone.go("/history")
    phone.type("filter-player", "Quilla")
    phone.click("filter")
    # the row is read out as one, its mark with it (its text is then the row's label)
    row = phone.node("history-row-1").locator("[role]").first
    expect(row).to_have_accessible_name(re.compile(r"Quilla 61 · Rasmus 57.*Photos: 1"))
    phone.screenshot("photos-history")


def test_a_file_that_is_no_picture_is_refused_by_name(phone, tmp_path):
    play = saved_play(phone, ("Soren", "Talia"))
    wrong = tmp_path / "scores.jpg"
    wrong.write_bytes(b"these are not the pixels you are looking for" * 20)
    phone.open(f"/play/{play}")
    attach(phone, wrong)
    expect(phone.node("photos-message")).to_contain_text(
        "scores.jpg is not a picture Scorepad can read", timeout=30_000
    )
    expect(phone.node("photo-1")).to_have_count(0)
