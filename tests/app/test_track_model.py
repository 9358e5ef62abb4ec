"""An Azul game tracked round by round on the sheet: taps per round are scored by the core
(each tile as placed, the floor line, never below 0), the marker line is the score track,
any round can be corrected and undone, the game ends after a completed row, and it all
lives in the draft and travels as edits."""

from __future__ import annotations

import flet as ft
import pytest
from ui_helpers import click, context, find, fire, shown, type_into, walk

from scorepad.core import EntryError, find_game
from scorepad.core.boards.azul_track import Tile, TrackedRound, play
from scorepad.core.boards.azul_wall import PATTERN
from scorepad.sheet.boards.track import (
    FloorEdit,
    TrackRoundEdit,
    floor_tap,
    from_game,
    next_round,
    start,
    tracked_game,
    undoing,
)
from scorepad.sheet.boards.wall import WallClearEdit, tap, track_round, walls
from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.progress import SheetInProgress, new_draft
from scorepad.ui.history import StoreHistory
from scorepad.ui.views.sheet import SheetView

AZUL = find_game("azul")


def tracked(players: list[str] | None = None) -> SheetInProgress:
    model = SheetInProgress(AZUL, new_draft(AZUL, None, players or ["Ana", "Ben"]))
    model.set_board(start(model.draft))
    return model


def place(model: SheetInProgress, player: int, row: int, column: int) -> None:
    """Player ``player`` puts the tile of (row, column) on the coloured side this round."""
    model.set_board(tap(model.draft, player, row, column, None, track_round(model.draft)))


def total(model: SheetInProgress, player: int) -> object:
    return model.state.scored.players[player].total


def test_the_seed_examples_a_tile_linked_both_ways_and_the_floor_line():
    model = tracked()
    assert track_round(model.draft) == 1 and from_game(model.draft, "marker")
    place(model, 0, 0, 2)  # round 1: two tiles, apart: 1 + 1
    place(model, 0, 1, 0)
    model.set_board(next_round(model.draft, model.players))
    place(model, 0, 1, 1)  # round 2: linked to the left: 2
    model.set_board(next_round(model.draft, model.players))
    # round 3: a tile with 2 to its left and 1 above scores 3 + 2 = 5
    place(model, 0, 1, 2)
    game = tracked_game(model.draft, 0)
    assert [points for _, points in game.rounds[2].tiles] == [3 + 2]
    # the first-player marker and 2 extra tiles: −4
    model.set_board(floor_tap(model.draft, 0, 3, 3))
    game = tracked_game(model.draft, 0)
    assert (game.rounds[2].gained, game.rounds[2].floor) == (5, -4)
    assert game.marker == 1 + 1 + 2 + 5 - 4
    assert total(model, 0) == game.marker  # no end-of-game bonus yet
    assert model.state.scored.players[0].readings["marker"].points == game.marker


def test_the_marker_line_is_the_cores_score_track_never_below_zero():
    model = tracked()
    place(model, 0, 2, 2)  # 1 point
    model.set_board(floor_tap(model.draft, 0, 1, 7))  # the whole floor line: −14
    assert tracked_game(model.draft, 0).marker == 0
    assert total(model, 0) == 0
    model.set_text("marker", 0, "30")  # typed: kept, but the game fills the line
    assert total(model, 0) == 0
    model.set_board(TrackRoundEdit(0))  # no longer tracked: the typed 30 is back
    assert not from_game(model.draft, "marker") and total(model, 0) == 30


def test_a_floor_space_tapped_again_empties_it_and_a_space_outside_the_line_is_refused():
    model = tracked()
    model.set_board(floor_tap(model.draft, 1, 1, 2))
    assert walls(model.draft)[1].floors == [2]
    model.set_board(floor_tap(model.draft, 1, 1, 2))  # the last one filled, tapped: back to 1
    assert walls(model.draft)[1].floors == [1]
    model.set_board(floor_tap(model.draft, 1, 1, 1))
    assert walls(model.draft)[1].floors == []  # the same draft however it was reached
    with pytest.raises(EntryError):
        floor_tap(model.draft, 1, 1, 8)


