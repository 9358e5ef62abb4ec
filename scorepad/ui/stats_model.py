"""What the Stats screen shows, gathered from the store: no Flet here, so it is tested
without a browser and the screen only lays it out."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING

from scorepad.core.i18n import Text, pick
from scorepad.core.numbers import Number
from scorepad.core.periods import Grain, Period, Timeline, TimePoint
from scorepad.core.results import has_score
from scorepad.core.scoring import show

if TYPE_CHECKING:
    from scorepad.store import GameStats, HeadToHead, PlayerStats
    from scorepad.ui.history import History

CHART_PLAYS = 100
"""The line chart shows a player's last this many plays: enough to see a trend."""


@dataclass(frozen=True)
class TotalPoint:
    played_at: datetime
    game: str
    total: Number


@dataclass(frozen=True)
class StatsData:
    players: list[str]
    """Everyone with at least one play, most plays first."""
    player: PlayerStats | None
    totals: list[TotalPoint]
    """The chosen player's totals, oldest first."""
    wins: list[tuple[str, int]]
    """Wins per player (those with any), most first."""
    games: list[GameStats]
    game: str | None = None
    """The game the player's figures and chart are for; None: all games (plays, wins
    and win rate only: different games' points never add up)."""
    player_games: tuple[tuple[str, Text], ...] = ()
    """The games the chosen player has played, most played first: (game id, name)."""
    scored: bool = True
    """Whether ``game`` adds up to a score: Pandemic's plays have no totals, averages,
    bests or chart, only co-operative plays won or lost."""
    period: Period | None = None
    """The year or month every figure is for; None: all time."""
    years: tuple[int, ...] = ()
    """The years the history has plays in, newest first (the period's choices)."""
    timeline: Timeline | None = None
    """The chosen player's win rate (and, in one game with a score, average total) per
    day, month or year."""

    @property
    def empty(self) -> bool:
        return not self.players


ALL_GAMES = ""
"""``gather``'s game for all games together."""


def gather(
    history: History,
    player: str | None = None,
    game: str | None = None,
    period: Period | None = None,
) -> StatsData:
    """The screen's figures, for ``period`` (None: all time); the player's are for
    ``game`` (by default the game they played most then; ``ALL_GAMES`` for all of them).
    The players to choose from are everyone who ever played."""
    from scorepad.store import PlayFilter

    span = history.played_span()
    years = set(range(span[0].year, span[1].year + 1)) if span is not None else set()
    if period is not None:
        years.add(period.start.year)
    infos = sorted((p for p in history.players() if p.plays), key=lambda p: (-p.plays, p.name))
    names = [p.name for p in infos]
    if not names:
        return StatsData([], None, [], [], [], period=period, years=tuple(sorted(years)[::-1]))
    chosen = next((n for n in names if player and n.casefold() == player.casefold()), names[0])
    since, until = period.bounds() if period is not None else (None, None)
    page = history.list_plays(
        PlayFilter(player=chosen, since=since, until=until), limit=CHART_PLAYS
    )
    counts: dict[str, int] = {}
    titles: dict[str, Text] = {}
    for play in page.plays:
        counts[play.game] = counts.get(play.game, 0) + 1
        titles[play.game] = play.game_name
    played = sorted(counts, key=lambda g: (-counts[g], pick(titles[g], "en")))
    if game is None:
        game = played[0] if played else ALL_GAMES
    stats = history.player_stats(chosen, game or None, period)
    templates = history.games()
    template = templates.get(game) if game else None
    if game and game not in titles:  # chosen, and not played in the period: still offered
        played.append(game)
        titles[game] = template.name if template is not None else {"en": game}
    scored = template is None or has_score(template)
    totals = [
        TotalPoint(p.played_at, p.game, seat.total)
        for p in reversed(page.plays)
        if game and scored and p.game == game and not p.ignored
        for seat in p.players
        if seat.name == chosen and seat.total is not None
    ]
    counted = history.players(period) if period is not None else infos
    wins = sorted(((p.name, p.wins) for p in counted if p.wins), key=lambda w: (-w[1], w[0]))
    games = [history.game_stats(g, period) for g in templates]
    shown = tuple((g, titles[g]) for g in played)
    timeline = history.player_timeline(chosen, game or None, period)
    return StatsData(
        names,
        stats,
        totals,
        wins,
        [g for g in games if g.plays],
        game or None,
        shown,
        scored,
        period,
        tuple(sorted(years)[::-1]),
        timeline,
    )


def month_name(month: int, lang: str) -> str:
    """A month's name on its own, capitalised: "January", "Janvier", "Januar"."""
    from babel.dates import format_date

    name = format_date(date(2000, month, 1), "LLLL", locale=lang)
    return name[:1].upper() + name[1:]


def period_text(period: Period | None, lang: str, all_time: str) -> str:
    """ "2024", "May 2024" ("Mai 2024"), or ``all_time``."""
    if period is None:
        return all_time
    if not period.is_month:
        return str(period.start.year)
    return f"{month_name(period.start.month, lang)} {period.start.year}"


def point_label(start: date, grain: Grain, lang: str, years: bool = False) -> str:
    """A chart's label for the day, month or year from ``start``: "5", "Jan" ("Jan 22"
    when ``years``: the months span several years), "2024"."""
    from babel.dates import format_date

    if grain == "day":
        return str(start.day)
    if grain == "year":
        return str(start.year)
    return format_date(start, "LLL yy" if years else "LLL", locale=lang)


def rate_points(points: tuple[TimePoint, ...]) -> list[tuple[int, Fraction]]:
    """The chart's win rates in percent, exactly, by position (from 1); the days, months
    or years without a play of the player's own (only co-operative ones) left out."""
    return [(n, rate * 100) for n, p in enumerate(points, 1) if (rate := p.win_rate) is not None]


def average_points(points: tuple[TimePoint, ...]) -> list[tuple[int, Fraction]]:
    """The chart's average totals, exactly, by position (from 1), where there are any."""
    return [(n, mean) for n, p in enumerate(points, 1) if (mean := p.average) is not None]


def percent(rate: Decimal | None, lang: str) -> str:
    if rate is None:
        return "–"
    return f"{int((rate * 100).to_integral_value())} %"


def points(value: Number | None, lang: str) -> str:
    if value is None:
        return "–"
    if isinstance(value, Decimal):
        value = value.quantize(Decimal("0.1")).normalize()
    return show(value, lang)


def when(value: datetime | None) -> str:
    return "–" if value is None else value.strftime("%Y-%m-%d")


def game_name(stats: GameStats, lang: str) -> str:
    return pick(stats.name, lang)


def head_to_head_line(h2h: HeadToHead, lang: str, tr: Callable[..., str]) -> str:
    """The CLI's sentence (who finished ahead how often, wins), or that they never met."""
    from scorepad.store import render_h2h

    if not h2h.plays:
        return tr("manage.h2h_none", a=h2h.a, b=h2h.b)
    return render_h2h(h2h, lang)
