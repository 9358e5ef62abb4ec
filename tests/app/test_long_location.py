"""A play's location in the app: New play and a ``/new/`` link say what is wrong with one
too long (``plaintext.MAX_LOCATION``) and write no draft; a draft read back with one (left
by an older version) is not taken up."""

from __future__ import annotations

import json
from urllib.parse import quote

from ui_helpers import click, context, find, has, type_into

from scorepad.core.plaintext import MAX_LOCATION
from scorepad.sheet.keeper import of_game
from scorepad.ui.app import view_for

TOO_LONG = f"at most {MAX_LOCATION} are allowed"


def drafts(tmp_path) -> list:
    return sorted((tmp_path / "drafts").glob("*.json"))


def test_new_play_refuses_a_long_location_and_starts_nothing(tmp_path):
    ctx, routes = context(tmp_path)
    root = view_for(ctx, "/new/azul")
    type_into(root, "player-1", "Ana")
    type_into(root, "player-2", "Ben")
    type_into(root, "location", "L" * 10_000_000)
    click(root, "start")
    error = find(root, "location").error
    assert error and "has 10000000 characters; " + TOO_LONG in error, error
    assert len(error) < 200
    assert routes == [] and drafts(tmp_path) == []
    type_into(root, "location", "M" * MAX_LOCATION)
    assert find(root, "location").error is None  # said again as it is typed
    click(root, "start")
    assert len(routes) == 1 and routes[0].startswith("/sheet/")
    (draft,) = of_game(ctx.services.drafts, "azul")
    assert draft.location == "M" * MAX_LOCATION


def test_a_link_with_a_long_location_opens_the_form_and_writes_nothing(tmp_path):
    ctx, routes = context(tmp_path)
    root = view_for(ctx, f"/new/azul?players=Ana,Ben&location={quote('L' * 100_000)}")
    assert has(root, "start") and not has(root, "line-marker-1")
    assert TOO_LONG in find(root, "location").error
    assert drafts(tmp_path) == [] and routes == []


def test_a_draft_with_a_long_location_is_not_taken_up(tmp_path):
    ctx, _ = context(tmp_path)
    view_for(ctx, "/new/azul?players=Ana,Ben&location=Home")
    (path,) = drafts(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["location"] = "L" * (MAX_LOCATION + 1)
    path.write_text(json.dumps(data), encoding="utf-8")
    ctx, _ = context(tmp_path)  # a new start reads the folder again
    assert of_game(ctx.services.drafts, "azul") == []
    assert path.exists()  # kept for a person to look at
