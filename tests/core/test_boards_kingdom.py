"""The Kingdomino kingdom (scorepad.core.boards.kingdom) and its sheet (the kind
``"kingdom"``): properties scored as the rulebook's "End of the game" says (each
property's squares × its crowns, nothing without a crown, one landscape in several
properties scored apart), the two tie-breakers, the Middle Kingdom and Harmony, and the
kingdoms that cannot be. The rulebook's text has no worked example: the kingdoms below
are worked by hand, property by property, in their comments."""

from __future__ import annotations

import json

import pytest

from scorepad.core.boards.kinds import board_kinds
from scorepad.core.boards.kingdom import Kingdom
from scorepad.core.errors import EntryError, SheetError
from scorepad.core.sheetfile import read_sheet

FULL = [
    "W1 W  F  F1 F",
    "W  L  L2 F  G",
    "S  L  C  G  G1",
    "S1 M  M2 G  G",
    "S  M  W  W  W1",
]
"""Complete, the castle in the centre. Wheat (top left) 3 squares × 1 crown = 3; forest
4 × 1 = 4; lake 3 × 2 = 6; grassland 5 × 1 = 5; swamp 3 × 1 = 3; mine 3 × 2 = 6; wheat
(bottom) 3 × 1 = 3, apart from the other wheat: 30. Largest property 5 (the grassland),
9 crowns."""
SMALL = [
    ".  .  .  .  .",
    ".  F  F  .  .",
    ".  W  C  L1 L",
    ".  W  .  .  .",
    ".  .  .  .  .",
]
"""Three dominoes: the lake 2 × 1 = 2; the forest and the wheat have no crown: 0. Total 2,
largest property 2, 1 crown; the castle in the centre, not complete."""


def rows(text: list[str]) -> list[str]:
    return [" ".join(row.split()) for row in text]


def test_the_hand_worked_kingdom_scores_each_property_squares_times_crowns():
    kingdom = Kingdom.read(FULL)
    by_terrain = sorted(
        (p.terrain, len(p.squares), p.crowns, p.points) for p in kingdom.properties()
    )
    assert by_terrain == [
        ("F", 4, 1, 4),
        ("G", 5, 1, 5),
        ("L", 3, 2, 6),
        ("M", 3, 2, 6),
        ("S", 3, 1, 3),
        ("W", 3, 1, 3),
        ("W", 3, 1, 3),
    ]
    assert kingdom.lines() == {
        "properties": 30,
        "largest_property": 5,
        "crowns": 9,
        "middle_kingdom": True,
        "harmony": True,
    }
    assert kingdom.rows == tuple(rows(FULL))


def test_a_property_without_a_crown_scores_nothing_and_an_open_kingdom_has_no_harmony():
    kingdom = Kingdom.read(SMALL)
    assert kingdom.lines() == {
        "properties": 2,
        "largest_property": 2,
        "crowns": 1,
        "middle_kingdom": True,
        "harmony": False,
    }


def test_the_castle_off_centre_is_no_middle_kingdom():
    corner = Kingdom.read(["." + " ." * 4] * 4 + ["C W1 W . ."])
    assert corner.problems() == [] and not corner.middle()
    assert corner.lines()["properties"] == 2


def sheet(players: list[dict], modules: list[str] | None = None) -> str:
    data: dict[str, object] = {"game": "kingdomino", "players": players}
    if modules is not None:
        data["modules"] = modules
    return json.dumps(data)


def test_a_sheet_files_kingdom_fills_the_lines_and_the_bonuses_chosen():
    given = read_sheet(
        sheet(
            [{"name": "Ana", "kingdom": FULL}, {"name": "Ben", "kingdom": SMALL}],
            ["middle-kingdom", "harmony"],
        ),
        "k.json",
    )
    scored = given.score()
    totals = {p.name: p.total for p in scored.players}
    assert totals == {"Ana": 30 + 10 + 5, "Ben": 2 + 10}
    assert given.boards[0] is not None and given.boards[0].kept == {"kingdom": rows(FULL)}


def test_without_the_additional_rules_the_kingdom_fills_only_the_sheets_lines():
    given = read_sheet(sheet([{"name": "Ana", "kingdom": FULL}, {"name": "Ben"}]), "k.json")
    assert [p.total for p in given.score().players] == [30, 0]
    assert given.boards[0] is not None
    assert given.boards[0].filled == ("properties", "largest_property", "crowns")


def test_a_tie_goes_to_the_most_extended_property_then_the_most_crowns():
    # both 2 points: Ana's lake of 2 squares and 1 crown; Ben's lake of 1 square and 2
    # crowns beside a crownless forest of 5 squares (his most extended property)
    ben = [
        ".  .  .  .  .",
        ".  F  F  F  .",
        ".  F  C  L2 .",
        ".  F  .  .  .",
        ".  .  .  .  .",
    ]
    scored = read_sheet(
        sheet([{"name": "Ana", "kingdom": SMALL}, {"name": "Ben", "kingdom": ben}]), "k.json"
    ).score()
    assert [p.total for p in scored.players] == [2, 2]
    assert [p.name for p in scored.players if p.winner] == ["Ben"]  # 5 squares against 2


