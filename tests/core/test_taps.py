"""A stepped line's + and − taps (``scorepad.sheet.taps``): the cell's sum grows as if it
were typed, stays readable, and is folded before it passes the longest sum a cell reads."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scorepad.core.numbers import MAX_LENGTH, parse_number, read_expression
from scorepad.sheet.taps import tapped


@pytest.mark.parametrize(
    ("text", "step", "after"),
    [
        ("", 5, "5"),
        ("  ", 1, "1"),
        ("", -1, "-1"),
        ("5", 1, "5+1"),
        ("5+1", 10, "5+1+10"),
        ("5+1+10", -1, "5+1+10-1"),
        ("-1", -5, "-1-5"),
        ("3×4", 5, "3×4+5"),  # typed by hand: kept as typed, the tap added after it
        ("(2+3)", 1, "(2+3)+1"),
        (" 7 ", 10, "7+10"),
        ("7,5", 1, "7,5+1"),
        ("2", Decimal("0.5"), "2+0.5"),
    ],
)
def test_a_tap_adds_its_step_at_the_end_of_the_sum(text, step, after):
    assert tapped(text, step) == after
    assert parse_number(after) == (parse_number(text) if text.strip() else 0) + step


@pytest.mark.parametrize("text", ["abc", "5+", "1,000", "3/0", "(((", "5++x"])
def test_a_cell_being_fixed_is_left_as_it_is(text):
    assert tapped(text, 5) is None


def test_a_zero_step_changes_nothing():
    assert tapped("5", 0) is None


def test_the_sum_is_folded_into_its_value_before_it_passes_the_limit():
    text = ""
    for n in range(400):  # far more taps than fit in one expression
        step = (1, 5, 10, -1)[n % 4]
        before = read_expression(text) if text else 0
        after = tapped(text, step)
        assert after is not None, (n, text)
        assert len(after) <= MAX_LENGTH, (n, after)
        assert read_expression(after) == before + step, (n, text, after)
        text = after
    assert read_expression(text) == 100 * 15
    assert text.count("+") >= 2  # still the latest additions, not one bare number


def test_a_negative_value_folds_to_a_sum_that_still_reads():
    text = "-" + "-".join(["1"] * 100)  # -100 written out, at the limit
    assert len(text) == MAX_LENGTH
    assert tapped(text, -5) == "-100-5"
