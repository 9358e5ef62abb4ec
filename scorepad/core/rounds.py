"""Games played round by round: each player's per-round lists read and scored, the
number of rounds checked, and how the game ended.

The game's rules for its rounds (``Rounds``, ``BidRule``) are values of ``roundrules``,
imported here under their old names too; ``scoring.score`` ranks what is read here.
See docs/game-files.md.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Sequence
from decimal import Decimal
from itertools import accumulate, chain, compress, repeat
from itertools import count as indices
from operator import eq, ge, itemgetter, le, neg
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from scorepad.core.errors import EntryError, SheetError, quote
from scorepad.core.i18n import join_words, pick, tr
from scorepad.core.lines import (
    CountLine,
    Line,
    PenaltyLine,
    PointsLine,
    Reading,
    RoundPlan,
    TableLine,
    is_rated,
)
from scorepad.core.numbers import Number, format_points, normalize
from scorepad.core.roundrules import MAX_ROUNDS as MAX_ROUNDS
from scorepad.core.roundrules import BidRule as BidRule
from scorepad.core.roundrules import Ending as Ending
from scorepad.core.roundrules import Rounds as Rounds

if TYPE_CHECKING:
    from scorepad.core.template import GameTemplate

_WHOLE = frozenset({int, type(None)})
_INT = frozenset({int})
_NUMBERS = frozenset({int, Decimal})
_AS_ENTERED = (PointsLine, CountLine, TableLine, PenaltyLine)
"""Lines whose reading of a whole number keeps it as its stored value and its measure
(a count with rates does not: its value is a count with a rate)."""
_POINTS = itemgetter(2)


class BidRecord(NamedTuple):
    """One player's bids over a played sheet, as the publisher's score sheet sums them."""

    made: int
    """Rounds whose bid was met exactly."""
    played: int
    bid_points: Number
    """What the bids scored (met or missed), bonuses left out."""
    bonus: Number
    """The bonuses that counted: those of rounds whose bid was met."""


def bid_record(
    rule: BidRule, readings: Mapping[str, Reading], deals: Sequence[int] | None
) -> BidRecord:
    """Bids met, bid points and bonuses counted, from a scored player's readings of the
    rule's per-round lines (each reading's value: one entry per round); ``deals``: the
    cards dealt each round (``Rounds.deals``), None when the game does not say."""
    bids = _entries(readings.get(rule.bid))
    tricks = _entries(readings.get(rule.tricks))
    bonuses = _entries(readings.get(rule.bonus)) if rule.bonus is not None else ()
    made, bid_points, bonus = 0, cast(Number, 0), cast(Number, 0)
    for index, (bid, took) in enumerate(zip(bids, tricks, strict=False)):
        cards = deals[index] if deals is not None else index + 1
        bid_points += rule.points(bid, took, cards, 0)
        if bid == took:
            made += 1
            bonus += bonuses[index] if index < len(bonuses) else 0
    return BidRecord(made, len(bids), _exact(bid_points), _exact(bonus))


def _entries(reading: Reading | None) -> tuple[Number, ...]:
    value = reading.value if reading is not None else ()
    if not isinstance(value, list | tuple):
        return ()
    return tuple(v if type(v) in _NUMBERS else 0 for v in value)  # a blank round: 0


PlayedRounds = tuple[
    dict[str, Reading], tuple[Number, ...], Number, "Number | None", "Number | None"
]
"""One player's rounds, read and scored (a plain tuple: one is made per player on the hot
path): (readings, round points, bid points, least, most).

- readings: per-round lines summed over the rounds (value: the tuple of stored entries);
- round points: what each round added (per-round lines that count, and the bid rule);
- bid points: the bid rule's points over every round;
- least and most: bounds of what any one round added, when known without looking at the
  rounds again (every per-round line that counts read on the fast path, no bid rule),
  else None.
