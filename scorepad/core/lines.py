"""A sheet's lines: what a player enters on each line kind and what it is worth.

Each line kind reads one player's raw entry (a JSON-like value: number, bool, pair, or
``{"count", "rate"}``) into a ``Reading``: the entry as it should be stored, the measure
tie-breakers weigh, and the points it adds. Also the small values a game is made of
(tie-breakers, variants). The game itself, ``GameTemplate``, is in ``template``; this
module imports nothing of the core's rules, rounds or results, which build on it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, TypeGuard, cast

from scorepad.core.errors import EntryError, quote
from scorepad.core.i18n import DEFAULT_LANG, Text, decimal_mark, pick, tr
from scorepad.core.numbers import (
    LIMIT,
    Number,
    as_number,
    format_points,
    is_half_multiple,
    normalize,
    read_expression,
)

if TYPE_CHECKING:
    from typing import ClassVar

Wins = Literal["highest", "lowest"]
TiePlan = tuple[tuple[int, tuple[tuple[str, "Number"], ...]], ...]
RoundPlan = tuple[tuple["Line", "tuple[Number, Number, int] | None", "tuple[int, ...] | None"], ...]
"""Each per-round line of a variant with its ``Line.whole_range`` and, for a line without
one, its ``Line.whole_table``."""
MEMO_SIZE = 256
TABLE_SIZE = 64
"""The most whole numbers a line's ``whole_table`` holds (0 … 63): counts of cards."""
_IMMUTABLE = frozenset({int, bool, tuple, type(None)})
"""Stored forms that a remembered reading may share: never a dict (a rated count)."""
Prefer = Literal["more", "fewer"]
Entered = Literal["number", "yes_no", "pair"]
"""How a player gives a line's value (``Line.entered_as``)."""


class Reading(NamedTuple):
    """One player's entry on one line, read and scored."""

    value: object
    """The entry in its stored form (what a sheet file would hold)."""
    measure: Number
    """What tie-breakers weigh: the count, the amount, 1/0 for yes/no, a product's result."""
    points: Number
    """What the line adds to the total (0 when the line only feeds a tie-breaker)."""
    counts: bool = True
    """False for a line that is not added to the total."""


new_reading = cast("Callable[[Iterable[object]], Reading]", partial(tuple.__new__, Reading))
"""A Reading from its fields, as ``Reading._make`` makes it, without a call in Python
(the round table reads thousands of them per second)."""


def read_whole(raw: object, low: Number | None, high: Number | None) -> int:
    """A whole number within ``low``..``high``, or an ``EntryError`` saying what is wrong."""
    value = read_number(raw)
    if not isinstance(value, int):
        raise EntryError("entry.not_whole", value=quote(raw))
    _check_bounds(value, low, high)
    return value


def read_number(raw: object) -> Number:
    """An exact number of a sensible size, or an ``EntryError``. Text is read as a typed
    number or a sum ("50+8", "(30+6)*2", "7×7": ``read_expression``)."""
    value = read_expression(raw) if isinstance(raw, str) else as_number(raw)
    if value is None:
        raise EntryError("entry.not_number", value=quote(raw))
    if not -LIMIT <= value <= LIMIT:
        raise EntryError("entry.too_large", value=quote(raw))
    return value


def _bounded(points: Number, raw: object) -> Number:
    """Points worked out from an entry (a count times its worth, a product), refused when
    they pass what any sheet could hold."""
    if not -LIMIT <= points <= LIMIT:
        raise EntryError("entry.too_large", value=quote(raw))
    return points


def _check_bounds(value: Number, low: Number | None, high: Number | None) -> None:
    if low is not None and value < low:
        raise EntryError("entry.below_min", value=format_points(value), limit=format_points(low))
    if high is not None and value > high:
        raise EntryError("entry.above_max", value=format_points(value), limit=format_points(high))


