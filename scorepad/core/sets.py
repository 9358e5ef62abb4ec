"""Points from several counts together, and counts looked up in a per-kind table.

- A set rule (a game file's ``sets``) takes the counts of several count lines (7 Wonders'
  three science symbols): each line may score its count squared (``squares``), and the
  rule adds ``per_set`` for each complete set of ``size`` different kinds among them.
- A tally line looks a count up in a table whose last value holds for every larger count
  (Sushi Go's dumplings: 1, 3, 6, 10, 15 for 5 or more); left blank, it is a count of 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any, NamedTuple

from scorepad.core.i18n import Text, tr
from scorepad.core.lines import Line, Reading, read_whole, signed
from scorepad.core.numbers import Number


class TallyLine(Line):
    """A count whose points are read from ``values`` (index = count); counts past the end
    of the table score its last value."""

    kind = "tally"
    worked_out = True
    fields = MappingProxyType({"values": True, "max": False})
    __slots__ = ("max", "values")

    def __init__(
        self, *, values: tuple[Number, ...], max: int | None = None, **common: Any
    ) -> None:
        super().__init__(**common)
        self.values = values
        self.max = max

    def read(self, raw: object) -> Reading:
        count = read_whole(raw, 0, self.max)
        return self.scored(count, count, self.values[min(count, len(self.values) - 1)])

    def highest(self) -> Number | None:
        return self.max

    def empty(self) -> Reading:
        """A blank is a count of 0 and scores the table's value for 0: nothing typed on
        Agricola's sheep line is no sheep (−1 point), and no fruit icons of a type in
        Sushi Go Party! lose 2, as the rulebooks score them."""
        return self.scored(0, 0, self.values[0])

    def _default_hint(self, lang: str) -> str:
        last = len(self.values) - 1
        pairs = [f"{i} → {signed(v, lang)}" for i, v in enumerate(self.values) if i and i < last]
        pairs.append(
            tr("hint.tally_more", lang, count=last, points=signed(self.values[last], lang))
        )
        return " · ".join(pairs)


class SetRule(NamedTuple):
    """A game file's set rule: squares per kind and points per complete set."""

    key: str
    label: Text
    lines: tuple[str, ...]
    squares: bool
    per_set: Number
    size: int

    def bonus(self, counts: Sequence[int]) -> Number:
        """``per_set`` for each complete set of ``size`` different kinds. (A member line
        scores its own square as it is read: ``CountLine.squared``.)"""
        if not self.per_set:
            return 0
        if self.size == len(counts):  # one of every kind: as many sets as the fewest
            return min(counts) * self.per_set
        return complete_sets(counts, self.size) * self.per_set

    def describe(self, lang: str) -> str:
        parts = [tr("hint.set_squares", lang)] if self.squares else []
        if self.per_set:
            parts.append(
                tr("hint.set_per_set", lang, points=signed(self.per_set, lang), size=self.size)
            )
        return " · ".join(parts)


def complete_sets(counts: Sequence[int], size: int) -> int:
    """How many disjoint sets of ``size`` different kinds the counts make: the largest
    ``t`` with ``sum(min(c, t)) >= size * t`` (each kind gives at most one item a set)."""
    low, high = 0, sum(counts) // size if size else 0
    while low < high:
        middle = (low + high + 1) // 2
        if sum(min(c, middle) for c in counts) >= size * middle:
            low = middle
        else:
            high = middle - 1
    return low
