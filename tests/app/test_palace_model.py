"""The Stained Glass of Sintra palace on a side B sheet: taps on the windows' frame spaces
fill the windows line (completed windows × pieces of the colour counted) through the core,
the palace is kept in the draft and travels as edits; clearing it gives the line back to
typing; side A keeps its typed lines."""

from __future__ import annotations

import flet as ft
import pytest
from ui_helpers import click, context, find, has, shown, type_into, walk

from scorepad.core import EntryError, find_game
from scorepad.core.boards.sintra import Palace
from scorepad.sheet.boards.palace import FrameEdit, PalaceClearEdit, from_palace, palaces, tap
from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.progress import SheetInProgress, new_draft
from scorepad.ui.drafts import FileDraftStore
from scorepad.ui.history import StoreHistory
from scorepad.ui.views.sheet import SheetView

SINTRA = find_game("azul-sintra")


def sintra(variant: str = "B") -> SheetInProgress:
    return SheetInProgress(SINTRA, new_draft(SINTRA, variant, ["Ana", "Ben"]))


def tap_at(model: SheetInProgress, player: int, window: int, space: int, times: int = 1):
    for _ in range(times):
        model.set_board(tap(model.draft, player, window, space))


def windows_points(model: SheetInProgress, player: int) -> object:
    return model.state.scored.players[player].readings["windows"].points


def test_taps_fill_completed_windows_times_pieces_of_the_colour_through_the_core():
    model = sintra()
    model.set_text("marker", 0, "50")
    model.set_pair("windows", 0, "a", "7")  # typed before the palace: the palace's wins
    model.set_pair("windows", 0, "b", "7")
    for window in range(4):  # four complete windows
        tap_at(model, 0, window, 0, times=2)  # top: a piece of the colour counted
        tap_at(model, 0, window, 1)  # bottom: a piece
    tap_at(model, 0, 4, 0, times=2)  # a fifth window with its top only, of the colour
    assert palaces(model.draft)[0].windows[:5] == ["CX", "CX", "CX", "CX", "C."]
    core = Palace.read(palaces(model.draft)[0].windows)
    assert core.lines() == {"windows": [4, 5]}
    assert windows_points(model, 0) == 20  # the rulebook's 4 × 5
    assert model.state.scored.players[0].total == 50 + 20
    assert from_palace(model.draft, "windows", 0) and not from_palace(model.draft, "windows", 1)
    assert model.state.can_save


def test_a_bottom_piece_waits_for_the_top_one_and_clearing_gives_the_typed_pair_back():
    model = sintra()
    model.set_pair("windows", 0, "a", "2")
    model.set_pair("windows", 0, "b", "3")
    with pytest.raises(EntryError) as bottom:
        tap(model.draft, 0, 2, 1)
    assert bottom.value.key == "board.palace_bottom"
    tap_at(model, 0, 2, 0)
    tap_at(model, 0, 2, 1)
    tap_at(model, 0, 2, 0)  # the top: a piece of the colour counted
    assert palaces(model.draft)[0].windows[2] == "CX"
    assert windows_points(model, 0) == 1  # one window × one piece of the colour
    with pytest.raises(EntryError) as emptied:  # the top emptied over a bottom piece
        tap(model.draft, 0, 2, 0)
    assert emptied.value.key == "board.palace_bottom"
    tap_at(model, 0, 2, 1, times=2)  # the bottom: a piece of the colour, then empty
    assert palaces(model.draft)[0].windows[2] == "C."
    model.set_board(PalaceClearEdit(0))
    assert not from_palace(model.draft, "windows", 0)
    assert windows_points(model, 0) == 6  # the typed 2 × 3


def test_two_devices_keep_every_tap_and_an_impossible_palace_is_marked():
    here = sintra()
    there = SheetInProgress(SINTRA, SheetDraft.from_dict(here.draft.to_dict()))
    a = tap(here.draft, 0, 0, 0)
    b = tap(there.draft, 0, 1, 0)
    for edit in (a, b):
        here.apply(edit)
        there.apply(edit)
    assert palaces(here.draft) == palaces(there.draft)
    assert palaces(here.draft)[0].windows[:2] == ["X.", "X."]
    here.apply(FrameEdit(0, 0, 1, "X"))  # this device fills window 1's bottom
    here.apply(FrameEdit(0, 0, 0, "."))  # while the other one empties its top
    problem = here.state.problem("windows", 0, "a")
    assert problem is not None and problem.message("en").startswith("Ana, palace: window 1")
    assert not here.state.can_save
    assert windows_points(here, 0) == 0
    here.apply(FrameEdit(0, 0, 0, "X"))
    assert here.state.problem("windows", 0, "a") is None


