"""The fast path of round scoring (a table of plain whole numbers read at once) against
the entry-by-entry reading it falls back to: the same results, and every refusal kept."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.core import PlayerSheet, SheetError, builtin_games, load_template, score

FLIP_7 = builtin_games()["flip-7"]


def _game(game_id: str, ends: dict[str, int], lines: list[dict[str, object]]):
    data = {
        "id": game_id,
        "name": {"en": game_id},
        "players": {"min": 2, "max": 6},
        "rounds": {},
        "ends": ends,
        "lines": [{"per_round": True, "label": {"en": line["key"]}, **line} for line in lines],
    }
    return load_template(json.dumps(data), f"{game_id}.json")


# one line that counts, with lines that do not: the whole table read at once
ONE = _game(
    "one",
    {"reach": 60},
    [
        {"key": "c", "kind": "count", "max": 6, "counts": False},
        {"key": "p", "kind": "points", "min": -5, "max": 30},
        {"key": "h", "kind": "points", "halves": True, "counts": False},
    ],
)
# two lines that count, one of them a penalty: each list read at once on its own
TWO = _game(
    "two",
    {"fall_to": -20},
    [{"key": "p", "kind": "points", "min": -5, "max": 30}, {"key": "pen", "kind": "penalty"}],
)
BOUNDS = {"c": (0, 6), "p": (-5, 30), "h": (-9, 9), "pen": (0, 9)}


def _as_text(lines: dict[str, list[int]]) -> dict[str, list[object]]:
    """The same entries typed as text, which the fast path never takes."""
    return {key: [str(value) for value in values] for key, values in lines.items()}


def _result(sheet):
    return (
        sheet.to_json(),
        [(p.readings, p.rounds, p.total, p.rank, p.computed) for p in sheet.players],
        sheet.ended,
    )


@st.composite
def tables(draw, game):
    rounds = draw(st.integers(min_value=0, max_value=8))
    players = draw(st.integers(min_value=3, max_value=6))  # Flip 7: 3 or more
    table = []
    for n in range(players):
        lines = {}
        for line in game.lines:
            low, high = BOUNDS[line.key]
            values = st.integers(min_value=low, max_value=high)
            lines[line.key] = draw(st.lists(values, min_size=rounds, max_size=rounds))
        table.append((f"P{n}", lines))
    return table


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_plain_whole_numbers_score_as_the_same_numbers_typed_as_text(data):
    for game in (ONE, TWO, FLIP_7):
        if game is FLIP_7:
            table = data.draw(tables(ONE))
            table = [(name, {"points": [abs(v) for v in lines["p"]]}) for name, lines in table]
        else:
            table = data.draw(tables(game))
        fast = score(game, None, [PlayerSheet(n, lines) for n, lines in table])
        read = score(game, None, [PlayerSheet(n, _as_text(lines)) for n, lines in table])
        assert _result(fast) == _result(read)


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        (True, "true is not a number"),
        (-1, "-1 is below the minimum, 0"),
        (10**13, "is too large"),
        (1.5, "1.5 is not a whole number"),
        ("x", "is not a number"),
    ],
)
def test_an_entry_the_fast_path_cannot_take_is_refused_naming_its_round(entry, problem):
    players = [
        PlayerSheet("Ana", {"points": [5, 7, 9]}),
        PlayerSheet("Ben", {"points": [1, 2, entry]}),
        PlayerSheet("Cleo", {"points": [0, 0, 0]}),
    ]
    with pytest.raises(SheetError) as refused:
        score(FLIP_7, None, players)
    message = refused.value.message("en")
    assert message.startswith('Ben, line "points" (Points this round), round 3: ')
    assert problem in message


@pytest.mark.parametrize(
    "entries",
    [
        [4, None, 6],  # a blank round counts 0
        (4, 0, 6),  # a tuple rather than a list
        [4, Decimal(0), 6],  # an exact number that is whole
        [4, "0", 6],  # a number typed as text
    ],
)
def test_a_table_the_fast_path_cannot_take_whole_scores_the_same(entries):
    others = [PlayerSheet("Ben", {"points": [1, 2, 3]}), PlayerSheet("Cleo")]
    plain = score(FLIP_7, None, [PlayerSheet("Ana", {"points": [4, 0, 6]}), *others])
    other = score(FLIP_7, None, [PlayerSheet("Ana", {"points": entries}), *others])
    assert _result(other) == _result(plain)
    assert other.players[0].entries["points"] == (4, 0, 6)


def test_a_total_falling_and_rising_names_the_first_round_it_fell_to_the_target():
    # not steady: bisection would be wrong here, the rounds are looked at one by one
    players = [
        PlayerSheet("Ana", {"p": [-5, -5, 30, -5], "pen": [9, 9, 0, 0]}),
        PlayerSheet("Ben", {"p": [0, 0, 0, 0], "pen": [0, 0, 0, 0]}),
    ]
    scored = score(TWO, None, players)
    assert [p.rounds for p in scored.players] == [(-14, -28, 2, -3), (0, 0, 0, 0)]
    assert scored.ended is not None
    assert (scored.ended.ended_round, scored.ended.ended_by) == (2, ("Ana",))


def test_names_longer_together_than_one_name_may_be_are_fine():
    players = [PlayerSheet(f"Player number {n}", {"points": [n]}) for n in range(1, 9)]
    scored = score(FLIP_7, None, players)
    assert [p.name for p in scored.players] == [f"Player number {n}" for n in range(1, 9)]
    with pytest.raises(SheetError):
        score(FLIP_7, None, [*players[:7], PlayerSheet("player NUMBER 1", {"points": [1]})])


def test_a_plain_table_is_held_to_the_rounds_the_game_allows():
    data = {
        "id": "three",
        "name": {"en": "Three"},
        "players": {"min": 2, "max": 6},
        "rounds": {"count": 3},
        "lines": [
            {"key": "p", "kind": "points", "min": 0, "per_round": True, "label": {"en": "P"}}
        ],
    }
    game = load_template(json.dumps(data), "three.json")
    with pytest.raises(SheetError) as refused:
        score(game, None, [PlayerSheet(n, {"p": [1, 2, 3, 4]}) for n in "AB"])
    assert refused.value.message("en") == (
        '4 rounds on the sheet, but "three" has 3 rounds with 2 players'
    )
    with pytest.raises(SheetError) as refused:
        score(game, None, [PlayerSheet("A", {"p": [1, 2]}), PlayerSheet("B", {"p": [1, 2, 3]})])
    assert 'B, line "p": 3 rounds, where the sheet has 2' in refused.value.message("en")
    open_game = load_template(json.dumps({**data, "rounds": {}}), "open.json")
    with pytest.raises(SheetError) as refused:
        score(open_game, None, [PlayerSheet(n, {"p": [1] * 1001}) for n in "AB"])
    assert refused.value.message("en") == (
        "1001 rounds on the sheet: at most 1000 can be written down"
    )
    most = score(open_game, None, [PlayerSheet(n, {"p": [10**12] * 1000}) for n in "AB"])
    assert [p.total for p in most.players] == [10**15, 10**15]
