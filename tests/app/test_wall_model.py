"""The Azul wall on the sheet: taps fill the rows, columns and colours lines through the
core, the grey side's rule is the core's, a wall is kept in the draft and travels as
edits; clearing it gives the lines back to typing."""

from __future__ import annotations

import flet as ft
import pytest
from ui_helpers import click, context, find, fire, shown, type_into, walk

from scorepad.core import EntryError, find_game
from scorepad.core.boards.azul_wall import PATTERN, Wall
from scorepad.sheet.boards.wall import TileEdit, WallClearEdit, from_wall, side_edit, tap, walls
from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.progress import SheetInProgress, new_draft
from scorepad.ui.drafts import FileDraftStore
from scorepad.ui.history import StoreHistory
from scorepad.ui.views.sheet import SheetView

AZUL = find_game("azul")


def azul(players: list[str] | None = None) -> SheetInProgress:
    return SheetInProgress(AZUL, new_draft(AZUL, None, players or ["Ana", "Ben"]))


def tap_at(model: SheetInProgress, player: int, row: int, column: int, colour: str | None = None):
    return model.set_board(tap(model.draft, player, row, column, colour))


def lines_of(model: SheetInProgress, player: int) -> dict[str, object]:
    return {k: r.points for k, r in model.state.scored.players[player].readings.items()}


def test_taps_on_the_coloured_side_fill_rows_columns_and_colours_through_the_core():
    model = azul()
    model.set_text("marker", 0, "40")
    model.set_text("rows", 0, "3")  # typed before the wall: the wall's count replaces it
    for column in range(5):
        tap_at(model, 0, 0, column)  # the top row
    for row in range(1, 5):
        tap_at(model, 0, row, 0)  # the first column
    for row in range(1, 5):  # blue: its printed place in every row
        tap_at(model, 0, row, PATTERN[row].index("B"))
    wall = Wall.read(walls(model.draft)[0].rows)
    assert wall.lines() == {"rows": 1, "columns": 1, "colours": 1}
    player = model.state.scored.players[0]
    assert player.readings["rows"].points == 2 * wall.complete_rows
    assert player.readings["columns"].points == 7 * wall.complete_columns
    assert player.readings["colours"].points == 10 * wall.complete_colours
    assert player.total == 40 + 2 + 7 + 10
    assert from_wall(model.draft, "rows", 0) and not from_wall(model.draft, "marker", 0)
    assert not from_wall(model.draft, "rows", 1)
    assert model.state.can_save


def test_a_tap_on_a_tile_takes_it_off_and_clearing_gives_the_typed_count_back():
    model = azul()
    model.set_text("rows", 0, "3")
    tap_at(model, 0, 2, 2)
    assert walls(model.draft)[0].rows[2] == "..B.."
    assert model.state.scored.players[0].readings["rows"].points == 0
    tap_at(model, 0, 2, 2)  # the same space again: off
    assert not walls(model.draft)[0].filled
    assert model.state.scored.players[0].readings["rows"].points == 6  # typed 3 rows
    tap_at(model, 0, 1, 1)
    model.set_board(WallClearEdit(0))
    assert not from_wall(model.draft, "rows", 0)
    assert model.state.scored.players[0].readings["rows"].points == 6


def test_the_grey_side_takes_a_picked_colour_once_per_row_and_column():
    model = azul()
    model.set_board(side_edit(model.draft, 0, "grey"))
    with pytest.raises(EntryError) as no_colour:
        tap(model.draft, 0, 0, 0, None)
    assert no_colour.value.key == "board.pick_colour"
    tap_at(model, 0, 0, 0, "R")
    with pytest.raises(EntryError) as row:
        tap(model.draft, 0, 0, 3, "R")
    assert row.value.key == "board.wall_row_twice"
    assert "row 1, column 4" in row.value.message("en")
    with pytest.raises(EntryError) as column:
        tap(model.draft, 0, 4, 0, "R")
    assert column.value.key == "board.wall_column_twice"
    for column_at, colour in enumerate("RBYKW"):  # a full top row in any order
        if column_at:
            tap_at(model, 0, 0, column_at, colour)
    assert walls(model.draft)[0].rows[0] == "RBYKW"
    assert model.state.scored.players[0].readings["rows"].points == 2
    # Back to the coloured side: refused while a tile is off its printed place.
    with pytest.raises(EntryError) as back:
        side_edit(model.draft, 0, "coloured")
    assert back.value.key == "board.wall_place"


