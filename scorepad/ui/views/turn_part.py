"""The turn marker of a sheet: whose turn it is, which any device at the table moves on.

"Next player" (``turn-next``) hands the turn to the next seat, the last seat to the first;
a tap on a player's name in the sheet's header (``turn-n``, seat from 1) gives the turn to
that player. The player whose turn it is has a mark beside the name (``turn-mark-n``) and
the sentence "Ana's turn" (``turn``) stands beside Next player. The turn lives in the
sheet's draft (``sheet.turn``), shared live like any value typed: a move made on one
device shows on every device showing the sheet, and survives a reload and a restart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from scorepad.sheet.progress import SheetInProgress
from scorepad.ui.context import Context
from scorepad.ui.views.common import tid

MARK = ft.Icons.PLAY_ARROW
"""Beside the player whose turn it is."""


class TurnPart:
    """``changed``: told once the turn moved here (the sheet shows it, with ``refresh``)."""

    def __init__(self, ctx: Context, model: SheetInProgress, changed: Callable[[], None]) -> None:
        self.ctx, self.model, self.changed = ctx, model, changed
        self.said = ft.Text(weight=ft.FontWeight.W_500, color=ft.Colors.TERTIARY)
        self.next_button = ft.IconButton(
            icon=ft.Icons.ARROW_FORWARD,
            icon_color=ft.Colors.TERTIARY,
            tooltip=ctx.t("app.next_player"),
            on_click=self.on_next,
        )
        self.marks = [  # the wrapper is hidden: a Semantics needs its content shown
            ft.Semantics(
                identifier=f"turn-mark-{n}",
                content=ft.Icon(MARK, color=ft.Colors.TERTIARY, size=16),
                visible=False,
            )
            for n in range(1, len(model.players) + 1)
        ]
        self.shown: int | None = -1
        """The seat whose turn ``refresh`` last showed (-1: not shown yet)."""

    def controls(self) -> list[ft.Control]:
        """Next player and whose turn it is, to stand in a row of the sheet."""
        together: list[ft.Control] = [tid("turn-next", self.next_button), tid("turn", self.said)]
        return [  # kept together when the row wraps on a phone
            ft.Row(together, spacing=0, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        ]

    def tappable(self, names: Sequence[ft.Control]) -> list[ft.Control]:
        """Each player's name in the header, a tap on it giving that player the turn."""
        return [
            tid(
                f"turn-{seat + 1}",
                ft.Container(
                    name,
                    on_click=lambda _, seat=seat: self.on_pick(seat),
                    border_radius=6,
                ),
            )
            for seat, name in enumerate(names)
        ]

    def refresh(self) -> list[ft.Control]:
        """Show whose turn it is now; returns the controls whose look changed."""
        seat = self.model.turn
        if seat == self.shown:
            return []
        self.shown = seat
        out: list[ft.Control] = []
        text = "" if seat is None else self.ctx.t("app.turn_of", player=self.model.players[seat])
        if self.said.value != text:
            self.said.value = text
            out.append(self.said)
        for at, mark in enumerate(self.marks):
            if mark.visible != (at == seat):
                mark.visible = at == seat
                out.append(mark)
        return out

    def on_next(self) -> None:
        if self.model.gone:
            return
        self.model.next_turn()
        self.changed()

    def on_pick(self, seat: int) -> None:
        if self.model.gone or not 0 <= seat < len(self.model.players):
            return
        self.model.set_turn(seat)
        self.changed()
