"""A saved play's Azul walls drawn small: on the play screen and in History's rows.

Each wall is a 5 × 5 grid in the board's colours with the colour's letter on every tile
(B, Y, R, K, W, as sheet files write them), so a colour is never told by sight alone; an
empty space is an outlined square. The tiles keep their own colours in either theme and
a placed tile is outlined in the theme's text colour, so white tiles stand out on a light
page and black ones on a dark page. A screen reader hears the wall's counts
("Ana's wall (coloured side): rows 2, columns 1, colours 0").
"""

from __future__ import annotations

import flet as ft

from scorepad.core.boards.azul_wall import EMPTY, Wall
from scorepad.ui.context import Context
from scorepad.ui.views.wall_part import LOOKS

SMALL = 18
"""A drawn tile's side in px: five of them and a name fit beside another wall on a phone
(``board_drawn`` puts them side by side)."""


def drawn_wall(ctx: Context, ident: str, name: str, wall: Wall, tile: int = SMALL) -> ft.Control:
    counts = wall.lines()
    said = ctx.t("app.wall_drawn", player=name, side=ctx.t(f"board.side_{wall.side}"), **counts)
    grid = ft.Column(
        [
            ft.Row([_tile(letter, tile) for letter in text], spacing=2, tight=True)
            for text in wall.rows
        ],
        spacing=2,
        tight=True,
    )
    body = ft.Column([ft.Text(name, size=12, weight=ft.FontWeight.W_500), grid], spacing=2)
    return ft.Semantics(
        identifier=ident,
        label=said,
        container=True,
        exclude_semantics=True,
        image=True,
        content=body,
    )


def _tile(letter: str, size: int) -> ft.Container:
    if letter == EMPTY:
        return ft.Container(
            width=size,
            height=size,
            border_radius=3,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        )
    back, fore, _ = LOOKS[letter]
    return ft.Container(
        ft.Text(letter, size=size * 0.6, color=fore, weight=ft.FontWeight.BOLD),
        width=size,
        height=size,
        bgcolor=back,
        border_radius=3,
        border=ft.Border.all(1, ft.Colors.ON_SURFACE),
        alignment=ft.Alignment.CENTER,
    )
