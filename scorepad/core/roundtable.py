"""A round game's sheet read at once, when every per-round list holds whole numbers that
its line reads as they are (``Line.whole_range``) or looks up (``Line.whole_table``:
Sushi Go's tempura pairs, sashimi sets, dumplings).

Each list is checked (a list of whole numbers, of the sheet's length, each within the
line's range or table) and its points looked up, without the calls per entry and per
line that ``play_rounds`` makes for any kind of entry. Any other sheet (a blank, a text,
a number out of range, lists of different lengths, a bid rule …) gets None and is read
entry by entry there, which names the entry it refuses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from operator import add, neg
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from scorepad.core.template import Reading, RoundPlan

if TYPE_CHECKING:
    from scorepad.core.rounds import PlayedRounds

_new_reading = cast("Callable[[Iterable[object]], Reading]", partial(tuple.__new__, Reading))
"""A Reading from its fields, as ``Reading._make`` makes it, without a call in Python."""


class TableRounds(NamedTuple):
    """A whole sheet's per-round lines, read at once (``table_rounds``)."""

    players: list[PlayedRounds]
    """Each player's rounds as ``rounds.play_rounds`` gives them: readings in sheet order,
    each round's points, no bid points, the least and the most any one round added."""
    played: int
    """The number of rounds: the length of every list (not yet checked against what the
    game allows: ``rounds.rounds_within``)."""


def table_rounds(plan: RoundPlan, given: Sequence[Mapping[str, object]]) -> TableRounds | None:
    """Every player's per-round lines read and scored, or None when the sheet is not one
    of whole numbers within each line's range or table (see the module's docstring).
    Every list of the same length, as ``round_count`` wants them; whole points only, so
    no total needs normalizing (the caller still checks them against ``TOTAL_LIMIT``).
    (A loop per player: with a table's few players and rounds it beats building lists
    for the whole table at once.)"""
    played = -1
    readings: list[dict[str, Reading]] = [{} for _ in given]
    each_round: list[tuple[int, ...] | None] = [None] * len(given)
    for line, plain, table in plan:
        if plain is not None:
            low, high, sign = plain
        elif table is not None:
            low, high, sign = 0, len(table) - 1, 2  # 2: looked up in the table
        else:
            return None
        key, counts = line.key, line.counts
        for index, lines in enumerate(given):
            raw: Any = lines.get(key)
            kind = type(raw)
            if kind is not list and kind is not tuple:
                return None
            if len(raw) != played:
                if played >= 0 or not raw:
                    return None
                played = len(raw)
            for entry in raw:
                if type(entry) is not int or entry < low or entry > high:
                    return None
            values: tuple[int, ...] = tuple(raw)
            measure = sum(values)
            if not counts:
                readings[index][key] = _new_reading((values, measure, 0, False))
                continue
            if sign == 0:  # points handed out later, between players (an award)
                readings[index][key] = _new_reading((values, measure, 0, True))
                continue
            if sign == 2:
                assert table is not None
                points = tuple(map(table.__getitem__, values))
            elif sign == 1:
                points = values
            else:
                points = tuple(map(neg, values))
            readings[index][key] = _new_reading((values, measure, sum(points), True))
            before = each_round[index]
            each_round[index] = points if before is None else tuple(map(add, before, points))
    if played < 0:
        return None
    players: list[PlayedRounds] = []
    for read, points_now in zip(readings, each_round, strict=True):
        if points_now is None:
            points_now = (0,) * played
        players.append((read, points_now, 0, min(points_now), max(points_now)))
    return TableRounds(players, played)
