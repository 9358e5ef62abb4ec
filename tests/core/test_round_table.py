"""A round game's sheet of small whole counts read line by line across the table, their
points looked up in each line's table and its per-round awards handed out with it
(``roundtable.table_rounds``), against the entry-by-entry reading it falls back to: the
same results, and every refusal kept."""

from __future__ import annotations

import json
from decimal import Decimal
from itertools import accumulate

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.core import (
    ExtraLine,
    PlayerSheet,
    SheetError,
    builtin_games,
    load_template,
    score,
)
from scorepad.core.numbers import LIMIT, TOTAL_LIMIT
from scorepad.core.rounds import FEW_ENTRIES
from scorepad.core.roundtable import table_rounds
from scorepad.core.template import TABLE_SIZE

from .test_round_fast_path import _result

SUSHI = load_template(
    {k: v for k, v in builtin_games()["sushi-go"].source.items() if k != "checks"}, "sushi-go"
)
"""Sushi Go! without its checks of the deck (counts past a hand are read here, as the table
path reads them; the checks: test_table_checks.py, bad_sheets.json)."""
# every kind of line the table path takes, one not counted, one with a max; "end" filled
# in once, at the end of the game
PER_ROUND = [
    {"key": "pairs", "kind": "count", "per": 5, "every": 2, "max": 9},
    {"key": "kinds", "kind": "tally", "values": [0, 1, 3, 6]},
    {"key": "ornaments", "kind": "table", "values": [0, 2, 5, 9]},
    {"key": "bad", "kind": "penalty"},
    {"key": "seen", "kind": "tally", "values": [0, 4], "counts": False},
    {"key": "p", "kind": "points", "min": -5, "max": 30},
    {"key": "most", "kind": "award", "places": [4, 2], "zero_counts": False},
]
MIXED = load_template(
    json.dumps(
        {
            "id": "mixed",
            "name": {"en": "Mixed"},
            "players": {"min": 2, "max": 6},
            "rounds": {"count": 4},
            "lines": [
                *({**line, "per_round": True, "label": {"en": line["key"]}} for line in PER_ROUND),
                {"key": "end", "kind": "count", "per": 2, "label": {"en": "end"}},
            ],
            "tiebreakers": [{"label": {"en": "kinds"}, "prefer": "more", "terms": {"kinds": 1}}],
        }
    ),
    "mixed.json",
)


def _as_text(lines: dict[str, object]) -> dict[str, object]:
    """The same entries typed as text, which the table path never takes."""
    return {
        key: [str(v) for v in value] if isinstance(value, list) else value
        for key, value in lines.items()
    }


@st.composite
def sushi_tables(draw):
    rounds = draw(st.integers(min_value=1, max_value=3))
    players = draw(st.integers(min_value=2, max_value=5))
    table = []
    for n in range(players):
        lines: dict[str, object] = {
            key: draw(st.lists(st.integers(0, 12), min_size=rounds, max_size=rounds))
            for key in ("maki", "tempura", "sashimi", "dumplings", "nigiri")
        }
        lines["pudding"] = draw(st.integers(0, 6))
        table.append((f"P{n}", lines))
    return table


@settings(max_examples=60, deadline=None)
@given(sushi_tables())
def test_sushi_go_counts_score_as_the_same_counts_typed_as_text(table):
    looked_up = score(SUSHI, None, [PlayerSheet(n, lines) for n, lines in table])
    read = score(SUSHI, None, [PlayerSheet(n, _as_text(lines)) for n, lines in table])
    whole = table_rounds(SUSHI.round_plan(None), [lines for _, lines in table])
    assert whole is not None
    assert whole.awarded is not None  # the maki handed out with the table
    assert _result(looked_up) == _result(read)


