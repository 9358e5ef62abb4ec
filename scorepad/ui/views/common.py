"""Pieces every screen uses: test ids, the app bar, the screen frame."""

from __future__ import annotations

import time
from collections.abc import Callable

import flet as ft

from scorepad.ui.context import Context

MAX_WIDTH = 1100
"""Wider windows centre the content instead of stretching rows across the screen."""

# One colour per player or game in the charts (Stats, a round play's running totals):
# Material's indigo, teal, amber, deep orange, pink, light green, cyan and brown.
PALETTE = [
    "#3F51B5",
    "#009688",
    "#FFC107",
    "#FF5722",
    "#E91E63",
    "#8BC34A",
    "#00BCD4",
    "#795548",
]


TROPHY = "#A87A00"
"""A winner's trophy: a dark gold that keeps 3:1 against the page and its cards in
either theme (Material's amber, 1.6:1 on the light page, all but vanished)."""


def ink_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (``#RRGGBB``): the one with
    the higher WCAG contrast ratio against it."""
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    lum = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    on_black, on_white = (lum + 0.05) / 0.05, 1.05 / (lum + 0.05)
    return "#000000" if on_black >= on_white else "#FFFFFF"


class Crossings:
    """What the server knows each field of a live sheet shows in its browser, so that a
    value typed on this device and another device's value never undo each other.

    Typing reaches the server as two messages: the field's new value, which Flet applies
    to the control at once, then the change event, which Flet runs later in a task of its
    own. Another device's change can run in between. So:

    - a change is read from the text its event carries (``typed``), never from the
      control, whose value another device's change may have rewritten meanwhile;
    - another device's value is not put into a field whose own change is still on its
      way (the field's value is not the one last confirmed): that change comes later and
      wins everywhere;
    - a value sent to a field can cross what is typed there on its way: the browser then
      shows the value sent while the server holds what was typed. So an own change that
      comes soon after a value was sent to its field is sent back to it (and that is a
      value sent too: while someone keeps typing, each change is sent back, and the last
      one is what every screen ends with).
    """

    ECHO_WINDOW_S = 2.0
    """How long after a value was sent to a field a change typed there may have been
    typed before that value arrived (a home network's round trip is milliseconds)."""

    def __init__(self) -> None:
        self.confirmed: dict[ft.Control, object] = {}
        """Each followed field's value as last confirmed by a change event or set here."""
        self.sent: dict[ft.Control, float] = {}
        """When a value was last sent to a field (monotonic seconds)."""

    def follow(self, control: ft.Control) -> ft.Control:
        """Follow ``control``, as built (with the value the sheet holds)."""
        self.confirmed[control] = _value(control)
        return control

    def pending(self, control: ft.Control) -> bool:
        """The browser reported a value for ``control`` whose change event has not run."""
        return _value(control) != self.confirmed.get(control, _value(control))

    def put(self, control: ft.Control, value: object) -> list[ft.Control]:
        """Show ``value`` (another device's, or one a button made) in ``control``; returns
        the control if that changed it."""
        if self.pending(control) or _value(control) == value:
            return []
        setattr(control, "value", value)  # noqa: B010 - fields and boxes alike
        self.confirmed[control] = value
        self.sent[control] = time.monotonic()
        return [control]

    def typed(self, control: ft.Control, value: object) -> list[ft.Control]:
        """``value`` was typed into ``control`` on this device (its change event ran):
        returns the control, to be sent back, when a value sent to it may have crossed
        it on the way."""
        self.confirmed[control] = value
        sent = self.sent.get(control)
        if sent is None:
            return []
        now = time.monotonic()
        if now - sent > self.ECHO_WINDOW_S:
            del self.sent[control]
            return []
        # Sent back even when a later value of this device is on its way (its own change
        # comes next and is sent back in turn): the field may show a value sent to it
        # since, and whether it does cannot be told from its value (typed "5", then "",
        # then "5" again).
        setattr(control, "value", value)  # noqa: B010
        self.sent[control] = now
        resend(control, "value")
        return [control]


def _value(control: ft.Control) -> object:
    return getattr(control, "value")  # noqa: B009 - fields and boxes alike


def typed_text(e: ft.Event[ft.TextField]) -> str:
    """The text a change event carries: what was typed, whatever the field holds now."""
    return e.data if isinstance(e.data, str) else ""


def resend(control: ft.Control, name: str) -> None:
    """Have the next update send ``control.name`` though the server's value did not change:
    Flet sends a property that was set since the last update, so it is set twice."""
    value = getattr(control, name)
    setattr(control, name, (not value) if isinstance(value, bool) else f"{value} ")
    setattr(control, name, value)


def tid(identifier: str, control: ft.Control) -> ft.Semantics:
    """``control`` with a stable id that reaches the browser's DOM (and screen readers).

    The wrapper takes over ``expand``: in a Row it is the wrapper that must stretch. To
    hide the control, hide the wrapper (or put the control in a box that stays): the
    browser draws a wrapper whose control is hidden as Flet's red error box
    ("Semantics.content must be provided and visible").
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
    actions: list[ft.Control] = []
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
        # a long game name takes a second line on a phone rather than being cut
        title=ft.Text(
            title,
            overflow=ft.TextOverflow.ELLIPSIS,
            max_lines=2 if ctx.compact else 1,
            size=17 if ctx.compact and len(title) > 22 else None,
        ),
        actions=actions,
    )


def screen(
    ctx: Context,
    title: str,
    body: list[ft.Control],
    *,
    pinned: ft.Control | None = None,
    home: bool = True,
    bottom: ft.BottomAppBar | None = None,
    scrolls: bool = True,
) -> ft.View:
    """A whole screen: app bar, then ``body`` in a scrolling, centred column; ``pinned``
    stays in sight above it (a sheet's players), ``bottom`` below it. The body's column
    is the content of the view's last control, for a screen that adds to it. With
    ``pinned``, ``scrolls=False`` leaves the scrolling to the body's own list (a
    ``ListView`` that builds only the rows on screen)."""
    padding = 8 if ctx.compact else 16
    if pinned is not None:
        scroll = ft.ScrollMode.AUTO if scrolls else None
        column = ft.Column(body, spacing=12, scroll=scroll, expand=True)
        width = MAX_WIDTH if ctx.wide else None
        return ft.View(
            route=ctx.route,
            appbar=app_bar(ctx, title, home=home),
            bottom_appbar=bottom,
            padding=padding,
            spacing=4,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            controls=[
                ft.Container(pinned, width=width),
                ft.Container(column, width=width, expand=True, padding=ft.Padding.only(top=8)),
            ],
        )
    column = ft.Column(body, spacing=12)
    return ft.View(
        route=ctx.route,
        appbar=app_bar(ctx, title, home=home),
        bottom_appbar=bottom,
        scroll=ft.ScrollMode.AUTO,
        padding=padding,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        controls=[
            ft.Container(
                content=column,
                width=MAX_WIDTH if ctx.wide else None,
                # room for a field's floating label at the very top of the scrolled area
                padding=ft.Padding.only(top=8),
            )
        ],
    )


def totals_bar_height(ctx: Context) -> int:
    """The height of ``totals_bar`` (a phone's row puts the label over the totals)."""
    return 64 if ctx.compact else 48


def totals_bar(ctx: Context, totals: ft.Control) -> ft.BottomAppBar:
    """The players' totals kept in sight at the bottom of a long sheet (a round game's
    rounds, an Azul wall being tapped): ``totals`` is the sheet's row of totals."""
    return ft.BottomAppBar(
        ft.Container(
            ft.Container(totals, width=MAX_WIDTH if ctx.wide else None),
            alignment=ft.Alignment.CENTER,
        ),
        height=totals_bar_height(ctx),
        padding=ft.Padding.symmetric(horizontal=8 if ctx.compact else 16, vertical=4),
    )


def heading(text: str) -> ft.Text:
    return ft.Text(text, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, weight=ft.FontWeight.BOLD)


def muted(text: str, *, size: float = 12) -> ft.Text:
    return ft.Text(text, size=size, color=ft.Colors.ON_SURFACE_VARIANT)


def players_range(ctx: Context, low: int, high: int) -> str:
    if low == high:
        return ctx.tn("app.player_count", low, n=low)
    return ctx.t("app.players_range", low=low, high=high)


def board_dialog(
    ctx: Context,
    board: str,
    player: int,
    title: str,
    clear: str,
    content: ft.Control,
    actions: tuple[Callable[[], None], Callable[[], None], Callable[[], None]],
) -> ft.AlertDialog:
    """A player's board over the sheet (the Azul wall, Summer Pavilion's stars, Sintra's
    windows), with Clear (``{board}-clear-n``) and Done (``{board}-done``); ``actions``:
    what Clear, Done and a dismissal do. Narrow margins: a 390 px phone shows it whole.

    It stops above the sheet's ``totals_bar``, over a light barrier that keeps it legible:
    every player's total and rank stay in sight, and follow each tap."""
    on_clear, on_done, on_dismiss = actions
    clearing = ft.TextButton(clear, icon=ft.Icons.DELETE_SWEEP, on_click=on_clear)
    below = totals_bar_height(ctx) + 8
    return ft.AlertDialog(
        modal=True,
        scrollable=True,
        title=ft.Text(title),
        content=content,
        inset_padding=ft.Padding.only(left=12, right=12, top=16, bottom=below),
        barrier_color=ft.Colors.with_opacity(0.25, ft.Colors.BLACK),
        content_padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        actions=[
            tid(f"{board}-clear-{player + 1}", clearing),
            tid(f"{board}-done", ft.FilledButton(ctx.t("app.wall_done"), on_click=on_done)),
        ],
        on_dismiss=lambda _e=None: on_dismiss(),
    )


def board_buttons(
    ctx: Context,
    board: str,
    label: str,
    icon: ft.IconData,
    players: list[str],
    open_board: Callable[[int], None],
) -> list[ft.Control]:
    """A button per player (``{board}-n``) under the lines a board fills, opening that
    player's board (``open_board(seat)``). Where a column is too narrow for the word (a
    phone, three players or more) the button is its icon alone, named by its tooltip
    ("Wall: Ana", also what a screen reader says): a word never breaks inside it."""
    narrow = ctx.compact and len(players) > 2
    buttons: list[ft.Control] = []
    for i, name in enumerate(players):
        said = ctx.t("app.board_of", board=label, player=name)
        face: ft.OutlinedButton = (
            ft.OutlinedButton(
                content=ft.Icon(icon, size=20),
                tooltip=said,
                on_click=lambda _e=None, i=i: open_board(i),
            )
            if narrow
            else ft.OutlinedButton(label, icon=icon, on_click=lambda _e=None, i=i: open_board(i))
        )
        buttons.append(tid(f"{board}-{i + 1}", face))
    return buttons