def test_two_devices_tapping_one_wall_keep_every_tap_and_the_later_wins_per_space():
    here, there = azul(), azul()
    there.draft = SheetDraft.from_dict(here.draft.to_dict())
    there = SheetInProgress(AZUL, there.draft)
    a = tap(here.draft, 0, 0, 0, None)
    b = tap(there.draft, 0, 0, 1, None)
    for edit in (a, b):  # both made on both copies, as live.py hands them on
        here.apply(edit)
        there.apply(edit)
    assert walls(here.draft)[0].rows[0] == walls(there.draft)[0].rows[0] == "BY..."
    off = TileEdit(0, 0, 0, ".")
    again = TileEdit(0, 0, 0, "B")
    for edit in (off, again):
        here.apply(edit)
        there.apply(edit)
    assert walls(here.draft) == walls(there.draft)
    assert walls(here.draft)[0].rows[0] == "BY..."


def test_a_wall_made_illegal_by_two_devices_is_marked_and_not_counted():
    model = azul()
    model.set_board(side_edit(model.draft, 0, "grey"))
    model.apply(TileEdit(0, 0, 0, "B"))
    model.apply(TileEdit(0, 0, 3, "B"))  # another device's blue in the same row
    problem = model.state.problem("rows", 0)
    assert problem is not None and "Ana, wall" in problem.message("en")
    assert not model.state.can_save
    tap_at(model, 0, 0, 3)  # taken off again
    assert model.state.problem("rows", 0) is None


def test_the_wall_is_kept_in_the_draft_file_and_only_on_an_azul_sheet(tmp_path):
    store = FileDraftStore(tmp_path / "drafts")
    model = azul()
    model.set_board(side_edit(model.draft, 1, "grey"))
    tap_at(model, 1, 3, 2, "K")
    tap_at(model, 0, 0, 0)
    store.save(model.draft)
    again = store.load(model.draft.sheet_id)
    assert again == model.draft
    assert (
        again is not None and walls(again)[1].rows[3] == "..K.." and walls(again)[1].side == "grey"
    )
    reopened = SheetInProgress(AZUL, again)
    assert reopened.state.scored.players[0].total == model.state.scored.players[0].total
    sintra = find_game("azul-sintra")
    other = SheetInProgress(sintra, new_draft(sintra, "A", ["Ana", "Ben"]))
    assert walls(other.draft) == [] and "walls" not in other.draft.to_dict()
    broken = model.draft.to_dict()
    broken["walls"] = [{"side": "grey", "wall": ["XXXXX"] * 5}] * 2
    with pytest.raises(ValueError):
        SheetDraft.from_dict(broken)


def test_the_wall_dialog_in_german_grey_side_read_only_cells_and_save(tmp_path):
    """The view without a browser: the dialog's words in German, the grey side's refusal
    with the core's reason, the cells read-only "von der Wand", and the play saved with
    the lines the wall filled."""
    history = StoreHistory(str(tmp_path / "history.db"))
    try:
        ctx, routes = context(tmp_path, history=history, lang="de", compact=True)
        dialogs: list[object] = []
        ctx.show_dialog = dialogs.append
        model = azul()
        view = SheetView(ctx, model)
        root = view.build()
        assert find(root, "wall-2").content == "Wand"
        click(root, "wall-2")
        dialog = dialogs[-1]
        assert find(dialog, "wall-side-grey").label == "Graue Seite"
        side = view.boards["wall"].side
        side.value = "grey"
        fire(side, "change", "grey")
        assert walls(model.draft)[1].side == "grey"
        click(dialog, "tile-2-1-1")  # no colour picked yet
        assert find(dialog, "wall-message-2").value.startswith("wähle zuerst eine Farbe")
        click(dialog, "wall-colour-R")
        click(dialog, "tile-2-1-1")
        click(dialog, "tile-2-1-2")  # red again in row 1: refused, with the core's reason
        said = find(dialog, "wall-message-2").value
        assert (
            said
            == "Reihe 1, Spalte 2: ein zweites R in dieser Reihe (jede Farbe nur einmal pro Reihe)"
        )
        assert walls(model.draft)[1].rows[0] == "R...."
        for column, colour in enumerate("BYKW", 2):
            click(dialog, f"wall-colour-{colour}")
            click(dialog, f"tile-2-1-{column}")
        assert walls(model.draft)[1].rows[0] == "RBYKW"
        said = {c.identifier: c.label for c in walk(dialog) if isinstance(c, ft.Semantics)}
        assert said["tile-2-1-1"] == "Reihe 1, Spalte 1: rot"  # for a screen reader
        assert said["tile-2-2-1"] == "Reihe 2, Spalte 1: leer"
        rows = find(root, "line-rows-2")
        assert rows.value == "1" and rows.read_only and shown(root, "note-rows-2")
        assert find(root, "note-rows-2").value == "von der Wand"
        assert find(dialog, "wall-total-2").value == "Reihen 1, Spalten 0, Farben 0: Summe 2"
        click(dialog, "wall-done")
        type_into(root, "line-marker-1", "30")
        type_into(root, "line-marker-2", "28")
        click(root, "save")
        play = int(routes[-1].rsplit("/", 1)[1])
        saved = history.store.get_play(play)
        totals = {p.name: p.total for p in saved.sheet.players}
        assert totals == {"Ana": 30, "Ben": 30}
    finally:
        history.close()


