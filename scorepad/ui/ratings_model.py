"""What the Ratings screen and New play show of the ratings (``scorepad.club.ratings``),
gathered from the history: no Flet here, so it is tested without a browser and the views
only lay it out. Numbers come as text in the page's language (two decimals)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING

from scorepad.club.ratings import MIN_PLAYS, Ratings
from scorepad.core.i18n import decimal_mark, pick, tr

if TYPE_CHECKING:
    from scorepad.ui.history import History

CHART_POINTS = 200
"""The chart shows a player's last this many rated plays: enough to see a trend."""


def number(value: Decimal, lang: str) -> str:
    """A rating for people: "22.75" in English, "22,75" in French."""
    return str(value).replace(".", decimal_mark(lang))


@dataclass(frozen=True)
class Row:
    place: int
    player: str
    rating: str
    detail: str
    """μ, σ and rated plays, as the page says them."""


@dataclass(frozen=True)
class RatingsData:
    off: bool = False
    """Ratings are turned off for this history."""
    games: tuple[tuple[str, str], ...] = ()
    """The games with rated plays: (game id, name in the page's language)."""
    game: str | None = None
    """The game shown (None: all games)."""
    rows: tuple[Row, ...] = ()
    players: tuple[str, ...] = ()
    """Everyone in the history, for the player chooser (those staying out too)."""
    player: str | None = None
    """The player whose rating over time is shown."""
    rated: bool = True
    """``player`` is in the ratings (has not chosen to stay out)."""
    points: tuple[tuple[datetime, Decimal], ...] = field(default=())
    """``player``'s rating after each of their last rated plays, oldest first."""

    @property
    def empty(self) -> bool:
        return not self.rows


def gather(
    history: History, lang: str, game: str | None = None, player: str | None = None
) -> RatingsData:
    """The leaderboard of ``game`` (None: all games) and ``player``'s rating over time
    (None: the leader's). Raises ScorepadError when the history cannot be read."""
    ratings = history.ratings()
    if ratings is None:
        return RatingsData(off=True)
    names = _game_names(history, ratings, lang)
    if game is not None and game not in dict(names):
        game = None
    table = ratings.table(game)
    rows = tuple(
        Row(
            place,
            r.player,
            number(r.ordinal, lang),
            tr(
                "ratings.detail",
                lang,
                mu=number(r.mu, lang),
                sigma=number(r.sigma, lang),
                plays=r.plays,
            ),
        )
        for place, r in enumerate(table, 1)
    )
    everyone = tuple(p.name for p in history.players())
    out = {name.casefold() for name in history.staying_out().values()}
    if player is not None:
        player = next((p for p in everyone if p.casefold() == player.casefold()), None)
    if player is None and table:
        player = table[0].player
    points = tuple(ratings.over_time(player, game)[-CHART_POINTS:]) if player else ()
    rated = player is None or player.casefold() not in out
    return RatingsData(False, names, game, rows, everyone, player, rated, points)


def _game_names(history: History, ratings: Ratings, lang: str) -> tuple[tuple[str, str], ...]:
    known = history.games()
    named = []
    for game in ratings.games():
        template = known.get(game)
        named.append((game, pick(template.name, lang) if template is not None else game))
    return tuple(sorted(named, key=lambda g: g[1].casefold()))


def chances_line(
    ratings: Ratings | None, players: Sequence[str], game: str, lang: str
) -> str | None:
    """New play's line: each player's chance to win ``game`` from the ratings, or why it
    is not shown yet; None when there is nothing to say (ratings off, fewer than two
    players named, or nobody of them rated in this game at all)."""
    named = [p.strip() for p in players if p.strip()]
    if ratings is None or len(named) < 2 or len(set(n.casefold() for n in named)) < len(named):
        return None
    chances = ratings.win_chances(named, game)
    if chances is None:
        if not any(ratings.rated_plays(n, game) for n in named):
            return None
        return tr("ratings.chances_later", lang, count=MIN_PLAYS)
    said = [
        tr("ratings.chance_of", lang, player=name, percent=_percent(chance))
        for name, chance in chances.items()
    ]
    return tr("ratings.chances", lang, chances=" · ".join(said))


def _percent(chance: Decimal) -> int:
    return int((chance * 100).to_integral_value())
