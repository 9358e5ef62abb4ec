"""An imported play each for themselves scored the short way: what the core's ``score``
would find, without building a sheet.

A BG Stats play gives each seat's total (a by-hand line on a built-in game, the score
and won lines of a result-only game): nothing on a sheet's own lines. For a game with
no result rule (or a co-operative one), no rounds, no points handed out among the
players (awards) and no modules chosen, scoring such a play
comes down to each seat's total and tie-break values (the same for the same entries on
the same game: worked out once per entry, with the core's own lines and readings) and
the competition ranking of ``core.scoring`` (a co-operative play: every seat first,
sharing the table's outcome, as ``core.results.settle`` has it). Anything else, and
anything the core would refuse or word (a player count out of range, names it would check further, a
line refusing an entry, a total past the limit), is left to the core: ``Lean.seats``
answers None and the play is scored by ``core.score`` as any other. A test checks that
both ways give the same rows for every play of a generated export with every quirk.
"""

from __future__ import annotations

from typing import Any

from scorepad.core import ExtraLine, GameTemplate
from scorepad.core.errors import EntryError, ScorepadError
from scorepad.core.numbers import TOTAL_LIMIT, Number, is_half_multiple, normalize
from scorepad.core.plaintext import MAX_LABEL, MAX_NAME, blank, name_problem
from scorepad.core.scored import has_score
from scorepad.core.scoring import check_player_count, resolve_variant
from scorepad.core.sheetrules import apply_rules
from scorepad.core.template import read_number
from scorepad.store.rows import blank_values, entries_text, tiebreak_text

SEATS_KEPT = 5000
"""Seats' scores, and tables of names, remembered per game, at most (a file's repeat)."""

Seat = tuple[int, tuple[Number, ...], str, str, int | None]
"""A seat as scored: total in halves, order key (larger is better), tie-break text,
entries text, by-hand points in halves (None: no by-hand line)."""
Scored = tuple[list[Seat], list[int], str]
"""Each seat as scored, each seat's rank, and what decided first place."""