def test_on_a_phone_four_walls_are_icon_buttons_named_by_their_player(tmp_path):
    """Four columns on a phone: no room for "Wand" beside its icon, so each button is
    the icon, named (tooltip, screen reader) by its player; two players keep the word."""
    ctx, _ = context(tmp_path, lang="de", compact=True)
    root = SheetView(ctx, azul(["Ana", "Ben", "Cleo", "Dan"])).build()
    for n, name in enumerate(["Ana", "Ben", "Cleo", "Dan"], 1):
        button = find(root, f"wall-{n}")
        assert isinstance(button.content, ft.Icon)
        assert button.tooltip == f"Wand: {name}"
    ctx, _ = context(tmp_path / "two", lang="fr", compact=True)
    root = SheetView(ctx, azul()).build()
    assert find(root, "wall-1").content == "Mur"
    ctx, _ = context(tmp_path / "wide", lang="de")
    root = SheetView(ctx, azul(["Ana", "Ben", "Cleo", "Dan"])).build()
    assert find(root, "wall-4").content == "Wand"


def test_the_board_side_is_chosen_on_the_sheet_for_every_wall(tmp_path):
    """The sheet's side choice turns every player's board; a wall whose tiles could not
    be on the other side keeps every board as it was and names whose it is."""
    ctx, _ = context(tmp_path, lang="fr", compact=True)
    model = azul(["Ana", "Ben", "Cleo"])
    view = SheetView(ctx, model)
    root = view.build()
    assert find(root, "board-side-grey").label == "Face grise"
    assert view.boards["wall"].sides.value == "coloured"
    view.boards["wall"].sides.value = "grey"
    fire(view.boards["wall"].sides, "change", "grey")
    assert [w.side for w in walls(model.draft)] == ["grey"] * 3
    assert view.boards["wall"].sides.value == "grey"
    model.set_board(tap(model.draft, 1, 0, 0, "R"))  # red where blue is printed
    view.boards["wall"].sides.value = "coloured"
    fire(view.boards["wall"].sides, "change", "coloured")
    assert [w.side for w in walls(model.draft)] == ["grey"] * 3
    assert find(root, "board-side-message").value.startswith("Ben, mur : ")
    assert view.boards["wall"].sides.value == "grey"
    model.set_board(WallClearEdit(1))
    view.boards["wall"].sides.value = "coloured"
    fire(view.boards["wall"].sides, "change", "coloured")
    assert [w.side for w in walls(model.draft)] == ["coloured"] * 3
    assert find(root, "board-side-message").value == ""
    model.set_board(side_edit(model.draft, 2, "grey"))  # one board turned in its dialog
    view.refresh()
    assert view.boards["wall"].sides.value is None  # the boards differ: neither side is chosen


def test_a_cell_the_wall_fills_says_so_on_a_line_of_its_own(tmp_path):
    """ "from the wall" goes under the whole cell (as wide as the player's column), not in
    the narrow field's helper, where four players on a phone cut it to "fr…"."""
    ctx, _ = context(tmp_path, lang="fr", compact=True)
    model = azul(["Ana", "Ben", "Cleo", "Dan"])
    view = SheetView(ctx, model)
    root = view.build()
    assert not shown(root, "note-rows-1")
    model.set_board(tap(model.draft, 0, 0, 0, None))
    view.changed()
    assert shown(root, "note-rows-1") and find(root, "note-rows-1").value == "du mur"
    assert find(root, "line-rows-1").helper is None
    assert not shown(root, "note-rows-2")


def test_a_board_sheet_keeps_the_totals_in_a_bottom_bar_the_dialog_stops_above(tmp_path):
    ctx, _ = context(tmp_path, compact=True)
    dialogs: list[ft.AlertDialog] = []
    ctx.show_dialog = dialogs.append
    view = SheetView(ctx, azul(["Ana", "Ben", "Cleo", "Dan"]))
    root = view.build()
    assert isinstance(root.bottom_appbar, ft.BottomAppBar)
    ids = {c.identifier for c in walk(root.bottom_appbar) if isinstance(c, ft.Semantics)}
    assert ids == {f"{what}-{n}" for what in ("total", "rank") for n in range(1, 5)}
    click(root, "wall-1")
    inset = dialogs[-1].inset_padding
    assert isinstance(inset, ft.Padding) and inset.bottom > root.bottom_appbar.height
