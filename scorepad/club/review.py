"""A year in review: one year of the history, for one player or for everyone.

Worked out from the history's facts alone (``Store.facts``), in one pass over the plays
of the year; what reaches back before it (the games first played that year) comes from
the earlier facts when they are given, or from ``played_before`` (the store's indexed
question for it, ``store.yearfacts``) when only the year's facts are. Totals stay in
half-points.

Definitions, as the page, the card and the printed page show them:
- *plays*: the counted plays of the year (the player's, with a player);
- *minutes*: the sum of the durations written down (``timed``: how many had one);
- *new games*: games whose first play ever (the player's first, with a player) is in the year;
- *H-index*: the largest h such that h games were each played at least h times that year;
- *day streak*: the longest run of consecutive calendar days with a play;
- *winning streak*: the longest run of a player's plays won in a row, in date order
  (a co-operative play counts as won when the table won);
- *nemesis*: the player who finished ahead of the player in the most plays, *favourite
  victim* the one the player finished ahead of most (co-operative plays left out);
- *busiest day*: the date with the most plays (the earliest of equals).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any, NamedTuple, Protocol

from scorepad.club.facts import COOPERATIVE, PlayFact, SeatFact, many_objects
from scorepad.core.errors import ScorepadError, quote
from scorepad.core.i18n import decimal_mark, tr
from scorepad.core.numbers import Number, json_number, normalize
from scorepad.core.scored import show

TOP = 5
"""How many games, players and best scores a review lists."""
FIRST_YEAR, LAST_YEAR = 1900, 9999


class ReviewError(ScorepadError):
    """A year or a player that cannot be reviewed."""


@dataclass(frozen=True)
class Best:
    """A best total of the year in one game."""

    game: str
    player: str
    total_halves: int
    play_id: int
    played_at: datetime


@dataclass(frozen=True)
class Streak:
    length: int
    player: str | None = None
    """Whose winning streak (the whole history's review names the longest one's holder)."""
    start: date | None = None
    end: date | None = None


@dataclass(frozen=True)
class Review:
    year: int
    player: str | None
    plays: int
    minutes: int
    timed: int
    """How many plays had a duration (the others are not in ``minutes``)."""
    games: int
    new_games: tuple[str, ...]
    top_games: tuple[tuple[str, int], ...]
    """The most played games and their plays, most first (at most ``TOP``)."""
    wins: int
    """The player's wins (with a player), every play won by someone (without)."""
    h_index: int
    day_streak: Streak
    win_streak: Streak
    busiest_day: tuple[date, int] | None
    best: tuple[Best, ...]
    """The best total of the year in each of the most played games scored (most played first)."""
    players: tuple[tuple[str, int], ...] = ()
    """The players with the most plays that year, most first (the whole history's review)."""
    opponent: tuple[str, int] | None = None
    """The player's most frequent opponent and their plays together."""
    nemesis: tuple[str, int] | None = None
    victim: tuple[str, int] | None = None
    months: tuple[int, ...] = field(default=(0,) * 12)
    """Plays in each month, January first."""

    @property
    def most_played(self) -> tuple[str, int] | None:
        return self.top_games[0] if self.top_games else None


def parse_year(text: object) -> int:
    """A year from what a person typed ("2025"), or a ``ReviewError`` quoting it."""
    try:
        year = int(str(text).strip())
    except ValueError:
        raise ReviewError(
            "review.bad_year", value=quote(text), low=FIRST_YEAR, high=LAST_YEAR
        ) from None
    if not FIRST_YEAR <= year <= LAST_YEAR:
        raise ReviewError("review.bad_year", value=quote(text), low=FIRST_YEAR, high=LAST_YEAR)
    return year


def years(facts: Iterable[PlayFact], player: str | None = None) -> list[int]:
    """The years with a play (the player's, with one), newest first."""
    found = {f.played_at.year for f in facts if player is None or player in f.players}
    return sorted(found, reverse=True)


def find_player(names: Iterable[str], wanted: str) -> str:
    """The player called ``wanted`` (case aside) among ``names``; a ``ReviewError`` else."""
    folded = wanted.strip().casefold()
    for name in names:
        if name.casefold() == folded:
            return name
    raise ReviewError("review.unknown_player", value=quote(wanted))


