"""What one player's box shows on a printed sheet, per kind of line: a blank box's guide
(a tick box, "□ × □ =", a "−", a quantity's arrow, a count's rates) and a filled box's
points with what was entered beside them.

Each kind of line registers its way here by its core class (``CELLS``); a line of a kind
registered nowhere prints its points, and what was entered when it differs. A new kind of
line adds one class here, not a branch.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from scorepad.core.awards import AwardLine
from scorepad.core.numbers import HALF, Number, format_points
from scorepad.core.template import (
    CheckLine,
    CountLine,
    Line,
    PenaltyLine,
    PointsLine,
    ProductLine,
    Reading,
)
from scorepad.printing.cells import BLANK, Cell, Mark, number

L = TypeVar("L", bound=Line, contravariant=True)


class LineCells(Generic[L]):
    """A kind of line's boxes: by default a plain blank box, and the points with what was
    entered (its measure) beside them."""

    def blank(self, line: L) -> Cell:
        return BLANK

    def filled(self, line: L, reading: Reading, points: str, lang: str) -> Cell:
        return Cell(value=points, note=number(reading.measure, lang))


CELLS: dict[type[Line], LineCells[Any]] = {}
"""Each kind of line's boxes, by its core class."""
DEFAULT: LineCells[Line] = LineCells()
C = TypeVar("C", bound=type[LineCells[Any]])


def register(kind: type[Line]) -> Callable[[C], C]:
    def add(cells: C) -> C:
        CELLS[kind] = cells()
        return cells

    return add


def cells_of(line: Line) -> LineCells[Any]:
    """The boxes of a line's kind (its class's, or the nearest base class's)."""
    for cls in type(line).__mro__:
        found = CELLS.get(cls)
        if found is not None:
            return found
    return DEFAULT


def rate_mark(per: Number) -> str:
    return "×½" if per == HALF else "×" + format_points(per).replace("-", "\u2212")


def whole(value: object) -> int:
    """An award line's quantity entered; a line filled round by round: every round's
    (Sushi Go's maki icons over the three rounds)."""
    if isinstance(value, list | tuple):
        return sum(v for v in value if type(v) is int)
    return value if type(value) is int else 0


@register(AwardLine)
class AwardCells(LineCells[Line]):
    """A quantity to enter, its points written after an arrow."""

    def blank(self, line: Line) -> Cell:
        return Cell(quantity=True)

    def filled(self, line: Line, reading: Reading, points: str, lang: str) -> Cell:
        # the quantity entered (its measure may be the points)
        return Cell(value=points, note=number(whole(reading.value), lang))


@register(CheckLine)
class CheckCells(LineCells[Line]):
    def blank(self, line: Line) -> Cell:
        return Cell(marks=(Mark(),))

    def filled(self, line: Line, reading: Reading, points: str, lang: str) -> Cell:
        return Cell(value=points, marks=(Mark(ticked=reading.value is True),))


@register(CountLine)
class CountCells(LineCells[CountLine]):
    """A count with rates shows each rate to tick."""

    def blank(self, line: CountLine) -> Cell:
        if not line.rates:
            return BLANK
        return Cell(marks=tuple(Mark(rate_mark(r.per)) for r in line.rates))

    def filled(self, line: CountLine, reading: Reading, points: str, lang: str) -> Cell:
        value = reading.value
        if not line.rates or not isinstance(value, dict):
            return super().filled(line, reading, points, lang)
        marks = tuple(Mark(rate_mark(r.per), r.id == value.get("rate")) for r in line.rates)
        return Cell(value=points, note=number(reading.measure, lang), marks=marks)


@register(ProductLine)
class ProductCells(LineCells[Line]):
    def blank(self, line: Line) -> Cell:
        return Cell(product=True)

    def filled(self, line: Line, reading: Reading, points: str, lang: str) -> Cell:
        value = reading.value
        if not isinstance(value, list | tuple):
            return super().filled(line, reading, points, lang)
        return Cell(value=points, note=" × ".join(number(v, lang) for v in value))


@register(PenaltyLine)
class PenaltyCells(LineCells[Line]):
    def blank(self, line: Line) -> Cell:
        return Cell(minus=True)


@register(PointsLine)
class PointsCells(LineCells[Line]):
    def filled(self, line: Line, reading: Reading, points: str, lang: str) -> Cell:
        return Cell(value=points)
