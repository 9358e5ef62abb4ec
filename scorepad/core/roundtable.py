"""A round game's sheet read at once, when every per-round list holds whole numbers that
its line reads as they are (``Line.whole_range``) or looks up (``Line.whole_table``:
Sushi Go's tempura pairs, sashimi sets, dumplings).

Each list is checked (a list of whole numbers, of the sheet's length, each within the
line's range or table) and its points looked up, without the calls per entry and per
line that ``play_rounds`` makes for any kind of entry. Any other sheet (a blank, a text,
a number out of range, lists of different lengths, a bid rule …) gets None and is read
entry by entry there, which names the entry it refuses.

An award line filled per round (Sushi Go's maki) is handed out here too, round by round,
once the whole table's lists of it are read (``table_rounds``: ``hand_out``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import repeat
from operator import add, neg
from typing import Any, NamedTuple, cast

from scorepad.core.awards import AwardLine, award_points
from scorepad.core.lines import Reading, RoundPlan, new_reading
from scorepad.core.numbers import TOTAL_LIMIT, Number
from scorepad.core.rounds import FEW_ENTRIES, whole_within

_LISTS = frozenset({list, tuple})


class TableRounds(NamedTuple):
    """A whole sheet's per-round lines, read at once (``table_rounds``)."""

    readings: list[dict[str, Reading]]
    """Each player's readings of the per-round lines, in sheet order."""
    rounds: list[tuple[int, ...]]
    """Each player's points, round by round. When award lines were handed out here
    (``awarded``), their points are in the readings and the rounds' points, but not in
    ``least`` and ``most``: those bound the points before any award, which is what
    ``scoring`` checks against ``TOTAL_LIMIT`` (as it did when
    ``sheetrules.apply_rules`` handed them out after it)."""
    least: Number
    most: Number
    """Bounds of what any one round adds to anyone's total, before the awards."""
    played: int
    """The number of rounds: the length of every list (not yet checked against what the
    game allows: ``rounds.rounds_within``)."""
    awarded: list[int] | None = None
    """Per player, the points of the per-round award lines handed out here (Sushi Go's
    maki), or None when there were none to hand out (or ``hand_out`` was False): then
    ``apply_rules`` hands them out, as for a sheet read entry by entry."""
    running: list[tuple[int, ...]] | None = None
    """Each player's running totals, when one line alone counts, its entries as they are,
    and the check worked them out (``rounds.whole_within``); else None."""


def table_rounds(
    plan: RoundPlan, given: Sequence[Mapping[str, object]], hand_out: bool = True
) -> TableRounds | None:
    """Every player's per-round lines read and scored, or None when the sheet is not one
    of whole numbers within each line's range or table (see the module's docstring).
    Every list of the same length, as ``round_count`` wants them; whole points only, so
    no total needs normalizing (the caller still checks them against ``TOTAL_LIMIT``).
    Each line's lists are checked for the whole table at once (``_column``), then read
    and scored (``_scored``).

    ``hand_out``: the award lines filled per round (Sushi Go's maki) get their points
    here, round by round, once every player's list of the line is read, rather than by
    ``apply_rules`` going over every player's readings and running totals again. Only
    award lines whose points are whole and that leave the measures as they are
    (``AwardLine.whole_points``); a sheet with lines of both kinds gets None (read entry
    by entry), as does one on which a player's rounds before the awards could pass
    ``TOTAL_LIMIT``: the caller checks the rounds without the awards."""
    played = -1
    readings: list[dict[str, Reading]] = []  # each player's, made with the first line
    each_round: list[tuple[int, ...]] | None = None  # each player's points by round
    running: list[tuple[int, ...]] | None = None  # and their running totals, when known
    least: Number = 0  # bounds of what any one round adds to anyone, before the awards
    most: Number = 0
    awards: list[tuple[int, ...]] | None = None  # each player's awards by round
    awarded: list[int] | None = None  # and over every round
    kept = False  # an award line left to ``apply_rules``
    for line, plain, table in plan:
        if plain is not None:
            low, high, sign = plain
        elif table is not None:
            low, high, sign = 0, len(table) - 1, 2  # 2: looked up in the table
        else:
            return None
        key = line.key
        column = _column(given, key, played, low, high)
        if column is None:
            return None
        values, measures, after = column
        played = len(values[0])
        if not line.counts or sign == 0:  # not counted, or an award: points below or later
            counted = line.counts
            award = line if isinstance(line, AwardLine) and line.whole_points else None
            if not (counted and hand_out and award is not None):
                _put(readings, key, zip(values, measures, repeat(0), repeat(counted)))
                kept = kept or counted  # an award left to ``apply_rules``
                continue
            by_player = _hand_out(award, values)
            won = list(map(sum, by_player))
            _put(readings, key, zip(values, measures, won, repeat(True)))
            if awards is None or awarded is None:
                awards, awarded = by_player, won
            else:
                awards = [tuple(map(add, a, b)) for a, b in zip(awards, by_player, strict=True)]
                awarded = list(map(add, awarded, won))
            continue
        # what a round of the line adds lies within what its range or table gives
        if sign == 1:
            least, most = least + low, most + high
        elif sign == -1:
            least, most = least - high, most - low
        else:
            assert table is not None
            lowest, highest = _bounds(table)
            least, most = least + lowest, most + highest
        if sign == 1 and each_round is None:  # the entries as they are: no points to work out
            _put(readings, key, zip(values, measures, measures, repeat(True)))
            each_round, running = values, after  # one line so far
            continue
        running = None
        each_round = _scored(readings, key, (values, measures), (sign, table), each_round)
    if played < 0 or (kept and awards is not None):
        return None
    if each_round is None:
        each_round = [(0,) * played] * len(given)
    if awards is None:  # as ``TableRounds._make``, without its call in Python
        return tuple.__new__(
            TableRounds, (readings, each_round, least, most, played, None, running)
        )
    return _played(readings, each_round, (awards, awarded), (least, most))


