"""Stats by period: every figure for a year or a month checked against the plays the test
made itself, counted here one by one (not by the store); and over a period holding every
play, the same answers as for all time (the tallies)."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from store_sheets import azul

from scorepad.core.periods import Period, PeriodError, parse_period
from scorepad.store import Store

BGSTATS = Path(__file__).parent.parent / "data" / "bgstats" / "export.bgsplay"
PEOPLE = ("Ana", "Ben", "Carla", "Dan")
EVERYTHING = Period(date(1900, 1, 1), date(2200, 1, 1))
PERIODS = (
    Period.year(2023),
    Period.year(2024),
    Period.month(2024, 5),
    Period.month(2024, 6),
    Period.month(2023, 12),
    Period.month(2022, 1),  # before any play
)


@dataclass
class Made:
    """A play as the test made it: when, each one's total, and whether it still counts."""

    when: datetime
    totals: dict[str, int]
    counted: bool = True

    @property
    def winner(self) -> str:
        return max(self.totals, key=lambda n: self.totals[n])


def two(value: Decimal) -> Decimal:
    return value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


@pytest.fixture
def made(store: Store) -> list[Made]:
    """About sixty Azul plays over 2023 and 2024 (distinct totals: one winner each), two
    on either side of midnight at the end of May 2024; one left out of the statistics and
    one deleted, which count nowhere."""
    rnd = random.Random(32)
    plays = []
    for _ in range(60):
        when = datetime(2023, 1, 1, 19) + timedelta(hours=rnd.randrange(2 * 365 * 24))
        people = rnd.sample(PEOPLE, rnd.randint(2, 4))
        totals = dict(zip(people, rnd.sample(range(20, 120), len(people)), strict=True))
        plays.append(Made(when, totals))
    plays.append(Made(datetime(2024, 5, 31, 23, 59), {"Ana": 101, "Ben": 99}))
    plays.append(Made(datetime(2024, 6, 1, 0, 0), {"Ana": 98, "Carla": 102}))
    ids = [azul(store, p.when.isoformat(timespec="minutes"), p.totals) for p in plays]
    store.set_ignored(ids[3], True)
    store.delete_play(ids[7])
    plays[3].counted = plays[7].counted = False
    return plays


def within(plays: list[Made], period: Period) -> list[Made]:
    start, end = period.bounds()
    return [p for p in plays if p.counted and start <= p.when < end]


def test_a_players_figures_for_a_period_are_their_plays_then(store, made):
    for period in PERIODS:
        for name in PEOPLE:
            mine = [p for p in within(made, period) if name in p.totals]
            totals = [p.totals[name] for p in mine]
            wins = sum(p.winner == name for p in mine)
            for game in ("azul", None):
                stats = store.player_stats(name, game, period)
                assert (stats.plays, stats.wins) == (len(mine), wins), (period, name)
                if not mine:
                    assert (stats.win_rate, stats.average_total, stats.last_played) == (
                        None,
                        None,
                        None,
                    )
                    continue
                assert stats.win_rate == two(Decimal(wins) / len(mine))
                assert stats.average_total == two(Decimal(sum(totals)) / len(totals))
                assert stats.best_total == max(totals)
                assert stats.last_played == max(p.when for p in mine)


def test_the_end_of_a_month_is_its_last_minute(store, made):
    """23:59 on the 31st of May is in May, midnight after it in June (the end is
    exclusive): Carla's first day in June is the 1st, at 00:00."""
    may, june = Period.month(2024, 5), Period.month(2024, 6)
    assert store.player_stats("Ana", "azul", may).last_played == datetime(2024, 5, 31, 23, 59)
    assert store.player_timeline("Carla", "azul", june).points[0].start == date(2024, 6, 1)
    assert datetime(2024, 6, 1) not in {h.played_at for h in store.game_stats("azul", may).holders}
    assert store.game_stats("azul", may).plays == len(within(made, may))
    assert store.game_stats("azul", june).plays == len(within(made, june))


def test_a_games_figures_for_a_period_are_its_plays_then(store, made):
    for period in PERIODS:
        plays = within(made, period)
        stats = store.game_stats("azul", period)
        assert stats.plays == len(plays), period
        if not plays:
            assert (stats.best_total, stats.holders, stats.distribution) == (None, (), ())
            continue
        best = max(t for p in plays for t in p.totals.values())
        holders = sorted((p.when, n) for p in plays for n, t in p.totals.items() if t == best)
        assert stats.best_total == best
        assert [(h.played_at, h.name) for h in stats.holders] == holders
        winning = [p.totals[p.winner] for p in plays]
        assert stats.average_winning_total == two(Decimal(sum(winning)) / len(winning))
        counts: dict[int, int] = {}
        for p in plays:
            for t in p.totals.values():
                counts[t] = counts.get(t, 0) + 1
        assert list(stats.distribution) == sorted(counts.items())
        lean = store.game_stats("azul", period, distribution=False)
        assert lean.distribution == ()
        assert (lean.plays, lean.best_total, lean.holders) == (
            stats.plays,
            stats.best_total,
            stats.holders,
        )


