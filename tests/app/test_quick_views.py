"""The quick form and a quick sheet's buttons without a browser, over a real history file:
"Another game" in the picker, every problem of the form said under its field, Go making
the game and its sheet, taps going in as the cell's sum, the game hidden from Manage's
own games until kept, and "Make it a game of its own" on its play and its Stats card."""

from __future__ import annotations

import pytest
from ui_helpers import click, context, error_boxes, find, has, latest, type_into

from scorepad.core.quick import QuickGame, quick_id
from scorepad.ui.app import view_for

NAME = "Quokka Quest"
PLAYERS = ("Yolanthe", "Zebulon")


@pytest.fixture
def ctx(tmp_path):
    ctx, routes = context(tmp_path, compact=True)
    ctx.routes = routes  # type: ignore[attr-defined]
    return ctx


def go(ctx, name: str = NAME):
    view = view_for(ctx, "/quick")
    type_into(view, "quick-name", name)
    for n, player in enumerate(PLAYERS, 1):
        type_into(view, f"player-{n}", player)
    return view


def test_the_picker_offers_another_game_with_the_words_searched_for(ctx):
    view = view_for(ctx, "/new")
    type_into(view, "search", "Quokka")
    find(view, "quick-game").content.on_click()
    assert ctx.routes[-1] == "/quick?name=Quokka"
    form = view_for(ctx, ctx.routes[-1])
    assert find(form, "quick-name").value == "Quokka"
    assert not error_boxes(form)


def test_go_makes_the_game_and_opens_its_sheet(ctx):
    view = go(ctx)
    type_into(view, "quick-target", "50")
    click(view, "quick-go")
    game = quick_id(NAME)
    draft = latest(ctx.services.drafts, game)
    assert draft is not None and draft.players == list(PLAYERS)
    assert ctx.routes[-1] == f"/sheet/{draft.sheet_id}"
    template = ctx.services.history.games()[game]
    assert template.lines[0].steps == (1, 5, 10)
    assert template.ends is not None and template.ends.target == 50


def test_every_problem_of_the_form_is_said_at_once_and_nothing_starts(ctx):
    view = view_for(ctx, "/quick")
    type_into(view, "quick-target", "ten")
    click(view, "quick-go")
    assert find(view, "quick-name").error  # the name is blank
    assert "ten" in find(view, "quick-target").error
    assert find(view, "player-1").error  # and the players' names are missing
    assert not ctx.routes
    assert ctx.services.history.quick_games() == []


def test_taps_go_into_the_cell_as_a_sum_and_the_totals_follow(ctx):
    click(go(ctx), "quick-go")
    sheet = view_for(ctx, ctx.routes[-1])
    for ident in ("quick-add-1-5", "quick-add-1-1", "quick-add-1-10", "quick-sub-1-1"):
        click(sheet, ident)
    click(sheet, "quick-sub-2-5")
    draft = latest(ctx.services.drafts, quick_id(NAME))
    assert draft is not None
    assert draft.texts["points"] == ["5+1+10-1", "-5"]
    assert find(sheet, "total-1").value == "15"
    assert find(sheet, "line-points-1").value == "15"  # the sum's result, until edited
    for n in (1, 2):
        for step in (1, 5, 10):
            assert has(sheet, f"quick-add-{n}-{step}") and has(sheet, f"quick-sub-{n}-{step}")


def test_the_target_is_said_until_reached_and_by_whom(ctx):
    view = go(ctx)
    type_into(view, "quick-target", "20")
    click(view, "quick-go")
    sheet = view_for(ctx, ctx.routes[-1])
    assert "20" in find(sheet, "target-note").value
    click(sheet, "quick-add-2-10")
    click(sheet, "quick-add-2-10")
    assert find(sheet, "target-note").value == f"{PLAYERS[1]} reached 20."


@pytest.mark.parametrize("compact", [True, False])
def test_every_player_has_each_step_s_buttons_at_either_size(tmp_path, compact):
    ctx, routes = context(tmp_path, compact=compact)
    view = view_for(ctx, "/quick")
    type_into(view, "quick-name", NAME)
    for n, player in enumerate([*PLAYERS, "Aurelio"], 1):
        if n > 2:
            click(view, "add-player")
        type_into(view, f"player-{n}", player)
    click(view, "quick-go")
    sheet = view_for(ctx, routes[-1])
    for n in (1, 2, 3):
        for step in (1, 5, 10):
            assert has(sheet, f"quick-add-{n}-{step}") and has(sheet, f"quick-sub-{n}-{step}")
    click(sheet, "quick-add-3-10")
    assert find(sheet, "total-3").value == "10"
    assert not error_boxes(sheet)


