"""A game's rules between lines and players as values (``SheetRules``), and what they
do on one variant (``RulePlan``); ``sheetrules`` applies them to a sheet.

A ``GameTemplate`` holds these values, so nothing here knows of templates: a plan is
worked out from what ``SheetShape`` names of one.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from scorepad.core.awards import AwardLine
from scorepad.core.checks import Check
from scorepad.core.i18n import Text, pick, tr
from scorepad.core.lines import Line, Tiebreaker, signed
from scorepad.core.numbers import Number
from scorepad.core.sets import SetRule, TallyLine


class SheetShape(Protocol):
    """What a rule plan reads of a game (a ``GameTemplate``)."""

    tiebreakers: tuple[Tiebreaker, ...]

    def keys_for(self, variant: str | None) -> frozenset[str]: ...

    def lines_for(self, variant: str | None) -> tuple[Line, ...]: ...


MORE_KINDS: dict[str, type[Line]] = {AwardLine.kind: AwardLine, TallyLine.kind: TallyLine}
"""Line kinds beyond ``template.LINE_KINDS``: the loader reads them. Their points are
worked out from the quantity entered, so sheets show both (per round: ``round_points``)."""


class Bonus(NamedTuple):
    """Points when the points of ``lines`` add up to at least ``reach``."""

    key: str
    label: Text
    lines: tuple[str, ...]
    reach: Number
    points: Number

    def describe(self, lang: str) -> str:
        return tr(
            "hint.bonus", lang, points=signed(self.points, lang), reach=signed(self.reach, lang)
        )


class RulePlan(NamedTuple):
    """What ``apply_rules`` does on one variant."""

    checks: tuple[Check, ...]
    awards: tuple[AwardLine, ...]
    sets: tuple[SetRule, ...]
    bonuses: tuple[Bonus, ...]
    changes_points: bool
    """False when the variant has checks only (Azul): no points change."""
    new_tiebreaks: bool
    """True when an award line's points feed a tie-breaker (Ticket to Ride)."""
    at_end: tuple[AwardLine, ...]
    """The award lines filled once, not per round (Sushi Go's puddings)."""
    awards_alone: bool
    """True when the rules are award lines alone (no check, set rule, bonus or floor),
    each of whole points that leave the measures as they are (``AwardLine.whole_points``;
    Sushi Go): a round game's sheet may have them all handed out as it is read
    (``roundtable.table_rounds``, ``end_awards``), and no need of ``apply_rules``."""


class SheetRules(NamedTuple):
    """A game's rules between lines and between players (all optional)."""

    sets: tuple[SetRule, ...] = ()
    bonuses: tuple[Bonus, ...] = ()
    floor: Number | None = None
    checks: tuple[Check, ...] = ()
    default_variant: str | None = None
    """The variant a sheet that names none is scored with (Summer Pavilion: the
    side-``A`` sheet, as before the variant side was added)."""
    plans: dict[str | None, RulePlan] | None = None
    """Per variant, what ``apply_rules`` does (worked out on first use; the loader gives
    each game its own dict)."""

    def plan(self, template: SheetShape, variant: str | None) -> RulePlan:
        """The checks and award lines of one variant, and whether any points change."""
        plans = self.plans if self.plans is not None else {}
        found = plans.get(variant)
        if found is None:
            keys = template.keys_for(variant)
            checks = tuple(c for c in self.checks if keys.issuperset(c.keys))
            lines = template.lines_for(variant)
            awards = tuple(line for line in lines if isinstance(line, AwardLine))
            sets = tuple(r for r in self.sets if keys.issuperset(r.lines))
            bonuses = tuple(b for b in self.bonuses if keys.issuperset(b.lines))
            changes = bool(awards or sets or bonuses or self.floor is not None)
            weighed = {k for tb in template.tiebreakers for k, _ in tb.terms}
            new_tiebreaks = any(a.tiebreak_on == "points" and a.key in weighed for a in awards)
            at_end = tuple(line for line in awards if not line.per_round)
            alone = bool(awards) and all(line.whole_points for line in awards)
            alone = alone and not (checks or sets or bonuses or self.floor is not None)
            found = RulePlan(checks, awards, sets, bonuses, changes, new_tiebreaks, at_end, alone)
            plans[variant] = found
        return found

    def computed_labels(self) -> dict[str, Text]:
        """The label of every computed key, in sheet order (sets, then bonuses)."""
        found: dict[str, Text] = {r.key: r.label for r in self.sets}
        found.update({b.key: b.label for b in self.bonuses})
        return found

    def describe(self, lang: str) -> list[str]:
        """One sentence per rule, for ``scorepad template``."""
        out = [f"{pick(r.label, lang)}: {r.describe(lang)}" for r in self.sets]
        out += [f"{pick(b.label, lang)}: {b.describe(lang)}" for b in self.bonuses]
        if self.floor is not None:
            out.append(tr("hint.floor", lang, floor=signed(self.floor, lang)))
        out += [
            tr("hint.check_rule", lang, lines=", ".join(c.keys), why=pick(c.why, lang))
            for c in self.checks
        ]
        return out


WorkedRule = SetRule | Bonus
"""A rule whose points the sheet shows on a row of its own."""
