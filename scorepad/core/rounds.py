"""Games played round by round: how many rounds, how the game ends, bids scored as data.

A game file's ``rounds`` (a fixed count, a count by number of players, or open), ``ends``
(when someone reaches or falls to a total) and ``bids`` (a bid against the tricks taken,
Skull King and Wizard) become the values here; ``score_rounds`` reads each player's
per-round lists and gives what ``scoring.score`` ranks. See docs/game-files.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Literal, NamedTuple, cast

from scorepad.core.errors import EntryError, SheetError, quote
from scorepad.core.i18n import Text, join_words, pick, tr
from scorepad.core.numbers import Number, format_points, normalize
from scorepad.core.template import (
    CountLine,
    Line,
    PenaltyLine,
    PointsLine,
    Reading,
    TableLine,
    is_rated,
    signed,
)

if TYPE_CHECKING:
    from scorepad.core.template import GameTemplate

_WHOLE = frozenset({int, type(None)})
_INT = frozenset({int})
_AS_ENTERED = (PointsLine, CountLine, TableLine, PenaltyLine)
"""Lines whose reading of a whole number keeps it as its stored value and its measure
(a count with rates does not: its value is a count with a rate)."""
_POINTS = itemgetter(2)
MAX_ROUNDS = 1000
"""The most rounds a sheet of an open-ended game may hold."""

Ending = Literal["reach", "fall_to"]


class Rounds(NamedTuple):
    """How many rounds a game has and when it ends."""

    fixed: int | None = None
    """A fixed number of rounds (Skull King: 10)."""
    by_players: tuple[tuple[int, int], ...] = ()
    """(players, rounds) for every allowed player count (Wizard: 3 → 20 … 6 → 10)."""
    ending: Ending | None = None
    """The game ends after the round in which someone's running total reaches (or
    passes) ``target``, or falls to (or below) it."""
    target: Number | None = None

    def limit(self, players: int) -> int | None:
        """The number of rounds with ``players`` players; None for open-ended games."""
        if self.fixed is not None:
            return self.fixed
        for count, rounds in self.by_players:
            if count == players:
                return rounds
        return None

    def describe(self, lang: str) -> str:
        """The rule in words: "10 rounds · ends after the last round"."""
        if self.fixed is not None:
            parts = [tr("text.rounds_fixed", lang, count=self.fixed)]
        elif self.by_players:
            table = " · ".join(f"{n} → {r}" for n, r in self.by_players)
            parts = [tr("text.rounds_by_players", lang, table=table)]
        else:
            parts = [tr("text.rounds_open", lang)]
        if self.ending is not None and self.target is not None:
            key = "text.ends_reach" if self.ending == "reach" else "text.ends_fall"
            parts.append(tr(key, lang, target=format_points(self.target)))
        elif self.fixed is not None or self.by_players:
            parts.append(tr("text.ends_last", lang))
        return " · ".join(parts)


class BidRule(NamedTuple):
    """A bid scored against the tricks taken, each round (Skull King, Wizard).

    Met bid: ``hit_base`` + ``hit_per_trick`` × tricks, or ``hit_zero`` × the round's
    number for a met bid of zero when ``hit_zero`` is given; plus the bonus line's entry.
    Missed: ``miss_per_off`` × the tricks off, or ``miss_zero`` × the round's number for a
    missed bid of zero when ``miss_zero`` is given; the bonus is lost.
    """

    key: str
    label: Text
    bid: str
    tricks: str
    bonus: str | None = None
    hit_base: Number = 0
    hit_per_trick: Number = 0
    hit_zero: Number | None = None
    miss_per_off: Number = 0
    miss_zero: Number | None = None

    def points(self, bid: Number, tricks: Number, round_number: int, bonus: Number) -> Number:
        if bid == tricks:
            if bid == 0 and self.hit_zero is not None:
                return self.hit_zero * round_number + bonus
            return self.hit_base + self.hit_per_trick * tricks + bonus
        if bid == 0 and self.miss_zero is not None:
            return self.miss_zero * round_number
        off: Number = bid - tricks if bid > tricks else tricks - bid
        return self.miss_per_off * off

    def describe(self, lang: str) -> str:
        hit = []
        if self.hit_base:
            hit.append(signed(self.hit_base))
        if self.hit_per_trick:
            hit.append(tr("hint.bid_per_trick", lang, points=signed(self.hit_per_trick)))
        if self.hit_zero is not None:
            hit.append(tr("hint.bid_zero", lang, points=signed(self.hit_zero)))
        miss = [tr("hint.bid_per_off", lang, points=signed(self.miss_per_off))]
        if self.miss_zero is not None:
            miss.append(tr("hint.bid_zero", lang, points=signed(self.miss_zero)))
        text = tr("hint.bid", lang, hit=" + ".join(hit) or "0", miss=", ".join(miss))
        if self.bonus is not None:
            text += " · " + tr("hint.bid_bonus", lang)
        return text


class PlayedRounds(NamedTuple):
    """One player's rounds, read and scored."""

    readings: dict[str, Reading]
    """Per-round lines summed over the rounds (value: the tuple of stored entries)."""
    round_points: tuple[Number, ...]
    """What each round added (per-round lines that count, and the bid rule)."""
    bids: Number
    """The bid rule's points over every round."""


