"""What the Seasons screen shows and changes, from the history: no Flet here.

The screen shows one period at a time: a season, or a calendar year with plays. For it:
the standings (``club.seasons``) and each challenge's progress (``club.challenges``).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import TYPE_CHECKING

from scorepad.club.challenges import Challenge, Progress, load_challenges, progress
from scorepad.club.facts import PlayFact
from scorepad.club.nights import points_of
from scorepad.club.seasons import (
    Gains,
    Season,
    Standing,
    check_season,
    standings,
    within,
    year_season,
)
from scorepad.core.i18n import pick, tr

if TYPE_CHECKING:
    from scorepad.club.ratings import Ratings
    from scorepad.ui.history import History


def rating_gains(ratings: Ratings) -> Gains:
    """Each player's rating gained over a period (``club.seasons.Gains``): their ordinal
    at its end less the one at its start, which is openskill's first ordinal (0) before
    their first rated play; a player with no rated play by the end is left out."""

    def gains(facts: Sequence[PlayFact], start: datetime, end: datetime) -> dict[str, Decimal]:
        found: dict[str, Decimal] = {}
        for fact in facts:
            if not start <= fact.played_at < end:
                continue
            for player in fact.players:
                if player in found:
                    continue
                after = ratings.ordinal_at(player, end)
                if after is not None:
                    found[player] = after - (ratings.ordinal_at(player, start) or Decimal(0))
        return found

    return gains


SEASON = "season:"
YEAR = "year:"


@dataclass(frozen=True)
class Period:
    key: str
    """``season:<uid>`` or ``year:<year>``."""
    label: str
    season: Season
    own: bool
    """A season of the history's (which can be changed), not a calendar year."""


@dataclass(frozen=True)
class ChallengeRows:
    title: str
    rows: tuple[Progress, ...]


@dataclass(frozen=True)
class SeasonsData:
    periods: tuple[Period, ...]
    chosen: Period | None
    standings: tuple[Standing, ...]
    challenges: tuple[ChallengeRows, ...]

    @property
    def rated(self) -> bool:
        return any(s.rating_gained is not None for s in self.standings)


def periods(history: History, facts: tuple[PlayFact, ...], lang: str) -> list[Period]:
    """The history's seasons, the latest first, then the years with plays, newest first."""
    found = [
        Period(
            SEASON + s.uid,
            f"{s.name} ({tr('seasons.dates', lang, first=s.first_day, last=s.last_day)})",
            s,
            True,
        )
        for s in reversed(history.seasons())
    ]
    for year in sorted({f.played_at.year for f in facts}, reverse=True):
        found.append(Period(f"{YEAR}{year}", str(year), year_season(year), False))
    return found


def chosen_of(found: list[Period], key: str | None, today: date) -> Period | None:
    """The period ``key``; by default the season under way today, else the first listed."""
    for period in found:
        if period.key == key:
            return period
    for period in found:
        if period.own and period.season.first_day <= today <= period.season.last_day:
            return period
    return found[0] if found else None


def gather(history: History, key: str | None, lang: str, today: date | None = None) -> SeasonsData:
    facts = history.facts()
    found = periods(history, facts, lang)
    chosen = chosen_of(found, key, today or date.today())
    if chosen is None:
        return SeasonsData((), None, (), ())
    season = chosen.season
    ratings = history.ratings()  # None: the history has them turned off
    gains = rating_gains(ratings) if ratings is not None else None
    table = standings(facts, season, points_of(history.settings()), gains)
    challenges = load_challenges()
    done = progress(challenges, within(facts, season))
    return SeasonsData(
        tuple(found),
        chosen,
        tuple(table),
        tuple(ChallengeRows(title(c, lang), tuple(done[c.id])) for c in challenges),
    )


def title(challenge: Challenge, lang: str) -> str:
    return pick(challenge.name, lang)


def progress_line(row: Progress, games: dict[str, str]) -> str:
    """ "Ana: 7/10 · Azul, Carcassonne, …" (the games named as the history names them)."""
    named = ", ".join(games.get(g, g) for g in row.games)
    return f"{row.player}: {row.done}/{row.target}" + (f" · {named}" if named else "")


def save(history: History, uid: str | None, name: str, first_day: str, last_day: str) -> Season:
    """Add a season (``uid`` None) or change one, from what was typed (checked first)."""
    season = check_season(uid or uuid.uuid4().hex, name, first_day, last_day)
    history.save_season(season)
    return season


def delete(history: History, uid: str) -> None:
    history.delete_season(uid)
