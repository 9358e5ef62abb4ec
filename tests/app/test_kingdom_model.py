"""Kingdomino's kingdom on the sheet: each square's terrain and crowns tapped in, the
properties, tie-breakers and bonuses filled through the core, every problem of a kingdom
that cannot be noted at once; the kingdoms kept in the draft's JSON, travelling as edits
made once, saved with the play and back on Edit (the Mighty Duel's 7 × 7 grid too)."""

from __future__ import annotations

import pytest

from scorepad.core import EntryError, ScorepadError, find_game
from scorepad.sheet.boards.kingdom import (
    CastleEdit,
    KingdomClearEdit,
    KingdomDraft,
    SquareEdit,
    from_kingdom,
    kingdoms,
    size_edit,
    square_edit,
)
from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.play import restore_boards, saved_boards
from scorepad.sheet.progress import SheetInProgress, new_draft
from scorepad.store.boards import SeatBoard

KINGDOMINO = find_game("kingdomino")
BONUSES = ["middle-kingdom", "harmony"]


def sheet(players=("Ana", "Ben"), modules=BONUSES) -> SheetInProgress:
    return SheetInProgress(KINGDOMINO, new_draft(KINGDOMINO, None, list(players), modules))


def put(model: SheetInProgress, player: int, squares: dict[tuple[int, int], str]) -> None:
    for (row, column), text in squares.items():
        if text == "C":
            edit = square_edit(model.draft, player, row, column, "C")
        else:
            edit = square_edit(model.draft, player, row, column, text[0], int(text[1:] or 0))
        model.set_board(edit)


# A kingdom worked by hand: castle in the centre; forest F1 F F (3 squares, 1 crown: 3),
# lake L2 L (2 squares, 2 crowns: 4), wheat W (no crown: 0): 7 points.
KINGDOM = {
    (2, 2): "C",
    (2, 3): "F1",
    (2, 4): "F",
    (1, 4): "F",
    (1, 3): "W",
    (3, 2): "L2",
    (3, 3): "L",
}


def test_taps_fill_the_properties_tie_breakers_and_bonuses_through_the_core():
    model = sheet()
    model.set_text("properties", 0, "99")  # typed before the kingdom: the kingdom's wins
    put(model, 0, KINGDOM)
    assert kingdoms(model.draft)[0].rows[2] == ". . C F1 F"
    entered = model.state.entered[0].lines
    assert entered["properties"] == 7 and entered["largest_property"] == 3
    assert entered["crowns"] == 3 and entered["middle_kingdom"] is True
    assert entered["harmony"] is False
    assert model.state.scored.players[0].total == 7 + 10
    assert from_kingdom(model.draft, "properties", 0)
    assert not from_kingdom(model.draft, "properties", 1)
    assert model.state.can_save
    model.set_board(KingdomClearEdit(0))  # the typed value comes back
    assert not from_kingdom(model.draft, "properties", 0)
    assert model.state.scored.players[0].total == 99


def test_the_bonus_lines_are_filled_only_with_their_modules():
    model = sheet(modules=[])
    put(model, 0, KINGDOM)
    assert model.state.scored.players[0].total == 7
    assert "middle_kingdom" not in model.state.entered[0].lines


def test_every_problem_of_a_kingdom_is_noted_and_it_counts_nothing_meanwhile():
    model = sheet()
    put(model, 0, {(0, 0): "W2", (4, 4): "F1"})  # no castle; two squares not dominoes
    said = {k: v.message("en") for k, v in model.state.problems.items()}
    assert said[("properties", 0, "")] == (
        "Ana, kingdom: the kingdom has no castle (C): every kingdom is built from its castle"
    )
    assert said[("properties", 0, "2")].startswith("Ana, kingdom: its 2 terrain squares")
    assert model.state.entered[0].lines["properties"] == 0
    assert not model.state.can_save
    model.set_board(CastleEdit(0, 2, 2))  # now: two squares apart from the castle
    said = {k: v.message("en") for k, v in model.state.problems.items()}
    assert "row 1, column 1 is not joined to the castle" in said[("properties", 0, "")]


