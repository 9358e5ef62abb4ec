"""Co-operative and team plays in the app, without a browser: teams chosen at New play,
the outcome chosen on the sheet (kept in the draft, shared with the other devices, saved
with the play), the result sentence and trophies following it, and Rematch keeping the
teams. Real files: the drafts folder and a SQLite history in ``tmp_path``."""

from __future__ import annotations

from pathlib import Path

import flet as ft
import pytest
from ui_helpers import click, context, error_boxes, find, has, shown, type_into, walk

from scorepad.core import builtin_games, load_template
from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.progress import SheetInProgress
from scorepad.ui.app import view_for
from scorepad.ui.history import StoreHistory
from scorepad.ui.newplay_model import NewPlayModel
from scorepad.ui.views.play import rematch
from scorepad.ui.views.sheet import SheetView

GAMES = Path(__file__).parent.parent / "core" / "games"


def game_file(name: str):
    return load_template((GAMES / f"{name}.json").read_text(encoding="utf-8"), f"{name}.json")


@pytest.fixture
def history(tmp_path):
    plays = StoreHistory(str(tmp_path / "history.db"))
    yield plays
    plays.close()


def start(ctx, routes, route: str, names: list[str]):
    """New play at ``route``: the names typed, Start pressed; the sheet's view."""
    root = view_for(ctx, route)
    for n, name in enumerate(names, 1):
        if not has(root, f"player-{n}"):
            click(root, "add-player")
        type_into(root, f"player-{n}", name)
    click(root, "start")
    assert routes[-1].startswith("/sheet/"), routes
    return view_for(ctx, routes[-1]), routes[-1].rsplit("/", 1)[1]


def trophies(root: object) -> int:
    return sum(
        1
        for c in walk(root)
        if isinstance(c, ft.Icon) and c.icon == ft.Icons.EMOJI_EVENTS and c.visible
    )


def test_the_picker_offers_co_operative_and_team_games(tmp_path, history):
    assert {"pandemic", "codenames"} <= set(history.games())
    history.store.import_game((GAMES / "team-dice.json").read_text(encoding="utf-8"), "td.json")
    assert "team-dice" in history.games()


def test_a_lost_pandemic_play_is_chosen_saved_and_refused_until_chosen(tmp_path, history):
    ctx, routes = context(tmp_path, history=history)
    root, sheet_id = start(ctx, routes, "/new/pandemic", ["Ana", "Ben"])
    assert find(root, "result").value == "Say whether the table won or lost."
    assert not has(root, "total-1")  # no score: no totals
    click(root, "save")
    assert find(root, "save-message").value == "Say whether the table won or lost."
    assert history.store.list_plays().plays == ()
    click(root, "outcome-won")
    assert ctx.services.drafts.load(sheet_id).outcome == "won"
    assert find(root, "result").value == "Everyone wins together against the game."
    assert trophies(root) == 2
    click(root, "outcome-lost")  # changed their minds
    assert find(root, "result").value == "The game wins: everyone loses together."
    assert trophies(root) == 0
    again = view_for(ctx, f"/sheet/{sheet_id}")  # a reload keeps the choice
    assert find(again, "outcome-lost").icon == ft.Icons.RADIO_BUTTON_CHECKED
    assert find(again, "outcome-won").icon == ft.Icons.RADIO_BUTTON_UNCHECKED
    click(again, "save")
    play = int(routes[-1].rsplit("/", 1)[1])
    sheet = history.store.get_play(play).sheet
    assert sheet.outcome == "lost" and sheet.winners == ()