def test_a_corrected_round_scores_the_later_rounds_again_and_undo_puts_it_back():
    model = tracked()
    place(model, 0, 0, 0)
    model.set_board(next_round(model.draft, model.players))
    place(model, 0, 0, 1)  # round 2: beside round 1's tile: 2
    assert tracked_game(model.draft, 0).marker == 1 + 2
    # round 1 is corrected: its tile was one to the right, on (0, 2)
    edits = [tap(model.draft, 0, 0, 0, None, 1), tap(model.draft, 0, 0, 2, None, 1)]
    undo = []
    for edit in edits:
        undo.append(undoing(model.draft, edit))
        model.set_board(edit)
    game = tracked_game(model.draft, 0)
    assert [r.gained for r in game.rounds] == [1, 2]  # (0, 1) then links to (0, 2)
    for edit in reversed(undo):
        model.set_board(edit)
    assert tracked_game(model.draft, 0).rounds[0].tiles[0][0] == Tile(0, 0, PATTERN[0][0])
    floor = FloorEdit(0, 2, 3)
    back = undoing(model.draft, floor)
    model.set_board(floor)
    model.set_board(back)
    assert walls(model.draft)[0].floors == []


def test_two_tiles_in_one_row_in_a_round_are_marked_on_the_marker_line_not_counted():
    model = tracked(["Ana", "Ben"])
    place(model, 1, 3, 0)
    place(model, 1, 3, 1)  # two tiles of row 4 in one round: the rules allow one
    problems = model.state.problems
    assert ("marker", 1, "") in problems
    message = problems[("marker", 1, "")].message("en")
    assert message.startswith("Ben, track: round 1:")
    assert not model.state.can_save
    assert model.state.scored.players[1].readings["marker"].points == 0


def test_the_game_ends_after_the_round_a_row_is_completed():
    model = tracked()
    for column in range(5):
        place(model, 0, 0, column)
        if column < 4:
            model.set_board(next_round(model.draft, model.players))
    with pytest.raises(EntryError) as refused:
        next_round(model.draft, model.players)
    assert "Ana" in refused.value.message("en") and "5" in refused.value.message("en")
    assert tracked_game(model.draft, 0).marker == 1 + 2 + 3 + 4 + 5
    assert total(model, 0) == 15 + 2  # and the complete row's bonus


def test_tracking_starts_on_empty_walls_only_and_comes_back_where_it_was():
    model = SheetInProgress(AZUL, new_draft(AZUL, None, ["Ana", "Ben"]))
    model.set_board(tap(model.draft, 0, 0, 0, None))  # an end-of-game wall
    with pytest.raises(EntryError):
        start(model.draft)
    model.set_board(WallClearEdit(0))
    model.set_board(start(model.draft))
    place(model, 0, 0, 0)
    model.set_board(next_round(model.draft, model.players))
    place(model, 1, 4, 4)
    model.set_board(TrackRoundEdit(0))  # stopped: the tiles stay, the marker is typed
    assert start(model.draft) == TrackRoundEdit(2)


def test_the_tracked_game_lives_in_the_draft_and_agrees_with_the_core_played_directly():
    model = tracked(["Ana", "Ben", "Cai"])
    place(model, 2, 0, 0)
    model.set_board(floor_tap(model.draft, 2, 1, 2))
    model.set_board(next_round(model.draft, model.players))
    place(model, 2, 1, 1)
    place(model, 2, 0, 1)
    back = SheetDraft.from_dict(model.draft.to_dict())
    assert back == model.draft
    copy = SheetInProgress(AZUL, back)
    assert total(copy, 2) == total(model, 2)
    direct = play(
        [
            TrackedRound((Tile(0, 0, "B"),), 2),
            TrackedRound((Tile(1, 1, PATTERN[1][1]), Tile(0, 1, PATTERN[0][1]))),
        ]
    )
    assert tracked_game(back, 2) == direct
    assert direct.marker == total(model, 2)


