"""A stepped line's buttons (a quick sheet's points: ``Line.steps``, 1, 5 and 10): under the
line, one row per player, − and + for each step (``quick-sub-n-K``, ``quick-add-n-K``,
n the player's seat from 1 as in ``total-n``).

A tap is typing: the sheet's ``sheet.taps.tapped`` says what the player's cell holds then
(the step added to its sum), and it goes in as the same text edit as a typed value, so
every device showing the sheet sees it at once and the cell keeps the additions to read
and correct. Nothing here adds up: the view only draws and passes the tap on.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.core.numbers import Number, format_points
from scorepad.core.template import Line
from scorepad.sheet.progress import SheetInProgress
from scorepad.sheet.taps import tapped
from scorepad.ui.context import Context

Shown = Callable[[str, int], None]
"""Called once a tap changed the cell of (line key, player from 0): the sheet shows it."""


def steps_of(line: Line) -> tuple[Number, ...]:
    """The steps a line's buttons add (none for a line without buttons)."""
    return line.steps


class TapsPart:
    """The tap buttons of one sheet, for each stepped line among its lines."""

    def __init__(self, ctx: Context, model: SheetInProgress, shown: Shown) -> None:
        self.ctx, self.model, self.shown = ctx, model, shown

    def rows_after(self, line: Line) -> list[ft.Control]:
        """Under a stepped line: a row of buttons for each player (none for other lines)."""
        steps = steps_of(line)
        if not steps:
            return []
        seats = range(len(self.model.players))
        rows = [self._player_row(line.key, player, steps) for player in seats]
        return [ft.Column(rows, spacing=6)]

    def _player_row(self, key: str, player: int, steps: tuple[Number, ...]) -> ft.Control:
        name = ft.Text(
            self.model.players[player],
            weight=ft.FontWeight.W_500,
            max_lines=1,
            overflow=ft.TextOverflow.ELLIPSIS,
        )
        less = [self._button(key, player, -step) for step in reversed(steps)]
        more = [self._button(key, player, step) for step in steps]
        buttons = ft.Row([*less, ft.Container(width=6), *more], spacing=4, tight=True)
        return ft.Row(
            [ft.Container(name, expand=True), buttons],
            spacing=6,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )

    def _button(self, key: str, player: int, step: Number) -> ft.Control:
        """One step's button: a face big enough for a finger, a button to a screen reader."""
        compact = self.ctx.compact
        amount = format_points(-step if step < 0 else step)
        adds = step > 0
        text = f"+{amount}" if adds else f"\u2212{amount}"
        who = self.model.players[player]
        said = self.ctx.t("quick.add" if adds else "quick.take", step=amount, player=who)
        face = ft.Container(
            ft.Text(
                text,
                size=15,
                weight=ft.FontWeight.BOLD,
                color=ft.Colors.ON_PRIMARY_CONTAINER if adds else ft.Colors.ON_SURFACE,
                no_wrap=True,
            ),
            width=44 if compact else 60,
            height=44 if compact else 40,
            alignment=ft.Alignment.CENTER,
            border_radius=10,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if adds else ft.Colors.SURFACE_CONTAINER_HIGHEST,
            tooltip=said,
        )
        ident = f"quick-{'add' if adds else 'sub'}-{player + 1}-{amount}"
        return ft.Semantics(  # a button to a screen reader, tapped as one
            identifier=ident,
            button=True,
            label=said,
            on_tap=lambda: self.on_tap(key, player, step),
            content=ft.GestureDetector(
                face,
                on_tap=lambda: self.on_tap(key, player, step),
                mouse_cursor=ft.MouseCursor.CLICK,
            ),
        )

    def on_tap(self, key: str, player: int, step: Number) -> None:
        if self.model.gone:
            return
        text = tapped(self.model.draft.texts[key][player], step)
        if text is None:  # the cell holds something being fixed: left as it is
            return
        self.model.set_text(key, player, text)
        self.shown(key, player)
