"""Summer Pavilion's pavilion and Sintra side B's windows kept with the play, as the Azul
wall is (test_wall_saved.py): Save stores each player's board from the draft, the play
screen and History draw it (read out with its counts, in the reader's language), Edit
opens the sheet with the boards back (their lines still "from the board") and saves them
again. Views are built without a browser over a real history file."""

from __future__ import annotations

import flet as ft
import pytest
from ui_helpers import click, context, find, shown, type_into, walk

from scorepad.core import find_game
from scorepad.core.scoring import PlayerSheet
from scorepad.sheet.boards.palace import PalaceDraft, palaces
from scorepad.sheet.boards.pavilion import PavilionDraft, pavilions
from scorepad.sheet.boards.wall import walls
from scorepad.sheet.play import restore_boards, saved_boards
from scorepad.sheet.progress import SheetInProgress, new_draft
from scorepad.store.boards import SeatBoard
from scorepad.ui.history import StoreHistory
from scorepad.ui.views.history import HistoryView
from scorepad.ui.views.play import play_view
from scorepad.ui.views.play_edit import edit_view
from scorepad.ui.views.sheet import SheetView

PAVILION = find_game("azul-summer-pavilion")
SINTRA = find_game("azul-sintra")


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


def test_saved_boards_are_the_filled_ones_in_the_stores_form():
    model = SheetInProgress(PAVILION, new_draft(PAVILION, "B", ["Ana", "Ben"]))
    assert saved_boards(model.draft) == ()
    pavilions(model.draft)[1].stars[0] = "X....."
    pavilions(model.draft)[1].colours[0] = "red"
    assert saved_boards(model.draft) == (
        None,
        {"pavilion": ["X....."] + ["......"] * 6, "star_colours": ["red"] + [None] * 6},
    )
    side_a = SheetInProgress(SINTRA, new_draft(SINTRA, "A", ["Ana", "Ben"]))
    palaces(side_a.draft)[0].windows[0] = "X."  # side A: the windows fill nothing
    assert saved_boards(side_a.draft) == ()
    side_b = SheetInProgress(SINTRA, new_draft(SINTRA, "B", ["Ana", "Ben"]))
    palaces(side_b.draft)[0].windows[0] = "XC"
    assert saved_boards(side_b.draft) == ({"palace": ["XC"] + [".."] * 7}, None)


def test_restore_boards_puts_each_seats_board_back():
    draft = new_draft(SINTRA, "B", ["Ana", "Ben"])
    restore_boards(draft, [None, SeatBoard("sintra-palace", {"palace": ["X."] + [".."] * 7})])
    assert palaces(draft) == [PalaceDraft(), PalaceDraft(["X."] + [".."] * 7)]
    assert pavilions(draft) == [] and walls(draft) == []
    stars = {"pavilion": ["XXXXXX"] + ["......"] * 6, "star_colours": ["blue"] + [None] * 6}
    restore_boards(draft, [SeatBoard("azul-pavilion", stars), None])
    assert pavilions(draft) == [
        PavilionDraft(["XXXXXX"] + ["......"] * 6, ["blue"] + [""] * 6),
        PavilionDraft(),
    ]


def test_a_pavilion_is_saved_drawn_and_back_in_edit(tmp_path, history):
    ctx, routes = context(tmp_path, history=history, compact=True)
    dialogs: list[object] = []
    ctx.show_dialog = dialogs.append
    model = SheetInProgress(PAVILION, new_draft(PAVILION, None, ["Ana", "Ben"]))
    root = SheetView(ctx, model).build()
    click(root, "pavilion-1")
    for space in range(1, 7):
        click(dialogs[-1], f"star-1-2-{space}")  # star 2: red on the coloured side
    click(dialogs[-1], "pavilion-done")
    type_into(root, "line-marker-1", "40")
    type_into(root, "line-marker-2", "38")
    click(root, "save")
    play = int(routes[-1].rsplit("/", 1)[1])
    seats = history.store.get_play(play).summary.players
    assert seats[0].board.fields == {"pavilion": ["......", "XXXXXX"] + ["......"] * 5}
    assert seats[1].board is None

    said = labels(play_view(ctx, str(play)))
    assert said["play-pavilion-1"] == "Ana's pavilion: complete stars 1, number bonuses 0"
    assert "play-pavilion-2" not in said
    listing = labels(HistoryView(ctx).build())
    assert listing["history-pavilion-1-1"].startswith("Ana's pavilion")

    editing = edit_view(ctx, str(play))  # the pavilion is back: its lines from the board
    red = find(editing, "line-star_red-1")
    assert red.value is True and red.disabled
    type_into(editing, "line-marker-2", "39")
    click(editing, "save")
    record = history.store.get_play(play)
    assert record.summary.players[0].board.fields["pavilion"][1] == "XXXXXX"
    assert [p.total for p in record.sheet.players] == [54, 39]


def test_a_palace_is_saved_drawn_in_spanish_and_back_in_edit(tmp_path, history):
    windows = ["XC", "CX", "X.", *[".."] * 5]
    entries = [PlayerSheet("Ana", {"marker": 40, "windows": [2, 2]}), PlayerSheet("Ben", {})]
    play = history.store.save_play(SINTRA, "B", entries, boards=({"palace": windows}, None))
    ctx, _ = context(tmp_path / "es", history=history, lang="es")
    assert labels(play_view(ctx, str(play)))["play-palace-1"] == (
        "Ventanas de Ana: completas 2, piezas del color 2"
    )
    ctx, _ = context(tmp_path, history=history)
    editing = edit_view(ctx, str(play))
    completed = find(editing, "line-windows-1-a")
    assert completed.value == "2" and completed.read_only and shown(editing, "note-windows-1")
    assert find(editing, "note-windows-1").value == "from the board"
    click(editing, "save")
    assert history.store.get_play(play).summary.players[0].board.fields == {"palace": windows}
