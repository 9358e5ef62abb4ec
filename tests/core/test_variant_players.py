"""A variant with player bounds of its own (Concordia's maps: Imperium for 3 to 5 players,
Italia for 2 to 4, of the game's 2 to 5): a sheet of another count is refused, naming the
variant, by ``score`` and among every problem of the sheet; the file's bounds are checked."""

from __future__ import annotations

import pytest

from scorepad.core import load_template
from scorepad.core.catalogue import GAMES_FOLDER
from scorepad.core.errors import SheetError, TemplateError
from scorepad.core.problems import problems
from scorepad.core.scoring import PlayerSheet, score

CONCORDIA = load_template((GAMES_FOLDER / "concordia.json").read_text(), "concordia.json")


def table(count: int) -> list[PlayerSheet]:
    return [PlayerSheet(name) for name in ["Ana", "Ben", "Cy", "Di", "Ed"][:count]]


@pytest.mark.parametrize(
    ("variant", "count", "board"), [("italia", 5, "Italia"), ("imperium", 2, "Imperium")]
)
def test_a_map_refuses_a_count_it_is_not_for(variant, count, board):
    with pytest.raises(SheetError) as refused:
        score(CONCORDIA, variant, table(count))
    assert refused.value.key == "sheet.variant_player_count"
    assert board in str(refused.value) and str(count) in str(refused.value)
    found = problems(CONCORDIA, variant, table(count))
    assert [p.error.key for p in found] == ["sheet.variant_player_count"]


@pytest.mark.parametrize(
    ("variant", "count"), [("italia", 2), ("italia", 4), ("imperium", 3), ("imperium", 5)]
)
def test_a_map_takes_the_counts_it_is_for(variant, count):
    assert len(score(CONCORDIA, variant, table(count)).players) == count


def game(players: object) -> dict[str, object]:
    return {
        "id": "maps",
        "name": {"en": "Maps"},
        "players": {"min": 2, "max": 5},
        "variants": [{"id": "small", "label": {"en": "Small map"}, "players": players}],
        "lines": [{"key": "points", "kind": "points", "label": {"en": "Points"}}],
    }


@pytest.mark.parametrize(
    ("players", "words"),
    [
        ({"min": 1, "max": 4}, "within the game's 2 to 5"),
        ({"min": 2, "max": 6}, "within the game's 2 to 5"),
        ({"min": 4, "max": 3}, "the minimum 4 is above the maximum 3"),
        ({"min": 2}, '"max"'),
    ],
)
def test_a_variants_players_are_checked_with_the_file(players, words):
    with pytest.raises(TemplateError) as refused:
        load_template(game(players), "maps.json")
    assert "variants[0].players" in str(refused.value) and words in str(refused.value)