def test_the_castle_moves_when_placed_again_and_a_square_is_checked():
    model = sheet()
    model.set_board(square_edit(model.draft, 0, 0, 0, "C"))
    model.set_board(square_edit(model.draft, 0, 2, 2, "C"))
    assert (
        kingdoms(model.draft)[0].rows[0] == ". . . . ." and "C" in kingdoms(model.draft)[0].rows[2]
    )
    model.set_board(square_edit(model.draft, 0, 2, 2, None))  # emptied
    assert not kingdoms(model.draft)[0].filled
    with pytest.raises(EntryError) as bad:
        square_edit(model.draft, 0, 1, 1, "X", 1)
    assert bad.value.key == "board.kingdom_where"
    with pytest.raises(EntryError):
        square_edit(model.draft, 0, 1, 1, "F", 10)


def test_the_draft_keeps_the_kingdoms_as_json_and_refuses_a_broken_one():
    model = sheet()
    put(model, 1, KINGDOM)
    data = model.draft.to_dict()
    assert data["kingdoms"][1] == {"kingdom": list(kingdoms(model.draft)[1].rows)}
    again = SheetDraft.from_dict(data)
    assert kingdoms(again) == kingdoms(model.draft)
    assert SheetDraft.from_dict(again.to_dict()).to_dict() == data
    broken = dict(data, kingdoms=[{"kingdom": ["C"]}, data["kingdoms"][1]])
    with pytest.raises(ValueError):
        SheetDraft.from_dict(broken)
    other = find_game("azul")
    assert "kingdoms" not in new_draft(other, None, ["Ana", "Ben"]).to_dict()


def test_two_devices_keep_each_others_squares_the_later_edit_of_a_square_winning():
    here = sheet()
    there = SheetInProgress(KINGDOMINO, SheetDraft.from_dict(here.draft.to_dict()))
    mine = [square_edit(here.draft, 0, 2, 2, "C"), SquareEdit(0, 2, 3, "F1")]
    theirs = [SquareEdit(0, 1, 2, "L"), SquareEdit(0, 2, 3, "W2"), CastleEdit(1, 0, 0)]
    for edit in mine:  # each device makes its own edits, then the other's as they come
        here.set_board(edit)
    for edit in theirs:
        there.set_board(edit)
    for edit in theirs:
        here.set_board(edit)
    for edit in mine[:1]:  # the castle came to "there" late: its own W2 came after F1
        there.set_board(edit)
    assert kingdoms(here.draft)[0].rows[1:3] == [". . L . .", ". . C W2 ."]
    assert kingdoms(there.draft)[0].rows[1:3] == [". . L . .", ". . C W2 ."]
    assert kingdoms(here.draft)[1] == kingdoms(there.draft)[1]
    assert here.state.scored.players[0].total == there.state.scored.players[0].total


def test_the_mighty_duel_is_a_seven_by_seven_grid_for_two_players_only():
    model = sheet()
    put(model, 0, KINGDOM)
    model.set_board(size_edit(model.draft, 7))
    assert [k.size for k in kingdoms(model.draft)] == [7, 7]
    assert kingdoms(model.draft)[0].rows[3] == ". . . C F1 F ."  # kept around the centre
    assert model.state.entered[0].lines["middle_kingdom"] is True
    put(model, 0, {(0, 0): "W"})
    with pytest.raises(ScorepadError) as shrink:  # a square would fall off the 5 × 5 grid
        size_edit(model.draft, 5)
    assert "Ana" in shrink.value.message("en")
    three = sheet(("Ana", "Ben", "Cy"))
    with pytest.raises(ScorepadError) as duel:
        size_edit(three.draft, 7)
    assert duel.value.key == "board.kingdom_duel"
    assert kingdoms(three.draft)[2] == KingdomDraft.blank(5)


def test_a_save_keeps_the_filled_kingdoms_and_edit_puts_them_back():
    model = sheet()
    assert saved_boards(model.draft) == ()
    put(model, 0, KINGDOM)
    rows = list(kingdoms(model.draft)[0].rows)
    assert saved_boards(model.draft) == ({"kingdom": rows}, None)
    edited = new_draft(KINGDOMINO, None, ["Ana", "Ben"], BONUSES)
    restore_boards(edited, [SeatBoard("kingdom", {"kingdom": rows}), None])
    assert kingdoms(edited) == [KingdomDraft(rows), KingdomDraft.blank(5)]
    again = SheetInProgress(KINGDOMINO, edited)
    assert again.state.scored.players[0].total == 17
    duel = [". . . . . . ."] * 3 + [". . . C . . ."] + [". . . . . . ."] * 3
    restore_boards(edited, [None, SeatBoard("kingdom", {"kingdom": duel})])
    assert kingdoms(edited) == [KingdomDraft.blank(7), KingdomDraft(duel)]
