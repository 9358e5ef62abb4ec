"""The players' colours on a sheet: a swatch in each column's header (``colour-n``, a tap
picks another colour) and a band of that colour under the player's name, the whole
column's mark. A colour picked here is an edit of the sheet like any value typed: kept in
the draft, shown on every device showing the sheet, saved with the play.

A sheet started without colours (an older draft, an edit of a play saved before colours)
shows no swatches and no bands.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from scorepad.core.colours import PALETTE, game_colours
from scorepad.sheet.progress import SheetInProgress
from scorepad.ui.context import Context
from scorepad.ui.views.colour_part import ColourSwatch

BAND = 4
"""The band's height under a name: seen at a glance, not a second row."""


class SheetColours:
    """``changed``: the sheet's own after-change step (``SheetView.changed``)."""

    def __init__(self, ctx: Context, model: SheetInProgress, changed: Callable[..., None]) -> None:
        self.model, self.changed = model, changed
        self.swatches = [
            ColourSwatch(
                ctx,
                seat,
                game_colours(model.template),
                lambda: model.players,
                lambda: model.draft.colours,
                self.on_pick,
            )
            for seat in range(len(model.players))
        ]
        self.boxes: dict[int, ft.Container] = {}
        """Each seat's header, as the sheet last built it."""
        self.shown: tuple[str, ...] | None = None
        """The colours the swatches and bands show (None: a header built since): every
        value typed refreshes the sheet, and a colour changes far less often."""

    def pinned(
        self,
        row: Callable[[ft.Control, list[ft.Control]], ft.Control],
        *marks: Sequence[ft.Control],
    ) -> ft.Control:
        """The sheet's header, kept in sight above the scrolled lines: each player's
        ``marks`` (who starts, the trophy, the name) in their column, by their colour;
        ``row`` lays a line of the sheet out."""
        names = [  # the name takes what is left and ends in "…" on a narrow column
            self.header(seat, ft.Row([*cells[:-1], _rest(cells[-1])], spacing=2))
            for seat, cells in enumerate(zip(*marks, strict=True))
        ]
        return ft.Column([row(ft.Container(), names), ft.Divider(height=1)], spacing=4)

    def header(self, seat: int, name: ft.Control) -> ft.Control:
        """Player ``seat``'s column header: ``name`` (with its marks) after the swatch,
        over a band of the player's colour."""
        if not self.model.draft.colours:
            return name
        box = ft.Container(
            ft.Row([self.swatches[seat].control, _rest(name)], spacing=0),
            border=_band(self.model.draft.colours[seat]),
            alignment=ft.Alignment.CENTER,
        )
        self.boxes[seat] = box
        self.shown = None
        return box

    def refresh(self) -> list[ft.Control]:
        """Show each player's colour now; returns the controls that changed."""
        out: list[ft.Control] = []
        colours = self.model.draft.colours
        if tuple(colours) == self.shown:
            return out
        self.shown = tuple(colours)
        for seat, box in self.boxes.items():
            out += self.swatches[seat].refresh()
            band = _band(colours[seat] if seat < len(colours) else "")
            if box.border != band:
                box.border = band
                out.append(box)
        return out

    def on_pick(self, seat: int, colour: str) -> None:
        self.model.set_colour(seat, colour)
        self.changed(rebuilt=False)


def _rest(control: ft.Control) -> ft.Control:
    """``control`` given the room left in its row, centred there."""
    return ft.Container(control, expand=True, alignment=ft.Alignment.CENTER)


def _band(colour: str) -> ft.Border | None:
    drawn = PALETTE.get(colour)
    return ft.Border.only(bottom=ft.BorderSide(BAND, drawn)) if drawn else None
