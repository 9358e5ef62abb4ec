"""A sheet's cell that a board can fill: typed, or read from the player's board (read-only,
with a word under it saying where it comes from). The Azul wall's rows, columns and
colours (``wall_part``) and a tracked game's marker (``track_part``) are such cells.
"""

from __future__ import annotations

import flet as ft

from scorepad.core import ScorepadError
from scorepad.core.boards.azul_wall import Wall
from scorepad.core.template import Line
from scorepad.ui.context import Context
from scorepad.ui.sheet_model import SheetInProgress
from scorepad.ui.views.cells import Changed, TextCell
from scorepad.ui.wall_model import from_wall


class WallLineCell(TextCell):
    """A rows, columns or colours cell of an Azul sheet: typed, or the wall's count while
    the player's wall holds a tile (read-only, "from the wall")."""

    helper_key = "app.from_wall"
    """What the cell says under the board's value."""

    def __init__(
        self, ctx: Context, model: SheetInProgress, line: Line, player: int, changed: Changed
    ) -> None:
        super().__init__(ctx, model, line, player, changed)
        self.follow_wall()

    @property
    def walled(self) -> bool:
        return from_wall(self.model.draft, self.key, self.player)

    def text(self) -> str:
        if not self.walled:
            return super().text()
        wall = self.model.draft.walls[self.player]
        try:
            return str(Wall.read(wall.rows, wall.side).lines()[self.key])
        except ScorepadError:  # marked on the sheet, with the reason
            return ""

    def follow_wall(self) -> list[ft.Control]:
        walled = self.walled
        helper = self.ctx.t(self.helper_key) if walled else None
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
        if self.walled:
            self.ctx.update(*self.sync())
            return
        super().on_change(e)

    def on_step(self, delta: int) -> None:
        if not self.walled:
            super().on_step(delta)

    def sync(self) -> list[ft.Control]:
        return [*self.follow_wall(), *super().sync()]
