""" "Make it a game of its own": a quick game (made at the table with "Another game")
turned into a custom game in one tap, its plays kept, then opened in the game editor.
Offered on a quick game's play and on its card in Stats."""

from __future__ import annotations

import flet as ft

from scorepad.core import ScorepadError
from scorepad.ui.context import Context
from scorepad.ui.views.common import tid


def quick_ids(ctx: Context) -> set[str]:
    """The ids of the quick games not yet games of their own (none when the history
    cannot answer: nothing is offered)."""
    try:
        return {template.id for template in ctx.services.history.quick_games()}
    except ScorepadError:
        return set()


def keep_button(ctx: Context, game: str, ident: str = "quick-keep") -> ft.Control:
    """The button that keeps quick game ``game`` as a game of its own."""

    def keep() -> None:
        try:
            ctx.services.history.keep_quick(game)
        except ScorepadError as problem:
            ctx.show_dialog(ft.SnackBar(ft.Text(problem.message(ctx.lang))))
            return
        ctx.navigate(f"/games/edit/{game}")

    button = ft.OutlinedButton(ctx.t("quick.keep"), icon=ft.Icons.EDIT_NOTE, on_click=keep)
    return tid(ident, button)
