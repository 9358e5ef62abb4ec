"""Pieces every screen uses: test ids, the app bar, the screen frame."""

from __future__ import annotations

import flet as ft

from scorepad.ui.context import Context

MAX_WIDTH = 1100
"""Wider windows centre the content instead of stretching rows across the screen."""


class Crossings:
    """Fields of a live sheet that showed another device's value since this device last
    changed them.

    Flet sends a browser only what changed on the server, and a field's value there is
    what the browser last reported. When another device's value is sent to a field while
    someone is typing in it, the two cross on the way: the browser shows the other value,
    the server holds what was typed, and nothing would ever be sent to set them straight.
    So the field's next own change is sent back to it once.
    """

    def __init__(self) -> None:
        self.fields: set[ft.Control] = set()

    def show(self, control: ft.Control, value: object) -> list[ft.Control]:
        """Show another device's ``value`` in ``control``; returns it if that changed it."""
        if getattr(control, "value") == value:  # noqa: B009 - fields and boxes alike
            return []
        setattr(control, "value", value)  # noqa: B010
        self.fields.add(control)
        return [control]

    def typed(self, control: ft.Control) -> list[ft.Control]:
        """``control`` was changed on this device: returns it, to be sent back, when
        another device's value was shown in it meanwhile."""
        if control not in self.fields:
            return []
        self.fields.discard(control)
        resend(control, "value")
        return [control]


def resend(control: ft.Control, name: str) -> None:
    """Have the next update send ``control.name`` though the server's value did not change:
    Flet sends a property that was set since the last update, so it is set twice."""
    value = getattr(control, name)
    setattr(control, name, (not value) if isinstance(value, bool) else f"{value} ")
    setattr(control, name, value)


def tid(identifier: str, control: ft.Control) -> ft.Semantics:
    """``control`` with a stable id that reaches the browser's DOM (and screen readers).

    The wrapper takes over ``expand``: in a Row it is the wrapper that must stretch.
    """
    return ft.Semantics(identifier=identifier, content=control, expand=control.expand)


def app_bar(ctx: Context, title: str, *, home: bool = True) -> ft.AppBar:
    leading = None
    if home:
        leading = tid(
            "nav-home",
            ft.IconButton(
                ft.Icons.HOME_OUTLINED,
                tooltip=ctx.t("app.home"),
                on_click=lambda: ctx.navigate("/"),
            ),
        )
    actions = []
    if ctx.route != "/settings":
        actions.append(
            tid(
                "nav-settings",
                ft.IconButton(
                    ft.Icons.SETTINGS_OUTLINED,
                    tooltip=ctx.t("app.settings"),
                    on_click=lambda: ctx.navigate("/settings"),
                ),
            )
        )
    return ft.AppBar(
        leading=leading,
        automatically_imply_leading=False,
        title=ft.Text(title, overflow=ft.TextOverflow.ELLIPSIS),
        actions=actions,
    )


def screen(ctx: Context, title: str, body: list[ft.Control], *, home: bool = True) -> ft.View:
    """A whole screen: app bar, then ``body`` in a scrolling, centred column."""
    padding = 8 if ctx.compact else 16
    return ft.View(
        route=ctx.route,
        appbar=app_bar(ctx, title, home=home),
        scroll=ft.ScrollMode.AUTO,
        padding=padding,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        controls=[
            ft.Container(
                content=ft.Column(body, spacing=12),
                width=MAX_WIDTH if ctx.wide else None,
                # room for a field's floating label at the very top of the scrolled area
                padding=ft.Padding.only(top=8),
            )
        ],
    )


def heading(text: str) -> ft.Text:
    return ft.Text(text, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, weight=ft.FontWeight.BOLD)


def muted(text: str, *, size: float = 12) -> ft.Text:
    return ft.Text(text, size=size, color=ft.Colors.ON_SURFACE_VARIANT)


def players_range(ctx: Context, low: int, high: int) -> str:
    if low == high:
        return ctx.tn("app.player_count", low, n=low)
    return ctx.t("app.players_range", low=low, high=high)