"""


def round_count(
    template: GameTemplate,
    variant: str | None,
    names: Sequence[str],
    given: Sequence[Mapping[str, object]],
) -> int:
    """The number of rounds on the sheet: the length of every per-round list, the same for
    every player and line, and within what the game allows."""
    expected: int | None = None
    per_round = [line for line in template.lines_for(variant) if line.per_round]
    for name, lines in zip(names, given, strict=True):
        for line in per_round:
            raw = lines.get(line.key)
            if raw is None:
                continue
            if not isinstance(raw, list | tuple):
                problem = EntryError("entry.not_rounds", value=quote(raw))
                raise SheetError(
                    "entry.where", player=name, line=line.key, label=line.label, problem=problem
                )
            if expected is None:
                expected = len(raw)
            elif len(raw) != expected:
                raise SheetError(
                    "sheet.rounds_differ",
                    player=name,
                    line=line.key,
                    count=len(raw),
                    expected=expected,
                )
    return rounds_within(template, len(names), expected or 0)


def rounds_within(template: GameTemplate, players: int, played: int) -> int:
    """``played``, once known to be within what the game allows with ``players``."""
    assert template.rounds is not None
    limit = template.rounds.limit(players)
    if limit is not None and played > limit:
        raise SheetError(
            "sheet.too_many_rounds",
            count=played,
            game=quote(template.id),
            limit=limit,
            players=players,
        )
    if played > MAX_ROUNDS:
        raise SheetError("sheet.too_many_rounds_open", count=played, limit=MAX_ROUNDS)
    return played


def whole_within(
    lists: Sequence[Sequence[object]], low: Number, high: Number
) -> tuple[list[tuple[int, ...]], list[int]] | None:
    """The one check of per-round lists of whole numbers that a line reads as they are
    or looks up (``Line.whole_range``, ``Line.whole_table``): each list's running totals
    (its sum last) and its sum, worked out in the same pass, when every entry of
    ``lists`` is a whole number (an int: never a bool) from ``low`` to ``high``, else
    None (also for no entries at all). ``play_rounds`` checks one player's list with it,
    ``roundtable.table_rounds`` a line's lists of the whole table at once.

    A few entries (Sushi Go's five players, three rounds) are looked at one by one; more
    (Flip 7's eight players, twenty rounds) with a few calls over all of them, never a
    call per entry (with no entry below 0, none is more than its list's sum, so the
    largest sum within ``high`` spares a look at every entry): each is the quicker for
    its size."""
    entries: Sequence[Any]
    entries = lists[0] if len(lists) == 1 else list(chain.from_iterable(lists))
    if not entries:
        return None
    if len(entries) <= FEW_ENTRIES:
        for entry in entries:
            if type(entry) is not int or entry < low or entry > high:
                return None
        found = list(map(tuple, map(accumulate, cast(Sequence[Sequence[int]], lists))))
        return found, [each[-1] for each in found]
    if list(map(type, entries)).count(int) != len(entries):
        return None
    least: int = min(entries)
    if least < low:
        return None
    running = list(map(tuple, map(accumulate, cast(Sequence[Sequence[int]], lists))))
    sums = [each[-1] for each in running]
    if (least < 0 or max(sums) > high) and max(entries) > high:
        return None
    return running, sums


FEW_ENTRIES = 40
"""Lists of whole numbers of at most this many entries in all are checked entry by
entry (``whole_within``)."""


def play_rounds(
    rule: BidRule | None,
    plan: RoundPlan,
    name: str,
    given: Mapping[str, object],
    played: int,
    deals: Sequence[int] | None = None,
) -> PlayedRounds:
    """Read one player's per-round lines and score each round (``deals``: the cards
    dealt each round, for the bid rule; None: the round's number).

    On the hot path of a long sheet (20 rounds of 8 players is 160 entries a line). A list
    of whole numbers on a line with a ``whole_range`` is checked at once, by its kinds and
    its smallest and largest entry, and kept as entered: its readings are the entries
    themselves. Other lists are read entry by entry, an entry seen before (a blank or a
    whole number) answered from the line's memory of readings without a call, as
    ``scoring.score`` does; an entry out of range is read there too, which names its
    round in the refusal."""
    readings: dict[str, Reading] = {}
    round_points: Sequence[Number] | None = None
    exact = True  # every round's points so far are ints
    least: Number | None = 0
    most: Number | None = 0
    columns: dict[str, Sequence[Number]] = {}
    for line, plain, _ in plan:
        key = line.key
        raw = given.get(key)
        entries: Sequence[object] = raw if isinstance(raw, (list, tuple)) else (None,) * played
        values: tuple[object, ...]
        measures: Sequence[Number]
        points: Sequence[Number]
        measure: Number
        high: Number
        if (
            plain is not None
            and played
            and (found := whole_within((entries,), plain[0], plain[1])) is not None
        ):  # the fast path: whole numbers in range, read as themselves
            low, high, measure = plain[0], plain[1], found[1][0]  # the range bounds a round
            whole = cast(Sequence[int], entries)
            values = measures = tuple(whole)
            if not line.counts:
                readings[key] = Reading(values, measure, 0, False)
                points = ()
            elif plain[2] == 0:  # points handed out later, between players (an award)
                readings[key] = Reading(values, measure, 0, True)
                points = (0,) * played
            elif plain[2] == 1:
                readings[key] = Reading(values, measure, measure, True)
                points = measures
                if least is not None and most is not None:
                    least, most = least + low, most + high
            else:
                readings[key] = Reading(values, measure, -measure, True)
                points = tuple(map(neg, whole))
                if least is not None and most is not None:
                    least, most = least - high, most - low
        else:
            kinds = set(map(type, entries))
            done = _read_list(line, name, entries, kinds)
            values, measures, points = _columns(line, entries, kinds, done)
            measure = sum(measures)
            total: Number = sum(points)
            if type(measure) is not int or type(total) is not int:
                measure, total = normalize(measure), normalize(total)
                exact = exact and not line.counts
            readings[key] = Reading(values, measure, total, line.counts)
            if line.counts:
                least = most = None  # not known without looking at every round
        if line.counts:
            if round_points is None:
                round_points = points
            else:
                round_points = [a + b for a, b in zip(round_points, points, strict=True)]
        if rule is not None:
            columns[key] = measures
    scored: list[Number] | Sequence[Number] = (
        round_points if round_points is not None else (0,) * played
    )
    if rule is None:
        if exact:
            return readings, tuple(scored), 0, least, most
        if type(sum(scored)) is not int:  # halves: a Decimal among them
            scored = [_exact(p) for p in scored]
        return readings, tuple(scored), 0, None, None
    scored = list(scored)
    bid_total: Number = 0
    bids, tricks = columns[rule.bid], columns[rule.tricks]
    bonuses = columns[rule.bonus] if rule.bonus is not None else None
    for index in range(played):
        bonus = bonuses[index] if bonuses is not None else 0
        cards = deals[index] if deals is not None else index + 1
        points_now = rule.points(bids[index], tricks[index], cards, bonus)
        bid_total += points_now
        scored[index] += points_now
    if type(sum(scored)) is not int:  # halves: a Decimal among them
        scored = [_exact(p) for p in scored]
        bid_total = _exact(bid_total)
    return readings, tuple(scored), bid_total, None, None


def _read_list(line: Line, name: str, entries: Sequence[object], kinds: set[type]) -> list[Reading]:
    """The reading of each entry of one per-round list, from the line's memory where it
    can."""
    get = line._memo.get
    row: list[Reading | None]
    if kinds <= _WHOLE:  # blanks and whole numbers: from memory
        row = list(map(get, entries))
    else:  # never looked up by value: True would find 1's reading (True == 1)
        row = [get(entry) if entry is None or type(entry) is int else None for entry in entries]
    if None in row:  # entries not seen before (or not whole numbers): read them
        row = [
            found if found is not None else _read(line, name, number, entry)
            for number, (found, entry) in enumerate(zip(row, entries, strict=True), 1)
        ]
    return cast(list[Reading], row)


def _columns(
    line: Line, entries: Sequence[object], kinds: set[type], done: list[Reading]
) -> tuple[tuple[object, ...], tuple[Number, ...], tuple[Number, ...]]:
    """(stored values, measures, points) of a list's readings, one per round."""
    values: tuple[object, ...]
    measures: tuple[Number, ...]
    points: tuple[Number, ...]
    if kinds == _INT and isinstance(line, _AS_ENTERED) and not is_rated(line):
        values = tuple(entries)  # these lines keep a whole number as entered
        measures = cast(tuple[int, ...], values)
        points = tuple(map(_POINTS, done))
    elif done:
        values, measures, points, _ = zip(*done, strict=True)
    else:
        values = measures = points = ()
    return values, measures, points


def _read(line: Line, name: str, number: int, entry: object) -> Reading:
    try:
        return line.reading(entry)
    except EntryError as problem:
        raise SheetError(
            "entry.where_round",
            player=name,
            line=line.key,
            label=line.label,
            round=number,
            problem=problem,
        ) from None


def _negated(value: Number) -> Number:
    return -value


def _exact(value: Number) -> Number:
    return value if type(value) is int else normalize(value)


def rounds_won(points: Sequence[Sequence[Number]], played: int, sign: int) -> list[int]:
    """How many rounds each player won: rounds in which their round score was the best at
    the table (``sign`` 1: the highest, -1: the lowest); a shared best counts for each."""
    won = [0] * len(points)
    for index in range(played):
        scores = [sign * row[index] for row in points]
        best = max(scores)
        for player, score in enumerate(scores):
            if score == best:
                won[player] += 1
    return won


class Ended(NamedTuple):
    finished: bool
    ended_round: int | None
    ended_by: tuple[str, ...]
    limit: int | None


def how_it_ended(
    template: GameTemplate,
    names: Sequence[str],
    running: Sequence[Sequence[Number]],
    steady: bool = False,
) -> Ended:
    """Whether the rounds played finish the game, and, for a target, who ended it when.

    ``running`` holds, for each player, the total after each round. A table may play on
    after the end (house rules): the first round that met the target is the one named.
    ``steady`` says that no one's total ever moves away from the target (never falls in a
    game that ends on reaching it, never rises in one that ends on falling to it): each
    player's first round to meet it is then found by bisection."""
    rules = template.rounds
    assert rules is not None
    played = len(running[0]) if running else 0
    limit = rules.limit(len(names))
    target = rules.target
    if target is not None and played:
        reach = rules.ending == "reach"
        firsts: list[int]  # the index of each player's first round to meet it, else played
        if steady and reach:
            firsts = list(map(bisect_left, running, repeat(target)))
        elif steady:
            firsts = [bisect_left(totals, -target, key=_negated) for totals in running]
        else:  # without a loop in Python over the rounds
            met = ge if reach else le
            firsts = [
                next(compress(indices(), map(met, totals, repeat(target))), played)
                for totals in running
            ]
        first = min(firsts)
        if first < played:
            who = tuple(compress(names, map(eq, firsts, repeat(first))))
            return Ended(True, first + 1, who, limit)
    if limit is not None and played >= limit:
        return Ended(True, limit, (), limit)
    finished = limit is None and target is None
    return Ended(finished, None, (), limit)


def total_ended(template: GameTemplate, names: Sequence[str], totals: Sequence[Number]) -> Ended:
    """A game without rounds that ends on a target (``GameTemplate.ends``): finished once
    someone's total has reached (or fallen to) it, and by whom."""
    end = template.ends
    assert end is not None
    met = ge if end.ending == "reach" else le
    who = tuple(name for name, total in zip(names, totals, strict=True) if met(total, end.target))
    return Ended(bool(who), None, who, None)


def round_note(
    template: GameTemplate,
    played: int,
    ended: Ended,
    lang: str,
) -> str | None:
    """The sentence under a round game's result: who ended it, or that it is unfinished."""
    rules = template.rounds
    if rules is None:
        return _total_note(template, ended, lang)
    if ended.ended_by and rules.target is not None:
        key = "result.reached" if rules.ending == "reach" else "result.fell"
        target = format_points(rules.target)
        names = join_words(list(ended.ended_by), lang)
        return tr(key, lang, names=names, target=target, round=ended.ended_round)
    if ended.finished:
        return None
    if ended.limit is not None:
        return tr("result.unfinished_rounds", lang, played=played, total=ended.limit)
    assert rules.target is not None
    key = "result.unfinished_reach" if rules.ending == "reach" else "result.unfinished_fall"
    return tr(key, lang, target=format_points(rules.target))


def _total_note(template: GameTemplate, ended: Ended, lang: str) -> str | None:
    """A game without rounds that ends on a target: who reached it, or that no one has."""
    end = template.ends
    if end is None:
        return None
    target = format_points(end.target)
    reach = end.ending == "reach"
    if ended.ended_by:
        key = "result.reached_total" if reach else "result.fell_total"
        return tr(key, lang, names=join_words(list(ended.ended_by), lang), target=target)
    return tr("result.unfinished_reach" if reach else "result.unfinished_fall", lang, target=target)


def label_of(template: GameTemplate, lang: str) -> str:
    assert template.bids is not None
    return pick(template.bids.label, lang)
