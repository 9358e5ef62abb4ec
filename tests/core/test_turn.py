"""Whose turn, and who starts each round: the core's rule, the game files' exceptions and
the sheet layer's turn marker, without any page."""

from __future__ import annotations

import pytest

from scorepad.core import TemplateError, builtin_games, load_template
from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.edits import TurnEdit
from scorepad.sheet.progress import SheetInProgress, new_draft
from scorepad.sheet.turn import next_seat, one_of_the_seats, turn_now

GAMES = builtin_games()


def sheet(game: str, players: list[str]) -> SheetInProgress:
    return SheetInProgress(GAMES[game], new_draft(GAMES[game], None, players))


def test_who_starts_moves_on_one_seat_a_round_from_the_player_chosen():
    rules = GAMES["dixit"].rounds  # the storyteller is the next player each turn
    assert rules is not None and rules.starter_moves
    assert [rules.starter(n, 4, 2) for n in range(1, 7)] == [2, 3, 0, 1, 2, 3]
    assert rules.starter(1, 0) is None and rules.starter(1, 3, 3) is None  # no such seat


@pytest.mark.parametrize("game", ["jaipur", "lost-cities", "love-letter", "heat"])
def test_a_game_whose_round_before_decides_names_who_starts_round_1_only(game):
    """Jaipur's loser, Love Letter's winner, Lost Cities' leader, Heat's standing start
    the next round: the sheet cannot know, so it names nobody after round 1."""
    rules = GAMES[game].rounds
    assert rules is not None and not rules.starter_moves
    assert rules.starter(1, 2, 1) == 1
    assert rules.starter(2, 2, 1) is None and rules.starter(3, 2, 0) is None


def test_round_starter_is_checked_on_load():
    uno = dict(GAMES["uno"].source, id="uno-x")
    assert load_template({**uno, "round_starter": "next_seat"}, "x.json").rounds.starter_moves
    with pytest.raises(TemplateError) as caught:
        load_template({**uno, "round_starter": "winner"}, "x.json")
    assert "round_starter" in str(caught.value)
    azul = dict(GAMES["azul"].source, id="azul-x", round_starter="previous_round")
    with pytest.raises(TemplateError) as caught:
        load_template(azul, "x.json")
    assert "round_starter" in str(caught.value) and "rounds" in str(caught.value)


def test_round_sheets_name_who_starts_each_round_and_next_round_hands_them_the_turn():
    model = sheet("uno", ["Ana", "Ben", "Cleo"])
    assert [model.round_starter(n) for n in (1, 2, 3, 4)] == [0, 1, 2, 0]  # nobody picked
    model.set_first_player("Cleo")
    assert [model.round_starter(n) for n in (1, 2, 3)] == [2, 0, 1]
    assert model.turn == 2  # the turn starts with the player who starts
    model.next_turn()
    assert model.turn == 0
    model.add_round()  # round 2: Ana starts it, and has the turn
    assert model.turn == 0 and model.draft.turn == 0
    model.next_turn()
    model.add_round()  # round 3: Ben
    assert model.turn == 1
    jaipur = sheet("jaipur", ["Ana", "Ben"])
    jaipur.set_first_player("Ben")
    jaipur.set_turn(0)
    jaipur.add_round()  # who starts round 2 is the loser of round 1: the turn stays put
    assert jaipur.round_starter(2) is None and jaipur.turn == 0


def test_the_dealer_and_who_starts_move_together_in_a_game_whose_deal_rotates():
    model = sheet("skull-king", ["Ana", "Ben", "Cleo"])
    model.set_first_player("Ben")
    for number in range(1, 5):
        _, dealer = model.round_deal(number)
        starter = model.round_starter(number)
        assert starter is not None and dealer == model.players[(starter - 1) % 3]


def test_the_turn_marker_goes_round_in_seat_order_and_refuses_seats_not_at_the_table():
    model = sheet("azul", ["Ana", "Ben", "Cleo"])
    assert model.turn is None  # nobody picked, never moved
    seen = []
    for _ in range(4):
        model.next_turn()
        seen.append(model.turn)
    assert seen == [0, 1, 2, 0]
    for seat in (3, -1):
        with pytest.raises(ValueError):
            model.set_turn(seat)
    assert model.turn == 0
    for hostile in (3, -1, 99, True, "1", 1.0):  # what another device might send
        TurnEdit(hostile).apply_to(model.draft)  # type: ignore[arg-type]
        assert model.draft.turn == 0
    TurnEdit(None).apply_to(model.draft)  # back to the first player's
    assert model.draft.turn is None


def test_the_turn_is_kept_in_the_draft_and_a_bad_one_read_back_is_nobodys():
    model = sheet("azul", ["Ana", "Ben"])
    model.set_turn(1)
    data = model.draft.to_dict()
    assert data["turn"] == 1
    assert SheetDraft.from_dict(data).turn == 1
    for bad in (2, -1, "1", True, None, 1.5):
        assert SheetDraft.from_dict({**data, "turn": bad}).turn is None
    assert "turn" not in sheet("azul", ["Ana", "Ben"]).draft.to_dict()


def test_turn_helpers():
    assert one_of_the_seats(2, 3) == 2 and one_of_the_seats(3, 3) is None
    assert one_of_the_seats(False, 3) is None
    assert turn_now(None, "Ben", ["Ana", "Ben"]) == 1 and turn_now(None, "", ["Ana"]) is None
    assert turn_now(5, "Ben", ["Ana", "Ben"]) == 1  # out of range: as never moved
    assert next_seat(None, 3) == 0 and next_seat(2, 3) == 0 and next_seat(0, 0) is None