def _put(
    readings: list[dict[str, Reading]], key: str, fields: Iterable[tuple[object, ...]]
) -> None:
    """Each player's reading of line ``key``, from its fields (value, measure, points,
    counts), one player after another (the first line read makes each player's dict)."""
    if not readings:
        readings += [{key: reading} for reading in map(new_reading, fields)]
        return
    for read, reading in zip(readings, map(new_reading, fields), strict=True):
        read[key] = reading


def _column(
    given: Sequence[Mapping[str, object]], key: str, played: int, low: Number, high: Number
) -> tuple[list[tuple[int, ...]], list[int], list[tuple[int, ...]] | None] | None:
    """Each player's list of one line, its sum and, when worked out on the way, its
    running totals (else None), when every one is a list of ``played`` whole numbers (any
    length for the first line read, ``played`` < 0, but not none) within ``low`` …
    ``high`` (``rounds.whole_within``); else None. A small table's lists are taken one
    by one and only summed, a large one's all at once: each is the quicker for its size."""
    first: Any = given[0].get(key) if given else None
    if type(first) is not list and type(first) is not tuple:
        return None
    length = len(first) if played < 0 else played
    if not length:
        return None
    if length * len(given) <= FEW_ENTRIES:
        values: list[tuple[int, ...]] = []
        sums: list[int] = []
        for lines in given:
            raw: Any = lines.get(key)
            if (type(raw) is not list and type(raw) is not tuple) or len(raw) != length:
                return None
            for entry in raw:
                if type(entry) is not int or entry < low or entry > high:
                    return None
            row = tuple(raw)
            values.append(row)
            sums.append(sum(row))
        return values, sums, None
    lists: list[Any] = [lines.get(key) for lines in given]
    if not set(map(type, lists)) <= _LISTS or set(map(len, lists)) != {length}:
        return None
    rows = list(map(tuple, lists))
    found = whole_within(rows, low, high)
    if found is None:
        return None
    return rows, found[1], found[0]


def _scored(
    readings: list[dict[str, Reading]],
    key: str,
    column: tuple[list[tuple[int, ...]], list[int]],
    how: tuple[int, tuple[int, ...] | None],
    before: list[tuple[int, ...]] | None,
) -> list[tuple[int, ...]]:
    """A line that counts read for each player (``column``: their lists and sums) and
    scored: the entries as they are (``how``: sign 1), taken away (-1) or looked up in
    the line's table (2); each player's reading put in ``readings``. Gives each player's
    points by round, the line's added to those of the lines before (``before``)."""
    sign, table = how
    if not readings:  # the first line read
        readings += [{} for _ in column[0]]
    look = table.__getitem__ if table is not None else None
    points: tuple[int, ...]
    rounds: list[tuple[int, ...]] = []
    for read, row, measure, earlier in zip(
        readings, *column, before if before is not None else repeat(None), strict=False
    ):
        if sign == 1:
            points, total = row, measure
        elif look is not None:  # sign 2
            points = tuple(map(look, row))
            total = sum(points)
        else:
            points, total = tuple(map(neg, row)), -measure
        read[key] = new_reading((row, measure, total, True))
        rounds.append(points if earlier is None else tuple(map(add, earlier, points)))
    return rounds


_TABLE_BOUNDS: dict[int, tuple[tuple[int, ...], int, int]] = {}
"""The least and the most points of each line table met (``Line.whole_table``), by its
id, with the table itself to check it is the same one; at most ``TABLE_BOUNDS``."""
TABLE_BOUNDS = 256


def _bounds(table: tuple[int, ...]) -> tuple[int, int]:
    """The least and the most points in a line's table, worked out once per table."""
    found = _TABLE_BOUNDS.get(id(table))
    if found is None or found[0] is not table:
        found = (table, min(table), max(table))
        if len(_TABLE_BOUNDS) >= TABLE_BOUNDS:
            _TABLE_BOUNDS.clear()
        _TABLE_BOUNDS[id(table)] = found
    return found[1], found[2]


def _hand_out(line: AwardLine, values: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """An award line's points, round by round, for each player."""
    rounds = [award_points(line, column) for column in zip(*values, strict=True)]
    return cast(list[tuple[int, ...]], list(zip(*rounds, strict=True)))


def _played(
    readings: list[dict[str, Reading]],
    each_round: list[tuple[int, ...]],
    handed: tuple[list[tuple[int, ...]], list[int] | None],
    bounds: tuple[Number, Number],
) -> TableRounds | None:
    """The table's rounds with the awards handed out (``handed``: each player's by
    round, and over every round), with ``bounds``: the least and the most any one round
    adds to anyone before the awards; None when the awards could hide a total past the
    limit."""
    least, most = bounds
    awards, awarded = handed
    played = len(each_round[0]) if each_round else 0
    if played * most > TOTAL_LIMIT or played * least < -TOTAL_LIMIT:
        return None  # checked round by round without the awards: entry by entry
    each_round = [tuple(map(add, a, b)) for a, b in zip(each_round, awards, strict=True)]
    return tuple.__new__(  # as ``TableRounds._make``, without its call in Python
        TableRounds, (readings, each_round, least, most, played, awarded, None)
    )
