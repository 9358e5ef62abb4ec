"""Stats: a player's record with charts, each game's record, two players head to head.

``/stats?player=Ana`` opens on that player; the player and head-to-head choices rebuild
only their own part of the screen.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import flet as ft
import flet_charts as fc

from scorepad.core import ScorepadError
from scorepad.core.i18n import pick
from scorepad.ui.context import Context
from scorepad.ui.stats_model import (
    ALL_GAMES,
    StatsData,
    game_name,
    gather,
    head_to_head_line,
    percent,
    points,
    when,
)
from scorepad.ui.views.colour_part import (
    chart_colours,
    chart_key,
    known_colours,
    line_shadow,
)
from scorepad.ui.views.common import PALETTE, heading, ink_on, muted, screen, tid
from scorepad.ui.views.ratings import ratings_link
from scorepad.ui.views.review import achievements_link

if TYPE_CHECKING:
    from scorepad.store import GameStats
    from scorepad.ui.history import History


class StatsView:
    def __init__(self, ctx: Context, player: str | None = None) -> None:
        self.ctx = ctx
        self.wanted = player
        self.player_part = ft.Column(spacing=8)
        self.game: str | None = None
        """The game the player's figures are for (None: the one they played most)."""
        self.h2h_text = ft.Text("", size=14)
        self.data: StatsData | None = None

    @property
    def history(self) -> History:
        return self.ctx.services.history

    def build(self) -> ft.View:
        ctx = self.ctx
        title = ctx.t("app.stats")
        try:
            self.data = data = gather(self.history, self.wanted)
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
            heading(ctx.t("manage.by_player")),
            tid("stats-player", chooser),
            self.player_part,
            heading(ctx.t("manage.share_of_wins")),
            tid("stats-chart-wins", self.wins_chart(data)),
            heading(ctx.t("manage.by_game")),
            *[self.game_card(n, g) for n, g in enumerate(data.games, 1)],
            heading(ctx.t("manage.head_to_head")),
            ft.Row([tid("stats-h2h-a", a), tid("stats-h2h-b", b)]),
            tid("stats-h2h", self.h2h_text),
        ]
        return screen(ctx, title, body)

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

    def totals_chart(self, data: StatsData) -> ft.Control:
        values = [float(p.total) for p in data.totals]
        if not values:
            return muted(self.ctx.t("manage.no_stats"))
        low, high = min([*values, 0.0]), max(values)
        top = math.ceil(max(high * 1.1, high + 1) / 10) * 10
        own = known_colours(self.ctx, [data.player.name])[0] if data.player else None
        colour = chart_colours([own], [ft.Colors.PRIMARY])[0]
        series = fc.LineChartData(
            points=[fc.LineChartDataPoint(x, y) for x, y in enumerate(values, 1)],
            color=colour,
            stroke_width=3,
            point=True,
            shadow=line_shadow(colour),
        )
        return ft.Container(
            fc.LineChart(
                data_series=[series],
                min_x=0.5,
                max_x=len(values) + 0.5,
                min_y=low,
                max_y=top,
                left_axis=fc.ChartAxis(label_size=40),
                bottom_axis=fc.ChartAxis(show_labels=False),
                horizontal_grid_lines=fc.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1),
                interactive=False,
            ),
            height=200,
            padding=ft.Padding.only(right=12, top=8),
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
                    ],
                    spacing=2,
                ),
                padding=8,
                border_radius=8,
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
            ),
        )

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

    def refill(self) -> None:
        try:
            self.data = gather(self.history, self.wanted, self.game)
        except ScorepadError as problem:
            self.h2h_text.value = problem.message(self.ctx.lang)
            return
        self.fill_player(self.data)

    def on_h2h(self) -> None:
        a, b = self.h2h_a.value, self.h2h_b.value
        if not a or not b or a == b:
            self.h2h_text.value = self.ctx.t("manage.h2h_choose")
            return
        try:
            h2h = self.history.head_to_head(str(a), str(b))
        except ScorepadError as problem:
            self.h2h_text.value = problem.message(self.ctx.lang)
            return
        self.h2h_text.value = head_to_head_line(h2h, self.ctx.lang, self.ctx.t)
