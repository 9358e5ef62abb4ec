"""What a sheet adds up beyond each line on its own: checks between lines, set rules,
awards between players, threshold bonuses and a floor under the total.

``scoring.score`` reads every player's lines first; when the game has any of these rules
it hands the scored rows to ``apply_rules``, which runs, in this order:

1. checks (``checks.py``): a sheet that breaks one is refused;
2. set rules (``sets.py``): member lines score their squares, the rule its sets;
3. awards (``awards.py``): each award line's places, per round for a per-round line;
4. bonuses: a rule's points when the points of a group of lines reach a value (Yahtzee's
   upper section: 63 or more gives 35);
5. the floor: a total below it is raised to it (Summer Pavilion's score track has no
   space under 1).

Then each row's tie-breakers and order key are worked out again from the new readings.
Computed points (sets, bonuses) are returned by key beside the readings, as a round
game's bid rule's are.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import accumulate
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, cast

from scorepad.core.awards import AwardLine, award_points
from scorepad.core.checks import broken_checks, check_player
from scorepad.core.errors import EntryError, SheetError
from scorepad.core.lines import Line, Reading, new_reading
from scorepad.core.numbers import TOTAL_LIMIT, Number, normalize
from scorepad.core.ruleplan import MORE_KINDS as MORE_KINDS
from scorepad.core.ruleplan import Bonus as Bonus
from scorepad.core.ruleplan import RulePlan as RulePlan
from scorepad.core.ruleplan import SheetRules as SheetRules
from scorepad.core.ruleplan import WorkedRule as WorkedRule

if TYPE_CHECKING:
    from scorepad.core.template import GameTemplate

_NONE: Mapping[str, Number] = MappingProxyType({})
"""No computed points (a player's own, read-only)."""


def not_on_sheet(template: GameTemplate) -> str | None:
    """What of a game the app's sheet cannot show: set rules or bonuses reading lines
    filled round by round (the loader refuses them, "template.rule_per_round"; a
    template built otherwise is asked too). None when the sheet shows it all: award and
    tally lines with the points they earned, per round too (``round_points``); set
    rules', bonuses' and a floor's points on rows of their own (``worked_after``)."""
    rules = template.rules
    if rules is not None:  # a rule reading lines filled round by round
        in_rounds = {line.key for line in template.lines if line.per_round}
        if any(in_rounds.intersection(r.lines) for r in rules.sets):
            return "sets"
        if any(in_rounds.intersection(b.lines) for b in rules.bonuses):
            return "bonuses"
    return None


def round_points(line: Line, entries: Sequence[Sequence[object]]) -> list[list[Number]]:
    """What a per-round line earned each player in each round: one list per round, with
    one value per player in seat order. ``entries``: each player's stored entries on the
    line (``Reading.value``, one per round). An award line hands its places out among
    that round's quantities (Sushi Go's maki); any other line scores each entry on its
    own (a tally's table). A line not counted in the total earns 0."""
    played = len(entries[0]) if entries else 0
    if not line.counts:
        return [[0] * len(entries) for _ in range(played)]
    if isinstance(line, AwardLine):
        return [award_points(line, [_whole(e[r]) for e in entries]) for r in range(played)]
    return [[line.reading(e[r]).points for e in entries] for r in range(played)]


def worked_after(template: GameTemplate, variant: str | None) -> dict[str, list[WorkedRule]]:
    """The set rules that add points per set and the bonuses of a variant, by the key of
    the last line they read in sheet order: their rows go right under it (printed and
    on the app's sheet alike). Every line of the variant has an entry."""
    found: dict[str, list[WorkedRule]] = {line.key: [] for line in template.lines_for(variant)}
    if template.rules is None:
        return found
    plan = template.rules.plan(template, variant)
    order = list(found)
    chosen: list[WorkedRule] = [r for r in plan.sets if r.per_set]
    chosen += plan.bonuses
    for rule in chosen:
        found[max(rule.lines, key=order.index)].append(rule)
    return found


Row = tuple[Any, str, dict[str, Reading], tuple[Any, ...], Number, tuple[Number, ...]]
"""As ``scoring._Row``: (order key, name, readings, extra, total, tiebreak)."""
More = tuple[Mapping[str, Number], tuple[Number, ...]]
"""Per player: computed points by key, and a round game's running totals."""


def apply_rules(
    template: GameTemplate,
    variant: str | None,
    rows: list[Row],
    more: Sequence[More],
    *,
    handed_out: bool = False,
) -> tuple[list[Row], list[More]]:
    """The rows and their computed points once the game's rules are applied (see the
    module's docstring). ``more`` is empty for a game without rounds. ``handed_out``:
    the award lines filled per round already have their points in ``rows`` and in the
    running totals (``roundtable.table_rounds``); the rest is done here as for any sheet,
    the totals checked against ``TOTAL_LIMIT`` with them."""
    rules = template.rules
    assert rules is not None
    plan = rules.plan(template, variant)
    if plan.checks:
        if all(check.plain for check in plan.checks):
            for row in rows:
                check_player(plan.checks, row[1], row[2])
        else:  # between players, or round by round
            lines = {line.key: line for line in template.lines_for(variant)}
            table = [row[2] for row in rows]
            for broken in broken_checks(plan.checks, lines, table, template.rounds):
                raise broken.error([row[1] for row in rows])
    if not plan.changes_points:
        return rows, list(more)  # checks alone change no points (Azul)
    totals: list[Number] = [row[4] for row in rows]
    readings = [row[2] for row in rows]
    running: list[list[Number]] | None = None  # changed by awards per round
    awards = plan.at_end if handed_out else plan.awards
    if awards:  # award lines get their points: readings copied, never changed in place
        readings = [dict(read) for read in readings]
        for line in awards:
            if not line.per_round:
                _award_once(line, readings, totals)
                continue
            if running is None:
                running = [list(m[1]) for m in more] or [[] for _ in rows]
            _award(line, readings, totals, running, len(rows))
    computed: list[Mapping[str, Number]]
    if plan.sets or plan.bonuses:  # computed points join each player's own copy
        found: list[dict[str, Number]] = [dict(m[0]) for m in more] or [{} for _ in rows]
        for rule in plan.sets:
            keys = rule.lines
            for i, read in enumerate(readings):
                bonus = rule.bonus([int(read[k].measure) for k in keys])
                found[i][rule.key] = bonus
                totals[i] += bonus
        for bonus_rule in plan.bonuses:
            reach, points, keys = bonus_rule.reach, bonus_rule.points, bonus_rule.lines
            for i, read in enumerate(readings):
                got = points if sum([read[k].points for k in keys]) >= reach else 0
                found[i][bonus_rule.key] = got
                totals[i] += got
        computed = [MappingProxyType(c) for c in found]
    else:  # each player's own, unchanged
        computed = [m[0] for m in more] or [_NONE] * len(rows)
    floor = rules.floor
    sign = 1 if template.wins == "highest" else -1
    tie_plan = template.tie_plan(variant) if plan.new_tiebreaks else ()
    out: list[Row] = []
    for row, read, total in zip(rows, readings, totals, strict=True):
        if floor is not None and total < floor:
            total = floor
        if type(total) is not int:
            total = normalize(total)
        if not -TOTAL_LIMIT <= total <= TOTAL_LIMIT:
            raise SheetError("sheet.total_too_large", player=row[1], limit=TOTAL_LIMIT)
        if plan.new_tiebreaks:  # weighed again: an award's points are known now
            tiebreak = tuple(
                normalize(sum([read[k].measure * w for k, w in terms], start=0))
                for _, terms in tie_plan
            )
            order = (sign * total, *(b * v for (b, _), v in zip(tie_plan, tiebreak, strict=True)))
        else:
            tiebreak = row[5]
            order = (sign * total, *row[0][1:])
        out.append((order, row[1], read, row[3], total, tiebreak))
    if running is not None:
        steps: Sequence[tuple[Number, ...]] = list(map(tuple, running))
    else:
        steps = [m[1] for m in more] or [() for _ in rows]
    return out, list(zip(computed, steps, strict=True))


def end_awards(
    plan: RulePlan, given: Sequence[Mapping[str, object]]
) -> tuple[dict[str, list[Reading]], list[int]] | None:
    """The award lines filled once (``plan.at_end``, of whole points: ``awards_alone``)
    handed out before the rest of a round game's sheet is read: by line key, each
    player's reading with the points it earned, and what they add to each player's
    total. None when an entry is one its line refuses: the sheet is then read as usual,
    which names it in its turn."""
    found: dict[str, list[Reading]] = {}
    added = [0] * len(given)
    for line in plan.at_end:
        key = line.key
        try:
            read = [line.reading(lines.get(key)) for lines in given]
        except EntryError:
            return None
        points = award_points(line, [_whole(r.value) for r in read])
        mine: list[Reading] = []
        for index, (old, got) in enumerate(zip(read, points, strict=True)):
            if old.counts:
                old = new_reading((old.value, old.measure, got, True))
                added[index] += cast(int, got)
            mine.append(old)
        found[key] = mine
    return found, added


def _award_once(line: AwardLine, readings: list[dict[str, Reading]], totals: list[Number]) -> None:
    """An award line filled once (Sushi Go's puddings) handed out: each player's reading
    gets its points, and their total with it."""
    key = line.key
    found = [read[key] for read in readings]
    each = award_points(line, [_whole(r.value) for r in found])
    on_points = line.tiebreak_on == "points"
    for i, (read, old, got) in enumerate(zip(readings, found, each, strict=True)):
        if not old.counts:
            continue
        if type(got) is not int:
            got = normalize(got)
        read[key] = new_reading((old.value, got if on_points else old.measure, got, True))
        totals[i] += got


def _award(
    line: AwardLine,
    readings: list[dict[str, Reading]],
    totals: list[Number],
    running: list[list[Number]],
    count: int,
) -> None:
    """An award line filled per round handed out, round by round."""
    key = line.key
    found = [read[key] for read in readings]
    columns = cast(list[Sequence[object]], [r.value for r in found])  # quantities by round
    by_round = round_points(line, columns)
    each = [[points[i] for points in by_round] for i in range(count)]
    on_points = line.tiebreak_on == "points"
    for i, read in enumerate(readings):
        old = read[key]
        if not old.counts:
            continue
        got: Number = sum(each[i])
        if type(got) is not int:
            got = normalize(got)
        read[key] = Reading(old.value, got if on_points else old.measure, got, True)
        totals[i] += got
        if running[i] and any(each[i]):  # nothing to add when it earned nothing
            running[i] = [r + a for r, a in zip(running[i], accumulate(each[i]), strict=True)]


def _whole(value: object) -> int:
    """A quantity as stored (a whole number; blank is 0)."""
    return value if type(value) is int else 0
