"""An Azul game tracked round by round (scorepad.core.boards.azul_track).

Worked examples from the seed description (docs/rules.md, Azul's reminders and "Boards")
and from the rulebook's wall-tiling rules, then a differential test: random
legal games (5–8 rounds, 2–4 players, both sides of the wall, fixed seeds) scored by the
core and by a second implementation of the rulebook's rules written here from its text,
round by round, tile by tile, and through a whole sheet file."""

from __future__ import annotations

import json
import random
from itertools import count, takewhile

import pytest

from scorepad.core.boards.azul_sheet import read_tile, tile_name
from scorepad.core.boards.azul_track import (
    FLOOR,
    Tile,
    TrackedRound,
    floor_cost,
    play,
    tile_points,
)
from scorepad.core.boards.azul_wall import PATTERN
from scorepad.core.errors import EntryError
from scorepad.core.sheetfile import read_sheet


def rounds(*given: tuple[list[str], int], side="coloured") -> list[TrackedRound]:
    return [TrackedRound(tuple(read_tile(t, side) for t in tiles), floor) for tiles, floor in given]


# --- worked examples --------------------------------------------------------------------


def test_seed_a_tile_with_two_to_its_left_and_one_above_scores_3_plus_2():
    # row 2 of the coloured wall is W B Y R K: W and B to the left of Y; R of row 1 above it
    game = play(rounds((["R1", "W2"], 0), (["B2"], 0), (["Y2"], 0)))
    ((tile, points),) = game.rounds[2].tiles
    assert tile == Tile(1, 2, "Y") and points == 3 + 2
    assert [r.gained for r in game.rounds] == [1 + 1, 2, 5]


def test_seed_first_player_marker_and_two_extra_tiles_cost_4():
    assert floor_cost(3) == -1 - 1 - 2 == -4
    game = play(rounds((["B1"], 0), (["Y1", "W2", "K3"], 0), ([], 3)))
    assert game.rounds[2].floor == -4 and game.rounds[2].score == game.rounds[1].score - 4


def test_floor_line_costs_the_printed_spaces():
    assert FLOOR == (-1, -1, -2, -2, -2, -3, -3)
    assert [floor_cost(n) for n in range(8)] == [0, -1, -2, -4, -6, -8, -11, -14]


def test_rulebook_a_tile_with_no_neighbour_scores_1():
    # "If there are no tiles directly adjacent (vertically or horizontally) to the newly
    # placed tile, gain 1 point"; diagonal tiles are not adjacent
    game = play(rounds((["B1"], 0), (["B2@2"], 0)))  # B of row 2 is in column 2: diagonal
    assert [r.gained for r in game.rounds] == [1, 1]


def test_rulebook_only_linked_runs_count_each_including_the_new_tile():
    # a horizontal run of 3 (the new tile included) and nothing vertical: 3, not 3 + 1
    game = play(rounds((["B1"], 0), (["Y1"], 0), (["R1"], 0)))
    assert [r.gained for r in game.rounds] == [1, 2, 3]
    # a gap breaks the run: B _ R then Y fills it: 3 across
    game = play(rounds((["B1"], 0), (["R1"], 0), (["Y1"], 0)))
    assert [r.gained for r in game.rounds] == [1, 1, 3]


def test_rulebook_tiles_are_scored_top_row_first_whatever_order_they_are_listed_in():
    # B1 first; then Y1 (row 1) and B2 (row 2, under Y1). Top first: Y1 scores 2 (B1 beside
    # it), then B2 scores 2 (Y1 above): 4. Bottom first would give 1 + 4 = 5.
    for listed in (["B2", "Y1"], ["Y1", "B2"]):
        game = play(rounds((["B1"], 0), (listed, 0)))
        assert [p for _, p in game.rounds[1].tiles] == [2, 2]
        assert game.rounds[1].gained == 4


def test_rulebook_the_score_never_drops_below_0():
    game = play(rounds((["B1"], 4), (["Y1"], 1)))
    assert [(r.gained, r.floor, r.score) for r in game.rounds] == [(1, -6, 0), (2, -1, 1)]


def test_rulebook_the_game_ends_in_the_round_a_row_is_complete():
    game = play(rounds((["B1"], 0), (["Y1"], 0), (["R1"], 0), (["K1"], 0), (["W1"], 0)))
    assert [r.completes_row for r in game.rounds] == [False] * 4 + [True]
    assert game.row_completed_in == 5
    assert [r.gained for r in game.rounds] == [1, 2, 3, 4, 5]
    assert game.marker == 15 and game.wall.lines() == {"rows": 1, "columns": 0, "colours": 0}


