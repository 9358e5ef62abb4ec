"""Stats by period: a year or a month of the history, and a player's figures over time.

A ``Period`` is a span of days, ``start`` inclusive and ``end`` exclusive, so that a play
at 23:59 on the last day of a month is in that month and one at midnight is in the next.
All time is no period at all (None). Its key is how it travels in a route and on the
command line: "2024" for a year, "2024-05" for a month, "" for all time.

Over time, a player's plays are counted per day (a month shown), per month (a year, or a
history of up to ``MONTHS_AT_MOST`` months) or per year (a longer history); win rates and
averages are exact fractions, for the screen to round or a chart to turn into floats at
the very last step.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from fractions import Fraction
from typing import Literal

from scorepad.core.errors import ScorepadError, quote

Grain = Literal["day", "month", "year"]

MONTHS_AT_MOST = 36
"""A history spanning more months than this is shown per year over all time."""

_KEY = re.compile(r"(\d{4})(?:-(\d{2}))?")


@dataclass(frozen=True, slots=True)
class Period:
    """The days from ``start`` up to (not including) ``end``."""

    start: date
    end: date

    @classmethod
    def year(cls, year: int) -> Period:
        return cls(date(year, 1, 1), date(year + 1, 1, 1))

    @classmethod
    def month(cls, year: int, month: int) -> Period:
        after = date(year + 1, 1, 1) if month == 12 else date(year, month + 1, 1)
        return cls(date(year, month, 1), after)

    @property
    def is_month(self) -> bool:
        return (
            self.start.day == 1 and self.end == Period.month(self.start.year, self.start.month).end
        )

    @property
    def key(self) -> str:
        """ "2024" for a year, "2024-05" for a month (``parse_period`` reads it back)."""
        if self.is_month:
            return f"{self.start.year:04d}-{self.start.month:02d}"
        return f"{self.start.year:04d}"

    def bounds(self) -> tuple[datetime, datetime]:
        """The first moment in the period and the first one after it."""
        return (
            datetime(self.start.year, self.start.month, self.start.day),
            datetime(self.end.year, self.end.month, self.end.day),
        )

    def holds(self, when: datetime | date) -> bool:
        day = when.date() if isinstance(when, datetime) else when
        return self.start <= day < self.end


class PeriodError(ScorepadError):
    """A period that is neither a year ("2024") nor a month ("2024-05")."""


def parse_period(text: str | None) -> Period | None:
    """The period a key names ("2024", "2024-05"); None (all time) for "" or None."""
    if text is None or not text.strip():
        return None
    found = _KEY.fullmatch(text.strip())
    if found is None:
        raise PeriodError("stats.bad_period", value=quote(text))
    year, month = int(found.group(1)), found.group(2)
    if year < 1:
        raise PeriodError("stats.bad_period", value=quote(text))
    if month is None:
        return Period.year(year)
    if not 1 <= int(month) <= 12:
        raise PeriodError("stats.bad_period", value=quote(text))
    return Period.month(year, int(month))


def grain_for(period: Period | None, first: date | None, last: date | None) -> Grain:
    """How a player's figures are grouped over time: by day within a month, by month
    within a year or a short history, by year over a long one."""
    if period is not None:
        return "day" if period.is_month else "month"
    if first is None or last is None:
        return "month"
    months = (last.year - first.year) * 12 + last.month - first.month + 1
    return "year" if months > MONTHS_AT_MOST else "month"


def bucket(when: datetime | date, grain: Grain) -> date:
    """The first day of the day, month or year ``when`` falls in."""
    if grain == "day":
        return date(when.year, when.month, when.day)
    if grain == "month":
        return date(when.year, when.month, 1)
    return date(when.year, 1, 1)


def after(start: date, grain: Grain) -> date:
    """The first day of the next day, month or year after the one from ``start``."""
    if grain == "day":
        return start + timedelta(days=1)
    if grain == "month":
        return (
            date(start.year + 1, 1, 1)
            if start.month == 12
            else date(start.year, start.month + 1, 1)
        )
    return date(start.year + 1, 1, 1)


@dataclass(frozen=True, slots=True)
class TimePoint:
    """A player's plays in one day, month or year (from ``start``).

    ``plays`` and ``wins`` count the plays each played for themselves or in teams (the
    co-operative ones are counted apart, as in a player's stats); ``scored`` and
    ``total_halves`` the totals of those with a score (in half-points)."""

    start: date
    plays: int = 0
    wins: int = 0
    scored: int = 0
    total_halves: int = 0

    @property
    def win_rate(self) -> Fraction | None:
        """Wins per play, exactly (None without a play)."""
        return Fraction(self.wins, self.plays) if self.plays else None

    @property
    def average(self) -> Fraction | None:
        """The average total, exactly (None without a score)."""
        return Fraction(self.total_halves, 2 * self.scored) if self.scored else None


def timeline(
    rows: Iterable[tuple[datetime, bool, bool, int | None]], grain: Grain
) -> tuple[TimePoint, ...]:
    """A player's results ``(played_at, counted, won, total in half-points or None)``
    grouped by ``grain``, oldest first, every day, month or year from the first to the
    last one played (those without a play empty: a chart's axis keeps to time). A row
    not ``counted`` (a co-operative play) is left out; a total is left out where it is
    None."""
    found: dict[date, list[int]] = {}
    for when, counted, won, halves in rows:
        if not counted:
            continue
        tally = found.setdefault(bucket(when, grain), [0, 0, 0, 0])
        tally[0] += 1
        tally[1] += 1 if won else 0
        if halves is not None:
            tally[2] += 1
            tally[3] += int(halves)
    if not found:
        return ()
    points, start, last = [], min(found), max(found)
    while start <= last:
        points.append(TimePoint(start, *found.get(start, (0, 0, 0, 0))))
        start = after(start, grain)
    return tuple(points)


@dataclass(frozen=True, slots=True)
class Timeline:
    """A player's figures over time: by ``grain``, the days, months or years they played."""

    grain: Grain
    points: tuple[TimePoint, ...] = ()