def test_a_co_operative_game_with_a_score_shows_the_tables_score(tmp_path, history):
    game = game_file("coop-score")
    draft = SheetDraft(game.id, None, ["Ana", "Ben"])
    model = SheetInProgress(game, draft)
    key = model.end_lines[0].key
    model.set_text(key, 0, "12")
    state = model.set_text(key, 1, "11")
    assert state.undecided and not state.can_save and not state.scored.winners
    state = model.set_outcome("won")
    assert state.can_save and set(state.scored.winners) == {"Ana", "Ben"}
    ctx, _ = context(tmp_path, history=history)
    root = SheetView(ctx, SheetInProgress(game, SheetDraft.from_dict(draft.to_dict()))).build()
    assert find(root, "table-score").value == "23"
    assert find(root, "result").value.endswith("scoring 23.")
    with pytest.raises(ValueError):
        model.set_outcome("1")  # not a team game


def test_codenames_teams_alternate_and_the_chosen_team_wins_for_each_member(tmp_path, history):
    ctx, routes = context(tmp_path, history=history)
    root, sheet_id = start(ctx, routes, "/new/codenames", ["Ana", "Ben", "Cy", "Di"])
    draft = ctx.services.drafts.load(sheet_id)
    assert (draft.teams, draft.team_names) == ([1, 2, 1, 2], ["Team 1", "Team 2"])
    assert find(root, "result").value == "Say which team won."
    click(root, "team-won-2")
    assert find(root, "result").value == "Team 2 wins (Ben and Di)."
    assert trophies(root) == 2 + 1  # Ben's and Di's, and team 2's
    click(root, "save")
    play = int(routes[-1].rsplit("/", 1)[1])
    sheet = history.store.get_play(play).sheet
    assert sheet.winners == ("Ben", "Di") and sheet.outcome == "Team 2"
    assert [(t.name, t.members) for t in sheet.teams] == [
        ("Team 1", ("Ana", "Cy")),
        ("Team 2", ("Ben", "Di")),
    ]
    rematch(ctx, play)  # the same teams again
    assert "teams=Team+1%2CTeam+2%2CTeam+1%2CTeam+2" in routes[-1]
    sheet_route = view_for(ctx, routes[-1])
    assert has(sheet_route, "team-won-1")
    again = next(d for d in ctx.services.drafts.all() if d.sheet_id != sheet_id)
    assert again.teams == [1, 2, 1, 2] and again.outcome == ""


def test_new_play_refuses_teams_the_game_is_not_played_in(tmp_path, history):
    ctx, routes = context(tmp_path, history=history)
    root = view_for(ctx, "/new/codenames")
    for n, name in enumerate(["Ana", "Ben", "Cy", "Di"], 1):
        type_into(root, f"player-{n}", name)
    assert find(root, "team-2").content == "Team 2"
    click(root, "team-2")  # Ben joins team 1, then Di: everyone in one team
    click(root, "team-4")
    assert find(root, "team-4").content == "Team 1"
    click(root, "start")
    assert routes == []
    said = find(root, "teams-problem").value
    assert said == (
        "This game is played in 2 teams: the players are in 1. Tap a player's team to change it."
    )
    click(root, "team-4")
    assert not has(root, "teams-problem") or not find(root, "teams-problem").value
    click(root, "start")
    draft = ctx.services.drafts.load(routes[-1].rsplit("/", 1)[1])
    assert draft.teams == [1, 1, 1, 2]


def test_a_team_game_with_points_adds_up_each_teams_members(tmp_path, history):
    history.store.import_game((GAMES / "team-dice.json").read_text(encoding="utf-8"), "td.json")
    ctx, routes = context(tmp_path, history=history)
    root, _sheet_id = start(ctx, routes, "/new/team-dice", ["Ana", "Ben", "Cy"])
    for n, points in ((1, "10"), (2, "4"), (3, "5")):
        type_into(root, f"line-points-{n}", points)
    assert find(root, "team-total-1").value == "15"  # Ana and Cy
    assert find(root, "team-total-2").value == "4"
    assert shown(root, "team-won-1") and not shown(root, "team-won-2")
    assert error_boxes(root) == []
    assert not has(root, "outcome-won")  # won on the totals: nothing to choose
    assert find(root, "result").value == "Team 1 wins with 15 points."
    click(root, "save")
    sheet = history.store.get_play(int(routes[-1].rsplit("/", 1)[1])).sheet
    assert sheet.winners == ("Ana", "Cy") and [t.total for t in sheet.teams] == [15, 4]


