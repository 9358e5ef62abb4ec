"""What each line kind says of itself to the layers above the core: how its value is
entered, whether it is stepped with − and +, its highest entry, whether it goes below
zero, whether a set rule may count it. The sheet, the editor and the views read these
instead of testing the kind."""

from __future__ import annotations

import pytest

from scorepad.core import EntryError, load_template
from scorepad.core.sheetrules import MORE_KINDS
from scorepad.core.template import LINE_KINDS, Line

KINDS = {**LINE_KINDS, **MORE_KINDS}


def line(**spec: object) -> Line:
    """One line of a throwaway game built through the real loader."""
    spec.setdefault("key", "x")
    spec.setdefault("label", {"en": "X", "es": "X"})
    game = {
        "id": "g",
        "name": {"en": "G", "es": "G"},
        "players": {"min": 1, "max": 4},
        "lines": [spec],
    }
    return load_template(game, "test").lines[0]


def test_every_kind_says_how_its_value_is_entered():
    entered = {kind: cls.entered_as for kind, cls in KINDS.items()}
    assert entered == {
        "points": "number",
        "count": "number",
        "table": "number",
        "check": "yes_no",
        "product": "pair",
        "penalty": "number",
        "award": "number",
        "tally": "number",
    }
    assert line(kind="check", points=2).read(True).points == 2  # a yes/no is a bool
    assert (
        line(kind="product", factors=[{"label": {"en": "A", "es": "A"}}, {"label": {"en": "B"}}])
        .read([2, 3])
        .measure
        == 6
    )  # a pair, both typed


def test_stepped_kinds_are_whole_numbers_from_zero():
    assert {k for k, cls in KINDS.items() if cls.stepped} == {"count", "table", "penalty"}
    for spec in ({"kind": "count"}, {"kind": "table", "values": [0, 1]}, {"kind": "penalty"}):
        stepped = line(**spec)
        assert stepped.read(0).value == 0
        with pytest.raises(EntryError):
            stepped.read(-1)


def test_the_highest_entry_of_each_kind():
    assert line(kind="table", values=[0, 1, 3, 6]).highest() == 3
    assert line(kind="count", max=7).highest() == 7
    assert line(kind="penalty", max=4).highest() == 4
    assert line(kind="points", max=50).highest() == 50
    assert line(kind="count").highest() is None
    assert line(kind="check", points=3).highest() is None
    assert line(kind="tally", values=[0, 1, 3], max=9).highest() == 9
    assert line(kind="award", places=[6, 3], max=5).highest() == 5


def test_only_points_without_a_floor_at_zero_go_below_zero():
    assert line(kind="points").below_zero()
    assert line(kind="points", min=-10).below_zero()
    assert not line(kind="points", min=0).below_zero()
    assert not line(kind="penalty").below_zero()
    assert not line(kind="count").below_zero()
    assert not line(kind="check", points=2).below_zero()


def test_counts_of_items_and_kinds_worked_out_between_players():
    assert {k for k, cls in KINDS.items() if cls.item_count} == {"count"}
    assert {k for k, cls in KINDS.items() if cls.worked_out} == set(MORE_KINDS)
    assert {k for k, cls in KINDS.items() if cls.compared} == {"award"}
