"""Sheet cells a player's board may fill: typed as any cell, or, while the board fills
them, its value shown read-only with "from the board" under it.

A board (Summer Pavilion's stars, Sintra's windows) says through a ``BoardSource`` which
cells it fills and with what; the cell follows it after every change, on every device,
and keeps what was typed in the draft for when the board is cleared.
"""

from __future__ import annotations

from typing import Protocol

import flet as ft

from scorepad.core.template import Line
from scorepad.ui.context import Context
from scorepad.ui.sheet_model import SheetInProgress
from scorepad.ui.views.cells import Changed, CheckCell, TextCell
from scorepad.ui.views.common import typed_text


class BoardSource(Protocol):
    def fills(self, key: str, player: int) -> bool:
        """The board fills the cell of line ``key`` for ``player`` (it is not typed)."""
        ...

    def value(self, key: str, player: int) -> bool | int | None:
        """What the board gives that cell (None: nothing it can count yet)."""
        ...


class BoardTextCell(TextCell):
    """A count cell: typed, or the board's count, read-only, "from the board"."""

    def __init__(
        self,
        ctx: Context,
        model: SheetInProgress,
        line: Line,
        player: int,
        changed: Changed,
        board: BoardSource,
    ) -> None:
        self.board = board
        super().__init__(ctx, model, line, player, changed)
        self.follow_board()

    @property
    def from_board(self) -> bool:
        return self.board.fills(self.key, self.player)

    def text(self) -> str:
        if not self.from_board:
            return super().text()
        value = self.board.value(self.key, self.player)
        return "" if value is None else str(int(value))

    def follow_board(self) -> list[ft.Control]:
        walled = self.from_board
        helper = self.ctx.t("app.from_board") if walled else None
        if self.field.read_only == walled and self.field.helper == helper:
            return []
        self.field.read_only = walled
        self.field.helper = helper
        out: list[ft.Control] = [self.field]
        if isinstance(self.control, ft.Row):  # − field +: the steppers rest meanwhile
            for stepper in (self.control.controls[0], self.control.controls[-1]):
                stepper.disabled = walled
                out.append(stepper)
        return out

    def on_change(self, e: ft.Event[ft.TextField]) -> None:
        if self.from_board:  # what was typed is taken, then the board's count put back
            self.crossed.typed(self.field, typed_text(e))
            self.ctx.update(self.field, *self.sync())
            return
        super().on_change(e)

    def on_step(self, delta: int) -> None:
        if not self.from_board:
            super().on_step(delta)

    def sync(self) -> list[ft.Control]:
        return [*self.follow_board(), *super().sync()]


class BoardCheckCell(CheckCell):
    """A yes/no cell: ticked by hand, or ticked by the board, read-only, "from the board"."""

    def __init__(
        self,
        ctx: Context,
        model: SheetInProgress,
        line: Line,
        player: int,
        changed: Changed,
        board: BoardSource,
    ) -> None:
        super().__init__(ctx, model, line, player, changed)
        self.ctx, self.board = ctx, board
        self.note = ft.Text(ctx.t("app.from_board"), size=11, color=ft.Colors.ON_SURFACE_VARIANT)
        self.control = ft.Column(
            [self.control, self.note],
            spacing=0,
            tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        )
        self.follow_board()
        self.box.value = self.ticked()

    @property
    def from_board(self) -> bool:
        return self.board.fills(self.key, self.player)

    def ticked(self) -> bool:
        if self.from_board:
            return bool(self.board.value(self.key, self.player))
        return self.model.draft.checks[self.key][self.player]

    def follow_board(self) -> list[ft.Control]:
        walled = self.from_board
        if self.box.disabled == walled and self.note.visible == walled:
            return []
        self.box.disabled = walled
        self.note.visible = walled
        return [self.box, self.note]

    def on_change(self, e: ft.Event[ft.Checkbox]) -> None:
        if self.from_board:  # the tick is taken, then the board's value put back
            self.crossed.typed(self.box, e.data is True)
            self.ctx.update(self.box, *self.sync())
            return
        super().on_change(e)

    def sync(self) -> list[ft.Control]:
        return [*self.follow_board(), *self.crossed.put(self.box, self.ticked())]