def test_head_to_head_and_everyones_wins_for_a_period(store, made):
    for period in PERIODS:
        plays = within(made, period)
        for a, b in (("Ana", "Ben"), ("Carla", "Dan")):
            both = [p for p in plays if a in p.totals and b in p.totals]
            h2h = store.head_to_head(a, b, None, period)
            ahead = sum(p.totals[a] > p.totals[b] for p in both)
            assert (h2h.plays, h2h.a_ahead, h2h.b_ahead) == (len(both), ahead, len(both) - ahead)
            assert (h2h.a_wins, h2h.b_wins) == (
                sum(p.winner == a for p in both),
                sum(p.winner == b for p in both),
            )
        counted = {p.name: (p.plays, p.wins) for p in store.players(period)}
        for name in PEOPLE:
            mine = [p for p in plays if name in p.totals]
            assert counted[name] == (len(mine), sum(p.winner == name for p in mine))


def test_a_players_timeline_counts_each_month_exactly(store, made):
    year = Period.year(2024)
    timeline = store.player_timeline("Ana", "azul", year)
    assert timeline.grain == "month"
    expected: dict[date, list[Made]] = {}
    for p in within(made, year):
        if "Ana" in p.totals:
            expected.setdefault(date(p.when.year, p.when.month, 1), []).append(p)
    assert [t.start for t in timeline.points if t.plays] == sorted(expected)
    months = [t.start for t in timeline.points]  # every month from the first to the last
    assert months == [date(2024, m, 1) for m in range(months[0].month, months[-1].month + 1)]
    for point in (t for t in timeline.points if t.plays):
        mine = expected[point.start]
        assert point.plays == len(mine)
        assert point.win_rate == Fraction(sum(p.winner == "Ana" for p in mine), len(mine))
        assert point.average == Fraction(sum(p.totals["Ana"] for p in mine), len(mine))
    may = store.player_timeline("Ana", None, Period.month(2024, 5))
    assert may.grain == "day" and may.points[-1].start == date(2024, 5, 31)
    every = store.player_timeline("Ana")  # 2023 and 2024: 24 months, shown per month
    assert every.grain == "month"
    assert sum(p.plays for p in every.points) == store.player_stats("Ana").plays


def test_over_a_period_holding_everything_the_answers_are_all_times(store):
    """Every kind of play BG Stats gives (co-operative, teams, places given by hand, no
    points, ignored plays, scores finer than a half): the period's answers, read from the
    plays, agree with all time's, read from the tallies."""
    document = json.loads(BGSTATS.read_text(encoding="utf-8"))
    store.import_text(json.dumps(document), "all.bgsplay")
    names = [p.name for p in store.players() if p.plays]
    games = sorted({p.game for p in store.list_plays(limit=500).plays})
    assert len(names) >= 3 and len(games) >= 3
    for game in games:
        assert store.game_stats(game, EVERYTHING) == store.game_stats(game), game
        for name in names:
            assert store.player_stats(name, game, EVERYTHING) == store.player_stats(name, game)
    for name in names:
        assert store.player_stats(name, None, EVERYTHING) == store.player_stats(name)
        for other in names:
            if other != name:
                assert store.head_to_head(name, other, None, EVERYTHING) == store.head_to_head(
                    name, other
                )
    assert store.players(EVERYTHING) == store.players()
    assert store.role_stats(None, EVERYTHING) == store.role_stats()
    assert store.role_stats(None, Period.year(1990)) == ()


def test_a_period_is_a_year_or_a_month_and_says_what_is_wrong():
    assert parse_period("") is None
    assert parse_period("2024") == Period(date(2024, 1, 1), date(2025, 1, 1))
    assert parse_period("2024-12") == Period(date(2024, 12, 1), date(2025, 1, 1))
    assert parse_period("2024-02").key == "2024-02" and Period.year(2024).key == "2024"
    for bad in ("24", "2024-13", "2024-00", "May", "2024-5"):
        with pytest.raises(PeriodError) as problem:
            parse_period(bad)
        assert repr(bad).strip("'") in str(problem.value)
        assert "2024-05" in problem.value.message("en")


def test_the_command_line_gives_a_periods_stats_and_refuses_a_wrong_one(capsys, url, made):
    from scorepad.cli import main

    may = Period.month(2024, 5)
    assert main(["stats", "--game", "azul", "--period", "2024-05", "--json", "--db", url]) == 0
    assert json.loads(capsys.readouterr().out)["plays"] == len(within(made, may))
    assert main(["stats", "--period", "2024", "--json", "--db", url]) == 0
    everyone = {p["player"]: p["plays"] for p in json.loads(capsys.readouterr().out)}
    year = within(made, Period.year(2024))
    assert everyone == {
        n: sum(n in p.totals for p in year) for n in PEOPLE if any(n in p.totals for p in year)
    }
    with pytest.raises(SystemExit) as stop:
        main(["stats", "--period", "2024-13", "--db", url])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert 'Not a period: "2024-13"' in err and "Traceback" not in err
