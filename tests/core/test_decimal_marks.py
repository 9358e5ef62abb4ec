"""Numbers typed with the decimal mark of the person's language, and numbers in messages
written in that language's form, in every language the app has."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scorepad.core import EntryError, find_game
from scorepad.core.i18n import decimal_mark, tr
from scorepad.core.numbers import parse_number, plain_number, read_expression
from scorepad.core.template import PointsLine

MARKS = {"en": ".", "es": ",", "fr": ",", "de": ","}
HALVES = PointsLine(key="by_hand", label={"en": "by hand"}, halves=True)


def test_the_languages_marks_are_the_ones_expected():
    assert {lang: decimal_mark(lang) for lang in MARKS} == MARKS


@pytest.mark.parametrize("typed", ["50,5", "50.5", " 50,5 ", "49+1,5", "(101,0)/2", "50,5×1"])
def test_a_half_is_read_with_a_comma_or_a_point(typed):
    """Reading does not depend on the language: a point always, and the comma of es, fr
    and de (a comma means nothing else in a number or a sum)."""
    assert read_expression(typed) == Decimal("50.5")
    assert HALVES.read(read_expression(typed)).points == Decimal("50.5")


@pytest.mark.parametrize("lang", sorted(MARKS))
def test_a_refused_half_is_quoted_in_the_languages_form(lang):
    buildings = find_game("glass-road").line("buildings")  # whole points only
    with pytest.raises(EntryError) as refused:
        buildings.read(parse_number("50,5"))
    mark = MARKS[lang]
    message = refused.value.message(lang)
    assert message == tr("entry.not_whole", lang, value=f"50{mark}5")
    assert f"50{mark}5" in message
    if mark == ",":
        assert "50.5" not in message


@pytest.mark.parametrize("lang", sorted(MARKS))
def test_a_division_that_is_not_exact_names_its_numbers_in_the_languages_form(lang):
    with pytest.raises(EntryError) as refused:
        read_expression("7,5/2")
    message = refused.value.message(lang)
    mark = MARKS[lang]
    assert message == tr("expr.not_exact", lang, value='"7,5/2"', a=f"7{mark}5", b="2")


@pytest.mark.parametrize(
    "typed", ["1,5,5", "1,,5", "3+6,5,2", "1.5,5", ",", "3+,", "(1,5)(2)", "1 ,5"]
)
def test_a_comma_is_only_ever_a_decimal_mark(typed):
    """No list syntax: a second mark, a lone mark or a mark after a space is refused."""
    assert parse_number(typed) is None
    with pytest.raises(EntryError):
        read_expression(typed)


def test_sums_keep_working_with_either_mark():
    assert read_expression("3+6,5") == read_expression("3+6.5") == Decimal("9.5")
    assert read_expression("0,5+0,5") == 1
    assert read_expression("−2,5+3") == Decimal("0.5")


@pytest.mark.parametrize("text", ["1,000", "12,500", "-1,000", "3+1,000"])
def test_a_comma_before_three_digits_is_refused_as_ambiguous(text):
    """ "1,000" is a thousand in English and one in Spanish: never read one way silently,
    in any language; the message says how to write either."""
    with pytest.raises(EntryError) as refused:
        read_expression(text)
    assert refused.value.key == "entry.ambiguous_comma"
    assert "1000" in refused.value.message("en") or "12500" in refused.value.message("en")
    assert "se puede leer de dos maneras" in refused.value.message("es")
    assert plain_number(text) is None
