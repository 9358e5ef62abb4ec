"""The rulebook's impossibilities between lines, players and rounds, as data (a game
file's ``checks``).

Four forms, the first two on each player's own lines, the last two between players:
- ``when``/``then``: when any (or all) of some lines lie within a range, all the ``then``
  lines must lie within theirs (Azul: 5 complete rows, columns or colours means a full
  wall, so all three are 5);
- ``sum``: a weighted sum of lines stays within a range (Ticket to Ride: the routes of a
  player use at most their 45 trains);
- ``table_sum``: the weighted sum of lines over every player stays within a range
  (Splendor: at most players + 1 nobles are dealt);
- ``players_with``/``at_most``: at most so many players have a line within a range
  (7 Wonders Duel: one player at most scores military).

A range's end is a number or ``Bound``, worked out from the table: players × a, the
round's cards dealt × b, plus c. A check whose lines are filled round by round holds in
each round on its own (Skull King: the tricks of a round add up to its cards dealt).

Lines are compared on their measure (a count, an amount, 1/0 for yes/no). A sheet that
breaks a check is refused with one sentence naming the player (or players), the round,
the lines and the rulebook's reason (the file's ``why``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Literal, NamedTuple

from scorepad.core.errors import SheetError
from scorepad.core.i18n import Text
from scorepad.core.lines import Line, Reading
from scorepad.core.numbers import Number
from scorepad.core.roundrules import Rounds


class Bound(NamedTuple):
    """A range's end that depends on the table: ``players`` × the number of players +
    ``cards`` × the cards each player is dealt in the round + ``add``."""

    players: Number = 0
    cards: Number = 0
    add: Number = 0

    def at(self, players: int, cards: int) -> Number:
        return self.players * players + self.cards * cards + self.add


End = Number | Bound | None


def _end(end: End, players: int, cards: int) -> Number | None:
    return end.at(players, cards) if isinstance(end, Bound) else end


def fixed_end(end: End) -> Number | None:
    """A range's end as a ``Span`` holds it before the table is known (a ``Bound``: none)."""
    return None if isinstance(end, Bound) else end


class Span(NamedTuple):
    lines: tuple[str, ...]
    low: Number | None
    high: Number | None

    def holds(self, value: Number) -> bool:
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)


class Check(NamedTuple):
    why: Text
    then: Span
    when: Span | None = None
    match: Literal["any", "all"] = "any"
    weights: tuple[tuple[str, Number], ...] = ()
    """A ``sum`` check: each line with its weight (``then`` holds the range)."""
    keys: tuple[str, ...] = ()
    """Every line the check reads, in the file's order (``made`` fills it in)."""
    table: bool = False
    """A check between players (``table_sum``, ``players_with``), not on each player's own."""
    at_most: int | None = None
    """``players_with``: how many players at most may have ``then``'s lines in range."""
    per_round: bool = False
    """Its lines are filled round by round: it holds in each round on its own."""
    ends: tuple[End, ...] = ()
    """When a range's end is a ``Bound``: every end as the file gives it (``then``'s
    low and high, then ``when``'s), worked out from the table (``at``) before use."""

    @property
    def plain(self) -> bool:
        """A check of each player's own lines filled once, with number ends: ``broken``
        reads it straight from a player's readings."""
        return not (self.table or self.per_round or self.ends)

    def at(self, players: int, cards: int) -> Check:
        """The check with its ``Bound`` ends worked out for the table (and the round)."""
        if not self.ends:
            return self
        low, high, *when_ends = (_end(end, players, cards) for end in self.ends)
        then = self.then._replace(low=low, high=high)
        when = self.when
        if when is not None:
            when = when._replace(low=when_ends[0], high=when_ends[1])
        return self._replace(then=then, when=when, ends=())

    def made(self) -> Check:
        """The check with ``keys`` worked out once, for the messages and the variants."""
        if self.weights:
            return self._replace(keys=tuple(k for k, _ in self.weights))
        found = dict.fromkeys((*(self.when.lines if self.when else ()), *self.then.lines))
        return self._replace(keys=tuple(found))

    def broken(self, readings: Mapping[str, Reading]) -> bool:
        """True when the entries break the check (written out as loops: it runs for every
        player of every sheet of its game)."""
        if self.weights:
            total: Number = 0
            for key, weight in self.weights:
                total += readings[key].measure * weight
            return not self.then.holds(total)
        when = self.when
        if when is not None:
            low, high = when.low, when.high
            if self.match == "any":
                for key in when.lines:
                    value = readings[key].measure
                    if (low is None or value >= low) and (high is None or value <= high):
                        break
                else:
                    return False
            else:
                for key in when.lines:
                    value = readings[key].measure
                    if (low is not None and value < low) or (high is not None and value > high):
                        return False
        low, high = self.then.low, self.then.high
        for key in self.then.lines:
            value = readings[key].measure
            if (low is not None and value < low) or (high is not None and value > high):
                return True
        return False

    def table_broken(self, table: Sequence[Mapping[str, Reading]]) -> tuple[int, ...]:
        """The players (by seat) a check between players finds in fault: () when it holds.
        ``table_sum``: the players whose lines add to the sum (every player when none
        does); ``players_with``: the players who have the lines in range."""
        if self.weights:
            each = [
                sum([read[key].measure * weight for key, weight in self.weights], start=0)
                for read in table
            ]
            if self.then.holds(sum(each, start=0)):
                return ()
            return tuple(i for i, v in enumerate(each) if v) or tuple(range(len(table)))
        span = self.then
        low, high = span.low, span.high
        hits = []
        for seat, read in enumerate(table):
            inside = [
                (low is None or read[key].measure >= low)
                and (high is None or read[key].measure <= high)
                for key in span.lines
            ]
            if any(inside) if self.match == "any" else all(inside):
                hits.append(seat)
        assert self.at_most is not None
        return tuple(hits) if len(hits) > self.at_most else ()


