"""The rulebook's impossibilities between lines, as data (a game file's ``checks``).

Two forms:
- ``when``/``then``: when any (or all) of some lines lie within a range, all the ``then``
  lines must lie within theirs (Azul: 5 complete rows, columns or colours means a full
  wall, so all three are 5);
- ``sum``: a weighted sum of lines stays within a range (Ticket to Ride: the routes of a
  player use at most their 45 trains).

Lines are compared on their measure (a count, an amount, 1/0 for yes/no). A sheet that
breaks a check is refused with one sentence naming the player, the lines and the
rulebook's reason (the file's ``why``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, NamedTuple

from scorepad.core.errors import SheetError
from scorepad.core.i18n import Text
from scorepad.core.lines import Reading
from scorepad.core.numbers import Number


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


def check_player(checks: tuple[Check, ...], name: str, readings: Mapping[str, Reading]) -> None:
    """A SheetError for the first of ``checks`` (those of the sheet's variant) that a
    player's sheet breaks."""
    for check in checks:
        if check.broken(readings):
            lines = ", ".join(check.keys)
            raise SheetError(
                "check.broken", player=name, lines=lines, why=check.why, keys=check.keys
            )
