"""Sheet cells a player's board may fill: typed as any cell, or, while the board fills
them, its value shown read-only with "from the board" under it.

A board (Azul's wall and a game tracked round by round, Summer Pavilion's stars, Sintra's
windows) says through a ``BoardSource`` (a
``PairSource`` for a product line) which cells it fills and with what; the cell follows
it after every change, on every device, and keeps what was typed in the draft for when
the board is cleared.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import flet as ft

from scorepad.core.template import Line
from scorepad.sheet.progress import SheetInProgress
from scorepad.ui.context import Context
from scorepad.ui.views.cells import Changed, CheckCell, ProductCell, TextCell
from scorepad.ui.views.common import tid, typed_text


class BoardSource(Protocol):
    def fills(self, key: str, player: int) -> bool:
        """The board fills the cell of line ``key`` for ``player`` (it is not typed)."""
        ...

    def value(self, key: str, player: int) -> bool | int | None:
        """What the board gives that cell (None: nothing it can count yet)."""
        ...


class BoardTextCell(TextCell):
    """A count cell: typed, or the board's count, read-only, "from the board" under the
    whole cell (− field +: ``with_note``)."""

    def __init__(
        self,
        ctx: Context,
        model: SheetInProgress,
        line: Line,
        player: int,
        changed: Changed,
        board: BoardSource,
        helper_key: str = "app.from_board",
    ) -> None:
        self.board = board
        self.helper_key = helper_key
        """What the cell says under the board's value ("from the wall", "from the game")."""
        super().__init__(ctx, model, line, player, changed)
        cell = self.control
        self.steppers = cell.controls[::2] if isinstance(cell, ft.Row) else []
        """The − and + beside the field (none on a line typed without them)."""
        self.control, self.note = with_note(
            cell, f"note-{line.key}-{player + 1}", ctx.t(helper_key)
        )
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
        if self.field.read_only == walled and self.note.visible == walled:
            return []
        self.field.read_only = walled
        self.note.visible = walled
        out: list[ft.Control] = [self.field, self.note]
        for stepper in self.steppers:  # − field +: the steppers rest meanwhile
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


def with_note(cell: ft.Control, ident: str, text: str) -> tuple[ft.Column, ft.Semantics]:
    """``cell`` with a note under it (``ident``), hidden until the board fills the cell:
    a line of its own across the player's column, free to wrap (a field's helper text
    is as narrow as the field, and four players on a phone cut it to "fr…")."""
    cell.expand = None  # the column below fills the player's column
    note = tid(
        ident,
        ft.Text(text, size=11, color=ft.Colors.ON_SURFACE_VARIANT, text_align=ft.TextAlign.CENTER),
    )
    note.visible = False  # the wrapper is hidden, not its text (``tid``)
    column = ft.Column(
        [cell, note],
        spacing=0,
        tight=True,
        expand=1,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
    return column, note


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


class PairSource(Protocol):
    def fills(self, key: str, player: int) -> bool:
        """The board fills the product cell of line ``key`` for ``player``."""
        ...

    def pair(self, key: str, player: int) -> tuple[int, int] | None:
        """The two numbers the board gives that cell (None: none it can count)."""
        ...


class BoardProductCell(ProductCell):
    """A product cell: both numbers typed, or the board's, read-only, "from the board"
    under them (``with_note``)."""

    def __init__(
        self,
        ctx: Context,
        model: SheetInProgress,
        line: Line,
        player: int,
        changed: Changed,
        board: PairSource,
    ) -> None:
        self.board = board
        super().__init__(ctx, model, line, player, changed)
        for part, field in self.fields.items():
            field.on_change = self._guard(part, field.on_change)
        ident = f"note-{line.key}-{player + 1}"
        self.control, self.note = with_note(self.control, ident, ctx.t("app.from_board"))
        self.follow_board()
        self.sync()

    @property
    def from_board(self) -> bool:
        return self.board.fills(self.key, self.player)

    def texts(self) -> list[str]:
        if not self.from_board:
            return list(self.model.draft.pairs[self.key][self.player])
        pair = self.board.pair(self.key, self.player)
        return ["", ""] if pair is None else [str(pair[0]), str(pair[1])]

    def follow_board(self) -> list[ft.Control]:
        walled = self.from_board
        out: list[ft.Control] = []
        for field in self.fields.values():
            if field.read_only != walled:
                field.read_only = walled
                out.append(field)
        if self.note.visible != walled:
            self.note.visible = walled
            out.append(self.note)
        return out

    def _guard(self, part: str, typed: Callable[..., None] | None) -> Callable[..., None]:
        def changed(e: ft.Event[ft.TextField]) -> None:
            if self.from_board:  # what was typed is taken, then the board's number put back
                self.crossed.typed(self.fields[part], typed_text(e))
                self.ctx.update(self.fields[part], *self.sync())
            elif typed is not None:
                typed(e)

        return changed

    def sync(self) -> list[ft.Control]:
        a, b = self.texts()
        return [
            *self.follow_board(),
            *self.crossed.put(self.fields["a"], a),
            *self.crossed.put(self.fields["b"], b),
        ]
