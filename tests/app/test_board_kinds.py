"""Board kinds are registered, not named: the sheet and the app ask every kind in turn.

A kind registered by a module of its own (here, by the test) is offered on its game's
sheet, kept in the draft's JSON, fills its line, is what a Save keeps and comes back on
Edit, with no list edited anywhere; the built-in kinds are each the store's and the app's.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

import pytest

from scorepad.core import builtin_games
from scorepad.core.boards.kinds import board_kinds as core_kinds
from scorepad.core.boards.kingdom import Kingdom
from scorepad.core.boards.kingdom_sheet import KIND as KINGDOM
from scorepad.core.play_to_save import PlayToSave
from scorepad.core.template import GameTemplate
from scorepad.sheet import kinds
from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.kinds import Problems, Seats, SheetBoard, board_kinds, register
from scorepad.sheet.play import restore_boards, saved_boards
from scorepad.sheet.progress import SheetInProgress, new_draft
from scorepad.store import AZUL_PAVILION, AZUL_WALL, SINTRA_PALACE, SeatBoard
from scorepad.ui.views.boards import board_views

GAME = "ark-nova"
LINE = "appeal"


class Dice(SheetBoard):
    """A board of dice rolled for the appeal line: each player's pips, added up."""

    name = "dice"
    kind = "test-dice"

    def offered(self, template: GameTemplate) -> bool:
        return template.id == GAME  # a game naming no board of the core's: the test's

    def blank(self) -> list[int]:
        return []

    def seat_to_json(self, board: list[int]) -> dict[str, object]:
        return {"pips": list(board)}

    def seat_from_json(self, data: object) -> list[int]:
        assert isinstance(data, dict)
        return [int(p) for p in data["pips"]]

    def lines(self, draft: Seats, names: list[str], problems: Problems) -> list[dict[str, object]]:
        return [{LINE: sum(pips)} if pips else {} for pips in self.seats(draft)]

    def fills(self, draft: Seats, key: str, player: int) -> bool:
        return key == LINE and bool(self.seats(draft)[player])

    def saved(self, draft: Seats, seat: int) -> dict[str, object] | None:
        pips = self.seats(draft)[seat]
        return {"pips": list(pips)} if pips else None

    def of_play(self, fields: Mapping[str, object]) -> list[int]:
        return self.seat_from_json(dict(fields))


@dataclass(frozen=True)
class Roll:
    """A die rolled for a player (an edit like any other)."""

    player: int
    pips: int

    def apply_to(self, draft: SheetDraft) -> None:
        draft.boards[Dice.name][self.player].append(self.pips)


@pytest.fixture
def dice() -> Iterator[Dice]:
    board_kinds()  # the built-in kinds first, as the app finds them
    kind = register(Dice())
    try:
        yield kind
    finally:
        del kinds._KINDS[kind.name]


def test_a_kind_registered_by_its_module_plugs_into_the_sheet_with_no_list_edited(dice):
    template = builtin_games()[GAME]
    model = SheetInProgress(template, new_draft(template, None, ["Ana", "Ben"]))
    assert dice.seats(model.draft) == [[], []]  # offered: one board per player
    assert model.hint_key() == "app.hint_board"
    model.set_board(Roll(0, 5))
    state = model.set_board(Roll(0, 3))
    assert state.scored.players[0].total >= 8 and state.entered[0].lines[LINE] == 8
    again = SheetDraft.from_dict(model.draft.to_dict())
    assert again.boards[Dice.name] == [[5, 3], []]
    assert saved_boards(model.draft) == ({"pips": [5, 3]}, None)
    edited = new_draft(template, None, ["Ana", "Ben"])
    restore_boards(edited, [None, SeatBoard("test-dice", {"pips": [6]})])
    assert edited.boards[Dice.name] == [[], [6]]
    other = builtin_games()["azul"]
    assert (
        Dice.name not in SheetInProgress(other, new_draft(other, None, ["Ana", "Ben"])).draft.boards
    )


def test_every_built_in_kind_is_kept_by_the_store_and_drawn_by_the_app():
    stored = [AZUL_PAVILION, AZUL_WALL, SINTRA_PALACE, KINGDOM]  # the store's kinds of board
    assert sorted(kind.kind for kind in board_kinds()) == sorted(stored)
    assert sorted(core_kinds()) == sorted(stored)  # every kind the core reads
    assert sorted(view.name for view in board_views()) == ["kingdom", "palace", "pavilion", "wall"]
    assert {view.draws for view in board_views()} >= {Kingdom}


def test_an_edit_keeps_the_boards_of_a_kind_the_sheet_does_not_show(tmp_path, monkeypatch):
    """A kingdom kept from a sheet file, edited where the sheet shows no kingdom, is kept;
    walls the sheet shows and the player cleared are cleared."""
    from scorepad.core import find_game
    from scorepad.core.scoring import PlayerSheet, score
    from scorepad.sheet.play import as_edit
    from scorepad.store import open_store

    board_kinds()
    shown = {name: kind for name, kind in kinds._KINDS.items() if kind.kind != "kingdom"}
    monkeypatch.setattr(kinds, "_KINDS", shown)  # as before the kingdom had a sheet part
    store = open_store(f"sqlite:///{tmp_path / 'history.db'}")
    kingdomino = find_game("kingdomino")
    rows = ["W1 W F F1 F", "W L L2 F G", "S L C G G1", "S1 M M2 G G", "S M W W W1"]
    players = [
        PlayerSheet("Ana", {"properties": 30, "largest_property": 5, "crowns": 9}),
        PlayerSheet("Ben", {"properties": 12, "largest_property": 4, "crowns": 3}),
    ]
    play = store.save_play(kingdomino, None, players, boards=({"kingdom": rows}, None))
    sheet = score(kingdomino, None, players)
    store.update_play(play, as_edit(PlayToSave(sheet, tuple(players), notes="rematch?", boards=())))
    kept = [p.board.fields if p.board else None for p in store.get_play(play).summary.players]
    assert kept == [{"kingdom": rows}, None]
    assert store.get_play(play).summary.notes == "rematch?"

    azul = find_game("azul")  # walls the sheet shows, emptied by the player: cleared
    seats = [PlayerSheet("Ana", {}), PlayerSheet("Ben", {})]
    assert as_edit(PlayToSave(score(azul, None, seats), tuple(seats), boards=())).boards == ()
    store.close()
