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

from collections.abc import Mapping, Sequence
from operator import add, neg
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from scorepad.core.awards import AwardLine, award_points
from scorepad.core.numbers import TOTAL_LIMIT
from scorepad.core.template import Reading, RoundPlan, new_reading

if TYPE_CHECKING:
    from scorepad.core.rounds import PlayedRounds


class TableRounds(NamedTuple):
    """A whole sheet's per-round lines, read at once (``table_rounds``)."""

    players: list[PlayedRounds]
    """Each player's rounds as ``rounds.play_rounds`` gives them: readings in sheet order,
    each round's points, no bid points, the least and the most any one round added.
    When award lines were handed out here (``awarded``), their points are in the readings
    and the rounds' points, but not in the least and the most: those bound the points
    before any award, which is what ``scoring`` checks against ``TOTAL_LIMIT`` (as it
    did when ``sheetrules.apply_rules`` handed them out after it)."""
    played: int
    """The number of rounds: the length of every list (not yet checked against what the
    game allows: ``rounds.rounds_within``)."""
    awarded: list[int] | None = None
    """Per player, the points of the per-round award lines handed out here (Sushi Go's
    maki), or None when there were none to hand out (or ``hand_out`` was False): then
    ``apply_rules`` hands them out, as for a sheet read entry by entry."""


def table_rounds(
    plan: RoundPlan, given: Sequence[Mapping[str, object]], hand_out: bool = True
) -> TableRounds | None:
    """Every player's per-round lines read and scored, or None when the sheet is not one
    of whole numbers within each line's range or table (see the module's docstring).
    Every list of the same length, as ``round_count`` wants them; whole points only, so
    no total needs normalizing (the caller still checks them against ``TOTAL_LIMIT``).
    (A loop per player: with a table's few players and rounds it beats building lists
    for the whole table at once.)

    ``hand_out``: the award lines filled per round (Sushi Go's maki) get their points
    here, round by round, once every player's list of the line is read, rather than by
    ``apply_rules`` going over every player's readings and running totals again. Only
    award lines whose points are whole and that leave the measures as they are
    (``AwardLine.whole_points``); a sheet with lines of both kinds gets None (read entry
    by entry), as does one on which a player's rounds before the awards could pass
    ``TOTAL_LIMIT``: the caller checks the rounds without the awards."""
    played = -1
    readings: list[dict[str, Reading]] = [{} for _ in given]
    each_round: list[tuple[int, ...] | None] = [None] * len(given)
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
        key, counts = line.key, line.counts
        quantities: list[tuple[int, ...]] = []
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
                readings[index][key] = new_reading((values, measure, 0, False))
                continue
            if sign == 0:  # points handed out between players (an award): below or later
                readings[index][key] = new_reading((values, measure, 0, True))
                quantities.append(values)
                continue
            if sign == 2:
                assert table is not None
                points = tuple(map(table.__getitem__, values))
            elif sign == 1:
                points = values
            else:
                points = tuple(map(neg, values))
            readings[index][key] = new_reading((values, measure, sum(points), True))
            before = each_round[index]
            each_round[index] = points if before is None else tuple(map(add, before, points))
        if not quantities:
            continue
        assert isinstance(line, AwardLine)
        if not (hand_out and line.whole_points):
            kept = True
            continue
        rounds = [award_points(line, column) for column in zip(*quantities, strict=True)]
        by_player = cast(list[tuple[int, ...]], list(zip(*rounds, strict=True)))
        won = list(map(sum, by_player))
        for read, points_won in zip(readings, won, strict=True):
            old = read[key]
            read[key] = new_reading((old.value, old.measure, points_won, True))
        if awards is None or awarded is None:
            awards, awarded = by_player, won
        else:
            awards = [tuple(map(add, a, b)) for a, b in zip(awards, by_player, strict=True)]
            awarded = list(map(add, awarded, won))
    if played < 0 or (kept and awards is not None):
        return None
    players: list[PlayedRounds] = []
    for index, (read, points_now) in enumerate(zip(readings, each_round, strict=True)):
        if points_now is None:
            points_now = (0,) * played
        least, most = min(points_now), max(points_now)
        if awards is not None:
            if played * most > TOTAL_LIMIT or played * least < -TOTAL_LIMIT:
                return None  # checked round by round without the awards: entry by entry
            points_now = tuple(map(add, points_now, awards[index]))
        players.append((read, points_now, 0, least, most))
    return TableRounds(players, played, awarded)
