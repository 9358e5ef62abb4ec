"""Editing a saved play refills its numbers as the person's language writes them: a half
comes back "50,5" in Spanish, French and German, "50.5" in English, and is read back to
the same number when saved again."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from ui_helpers import click, context, find, type_into

from scorepad.core.i18n import LANGS
from scorepad.ui.app import view_for
from scorepad.ui.play_model import typed

MARK = {"en": ".", "es": ",", "fr": ",", "de": ","}


def test_every_language_the_app_speaks_has_its_decimal_mark_here():
    assert set(MARK) == set(LANGS)


@pytest.mark.parametrize("lang", LANGS)
def test_a_saved_half_comes_back_in_the_languages_form(tmp_path, lang):
    ctx, routes = context(tmp_path, lang=lang)
    ctx.navigate = lambda route: routes.append(route)
    root = view_for(ctx, "/new/azul?players=Ana,Ben")
    type_into(root, "line-marker-1", "50")
    type_into(root, "new-line-label", "House rule")
    click(root, "add-line")
    type_into(root, "extra-1-1", f"2{MARK[lang]}5")
    type_into(root, "extra-1-2", "3")
    click(root, "save")
    play_id = int(routes[-1].removeprefix("/play/"))
    store = ctx.services.history.store
    assert store.get_play(play_id).sheet.players[0].total == Fraction(105, 2)
    edit = view_for(ctx, f"/play/{play_id}/edit")
    assert find(edit, "extra-1-1").value == f"2{MARK[lang]}5"
    assert find(edit, "extra-1-2").value == "3"
    assert find(edit, "line-marker-1").value == "50"
    assert find(edit, "total-1").value == f"52{MARK[lang]}5"
    type_into(edit, "line-marker-1", "51")
    click(edit, "save")
    again = store.get_play(play_id).sheet.players[0]
    assert again.total == Fraction(107, 2)
    assert again.extra[0].points == Fraction(5, 2)


def test_typed_keeps_a_sum_as_typed_and_leaves_zero_blank():
    assert typed("3+6,5", "en") == "3+6,5"
    assert typed(0, "es") == "" and typed(None, "de") == ""
    assert typed(Decimal("50.5"), "es") == "50,5"
    assert typed(Decimal("50.5"), "en") == "50.5"
    assert typed(-7, "fr") == "-7"
