"""Seasons: a named date range of the history, and its standings.

A season runs from its first day to its last, both included (plays are placed by the
day they ended). Its standings count, for each named player who played in it, the plays,
the wins and the points per place (the same points a game night's tally gives:
``nights.play_points``). The standings are ordered by points, then wins, then plays (most
first), then name.

"Rating gained" is one more column, filled by a function given to ``standings``
(``Gains``): the ratings are worked out elsewhere (``club.ratings``), and a standings
table without them is complete in itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta
from decimal import Decimal

from scorepad.club.facts import PlayFact
from scorepad.club.nights import DEFAULT_POINTS, play_points
from scorepad.core.errors import ScorepadError
from scorepad.core.i18n import LANGS, tr

NAME_LENGTH = 100


class SeasonError(ScorepadError):
    """A season that cannot be (a blank name, a date that is not one, an end before the
    start): the message names the field."""


@dataclass(frozen=True, slots=True)
class Season:
    uid: str
    """Stable across export and import."""
    name: str
    first_day: date
    last_day: date

    @property
    def start(self) -> datetime:
        return datetime.combine(self.first_day, time())

    @property
    def end(self) -> datetime:
        """The moment after its last day."""
        return datetime.combine(self.last_day + timedelta(days=1), time())


def year_season(year: int) -> Season:
    """A calendar year as a season (challenges and standings by year)."""
    return Season(f"year-{year}", str(year), date(year, 1, 1), date(year, 12, 31))


def check_season(uid: str, name: str, first_day: object, last_day: object) -> Season:
    """A season from what was typed (dates as YYYY-MM-DD); every problem found at once is
    in the one error, each naming its field."""
    problems: list[str] = []
    text = name.strip()
    if not text or len(text) > NAME_LENGTH:
        problems.append("name")
    first = _day(first_day)
    last = _day(last_day)
    if first is None:
        problems.append("start")
    if last is None:
        problems.append("end")
    if problems:
        named = {
            lang: ", ".join(tr(f"seasons.field_{p}", lang) for p in problems) for lang in LANGS
        }
        raise SeasonError("seasons.bad_fields", fields=named, most=NAME_LENGTH)
    assert first is not None and last is not None
    if last < first:
        raise SeasonError("seasons.end_before_start", start=first.isoformat(), end=last.isoformat())
    return Season(uid, text, first, last)


def _day(value: object) -> date | None:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value.strip())
        except ValueError:
            return None
    return None


@dataclass(frozen=True, slots=True)
class Standing:
    player: str
    plays: int
    wins: int
    points: int
    rating_gained: Decimal | None = None
    """Left None until ratings are given (``Gains``)."""


Gains = Callable[[Sequence[PlayFact], datetime, datetime], Mapping[str, Decimal]]
"""Each player's rating gained over [start, end), from the whole history's facts."""


def standings(
    facts: Sequence[PlayFact],
    season: Season,
    points: Sequence[int] = DEFAULT_POINTS,
    gains: Gains | None = None,
) -> list[Standing]:
    """The season's standings (see the module's doc); ``facts``: the whole history,
    oldest first."""
    plays: dict[str, int] = {}
    wins: dict[str, int] = {}
    scores: dict[str, int] = {}
    for fact in within(facts, season):
        winners = set(fact.winners)
        for player, earned in play_points(fact, points).items():
            plays[player] = plays.get(player, 0) + 1
            scores[player] = scores.get(player, 0) + earned
            if player in winners:
                wins[player] = wins.get(player, 0) + 1
    table = [Standing(p, plays[p], wins.get(p, 0), scores[p]) for p in plays]
    if gains is not None:
        gained = gains(facts, season.start, season.end)
        table = [replace(s, rating_gained=gained.get(s.player)) for s in table]
    table.sort(key=lambda s: (-s.points, -s.wins, -s.plays, s.player.casefold()))
    return table


def within(facts: Sequence[PlayFact], season: Season) -> Iterable[PlayFact]:
    """The plays of the season: found by halving, as ``facts`` are oldest first."""
    lo = _first_at(facts, season.start)
    hi = _first_at(facts, season.end)
    return facts[lo:hi]


def _first_at(facts: Sequence[PlayFact], moment: datetime) -> int:
    lo, hi = 0, len(facts)
    while lo < hi:
        mid = (lo + hi) // 2
        if facts[mid].played_at < moment:
            lo = mid + 1
        else:
            hi = mid
    return lo


def years(facts: Sequence[PlayFact]) -> list[int]:
    """The years with plays, newest first."""
    return sorted({f.played_at.year for f in facts}, reverse=True)
