"""Whose turn on the sheet, without a browser: the turn marker moved on one device shows on
every other, is kept with the draft, and a round's title names who starts it (``dealer``)."""

from __future__ import annotations

import pytest
from ui_helpers import click, context, find, latest, shown, type_into

from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.edits import TurnEdit
from scorepad.ui.app import view_for
from scorepad.ui.context import Context
from scorepad.ui.history import StoreHistory
from scorepad.ui.settings import Settings


@pytest.fixture
def history(tmp_path):
    opened = StoreHistory(str(tmp_path / "history.db"))
    yield opened
    opened.close()


def devices(tmp_path, history, route: str, lang: str = "en"):
    """Two devices on one app: the first opens ``route``, the second the same sheet."""
    ctx, _ = context(tmp_path, history=history, lang=lang)
    other = Context(ctx.services, Settings(lang=lang), navigate=lambda route: None)
    sent: list[object] = []
    other.update = lambda *controls: sent.extend(controls)
    here = view_for(ctx, route)
    game = route.split("/")[2].split("?")[0]
    there = view_for(other, f"/sheet/{game}")
    return ctx, here, there, sent


def marks(root: object, players: int) -> list[bool]:
    return [shown(root, f"turn-mark-{n}") for n in range(1, players + 1)]


def test_next_player_on_one_device_moves_the_turn_on_every_device(tmp_path, history):
    ctx, here, there, sent = devices(tmp_path, history, "/new/azul?players=Ana,Ben,Cleo")
    assert find(here, "turn").value == "" and marks(here, 3) == [False] * 3
    click(here, "turn-next")  # nobody had it: the first seat
    assert find(there, "turn").value == "Ana's turn" and marks(there, 3) == [True, False, False]
    assert find(there, "turn") in sent  # sent to that device's browser
    click(there, "turn-next")
    click(there, "turn-next")
    assert find(here, "turn").value == "Cleo's turn" and marks(here, 3) == [False, False, True]
    click(here, "turn-next")  # the last seat hands on to the first
    assert find(there, "turn").value == "Ana's turn"
    click(there, "turn-2")  # a tap on Ben's name gives him the turn
    assert find(here, "turn").value == "Ben's turn" and marks(here, 3) == [False, True, False]
    kept = latest(ctx.services.drafts, "azul")  # the autosaved draft: survives a restart
    assert kept is not None and kept.turn == 1
    assert SheetDraft.from_dict(kept.to_dict()).turn == 1
    again = view_for(ctx, f"/sheet/{kept.sheet_id}")  # a reload
    assert find(again, "turn").value == "Ben's turn"


def test_the_turn_follows_who_starts_until_it_is_moved(tmp_path, history):
    _, _, there, _ = devices(tmp_path, history, "/new/azul?players=Ana,Ben&first=Ben")
    assert find(there, "turn").value == "Ben's turn" and marks(there, 2) == [False, True]


def test_an_edit_for_a_seat_not_at_the_table_changes_nothing_anywhere(tmp_path, history):
    ctx, here, there, _ = devices(tmp_path, history, "/new/azul?players=Ana,Ben")
    click(here, "turn-2")
    views = [v for v in (here, there)]
    assert all(find(v, "turn").value == "Ben's turn" for v in views)
    draft = latest(ctx.services.drafts, "azul")
    TurnEdit(7).apply_to(draft)  # what a device sending a seat of its own would make
    assert draft.turn == 1


def test_a_round_names_who_starts_it_and_next_round_moves_it_on(tmp_path, history):
    """Uno: Cleo starts round 1; Next round on one device: Ana starts round 2, has the
    turn, and the other device sees both (``dealer``, the current round's)."""
    route = "/new/uno?players=Ana,Ben,Cleo&first=Cleo"
    ctx, here, there, _ = devices(tmp_path, history, route)
    assert find(there, "dealer").value == "Cards each: 7 · Cleo starts"
    assert find(there, "turn").value == "Cleo's turn"
    click(here, "next-round")
    assert find(there, "dealer").value == "Cards each: 7 · Ana starts"
    assert find(there, "round-1-deal").value == "Cards each: 7 · Cleo starts"
    assert find(there, "turn").value == "Ana's turn" and marks(there, 3) == [True, False, False]
    kept = latest(ctx.services.drafts, "uno")
    again = view_for(ctx, f"/sheet/{kept.sheet_id}")
    assert find(again, "dealer").value == "Cards each: 7 · Ana starts"


def test_a_game_whose_round_before_decides_names_only_round_1s(tmp_path, history):
    route = "/new/jaipur?players=Ana,Ben&first=Ben"
    _, here, there, _ = devices(tmp_path, history, route, lang="fr")
    assert find(there, "dealer").value == "Cartes chacun : 5 · Ben commence"
    click(here, "next-round")
    assert find(there, "dealer").value == "Cartes chacun : 5"  # the loser starts
    assert find(there, "turn").value == "Au tour de Ben"  # left where it was


def test_dealing_games_still_say_who_deals(tmp_path, history):
    route = "/new/wizard?players=Ana,Ben,Cleo&first=Ben"
    _, here, there, _ = devices(tmp_path, history, route, lang="de")
    assert "Ana gibt" in find(there, "dealer").value  # Ben leads, left of the dealer
    click(here, "next-round")
    assert "Ben gibt" in find(there, "dealer").value
    assert find(there, "turn").value == "Cleo ist dran"


def test_a_rematch_starts_with_the_next_player_shown_as_chosen_and_having_the_turn(
    tmp_path, history
):
    """Uno saved with Cleo starting: its rematch's sheet says Ana starts (the last seat
    hands on to the first), round 1 is hers to start and the turn is hers."""
    from scorepad.ui.views.play import rematch

    ctx, routes = context(tmp_path, history=history)
    here = view_for(ctx, "/new/uno?players=Ana,Ben,Cleo&first=Cleo")
    type_into(here, "round-1-points-2", "40")
    click(here, "save")
    play = int(routes[-1].removeprefix("/play/"))
    assert history.store.get_play(play).summary.first_player == "Cleo"
    rematch(ctx, play)
    again = view_for(ctx, routes[-1])
    assert find(again, "first-player-name").value == "Ana starts"
    assert find(again, "dealer").value == "Cards each: 7 · Ana starts"
    assert find(again, "turn").value == "Ana's turn" and marks(again, 3) == [True, False, False]
