"""Co-operative and team plays saved from the command line, seen in the app: its history,
play screen, Stats, edit and rematch never fail on them (playing them in the app:
test_result_sheets.py)."""

from __future__ import annotations

import json
from pathlib import Path

import flet as ft
import pytest
from ui_helpers import click, context, find, has, texts, type_into

from scorepad.core import PlayerSheet, builtin_games, load_template
from scorepad.core.play_to_save import PlayToSave
from scorepad.editor.form import GameForm
from scorepad.sheet.progress import SheetInProgress
from scorepad.ui.app import view_for
from scorepad.ui.history import StoreHistory
from scorepad.ui.views.history import HistoryView
from scorepad.ui.views.play import play_view, rematch
from scorepad.ui.views.play_edit import edit_view

GAMES = Path(__file__).parent.parent / "core" / "games"


@pytest.fixture
def history(tmp_path):
    plays = StoreHistory(str(tmp_path / "history.db"))
    yield plays
    plays.close()


def test_result_plays_show_in_the_history_and_their_screen_without_failing(tmp_path, history):
    store = history.store
    lost = store.save_play(
        builtin_games()["pandemic"], None, [PlayerSheet("Ana"), PlayerSheet("Ben")], outcome="lost"
    )
    teams = [PlayerSheet(n, team=t) for n, t in (("Ana", "Red"), ("Ben", "Blue"))]
    teams += [PlayerSheet(n, team=t) for n, t in (("Cy", "Red"), ("Di", "Blue"))]
    won = store.save_play(builtin_games()["codenames"], None, teams, outcome="Blue")
    ctx, _ = context(tmp_path, history=history)
    root = HistoryView(ctx).build()
    assert find(root, "history-row-1") is not None and find(root, "history-row-2") is not None
    root = play_view(ctx, str(lost))
    assert find(root, "result").value == "The game wins: everyone loses together."
    root = play_view(ctx, str(won))
    assert find(root, "result").value == "Blue wins (Ben and Di)."
    ctx.route = f"/play/{lost}/edit"  # Edit opens the sheet as it was saved
    root = edit_view(ctx, str(lost))
    assert find(root, "outcome-lost").icon == ft.Icons.RADIO_BUTTON_CHECKED
    ctx.route = f"/play/{won}/edit"  # the team names given in the history stay
    root = edit_view(ctx, str(won))
    assert find(root, "result").value == "Blue wins (Ben and Di)."
    assert find(root, "team-won-2").icon == ft.Icons.RADIO_BUTTON_CHECKED


def test_stats_show_co_operative_plays_apart_and_a_team_win_for_each_member(tmp_path, history):
    store = history.store
    pandemic = builtin_games()["pandemic"]
    for outcome in ("won", "lost", "won"):
        store.save_play(pandemic, None, [PlayerSheet("Ana"), PlayerSheet("Ben")], outcome=outcome)
    teams = [PlayerSheet(n, team=t) for n, t in (("Ana", "Red"), ("Ben", "Blue"))]
    teams += [PlayerSheet(n, team=t) for n, t in (("Cy", "Red"), ("Di", "Blue"))]
    store.save_play(builtin_games()["codenames"], None, teams, outcome="Red")
    ctx, _ = context(tmp_path, history=history)
    root = view_for(ctx, "/stats?player=Ana")
    chooser = find(root, "stats-player-game")  # stats open on the game played most
    assert chooser.value == "pandemic"
    assert find(root, "stats-player-coop-plays").value == "3"
    chooser.value = ""  # all games
    chooser.on_select(ft.Event(name="select", control=chooser, data=None))
    figures = {
        k: find(root, f"stats-player-{k}").value
        for k in ("plays", "wins", "coop-plays", "coop-wins", "coop-rate")
    }
    assert figures == {
        "plays": "1",
        "wins": "1",
        "coop-plays": "3",
        "coop-wins": "2",
        "coop-rate": "67 %",
    }
    root = view_for(ctx, "/stats?player=Di")
    assert find(root, "stats-player-wins").value == "0"
    assert not has(root, "stats-player-coop-plays")


def test_the_game_editor_keeps_a_games_result_and_modules():
    template = load_template((GAMES / "team-dice.json").read_text(encoding="utf-8"), "td.json")
    data, problems = GameForm.from_template(template).definition()
    assert problems == {}
    assert (data["result"], data["modules"]) == (
        template.source["result"],
        template.source["modules"],
    )
    again = load_template(data, "again.json")
    assert {k: v for k, v in again.source.items() if k != "version"} == {
        k: v for k, v in template.source.items() if k != "version"
    }


