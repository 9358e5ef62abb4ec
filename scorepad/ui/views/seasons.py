"""``/seasons[?period=season:<uid>|year:<year>]``: a season or a year's standings and
challenges, and the seasons made, changed and deleted. The figures come from
``ui/seasons_model.py``; this module only draws and takes input. The period chosen and
the form being filled in are kept with the screen (``Context.screen``)."""

from __future__ import annotations

import flet as ft

import scorepad.ui.seasons_model as model
from scorepad.core import ScorepadError
from scorepad.core.i18n import decimal_mark, pick
from scorepad.ui.context import Context
from scorepad.ui.history import History
from scorepad.ui.views.common import heading, muted, screen, tid

MESSAGE = "seasons-message"
FORM = "seasons-form"
"""Whether the season form is open: "new", or the uid of the season being changed."""
FIELDS = "seasons-fields"
"""What the form starts with: (name, first day, last day)."""
PERIOD = "seasons-period"


class SeasonsView:
    def __init__(self, ctx: Context, period: str | None) -> None:
        self.ctx = ctx
        self.period: str | None = ctx.screen.get(PERIOD, period)
        self.status = ft.Text(ctx.screen.pop(MESSAGE, ""), size=14)
        name, first, last = ctx.screen.get(FIELDS, ("", "", ""))
        self.name = ft.TextField(label=ctx.t("seasons.name"), value=name, dense=True)
        self.first_day = ft.TextField(
            label=ctx.t("seasons.first_day"), value=first, dense=True, expand=True
        )
        self.last_day = ft.TextField(
            label=ctx.t("seasons.last_day"), value=last, dense=True, expand=True
        )

    @property
    def history(self) -> History:
        return self.ctx.services.history

    def build(self) -> ft.View:
        ctx = self.ctx
        data = model.gather(self.history, self.period, ctx.lang)
        chosen = data.chosen
        body: list[ft.Control] = []
        if chosen is not None:
            body.append(
                tid(
                    "season-period",
                    ft.Dropdown(
                        label=ctx.t("seasons.period"),
                        value=chosen.key,
                        options=[ft.DropdownOption(key=p.key, text=p.label) for p in data.periods],
                        on_select=self.on_period,
                        dense=True,
                        expand=True,
                    ),
                )
            )
        actions: list[ft.Control] = [
            tid(
                "season-new",
                ft.OutlinedButton(ctx.t("seasons.new"), icon=ft.Icons.ADD, on_click=self.on_new),
            )
        ]
        if chosen is not None and chosen.own:
            actions.append(
                tid(
                    "season-edit",
                    ft.OutlinedButton(
                        ctx.t("seasons.edit"), icon=ft.Icons.EDIT, on_click=self.on_edit
                    ),
                )
            )
        body.append(ft.Row(actions, wrap=True))
        body += self.form(chosen)
        body.append(tid(MESSAGE, self.status))
        if chosen is None:
            body.append(muted(ctx.t("seasons.empty"), size=14))
            return screen(ctx, ctx.t("app.seasons"), body)
        body.append(heading(ctx.t("seasons.standings")))
        body.append(tid("season-standings", self.table(data)))
        body.append(heading(ctx.t("seasons.challenges")))
        names = {g: pick(t.name, ctx.lang) for g, t in self.history.games().items()}
        for n, challenge in enumerate(data.challenges, 1):
            lines: list[ft.Control] = [ft.Text(challenge.title, weight=ft.FontWeight.BOLD)]
            lines += [ft.Text(model.progress_line(row, names), size=13) for row in challenge.rows]
            if not challenge.rows:
                lines.append(muted(ctx.t("seasons.no_plays"), size=13))
            body.append(tid(f"challenge-{n}", ft.Column(lines, spacing=2)))
        return screen(ctx, ctx.t("app.seasons"), body)

    def table(self, data: model.SeasonsData) -> ft.Control:
        ctx = self.ctx
        if not data.standings:
            return muted(ctx.t("seasons.no_plays"), size=14)
        keys = ["seasons.player", "seasons.plays", "seasons.wins", "seasons.points"]
        if data.rated:
            keys.append("seasons.rating_gained")
        rows = []
        for s in data.standings:
            cells = [s.player, str(s.plays), str(s.wins), str(s.points)]
            if data.rated:
                gained = s.rating_gained
                mark = decimal_mark(ctx.lang)
                cells.append("–" if gained is None else f"{gained:+}".replace(".", mark))
            rows.append(ft.DataRow(cells=[ft.DataCell(content=ft.Text(c)) for c in cells]))
        return ft.Row(
            [
                ft.DataTable(
                    columns=[
                        ft.DataColumn(label=ft.Text(ctx.t(k)), numeric=n > 0)
                        for n, k in enumerate(keys)
                    ],
                    rows=rows,
                    column_spacing=16 if ctx.compact else 32,
                    horizontal_margin=4 if ctx.compact else 12,
                )
            ],
            scroll=ft.ScrollMode.AUTO,
        )

    def form(self, chosen: model.Period | None) -> list[ft.Control]:
        ctx = self.ctx
        editing = ctx.screen.get(FORM)
        if editing is None:
            return []
        changing = chosen is not None and chosen.own and editing == chosen.season.uid
        buttons: list[ft.Control] = [
            tid("season-save", ft.FilledButton(ctx.t("seasons.save"), on_click=self.on_save))
        ]
        if changing and chosen is not None:
            buttons.append(
                tid(
                    "season-delete",
                    ft.TextButton(
                        ctx.t("seasons.delete"),
                        icon=ft.Icons.DELETE_OUTLINE,
                        on_click=self.on_delete,
                    ),
                )
            )
        return [
            tid("season-name", self.name),
            ft.Row([tid("season-first", self.first_day), tid("season-last", self.last_day)]),
            ft.Row(buttons, wrap=True),
        ]

    def on_period(self, e: ft.Event[ft.Dropdown]) -> None:
        key = e.control.value
        if key:
            self.ctx.keep(PERIOD, key)
            self.ctx.screen.pop(FORM, None)
            self.ctx.rebuild()

    def on_new(self) -> None:
        self.ctx.keep(FORM, "new")
        self.ctx.keep(FIELDS, ("", "", ""))
        self.ctx.rebuild()

    def on_edit(self) -> None:
        chosen = model.gather(self.history, self.period, self.ctx.lang).chosen
        if chosen is None or not chosen.own:
            return
        self.ctx.keep(FORM, chosen.season.uid)
        season = chosen.season
        self.ctx.keep(FIELDS, (season.name, str(season.first_day), str(season.last_day)))
        self.ctx.rebuild()

    def on_save(self) -> None:
        ctx = self.ctx
        editing = ctx.screen.get(FORM)
        uid = None if editing in (None, "new") else str(editing)
        try:
            season = model.save(
                self.history,
                uid,
                self.name.value or "",
                self.first_day.value or "",
                self.last_day.value or "",
            )
        except ScorepadError as problem:
            self.refused(problem)
            return
        self.closed(ctx.t("seasons.saved", name=season.name), f"{model.SEASON}{season.uid}")

    def on_delete(self) -> None:
        ctx = self.ctx
        editing = ctx.screen.get(FORM)
        chosen = model.gather(self.history, self.period, ctx.lang).chosen
        if chosen is None or not chosen.own or editing != chosen.season.uid:
            return
        try:
            model.delete(self.history, chosen.season.uid)
        except ScorepadError as problem:
            self.refused(problem)
            return
        self.closed(ctx.t("seasons.deleted", name=chosen.season.name), None)

    def refused(self, problem: ScorepadError) -> None:
        """What was typed stays; the reason is said beside the form."""
        self.status.value = problem.message(self.ctx.lang)
        self.status.color = ft.Colors.ERROR

    def closed(self, said: str, period: str | None) -> None:
        """The form is done with: shut, with what was done said, on ``period``."""
        ctx = self.ctx
        for key in (FORM, FIELDS, PERIOD):
            ctx.screen.pop(key, None)
        if period is not None:
            ctx.keep(PERIOD, period)
        ctx.keep(MESSAGE, said)
        ctx.rebuild()
