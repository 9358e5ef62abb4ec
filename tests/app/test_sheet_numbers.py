"""The sheet in progress reads "50,5" and shows sums and problems in the language's form."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scorepad.core import find_game
from scorepad.core.i18n import tr
from scorepad.sheet.progress import SheetInProgress, new_draft, shown_value

MARKS = {"en": ".", "es": ",", "fr": ",", "de": ","}


def glass_road() -> SheetInProgress:
    template = find_game("glass-road")
    return SheetInProgress(template, new_draft(template, None, ["Ana", "Ben"]))


@pytest.mark.parametrize("lang", sorted(MARKS))
def test_a_sum_in_a_cell_shows_its_result_in_the_languages_form(lang):
    mark = MARKS[lang]
    assert shown_value("3+6,5", lang) == f"9{mark}5"
    assert shown_value("3+6.5", lang) == f"9{mark}5"
    assert shown_value("3+6", lang) == "9"
    assert shown_value("50,5", lang) == "50,5"  # a plain number stays as typed
    assert shown_value("3+,", lang) == "3+,"  # a broken sum too


@pytest.mark.parametrize("lang", sorted(MARKS))
def test_by_hand_points_take_a_decimal_comma_and_a_refusal_says_it_back(lang):
    model = glass_road()
    model.add_extra("Bonus")
    state = model.set_extra_points(0, 0, "50,5")
    assert state.problems == {}
    assert state.scored.players[0].total == Decimal("50.5")
    state = model.set_text("buildings", 1, "3+6,5")
    assert state.scored.players[1].total == 0
    state = model.set_text("buildings", 0, "50,5")  # building points are whole
    problem = state.problems[("buildings", 0, "")]
    assert problem.message(lang) == tr("entry.not_whole", lang, value=f"50{MARKS[lang]}5")
    state = model.set_text("buildings", 0, "50")
    assert state.scored.players[0].total == Decimal("100.5")