def test_grey_side_tiles_go_where_the_player_puts_them():
    game = play(rounds((["Y1@1", "B2@1"], 0), (["B1@2"], 0), side="grey"), "grey")
    assert game.wall.rows[:2] == ("YB...", "B....")
    assert [r.gained for r in game.rounds] == [1 + 2, 2 + 0 + 0]


@pytest.mark.parametrize(
    ("given", "side", "message"),
    [
        ([(["B1", "Y1"], 0)], "coloured", "round 1: two tiles in row 1"),
        ([(["B1"], 0), (["B1"], 0)], "coloured", "round 2: row 1, column 1 already holds a tile"),
        ([(["B1@3"], 0)], "coloured", "round 1: row 1, column 3: on the coloured side"),
        ([(["B1@1"], 0), (["B1@2"], 0)], "grey", "round 2: row 1, column 2: a second B"),
        ([(["B1@1"], 0), (["B2@1"], 0)], "grey", "round 2: row 2, column 1: a second B in"),
    ],
)
def test_moves_the_rules_do_not_allow_are_refused(given, side, message):
    with pytest.raises(EntryError) as refused:
        play(rounds(*given, side=side), side)
    assert str(refused.value).startswith(message)


def test_a_floor_line_past_its_7_spaces_is_refused():
    with pytest.raises(EntryError, match="round 1: 8 is not a number of floor-line spaces"):
        play([TrackedRound((), 8)])


def test_tile_names():
    assert read_tile("b1", "coloured") == Tile(0, 0, "B")
    assert read_tile(" K3 ", "coloured") == Tile(2, 0, "K")  # row 3: K W B Y R
    assert read_tile("K3@4", "grey") == Tile(2, 3, "K")
    assert tile_name(Tile(2, 0, "K"), "coloured") == "K3"
    assert tile_name(Tile(2, 3, "K"), "grey") == "K3@4"
    for bad in ("G1", "B6", "B0", "B1@6", "1B", "B", "", 3, None, ["B", 1], "B1@"):
        with pytest.raises(EntryError, match="is not a tile"):
            read_tile(bad, "coloured")
    with pytest.raises(EntryError, match="on the grey side a tile also says its column"):
        read_tile("B1", "grey")


# --- the differential test --------------------------------------------------------------
# A second reading of the rulebook, kept apart from the core: the wall as a set of
# occupied places, runs counted by walking out from the tile, the floor line as the
# printed penalties, the score clamped at 0 after the floor line.

PENALTIES = [1, 1, 2, 2, 2, 3, 3]


def reference_tile(occupied: set[tuple[int, int]], row: int, column: int) -> int:
    def run(dr: int, dc: int) -> int:
        return sum(
            1 for _ in takewhile(lambda k: (row + dr * k, column + dc * k) in occupied, count(1))
        )

    horizontal = 1 + run(0, -1) + run(0, 1)
    vertical = 1 + run(-1, 0) + run(1, 0)
    if horizontal == 1 and vertical == 1:
        return 1
    return (horizontal if horizontal > 1 else 0) + (vertical if vertical > 1 else 0)


def reference_game(tracked: list[list[tuple[int, int, str]]], floors: list[int]):
    """Per round: (points of each tile in row order, gained, floor cost, score after)."""
    occupied: set[tuple[int, int]] = set()
    score = 0
    out = []
    for tiles, floor in zip(tracked, floors, strict=True):
        points = []
        for row, column, _ in sorted(tiles):
            occupied.add((row, column))
            points.append(reference_tile(occupied, row, column))
        cost = -sum(PENALTIES[:floor])
        score = max(0, score + sum(points) + cost)
        out.append((points, sum(points), cost, score))
    return out, occupied


def reference_bonus(tiles: dict[tuple[int, int], str]) -> tuple[int, int, int]:
    rows = sum(all((r, c) in tiles for c in range(5)) for r in range(5))
    columns = sum(all((r, c) in tiles for r in range(5)) for c in range(5))
    colours = sum(list(tiles.values()).count(colour) == 5 for colour in "BYRKW")
    return rows, columns, colours


