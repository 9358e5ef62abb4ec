"""Hostile links and texts: a ``/new/<game>?players=`` link gets the checks and messages
of typed names and writes nothing invalid; a name typed too long says why; every text of a
custom game has a length limit."""

from __future__ import annotations

import json
import time
from urllib.parse import quote

import pytest
from ui_helpers import click, context, find, has, type_into

from scorepad.core import ScorepadError, load_template
from scorepad.core.loader import MAX_DESCRIPTION, MAX_HINT, MAX_REMINDER, MAX_SOURCE
from scorepad.core.plaintext import MAX_LABEL
from scorepad.ui.app import view_for
from scorepad.ui.newplay_model import NewPlayModel

LONG = "A" * 61


def drafts(tmp_path) -> list:
    return sorted((tmp_path / "drafts").glob("*.json"))


@pytest.mark.parametrize(
    ("players", "seat", "said"),
    [
        ("Ana\tB,Ben", 1, "contains a control character (U+0009)"),
        (f"Ana,{LONG}", 2, "has 61 characters; at most 60 are allowed"),
        ("Ana,Bob\x1b[31m", 2, "contains a control character (U+001B)"),
        ("Ana,ana", 2, "already playing"),
    ],
)
def test_a_link_with_a_name_the_app_refuses_opens_the_form_saying_why(
    tmp_path, players, seat, said
):
    ctx, routes = context(tmp_path)
    root = view_for(ctx, f"/new/azul?players={quote(players)}")  # no crash
    assert has(root, "start") and not has(root, "line-marker-1")
    error = find(root, f"player-{seat}").error
    assert error and said in error, error
    assert drafts(tmp_path) == [] and routes == []  # nothing written


def test_a_link_with_a_bad_location_writes_nothing(tmp_path):
    ctx, _ = context(tmp_path)
    bell = quote("Home\x07")
    root = view_for(ctx, f"/new/azul?players=Ana,Ben&location={bell}")
    assert "control character (U+0007)" in find(root, "location").error
    assert drafts(tmp_path) == []


def test_a_good_link_still_opens_the_sheet(tmp_path):
    ctx, _ = context(tmp_path)
    root = view_for(ctx, "/new/azul?players=Ana,Ben&location=Home")
    assert has(root, "line-marker-2") and len(drafts(tmp_path)) == 1


def test_a_link_marked_to_ask_opens_the_form_filled_in_and_starts_nothing(tmp_path):
    """A link another site sent (the guard marks it ``ask=1``): New play, filled in,
    saying so; Start starts it."""
    ctx, routes = context(tmp_path)
    root = view_for(ctx, "/new/azul?players=Mallory,Eve&location=Home&ask=1")
    assert has(root, "start") and not has(root, "line-marker-1")
    assert find(root, "player-1").value == "Mallory" and find(root, "location").value == "Home"
    assert "came from another web site" in find(root, "newplay-message").value
    assert drafts(tmp_path) == [] and routes == []
    click(root, "start")
    assert len(routes) == 1 and routes[0].startswith("/sheet/") and len(drafts(tmp_path)) == 1


def test_a_name_typed_too_long_says_why(tmp_path):
    ctx, routes = context(tmp_path)
    root = view_for(ctx, "/new/azul")
    type_into(root, "player-1", "Ana")
    type_into(root, "player-2", LONG)
    click(root, "start")
    assert routes == [] and drafts(tmp_path) == []
    assert "has 61 characters; at most 60 are allowed" in find(root, "player-2").error
    type_into(root, "player-2", "Ben\t")
    click(root, "start")
    assert "control character (U+0009)" in find(root, "player-2").error
    type_into(root, "player-2", "Ben")
    click(root, "start")
    assert len(routes) == 1 and routes[0].startswith("/sheet/")


def test_the_model_refuses_what_the_sheet_would():
    from scorepad.core import find_game

    template = find_game("azul")
    model = NewPlayModel.from_query(template, {"players": f"Ana,{LONG}"})
    assert model.from_link and set(model.problems()) == {1} and not model.ready()
    assert NewPlayModel(template, ["Ana", "Ben"]).ready()


# --- game texts ---------------------------------------------------------------------------
def game(**changes) -> dict:
    data = {
        "id": "pairs",
        "name": {"en": "Pairs"},
        "players": {"min": 2, "max": 4},
        "lines": [
            {"key": "pairs", "label": {"en": "Pairs"}, "kind": "points", "hint": {"en": "h"}}
        ],
    }
    data.update(changes)
    return data


def refused(data: dict) -> str:
    with pytest.raises(ScorepadError) as problem:
        load_template(json.dumps(data), "pairs.json")
    return problem.value.message("en")


def test_every_text_of_a_game_has_a_limit():
    line = game()["lines"][0]
    cases = {
        "name.en": game(name={"en": "N" * (MAX_LABEL + 1)}),
        "name.es": game(name={"en": "Pairs", "es": "N" * (MAX_LABEL + 1)}),
        "description.en": game(description={"en": "D" * (MAX_DESCRIPTION + 1)}),
        "reminders[0].en": game(reminders=[{"en": "R" * (MAX_REMINDER + 1)}]),
        "lines.pairs.label.en": game(lines=[{**line, "label": {"en": "L" * (MAX_LABEL + 1)}}]),
        "lines.pairs.hint.en": game(lines=[{**line, "hint": {"en": "H" * (MAX_HINT + 1)}}]),
        "variants[0].label.en": game(
            variants=[{"id": "a", "label": {"en": "V" * (MAX_LABEL + 1)}}]
        ),
        "source": game(source="S" * (MAX_SOURCE + 1)),
    }
    for path, data in cases.items():
        said = refused(data)
        assert said.startswith(f"pairs.json: {path}: ") and "characters; at most" in said, said
    # at the limit: fine
    load_template(json.dumps(game(name={"en": "N" * MAX_LABEL})), "pairs.json")


def test_a_game_with_a_name_of_megabytes_is_refused_at_once(tmp_path):
    huge = game(name={"en": "N" * 5_000_000})
    start = time.monotonic()
    said = refused(huge)
    assert "has 5000000 characters; at most 100 are allowed" in said
    assert time.monotonic() - start < 2
    ctx, _ = context(tmp_path)
    root = view_for(ctx, "/games")
    type_into(root, "games-import-source", json.dumps(huge))
    click(root, "games-import")
    assert "at most 100 are allowed" in find(root, "games-message").value
    assert "pairs" not in ctx.services.history.games()
