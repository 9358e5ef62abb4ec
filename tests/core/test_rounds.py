"""Round games: the bid rule against the rulebooks' examples, endings, and properties of
running totals."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorepad.core import (
    PlayerSheet,
    SheetError,
    TemplateError,
    builtin_games,
    load_template,
    score,
)

SKULL_KING = builtin_games()["skull-king"]
WIZARD = builtin_games()["wizard"]
FLIP_7 = builtin_games()["flip-7"]


@pytest.mark.parametrize(
    ("bid", "tricks", "round_number", "bonus", "points"),
    [
        (3, 3, 5, 0, 60),  # Calvin bids 3 and takes 3: 20 × 3
        (2, 4, 5, 0, -20),  # Angela bids 2, takes 4: off by 2
        (0, 0, 7, 0, 70),  # Kate bids zero in round 7 and takes none: 10 × 7
        (0, 2, 9, 0, -90),  # Johnny bids zero in round 9, takes 2: −10 × 9
        (1, 1, 4, 50, 70),  # a met bid keeps its bonus (+10 yellow 14, +40 Skull King)
        (1, 2, 4, 50, -10),  # a missed bid loses it
        (0, 0, 3, 20, 50),  # a met zero keeps its bonus too
    ],
)
def test_skull_king_bid_rule_matches_the_rulebook_examples(
    bid, tricks, round_number, bonus, points
):
    assert SKULL_KING.bids is not None
    assert SKULL_KING.bids.points(bid, tricks, round_number, bonus) == points


@pytest.mark.parametrize(
    ("bid", "tricks", "points"),
    [(3, 3, 50), (0, 0, 20), (3, 5, -20), (2, 0, -20), (0, 1, -10)],
)
def test_wizard_scores_20_plus_10_a_trick_or_minus_10_a_trick_off(bid, tricks, points):
    assert WIZARD.bids is not None
    assert WIZARD.bids.points(bid, tricks, 7, 0) == points


def test_wizard_has_sixty_cards_worth_of_rounds_for_each_player_count():
    assert WIZARD.rounds is not None
    for players in range(3, 7):
        assert WIZARD.rounds.limit(players) == 60 // players


def test_skull_king_and_wizard_deal_the_round_number_and_the_deal_passes_on():
    """Skull King's "Dealing cards" (1 card in round 1 up to 10 in round 10) and "the
    player to the dealer's left becomes the new dealer"; Wizard's "The Deal"."""
    for game in (SKULL_KING, WIZARD):
        rules = game.rounds
        assert rules is not None and rules.dealer_rotates
        assert [rules.cards_in(n, 4) for n in range(1, 11)] == list(range(1, 11))
        # four seats, seat 2 (from 0) deals round 1: 2, 3, 0, 1, 2 …
        assert [rules.dealer(n, 4, 2) for n in range(1, 6)] == [2, 3, 0, 1, 2]
    uno = builtin_games()["uno"].rounds
    assert uno is not None and uno.cards_in(1, 4) == uno.cards_in(9, 4) == 7
    assert uno.dealer(1, 3) is None  # the game file does not say who deals
    assert FLIP_7.rounds is not None and FLIP_7.rounds.cards_in(1, 4) is None


def test_skull_king_at_eight_repeats_the_cards_each_can_have_in_the_last_rounds():
    """ "Dealing Cards": with more than six players the number dealt is repeated in the
    final rounds so that each player has as many; the 70 cards give 8 each to 8 players,
    and all 70 to 7 players in round 10."""
    rules = SKULL_KING.rounds
    assert rules is not None and rules.deck == 70
    assert rules.deals(8, 10) == (1, 2, 3, 4, 5, 6, 7, 8, 8, 8)
    assert rules.deals(7, 10) == tuple(range(1, 11))
    assert rules.deals(2, 10) == tuple(range(1, 11))
    names = ["Anne", "Bonny", "Calico", "Drake", "Edward", "Flint", "Grace", "Henry"]
    nine = [PlayerSheet(n, {"bid": [0] * 9, "tricks": [0] * 9}) for n in names]
    nine[1] = PlayerSheet("Bonny", {"bid": [0] * 9, "tricks": list(range(1, 10))})
    with pytest.raises(SheetError) as caught:
        score(SKULL_KING, None, nine)
    assert str(caught.value) == (
        "Bonny, round 9: lines bid, tricks cannot be as entered: one card per trick: "
        "a bid or the tricks taken are at most the cards dealt"
    )
    seven = [PlayerSheet(n, {"bid": [0] * 10, "tricks": [0] * 10}) for n in names[:7]]
    seven[0] = PlayerSheet("Anne", {"bid": list(range(1, 11)), "tricks": list(range(1, 11))})
    assert score(SKULL_KING, None, seven).players[0].total == 20 * 55


def test_a_deck_gives_each_of_the_most_players_a_card():
    data = copy.deepcopy(SKULL_KING.source)
    data["deal"]["cards"]["deck"] = 7
    with pytest.raises(TemplateError) as caught:
        load_template(data, "mine.json")
    assert "deal.cards.deck" in str(caught.value)


def test_a_deal_is_a_field_of_any_round_game():
    data = copy.deepcopy(FLIP_7.source)
    data["deal"] = {"cards": {"first": 5}, "dealer": "rotates"}
    rules = load_template(data, "mine.json").rounds
    assert rules is not None
    assert rules.cards_in(3, 2) == 5 and rules.dealer(3, 2) == 0


def test_the_bid_record_counts_bids_met_and_only_their_bonuses():
    from scorepad.core.rounds import bid_record

    rule = SKULL_KING.bids
    assert rule is not None
    players = [
        PlayerSheet("Ana", {"bid": [1, 0, 2], "tricks": [1, 1, 2], "bonus": [10, 20, None]}),
        PlayerSheet("Ben", {"bid": [0, 1, 0], "tricks": [0, 1, 1], "bonus": [None, None, 30]}),
    ]
    scored = score(SKULL_KING, None, players)
    ana, ben = (bid_record(rule, p.readings, (1, 2, 3)) for p in scored.players)
    assert (ana.made, ana.played, ana.bid_points, ana.bonus) == (2, 3, 40, 10)  # 20 − 20 + 40
    assert (ben.made, ben.played, ben.bid_points, ben.bonus) == (2, 3, 0, 0)  # 10 + 20 − 30
    assert ana.bid_points + ana.bonus == scored.players[0].total
    assert rule.bonus_lost(0, 1, 20) and not rule.bonus_lost(1, 1, 20)
    assert not rule.bonus_lost(1, None, 20) and not rule.bonus_lost(1, 2, 0)


def test_a_target_game_names_the_first_round_that_met_it_even_if_play_went_on():
    players = [
        PlayerSheet("Ana", {"points": [150, 60, 10]}),
        PlayerSheet("Ben", {"points": [100, 100, 50]}),
        PlayerSheet("Cleo", {"points": [0, 0, 0]}),
    ]
    scored = score(FLIP_7, None, players)
    assert scored.ended is not None
    assert (scored.ended.ended_round, scored.ended.ended_by) == (2, ("Ana", "Ben"))
    assert scored.round_note("en") == "Ana and Ben reached 200 in round 2."
    assert [p.total for p in scored.players] == [220, 250, 0]
    assert scored.winners == ("Ben",)


FALL = {
    "id": "down-and-out",
    "name": {"en": "Down and out"},
    "players": {"min": 2, "max": 4},
    "rounds": {},
    "ends": {"fall_to": -10},
    "lines": [{"key": "change", "kind": "points", "per_round": True, "label": {"en": "Change"}}],
}


def test_a_limit_game_ends_when_someone_falls_to_it():
    game = load_template(json.dumps(FALL), "down.json")
    players = [PlayerSheet("Ana", {"change": [-3, -2]}), PlayerSheet("Ben", {"change": [-1, 4]})]
    scored = score(game, None, players)
    assert not scored.finished
    assert scored.round_note("en") == "Unfinished: no one has fallen to -10 yet."
    players = [PlayerSheet("Ana", {"change": [-6, -5]}), PlayerSheet("Ben", {"change": [-1, 4]})]
    scored = score(game, None, players)
    assert scored.finished and scored.ended is not None
    assert (scored.ended.ended_round, scored.ended.ended_by) == (2, ("Ana",))
    assert scored.round_note("en") == "Ana fell to -10 in round 2."
    assert scored.winners == ("Ben",)


def test_an_open_game_without_an_ending_is_finished_whenever_the_table_stops():
    data = dict(FALL)
    data.pop("ends")
    game = load_template(json.dumps(data), "open.json")
    scored = score(game, None, [PlayerSheet("Ana", {"change": [1]}), PlayerSheet("Ben")])
    assert scored.finished and scored.round_note("en") is None
    assert scored.to_json()["rounds"] == [[1, 0]]


def test_more_rounds_than_the_player_count_allows_are_refused():
    players = [PlayerSheet(n, {"bid": [0] * 16, "tricks": [0] * 16}) for n in "ABCD"]
    with pytest.raises(SheetError) as problem:
        score(WIZARD, None, players)
    assert problem.value.message("en") == (
        '16 rounds on the sheet, but "wizard" has 15 rounds with 4 players'
    )


@given(
    st.lists(
        st.lists(st.integers(min_value=0, max_value=10**6), min_size=5, max_size=5),
        min_size=3,
        max_size=8,
    )
)
def test_running_totals_are_the_sums_of_the_rounds_so_far(points):
    players = [PlayerSheet(f"P{i}", {"points": p}) for i, p in enumerate(points)]
    scored = score(FLIP_7, None, players)
    for player, given_points in zip(scored.players, points, strict=True):
        assert player.total == sum(given_points)
        assert list(player.rounds) == [sum(given_points[: r + 1]) for r in range(5)]
    data = scored.to_json()
    assert data["rounds"] == [[sum(p[: r + 1]) for p in points] for r in range(5)]


@given(st.lists(st.integers(min_value=0, max_value=10**4), min_size=1, max_size=20))
def test_a_round_typed_as_a_sum_counts_the_same(points):
    as_sums = [f"{p // 2} + {p - p // 2}" for p in points]
    others = [PlayerSheet("B"), PlayerSheet("C")]
    plain = score(FLIP_7, None, [PlayerSheet("A", {"points": points}), *others])
    summed = score(FLIP_7, None, [PlayerSheet("A", {"points": as_sums}), *others])
    assert summed.players[0].rounds == plain.players[0].rounds
    assert summed.players[0].entries["points"] == tuple(points)