class Lean:
    """How one game's plays are scored the short way (``lean`` builds it, or answers
    None for a game that must go through the core)."""

    def __init__(
        self,
        template: GameTemplate,
        variant: str | None,
        result_only: bool,
        scored: bool,
        label: str,
    ) -> None:
        self.template = template
        self.label = label.strip()
        self.variant = variant
        self.result_only = result_only
        self.scored = scored
        """A built-in game whose sheet adds up to a score: the total is a by-hand line."""
        self.plan = template.plan(variant)
        self.tie_plan = template.tie_plan(variant)
        self.sign = 1 if template.wins == "highest" else -1
        self.blank = template.blank_row(variant)
        self.blanks = blank_values(template, variant)
        self.keys = template.keys_for(variant)
        self.low, self.high = template.min_players, template.max_players
        rule = template.result
        self.cooperative = rule is not None and rule.kind == "cooperative"
        """Won or lost by the whole table (``core.results.settle``): every seat ranks
        first, and wins when the table won."""
        self.won_at = rule.won_at if rule is not None else None
        self.table_scored = has_score(template)
        self.memo: dict[object, Seat | None] = {}
        """Each seat's score by its points (for a result-only game: of a seat that lost)."""
        self.won: dict[object, Seat | None] = {}
        """A result-only game's seats that won, by their points."""
        self.tables: dict[tuple[str, ...], bool] = {}
        """Tables of names met, and whether the short way takes their names."""

    def seats(
        self, names: list[str], points: list[Number | None], won: list[bool]
    ) -> Scored | None:
        """Each seat's (total, order, tie-break, entries, by-hand points), ranks and what
        decided, for the players ``names`` with their ``points`` (None: none) and winner
        flags (a result-only game's won line); None when the core must score the play."""
        count = len(names)
        if not self.low <= count <= self.high:
            check_player_count(self.template, count)  # the core's own refusal
        table = tuple(names)
        fine = self.tables.get(table)
        if fine is None:
            joined = "".join(names)
            fine = (
                joined.isprintable()
                and (len(joined) <= MAX_NAME or max(map(len, names)) <= MAX_NAME)
                and len({n.strip().casefold() for n in names}) == count
                and all(n.strip() for n in names)
            )
            if len(self.tables) < SEATS_KEPT:
                self.tables[table] = fine
        if not fine:
            return None  # the core checks these names further, and words any problem
        found: list[Seat] = []
        for value, flag in zip(points, won, strict=True):
            # a whole number (or none) is its own key; a decimal also by its type
            key = value if value is None or type(value) is int else (type(value), value)
            memo = self.won if flag and self.result_only else self.memo
            seat = memo.get(key, _UNKNOWN)
            if seat is _UNKNOWN:
                seat = self.seat(value, flag)
                if len(memo) < SEATS_KEPT:
                    memo[key] = seat
            if seat is None:
                return None
            found.append(seat)
        if self.cooperative:  # as ``core.results.settle`` has it: the table's outcome
            lost = True not in won
            if (
                lost
                and self.won_at is not None
                and self.table_scored
                and sum(s[0] for s in found) >= 2 * self.won_at
            ):
                return None  # lost with a score that wins: the core words the refusal
            return found, [1] * count, "outcome"
        orders = [s[1] for s in found]
        ordered = sorted(orders, reverse=True)
        # competition ranks: one more than the keys above, where a key first appears
        ranks = [ordered.index(key) + 1 for key in orders]
        if count == 1 or ordered[1][0] != ordered[0][0]:
            decided = "total"
        elif ranks.count(1) == 1:
            decided = "tiebreak"
        else:
            decided = "shared"
        return found, ranks, decided

    def seat(self, value: Number | None, won: bool) -> Seat | None:
        """One seat's score, as ``core.scoring._score`` works it out for a player; None
        when the core would refuse it (it then words the problem)."""
        points: Number = 0
        try:
            if self.result_only:
                given: dict[str, object] = {"won": won} if "won" in self.keys else {}
                if value is not None and "score" in self.keys:
                    given["score"] = value
                readings = {}
                total: Number = 0
                for key, line, memo in self.plan:
                    raw = given.get(key)
                    reading = memo.get(raw) if raw is None or type(raw) is int else None
                    if reading is None:
                        reading = line.reading(raw)
                    readings[key] = reading
                    total += reading.points
                ties: list[Number] = []
                for _, terms in self.tie_plan:
                    tie: Number = 0
                    for key, weight in terms:
                        tie += readings[key].measure * weight
                    ties.append(tie if type(tie) is int else normalize(tie))
                extra = None
            else:
                if self.blank is None:
                    return None
                readings, total, blank_ties = self.blank
                ties = list(blank_ties)
                extra = None
                if value is not None and self.scored:
                    points = read_number(value)
                    if not is_half_multiple(points):
                        return None
                    total += points
                    extra = _halves(points)
        except EntryError:
            return None
        if type(total) is not int:
            total = normalize(total)
        if not -TOTAL_LIMIT <= total <= TOTAL_LIMIT:
            return None
        if not all(-TOTAL_LIMIT <= t <= TOTAL_LIMIT for t in ties):
            return None
        tiebreak = tuple(ties)
        order = (self.sign * total, *(b * t for (b, _), t in zip(self.tie_plan, ties, strict=True)))
        if self.template.rules is not None:  # a player's own (no award): a row of one
            extras = () if extra is None else (ExtraLine(self.label, points),)
            row = (order, "", readings, extras, total, tiebreak)
            try:
                ruled = apply_rules(self.template, self.variant, [row], ())[0][0]
            except ScorepadError:
                return None
            order, readings, total, tiebreak = ruled[0], ruled[2], ruled[4], ruled[5]
        return (
            _halves(total),
            order,
            tiebreak_text(tiebreak),
            entries_text(readings, self.blanks),
            extra,
        )


_UNKNOWN: Any = object()


def _halves(value: Number) -> int:
    return value * 2 if type(value) is int else int(value * 2)


def lean(
    template: GameTemplate, variant: str | None, result_only: bool, scored: bool, label: str
) -> Lean | None:
    """The short way for one game's plays, when the core would do no more than it does
    (see the module doc); None otherwise."""
    result = template.result
    if template.rounds is not None or (result is not None and result.kind != "cooperative"):
        return None  # (a co-operative game: every seat shares the table's outcome)
    rules = template.rules
    if rules is not None and rules.plan(template, variant).awards:
        return None  # points handed out among the players: the core's
    if template.chosen:
        return None
    if not result_only and scored and (blank(label) or name_problem(label, MAX_LABEL)):
        return None
    try:
        if resolve_variant(template, variant) != variant:
            return None
    except ScorepadError:
        return None
    return Lean(template, variant, result_only, scored, label)
