"""A sheet with nothing counted: not saved, no winner crowned, even by a refused value."""

from __future__ import annotations

import pytest
from ui_helpers import click, context, find, type_into

from scorepad.core import find_game
from scorepad.core.i18n import tr
from scorepad.sheet.progress import SheetInProgress, new_draft
from scorepad.ui.views.sheet import SheetView


def sheet(game: str, players: list[str], variant: str | None = None) -> SheetInProgress:
    template = find_game(game)
    return SheetInProgress(template, new_draft(template, variant, players))


def test_a_blank_sheet_is_empty_and_cannot_be_saved():
    model = sheet("azul", ["Ana", "Ben"])
    assert model.state.empty and not model.state.problems
    assert not model.state.can_save
    state = model.set_text("marker", 0, "0")  # a zero typed is a value
    assert not state.empty and state.can_save
    state = model.set_text("marker", 0, " ")
    assert state.empty and not state.can_save


@pytest.mark.parametrize("text", ["4O", "999", "-3"])
def test_a_refused_value_alone_leaves_the_sheet_empty(text):
    model = sheet("azul", ["Ana", "Ben"])
    state = model.set_text("rows", 1, text)
    assert state.problem("rows", 1) is not None
    assert state.empty and not state.can_save


def test_a_refused_half_of_a_product_is_not_a_value():
    model = sheet("azul-sintra", ["Pilar", "Tomás"], "B")
    model.set_pair("windows", 0, "a", "4")
    state = model.set_pair("windows", 0, "b", "99")
    assert state.problem("windows", 0, "b") is not None
    assert state.empty
    state = model.set_pair("windows", 0, "b", "5")
    assert not state.empty and state.can_save


def test_by_hand_points_count_only_once_the_line_has_a_label():
    model = sheet("azul", ["Ana", "Ben"])
    model.add_extra("House rule")
    model.set_extra_label(0, " ")
    state = model.set_extra_points(0, 0, "3")
    assert state.empty  # points on a line with no name are not counted
    state = model.set_extra_label(0, "Bonus")
    assert not state.empty and state.can_save
    state = model.set_extra_points(0, 0, "x")
    assert state.empty


def test_a_ticked_box_is_a_value():
    model = sheet("azul-summer-pavilion", ["Ana", "Ben"], "A")
    assert model.state.empty
    state = model.set_check("star_red", 0, True)
    assert not state.empty and state.can_save


def test_round_sheet_blank_or_refused_rounds_are_empty():
    model = sheet("uno", ["Ana", "Ben"])
    model.add_round()
    rid = model.draft.rounds[0].id
    assert model.state.empty and not model.state.can_save
    state = model.set_round_text(rid, "points", 0, "abc")
    assert state.empty and not state.can_save
    state = model.set_round_text(rid, "points", 0, "12")
    assert not state.empty and state.can_save


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "enter at least one value"),
        ("es", "anota al menos un valor"),
        ("fr", "saisissez au moins une valeur"),
        ("de", "mindestens einen Wert"),
    ],
)
def test_save_on_an_empty_sheet_says_why_and_stores_nothing(tmp_path, lang, words):
    ctx, routes = context(tmp_path, lang=lang)
    template = find_game("azul")
    view = SheetView(ctx, SheetInProgress(template, new_draft(template, None, ["Ana", "Ben"])))
    root = view.build()
    assert not find(root, "save").disabled
    click(root, "save")
    assert words in find(root, "save-message").value
    assert routes == []
    assert ctx.services.history.store.list_plays().plays == ()


def test_a_refused_value_crowns_nobody(tmp_path):
    ctx, _ = context(tmp_path)
    template = find_game("azul")
    view = SheetView(ctx, SheetInProgress(template, new_draft(template, None, ["Ana", "Ben"])))
    root = view.build()
    type_into(root, "line-marker-1", "4O")
    assert not any(t.visible for t in view.trophies)
    assert find(root, "result").value == ctx.t("app.hint_board")
    type_into(root, "line-marker-2", "10")
    assert view.trophies[1].visible and not view.trophies[0].visible


@pytest.mark.parametrize(
    ("game", "key"),
    [
        ("skull-king", "app.hint_bids"),
        ("uno", "app.hint_rounds"),
        ("azul", "app.hint_board"),
        ("hanabi", "app.hint_cooperative"),
        ("7-wonders", "app.hint_lines"),
    ],
)
def test_a_blank_sheet_says_what_to_enter_for_its_kind_of_game(game, key):
    """A round game is not read off a board: each kind of game has its own words."""
    template = find_game(game)
    players = ["Ana", "Ben", "Cy"]
    model = SheetInProgress(template, new_draft(template, None, players))
    assert model.hint_key() == key
    for lang in ("en", "fr", "de", "es"):
        assert tr(key, lang) and "{" not in tr(key, lang)
