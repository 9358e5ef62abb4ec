"""A saved play's Sintra side B windows drawn small: on the play screen and in History.

The eight windows stand in a row, each its top frame space over its bottom one, as the
live board shows them (``palace_part.LOOKS``): a piece grey with a tick, a piece of the
colour counted yellow with a star, an empty space outlined; a symbol as well as a fill,
so a mark is never told by colour alone. Eight windows of 16 px and a name fit beside
another board on a phone. A screen reader hears the counts ("Ana's windows: completed 3,
pieces of the colour 4").
"""

from __future__ import annotations

import flet as ft

from scorepad.core.boards.sintra import EMPTY, Palace
from scorepad.ui.context import Context
from scorepad.ui.views.palace_part import LOOKS

SMALL = 16
"""A drawn frame space's side in px."""


def drawn_palace(
    ctx: Context, ident: str, name: str, palace: Palace, space: int = SMALL
) -> ft.Control:
    said = ctx.t(
        "app.palace_drawn",
        player=name,
        windows=palace.completed_windows(),
        pieces=palace.chosen_pieces(),
    )
    windows: list[ft.Control] = [
        ft.Column([_space(mark, top == 0, space) for top, mark in enumerate(text)], spacing=1)
        for text in palace.windows
    ]
    body = ft.Column(
        [ft.Text(name, size=12, weight=ft.FontWeight.W_500), ft.Row(windows, spacing=3)],
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


def _space(mark: str, top: bool, size: int) -> ft.Container:
    back, fore, symbol, _ = LOOKS[mark]
    rounded = size // 2 if top else 2
    return ft.Container(
        None if symbol is None else ft.Icon(symbol, color=fore, size=size - 4),
        width=size,
        height=size,
        bgcolor=back,
        border_radius=ft.BorderRadius.only(
            top_left=rounded, top_right=rounded, bottom_left=2, bottom_right=2
        ),
        border=ft.Border.all(1, ft.Colors.OUTLINE if mark == EMPTY else ft.Colors.ON_SURFACE),
        alignment=ft.Alignment.CENTER,
    )