class Broken(NamedTuple):
    """A check a sheet breaks: the players in fault (by seat) and the round (from 1; None
    for a check of lines filled once)."""

    check: Check
    seats: tuple[int, ...]
    round: int | None = None

    def error(self, names: Sequence[str]) -> SheetError:
        """The sentence naming the player (or players), the round, the lines and the why."""
        check = self.check
        lines = ", ".join(check.keys)
        fields: dict[str, object] = {"lines": lines, "why": check.why, "keys": check.keys}
        if check.table:
            fields["players"] = ", ".join(names[i] for i in self.seats)
        else:
            fields["player"] = names[self.seats[0]]
        if self.round is not None:
            fields["round"] = self.round
        key = "check.table" if check.table else "check.broken"
        return SheetError(key + ("_round" if self.round is not None else ""), **fields)


def broken_checks(
    checks: Sequence[Check],
    lines: Mapping[str, Line],
    table: Sequence[Mapping[str, Reading]],
    rounds: Rounds | None = None,
) -> Iterator[Broken]:
    """Every check the table's entries break, in the checks' order, then by round, then
    by seat. ``table``: each player's readings by line key (a per-round line's value is
    its entries, one per round); ``rounds``: the game's rounds, which say the cards each
    player is dealt in a round."""
    players = len(table)
    for check in checks:
        if not check.per_round:
            ready = check.at(players, 0)
            if ready.table:
                seats = ready.table_broken(table)
                if seats:
                    yield Broken(check, seats)
                continue
            for seat, read in enumerate(table):
                if ready.broken(read):
                    yield Broken(check, (seat,))
            continue
        played = max(
            (len(_entries(read[k].value)) for read in table for k in check.keys), default=0
        )
        for number in range(1, played + 1):
            cards = (rounds.cards_in(number, players) if rounds is not None else None) or 0
            ready = check.at(players, cards)
            in_round = [_round_readings(read, check.keys, lines, number) for read in table]
            if ready.table:
                seats = ready.table_broken(in_round)
                if seats:
                    yield Broken(check, seats, number)
                continue
            for seat, read in enumerate(in_round):
                if ready.broken(read):
                    yield Broken(check, (seat,), number)


def _entries(value: object) -> Sequence[object]:
    return value if isinstance(value, list | tuple) else ()


def _round_readings(
    read: Mapping[str, Reading], keys: tuple[str, ...], lines: Mapping[str, Line], number: int
) -> dict[str, Reading]:
    """A player's readings of ``keys`` in one round (a blank entry reads as blank)."""
    found = {}
    for key in keys:
        entries = _entries(read[key].value)
        entry = entries[number - 1] if number <= len(entries) else None
        found[key] = lines[key].reading(entry)
    return found


def check_player(checks: tuple[Check, ...], name: str, readings: Mapping[str, Reading]) -> None:
    """A SheetError for the first of ``checks`` (those of the sheet's variant) that a
    player's sheet breaks."""
    for check in checks:
        if check.broken(readings):
            lines = ", ".join(check.keys)
            raise SheetError(
                "check.broken", player=name, lines=lines, why=check.why, keys=check.keys
            )
