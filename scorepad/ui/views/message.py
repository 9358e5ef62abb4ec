"""A screen that only says something: a route or a game that does not exist, a play
the history cannot give."""

from __future__ import annotations

import flet as ft

from scorepad.ui.context import Context
from scorepad.ui.views.common import screen, tid


def message_view(ctx: Context, title: str, message: str) -> ft.View:
    return screen(
        ctx,
        title,
        [
            tid("message", ft.Text(message, size=16)),
            ft.FilledButton(ctx.t("app.home"), on_click=lambda: ctx.navigate("/")),
        ],
    )