def test_history_names_the_modules_of_a_play_and_filters_by_module(tmp_path, history):
    data = json.loads((GAMES / "team-dice.json").read_text(encoding="utf-8"))
    data = {k: v for k, v in data.items() if k != "result"} | {"id": "dice"}  # each for themselves
    template = history.store.import_game(json.dumps(data), "dice.json")
    ana_ben = [PlayerSheet("Ana", {"points": 3, "bonus": 1}), PlayerSheet("Ben", {"points": 4})]
    history.store.save_play(template, None, ana_ben, "2026-01-01 20:00", modules=["bonus"])
    history.store.save_play(template, None, [*ana_ben[1:], PlayerSheet("Cy")], "2026-01-02 20:00")
    ctx, _ = context(tmp_path, history=history)
    view = HistoryView(ctx)
    root = view.build()
    assert not view.module_box.visible  # no game chosen: no modules to choose
    titles = [texts(find(root, f"history-row-{n}"))[0] for n in (1, 2)]
    assert titles[0].startswith("Team dice ·") and titles[1].startswith("Team dice + Bonus dice ·")
    chooser = find(root, "filter-game")
    chooser.value = "dice"
    chooser.on_select(ft.Event(name="select", control=chooser, data=None))
    module = find(root, "filter-module")
    assert view.module_box.visible and [o.key for o in module.options][1:] == ["bonus", "capped"]
    module.value = "bonus"
    module.on_select(ft.Event(name="select", control=module, data=None))
    assert has(root, "history-row-1") and not has(root, "history-row-2")
    click(root, "clear-filters")
    assert has(root, "history-row-2") and not view.module_box.visible


def test_modules_are_chosen_at_new_play_and_saved_with_the_play(tmp_path, history):
    data = json.loads((GAMES / "team-dice.json").read_text(encoding="utf-8"))
    data = {k: v for k, v in data.items() if k != "result"} | {"id": "dice"}
    history.store.import_game(json.dumps(data), "dice.json")
    ctx, routes = context(tmp_path, history=history)
    root = view_for(ctx, "/new/dice")
    type_into(root, "player-1", "Ana")
    type_into(root, "player-2", "Ben")
    box = find(root, "module-bonus")
    box.value = True
    box.on_change(ft.Event(name="change", control=box, data=None))
    click(root, "start")
    sheet_id = routes[-1].rsplit("/", 1)[1]
    draft = ctx.services.drafts.load(sheet_id)
    assert draft is not None and draft.modules == ["bonus"]
    model = SheetInProgress(history.games()["dice"], draft)
    assert model.template.title("en") == "Team dice + Bonus dice"
    assert [line.key for line in model.lines] == ["points", "sixes", "bonus"]
    model.set_text("points", 0, "3")
    state = model.set_text("bonus", 0, "2")
    assert [p.total for p in state.scored.players] == [7, 0]
    play = history.store.save_scored(PlayToSave(state.scored, tuple(state.entered)))
    record = history.store.get_play(play)
    assert record.summary.modules == ("bonus",)
    ctx.route = f"/play/{play}/edit"
    root = edit_view(ctx, str(play))  # a play with modules is edited with its modules' lines
    assert find(root, "line-bonus-1").value == "2"
    # a draft kept from before the module was taken out of the game still opens
    draft.modules = ["bonus", "gone"]
    assert SheetInProgress(history.games()["dice"], draft).draft.modules == ["bonus"]


def test_a_rematch_keeps_the_plays_modules(tmp_path, history):
    data = json.loads((GAMES / "team-dice.json").read_text(encoding="utf-8"))
    data = {k: v for k, v in data.items() if k != "result"} | {"id": "dice"}
    template = history.store.import_game(json.dumps(data), "dice.json")
    play = history.store.save_play(
        template, None, [PlayerSheet("Ana"), PlayerSheet("Ben")], modules=["bonus"]
    )
    ctx, routes = context(tmp_path, history=history)
    rematch(ctx, play)
    assert routes == ["/new/dice?players=Ana%2CBen&modules=bonus"]
    root = view_for(ctx, routes[0])
    assert find(root, "line-bonus-1") is not None
    plain = view_for(ctx, "/new/dice?players=Ana%2CBen")  # the same table without it
    assert not has(plain, "line-bonus-1")
