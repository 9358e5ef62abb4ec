"""A player's colour: the round swatch of New play and of the sheet's column header
(``colour-n``, n the seat from 1), and the picker a tap on it opens.

The picker lists the game's colours (its pieces' colours where its file names them, the
palette otherwise) each with its name in the reader's language, so a colour is never
told by sight alone; a colour another player has says whose it is, and taking it swaps
the two. What is picked is the owner's to keep (the New play form, the sheet's draft
shared live): this part only shows a colour and hands back the one picked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from scorepad.core import GameTemplate, ScorepadError
from scorepad.core.colours import PALETTE, game_colours
from scorepad.sheet.colours import SeatColours, fold
from scorepad.ui.context import Context
from scorepad.ui.newplay_model import NewPlayModel
from scorepad.ui.views.common import tid

SIZE = 22
"""The swatch's width and height: with its margin, a thumb's tap on a phone."""


def colour_name(ctx: Context, colour: str | None) -> str:
    return ctx.t(f"colour.{colour}") if colour in PALETTE else ""


def dot(colour: str | None, size: float = SIZE) -> ft.Container:
    """A round patch of ``colour`` with a thin rim (white and black show on any theme);
    an empty ring for no colour."""
    return ft.Container(
        width=size,
        height=size,
        border_radius=size / 2,
        bgcolor=PALETTE.get(colour or ""),
        border=ft.Border.all(1, ft.Colors.OUTLINE),
    )


class ColourSwatch:
    """Player ``seat``'s (from 0) colour, tappable: ``names`` gives the players' names
    now, ``colours`` their colours, ``choose`` is told the colour picked."""

    def __init__(
        self,
        ctx: Context,
        seat: int,
        choices: Sequence[str],
        names: Callable[[], Sequence[str]],
        colours: Callable[[], Sequence[str | None]],
        choose: Callable[[int, str], None],
    ) -> None:
        self.ctx, self.seat, self.choices = ctx, seat, choices
        self.names, self.colours, self.choose = names, colours, choose
        self.patch = dot(None)
        self.control = ft.Semantics(
            identifier=f"colour-{seat + 1}",
            button=True,
            content=ft.Container(self.patch, on_click=self.open, padding=3),
        )
        self.refresh()

    def current(self) -> str | None:
        colours = self.colours()
        return colours[self.seat] if self.seat < len(colours) else None

    def refresh(self) -> list[ft.Control]:
        """Show the colour the owner has now; returns the controls that changed."""
        colour = self.current() or None
        label = colour_name(self.ctx, colour)
        if self.patch.bgcolor == PALETTE.get(colour or "") and self.control.label == label:
            return []
        self.patch.bgcolor = PALETTE.get(colour or "")
        self.control.label = label
        return [self.control]

    def open(self) -> None:
        ctx = self.ctx
        names, colours = list(self.names()), list(self.colours())
        name = names[self.seat] if self.seat < len(names) and names[self.seat] else ""
        who = name or ctx.t("app.colour_player", seat=self.seat + 1)
        options: list[ft.Control] = []
        for colour in self.choices:
            said = colour_name(ctx, colour)
            holder = colours.index(colour) if colour in colours else None
            if holder is not None and holder != self.seat:
                other = names[holder] if holder < len(names) and names[holder] else ""
                said = ctx.t(
                    "app.colour_held",
                    colour=said,
                    player=other or ctx.t("app.colour_player", seat=holder + 1),
                )
            options.append(
                ft.Semantics(
                    identifier=f"colour-option-{colour}",
                    button=True,
                    selected=holder == self.seat,
                    content=ft.ListTile(
                        leading=dot(colour),
                        title=ft.Text(said),
                        selected=holder == self.seat,
                        dense=True,
                        on_click=lambda _e=None, c=colour: self.picked(c),
                    ),
                )
            )
        dialog = ft.AlertDialog(
            title=ft.Text(ctx.t("app.colour_of", player=who)),
            scrollable=True,
            content=ft.Column(options, spacing=0, tight=True),
            actions=[
                ft.Semantics(
                    identifier="colour-close",
                    content=ft.TextButton(
                        ctx.t("app.colour_close"), on_click=lambda: ctx.close_dialog()
                    ),
                )
            ],
        )
        ctx.show_dialog(dialog)

    def picked(self, colour: str) -> None:
        self.ctx.close_dialog()
        self.choose(self.seat, colour)


def coloured(ctx: Context, model: NewPlayModel) -> NewPlayModel:
    """``model`` with colours for its seats: a link that starts the sheet at once never
    showed the form that hands them out."""
    if model.colours is None:
        model.colours = seat_colours(ctx, model.template, model.players())
    return model


def seat_colours(ctx: Context, template: GameTemplate, names: Sequence[str]) -> SeatColours:
    """New play's colours for ``template``, remembering what each of ``names`` had last
    (nothing remembered when the history cannot be read: colours are handed out anyway)."""
    try:
        memory = ctx.services.history.last_colours(names)
    except ScorepadError:
        memory = {}
    return SeatColours(game_colours(template), {fold(n): c for n, c in memory.items()})


def chart_colours(colours: Sequence[str | None], fallback: Sequence[str]) -> list[str]:
    """A colour for each player's part of a chart: their own colour where they have one
    (and nobody earlier in the chart has it), the chart's usual colours for the others."""
    drawn: list[str] = []
    for n, colour in enumerate(colours):
        own = PALETTE.get(colour or "")
        drawn.append(own if own and own not in drawn else fallback[n % len(fallback)])
    return drawn


def chart_key(ident: str, colour: str, text: str, size: float = 13) -> ft.Control:
    """One entry of a chart's legend: a square of the very colour the chart draws the
    player's line or slice in (with a rim, so that white and black show on either theme),
    then the text. Legends are made only from the colours the chart was drawn with."""
    patch = ft.Container(
        width=12, height=12, bgcolor=colour, border=ft.Border.all(1, ft.Colors.OUTLINE)
    )
    return tid(ident, ft.Row([patch, ft.Text(text, size=size)], spacing=4, tight=True))


def line_shadow(colour: str) -> ft.BoxShadow:
    """A thin rim along a chart's line where its colour is near either theme's
    background (white, black, yellow): the line still shows, in its own colour."""
    edge = colour in {PALETTE[c] for c in ("white", "black", "yellow")}
    return ft.BoxShadow(color=ft.Colors.OUTLINE if edge else ft.Colors.TRANSPARENT, blur_radius=1.5)


def known_colours(ctx: Context, names: Sequence[str]) -> list[str | None]:
    """Each of ``names``' latest colour (None where they never had one, or the history
    cannot be read)."""
    try:
        found = ctx.services.history.last_colours(names)
    except ScorepadError:
        return [None] * len(names)
    return [found.get(name) for name in names]


def colour_names(
    ctx: Context, ident: str | None, players: Sequence[tuple[str, str]]
) -> list[ft.Control]:
    """The colours players had, each as a patch beside "Ana (Red)": the colour's name is
    written, never told by sight alone. Nothing for a play without colours. Without
    ``ident`` (a History row) the texts join the row's own, read out as one."""
    if not players:
        return []
    said: list[ft.Control] = [
        ft.Row(
            [dot(colour, 12), ft.Text(f"{name} ({colour_name(ctx, colour)})", size=13)],
            spacing=4,
            tight=True,
        )
        for name, colour in players
    ]
    row = ft.Row(said, wrap=True, spacing=10)
    return [row if ident is None else ft.Semantics(identifier=ident, content=row)]
