"""The Stained Glass of Sintra palace (scorepad.core.boards.sintra): side B's completed
windows and pieces of the chosen colour, read from the frame spaces; a bottom piece
without a top piece is refused, as the rulebook fills the top frame space first."""

from __future__ import annotations

import pytest

from scorepad.core import PlayerSheet, builtin_games, score
from scorepad.core.boards.sintra import Palace
from scorepad.core.errors import EntryError

EMPTY = [".."] * 8


def test_the_line_is_the_side_b_sheets_windows():
    game = builtin_games()["azul-sintra"]
    keys = {line.key for line in game.lines_for("B")} - {line.key for line in game.lines_for("A")}
    assert set(Palace.read(EMPTY).lines()) == keys


def test_the_rulebooks_example_4_completed_windows_and_5_orange_pieces_score_20():
    # as Amanda's: 4 completed windows, 5 orange pieces (the colour she counts)
    palace = Palace.read(["CC", "XC", "XX", "CX", "C.", "X.", "X.", ".."])
    assert palace.completed_windows() == 4
    assert palace.chosen_pieces() == 5
    assert palace.pieces() == 11
    assert palace.lines() == {"windows": [4, 5]}
    game = builtin_games()["azul-sintra"]
    scored = score(game, "B", [PlayerSheet("Amanda", palace.lines()), PlayerSheet("Ben")])
    assert scored.players[0].readings["windows"].points == 20


def test_an_empty_palace_and_a_full_one():
    assert Palace.read(EMPTY).lines() == {"windows": [0, 0]}
    assert Palace.read(["CC"] * 8).lines() == {"windows": [8, 16]}
    assert Palace.read(["xc"] * 8).lines() == {"windows": [8, 8]}  # letters in any case


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ([".."] * 7, "is not a palace: 8 windows"),
        (["X", *[".."] * 7], 'window 1, "X", is not two characters'),
        (["X.", "XO", *[".."] * 6], 'window 2, space 2: "O" is not'),
        ([".X", *[".."] * 7], "window 1: a piece in the bottom frame space needs one"),
        ("XX", "is not a palace"),
    ],
)
def test_a_bad_palace_is_refused(raw, message):
    with pytest.raises(EntryError) as refused:
        Palace.read(raw)
    assert message in str(refused.value)
