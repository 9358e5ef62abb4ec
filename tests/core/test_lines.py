"""Each line kind on its own: what it accepts, what it is worth, what it refuses."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scorepad.core import EntryError, load_template
from scorepad.core.template import Line


def line(**spec) -> Line:
    """One line of a throwaway game built through the real loader."""
    spec.setdefault("key", "x")
    spec.setdefault("label", {"en": "X", "es": "X"})
    game = {
        "id": "g",
        "name": {"en": "G", "es": "G"},
        "players": {"min": 1, "max": 4},
        "lines": [spec],
    }
    if spec.get("counts") is False:
        game["lines"].append({"key": "y", "kind": "points", "label": {"en": "Y", "es": "Y"}})
    return load_template(game, "test").lines[0]


def test_points_as_entered_with_optional_bounds_and_negatives():
    free = line(kind="points")
    assert free.read(-7).points == -7
    assert free.read(Decimal("12.0")).points == 12
    bounded = line(kind="points", min=0, max=100)
    assert bounded.read(100).points == 100
    with pytest.raises(EntryError, match="below the minimum, 0"):
        bounded.read(-1)
    with pytest.raises(EntryError, match="above the maximum, 100"):
        bounded.read(101)
    with pytest.raises(EntryError, match="not a whole number"):
        free.read(Decimal("2.5"))
    halves = line(kind="points", halves=True)
    assert halves.read(Decimal("2.5")).points == Decimal("2.5")
    with pytest.raises(EntryError, match="not a whole number or a half"):
        halves.read(Decimal("2.25"))


def test_count_times_per_every_and_max():
    times = line(kind="count", per=7, max=5)
    assert [times.read(n).points for n in range(6)] == [0, 7, 14, 21, 28, 35]
    with pytest.raises(EntryError, match="above the maximum, 5"):
        times.read(6)
    with pytest.raises(EntryError, match="below the minimum, 0"):
        times.read(-1)
    every = line(kind="count", per=1, every=3)
    assert [every.read(n).points for n in (0, 2, 3, 5, 6, 8, 9)] == [0, 0, 1, 1, 2, 2, 3]
    negative = line(kind="count", per=-1)
    assert negative.read(4).points == -4
    assert negative.read(4).measure == 4


def test_count_with_rates_chosen_per_entry():
    rated = line(
        kind="count",
        rates=[
            {"id": "start", "per": 0.5, "label": {"en": "start", "es": "inicial"}},
            {"id": "upgraded", "per": 1, "label": {"en": "upgraded", "es": "mejorado"}},
        ],
    )
    assert rated.read({"count": 3, "rate": "start"}).points == Decimal("1.5")
    assert rated.read({"count": 3, "rate": "upgraded"}).points == 3
    assert rated.read(3).points == Decimal("1.5"), "a bare count takes the first rate"
    assert rated.read({"count": 3}).value == {"count": 3, "rate": "start"}
    with pytest.raises(EntryError, match='unknown rate "gold"'):
        rated.read({"count": 1, "rate": "gold"})
    with pytest.raises(EntryError, match="not a count with a rate"):
        rated.read({"count": 1, "rate": "start", "extra": 1})


def test_table_looks_up_values():
    table = line(kind="table", values=[0, 0, 3, 6, 10])
    assert [table.read(n).points for n in range(5)] == [0, 0, 3, 6, 10]
    with pytest.raises(EntryError, match="above the maximum, 4"):
        table.read(5)


def test_check_is_yes_or_no():
    star = line(kind="check", points=20)
    assert star.read(True).points == 20
    assert star.read(False).points == 0
    assert star.read(True).measure == 1
    for bad in (1, "yes", None, [True]):
        with pytest.raises(EntryError, match="not yes or no"):
            star.read(bad)


def test_product_of_two_whole_numbers():
    product = line(
        kind="product",
        factors=[
            {"label": {"en": "windows", "es": "ventanas"}, "max": 8},
            {"label": {"en": "pieces", "es": "piezas"}},
        ],
    )
    assert product.read([4, 5]).points == 20
    assert product.read((0, 9)).points == 0
    assert product.read([3, 3]).value == (3, 3)
    with pytest.raises(EntryError, match="windows: 9 is above the maximum, 8"):
        product.read([9, 1])
    with pytest.raises(EntryError, match="not a pair"):
        product.read([1])
    assert product.empty().points == 0


def test_a_product_with_both_factors_wrong_names_both_at_once():
    product = line(
        kind="product",
        factors=[
            {"label": {"en": "windows", "es": "ventanas"}, "max": 8},
            {"label": {"en": "pieces", "es": "piezas"}, "max": 16},
        ],
    )
    with pytest.raises(EntryError) as caught:
        product.read([9, "x"])
    both = caught.value
    assert str(both) == 'windows: 9 is above the maximum, 8; pieces: "x" is not a number'
    assert both.message("es") == (
        'ventanas: 9 está por encima del máximo, 8; piezas: "x" no es un número'
    )
    first, second = both.fields["first"], both.fields["second"]
    assert (first.fields["factor"], second.fields["factor"]) == (
        product.factors[0].label,
        product.factors[1].label,
    )
    with pytest.raises(EntryError) as caught:  # one factor wrong: that one alone, as before
        product.read([2, 17])
    assert str(caught.value) == "pieces: 17 is above the maximum, 16"


def test_penalty_is_subtracted():
    penalty = line(kind="penalty", max=17)
    assert penalty.read(5).points == -5
    assert penalty.read(5).measure == 5
    with pytest.raises(EntryError, match="below the minimum, 0"):
        penalty.read(-5)
    with pytest.raises(EntryError, match="above the maximum, 17"):
        penalty.read(18)


def test_a_line_that_does_not_count_only_feeds_tiebreakers():
    resets = line(kind="count", counts=False)
    reading = resets.read(2)
    assert reading.points == 0
    assert reading.measure == 2
    assert reading.counts is False
    assert resets.describe("en") == "not added: only breaks ties"


def test_readings_are_remembered_but_never_confuse_true_with_1():
    count = line(kind="count", per=2)
    assert count.reading(1) is count.reading(1)
    with pytest.raises(EntryError, match="true is not a number"):
        count.reading(True)
    check = line(kind="check", points=3)
    assert check.reading(True).points == 3
    with pytest.raises(EntryError):
        check.reading(1)


def test_remembered_readings_of_pairs_and_yes_no_are_shared_but_rated_counts_are_not():
    check = line(kind="check", points=3)
    assert check.reading(True) is check.reading(True)
    assert check.reading(False).points == 0
    product = line(kind="product", factors=[{"label": {"en": "a", "es": "a"}}] * 2)
    assert product.reading([2, 3]) is product.reading((2, 3))
    assert product.reading([2, 3]).value == (2, 3)
    with pytest.raises(EntryError, match="true is not a number"):
        product.reading([True, 3])  # True is not 1 here either
    rates = [
        {"id": "start", "per": 0.5, "label": {"en": "start", "es": "inicial"}},
        {"id": "upgraded", "per": 1, "label": {"en": "upgraded", "es": "mejorado"}},
    ]
    rated = line(kind="count", max=9, rates=rates)
    first = rated.reading({"count": 3, "rate": "start"})
    first.value["count"] = 99  # a caller changing its copy changes nobody else's
    again = rated.reading({"count": 3, "rate": "start"})
    assert again.value == {"count": 3, "rate": "start"}
    assert again.points == Decimal("1.5")
    assert rated.reading({"count": 3, "rate": "upgraded"}).points == 3
    with pytest.raises(EntryError, match="true is not a number"):
        rated.reading({"count": True, "rate": "upgraded"})
    with pytest.raises(EntryError, match="above the maximum, 9"):
        rated.reading({"count": 10, "rate": "start"})


def test_default_hints_come_from_the_data():
    assert line(kind="count", per=7).describe("en") == "× 7"
    assert line(kind="count", per=-1).describe("es") == "−1 cada uno"
    assert line(kind="count", per=1, every=3).describe("en") == "1 per 3"
    assert line(kind="table", values=[0, 0, 3, 6, 10]).describe("en") == "4 → 10 · 3 → 6 · 2 → 3"
    assert line(kind="check", points=12).describe("es") == "12 si se logra"
    assert line(kind="penalty").describe("en") == "subtracted"