class Line:
    """A row of the sheet. Subclasses say what a player enters and what it is worth.

    Lines are built once by the loader and shared by every sheet of their game: treat
    them as read-only. (Plain slotted classes rather than dataclasses: creating a dozen
    dataclasses would triple the import time of the core.)
    """

    kind: ClassVar[str]
    fields: ClassVar[Mapping[str, bool]]
    """The game file's fields of this kind beyond every line's own (name → required),
    in the order the Custom games editor asks for them: the one statement of the schema,
    read by the loader and the editor."""
    worked_out: ClassVar[bool] = False
    """The points are worked out from the quantity entered (a table, a comparison between
    players), not entered: sheets show the quantity beside them (an award, a tally)."""
    compared: ClassVar[bool] = False
    """The points come from comparing every player's entry (an award)."""
    entered_as: ClassVar[Entered] = "number"
    """How a player gives the value: a typed ``"number"`` (points, a count, an amount;
    a sum as typed), a ticked ``"yes_no"``, or a ``"pair"`` of typed whole numbers (a
    product's two factors). Sheets keep and show each in its own kind of cell."""
    stepped: ClassVar[bool] = False
    """The entry is a whole number from 0 (a count, a table's row, a penalty): sheets
    offer − and + beside it."""
    item_count: ClassVar[bool] = False
    """The entry is a count of items: a set rule may group such a line (one without
    rates, filled in once)."""
    __slots__ = ("_memo", "counts", "hint", "key", "label", "per_round", "steps", "variants")

    def __init__(
        self,
        *,
        key: str,
        label: Text,
        hint: Text | None = None,
        counts: bool = True,
        variants: frozenset[str] | None = None,
        per_round: bool = False,
        steps: tuple[Number, ...] = (),
    ) -> None:
        self.key = key
        self.steps = steps
        """A points line's ``steps`` (a quick game's 1, 5 and 10): amounts the sheet offers
        as + and − buttons, each tap adding one to the cell's sum; empty: none."""
        self.per_round = per_round
        """True for a line filled once per round of a round game: its entry is a list."""
        self.label = label
        self.hint = hint
        self.counts = counts
        """False for a line that only feeds a tie-breaker (Sintra's broken-glass resets)."""
        self.variants = variants
        """The variants this line belongs to; None means every variant."""
        self._memo: dict[object, Reading] = {}
        """Readings of entries seen before, reused (see ``reading``): a sheet mostly sees
        the same few counts, so this skips re-validating them."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(key={self.key!r})"

    def reading(self, raw: object) -> Reading:
        """``read`` with entries seen before answered from memory.

        Only entries made of immutable parts are remembered (blanks, whole numbers, yes/no,
        pairs of whole numbers), and only readings whose stored form is immutable too: a
        remembered reading is shared by every sheet that meets the same entry. Entries
        other than whole numbers and blanks are remembered under a key that names their
        kind, so that True never finds 1's reading (True == 1 in Python).
        """
        kind = type(raw)
        if kind is int or raw is None:
            key: object = raw
        elif kind is bool:
            key = (bool, raw)
        elif (kind is list or kind is tuple) and len(pair := cast(Sequence[object], raw)) == 2:
            if type(pair[0]) is not int or type(pair[1]) is not int:
                return self.read(raw)
            key = (tuple, pair[0], pair[1])
        else:
            return self.read(raw)
        memo = self._memo
        found = memo.get(key)
        if found is None:
            found = self.empty() if raw is None else self.read(raw)
            if len(memo) < MEMO_SIZE and type(found.value) in _IMMUTABLE:
                memo[key] = found
        return found

    def read(self, raw: object) -> Reading:
        raise NotImplementedError

    def highest(self) -> Number | None:
        """The highest entry the line takes (None: no bound of its own)."""
        return None

    def below_zero(self) -> bool:
        """An entry may be below zero (points without a floor at zero)."""
        return False

    def whole_range(self) -> tuple[Number, Number, int] | None:
        """(low, high, sign) when this line reads any whole number ``v`` from ``low`` to
        ``high`` as ``scored(v, v, sign * v)``, storing ``v`` itself: the fast path of a
        list of whole numbers per round, checked with ``min`` and ``max``. None for lines
        that read whole numbers otherwise (a table, a worth per item, a rate)."""
        return None

    def whole_table(self) -> tuple[int, ...] | None:
        """The points of the whole numbers 0, 1, … that this line reads as
        ``scored(v, v, points)``, storing ``v`` itself, with whole points (Sushi Go's
        tempura pairs, dumplings): the fast path of a list of small counts per round,
        looked up rather than read one by one. Worked out by reading each number, so it
        says what ``read`` says; it ends before the first number ``read`` refuses (the
        line's max) or at ``TABLE_SIZE``. None when 0 is not read so (a rate, a pair,
        yes/no)."""
        found: list[int] = []
        for count in range(TABLE_SIZE):
            try:
                reading = self.read(count)
            except EntryError:
                break
            value, points = reading.value, reading.points
            if type(value) is not int or value != count or reading.measure != count:
                return None
            if type(points) is not int:
                return None
            found.append(points)
        return tuple(found) or None

    def empty(self) -> Reading:
        """A line left blank counts as 0 (docs/sheet-files.md), even where 0 could not be
        entered. (A tally line's blank is a count of 0, scored by its table: ``TallyLine``.)"""
        return self.scored(0, 0, 0)

    def scored(self, value: object, measure: Number, points: Number) -> Reading:
        if self.counts:
            return Reading(value, measure, points)
        return Reading(value, measure, 0, False)

    def describe(self, lang: str) -> str:
        """How the line scores, in a few words (the file's hint, else one made from data)."""
        text = pick(self.hint, lang) if self.hint is not None else self._default_hint(lang)
        return text if self.counts else tr("hint.not_counted", lang)

    def _default_hint(self, lang: str) -> str:
        raise NotImplementedError


class PointsLine(Line):
    """Points typed in as read off a track or a board."""

    kind = "points"
    fields = MappingProxyType({"min": False, "max": False, "halves": False})
    __slots__ = ("halves", "max", "min")

    def __init__(
        self,
        *,
        min: Number | None = None,
        max: Number | None = None,
        halves: bool = False,
        **common: Any,
    ) -> None:
        super().__init__(**common)
        self.min = min
        self.max = max
        self.halves = halves

    def read(self, raw: object) -> Reading:
        value = read_number(raw)
        if not isinstance(value, int) and not (self.halves and is_half_multiple(value)):
            key = "entry.not_half" if self.halves else "entry.not_whole"
            raise EntryError(key, value=quote(raw))
        _check_bounds(value, self.min, self.max)
        return self.scored(value, value, value)

    def highest(self) -> Number | None:
        return self.max

    def below_zero(self) -> bool:
        return self.min is None or self.min < 0

    def whole_range(self) -> tuple[Number, Number, int] | None:
        low = -LIMIT if self.min is None else max(self.min, -LIMIT)
        high = LIMIT if self.max is None else min(self.max, LIMIT)
        return low, high, 1

    def _default_hint(self, lang: str) -> str:
        return tr("hint.points", lang)


class Rate(NamedTuple):
    """One of the values a counted item can be worth, chosen per player."""

    id: str
    per: Number
    label: Text


class CountLine(Line):
    """A count of items, each worth ``per`` (or ``per`` for every ``every`` items)."""

    kind = "count"
    stepped = True
    item_count = True
    fields = MappingProxyType({"per": False, "every": False, "max": False, "rates": False})
    __slots__ = ("_rated", "every", "max", "per", "rate_required", "rates", "squared")

    def __init__(
        self,
        *,
        per: Number = 1,
        every: int = 1,
        max: int | None = None,
        rates: tuple[Rate, ...] = (),
        rate_required: bool = False,
        **common: Any,
    ) -> None:
        super().__init__(**common)
        self.per = per
        self.every = every
        self.max = max
        self.rates = rates
        self.rate_required = rate_required
        """True when a count above 0 must say its rate (a game file's ``rates_required``):
        the first rate is then no default."""
        self.squared = False
        """True for a line of a set rule that scores its count squared (7 Wonders' science
        symbols: ``sets.SetRule``); the loader sets it."""
        self._rated: dict[tuple[int, str], tuple[Number, Number, bool]] = {}
        """(measure, points, counts) of each count and rate seen before. The reading
        itself cannot be shared, as its stored form is a dict: each gets a new one."""

    def read(self, raw: object) -> Reading:
        if not self.rates:
            count = read_whole(raw, 0, self.max)
            return self.scored(count, count, self._worth(count, self.per))
        if isinstance(raw, dict):
            if len(raw) == 2:
                given, rate_id = raw.get("count"), raw.get("rate")
                if type(given) is int and type(rate_id) is str:
                    known = self._rated.get((given, rate_id))
                    if known is not None:
                        return Reading({"count": given, "rate": rate_id}, *known)
            if set(raw) - {"count", "rate"} or "count" not in raw:
                example = self.rates[min(1, len(self.rates) - 1)].id
                raise EntryError("entry.not_rated", value=quote(raw), rate=example)
            count = read_whole(raw["count"], 0, self.max)
            if "rate" not in raw:
                self._rate_given(count)
            rate = self.rate(raw.get("rate", self.rates[0].id))
        else:
            count = read_whole(raw, 0, self.max)
            self._rate_given(count)
            rate = self.rates[0]
        found = self.scored({"count": count, "rate": rate.id}, count, self._worth(count, rate.per))
        if len(self._rated) < MEMO_SIZE:
            self._rated[(count, rate.id)] = found[1:]
        return found

    def highest(self) -> Number | None:
        return self.max

    def whole_range(self) -> tuple[Number, Number, int] | None:
        if self.rates or self.every != 1 or type(self.per) is not int or self.per != 1:
            return None
        if self.squared:
            return None
        return 0, LIMIT if self.max is None else min(self.max, LIMIT), 1

    def empty(self) -> Reading:
        if self.rates:
            return self.scored({"count": 0, "rate": self.rates[0].id}, 0, 0)
        return self.scored(0, 0, 0)

    def _rate_given(self, count: int) -> None:
        if self.rate_required and count:
            choices = ", ".join([quote(r.id) for r in self.rates])
            raise EntryError("entry.no_rate", value=count, choices=choices)

    def rate(self, rate_id: object) -> Rate:
        for rate in self.rates:
            if rate.id == rate_id:
                return rate
        choices = ", ".join([quote(r.id) for r in self.rates])
        raise EntryError("entry.unknown_rate", value=quote(rate_id), choices=choices)

    def _worth(self, count: int, per: Number) -> Number:
        if self.squared:
            return _bounded(count * count, count)
        units = count // self.every if self.every != 1 else count
        return _bounded(normalize(units * per), count)

    def _default_hint(self, lang: str) -> str:
        if self.squared:
            return tr("hint.set_squares", lang)
        if self.rates:
            parts = [f"{pick(r.label, lang)}: {_each(r.per, lang)}" for r in self.rates]
            return " · ".join(parts)
        if self.every != 1:
            return tr("hint.every", lang, per=signed(self.per, lang), every=self.every)
        return _each(self.per, lang)


def _each(per: Number, lang: str) -> str:
    if per < 0 or not isinstance(normalize(per), int):
        return tr("hint.each", lang, per=signed(per, lang))
    return tr("hint.times", lang, per=signed(per, lang))


def signed(value: Number, lang: str = DEFAULT_LANG) -> str:
    """Points as printed on a sheet: a true minus sign for negatives, and the language's
    decimal mark ("½" as "0,5" in Spanish, French and German)."""
    text = format_points(value).replace(".", decimal_mark(lang))
    return "\u2212" + text[1:] if text.startswith("-") else text


class TableLine(Line):
    """A whole number 0..n looked up in a list of points (Sintra's ornaments)."""

    kind = "table"
    stepped = True
    fields = MappingProxyType({"values": True})
    __slots__ = ("values",)

    def __init__(self, *, values: tuple[Number, ...], **common: Any) -> None:
        super().__init__(**common)
        self.values = values

    def read(self, raw: object) -> Reading:
        index = read_whole(raw, 0, len(self.values) - 1)
        return self.scored(index, index, self.values[index])

    def highest(self) -> Number | None:
        return len(self.values) - 1

    def _default_hint(self, lang: str) -> str:
        pairs = [
            f"{i} → {signed(v, lang)}" for i, v in reversed(list(enumerate(self.values))) if v != 0
        ]
        return " · ".join(pairs) if pairs else "0"


class CheckLine(Line):
    """Yes or no, worth fixed points when yes (Summer Pavilion's stars)."""

    kind = "check"
    entered_as = "yes_no"
    fields = MappingProxyType({"points": True})
    __slots__ = ("points",)

    def __init__(self, *, points: Number, **common: Any) -> None:
        super().__init__(**common)
        self.points = points

    def read(self, raw: object) -> Reading:
        if raw is True:
            return self.scored(True, 1, self.points)
        if raw is False:
            return self.scored(False, 0, 0)
        raise EntryError("entry.not_yes_no", value=quote(raw))

    def empty(self) -> Reading:
        return self.scored(False, 0, 0)

    def _default_hint(self, lang: str) -> str:
        return tr("hint.check", lang, points=signed(self.points, lang))


class Factor(NamedTuple):
    """One of the two numbers of a product line."""

    label: Text
    max: int | None = None


class ProductLine(Line):
    """Two whole numbers whose product (times ``per``) is the line's points (Sintra B)."""

    kind = "product"
    entered_as = "pair"
    fields = MappingProxyType({"per": False, "factors": True})
    __slots__ = ("factors", "per")

    def __init__(self, *, factors: tuple[Factor, Factor], per: Number = 1, **common: Any) -> None:
        super().__init__(**common)
        self.factors = factors
        self.per = per

    def read(self, raw: object) -> Reading:
        if not isinstance(raw, list | tuple) or len(raw) != 2:
            raise EntryError("entry.not_pair", value=quote(raw))
        pair: list[int] = []
        wrong: list[EntryError] = []  # every factor's problem, not the first one's alone
        for factor, item in zip(self.factors, raw, strict=True):
            try:
                pair.append(read_whole(item, 0, factor.max))
            except EntryError as problem:
                wrong.append(EntryError("entry.factor", factor=factor.label, problem=problem))
        if len(wrong) == 2:
            raise EntryError("entry.factors", first=wrong[0], second=wrong[1])
        if wrong:
            raise wrong[0]
        product = _bounded(pair[0] * pair[1], raw)
        return self.scored(
            (pair[0], pair[1]), product, _bounded(normalize(product * self.per), raw)
        )

    def empty(self) -> Reading:
        return self.scored((0, 0), 0, 0)

    def _default_hint(self, lang: str) -> str:
        a, b = (pick(f.label, lang) for f in self.factors)
        return tr("hint.product", lang, a=a, b=b)


class PenaltyLine(Line):
    """An amount of at least 0 that is subtracted (Sintra's broken glass)."""

    kind = "penalty"
    stepped = True
    fields = MappingProxyType({"max": False})
    __slots__ = ("max",)

    def __init__(self, *, max: int | None = None, **common: Any) -> None:
        super().__init__(**common)
        self.max = max

    def read(self, raw: object) -> Reading:
        value = read_whole(raw, 0, self.max)
        return self.scored(value, value, -value)

    def highest(self) -> Number | None:
        return self.max

    def whole_range(self) -> tuple[Number, Number, int] | None:
        return 0, LIMIT if self.max is None else min(self.max, LIMIT), -1

    def _default_hint(self, lang: str) -> str:
        return tr("hint.penalty", lang)


def worked_from_entry(line: Line) -> bool:
    """What is entered on ``line`` is not the points it adds (a count times its worth or
    squared, a table, a product, a rate, a penalty): a sheet shows the points beside the
    entry. False for points and plain counts (the entry is the points), yes/no lines, an
    award (its points depend on the other players: ``AwardLine``) and a line not added
    to the total."""
    if not line.counts or line.kind in ("check", "award"):
        return False
    found = line.whole_range()
    return found is None or found[2] != 1


def is_rated(line: Line) -> TypeGuard[CountLine]:
    """A count whose items' worth each player chooses from the line's rates (Glass Road):
    its entry is a count with a rate, not a bare number."""
    return isinstance(line, CountLine) and bool(line.rates)


LINE_KINDS: dict[str, type[Line]] = {
    cls.kind: cls for cls in (PointsLine, CountLine, TableLine, CheckLine, ProductLine, PenaltyLine)
}


class Tiebreaker(NamedTuple):
    """Compares a weighted sum of entered values, preferring more or fewer."""

    label: Text
    prefer: Prefer
    terms: tuple[tuple[str, Number], ...]
    rounds_won: bool = False
    """A round game's "most rounds won": the number of rounds in which the player's round
    score was the best at the table (highest, or lowest where the lowest total wins;
    a round shared by several best scores counts for each)."""


class Variant(NamedTuple):
    id: str
    label: Text
    players: tuple[int, int] | None = None
    """The fewest and most players of this variant, when fewer than the game's (a map
    for 3 to 5 players): a sheet of another count is refused, naming the variant."""


class BlankRow(NamedTuple):
    """A player who entered nothing on a sheet (``GameTemplate.blank_row``)."""

    readings: dict[str, Reading]
    """Shared by every such player's result: read-only, as the lines are."""
    total: Number
    measured: tuple[Number, ...]
    """Each tie-breaker's value."""
