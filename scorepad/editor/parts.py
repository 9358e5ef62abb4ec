"""The parts of a game's form, each a list item or section with texts of its own: a line
(with its rates and factors), a variant, a tie-breaker, a reminder, the bid rule.

Plain fields kept as typed (``Item``, ``words``); ``form.GameForm`` holds lists of them and
turns them into a game file's data. The line kinds and their settings come from the core
(``core.template.LINE_KINDS``, ``core.sheetrules.MORE_KINDS``): a kind added there is a
kind here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scorepad.core.sheetrules import MORE_KINDS
from scorepad.core.template import LINE_KINDS, Line
from scorepad.editor.words import Item

ALL_KINDS = {**LINE_KINDS, **MORE_KINDS}
KINDS = tuple(ALL_KINDS)
FIELDS_BY_KIND = {kind: tuple(cls.fields) for kind, cls in ALL_KINDS.items()}
NUMBER_FIELDS = ("min", "max", "per", "every", "points", "fewest_from_players")
LIST_FIELDS = ("values", "places", "fewest")
"""Settings typed as a list of numbers ("6 3", "0 1 3 6 10 15")."""
REQUIRED = {
    kind: tuple(name for name, needed in cls.fields.items() if needed and name in NUMBER_FIELDS)
    for kind, cls in ALL_KINDS.items()
}
"""Number fields a kind cannot do without: left blank, they are marked as needed."""


def kind_class(kind: str) -> type[Line] | None:
    """The core's class of a line kind named in a form (None: a kind the core lacks)."""
    return ALL_KINDS.get(kind)


def scored_between_players(kind: str) -> bool:
    """A kind whose points are worked out from every player's quantity (an award, a
    tally: ``Line.worked_out``)."""
    cls = kind_class(kind)
    return cls is not None and cls.worked_out


@dataclass
class RateForm(Item):
    id: str = ""
    per: str = ""
    label_en: str = ""
    label_es: str = ""
    label_fr: str = ""
    label_de: str = ""


@dataclass
class FactorForm(Item):
    label_en: str = ""
    label_es: str = ""
    max: str = ""
    label_fr: str = ""
    label_de: str = ""


@dataclass
class VariantForm(Item):
    id: str = ""
    label_en: str = ""
    label_es: str = ""
    label_fr: str = ""
    label_de: str = ""
    players: Any = None
    """The variant's own player bounds as read (``{"min": 3, "max": 5}``): not shown,
    written back as they were."""


@dataclass
class ReminderForm(Item):
    text_en: str = ""
    text_es: str = ""
    text_fr: str = ""
    text_de: str = ""


@dataclass
class LineForm(Item):
    key: str = ""
    kind: str = "points"
    label_en: str = ""
    label_es: str = ""
    hint_en: str = ""
    hint_es: str = ""
    min: str = ""
    max: str = ""
    per: str = ""
    every: str = ""
    values: str = ""
    points: str = ""
    halves: bool = False
    counts: bool = True
    variants: str = ""
    rates: list[RateForm] = field(default_factory=list)
    factors: list[FactorForm] = field(default_factory=lambda: [FactorForm(), FactorForm()])
    label_fr: str = ""
    label_de: str = ""
    hint_fr: str = ""
    hint_de: str = ""
    per_round: bool = False
    places: str = ""
    """An award's points by place, most first ("6 3")."""
    fewest: str = ""
    """An award's points for the fewest, fewest first ("-6")."""
    ties: str = "split"
    """How an award's tied players score: one of ``core.awards.TIES``."""
    zero_counts: bool = True
    fewest_from_players: str = ""
    all_tied_nothing: bool = False
    tiebreak_points: bool = False
    """An award's tie-breakers weigh the points it gave (``tiebreak_on: points``)."""
    steps: Any = None
    """A points line's ``steps`` (a quick game's + and − buttons): not shown, written back
    as read."""
    written: frozenset[str] = field(default=frozenset(), compare=False, kw_only=True)
    """An award's settings with a default that the file read wrote all the same: written
    again while they hold their default."""
    auto_key: bool = field(default=False, compare=False, kw_only=True)
    """Its key follows its label (a line added in the editor, its key not typed)."""

    @property
    def rated(self) -> bool:
        """A count whose worth each player chooses from its rates (``core.is_rated``)."""
        return "rates" in FIELDS_BY_KIND.get(self.kind, ()) and bool(self.rates)

    @property
    def item_count(self) -> bool:
        """Its kind counts items a set rule may group (``Line.item_count``)."""
        cls = kind_class(self.kind)
        return cls is not None and cls.item_count


@dataclass
class TiebreakForm(Item):
    label_en: str = ""
    label_es: str = ""
    prefer: str = "more"
    terms: str = ""
    label_fr: str = ""
    label_de: str = ""
    rounds_won: bool = False
    """Compares the rounds each player won (a round game's), instead of ``terms``."""
    line: LineForm | None = field(default=None, compare=False, kw_only=True)
    """The line it compares, picked from the game's lines: used while ``terms`` (a
    weighted sum of lines) is blank; with no label typed it reads the line's."""


@dataclass
class BidsForm(Item):
    """A round game's bid rule (``bids`` in the file): which lines hold the bid, the tricks
    taken and a bonus, and what a met and a missed bid are worth."""

    key: str = "score"
    label_en: str = ""
    label_es: str = ""
    label_fr: str = ""
    label_de: str = ""
    bid: str = ""
    tricks: str = ""
    bonus: str = ""
    hit_base: str = ""
    hit_per_trick: str = ""
    hit_zero: str = ""
    miss_per_off: str = ""
    miss_zero: str = ""