def test_a_line_table_says_what_reading_each_count_says():
    tempura, dumplings = SUSHI.line("tempura"), SUSHI.line("dumplings")
    assert tempura.whole_table() == tuple(5 * (n // 2) for n in range(TABLE_SIZE))
    assert dumplings.whole_table()[:7] == (0, 1, 3, 6, 10, 15, 15)
    assert MIXED.line("pairs").whole_table() == (0, 0, 5, 5, 10, 10, 15, 15, 20, 20)
    assert MIXED.line("ornaments").whole_table() == (0, 2, 5, 9)
    assert SUSHI.line("nigiri").whole_table() is not None  # read as entered: no table used
    assert builtin_games()["glass-road"].line("glass_left").whole_table() is None  # with a rate


def test_the_table_path_takes_every_kind_it_knows_and_scores_as_entry_by_entry():
    ana = {"pairs": [3, 9, 0, 2], "kinds": [1, 5, 2, 0], "ornaments": [3, 0, 1, 2]}
    ana |= {"bad": [1, 0, 7, 0], "seen": [0, 3, 1, 0], "p": [-5, 30, 0, 2], "most": [2, 0, 1, 1]}
    ben = {key: [1, 1, 1, 1] for key in ana} | {"end": 3}
    cleo = {key: [0, 0, 0, 0] for key in ana} | {"most": [2, 1, 0, 1]}
    table = [("Ana", ana), ("Ben", ben), ("Cleo", cleo)]
    assert table_rounds(MIXED.round_plan(None), [lines for _, lines in table]) is not None
    looked_up = score(MIXED, None, [PlayerSheet(n, lines) for n, lines in table])
    read = score(MIXED, None, [PlayerSheet(n, _as_text(lines)) for n, lines in table])
    assert _result(looked_up) == _result(read)
    assert looked_up.players[0].lines["pairs"] == 5 + 20 + 0 + 5  # 5 per pair
    assert looked_up.players[0].lines["kinds"] == 1 + 6 + 3 + 0  # 5 kinds: the last value
    assert looked_up.players[0].lines["ornaments"] == 9 + 0 + 2 + 5
    assert "seen" not in looked_up.players[0].lines  # not counted
    # Ben: no pair, kinds 4 × 1, ornaments 4 × 2, −4 bad, p 4; most: nothing in round 1
    # (Ana and Cleo share first, 4 split, and use up second place), then first shared
    # with Cleo (Ana's 0 is out: 2), with Ana (2), by all three (4 // 3 = 1); end 3 × 2
    assert looked_up.players[1].lines["most"] == 0 + 2 + 2 + 1
    assert looked_up.players[1].total == 0 + 4 + 8 - 4 + 4 + 5 + 6


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        (10, "10 is above the maximum, 9"),  # past the line's max: past its table too
        (-1, "-1 is below the minimum, 0"),
        (True, "true is not a number"),
        (1.5, "1.5 is not a whole number"),
        ("x", "is not a number"),
    ],
)
def test_a_count_the_table_path_cannot_take_is_refused_naming_its_round(entry, problem):
    players = [
        PlayerSheet("Ana", {"pairs": [1, 2, 3, 4]}),
        PlayerSheet("Ben", {"pairs": [1, 2, entry, 4]}),
    ]
    with pytest.raises(SheetError) as refused:
        score(MIXED, None, players)
    message = refused.value.message("en")
    assert message.startswith('Ben, line "pairs" (pairs), round 3: '), message
    assert problem in message