def test_the_outcome_reaches_the_other_devices_showing_the_sheet(tmp_path, history):
    ctx, routes = context(tmp_path, history=history)
    _, sheet_id = start(ctx, routes, "/new/pandemic", ["Ana", "Ben"])
    template = builtin_games()["pandemic"]
    first = SheetView(ctx, SheetInProgress(template, ctx.services.drafts.load(sheet_id)))
    other = SheetView(ctx, SheetInProgress(template, ctx.services.drafts.load(sheet_id)))
    first_root, other_root = first.build(), other.build()
    click(first_root, "outcome-won")
    assert other.model.draft.outcome == "won"
    assert find(other_root, "outcome-won").icon == ft.Icons.RADIO_BUTTON_CHECKED
    assert find(other_root, "result").value == "Everyone wins together against the game."


def test_a_draft_keeps_its_teams_and_outcome_and_fills_teams_it_lacks():
    game = builtin_games()["codenames"]
    draft = SheetDraft("codenames", None, ["Ana", "Ben", "Cy", "Di"], teams=[1, 1, 2, 1])
    draft.team_names, draft.outcome = ["Red", "Blue"], "2"
    back = SheetDraft.from_dict(draft.to_dict())
    assert (back.teams, back.team_names, back.outcome) == ([1, 1, 2, 1], ["Red", "Blue"], "2")
    state = SheetInProgress(game, back).state
    assert state.scored.winners == ("Cy",) and state.can_save
    assert state.scored.explanation("en") == "Blue wins (Cy)."
    bare = SheetDraft("codenames", None, ["Ana", "Ben", "Cy", "Di"])
    assert SheetInProgress(game, bare).draft.teams == [1, 2, 1, 2]
    linked = NewPlayModel.from_query(game, {"players": "A,B,C,D", "teams": "Red,Blue,red,Blue"})
    assert (linked.teams, linked.team_names) == ([1, 2, 1, 2], ["Red", "Blue"])
    assert linked.draft("es").team_names == ["Red", "Blue"]
    assert NewPlayModel(game, ["A", "B", "C", "D"]).draft("es").team_names == [
        "Equipo 1",
        "Equipo 2",
    ]


def test_a_saved_result_play_is_edited_with_its_teams_and_outcome(tmp_path, history):
    """Edit brings back the teams and the choice saved with the play; a new choice saved
    from the edit replaces the old one in the history."""
    ctx, routes = context(tmp_path, history=history)
    root, _ = start(ctx, routes, "/new/codenames", ["Ana", "Ben", "Cy", "Di"])
    click(root, "team-won-2")
    click(root, "save")
    play = int(routes[-1].rsplit("/", 1)[1])
    edit = view_for(ctx, f"/play/{play}/edit")
    assert find(edit, "team-won-2").icon == ft.Icons.RADIO_BUTTON_CHECKED
    assert find(edit, "result").value == "Team 2 wins (Ben and Di)."
    click(edit, "team-won-1")
    click(edit, "save")
    sheet = history.store.get_play(play).sheet
    assert sheet.winners == ("Ana", "Cy") and sheet.outcome == "Team 1"
    assert [t.members for t in sheet.teams] == [("Ana", "Cy"), ("Ben", "Di")]

    root, _ = start(ctx, routes, "/new/pandemic", ["Ana", "Ben"])
    click(root, "outcome-lost")
    click(root, "save")
    play = int(routes[-1].rsplit("/", 1)[1])
    edit = view_for(ctx, f"/play/{play}/edit")
    assert find(edit, "outcome-lost").icon == ft.Icons.RADIO_BUTTON_CHECKED
    click(edit, "outcome-won")
    click(edit, "save")
    assert history.store.get_play(play).sheet.outcome == "won"