def played_before(
    facts: Iterable[PlayFact], start: datetime, player: str | None = None
) -> frozenset[str]:
    """The games with a play before ``start`` (with the player in it, with one)."""
    found: set[str] = set()
    for f in facts:
        # a game already found is not looked at again: a few games, tens of thousands of plays
        if f.game in found or f.played_at >= start:
            continue
        if player is None or any(s.player == player and not s.anonymous for s in f.seats):
            found.add(f.game)
    return frozenset(found)


def year_review(
    facts: Sequence[PlayFact],
    year: int,
    player: str | None = None,
    *,
    lowest_wins: frozenset[str] = frozenset(),
    before: frozenset[str] | None = None,
) -> Review:
    """The review of ``year`` (for ``player``, or everyone): ``facts`` oldest first, the
    whole history's, or only the year's with ``before``: the games played before the year
    (the player's, with a player). A year without plays gives a review of 0 plays.

    One pass over the year's plays and their seats (a year of a club's history is tens of
    thousands of plays)."""
    start, end = datetime(year, 1, 1), datetime(year + 1, 1, 1)
    if before is None:
        before = played_before(facts, start, player)
    tally = Tally(player, lowest_wins)
    with many_objects():  # tens of thousands of small values made and let go
        for fact in facts:
            if start <= fact.played_at < end:
                tally.add(fact)
        return tally.review(year, before)


class CountedSeat(Protocol):
    """What a whole history's review reads of a seat (``SeatFact`` has it all)."""

    @property
    def player(self) -> str: ...
    @property
    def winner(self) -> bool: ...
    @property
    def total_halves(self) -> int | None: ...
    @property
    def anonymous(self) -> bool: ...


class Tally:
    """What a review counts, play by play (``year_review``, or a reader of its own:
    ``add_play`` then ``review``).

    The hot loop of a review (a year of a club is tens of thousands of plays): the plays'
    games and days and the players' seats are gathered in lists and counted once at the
    end (``Counter`` counts a list in C), each value is unpacked once, and a winning
    streak is followed in the loop itself."""

    def __init__(self, player: str | None, lowest_wins: frozenset[str]) -> None:
        self.player = player
        self.lowest_wins = lowest_wins
        self.plays = self.minutes = self.timed = self.wins = 0
        self.played: list[str] = []
        """Each play's game."""
        self.dates: list[date] = []
        """Each play's day."""
        self.seated: list[str] = []
        """Each seat's player (the whole history's review)."""
        self.met: Counter[str] = Counter()
        self.ahead: Counter[str] = Counter()
        self.behind: Counter[str] = Counter()
        self.runs: dict[str, tuple[int, date]] = {}
        """Each player's winning run going on: its length and first day."""
        self.streak = Streak(0)
        self.best: dict[str, Best] = {}

    def add(self, fact: PlayFact) -> None:
        self.add_play(
            fact.id, fact.game, fact.played_at, fact.minutes, fact.kind, fact.outcome, fact.seats
        )

    def add_play(
        self,
        play_id: int,
        game: str,
        played_at: datetime,
        minutes: int | None,
        kind: str | None,
        outcome: str | None,
        seats: Sequence[CountedSeat],
    ) -> None:
        """One play; its ``seats`` as ``SeatFact`` values, or for the whole history's
        review (no player) anything with their name, winner, total and hidden flag
        (``store.yearfacts`` reads no more)."""
        player = self.player
        mine = None
        if player is not None:
            for seat in seats:
                assert isinstance(seat, SeatFact)
                if seat.player == player and not seat.anonymous:
                    mine = seat
                    break
            if mine is None:
                return
        self.plays += 1
        if minutes is not None:
            self.minutes += minutes
            self.timed += 1
        day = played_at.date()
        self.played.append(game)
        self.dates.append(day)
        coop = kind == COOPERATIVE
        coop_won = coop and outcome == "won"
        lowest = game in self.lowest_wins
        someone_won = coop_won
        best = self.best.get(game)
        runs = self.runs
        longest = self.streak.length
        seated = self.seated
        for seat in seats:
            if seat.anonymous:
                continue
            name = seat.player
            won = coop_won if coop else seat.winner
            someone_won = someone_won or won
            if mine is None:
                seated.append(name)
            elif seat is not mine:
                self._rival(seat, mine, coop)  # type: ignore[arg-type]
                continue
            # the winning streaks: the run goes on or ends; the longest is kept (the first
            # to reach its length among equals)
            if won:
                run = runs.get(name)
                length, began = (1, day) if run is None else (run[0] + 1, run[1])
                runs[name] = (length, began)
                if length > longest:
                    longest = length
                    self.streak = Streak(length, name, began, day)
            elif name in runs:
                del runs[name]
            total = seat.total_halves
            if total is not None and (
                best is None or (total < best.total_halves if lowest else total > best.total_halves)
            ):
                best = Best(game, name, total, play_id, played_at)
                self.best[game] = best
        if mine is None:
            self.wins += someone_won
        else:
            self.wins += coop_won if coop else mine.winner

    def _rival(self, seat: SeatFact, mine: SeatFact, coop: bool) -> None:
        self.met[seat.player] += 1
        if coop or (seat.team is not None and seat.team == mine.team):
            return
        if seat.rank < mine.rank:
            self.ahead[seat.player] += 1
        elif seat.rank > mine.rank:
            self.behind[seat.player] += 1

    def review(self, year: int, before: frozenset[str]) -> Review:
        games, days, people = Counter(self.played), Counter(self.dates), Counter(self.seated)
        months = [0] * 12
        for day, plays in days.items():
            months[day.month - 1] += plays
        counts = sorted(games.values(), reverse=True)
        order = sorted(self.best, key=lambda g: (-games[g], g))
        ranked = sorted(people.items(), key=lambda kv: (-kv[1], kv[0].casefold()))
        return Review(
            year=year,
            player=self.player,
            plays=self.plays,
            minutes=self.minutes,
            timed=self.timed,
            games=len(games),
            new_games=tuple(sorted(g for g in games if g not in before)),
            top_games=tuple(sorted(games.items(), key=lambda kv: (-kv[1], kv[0]))[:TOP]),
            wins=self.wins,
            h_index=sum(1 for n, count in enumerate(counts, 1) if count >= n),
            day_streak=_day_streak(days),
            win_streak=self.streak,
            busiest_day=min(days.items(), key=lambda kv: (-kv[1], kv[0])) if days else None,
            best=tuple(self.best[g] for g in order[:TOP]),
            players=tuple(ranked[:TOP]),
            opponent=_most(self.met),
            nemesis=_most(self.ahead),
            victim=_most(self.behind),
            months=tuple(months),
        )


