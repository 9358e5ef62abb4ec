"""Settings' ratings part: ratings on or off for this history (kept with the history, so
every device sharing it sees the same; ``Store.set_ratings_on``)."""

from __future__ import annotations

import flet as ft

from scorepad.core import ScorepadError
from scorepad.ui.context import Context
from scorepad.ui.views.common import heading, muted, tid


class RatingsSetting:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.status = ft.Text("", size=14)

    def controls(self) -> list[ft.Control]:
        ctx = self.ctx
        try:
            on: bool | None = ctx.services.history.ratings_on()
        except ScorepadError as problem:
            on = None
            self.say(problem.message(ctx.lang), error=True)
        switch = ft.Switch(
            value=bool(on),
            label=ctx.t("ratings.setting"),
            disabled=on is None,
            on_change=self.on_change,
        )
        return [
            heading(ctx.t("app.ratings")),
            tid("ratings-on", switch),
            muted(ctx.t("ratings.setting_hint"), size=14),
            tid("ratings-setting-message", self.status),
        ]

    def on_change(self, e: ft.Event[ft.Switch]) -> None:
        try:
            self.ctx.services.history.set_ratings_on(bool(e.control.value))
        except ScorepadError as problem:
            self.say(problem.message(self.ctx.lang), error=True)
            e.control.value = not e.control.value

    def say(self, text: str, *, error: bool = False) -> None:
        self.status.value = text
        self.status.color = ft.Colors.ERROR if error else None