def round_count(
    template: GameTemplate,
    variant: str | None,
    names: Sequence[str],
    given: Sequence[Mapping[str, object]],
) -> int:
    """The number of rounds on the sheet: the length of every per-round list, the same for
    every player and line, and within what the game allows."""
    expected: int | None = None
    for name, lines in zip(names, given, strict=True):
        for line in template.lines_for(variant):
            if not line.per_round:
                continue
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
    played = expected or 0
    assert template.rounds is not None
    limit = template.rounds.limit(len(names))
    if limit is not None and played > limit:
        raise SheetError(
            "sheet.too_many_rounds",
            count=played,
            game=quote(template.id),
            limit=limit,
            players=len(names),
        )
    if played > MAX_ROUNDS:
        raise SheetError("sheet.too_many_rounds_open", count=played, limit=MAX_ROUNDS)
    return played


def play_rounds(
    template: GameTemplate,
    lines: Sequence[Line],
    name: str,
    given: Mapping[str, object],
    played: int,
) -> PlayedRounds:
    """Read one player's per-round lines and score each round.

    On the hot path of a long sheet (20 rounds of 8 players is 160 entries a line): an
    entry seen before (a blank or a whole number) is answered from the line's memory of
    readings without a call, as ``scoring.score`` does."""
    readings: dict[str, Reading] = {}
    round_points: list[Number] | None = None
    rule = template.bids
    columns: dict[str, list[Reading]] = {}
    for line in lines:
        raw = given.get(line.key)
        entries: Sequence[object] = raw if isinstance(raw, list | tuple) else (None,) * played
        get = line._memo.get
        row: list[Reading | None]
        kinds = set(map(type, entries))
        if kinds <= _WHOLE:  # blanks and whole numbers: from memory
            row = list(map(get, entries))
        else:  # never looked up by value: True would find 1's reading (True == 1)
            row = [get(entry) if entry is None or type(entry) is int else None for entry in entries]
        if None in row:  # entries not seen before (or not whole numbers): read them
            row = [
                found if found is not None else _read(line, name, number, entry)
                for number, (found, entry) in enumerate(zip(row, entries, strict=True), 1)
            ]
        done = cast(list[Reading], row)
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
        if line.counts:
            if round_points is None:
                round_points = list(points)
            else:
                round_points = [a + b for a, b in zip(round_points, points, strict=True)]
        if rule is not None:
            columns[line.key] = done
        measure: Number = sum(measures)
        total: Number = sum(points)
        if type(measure) is not int or type(total) is not int:
            measure, total = normalize(measure), normalize(total)
        readings[line.key] = Reading(values, measure, total, line.counts)
    if round_points is None:
        round_points = [0] * played
    bid_total: Number = 0
    if rule is not None:
        bids, tricks = columns[rule.bid], columns[rule.tricks]
        bonuses = columns[rule.bonus] if rule.bonus is not None else None
        for index in range(played):
            bonus = bonuses[index].measure if bonuses is not None else 0
            scored = rule.points(bids[index].measure, tricks[index].measure, index + 1, bonus)
            bid_total += scored
            round_points[index] += scored
    if type(sum(round_points)) is not int:  # halves: a Decimal among them
        round_points = [_exact(p) for p in round_points]
        bid_total = _exact(bid_total)
    return PlayedRounds(readings, tuple(round_points), bid_total)


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
    template: GameTemplate, names: Sequence[str], running: Sequence[Sequence[Number]]
) -> Ended:
    """Whether the rounds played finish the game, and, for a target, who ended it when.

    ``running`` holds, for each player, the total after each round. A table may play on
    after the end (house rules): the first round that met the target is the one named."""
    rules = template.rounds
    assert rules is not None
    played = len(running[0]) if running else 0
    limit = rules.limit(len(names))
    target = rules.target
    if target is not None:
        reach = rules.ending == "reach"
        first: int | None = None
        who: list[str] = []
        for name, totals in zip(names, running, strict=True):
            if not totals or (max(totals) < target if reach else min(totals) > target):
                continue  # the common case, settled without a loop in Python
            index = next(i for i, t in enumerate(totals) if (t >= target if reach else t <= target))
            if first is None or index < first:
                first, who = index, [name]
            elif index == first:
                who.append(name)
        if first is not None:
            return Ended(True, first + 1, tuple(who), limit)
    if limit is not None and played >= limit:
        return Ended(True, limit, (), limit)
    finished = limit is None and target is None
    return Ended(finished, None, (), limit)


def round_note(
    template: GameTemplate,
    played: int,
    ended: Ended,
    lang: str,
) -> str | None:
    """The sentence under a round game's result: who ended it, or that it is unfinished."""
    rules = template.rounds
    if rules is None:
        return None
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


def label_of(template: GameTemplate, lang: str) -> str:
    assert template.bids is not None
    return pick(template.bids.label, lang)
