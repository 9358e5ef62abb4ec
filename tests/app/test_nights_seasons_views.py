"""The game nights' and seasons' screens, built and driven without a browser."""

from __future__ import annotations

from datetime import datetime

import flet as ft
from ui_helpers import click, context, find, has, texts, type_into, walk

from scorepad.core import PlayerSheet, find_game
from scorepad.ui.app import view_for

AZUL = find_game("azul")


def add_plays(ctx, plays) -> list[int]:
    store = ctx.services.history.store
    return [
        store.save_play(
            AZUL, None, [PlayerSheet(n, {"marker": v}) for n, v in scores.items()], when
        )
        for when, scores in plays
    ]


def driven(ctx, route: str):
    """The screen at ``route``, built again (as the app does) whenever it asks."""
    shown = {}

    def rebuild() -> None:
        shown["view"] = view_for(ctx, route)

    ctx.rebuild = rebuild
    rebuild()
    return lambda: shown["view"]


PLAYS = [
    ("2024-05-02T20:00", {"Ana": 30, "Ben": 41}),
    ("2024-05-02T21:00", {"Ana": 50, "Cy": 41}),
    ("2024-05-02T22:00", {"Ben": 50, "Cy": 41}),
    ("2024-05-09T20:00", {"Ana": 50, "Cy": 41}),
]


def test_the_nights_list_the_newest_first_and_open_a_night(tmp_path):
    ctx, routes = context(tmp_path)
    a, _, _, d = add_plays(ctx, PLAYS)
    view = driven(ctx, "/nights")
    assert has(view(), "night-1") and has(view(), "night-2") and not has(view(), "night-3")
    assert "Night of 2024-05-09" in texts(find(view(), "night-1"))
    assert any("Winner: Ben" in t for t in texts(find(view(), "night-2")))
    tile = next(c for c in walk(find(view(), "night-2")) if isinstance(c, ft.ListTile))
    tile.on_click()
    assert routes[-1] == f"/nights/{a}"
    del d


def test_a_night_is_named_split_and_merged_and_bad_input_is_said(tmp_path):
    ctx, _ = context(tmp_path)
    a, _, c, d = add_plays(ctx, PLAYS)
    view = driven(ctx, f"/nights/{a}")
    assert [t for t in texts(find(view(), "night-winner"))] == ["Winner: Ben"]
    assert has(view(), "night-split-2") and not has(view(), "night-split-1")
    type_into(view(), "night-name", "x" * 101)
    click(view(), "night-rename")
    assert "at most 100" in find(view(), "nights-message").value
    type_into(view(), "night-name", "Ana's birthday")
    click(view(), "night-rename")
    assert find(view(), "nights-message").value == "Name saved."
    assert view().appbar.title.value == "Ana's birthday"
    click(view(), "night-split-3")
    assert not has(view(), "night-play-3")
    assert "split" in find(view(), "nights-message").value
    other = driven(ctx, f"/nights/{c}")
    assert has(other(), "night-merge")
    click(other(), "night-merge")  # c's night with d's
    assert has(other(), "night-play-2") and not has(other(), "night-merge")
    view = driven(ctx, f"/nights/{a}")
    click(view(), "night-merge")  # the split undone
    assert has(view(), "night-play-4")
    gone = driven(ctx, f"/nights/{d}")
    assert "not in the history" in " ".join(texts(gone()))


def test_the_nights_settings_are_saved_or_refused(tmp_path):
    ctx, _ = context(tmp_path)
    add_plays(ctx, PLAYS)
    view = driven(ctx, "/nights")
    type_into(view(), "nights-gap", "1")
    type_into(view(), "nights-points", "1, 2")
    click(view(), "nights-save-settings")
    assert "must not rise" in find(view(), "nights-message").value
    assert ctx.services.history.settings() == {}
    type_into(view(), "nights-points", "5,1")
    click(view(), "nights-save-settings")
    assert ctx.services.history.settings() == {"night_gap_hours": 1, "place_points": [5, 1]}
    assert has(view(), "night-4")


def test_seasons_are_made_shown_with_standings_and_challenges_changed_and_deleted(tmp_path):
    ctx, _ = context(tmp_path)
    add_plays(ctx, PLAYS)
    view = driven(ctx, "/seasons")
    assert find(view(), "season-period").value == "year:2024"
    assert "Ben" in " ".join(texts(find(view(), "season-standings")))
    assert any("Ana: 1/20 · Azul" in t for t in texts(view()))
    click(view(), "season-new")
    type_into(view(), "season-name", "May")
    type_into(view(), "season-first", "2024-05-01")
    type_into(view(), "season-last", "2024-04-30")
    click(view(), "season-save")
    assert "cannot end" in find(view(), "seasons-message").value
    assert find(view(), "season-name").value == "May"  # what was typed stays
    type_into(view(), "season-last", "2024-05-05")
    click(view(), "season-save")
    assert find(view(), "seasons-message").value == "Season saved: May."
    assert find(view(), "season-period").value.startswith("season:")
    table = texts(find(view(), "season-standings"))
    assert table[:5] == ["Player", "Plays", "Wins", "Points", "Rating gained"]
    assert table[5:9] == ["Ben", "2", "2", "6"]
    ratings = ctx.services.history.ratings()
    gained = ratings.ordinal_at("Ben", datetime(2024, 5, 6)) - 0
    assert table[9] == f"{gained:+}" and gained > 0
    german, _ = context(tmp_path, history=ctx.services.history, lang="de")
    german_table = texts(driven(german, "/seasons")())
    assert f"{gained:+}".replace(".", ",") in german_table and "Wertungsgewinn" in german_table
    ctx.services.history.set_ratings_on(False)
    ctx.rebuild()
    assert "Rating gained" not in texts(find(view(), "season-standings"))
    click(view(), "season-edit")
    assert find(view(), "season-name").value == "May"
    click(view(), "season-delete")
    assert find(view(), "seasons-message").value == "Season deleted: May."
    assert ctx.services.history.seasons() == []


def test_a_long_list_of_nights_shows_a_page_at_a_time(tmp_path):
    from scorepad.ui import nights_model

    ctx, _ = context(tmp_path)
    plays = [
        (f"2023-{1 + n // 28:02d}-{1 + n % 28:02d}T20:00", {"Ana": 1, "Ben": 2}) for n in range(53)
    ]
    add_plays(ctx, plays)
    assert nights_model.PAGE == 50
    view = driven(ctx, "/nights")
    assert has(view(), "night-50") and not has(view(), "night-51")
    assert "Night of 2023-02-25" in texts(find(view(), "night-1"))
    click(view(), "nights-more")
    assert has(view(), "night-53") and not has(view(), "nights-more")
