"""A saved play's boards drawn small, whatever their kind: on the play screen and in
History's rows. Each kind has its own drawing, registered by its module
(``views.boards``); this puts them side by side, wrapping on a phone, each named
``{where}-{kind}-{seat}`` for tests and screen readers (``kind``: ``wall``, ``pavilion``
or ``palace``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from scorepad.ui.context import Context
from scorepad.ui.play_model import Board
from scorepad.ui.views.boards import view_of


def drawn_boards(
    ctx: Context, ident: Callable[[str, int], str], boards: Sequence[tuple[int, str, Board]]
) -> list[ft.Control]:
    """The boards (seat from 1, player's name, board) side by side; nothing for a play
    that kept none. ``ident(kind, seat)`` names each."""
    drawn = [
        view.drawn(ctx, ident(view.name, seat), name, board)
        for seat, name, board in boards
        if (view := view_of(board)) is not None  # a kind the app does not draw: left out
    ]
    if not drawn:
        return []
    return [ft.Row(drawn, wrap=True, spacing=16, run_spacing=8)]
