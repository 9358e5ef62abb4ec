"""Every board kind opens a player's board over the sheet the same way: one shared part
(``views.boards.BoardDialogPart``) makes the dialog with the kind's title, Clear and
Done, and forgets the player once it closes; each kind gives only its title, Clear's
words, its content and its painting. Views built without a browser."""

from __future__ import annotations

import copy

import flet as ft
import pytest
from ui_helpers import click, context

from scorepad.core import find_game
from scorepad.sheet.progress import SheetInProgress, new_draft
from scorepad.ui.views.boards import BoardDialogPart, board_views
from scorepad.ui.views.sheet import SheetView

TAPS = {
    "wall": ("azul", None, ["tile-1-2-3"]),
    "pavilion": ("azul-summer-pavilion", None, ["star-1-1-1"]),
    "palace": ("azul-sintra", "B", ["window-1-1-1"]),
    "kingdom": ("kingdomino", None, ["square-1-3-3", "kingdom-terrain-C"]),
}
"""Each kind: its game, the variant, and the taps that put something on player 1's board."""


def test_every_kind_opens_its_board_through_the_shared_part():
    assert sorted(view.name for view in board_views()) == sorted(TAPS)
    for view in board_views():
        assert isinstance(view.part, type) and issubclass(view.part, BoardDialogPart), view.name
        own = vars(view.part)
        assert not {"open", "close", "_closed", "on_clear"} & set(own), view.name


@pytest.mark.parametrize("name", sorted(TAPS))
def test_a_board_opens_is_tapped_cleared_and_closed(tmp_path, name):
    game, variant, taps = TAPS[name]
    template = find_game(game)
    ctx, _ = context(tmp_path)
    dialogs: list[ft.DialogControl] = []
    closed: list[bool] = []
    ctx.show_dialog = dialogs.append
    ctx.close_dialog = lambda: closed.append(True)
    model = SheetInProgress(template, new_draft(template, variant, ["Iria", "Odo"]))
    sheet = SheetView(ctx, model)
    root = sheet.build()
    blank = copy.deepcopy(model.draft.boards)
    click(root, f"{name}-1")
    dialog = dialogs[-1]
    assert isinstance(dialog, ft.AlertDialog) and isinstance(dialog.title, ft.Text)
    assert dialog.title.value == ctx.t(f"app.{name}_of", player="Iria")
    part = sheet.boards[name]
    assert isinstance(part, BoardDialogPart) and part.player == 0
    for tap in taps:
        click(dialog, tap)
    assert model.draft.boards != blank
    click(dialog, f"{name}-clear-1")
    assert model.draft.boards == blank
    assert not closed
    click(dialog, f"{name}-done")
    assert closed == [True] and part.player is None
