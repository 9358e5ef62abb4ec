"""A game saved without changes is the same game: every shipped game file, read into the
Custom games editor's form and written back out, loads to the same game, field for field
(its sets, bonuses, floor, awards, rounds, results and modules included)."""

from __future__ import annotations

import pytest

from scorepad.core import load_template
from scorepad.core.catalogue import GAMES_FOLDER
from scorepad.editor.form import GameForm

FILES = sorted(GAMES_FOLDER.rglob("*.json"))
"""Every shipped game file, in scorepad/games/ and any folder under it."""


def test_the_shipped_games_are_all_here():
    ids = {path.stem for path in FILES}
    assert {"7-wonders", "yahtzee", "azul-summer-pavilion", "sushi-go", "skull-king"} <= ids
    assert len(FILES) >= 14


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_game_saved_without_changes_is_the_same_game(path):
    text = path.read_text(encoding="utf-8")
    template = load_template(text, path.name, builtin=True)
    data, problems = GameForm.from_template(template, editing=False).definition()
    assert problems == {}
    again = load_template(data, "saved")
    assert again.source == template.source
    # the same game, not only the same text: its lines, rules and tie-breakers score alike
    assert [ln.describe("en") for ln in again.lines] == [ln.describe("en") for ln in template.lines]
    if template.rules is not None:
        assert again.rules is not None
        assert again.rules.describe("en") == template.rules.describe("en")
    assert again.tiebreakers == template.tiebreakers


@pytest.mark.parametrize("game", ["7-wonders", "yahtzee", "azul-summer-pavilion"])
def test_an_edited_game_keeps_its_rules_and_takes_the_next_version(game):
    """Opened to edit (not copied), the game is written back with its version raised by
    one and nothing else changed."""
    template = load_template((GAMES_FOLDER / f"{game}.json").read_text(), game, builtin=True)
    data, problems = GameForm.from_template(template).definition()
    assert problems == {}
    assert data == template.source | {"version": template.version + 1}


def test_a_deal_is_kept_with_the_rounds_and_goes_with_them():
    """The editor has no field for a round game's deal: it writes it back as read, and
    leaves it out once the game no longer has rounds (a deal needs them)."""
    path = GAMES_FOLDER / "skull-king.json"
    template = load_template(path.read_text(encoding="utf-8"), path.name, builtin=True)
    form = GameForm.from_template(template, editing=False)
    data, problems = form.definition()
    assert problems == {} and data["deal"] == template.source["deal"]
    again = load_template(data, "saved").rounds
    assert again is not None and again.cards_in(4, 3) == 4 and again.dealer_rotates
    form.rounds = ""
    for line in form.lines:
        line.per_round = False
    data, _ = form.definition()
    assert "deal" not in data and "rounds" not in data


def test_checks_between_players_and_rounds_and_a_race_are_kept_as_the_file_has_them():
    """The editor does not show checks, a race or a variant's players: it writes each back
    as it was read, every form of check included."""
    from tests.core.test_table_checks import DECK, TRICKS

    for data in (
        DECK,
        TRICKS,
        {
            **DECK,
            "variants": [
                {"id": "small", "label": {"en": "Small map"}, "players": {"min": 2, "max": 3}}
            ],
            "race": {"line": "tile", "reach": 10},
            "lines": [*DECK["lines"][:2], {**DECK["lines"][2], "points": 0, "counts": False}],
        },
    ):
        template = load_template(data, "kept.json")
        saved, problems = GameForm.from_template(template, editing=False).definition()
        assert problems == {}
        assert saved["checks"] == data["checks"]
        assert saved.get("race") == data.get("race")
        assert saved.get("variants") == data.get("variants")
        assert load_template(saved, "saved").source == template.source