def test_a_typed_line_must_say_what_the_kingdom_gives():
    text = sheet([{"name": "Ana", "kingdom": FULL, "lines": {"properties": 31}}, {"name": "Ben"}])
    with pytest.raises(SheetError) as caught:
        read_sheet(text, "k.json")
    assert caught.value.message("en") == (
        'Ana, line "properties" (Properties): 31 is typed, but the kingdom gives 30'
    )
    same = sheet(
        [
            {
                "name": "Ana",
                "kingdom": FULL,
                "lines": {"properties": "3×1+4×1+3×2+5×1+3×1+3×2+3×1"},
            },
            {"name": "Ben"},
        ]
    )
    assert read_sheet(same, "k.json").score().players[0].total == 30


DUEL = [
    ".  .  .  .  .  .  .",
    ".  .  .  .  .  .  .",
    ".  .  .  .  .  .  .",
    ".  .  F1 C  W  W2 .",
    ".  .  F  .  .  .  .",
    ".  .  .  .  .  .  .",
    ".  .  .  .  .  .  .",
]
"""A Mighty Duel kingdom (7 × 7), two dominoes: forest 2 × 1 = 2, wheat 2 × 2 = 4."""


def test_the_mighty_duel_kingdom_is_seven_by_seven_for_two_players():
    kingdom = Kingdom.read(DUEL)
    assert kingdom.size == 7 and kingdom.score() == 6 and kingdom.middle()
    two = read_sheet(sheet([{"name": "Ana", "kingdom": DUEL}, {"name": "Ben"}]), "k.json")
    assert two.score().players[0].total == 6
    three = sheet([{"name": "Ana", "kingdom": DUEL}, {"name": "Ben"}, {"name": "Cy"}])
    with pytest.raises(SheetError) as caught:
        read_sheet(three, "k.json")
    assert caught.value.message("en") == (
        "a 7 × 7 kingdom is the Mighty Duel's, for 2 players; this sheet has 3"
    )


def test_every_problem_of_a_kingdom_is_named_at_once():
    bad = Kingdom.parse(
        [
            "C  .  .  .  W",
            ".  .  .  .  .",
            ".  .  C  .  .",
            ".  .  .  .  .",
            ".  .  .  .  .",
        ]
    )
    assert [p.key for p in bad.problems()] == ["board.kingdom_castles", "board.kingdom_dominoes"]
    apart = Kingdom.parse(
        [
            "W  W  .  .  .",
            ".  .  .  .  .",
            ".  .  C  F  F",
            ".  .  .  .  .",
            ".  .  .  .  .",
        ]
    )
    problems = apart.problems()
    assert [p.key for p in problems] == ["board.kingdom_apart"]
    assert problems[0].message("en").startswith("the square at row 1, column 1 is not joined")


def test_squares_side_by_side_in_pairs_are_not_always_dominoes():
    # four squares around the castle, none beside another: no domino can hold two of them
    cross = Kingdom.parse(
        [
            ".  .  .  .  .",
            ".  .  W  .  .",
            ".  W  C  W  .",
            ".  .  W  .  .",
            ".  .  .  .  .",
        ]
    )
    assert [p.key for p in cross.problems()] == ["board.kingdom_dominoes"]


@pytest.mark.parametrize(
    "raw",
    [
        ["W W W W W"] * 6,  # six rows
        "W W W W W",  # not a list
        ["W W W W W"] * 4 + ["W W W W"],  # a short row
        ["W W W W W"] * 4 + ["W W W W X"],  # no such terrain
        ["W W W W W"] * 4 + ["W W W W W12"],  # crowns are one digit
    ],
)
def test_a_kingdom_that_is_not_one_is_refused(raw):
    with pytest.raises(EntryError):
        Kingdom.parse(raw)


def test_the_kingdom_is_a_registered_kind_named_in_the_game_file():
    from scorepad.core import builtin_games

    assert builtin_games()["kingdomino"].board == "kingdom"
    kind = board_kinds()["kingdom"]
    assert kind.board({"kingdom": FULL}, None) == Kingdom.read(FULL)


def test_a_game_kept_before_game_files_named_their_board_takes_the_shipped_games():
    from scorepad.core import builtin_games, load_template
    from scorepad.core.boards.sheet_boards import board_name, kind_of

    shipped = builtin_games()["kingdomino"]
    old = load_template({k: v for k, v in shipped.source.items() if k != "board"}, "snapshot")
    assert old.board is None and board_name(old) == "kingdom"
    assert kind_of(old) is board_kinds()["kingdom"]
    mine = load_template({**old.source, "id": "my-kingdomino"}, "mine")
    assert board_name(mine) is None  # a game of one's own names its board, or has none


def test_a_game_file_naming_an_unknown_board_is_refused():
    from scorepad.core import builtin_games, load_template
    from scorepad.core.errors import TemplateError

    source = {**builtin_games()["kingdomino"].source, "board": "chessboard"}
    with pytest.raises(TemplateError) as refused:
        load_template(source, "game.json")
    assert refused.value.message("en").startswith('game.json: board: "chessboard" should be')


def test_the_kinds_come_in_the_order_of_their_modules_whatever_was_imported_first():
    """A message listing a sheet file's board fields reads the same in every program: a
    kind's module imported before the others (as a test or a command may) changes
    nothing."""
    import subprocess
    import sys

    program = (
        "import scorepad.core.boards.{first}\n"
        "from scorepad.core.boards.sheet_boards import board_fields\n"
        "print(' '.join(board_fields()))"
    )
    seen = {
        subprocess.run(
            [sys.executable, "-c", program.format(first=first)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for first in ("sintra_sheet", "pavilion_sheet", "kingdom_sheet", "azul_sheet", "kinds")
    }
    assert seen == {"wall side track kingdom pavilion star_colours palace\n"}
