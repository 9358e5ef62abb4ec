"""The Stats screen by period, without a browser: the year and month choosers change
every part (figures, charts, games, head to head), the choice is kept for the session,
and the charts over time carry the exact rates and averages."""

from __future__ import annotations

from fractions import Fraction

import flet as ft
import pytest
from ui_helpers import context, find, walk

from scorepad.core import PlayerSheet, find_game
from scorepad.core.periods import Period
from scorepad.ui.app import view_for
from scorepad.ui.history import StoreHistory
from scorepad.ui.stats_model import gather, period_text, point_label

PLAYS = (
    ({"Ana": 60, "Ben": 50}, "2024-03-01 20:00"),
    ({"Ana": 40, "Ben": 70}, "2024-03-09 20:00"),
    ({"Ana": 81, "Ben": 20}, "2024-05-31 23:59"),
    ({"Ana": 30, "Ben": 90}, "2025-01-04 20:00"),
)


@pytest.fixture
def history(tmp_path):
    opened = StoreHistory(str(tmp_path / "history.db"))
    azul = find_game("azul")
    for scores, when in PLAYS:
        sheets = [PlayerSheet(n, lines={"marker": v}) for n, v in scores.items()]
        opened.store.save_play(azul, None, sheets, played_at=when)
    yield opened
    opened.close()


def choose(root: object, ident: str, value: str) -> None:
    chooser = find(root, ident)
    chooser.value = value
    chooser.on_select(ft.Event(name="select", control=chooser, data=None))


def ids(root: object) -> set[str]:
    return {i for c in walk(root) if (i := getattr(c, "identifier", None))}


def test_a_year_then_a_month_change_every_part_and_stay_chosen(tmp_path, history):
    ctx, _ = context(tmp_path, history=history)
    root = view_for(ctx, "/stats?player=Ana")
    assert find(root, "stats-period").value == "Showing: All time"
    assert find(root, "stats-player-plays").value == "4"
    assert "stats-period-month" not in ids(root)  # a month is chosen within a year
    assert [o.key for o in find(root, "stats-period-year").options] == ["", "2025", "2024"]
    choose(root, "stats-period-year", "2024")
    assert ctx.stats_period == "2024"
    assert find(root, "stats-period").value == "Showing: 2024"
    assert find(root, "stats-player-plays").value == "3"
    assert find(root, "stats-player-rate").value == "67 %"
    assert find(root, "stats-h2h").value.startswith("Ana vs Ben: 3 plays together")
    rate = find(root, "stats-chart-rate").content.data_series[0].points
    assert [(p.x, p.y) for p in rate] == [(1, 50.0), (3, 100.0)]  # March, (not April,) May
    score = find(root, "stats-chart-score").content.data_series[0].points
    assert [(p.x, p.y) for p in score] == [(1, 50.0), (3, 81.0)]
    choose(root, "stats-period-month", "05")
    assert ctx.stats_period == "2024-05"
    assert find(root, "stats-period").value == "Showing: May 2024"
    assert find(root, "stats-player-plays").value == "1"
    assert find(root, "stats-player-best").value == "81"
    assert "Plays: 1" in find(root, "stats-game-line-azul").value
    # another stats screen of the session opens on the same month
    again = view_for(ctx, "/stats?player=Ben")
    assert find(again, "stats-period").value == "Showing: May 2024"
    assert find(again, "stats-player-plays").value == "1"
    assert find(again, "stats-player-wins").value == "0"
    choose(again, "stats-period-month", "")  # the whole year again
    assert ctx.stats_period == "2024"
    choose(again, "stats-period-year", "")
    assert ctx.stats_period == "" and find(again, "stats-player-plays").value == "4"


def test_a_month_without_plays_and_a_wrong_period_say_so(tmp_path, history):
    ctx, _ = context(tmp_path, history=history)
    root = view_for(ctx, "/stats?player=Ana&period=2024-04")
    assert find(root, "stats-player-plays").value == "0"
    assert find(root, "stats-games-none").value == "No plays in this period."
    assert "stats-chart-rate" not in ids(root)
    wrong = view_for(ctx, "/stats?period=2024-13")
    assert find(wrong, "stats-error").value == (
        'Not a period: "2024-13". Give a year (2024) or a month (2024-05).'
    )


def test_over_all_time_the_charts_are_per_month_with_exact_figures(history):
    data = gather(history, "Ana", "azul")
    assert data.timeline is not None and data.timeline.grain == "month"
    points = data.timeline.points
    assert len(points) == 11  # every month from March 2024 to January 2025
    assert [(p.start.isoformat(), p.plays, p.wins) for p in points if p.plays] == [
        ("2024-03-01", 2, 1),
        ("2024-05-01", 1, 1),
        ("2025-01-01", 1, 0),
    ]
    assert points[1].win_rate is None and points[1].average is None  # April: no play
    assert points[0].average == Fraction(50) and points[0].win_rate == Fraction(1, 2)
    assert point_label(points[-1].start, "month", "de", years=True) == "Jan 25"
    assert period_text(Period.month(2024, 5), "fr", "") == "Mai 2024"
