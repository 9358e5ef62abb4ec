"""An Azul wall kept with the play: Save stores each player's wall from the draft, the
play screen and History draw it (read out with its counts, in the reader's language),
Edit opens the sheet with the walls back (their lines still from the wall) and saves
them again; a wall cleared while editing is dropped from the play. Views are built
without a browser over a real history file (``ui_helpers.context``)."""

from __future__ import annotations

import flet as ft
import pytest
from ui_helpers import click, context, find, type_into, walk
from ui_helpers import shown as is_shown

from scorepad.core import find_game
from scorepad.sheet.boards.wall import WallDraft, tap, walls
from scorepad.sheet.play import restore_boards, saved_boards
from scorepad.sheet.progress import SheetInProgress, new_draft
from scorepad.ui.history import StoreHistory
from scorepad.ui.views.history import HistoryView
from scorepad.ui.views.play import play_view
from scorepad.ui.views.play_edit import edit_view
from scorepad.ui.views.sheet import SheetView

AZUL = find_game("azul")
GLASS = find_game("glass-road")


@pytest.fixture
def history(tmp_path):
    plays = StoreHistory(str(tmp_path / "history.db"))
    yield plays
    plays.close()


def labels(root: ft.Control) -> dict[str, str]:
    return {
        c.identifier: c.label or ""
        for c in walk(root)
        if isinstance(c, ft.Semantics) and c.identifier
    }


def letters(root: ft.Control, ident: str) -> list[str]:
    """The letters drawn on a wall's tiles, row by row ("." for an empty space)."""
    wall = find(root, ident)
    grid = wall.controls[1]  # under the name
    return [
        "".join(t.content.value if t.content is not None else "." for t in row.controls)
        for row in grid.controls
    ]


def test_saved_walls_are_the_filled_ones_in_the_stores_form():
    model = SheetInProgress(AZUL, new_draft(AZUL, None, ["Ana", "Ben"]))
    assert saved_boards(model.draft) == ()  # no tile: the play keeps no wall
    model.set_board(tap(model.draft, 1, 0, 0, None))
    assert saved_boards(model.draft) == (
        None,
        {"side": "coloured", "wall": ["B...."] + ["....."] * 4},
    )
    glass = SheetInProgress(GLASS, new_draft(GLASS, None, ["Ana", "Ben"]))
    assert saved_boards(glass.draft) == ()


def test_a_wall_is_saved_drawn_on_the_play_and_in_history_and_kept_by_edit(tmp_path, history):
    ctx, routes = context(tmp_path, history=history, compact=True)
    ctx.show_dialog = lambda _dialog: None
    model = SheetInProgress(AZUL, new_draft(AZUL, None, ["Ana", "Ben"]))
    view = SheetView(ctx, model)
    root = view.build()
    click(root, "wall-1")
    for column in range(1, 6):  # Ana's top row, then her first column
        view.boards["wall"].on_tap(0, column - 1)
    for row in range(2, 6):
        view.boards["wall"].on_tap(row - 1, 0)
    view.boards["wall"].close()
    type_into(root, "line-marker-1", "40")
    type_into(root, "line-marker-2", "38")
    click(root, "save")
    play = int(routes[-1].rsplit("/", 1)[1])
    seats = history.store.get_play(play).summary.players
    assert seats[0].board.fields == {
        "side": "coloured",
        "wall": ["BYRKW", "W....", "K....", "R....", "Y...."],
    }
    assert seats[1].board is None
    assert [p.total for p in history.store.get_play(play).sheet.players] == [49, 38]

    shown = play_view(ctx, str(play))
    said = labels(shown)
    assert said["play-wall-1"] == "Ana's wall (coloured side): rows 1, columns 1, colours 0"
    assert "play-wall-2" not in said  # Ben kept no wall
    assert letters(shown, "play-wall-1") == ["BYRKW", "W....", "K....", "R....", "Y...."]
    listing = HistoryView(ctx).build()
    assert labels(listing)["history-wall-1-1"].startswith("Ana's wall (coloured side)")
    assert letters(listing, "history-wall-1-1")[0] == "BYRKW"

    editing = edit_view(ctx, str(play))  # the wall is back; its lines still from it
    rows = find(editing, "line-rows-1")
    assert rows.value == "1" and rows.read_only and is_shown(editing, "note-rows-1")
    assert find(editing, "note-rows-1").value == "from the wall"
    type_into(editing, "line-marker-2", "39")
    click(editing, "save")
    record = history.store.get_play(play)
    assert record.summary.players[0].board.fields["wall"][0] == "BYRKW"
    assert [p.total for p in record.sheet.players] == [49, 39]


def test_a_wall_cleared_while_editing_leaves_the_play(tmp_path, history):
    ctx, _ = context(tmp_path, history=history)
    dialogs: list[ft.Control] = []
    ctx.show_dialog = dialogs.append
    blue = ["B...."] + ["....."] * 4
    play = history.store.save_play(AZUL, None, _players(), boards=({"wall": blue}, None))
    editing = edit_view(ctx, str(play))
    click(editing, "wall-1")
    dialog = dialogs[-1]
    assert [s.label for s in walk(dialog) if getattr(s, "identifier", "") == "tile-1-1-1"] == [
        "Row 1, column 1: blue"
    ]
    click(dialog, "wall-clear-1")
    click(dialog, "wall-done")
    type_into(editing, "line-marker-1", "41")
    click(editing, "save")
    record = history.store.get_play(play)
    assert [p.board for p in record.summary.players] == [None, None]
    assert record.sheet.players[0].total == 41


def test_the_drawn_wall_is_read_out_in_the_readers_language(tmp_path, history):
    play = history.store.save_play(
        AZUL, None, _players(), boards=({"side": "grey", "wall": ["B...."] + ["....."] * 4}, None)
    )
    for lang, expected in [
        ("es", "Muro de Ana (cara gris): filas 0, columnas 0, colores 0"),
        ("fr", "Mur de Ana (face grise) : lignes 0, colonnes 0, couleurs 0"),
        ("de", "Wand von Ana (graue Seite): Reihen 0, Spalten 0, Farben 0"),
    ]:
        ctx, _ = context(tmp_path / lang, history=history, lang=lang)
        assert labels(play_view(ctx, str(play)))["play-wall-1"] == expected


def test_a_wall_draft_round_trips_through_walls_of_a_play(history):
    def walls_of_play(boards):
        draft = new_draft(AZUL, None, ["Ana", "Ben"])
        restore_boards(draft, boards)
        return walls(draft)

    play = history.store.save_play(
        AZUL, None, _players(), boards=(None, {"side": "grey", "wall": ["....B"] + ["....."] * 4})
    )
    boards = [p.board for p in history.store.get_play(play).summary.players]
    assert walls_of_play(boards) == [WallDraft(), WallDraft("grey", ["....B"] + ["....."] * 4)]
    assert walls_of_play([None, None]) == []


def _players():
    from scorepad.core.scoring import PlayerSheet

    return [PlayerSheet("Ana", {"marker": 40}), PlayerSheet("Ben", {"marker": 30})]
