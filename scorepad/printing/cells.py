"""The parts of a printed sheet: rows of cells with their marks, and the sheet itself.

Kept apart from ``model`` (which decides what goes on a sheet) so that the rows of the
game's rules (``rules``) are built from the same parts without an import circle.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from scorepad.core.numbers import Number
from scorepad.core.scoring import show

RowKind = Literal["line", "rule", "result", "by_hand", "total", "caption", "tiebreak", "rank"]
""""rule": points worked out between lines (a set, a bonus, a floor); "result": how a
co-operative or team game ended (the outcome, the teams)."""


@dataclass(frozen=True, slots=True)
class Mark:
    """A small box a player ticks, with what it stands for ("×3" for an upgraded rate)."""

    label: str = ""
    ticked: bool = False


@dataclass(frozen=True, slots=True)
class Cell:
    """One player's box on one row."""

    value: str = ""
    """The points (filled sheets), printed large on the right."""
    note: str = ""
    """What was entered when it differs from the points ("4 × 5", "3"), printed small."""
    marks: tuple[Mark, ...] = ()
    product: bool = False
    """A blank "□ × □ =" guide: the line multiplies two numbers."""
    minus: bool = False
    """A blank "−" guide: the line is subtracted."""
    quantity: bool = False
    """A blank "□ →" guide: a quantity to enter, its points written after the arrow (an
    award between players)."""


BLANK = Cell()


@dataclass(frozen=True, slots=True)
class Row:
    kind: RowKind
    label: str = ""
    hint: str = ""
    cells: tuple[Cell, ...] = ()
    span: str = ""
    """Text across the player columns instead of boxes (a tie-breaker that reuses a line)."""
    counted: bool = True
    """False for rows that are not added to the total: drawn shaded."""


@dataclass(frozen=True, slots=True)
class SheetModel:
    title: str
    lang: str
    players: tuple[str, ...]
    """One per column; "" leaves the column's name to be written by hand."""
    rows: tuple[Row, ...]
    reminders: tuple[str, ...] = ()
    date: str = ""
    place: str = ""
    winners: frozenset[int] = frozenset()
    """Columns of the winners (filled sheets)."""
    explanation: str = ""
    filled: bool = False
    warnings: tuple[str, ...] = ()
    """Filled sheets: the checks between lines that the entries break, printed marked."""
    boards: tuple[tuple[str, object], ...] = ()
    """Filled sheets: each player's board kept with the play, (name, board), in seat
    order (``printing.boards`` draws them below the sheet)."""


def number(value: Number, lang: str) -> str:
    """Points as printed: "76,5" in Spanish, French and German, and a true minus sign."""
    text = show(value, lang)
    return "\u2212" + text[1:] if text.startswith("-") else text
