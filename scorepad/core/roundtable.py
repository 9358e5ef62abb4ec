"""A round game's sheet read line by line across the table, when every per-round list
holds whole numbers that its line reads as they are (``Line.whole_range``) or looks up
(``Line.whole_table``: Sushi Go's tempura pairs, sashimi sets, dumplings).

Each line's lists are checked for the whole table at once, by their kinds, their lengths
and their smallest and largest entry, and their points looked up: no call in Python per
entry or per player, which is what a five-player sheet of several such lines costs in
``play_rounds``. Any other sheet (a blank, a text, a number out of range, lists of
different lengths, a bid rule …) gets None and is read entry by entry there, which names
the entry it refuses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from itertools import chain, repeat
from operator import add, neg
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from scorepad.core.template import Reading, RoundPlan

if TYPE_CHECKING:
    from scorepad.core.rounds import PlayedRounds

_LISTS = frozenset({list, tuple})
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
    no total needs normalizing (the caller still checks them against ``TOTAL_LIMIT``)."""
    played = -1
    keys: list[str] = []
    columns: list[list[Reading]] = []  # per line, each player's reading
    flat_total: list[int] | None = None  # each player's points of each round, one after another
    for line, plain, table in plan:
        if plain is None and table is None:
            return None
        lists: list[Any] = [lines.get(line.key) for lines in given]
        if not set(map(type, lists)) <= _LISTS:
            return None
        lengths = set(map(len, lists))
        length = lengths.pop()
        if lengths or length != (played if played >= 0 else length) or not length:
            return None
        played = length
        entries: list[Any] = list(chain.from_iterable(lists))
        if list(map(type, entries)).count(int) != len(entries):
            return None
        low, high = min(entries), max(entries)
        if plain is not None and (low < plain[0] or high > plain[1]):
            return None
        if table is not None and (low < 0 or high >= len(table)):
            return None
        values: list[tuple[int, ...]] = list(map(tuple, lists))
        measures = list(map(sum, values))
        if not line.counts:
            fields = zip(values, measures, repeat(0), repeat(False))
        else:
            flat: list[int] | None
            if table is not None:
                flat = list(map(table.__getitem__, entries))
                sums = list(map(sum, _by_player(flat, played)))
            elif plain is not None and plain[2] == 1:
                flat, sums = entries, measures
            elif plain is not None and plain[2] == 0:  # points handed out later (an award)
                flat, sums = None, [0] * len(values)
            else:
                flat, sums = list(map(neg, entries)), list(map(neg, measures))
            if flat is not None:
                flat_total = flat if flat_total is None else list(map(add, flat_total, flat))
            fields = zip(values, measures, sums, repeat(True))
        keys.append(line.key)
        columns.append(list(map(_new_reading, fields)))
    if played < 0:
        return None
    by_player = zip(*columns, strict=True)  # each player's readings, in sheet order
    readings: list[dict[str, Reading]] = list(map(dict, map(zip, repeat(keys), by_player)))
    each_round: list[tuple[int, ...]]
    if flat_total is None:
        each_round = [(0,) * played] * len(given)
    else:
        each_round = _by_player(flat_total, played)
    least, most = map(min, each_round), map(max, each_round)
    players = list(zip(readings, each_round, repeat(0), least, most, strict=False))
    return TableRounds(cast("list[PlayedRounds]", players), played)


def _by_player(flat: list[int], played: int) -> list[tuple[int, ...]]:
    """``flat`` (each player's rounds, one player after another) cut into one tuple per
    player."""
    return list(zip(*[iter(flat)] * played, strict=True))