def _day_streak(days: Mapping[date, int]) -> Streak:
    best = Streak(0)
    run_start: date | None = None
    previous: date | None = None
    for day in sorted(days):
        if run_start is None or previous is None or day - previous != timedelta(days=1):
            run_start = day
        previous = day
        length = (day - run_start).days + 1
        if length > best.length:
            best = Streak(length, None, run_start, day)
    return best


def _most(counted: Counter[str]) -> tuple[str, int] | None:
    if not counted:
        return None
    return min(counted.items(), key=lambda kv: (-kv[1], kv[0].casefold()))


def as_json(review: Review) -> dict[str, object]:
    """The review as JSON-ready data (``scorepad review --json``); totals as numbers."""

    def total(h: int) -> int | float:
        return json_number(points_of(h))

    def pair(found: tuple[str, int] | None, what: str) -> dict[str, object] | None:
        return None if found is None else {"player": found[0], what: found[1]}

    return {
        "year": review.year,
        "player": review.player,
        "plays": review.plays,
        "minutes": review.minutes,
        "timed_plays": review.timed,
        "wins": review.wins,
        "games": review.games,
        "new_games": list(review.new_games),
        "top_games": [{"game": g, "plays": n} for g, n in review.top_games],
        "h_index": review.h_index,
        "day_streak": _streak_json(review.day_streak),
        "win_streak": _streak_json(review.win_streak),
        "busiest_day": None
        if review.busiest_day is None
        else {"date": review.busiest_day[0].isoformat(), "plays": review.busiest_day[1]},
        "best_scores": [
            {
                "game": b.game,
                "player": b.player,
                "total": total(b.total_halves),
                "play": b.play_id,
                "played_at": b.played_at.isoformat(timespec="minutes"),
            }
            for b in review.best
        ],
        "top_players": [{"player": p, "plays": n} for p, n in review.players],
        "opponent": pair(review.opponent, "plays"),
        "nemesis": pair(review.nemesis, "plays"),
        "victim": pair(review.victim, "plays"),
        "months": list(review.months),
    }


