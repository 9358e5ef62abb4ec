"""A saved play's Summer Pavilion pavilion drawn small: on the play screen and in History.

Each star is a row: its colour's symbol first (the live board's, ``pavilion_part.LOOKS``:
a heart for red, a drop for blue…, a question mark for a variant-side star whose colour
was not chosen), then its six spaces, each showing its printed number; a covered space is
filled in the star's colour, an empty one outlined. So a colour is never told by sight
alone, and seven rows of 7 × 16 px and a name fit beside another board on a phone. A
screen reader hears the counts ("Ana's pavilion: complete stars 2, number bonuses 1").
"""

from __future__ import annotations

import flet as ft

from scorepad.core.boards.pavilion import COVERED, Pavilion
from scorepad.ui.context import Context
from scorepad.ui.views.pavilion_part import LOOKS, UNCHOSEN

SMALL = 16
"""A drawn space's side in px."""


def drawn_pavilion(
    ctx: Context, ident: str, name: str, pavilion: Pavilion, space: int = SMALL
) -> ft.Control:
    numbers = sum(1 for key, found in pavilion.lines().items() if key.startswith("all_") and found)
    said = ctx.t(
        "app.pavilion_drawn",
        player=name,
        stars=len(pavilion.complete_stars()),
        numbers=numbers,
    )
    rows: list[ft.Control] = []
    for star, text, colour in zip(
        pavilion.layout.stars, pavilion.covered, pavilion.colours, strict=True
    ):
        back, fore, symbol = LOOKS[colour] if colour else UNCHOSEN
        marks = [
            _space(str(number), mark == COVERED, back, fore, space)
            for number, mark in zip(star.numbers, text, strict=True)
        ]
        chip = ft.Container(ft.Icon(symbol, size=space - 2, color=back), width=space)
        rows.append(ft.Row([chip, *marks], spacing=2, tight=True))
    body = ft.Column(
        [ft.Text(name, size=12, weight=ft.FontWeight.W_500), ft.Column(rows, spacing=2)],
        spacing=2,
    )
    return ft.Semantics(
        identifier=ident,
        label=said,
        container=True,
        exclude_semantics=True,
        image=True,
        content=body,
    )


def _space(number: str, covered: bool, back: str, fore: str, size: int) -> ft.Container:
    return ft.Container(
        ft.Text(
            number,
            size=size * 0.6,
            color=fore if covered else ft.Colors.ON_SURFACE_VARIANT,
            weight=ft.FontWeight.BOLD if covered else None,
        ),
        width=size,
        height=size,
        bgcolor=back if covered else None,
        border_radius=size // 2,
        border=ft.Border.all(1, ft.Colors.ON_SURFACE if covered else ft.Colors.OUTLINE_VARIANT),
        alignment=ft.Alignment.CENTER,
    )
