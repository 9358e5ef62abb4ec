"""The kingdom in the app, views built without a browser over a real history file: the
Kingdom button opens the grid, a square is set by the picker (terrain in words, crowns),
the cells follow "from the board", every problem is said in words, the Mighty Duel turns
both grids 7 × 7; Save keeps the kingdom, the play screen and History draw it, and Edit
opens the sheet with it back and saves it again."""

from __future__ import annotations

import flet as ft
import pytest
from ui_helpers import click, context, find, texts, walk

from scorepad.core import find_game
from scorepad.sheet.boards.kingdom import kingdoms
from scorepad.sheet.progress import SheetInProgress, new_draft
from scorepad.ui.history import StoreHistory
from scorepad.ui.views.history import HistoryView
from scorepad.ui.views.play import play_view
from scorepad.ui.views.play_edit import edit_view
from scorepad.ui.views.sheet import SheetView

KINGDOMINO = find_game("kingdomino")


@pytest.fixture
def history(tmp_path):
    plays = StoreHistory(str(tmp_path / "history.db"))
    yield plays
    plays.close()


def labels(root: object) -> dict[str, str]:
    return {
        c.identifier: c.label or ""
        for c in walk(root)
        if isinstance(c, ft.Semantics) and c.identifier
    }


def pick(dialog: object, player: int, row: int, column: int, terrain: str, crowns: int = 0):
    click(dialog, f"square-{player}-{row}-{column}")
    click(dialog, f"kingdom-crowns-{crowns}")
    click(dialog, f"kingdom-terrain-{terrain}")


def test_a_kingdom_tapped_in_is_scored_saved_drawn_and_back_in_edit(tmp_path, history):
    ctx, routes = context(tmp_path, history=history, compact=True)
    dialogs: list[object] = []
    ctx.show_dialog = dialogs.append
    model = SheetInProgress(
        KINGDOMINO, new_draft(KINGDOMINO, None, ["Ana", "Ben"], ["middle-kingdom"])
    )
    root = SheetView(ctx, model).build()
    click(root, "kingdom-1")
    dialog = dialogs[-1]
    pick(dialog, 1, 3, 3, "C")
    pick(dialog, 1, 3, 4, "F", 1)
    said = labels(dialog)
    assert said["square-1-3-4"] == "Row 3, column 4: Forest, crowns 1"
    assert "its 1 terrain squares cannot be laid as dominoes" in " ".join(texts(dialog))
    pick(dialog, 1, 3, 5, "F")
    assert not any("cannot be laid" in t for t in texts(dialog))
    assert "Forest: 2 squares × 1 crowns = 2" in texts(dialog)
    assert find(dialog, "kingdom-total-1").value.endswith("total 12")
    click(dialog, "kingdom-done")
    cell = find(root, "line-properties-1")
    assert cell.value == "2" and cell.read_only
    middle = find(root, "line-middle_kingdom-1")
    assert middle.value is True and middle.disabled
    click(root, "save")
    play = int(routes[-1].rsplit("/", 1)[1])
    seats = history.store.get_play(play).summary.players
    assert seats[0].board.fields == {"kingdom": list(kingdoms(model.draft)[0].rows)}
    assert labels(play_view(ctx, str(play)))["play-kingdom-1"] == (
        "Ana's kingdom: properties 2, largest property 2, crowns 1"
    )
    assert labels(HistoryView(ctx).build())["history-kingdom-1-1"].startswith("Ana's kingdom")

    editing = edit_view(ctx, str(play))  # the kingdom is back: its lines from the board
    again = find(editing, "line-properties-1")
    assert again.value == "2" and again.read_only
    click(editing, "save")
    record = history.store.get_play(play)
    assert record.summary.players[0].board.fields["kingdom"][2] == ". . C F1 F"
    assert [p.total for p in record.sheet.players] == [12, 0]


def test_the_mighty_duel_turns_both_grids_and_problems_are_said_in_german(tmp_path, history):
    ctx, _ = context(tmp_path, history=history, lang="de")
    dialogs: list[object] = []
    ctx.show_dialog = dialogs.append
    model = SheetInProgress(KINGDOMINO, new_draft(KINGDOMINO, None, ["Ana", "Ben"]))
    root = SheetView(ctx, model).build()
    duel = find(root, "kingdom-duel")
    duel.value = True
    duel.on_change(ft.Event(name="change", control=duel, data=None))
    assert [k.size for k in kingdoms(model.draft)] == [7, 7]
    click(root, "kingdom-2")
    dialog = dialogs[-1]
    pick(dialog, 2, 7, 7, "M", 3)
    assert labels(dialog)["square-2-7-7"] == "Reihe 7, Spalte 7: Mine, Kronen 3"
    said = " ".join(texts(dialog))
    assert "das Königreich hat keine Burg (C)" in said
    assert "keine Burg" in find(root, "problem-properties-2").value  # under its line too
    assert "Mine: 1 Felder" not in said  # a kingdom that cannot be counts nothing
    three = SheetInProgress(KINGDOMINO, new_draft(KINGDOMINO, None, ["Ana", "Ben", "Cy"]))
    with pytest.raises(LookupError):  # no Mighty Duel for three
        find(SheetView(ctx, three).build(), "kingdom-duel")