def test_the_palace_is_kept_in_the_draft_and_side_a_keeps_typing(tmp_path):
    store = FileDraftStore(tmp_path / "drafts")
    model = sintra()
    tap_at(model, 1, 7, 0, times=2)
    tap_at(model, 1, 7, 1, times=2)
    store.save(model.draft)
    again = store.load(model.draft.sheet_id)
    assert again == model.draft and again is not None
    assert palaces(again)[1].windows[7] == "CC"
    assert SheetInProgress(SINTRA, again).state.scored.players[1].total == 2  # 1 × 2
    side_a = sintra("A")
    side_a.set_text("ornament_1", 0, "4")
    assert not from_palace(side_a.draft, "windows", 0)
    assert side_a.state.scored.players[0].total == 10
    azul = find_game("azul")
    other = SheetInProgress(azul, new_draft(azul, None, ["Ana", "Ben"]))
    assert palaces(other.draft) == [] and "palaces" not in other.draft.to_dict()
    broken = model.draft.to_dict()
    broken["palaces"] = [{"windows": ["ZZ"] * 8}] * 2
    with pytest.raises(ValueError):
        SheetDraft.from_dict(broken)


def test_the_windows_dialog_in_spanish_read_only_pair_and_save(tmp_path):
    """The view without a browser: the dialog's words in Spanish, the windows cell
    read-only "del tablero", a refused tap's reason, and the play saved."""
    history = StoreHistory(str(tmp_path / "history.db"))
    try:
        ctx, routes = context(tmp_path, history=history, lang="es", compact=True)
        dialogs: list[object] = []
        ctx.show_dialog = dialogs.append
        model = sintra()
        view = SheetView(ctx, model)
        root = view.build()
        assert find(root, "palace-1").content == "Ventanas"
        click(root, "palace-1")
        dialog = dialogs[-1]
        click(dialog, "window-1-3-2")  # a bottom piece under an empty top: refused
        assert find(dialog, "palace-message-1").value == (
            "ventana 3: una pieza en el espacio inferior del marco necesita una en el "
            "superior (el superior se llena primero)"
        )
        for window in (1, 2, 3):
            click(dialog, f"window-1-{window}-1")
            click(dialog, f"window-1-{window}-1")  # a piece of the colour
            click(dialog, f"window-1-{window}-2")  # a piece
        said = {c.identifier: c.label for c in walk(dialog) if isinstance(c, ft.Semantics)}
        assert (
            said["window-1-1-1"] == "Ventana 1, espacio superior del marco: una pieza de tu color"
        )
        assert said["window-1-1-2"] == "Ventana 1, espacio inferior del marco: una pieza"
        completed, pieces = find(root, "line-windows-1-a"), find(root, "line-windows-1-b")
        assert (completed.value, pieces.value) == ("3", "3")
        assert completed.read_only and pieces.read_only and shown(root, "note-windows-1")
        assert find(root, "note-windows-1").value == "del tablero"
        assert find(dialog, "palace-total-1").value == (
            "Ventanas completas 3 × piezas de tu color 3: total 9"
        )
        type_into(root, "line-windows-1-a", "8")  # typed while the palace fills it: not taken
        assert completed.value == "3" and model.draft.pairs["windows"][0] == ["", ""]
        click(dialog, "palace-done")
        type_into(root, "line-marker-1", "40")
        type_into(root, "line-marker-2", "45")
        click(root, "save")
        play = int(routes[-1].rsplit("/", 1)[1])
        saved = history.store.get_play(play)
        assert {p.name: p.total for p in saved.sheet.players} == {"Ana": 49, "Ben": 45}
    finally:
        history.close()


def test_side_a_has_no_windows_button(tmp_path):
    ctx, _ = context(tmp_path)
    root = SheetView(ctx, sintra("A")).build()
    assert not has(root, "palace-1") and has(root, "line-ornament_1-1")