def test_a_count_past_the_table_is_read_as_the_line_reads_it():
    big = TABLE_SIZE + 5
    players = [
        PlayerSheet("Ana", {"tempura": [big, 0, 0], "dumplings": [big, 1, 0]}),
        PlayerSheet("Ben", {"tempura": [0, 0, 0], "dumplings": [0, 0, 0]}),
    ]
    scored = score(SUSHI, None, players)
    assert scored.players[0].lines["tempura"] == 5 * (big // 2)
    assert scored.players[0].lines["dumplings"] == 15 + 1


def test_lists_of_different_lengths_are_refused_as_before():
    players = [
        PlayerSheet("Ana", {"tempura": [1, 2, 3]}),
        PlayerSheet("Ben", {"tempura": [1, 2]}),
    ]
    with pytest.raises(SheetError) as refused:
        score(SUSHI, None, players)
    assert 'Ben, line "tempura": 2 rounds, where the sheet has 3' in refused.value.message("en")
    with pytest.raises(SheetError) as refused:
        score(SUSHI, None, [PlayerSheet(n, {"tempura": [1, 2, 3, 4]}) for n in "AB"])
    assert refused.value.message("en") == (
        '4 rounds on the sheet, but "sushi-go" has 3 rounds with 2 players'
    )


def _round_game(game_id: str, rounds: dict[str, int], lines: list[dict[str, object]], **more):
    data = {
        "id": game_id,
        "name": {"en": game_id},
        "players": {"min": 2, "max": 4},
        "rounds": rounds,
        "lines": [{"label": {"en": line["key"]}, **line} for line in lines],
        **more,
    }
    return load_template(json.dumps(data), f"{game_id}.json")


def _both_ways(game, table, extra=()):
    """The sheet scored as whole numbers (the table path) and as text (entry by entry):
    each a ScoredSheet's result, or the refusal's message."""
    found = []
    for lines_of in (lambda lines: lines, _as_text):
        players = [PlayerSheet(n, lines_of(lines), tuple(extra)) for n, lines in table]
        try:
            found.append(_result(score(game, None, players)))
        except SheetError as refused:
            found.append(refused.message("en"))
    return found


# the most points, and the fewest, each round; the tie goes to the most rounds won
WON = _round_game(
    "won",
    {"count": 4},
    [
        {"key": "p", "kind": "points", "min": 0, "max": 30, "per_round": True},
        {"key": "most", "kind": "award", "places": [5], "fewest": [-5], "per_round": True},
    ],
    tiebreakers=[{"label": {"en": "rounds won"}, "prefer": "more", "rounds_won": True}],
)


def test_rounds_won_are_counted_on_the_rounds_before_their_awards_as_before():
    # Ana scores more each round, Ben has the most each round: the awards make them level
    # (Ana 4 × 10 − 4 × 5, Ben 4 × 5), yet every round, on its points, is Ana's
    ana = {"p": [10, 10, 10, 10], "most": [0, 0, 0, 0]}
    ben = {"p": [0, 0, 0, 0], "most": [1, 1, 1, 1]}
    table = [("Ana", ana), ("Ben", ben)]
    whole = table_rounds(WON.round_plan(None), [ana, ben], hand_out=False)
    assert whole is not None
    assert whole.awarded is None  # left to ``apply_rules``
    by_table, by_entry = _both_ways(WON, table)
    assert by_table == by_entry
    scored = score(WON, None, [PlayerSheet(n, lines) for n, lines in table])
    assert [p.total for p in scored.players] == [20, 20]
    assert [p.tiebreak for p in scored.players] == [(4,), (0,)]  # rounds won before awards
    assert scored.winners == ("Ana",)
    assert [p.rounds for p in scored.players] == [(5, 10, 15, 20), (5, 10, 15, 20)]


# open-ended, a round worth up to LIMIT: 1000 rounds of it reach TOTAL_LIMIT
OPEN = _round_game(
    "open",
    {},
    [
        {"key": "p", "kind": "points", "min": 0, "per_round": True},
        {"key": "least", "kind": "award", "places": [0], "fewest": [-5], "per_round": True},
    ],
)


@pytest.mark.parametrize(
    ("bonus", "refused"),
    [
        (1, True),  # over the limit before the awards: refused, though they bring it under
        (-1, False),  # under it: the awards take 5 a round away
    ],
)
def test_a_total_is_checked_against_the_limit_before_and_after_its_awards(bonus, refused):
    rounds = 1000
    ana = {"p": [LIMIT] * rounds, "least": [0] * rounds}  # the fewest every round: −5
    ben = {"p": [0] * rounds, "least": [1] * rounds}
    whole = table_rounds(OPEN.round_plan(None), [ana, ben])
    assert whole is not None and whole.awarded == [-5 * rounds, 0]
    table = [("Ana", ana), ("Ben", ben)]
    by_table, by_entry = _both_ways(OPEN, table, [ExtraLine("bonus", bonus)])
    assert by_table == by_entry
    if refused:
        assert by_table == (
            f"Ana: the points add up beyond ±{TOTAL_LIMIT}, more than any sheet holds"
        )
    else:
        assert by_table[1][0][2] == TOTAL_LIMIT + bonus - 5 * rounds  # Ana's total


def test_per_round_awards_of_whole_and_of_half_points_leave_the_table_path():
    game = _round_game(
        "halves",
        {"count": 2},
        [
            {"key": "a", "kind": "award", "places": [2], "per_round": True},
            {"key": "b", "kind": "award", "places": [1.5], "per_round": True},
        ],
    )
    table = [("Ana", {"a": [1, 0], "b": [0, 2]}), ("Ben", {"a": [0, 1], "b": [1, 1]})]
    assert table_rounds(game.round_plan(None), [lines for _, lines in table]) is None
    by_table, by_entry = _both_ways(game, table)
    assert by_table == by_entry
    assert by_table[1][0][2] == Decimal("3.5")  # Ana: 2 + 1.5


def _sushi_table(pudding: dict[str, object]) -> list[tuple[str, dict[str, object]]]:
    """Three players' rounds of nothing but their puddings."""
    empty = {key: [0, 0, 0] for key in ("maki", "tempura", "sashimi", "dumplings", "nigiri")}
    return [(name, {**empty, "pudding": count}) for name, count in pudding.items()]


def test_puddings_handed_out_first_leave_every_refusal_in_its_turn():
    # Ben's puddings are refused in his turn: after Ana's by-hand line, which comes first
    table = _sushi_table({"Ana": 1, "Ben": -1, "Cleo": 2})
    ana_first = _both_ways(SUSHI, table, [ExtraLine(" ", 3)])
    assert ana_first[0] == ana_first[1] == "Ana, by-hand line 1: a by-hand line needs a label"
    ben = _both_ways(SUSHI, table)
    assert ben[0] == ben[1]
    assert ben[0].startswith('Ben, line "pudding" (Pudding cards (end of game)): ')


def test_puddings_handed_out_first_count_in_the_totals_checked_against_the_limit():
    # every total on the limit before the puddings (a thousand by-hand lines of LIMIT):
    # Cleo's most puddings take hers past it
    table = _sushi_table({"Ana": 0, "Ben": 1, "Cleo": 2})
    extra = [ExtraLine("bonus", LIMIT)] * (TOTAL_LIMIT // LIMIT)
    by_table, by_entry = _both_ways(SUSHI, table, extra)
    assert by_table == by_entry
    assert by_table == f"Cleo: the points add up beyond ±{TOTAL_LIMIT}, more than any sheet holds"
    # 1 past it: Ana is refused first, though her fewest puddings would bring her under
    by_table, by_entry = _both_ways(SUSHI, table, [*extra, ExtraLine("bonus", 1)])
    assert by_table == by_entry
    assert by_table.startswith("Ana: the points add up beyond")
    # 3 short of it: Ben and Cleo share the 6 for the most, up to the limit itself
    extra[-1] = ExtraLine("bonus", LIMIT - 3)
    table = _sushi_table({"Ana": 0, "Ben": 1, "Cleo": 1})
    by_table, by_entry = _both_ways(SUSHI, table, extra)
    assert by_table == by_entry
    assert [player[2] for player in by_table[1]] == [TOTAL_LIMIT - 9, TOTAL_LIMIT, TOTAL_LIMIT]


def test_a_target_met_before_an_award_per_round_takes_points_away_ends_the_game_then():
    # Ana reaches 10 in round 1; the fewest in round 2 costs her 20 (12, −8, 15): the
    # game ended in round 1, whether her lists are numbers or text
    game = _round_game(
        "target",
        {},
        [
            {"key": "p", "kind": "points", "min": 0, "per_round": True},
            {"key": "a", "kind": "award", "places": [0], "fewest": [-20], "per_round": True},
        ],
        ends={"reach": 10},
    )
    table = [("Ana", {"p": [12, 0, 23], "a": [1, 0, 1]}), ("Ben", {"p": [0, 0, 0], "a": [0, 1, 0]})]
    by_table, by_entry = _both_ways(game, table)
    assert by_table == by_entry
    scored = score(game, None, [PlayerSheet(n, lines) for n, lines in table])
    assert scored.players[0].rounds == (12, -8, 15)
    assert (scored.ended.ended_round, scored.ended.ended_by) == (1, ("Ana",))


FLIP = builtin_games()["flip-7"]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.lists(st.integers(min_value=0, max_value=90), min_size=6, max_size=6),
        min_size=3,
        max_size=8,
    )
)
def test_the_running_totals_worked_out_with_the_check_are_each_rounds_sums(points):
    """Flip 7's one line that counts, its entries as they are: the running totals come
    with the check of the whole table (3 to 8 players, 6 rounds: on either side of
    ``FEW_ENTRIES``) and are those of the rounds' points; with a second line that
    counts (``MIXED``) they are left to be worked out from the rounds."""
    whole = table_rounds(FLIP.round_plan(None), [{"points": row} for row in points])
    assert whole is not None
    assert whole.rounds == [tuple(row) for row in points]
    expected = [tuple(accumulate(row)) for row in points]
    if len(points) * 6 > FEW_ENTRIES:
        assert whole.running == expected
    else:  # a small table's lists are only summed
        assert whole.running is None
    names = [f"P{n}" for n in range(len(points))]
    sheet = score(
        FLIP, None, [PlayerSheet(n, {"points": row}) for n, row in zip(names, points, strict=True)]
    )
    assert [p.rounds for p in sheet.players] == expected
    assert [p.total for p in sheet.players] == [sum(row) for row in points]


def test_a_second_line_that_counts_leaves_the_running_totals_to_the_rounds():
    lines = {
        "pairs": [2, 0, 4, 1],
        "kinds": [1, 2, 0, 3],
        "ornaments": [0, 1, 2, 3],
        "bad": [0, 1, 0, 2],
        "seen": [1, 0, 1, 0],
        "p": [5, -3, 0, 12],
        "most": [1, 2, 0, 1],
    }
    whole = table_rounds(MIXED.round_plan(None), [lines] * 12)  # 48 entries a line
    assert whole is not None
    assert whole.running is None