def _streak_json(streak: Streak) -> dict[str, object]:
    return {
        "length": streak.length,
        "player": streak.player,
        "start": streak.start.isoformat() if streak.start else None,
        "end": streak.end.isoformat() if streak.end else None,
    }


def points_of(halves: int) -> Number:
    """Half-points as the exact number they stand for."""
    return halves // 2 if halves % 2 == 0 else normalize(Decimal(halves) / 2)


class Line(NamedTuple):
    """One figure of a review as every form shows it: the page, the card, the printed
    page and the command's text."""

    key: str
    """Stable: a test or a screen finds the figure by it."""
    label: str
    value: str


def review_lines(review: Review, lang: str, names: Mapping[str, str]) -> list[Line]:
    """The review's figures in ``lang`` (``names``: the games' names in it, by id)."""

    def t(key: str, **fields: object) -> str:
        return tr(key, lang, **fields)

    def game(g: str) -> str:
        return names.get(g, g)

    def counted(found: tuple[Any, int] | None, show: Callable[[Any], str] = str) -> str:
        return "–" if found is None else f"{show(found[0])} ({found[1]})"

    lines = [Line("plays", t("review.plays"), str(review.plays))]
    if review.player is not None:  # everyone's: nearly every play has a winner
        lines.append(Line("wins", t("review.wins"), str(review.wins)))
    if review.timed:
        tenths = (review.minutes * 10 + 30) // 60
        hours = f"{tenths // 10}{decimal_mark(lang)}{tenths % 10}"
        value = t("review.hours_value", hours=hours)
        if review.timed < review.plays:
            value += " · " + t("review.timed_of", timed=review.timed, plays=review.plays)
        lines.append(Line("hours", t("review.hours"), value))
    else:
        lines.append(Line("hours", t("review.hours"), t("review.no_durations")))
    lines.append(Line("games", t("review.games"), str(review.games)))
    new = ", ".join(game(g) for g in review.new_games) or "–"
    lines.append(Line("new-games", t("review.new_games"), f"{len(review.new_games)}: {new}"))
    lines.append(Line("most-played", t("review.most_played"), counted(review.most_played, game)))
    if review.player is not None:
        lines.append(Line("opponent", t("review.opponent"), counted(review.opponent)))
        lines.append(Line("nemesis", t("review.nemesis"), counted(review.nemesis)))
        lines.append(Line("victim", t("review.victim"), counted(review.victim)))
    else:
        top = ", ".join(f"{p} ({n})" for p, n in review.players[:3]) or "–"
        lines.append(Line("top-players", t("review.top_players"), top))
    lines.append(Line("h-index", t("review.h_index"), str(review.h_index)))
    days = review.day_streak
    value = str(days.length)
    if days.start is not None and days.end is not None and days.length > 1:
        value += f" ({days.start.isoformat()} – {days.end.isoformat()})"
    lines.append(Line("day-streak", t("review.day_streak"), value))
    wins = review.win_streak
    value = str(wins.length)
    if review.player is None and wins.player is not None:
        value += f" ({wins.player})"
    lines.append(Line("win-streak", t("review.win_streak"), value))
    busiest = counted(review.busiest_day, date.isoformat)
    lines.append(Line("busiest-day", t("review.busiest_day"), busiest))
    return lines


def best_lines(review: Review, lang: str, names: Mapping[str, str]) -> list[Line]:
    """The best total of the year in each of the most played games, as lines."""
    found = []
    for best in review.best:
        points = show(points_of(best.total_halves), lang)
        who = "" if review.player is not None else f"{best.player}, "
        found.append(
            Line(
                f"best-{best.game}",
                names.get(best.game, best.game),
                f"{points} ({who}{best.played_at.date().isoformat()})",
            )
        )
    return found


def title(review: Review, lang: str) -> str:
    if review.player is None:
        return tr("review.title_all", lang, year=review.year)
    return tr("review.title_player", lang, year=review.year, player=review.player)