def random_game(rng: random.Random, players: int, length: int, side: str):
    """Legal tracked rounds for each player: one tile per row at most in a round, a tile
    only where the side allows it, no row complete before the last round, and in the last
    round a row completed by the first player (others may complete one too)."""
    games = []
    for seat in range(players):
        finisher_row = rng.randrange(5) if seat == 0 else None
        if side == "coloured":
            reserved_row = list(PATTERN[finisher_row]) if finisher_row is not None else None
        else:
            reserved_row = rng.sample("BYRKW", 5) if finisher_row is not None else None
        finisher_rounds = set(range(length - 5, length))  # five tiles, the last one last
        placed: dict[tuple[int, int], str] = {}
        order = list(range(5))
        rng.shuffle(order)
        rounds_played = []
        for number in range(length):
            tiles = []
            for row in range(5):
                if row == finisher_row:
                    if number in finisher_rounds:
                        column = next(c for c in order if (row, c) not in placed)
                        tiles.append((row, column, reserved_row[column]))
                        placed[(row, column)] = reserved_row[column]
                    continue
                if rng.random() < 0.45:
                    continue
                in_row = sum(1 for (r, _) in placed if r == row)
                if in_row == 4 and number < length - 1:
                    continue  # completing a row would end the game early
                choices = []
                for column in range(5):
                    if (row, column) in placed:
                        continue
                    for colour in "BYRKW":
                        if side == "coloured" and PATTERN[row][column] != colour:
                            continue
                        if any(placed.get((row, c)) == colour for c in range(5)):
                            continue
                        taken = [placed.get((r, column)) for r in range(5)]
                        if reserved_row is not None:
                            taken.append(reserved_row[column])
                        if colour in taken:
                            continue
                        choices.append((row, column, colour))
                if choices:
                    row, column, colour = rng.choice(choices)
                    tiles.append((row, column, colour))
                    placed[(row, column)] = colour
            floor = rng.choice([0, 0, 0, 1, 1, 2, 3, 4, 5, 6, 7])
            rounds_played.append((tiles, floor))
        games.append((rounds_played, placed))
    return games


def as_names(tiles, side, rng):
    names = []
    for row, column, colour in tiles:
        at_column = side == "grey" or rng.random() < 0.3
        names.append(f"{colour}{row + 1}" + (f"@{column + 1}" if at_column else ""))
    rng.shuffle(names)  # any order: scored top row first
    return names


@pytest.mark.parametrize("seed", range(40))
def test_random_legal_games_score_as_the_rulebook_says(seed):
    rng = random.Random(seed)
    side = "grey" if seed % 2 else "coloured"
    players = 2 + seed % 3
    length = rng.randint(5, 8)
    games = random_game(rng, players, length, side)
    sheet_players = []
    expected_totals = []
    for seat, (rounds_played, placed) in enumerate(games):
        tracked = [
            TrackedRound(tuple(Tile(*t) for t in tiles), floor) for tiles, floor in rounds_played
        ]
        ours = play(tracked, side)
        theirs, occupied = reference_game(
            [tiles for tiles, _ in rounds_played], [floor for _, floor in rounds_played]
        )
        assert occupied == set(placed)
        for number, (mine, ref) in enumerate(zip(ours.rounds, theirs, strict=True), 1):
            where = f"seed {seed}, player {seat + 1}, round {number}"
            assert [p for _, p in mine.tiles] == ref[0], where
            assert (mine.gained, mine.floor, mine.score) == ref[1:], where
            assert mine.completes_row == (number == length and (seat == 0 or mine.completes_row))
        assert ours.row_completed_in in (None, length) and (seat or ours.row_completed_in)
        rows, columns, colours = reference_bonus(placed)
        assert ours.wall.lines() == {"rows": rows, "columns": columns, "colours": colours}
        expected_totals.append(theirs[-1][3] + 2 * rows + 7 * columns + 10 * colours)
        track = [
            {"placed": as_names(tiles, side, rng), "floor": floor} for tiles, floor in rounds_played
        ]
        sheet_players.append({"name": f"P{seat + 1}", "side": side, "track": track})
    text = json.dumps({"game": "azul", "players": sheet_players})
    given = read_sheet(text, "random.json")
    scored = given.score()
    assert [p.total for p in scored.players] == expected_totals, seed
    assert [p.tiebreak[0] for p in scored.players] == [
        reference_bonus(placed)[0] for _, placed in games
    ]


def test_tile_points_on_a_plain_grid():
    # the core's own counting, on the flat 25-space list the bench also uses
    grid = list("BYRKWW....K..............")
    assert tile_points(grid, 0, 0) == 5 + 3
    assert tile_points(grid, 0, 4) == 5
    assert tile_points(grid, 2, 0) == 3
