"""Stats: a player's record with charts, each game's record, two players head to head,
for all time, a year or a month.

``/stats?player=Ana`` opens on that player, ``&period=2024-05`` on a period (else the
period chosen last in this session, ``Context.stats_period``); the player and
head-to-head choices rebuild only their own part of the screen, the period every part.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING

import flet as ft
import flet_charts as fc

from scorepad.core import ScorepadError
from scorepad.core.i18n import pick
from scorepad.core.periods import Period, parse_period
from scorepad.ui.context import Context
from scorepad.ui.stats_model import (
    ALL_GAMES,
    StatsData,
    average_points,
    game_name,
    gather,
    head_to_head_line,
    month_name,
    percent,
    period_text,
    point_label,
    points,
    rate_points,
    when,
)
from scorepad.ui.views.colour_part import (
    chart_colours,
    chart_key,
    known_colours,
    line_shadow,
)
from scorepad.ui.views.common import PALETTE, heading, ink_on, muted, screen, tid
from scorepad.ui.views.quick_keep import keep_button, quick_ids
from scorepad.ui.views.ratings import ratings_link
from scorepad.ui.views.review import achievements_link

if TYPE_CHECKING:
    from scorepad.store import GameStats
    from scorepad.ui.history import History


def reach(values: list[float]) -> tuple[float, float]:
    """A chart's range for ``values``: from 0 (or the lowest, below 0) to a round ten above
    the highest."""
    high = max(values)
    return min([*values, 0.0]), float(math.ceil(max(high * 1.1, high + 1) / 10) * 10)


WHOLE = ""
"""The period choosers' option for all time (the year's) and the whole year (the month's)."""
CHOOSER_WIDTH = 220
"""The year's and the month's choosers on a screen wider than a phone."""


class StatsView:
    def __init__(self, ctx: Context, player: str | None = None, period: str | None = None) -> None:
        self.ctx = ctx
        self.wanted = player
        self.player_part = ft.Column(spacing=8)
        self.wins_part = ft.Column(spacing=8)
        self.games_part = ft.Column(spacing=8)
        self.period_part = ft.Column(spacing=4)
        self.game: str | None = None
        """The game the player's figures are for (None: the one they played most)."""
        self.h2h_text = ft.Text("", size=14)
        self.quick: set[str] | None = None
        """The quick games not kept yet (asked once a card needs it)."""
        self.data: StatsData | None = None
        self.period: Period | None = None
        self.asked_period = period
        """The route's ``period`` (None: the one this session chose last)."""

    @property
    def history(self) -> History:
        return self.ctx.services.history

    def build(self) -> ft.View:
        ctx = self.ctx
        title = ctx.t("app.stats")
        try:
            asked = self.asked_period
            self.period = parse_period(ctx.stats_period if asked is None else asked)
            ctx.stats_period = self.period.key if self.period is not None else WHOLE
            self.data = data = gather(self.history, self.wanted, None, self.period)
        except ScorepadError as problem:
            return screen(ctx, title, [tid("stats-error", ft.Text(problem.message(ctx.lang)))])
        if data.empty:
            return screen(
                ctx, title, [tid("stats-empty", muted(ctx.t("manage.no_stats"), size=16))]
            )
        chooser = ft.Dropdown(
            label=ctx.t("manage.player"),
            value=data.player.name if data.player else None,
            options=[ft.DropdownOption(key=n, text=n) for n in data.players],
            on_select=self.on_player,
            dense=True,
        )
        self.fill_player(data)
        self.fill_period(data)
        self.fill_rest(data)
        a = ft.Dropdown(
            label=ctx.t("manage.player_a"),
            options=[ft.DropdownOption(key=n, text=n) for n in data.players],
            value=data.players[0],
            dense=True,
            expand=True,
        )
        b = ft.Dropdown(
            label=ctx.t("manage.player_b"),
            options=[ft.DropdownOption(key=n, text=n) for n in data.players],
            value=data.players[1] if len(data.players) > 1 else data.players[0],
            dense=True,
            expand=True,
        )
        self.h2h_a, self.h2h_b = a, b
        a.on_select = b.on_select = self.on_h2h
        self.on_h2h()
        body: list[ft.Control] = [
            self.period_part,
            heading(ctx.t("manage.by_player")),
            tid("stats-player", chooser),
            self.player_part,
            heading(ctx.t("manage.share_of_wins")),
            self.wins_part,
            heading(ctx.t("manage.by_game")),
            self.games_part,
            heading(ctx.t("manage.head_to_head")),
            ft.Row([tid("stats-h2h-a", a), tid("stats-h2h-b", b)]),
            tid("stats-h2h", self.h2h_text),
        ]
        return screen(ctx, title, body)

    def fill_period(self, data: StatsData) -> None:
        """All time, a year, or a month of that year; and which one is shown."""
        ctx, period = self.ctx, data.period
        year = ft.Dropdown(
            label=ctx.t("stats.year"),
            value=str(period.start.year) if period is not None else WHOLE,
            options=[ft.DropdownOption(key=WHOLE, text=ctx.t("stats.all_time"))]
            + [ft.DropdownOption(key=str(y), text=str(y)) for y in data.years],
            on_select=self.on_year,
            dense=True,
            expand=ctx.compact,  # side by side across a phone; a chooser's width elsewhere
            width=None if ctx.compact else CHOOSER_WIDTH,
        )
        row: list[ft.Control] = [tid("stats-period-year", year)]
        if period is not None:
            month = ft.Dropdown(
                label=ctx.t("stats.month"),
                value=f"{period.start.month:02d}" if period.is_month else WHOLE,
                options=[ft.DropdownOption(key=WHOLE, text=ctx.t("stats.whole_year"))]
                + [
                    ft.DropdownOption(key=f"{m:02d}", text=month_name(m, ctx.lang))
                    for m in range(1, 13)
                ],
                on_select=self.on_month,
                dense=True,
                expand=ctx.compact,
                width=None if ctx.compact else CHOOSER_WIDTH,
            )
            row.append(tid("stats-period-month", month))
        shown = period_text(period, ctx.lang, ctx.t("stats.all_time"))
        self.period_part.controls = [
            ft.Row(row, spacing=8),
            tid("stats-period", muted(ctx.t("stats.showing", period=shown), size=13)),
        ]

    def fill_rest(self, data: StatsData) -> None:
        """The share of wins and each game's record, for the period."""
        self.wins_part.controls = [tid("stats-chart-wins", self.wins_chart(data))]
        games = [self.game_card(n, g) for n, g in enumerate(data.games, 1)]
        self.games_part.controls = games or [
            tid("stats-games-none", muted(self.ctx.t("stats.no_plays_then")))
        ]

    def game_chooser(self, data: StatsData) -> ft.Control:
        """The game the player's figures and chart are for, or all games."""
        options = [ft.DropdownOption(key=ALL_GAMES, text=self.ctx.t("manage.all_games"))]
        options += [
            ft.DropdownOption(key=g, text=pick(name, self.ctx.lang))
            for g, name in data.player_games
        ]
        return tid(
            "stats-player-game",
            ft.Dropdown(
                label=self.ctx.t("manage.game"),
                value=data.game or ALL_GAMES,
                options=options,
                on_select=self.on_game,
                dense=True,
            ),
        )

    def fill_player(self, data: StatsData) -> None:
        ctx, lang = self.ctx, self.ctx.lang
        stats = data.player
        if stats is None:
            self.player_part.controls = []
            return
        figures: list[tuple[str, str, str]] = []
        if stats.plays or not stats.coop_plays:  # plays each for themselves (or in teams)
            plays = "manage.competitive_plays" if stats.coop_plays else "manage.plays"
            figures += [
                ("plays", ctx.t(plays), str(stats.plays)),
                ("wins", ctx.t("manage.wins"), str(stats.wins)),
                ("rate", ctx.t("manage.win_rate"), percent(stats.win_rate, lang)),
            ]
            if data.game is not None and data.scored:  # never adding different games
                figures += [
                    ("average", ctx.t("manage.average"), points(stats.average_total, lang)),
                    ("best", ctx.t("manage.best"), points(stats.best_total, lang)),
                ]
        if stats.coop_plays:  # co-operative plays apart: won or lost together
            lost = stats.coop_plays - stats.coop_wins
            figures += [
                ("coop-plays", ctx.t("manage.coop_plays"), str(stats.coop_plays)),
                ("coop-wins", ctx.t("manage.coop_wins"), str(stats.coop_wins)),
                ("coop-losses", ctx.t("manage.coop_losses"), str(lost)),
                ("coop-rate", ctx.t("manage.coop_win_rate"), percent(stats.coop_win_rate, lang)),
            ]
        figures.append(("last", ctx.t("manage.last_played"), when(stats.last_played)))
        size = 16 if ctx.compact else 20
        tiles: list[ft.Control] = [
            ft.Container(
                ft.Column(
                    [muted(label), tid(f"stats-player-{key}", ft.Text(value, size=size))],
                    spacing=2,
                ),
                padding=8,
                border_radius=8,
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                col={"xs": 4, "md": 2},
            )
            for key, label, value in figures
        ]
        self.player_part.controls = [
            self.game_chooser(data),
            ft.ResponsiveRow(tiles, spacing=8, run_spacing=8),
            ratings_link(ctx, stats.name),
        ]
        self.player_part.controls.append(achievements_link(ctx, stats.name))
        if data.game is not None and data.scored:
            self.player_part.controls += [
                muted(ctx.t("manage.totals_over_time")),
                tid("stats-chart-totals", self.totals_chart(data)),
            ]
        self.player_part.controls += self.timeline_charts(data)

    def timeline_charts(self, data: StatsData) -> list[ft.Control]:
        """The player's win rate, and in one game with a score their average total, per
        day, month or year: exact fractions, made floats only for the chart."""
        timeline = data.timeline
        if timeline is None or not timeline.points:
            return []
        ctx, lang = self.ctx, self.ctx.lang
        found = timeline.points
        years = timeline.grain == "month" and found[0].start.year != found[-1].start.year
        step = max(1, math.ceil(len(found) / (6 if ctx.compact else 12)))
        labels = [
            fc.ChartAxisLabel(
                value=n,
                label=ft.Text(point_label(p.start, timeline.grain, lang, years), size=10),
            )
            for n, p in enumerate(found, 1)
            if (len(found) - n) % step == 0  # the latest always labelled
        ]
        by = ctx.t(f"stats.per_{timeline.grain}")
        shown: list[ft.Control] = []
        rates = rate_points(found)
        if rates:
            shown += [
                muted(ctx.t("stats.win_rate_over_time", per=by)),
                tid("stats-chart-rate", self.rate_chart(rates, labels, len(found))),
            ]
        averages = average_points(found)
        if data.game is not None and data.scored and averages:
            shown += [
                muted(ctx.t("stats.average_over_time", per=by)),
                tid("stats-chart-score", self.average_chart(data, averages, labels, len(found))),
            ]
        return shown

    def own_colour(self, data: StatsData) -> str:
        own = known_colours(self.ctx, [data.player.name])[0] if data.player else None
        return chart_colours([own], [ft.Colors.PRIMARY])[0]

    def rate_chart(
        self,
        rates: list[tuple[int, Fraction]],
        labels: list[fc.ChartAxisLabel],
        count: int,
    ) -> ft.Control:
        """Win rates from 0 to 100 %, a point for each day, month or year played."""
        values = [(x, float(rate)) for x, rate in rates]  # the one step to floats: the chart's
        return self.over_time(self.data, values, labels, count, (0.0, 100.0), 25)

    def average_chart(
        self,
        data: StatsData,
        averages: list[tuple[int, Fraction]],
        labels: list[fc.ChartAxisLabel],
        count: int,
    ) -> ft.Control:
        values = [(x, float(mean)) for x, mean in averages]  # floats for the chart only
        span = reach([v for _, v in values])
        return self.over_time(data, values, labels, count, span)

    def over_time(
        self,
        data: StatsData | None,
        values: list[tuple[int, float]],
        labels: list[fc.ChartAxisLabel] | None,
        count: int,
        span: tuple[float, float],
        interval: float | None = None,
        height: float = 180,
    ) -> ft.Control:
        """A line over ``count`` plays, days, months or years (``labels`` under them, or
        none), in the player's colour."""
        colour = self.own_colour(data) if data is not None else ft.Colors.PRIMARY
        series = fc.LineChartData(
            points=[fc.LineChartDataPoint(x, y) for x, y in values],
            color=colour,
            stroke_width=3,
            point=True,
            shadow=line_shadow(colour),
        )
        return ft.Container(
            fc.LineChart(
                data_series=[series],
                min_x=0.5,
                max_x=count + 0.5,
                min_y=span[0],
                max_y=span[1],
                left_axis=fc.ChartAxis(label_size=40, label_spacing=interval),
                bottom_axis=(
                    # asked at every whole x: the chart draws a label only where it asks
                    fc.ChartAxis(labels=labels, label_size=24, label_spacing=1)
                    if labels is not None
                    else fc.ChartAxis(show_labels=False)
                ),
                horizontal_grid_lines=fc.ChartGridLines(
                    color=ft.Colors.OUTLINE_VARIANT, width=1, interval=interval
                ),
                interactive=False,
            ),
            height=height,
            padding=ft.Padding.only(right=12, top=8),
        )

    def totals_chart(self, data: StatsData) -> ft.Control:
        values = [float(p.total) for p in data.totals]
        if not values:
            return muted(self.ctx.t("manage.no_stats"))
        return self.over_time(
            data, list(enumerate(values, 1)), None, len(values), reach(values), height=200
        )

    def wins_chart(self, data: StatsData) -> ft.Control:
        if not data.wins:
            return muted(self.ctx.t("manage.no_wins"))
        total = sum(w for _, w in data.wins)
        drawn = chart_colours(known_colours(self.ctx, [n for n, _ in data.wins]), PALETTE)
        sections = [
            fc.PieChartSection(
                value=wins,
                title=f"{round(100 * wins / total)} %",
                color=drawn[n],
                radius=70,
                title_style=ft.TextStyle(
                    size=12, color=ink_on(drawn[n]), weight=ft.FontWeight.BOLD
                ),
            )
            for n, (_, wins) in enumerate(data.wins)
        ]
        legend = ft.Column(
            [
                chart_key(
                    f"stats-wins-key-{n}",
                    drawn[n - 1],
                    self.ctx.t("manage.wins_of", name=name, n=wins),
                )
                for n, (name, wins) in enumerate(data.wins, 1)
            ],
            spacing=4,
        )
        pie = ft.Container(
            fc.PieChart(sections=sections, center_space_radius=0, sections_space=1),
            width=160,
            height=160,
        )
        return ft.Row([pie, legend], wrap=True, spacing=16)

    def game_card(self, n: int, stats: GameStats) -> ft.Control:
        ctx, lang = self.ctx, self.ctx.lang
        holders = ", ".join(sorted({h.name for h in stats.holders}))
        best = points(stats.best_total, lang)
        said = [ctx.t("manage.game_plays", plays=stats.plays)]
        if stats.scored:
            average = points(stats.average_winning_total, lang)
            holders = holders or "–"
            said.append(ctx.t("manage.game_best", best=best, holders=holders, average=average))
        if stats.coop_wins or stats.coop_losses:
            won, lost = stats.coop_wins, stats.coop_losses
            said.append(ctx.t("manage.game_together", won=won, lost=lost))
        return tid(
            f"stats-game-{stats.game}",
            ft.Container(
                ft.Column(
                    [
                        ft.Text(game_name(stats, lang), weight=ft.FontWeight.BOLD),
                        tid(f"stats-game-line-{stats.game}", ft.Text(" · ".join(said), size=13)),
                        *self._average_time(stats),
                        *self._keep(stats.game),
                    ],
                    spacing=2,
                ),
                padding=8,
                border_radius=8,
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
            ),
        )

    def _keep(self, game: str) -> list[ft.Control]:
        """A quick game's card: "Make it a game of its own" (one such button a card)."""
        if self.quick is None:
            self.quick = quick_ids(self.ctx)
        return [keep_button(self.ctx, game, f"quick-keep-{game}")] if game in self.quick else []

    def _average_time(self, stats: GameStats) -> list[ft.Control]:
        """How long a play of the game takes on average, over the plays that say."""
        if stats.average_duration is None:
            return []
        said = self.ctx.t("app.stats_average_time", minutes=stats.average_duration)
        return [tid(f"stats-duration-{stats.game}", ft.Text(said, size=13))]

    def on_player(self, e: ft.Event[ft.Dropdown]) -> None:
        self.wanted = str(e.control.value)
        self.game = None
        self.refill()

    def on_game(self, e: ft.Event[ft.Dropdown]) -> None:
        self.game = str(e.control.value or ALL_GAMES)
        self.refill()

    def on_year(self, e: ft.Event[ft.Dropdown]) -> None:
        year = str(e.control.value or WHOLE)
        self.choose_period(Period.year(int(year)) if year.isdigit() else None)

    def on_month(self, e: ft.Event[ft.Dropdown]) -> None:
        if self.period is None:
            return
        year, month = self.period.start.year, str(e.control.value or WHOLE)
        self.choose_period(Period.month(year, int(month)) if month.isdigit() else Period.year(year))

    def choose_period(self, period: Period | None) -> None:
        """Show every part for ``period``, and keep it for the other stats screens."""
        self.period = period
        self.ctx.stats_period = period.key if period is not None else WHOLE
        if self.refill() and self.data is not None:
            self.fill_period(self.data)
            self.fill_rest(self.data)
            self.on_h2h()

    def refill(self) -> bool:
        try:
            self.data = gather(self.history, self.wanted, self.game, self.period)
        except ScorepadError as problem:
            self.h2h_text.value = problem.message(self.ctx.lang)
            return False
        self.fill_player(self.data)
        return True

    def on_h2h(self) -> None:
        a, b = self.h2h_a.value, self.h2h_b.value
        if not a or not b or a == b:
            self.h2h_text.value = self.ctx.t("manage.h2h_choose")
            return
        try:
            h2h = self.history.head_to_head(str(a), str(b), None, self.period)
        except ScorepadError as problem:
            self.h2h_text.value = problem.message(self.ctx.lang)
            return
        self.h2h_text.value = head_to_head_line(h2h, self.ctx.lang, self.ctx.t)
