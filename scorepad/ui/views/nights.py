"""The game nights: ``/nights`` (the list, newest first, and how nights are counted) and
``/nights/<first play id>`` (a night: who came, the games, the tally; name, split, merge).
The figures come from ``ui/nights_model.py``; this module only draws and takes input."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

import scorepad.ui.nights_model as model
from scorepad.core import ScorepadError
from scorepad.ui.context import Context
from scorepad.ui.history import History
from scorepad.ui.views.common import heading, muted, screen, tid
from scorepad.ui.views.message import message_view

MESSAGE = "nights-message"
"""What the last change said, kept across the screen's rebuild (``Context.screen``)."""
SHOWN = "nights-shown"
"""How many nights the list shows (``nights_model.PAGE`` more at each "Load more")."""


class NightsView:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.status = ft.Text(ctx.screen.pop(MESSAGE, ""), size=14)
        hours, points = model.settings_shown(self.history)
        self.hours = ft.TextField(label=ctx.t("nights.gap_hours"), value=hours, dense=True)
        self.points = ft.TextField(label=ctx.t("nights.place_points"), value=points, dense=True)

    @property
    def history(self) -> History:
        return self.ctx.services.history

    def build(self) -> ft.View:
        ctx = self.ctx
        found, more = model.rows(self.history, ctx.lang, ctx.screen.get(SHOWN, model.PAGE))
        listing: list[ft.Control] = [
            tid(
                f"night-{n}",
                ft.Card(
                    ft.ListTile(
                        title=ft.Text(row.title, weight=ft.FontWeight.BOLD),
                        subtitle=ft.Text(f"{row.summary}\n{row.result}"),
                        is_three_line=True,
                        on_click=_go(ctx, f"/nights/{row.first_id}"),
                    )
                ),
            )
            for n, row in enumerate(found, 1)
        ]
        if not listing:
            listing = [muted(ctx.t("nights.empty"), size=14)]
        if more:
            listing.append(
                tid(
                    "nights-more",
                    ft.TextButton(
                        ctx.t("app.load_more"), icon=ft.Icons.EXPAND_MORE, on_click=self.on_more
                    ),
                )
            )
        body: list[ft.Control] = [
            tid("nights-list", ft.Column(listing, spacing=4)),
            heading(ctx.t("nights.settings")),
            tid("nights-gap", self.hours),
            tid("nights-points", self.points),
            tid(
                "nights-save-settings",
                ft.OutlinedButton(ctx.t("app.save"), on_click=self.on_save_settings),
            ),
            tid(MESSAGE, self.status),
        ]
        return screen(ctx, ctx.t("app.nights"), body)

    def on_more(self) -> None:
        self.ctx.keep(SHOWN, self.ctx.screen.get(SHOWN, model.PAGE) + model.PAGE)
        self.ctx.rebuild()

    def on_save_settings(self) -> None:
        ctx = self.ctx
        try:
            said = model.save_settings(
                self.history, self.hours.value or "", self.points.value or "", ctx.lang
            )
        except ScorepadError as problem:
            self.status.value = problem.message(ctx.lang)
            self.status.color = ft.Colors.ERROR
            return
        ctx.keep(MESSAGE, said)
        ctx.rebuild()


class NightView:
    def __init__(self, ctx: Context, first_id: int) -> None:
        self.ctx = ctx
        self.first_id = first_id
        self.status = ft.Text(ctx.screen.pop(MESSAGE, ""), size=14)
        self.name = ft.TextField(label=ctx.t("nights.name"), dense=True, expand=True)

    @property
    def history(self) -> History:
        return self.ctx.services.history

    def build(self) -> ft.View:
        ctx = self.ctx
        found = model.page(self.history, self.first_id, ctx.lang)
        if found is None:
            return message_view(ctx, ctx.t("app.nights"), ctx.t("nights.not_found"))
        self.name.value = found.name
        games: list[ft.Control] = []
        for n, row in enumerate(found.games, 1):
            parts: list[ft.Control] = [
                ft.TextButton(
                    f"{row.when} · {row.game} · {row.result}",
                    on_click=_go(ctx, f"/play/{row.play_id}"),
                    expand=True,
                    style=ft.ButtonStyle(alignment=ft.Alignment.CENTER_LEFT),
                )
            ]
            if n > 1:
                parts.append(
                    tid(
                        f"night-split-{n}",
                        ft.IconButton(
                            ft.Icons.CONTENT_CUT,
                            tooltip=ctx.t("nights.split"),
                            on_click=self._split(row.play_id),
                        ),
                    )
                )
            games.append(tid(f"night-play-{n}", ft.Row(parts, spacing=0)))
        tally: list[ft.Control] = [
            tid(
                f"night-points-{n}",
                ft.Row(
                    [
                        ft.Text(player, expand=True),
                        ft.Text(ctx.t("nights.points", points=points), weight=ft.FontWeight.BOLD),
                    ]
                ),
            )
            for n, (player, points) in enumerate(found.tally, 1)
        ]
        body: list[ft.Control] = [
            muted(found.when, size=14),
            ft.Row(
                [
                    tid("night-name", self.name),
                    tid(
                        "night-rename",
                        ft.FilledButton(ctx.t("nights.save_name"), on_click=self.on_rename),
                    ),
                ]
            ),
            tid(MESSAGE, self.status),
            heading(ctx.t("nights.who_came")),
            ft.Text(found.players),
            heading(ctx.t("nights.games")),
            ft.Column(games, spacing=0),
            heading(ctx.t("nights.tally")),
            ft.Column(tally, spacing=2),
            tid("night-winner", ft.Text(found.result, weight=ft.FontWeight.BOLD, size=16)),
        ]
        if found.has_next:
            body.append(
                tid(
                    "night-merge",
                    ft.OutlinedButton(
                        ctx.t("nights.merge"), icon=ft.Icons.CALL_MERGE, on_click=self.on_merge
                    ),
                )
            )
        return screen(ctx, found.title, body)

    def _done(self, key: str) -> None:
        self.ctx.keep(MESSAGE, self.ctx.t(key))
        self.ctx.rebuild()

    def _refused(self, problem: ScorepadError) -> None:
        self.status.value = problem.message(self.ctx.lang)
        self.status.color = ft.Colors.ERROR

    def on_rename(self) -> None:
        try:
            model.rename(self.history, self.first_id, self.name.value or "")
        except ScorepadError as problem:
            self._refused(problem)
            return
        self._done("nights.renamed")

    def _split(self, play_id: int) -> Callable[[], None]:
        def split() -> None:
            try:
                model.split(self.history, self.first_id, play_id)
            except ScorepadError as problem:
                self._refused(problem)
                return
            self._done("nights.was_split")

        return split

    def on_merge(self) -> None:
        try:
            model.merge(self.history, self.first_id)
        except ScorepadError as problem:
            self._refused(problem)
            return
        self._done("nights.was_merged")


def reported(ctx: Context, title_key: str, build: Callable[[], ft.View]) -> ft.View:
    """The screen ``build`` makes, or what kept the history from giving it."""
    try:
        return build()
    except ScorepadError as problem:
        return message_view(ctx, ctx.t(title_key), problem.message(ctx.lang))


def _go(ctx: Context, route: str) -> Callable[[], None]:
    return lambda: ctx.navigate(route)