def test_a_tap_leaves_a_cell_being_fixed_alone(ctx):
    click(go(ctx), "quick-go")
    sheet = view_for(ctx, ctx.routes[-1])
    type_into(sheet, "line-points-1", "5+")
    click(sheet, "quick-add-1-10")
    draft = latest(ctx.services.drafts, quick_id(NAME))
    assert draft is not None and draft.texts["points"][0] == "5+"


def test_a_quick_game_joins_manage_only_once_kept_with_its_play(ctx):
    click(go(ctx), "quick-go")
    sheet = view_for(ctx, ctx.routes[-1])
    click(sheet, "quick-add-1-10")
    click(sheet, "quick-add-2-5")
    click(sheet, "save")
    play = ctx.routes[-1]
    assert play.startswith("/play/")
    game = quick_id(NAME)
    games = view_for(ctx, "/games")
    assert not has(games, f"games-row-{game}")
    picker = view_for(ctx, "/new")
    assert "Quick sheet" in find(picker, f"game-{game}").content.subtitle.value
    stats = view_for(ctx, "/stats")
    assert has(stats, f"quick-keep-{game}")
    shown = view_for(ctx, play)
    click(shown, "quick-keep")
    assert ctx.routes[-1] == f"/games/edit/{game}"
    assert has(view_for(ctx, "/games"), f"games-row-{game}")
    again = view_for(ctx, play)
    assert not has(again, "quick-keep")
    assert has(again, "play-edit")  # the play is still there, on the kept game
    assert ctx.services.history.quick_games() == []


def test_the_name_suggests_earlier_quick_games_and_the_collection_with_what_they_bring(ctx):
    history = ctx.services.history
    history.quick_game(QuickGame("Quokka Derby", lowest_wins=True, target=30))
    history.add_owned("Quokka Island", "424242", ("2", "5"))
    view = view_for(ctx, "/quick")
    type_into(view, "quick-name", "quokka")
    assert find(view, "quick-suggest-1").content == "Quokka Derby"  # played before: first
    assert find(view, "quick-suggest-2").content == "Quokka Island"
    click(view, "quick-suggest-1")
    assert find(view, "quick-name").value == "Quokka Derby"
    assert find(view, "quick-lowest").value is True
    assert find(view, "quick-target").value == "30"
    type_into(view, "quick-name", "quokka is")
    click(view, "quick-suggest-1")  # the collection's, found by its words
    assert find(view, "quick-name").value == "Quokka Island"
    assert "424242" in find(view, "quick-bgg").content.value
    for n, player in enumerate(PLAYERS, 1):
        type_into(view, f"player-{n}", player)
    click(view, "quick-go")
    made = history.games()[quick_id("Quokka Island")]
    assert made.source.get("bgg_id") == 424242
    assert made.wins == "lowest"  # the options taken from the earlier game stay as chosen


def test_a_name_typed_over_a_suggestion_drops_its_id(ctx):
    ctx.services.history.add_owned("Quokka Island", "424242", ("2", "5"))
    view = view_for(ctx, "/quick")
    type_into(view, "quick-name", "Quokka I")
    click(view, "quick-suggest-1")
    assert find(view, "quick-bgg").content.visible
    type_into(view, "quick-name", "Quokka Isle")
    assert not find(view, "quick-bgg").content.visible


def test_rounds_of_points_open_a_round_sheet_without_buttons(ctx):
    view = go(ctx, "Quokka Rounds")
    type_into(view, "quick-scoring", "rounds")
    click(view, "quick-go")
    sheet = view_for(ctx, ctx.routes[-1])
    assert has(sheet, "round-1-points-1")
    assert not has(sheet, "quick-add-1-1")
    assert ctx.services.history.games()[quick_id("Quokka Rounds")].rounds is not None


def test_a_co_operative_game_asks_won_or_lost_and_refuses_lowest_wins(ctx):
    view = go(ctx, "Quokka Rescue")
    type_into(view, "quick-cooperative", True)
    type_into(view, "quick-lowest", True)
    click(view, "quick-go")
    assert find(view, "quick-message").value  # both cannot be: said, nothing made
    assert not ctx.routes
    type_into(view, "quick-lowest", False)
    click(view, "quick-go")
    sheet = view_for(ctx, ctx.routes[-1])
    assert has(sheet, "outcome-won") and has(sheet, "outcome-lost")
