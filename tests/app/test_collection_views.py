"""The Collection screen, What to play tonight and the picker's own games first, built
and driven without a browser (handlers called as Flet would call them)."""

from __future__ import annotations

import flet as ft
from ui_helpers import click, context, find, has, run_async, type_into
from ui_helpers import texts as all_texts

from scorepad.ui.views.collection import CollectionView
from scorepad.ui.views.picker import PickerView
from scorepad.ui.views.suggest import SuggestView


def texts(root: object) -> str:
    return " ".join(all_texts(root))


def test_a_game_added_by_hand_is_listed_refused_with_a_message_and_removed(tmp_path):
    ctx, _ = context(tmp_path)
    view = CollectionView(ctx)
    root = view.build()
    assert "No games yet" in texts(root)
    type_into(root, "collection-name", "Cosmic Encounter")
    type_into(root, "collection-bgg-id", "39463")
    type_into(root, "collection-players-low", "3")
    type_into(root, "collection-players-high", "9")
    type_into(root, "collection-weight", "2,5")
    click(root, "collection-add")
    assert find(root, "collection-said").value == ""
    assert "Cosmic Encounter" in texts(find(root, "collection-1"))
    assert "3–9 players · weight 2.50/5 · by hand" in texts(find(root, "collection-1"))
    type_into(root, "collection-name", "Heat")
    type_into(root, "collection-bgg-id", "366013")
    type_into(root, "collection-players-low", "one")
    click(root, "collection-add")
    assert find(root, "collection-said").value == ('players "one": a whole number from 1 to 20')
    assert find(root, "collection-name").value == "Heat"  # what was typed is kept
    assert not has(root, "collection-2")
    click(root, "collection-remove-1")
    assert not has(root, "collection-1") and "No games yet" in texts(root)


def test_the_picker_shows_the_groups_games_first_under_their_heading(tmp_path):
    ctx, _ = context(tmp_path)
    history = ctx.services.history
    history.add_owned("Azul", "230802", ("2", "4"))
    history.add_owned("Cascadia", "295947", ("1", "4"))
    history.add_owned("Not in the catalogue", "9", ("2", "4"))
    view = PickerView(ctx)
    root = view.build()
    rows = view.results.controls
    ids = [r.identifier for r in rows if isinstance(r, ft.Semantics)]
    # "Another game" first, then the group's own games under their heading
    assert ids[:5] == ["quick-game", "picker-yours", "game-azul", "game-cascadia", "picker-others"]
    assert find(root, "picker-yours").value == "Your games"
    view.list_games("cascadia")
    assert rows[1].visible and not rows[4].visible  # no other game matches
    view.list_games("catan")
    assert not rows[1].visible and not rows[4].visible
    assert rows[0].visible  # a game outside the catalogue can always be scored


def test_a_picker_without_a_collection_has_no_heading(tmp_path):
    ctx, _ = context(tmp_path)
    view = PickerView(ctx)
    view.build()
    assert not any(
        isinstance(r, ft.Semantics) and r.identifier.startswith("picker-")
        for r in view.results.controls
    )


def test_tonight_follows_who_is_here_and_starts_the_game_for_them(tmp_path):
    ctx, routes = context(tmp_path)
    history = ctx.services.history
    for name in ("Wren", "Yara", "Zed"):
        history.add_player(name)
    history.add_owned("Azul", "230802", ("2", "4"))
    view = SuggestView(ctx)
    root = view.build()
    names = [find(root, f"suggest-who-{n}").label.value for n in (1, 2, 3)]
    assert names == ["Wren", "Yara", "Zed"]
    click(root, "suggest-who-1")
    click(root, "suggest-who-3")
    assert find(root, "suggest-count-2").selected
    click(root, "suggest-time-45")
    first = texts(find(root, "suggestion-1"))
    assert first.startswith("Azul") and "in your collection" in first
    for n in range(1, len(view.shown) + 1):
        game = view.shown[n - 1].candidate
        assert game.players[0] <= 2 <= game.players[1]
        assert game.minutes is None or game.minutes[0] <= 45
    click(root, "suggestion-play-1")
    assert routes[-1] == "/new/azul?players=Wren,Zed"
    click(root, "suggest-count-3")  # a guest: the seats are no longer all named
    click(root, "suggestion-play-1")
    assert routes[-1].startswith("/new/") and "?" not in routes[-1]


def test_the_random_pick_lands_on_a_suggestion_and_asks_who_starts(tmp_path):
    ctx, routes = context(tmp_path)
    for name in ("Wren", "Yara"):
        ctx.services.history.add_player(name)
    view = SuggestView(ctx)
    root = view.build()
    click(root, "suggest-who-1")
    click(root, "suggest-who-2")
    run_async(view.on_pick)
    picked = find(root, "suggest-picked").value
    assert picked in [s.candidate.name for s in view.shown]
    assert has(view.after_pick, "first-player")  # New play's Who starts? part
    click(view.after_pick, "suggest-play-picked")
    chosen = next(s.candidate.game for s in view.shown if s.candidate.name == picked)
    assert routes[-1] == f"/new/{chosen}?players=Wren,Yara"
    run_async(find(view.after_pick, "first-player").on_click)
    starts = find(view.after_pick, "first-player-name").value
    first = "Wren" if "Wren" in starts else "Yara"
    click(view.after_pick, "suggest-play-picked")
    assert routes[-1] == f"/new/{chosen}?players=Wren,Yara&first={first}"


def test_a_link_names_those_here_first(tmp_path):
    ctx, _ = context(tmp_path)
    ctx.services.history.add_player("Wren")
    view = SuggestView(ctx, "Xia, Wren,")
    root = view.build()
    assert [find(root, f"suggest-who-{n}").label.value for n in (1, 2)] == ["Xia", "Wren"]
    assert view.model.present == ["Xia", "Wren"] and find(root, "suggest-count-2").selected
    assert find(root, "suggest-who-1").selected
