"""Sums typed into a cell: a table of expressions and what each gives, properties of the
parser, and the command line's answer to a broken one."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorepad.cli import main
from scorepad.core import EntryError, score_sheet_text
from scorepad.core.numbers import (
    LIMIT,
    MAX_LENGTH,
    looks_like_sum,
    parse_number,
    read_expression,
)

CASES = json.loads((Path(__file__).parent / "expressions.json").read_text("utf-8"))
for case in CASES:
    if case["text"] == "LONG":
        case["text"] = "+".join(["1"] * 10_000)


@pytest.mark.parametrize("case", CASES, ids=[c["text"][:30] for c in CASES])
def test_expression_table(case):
    if "value" in case:
        expected = Decimal(str(case["value"]))
        value = read_expression(case["text"])
        assert value == expected
        assert type(value) is (int if expected == expected.to_integral_value() else Decimal)
        assert parse_number(case["text"]) == expected
    else:
        with pytest.raises(EntryError) as problem:
            read_expression(case["text"])
        assert problem.value.key == case["error"]
        assert parse_number(case["text"]) is None


@pytest.mark.parametrize("lang", ["en", "es", "fr", "de"])
def test_every_expression_error_reads_in_every_language(lang):
    for case in CASES:
        if "error" in case:
            with pytest.raises(EntryError) as problem:
                read_expression(case["text"])
            assert problem.value.message(lang)


small = st.integers(min_value=-(10**6), max_value=10**6)


@given(st.lists(small, min_size=1, max_size=20))
def test_a_sum_of_whole_numbers_is_their_sum(numbers):
    text = "+".join(str(n) if n >= 0 else f"({n})" for n in numbers)
    assert read_expression(text) == sum(numbers)


@given(st.lists(st.tuples(st.sampled_from(["+", "-", "*", "×"]), small), max_size=8), small)
def test_any_expression_of_whole_numbers_equals_python_arithmetic(rest, first):
    text = str(first) + "".join(f" {op} ({n})" for op, n in rest)
    expected = _python_value(text.replace("×", "*"))
    if abs(expected) > LIMIT or _any_partial_past_limit(first, rest):
        with pytest.raises(EntryError):
            read_expression(text)
    else:
        assert read_expression(text) == expected


def _python_value(text):
    # an oracle for the test only: the expression is built above from integers and operators
    terms = [[int(text.split(" ")[0])]]
    ops = []
    parts = text.split(" ")[1:]
    for op, number in zip(parts[::2], parts[1::2], strict=True):
        n = int(number.strip("()"))
        if op == "*":
            terms[-1].append(n)
        else:
            ops.append(op)
            terms.append([n])
    values = []
    for term in terms:
        product = 1
        for n in term:
            product *= n
        values.append(product)
    total = values[0]
    for op, value in zip(ops, values[1:], strict=True):
        total = total + value if op == "+" else total - value
    return total


def _any_partial_past_limit(first, rest):
    """Whether a partial product or sum, as the parser meets it, passes the bound."""
    terms = [first]
    partial_sums = []
    ops = []
    for op, n in rest:
        if op in ("*", "×"):
            terms[-1] *= n
            if abs(terms[-1]) > LIMIT:
                return True
        else:
            ops.append(op)
            terms.append(n)
    total = terms[0]
    for op, value in zip(ops, terms[1:], strict=True):
        total = total + value if op == "+" else total - value
        partial_sums.append(total)
    return any(abs(t) > LIMIT for t in partial_sums)


@given(st.text(max_size=MAX_LENGTH + 20))
def test_any_text_gives_a_number_or_an_entry_error(text):
    try:
        value = read_expression(text)
    except EntryError:
        return
    assert isinstance(value, int | Decimal)


@given(st.text(alphabet="0123456789+-*/()×÷ .,", max_size=60))
def test_any_text_of_a_sums_characters_is_exact(text):
    try:
        value = read_expression(text)
    except EntryError:
        return
    assert isinstance(value, int | Decimal)
    if looks_like_sum(text):  # a plain number is bounded by the line that reads it
        assert abs(value) <= LIMIT


def test_a_sheet_takes_sums_where_numbers_go():
    sheet = {
        "game": "azul-sintra",
        "variant": "B",
        "players": [
            {"name": "Ana", "lines": {"marker": "50+8", "windows": ["1+1", 3]}},
            {"name": "Ben", "lines": {"marker": "(30+6)*2", "glass_left": "2×3"}},
        ],
    }
    scored = score_sheet_text(json.dumps(sheet), "sums.json")
    ana, ben = scored.players
    assert ana.entries["marker"] == 58 and ana.entries["windows"] == (2, 3)
    assert ben.entries["marker"] == 72 and ben.entries["glass_left"] == 6


def test_cli_names_player_and_line_of_a_broken_sum(capsys, tmp_path, monkeypatch):
    monkeypatch.delenv("SCOREPAD_DB", raising=False)
    sheet = tmp_path / "broken.json"
    sheet.write_text(
        json.dumps(
            {"game": "azul", "players": [{"name": "Ana"}, {"name": "Ben", "lines": {"rows": "2+"}}]}
        ),
        "utf-8",
    )
    with pytest.raises(SystemExit) as exit_info:
        main(["score", str(sheet), "--lang", "en"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err == (
        'scorepad: Ben, line "rows" (Complete horizontal rows): "2+" is not a number or a sum'
        " such as 3+6+2\n"
    )
    with pytest.raises(SystemExit):
        main(["score", str(sheet), "--lang", "de"])
    assert "ist weder eine Zahl noch eine Summe" in capsys.readouterr().err
