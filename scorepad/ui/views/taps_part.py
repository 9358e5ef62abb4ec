"""A stepped line's buttons (a quick sheet's points: ``Line.steps``, 1, 5 and 10): under the
line, − and + for each step and player (``quick-sub-n-K``, ``quick-add-n-K``, n the
player's seat from 1 as in ``total-n``): under each player's column where it has room for
them (a wider screen, up to ``IN_COLUMNS`` players), else a row of them per player, named.

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
RowMaker = Callable[[ft.Control, list[ft.Control]], ft.Control]
"""The sheet's own row layout: a label beside one cell per player."""

IN_COLUMNS = 4
"""The most players whose buttons go under their own columns on a wider screen (three
buttons abreast need about 130 pixels)."""


def steps_of(line: Line) -> tuple[Number, ...]:
    """The steps a line's buttons add (none for a line without buttons)."""
    return line.steps


class TapsPart:
    """The tap buttons of one sheet, for each stepped line among its lines."""

    def __init__(self, ctx: Context, model: SheetInProgress, shown: Shown, row: RowMaker) -> None:
        self.ctx, self.model, self.shown, self.row = ctx, model, shown, row

    def rows_after(self, line: Line) -> list[ft.Control]:
        """Under a stepped line: a row of buttons for each player (none for other lines)."""
        steps = steps_of(line)
        if not steps:
            return []
        seats = range(len(self.model.players))
        if not self.ctx.compact and len(seats) <= IN_COLUMNS:
            cells = [self._player_column(line.key, player, steps) for player in seats]
            return [self.row(ft.Container(), cells)]
        rows = [self._player_row(line.key, player, steps) for player in seats]
        return [ft.Column(rows, spacing=6)]

    def _player_column(self, key: str, player: int, steps: tuple[Number, ...]) -> ft.Control:
        """Under the player's column: + above −, each step in turn."""
        more = [self._button(key, player, step, fill=True) for step in steps]
        less = [self._button(key, player, -step, fill=True) for step in steps]
        return ft.Column(
            [ft.Row(more, spacing=4), ft.Row(less, spacing=4)],
            spacing=4,
            expand=1,
        )

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

    def _button(self, key: str, player: int, step: Number, *, fill: bool = False) -> ft.Control:
        """One step's button: a face big enough for a finger, a button to a screen reader;
        ``fill``: as wide as its share of the row."""
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
            width=None if fill else 44 if compact else 60,
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
            expand=1 if fill else None,
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
