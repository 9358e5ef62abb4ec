"""Ratings: the players by rating, overall or in one game, and one player's rating over
time (``/ratings?player=Ana&game=azul``); that player may stay out of the ratings.

The numbers come from ``scorepad.ui.ratings_model``; this view only lays them out.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import flet as ft
import flet_charts as fc

from scorepad.core import ScorepadError
from scorepad.ui.context import Context
from scorepad.ui.ratings_model import RatingsData, gather
from scorepad.ui.views.colour_part import chart_colours, known_colours, line_shadow
from scorepad.ui.views.common import heading, muted, screen, tid

if TYPE_CHECKING:
    from scorepad.ui.history import History

ALL = ""
"""The game chooser's key for all games."""


class RatingsView:
    def __init__(self, ctx: Context, player: str | None = None, game: str | None = None) -> None:
        self.ctx = ctx
        self.player = player
        self.game = game or None
        self.status = ft.Text("", size=14)
        self.table = ft.Column(spacing=4)
        self.player_part = ft.Column(spacing=8)
        self.data = RatingsData()

    @property
    def history(self) -> History:
        return self.ctx.services.history

    def build(self) -> ft.View:
        ctx = self.ctx
        title = ctx.t("app.ratings")
        try:
            self.data = data = gather(self.history, ctx.lang, self.game, self.player)
        except ScorepadError as problem:
            return screen(ctx, title, [tid("ratings", ft.Text(problem.message(ctx.lang)))])
        if data.off:
            return screen(ctx, title, [tid("ratings", muted(ctx.t("ratings.off"), size=16))])
        options = [ft.DropdownOption(key=ALL, text=ctx.t("ratings.all_games"))]
        options += [ft.DropdownOption(key=g, text=name) for g, name in data.games]
        chooser = ft.Dropdown(
            label=ctx.t("ratings.game"),
            value=data.game or ALL,
            options=options,
            on_select=self.on_game,
            dense=True,
        )
        self.fill()
        body: list[ft.Control] = [
            tid("ratings-game", chooser),
            tid("ratings", self.table),
            muted(ctx.t("ratings.explain"), size=13),
            self.player_part,
            tid("ratings-message", self.status),
        ]
        return screen(ctx, title, body)

    def fill(self) -> None:
        ctx, data = self.ctx, self.data
        if data.empty:
            self.table.controls = [tid("ratings-empty", muted(ctx.t("ratings.nobody"), size=14))]
        else:
            self.table.controls = [
                self.row(r.place, r.player, r.rating, r.detail) for r in data.rows
            ]
        self.fill_player()

    def row(self, place: int, player: str, rating: str, detail: str) -> ft.Control:
        chosen = player == self.data.player
        size = 15 if self.ctx.compact else 16
        return tid(
            f"ratings-row-{place}",
            ft.Container(
                ft.Row(
                    [
                        ft.Text(f"{place}.", size=size, width=32),
                        ft.Column(
                            [
                                ft.Text(player, size=size, weight=ft.FontWeight.BOLD),
                                muted(detail, size=12),
                            ],
                            spacing=0,
                            expand=True,
                        ),
                        ft.Text(rating, size=size + 2, weight=ft.FontWeight.BOLD),
                    ],
                ),
                padding=8,
                border_radius=8,
                bgcolor=(
                    ft.Colors.SECONDARY_CONTAINER if chosen else ft.Colors.SURFACE_CONTAINER_HIGHEST
                ),
                on_click=lambda _e=None, name=player: self.choose(name),
            ),
        )

    def fill_player(self) -> None:
        ctx, data = self.ctx, self.data
        if not data.players:
            self.player_part.controls = []
            return
        chooser = ft.Dropdown(
            label=ctx.t("ratings.player"),
            value=data.player,
            options=[ft.DropdownOption(key=n, text=n) for n in data.players],
            on_select=lambda e: self.choose(str(e.control.value)),
            dense=True,
        )
        controls: list[ft.Control] = [tid("ratings-player", chooser)]
        if data.player is not None:
            controls.append(heading(ctx.t("ratings.over_time", player=data.player)))
            controls.append(tid("ratings-chart", self.chart(data)))
            switch = ft.Switch(
                value=data.rated,
                label=ctx.t("ratings.player_rated", player=data.player),
                on_change=self.on_rated,
            )
            controls.append(tid("ratings-rated", switch))
        self.player_part.controls = controls

    def chart(self, data: RatingsData) -> ft.Control:
        ctx = self.ctx
        if not data.rated:
            return muted(ctx.t("ratings.stays_out", player=data.player), size=14)
        values = [float(value) for _, value in data.points]  # drawn only, never kept
        if not values:
            return muted(ctx.t("ratings.not_rated", player=data.player), size=14)
        low = math.floor(min([*values, 0.0]) / 5) * 5
        high = math.ceil(max([*values, 5.0]) / 5) * 5
        own = known_colours(ctx, [data.player or ""])[0]
        colour = chart_colours([own], [ft.Colors.PRIMARY])[0]
        series = fc.LineChartData(
            points=[fc.LineChartDataPoint(x, y) for x, y in enumerate(values, 1)],
            color=colour,
            stroke_width=3,
            point=len(values) <= 40,
            shadow=line_shadow(colour),
        )
        return ft.Container(
            fc.LineChart(
                data_series=[series],
                min_x=0.5,
                max_x=len(values) + 0.5,
                min_y=low,
                max_y=high,
                left_axis=fc.ChartAxis(label_size=40),
                bottom_axis=fc.ChartAxis(show_labels=False),
                horizontal_grid_lines=fc.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1),
                interactive=False,
            ),
            height=200,
            padding=ft.Padding.only(right=12, top=8),
        )

    def refill(self) -> None:
        try:
            self.data = gather(self.history, self.ctx.lang, self.game, self.player)
        except ScorepadError as problem:
            self.say(problem.message(self.ctx.lang), error=True)
            return
        self.fill()

    def choose(self, player: str) -> None:
        self.player = player
        self.refill()

    def on_game(self, e: ft.Event[ft.Dropdown]) -> None:
        self.game = str(e.control.value or ALL) or None
        self.refill()

    def on_rated(self, e: ft.Event[ft.Switch]) -> None:
        player = self.data.player
        if player is None:
            return
        rated = bool(e.control.value)
        try:
            self.history.set_rated(player, rated)
        except ScorepadError as problem:
            self.say(problem.message(self.ctx.lang), error=True)
            return
        self.say("" if rated else self.ctx.t("ratings.stays_out", player=player))
        self.refill()

    def say(self, text: str, *, error: bool = False) -> None:
        self.status.value = text
        self.status.color = ft.Colors.ERROR if error else None


def ratings_link(ctx: Context, player: str) -> ft.Control:
    """A button to ``player``'s rating over time (on their stats)."""
    from urllib.parse import urlencode

    route = "/ratings?" + urlencode({"player": player})
    return tid(
        "stats-ratings",
        ft.TextButton(
            ctx.t("ratings.see"),
            icon=ft.Icons.LEADERBOARD,
            on_click=lambda _e=None: ctx.navigate(route),
        ),
    )


def ratings_view(ctx: Context, player: str | None, game: str | None) -> ft.View:
    return RatingsView(ctx, player, game).build()
