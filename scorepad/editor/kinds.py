"""The kinds of line the game editor offers, in plain words: one entry per kind.

Each entry names the kind in the file (``core.template.LINE_KINDS``), its name and a
one-line example as message ids (``manage.kind_count`` "Count × N",
``manage.kind_count_example`` "7 per column"), the settings shown on the line's card
and those folded under its "More options". A kind added to the core becomes one more
entry here.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorepad.editor.parts import FIELDS_BY_KIND


@dataclass(frozen=True)
class KindChoice:
    kind: str
    name: str
    """Message id of its name in plain words."""
    example: str
    """Message id of a one-line example ("" for none)."""
    main: tuple[str, ...] = ()
    """Settings shown on the card: number fields, number lists ("values", "places"),
    "factors"."""
    more: tuple[str, ...] = ()
    """Settings folded under "More options": number fields, number lists, "rates",
    "halves", an award's "ties" and switches."""


KIND_CHOICES: tuple[KindChoice, ...] = (
    KindChoice(
        "points",
        "manage.kind_points_plain",
        "manage.kind_points_example",
        (),
        ("min", "max", "halves"),
    ),
    KindChoice(
        "count",
        "manage.kind_count_plain",
        "manage.kind_count_example",
        ("per",),
        ("every", "max", "rates"),
    ),
    KindChoice("check", "manage.kind_check_plain", "manage.kind_check_example", ("points",)),
    KindChoice("table", "manage.kind_table_plain", "manage.kind_table_example", ("values",)),
    KindChoice("product", "manage.kind_product_plain", "", ("factors",), ("per",)),
    KindChoice("penalty", "manage.kind_penalty_plain", "manage.kind_penalty_example", (), ("max",)),
    KindChoice("tally", "manage.kind_tally_plain", "manage.kind_tally_example", ("values",)),
    KindChoice(
        "award",
        "manage.kind_award_plain",
        "manage.kind_award_example",
        ("places",),
        (
            "fewest",
            "ties",
            "zero_counts",
            "fewest_from_players",
            "all_tied_nothing",
            "tiebreak_on",
            "max",
        ),
    ),
)
"""The kinds in the order offered, the commonest first."""

BY_KIND = {choice.kind: choice for choice in KIND_CHOICES}


def choice_for(kind: str) -> KindChoice:
    """The entry of ``kind`` (a kind the editor has no entry for: every setting the core
    knows for it, folded)."""
    if kind in BY_KIND:
        return BY_KIND[kind]
    fields = FIELDS_BY_KIND.get(kind, ())
    return KindChoice(kind, f"manage.kind_{kind}", "", (), fields)
