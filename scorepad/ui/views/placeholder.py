"""Screens that arrive with the history store; each says so instead of showing nothing."""

from __future__ import annotations

import flet as ft

from scorepad.ui.context import Context
from scorepad.ui.views.common import muted, screen, tid


def coming_view(ctx: Context, title_key: str) -> ft.View:
    return screen(ctx, ctx.t(title_key), [tid("coming", muted(ctx.t("app.coming"), size=16))])


def message_view(ctx: Context, title: str, message: str) -> ft.View:
    """A screen that only says something (an unknown route, an unknown game)."""
    return screen(
        ctx,
        title,
        [
            tid("message", ft.Text(message, size=16)),
            ft.FilledButton(ctx.t("app.home"), on_click=lambda: ctx.navigate("/")),
        ],
    )