@pytest.mark.parametrize(
    "broken",
    [
        {"placed_in": [1] * 24},
        {"placed_in": [-1] * 25},
        {"placed_in": [0] * 25, "floors": "3"},
        {"placed_in": [0] * 25, "floors": [True]},
    ],
)
def test_a_damaged_tracked_wall_in_a_draft_is_refused(broken):
    model = tracked()
    data = model.draft.to_dict()
    data["walls"][0] = {**data["walls"][0], **broken}
    with pytest.raises((ValueError, TypeError)):
        SheetDraft.from_dict(data)


def test_the_tracked_game_on_the_sheet_and_in_the_wall_in_spanish(tmp_path):
    """The view without a browser: the switch starts it, taps go to the round shown, the
    floor line and each round's points, the marker read-only "de la partida", a round
    corrected, undo, and a tile of another round refused with the reason."""
    history = StoreHistory(str(tmp_path / "history.db"))
    try:
        ctx, routes = context(tmp_path, history=history, lang="es", compact=True)
        dialogs: list[object] = []
        ctx.show_dialog = dialogs.append
        model = SheetInProgress(AZUL, new_draft(AZUL, None, ["Ana", "Ben"]))
        view = SheetView(ctx, model)
        root = view.build()
        switch = find(root, "track-game")
        switch.value = True
        fire(switch, "change", True)
        assert track_round(model.draft) == 1 and find(root, "track-round").value == "Ronda 1"
        click(root, "wall-1")
        dialog = dialogs[-1]
        click(dialog, "tile-1-1-1")
        click(dialog, "tile-1-2-2")  # apart: 1 + 1
        click(dialog, "floor-1-2")  # two floor spaces: −2
        marker = find(root, "line-marker-1")
        assert marker.value == "0" and marker.read_only and shown(root, "note-marker-1")
        assert find(root, "note-marker-1").value == "de la partida"
        assert find(dialog, "track-rounds-1").value == "Ronda 1: +2, suelo −2 → 0"
        click(dialog, "wall-done")
        click(root, "track-next")
        assert find(root, "track-round").value == "Ronda 2"
        click(root, "wall-1")
        dialog = dialogs[-1]
        click(dialog, "tile-1-1-2")  # round 2: beside (1, 1) and above (2, 2): 2 + 2
        assert find(dialog, "track-rounds-1").value.splitlines() == [
            "Ronda 1: +2, suelo −2 → 0",
            "Ronda 2: +4, suelo 0 → 4",
        ]
        click(dialog, "tile-1-1-1")  # placed in round 1: not taken off from round 2
        assert find(dialog, "wall-message-1").value.startswith(
            "este azulejo se colocó en la ronda 1"
        )
        click(dialog, "track-earlier")  # round 1 corrected: one floor space, not two
        assert find(dialog, "track-viewed").value == "Ronda 1"
        click(dialog, "floor-1-2")
        assert find(dialog, "track-rounds-1").value.splitlines()[0] == "Ronda 1: +2, suelo −1 → 1"
        assert marker.value == "5"
        click(dialog, "track-undo")
        assert marker.value == "4"
        said = {c.identifier: c.label for c in walk(dialog) if isinstance(c, ft.Semantics)}
        assert said["floor-1-2"] == "Línea de suelo, espacio 2 (−1): ocupado"
        click(dialog, "wall-done")
        type_into(root, "line-marker-2", "12")  # Ben's score is the game's too: not typed
        assert model.state.scored.players[1].readings["marker"].points == 0
        click(root, "save")
        play = int(routes[-1].rsplit("/", 1)[1])
        totals = {p.name: p.total for p in history.store.get_play(play).sheet.players}
        assert totals == {"Ana": 4, "Ben": 0}
    finally:
        history.close()
