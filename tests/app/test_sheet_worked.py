"""The app's sheet shows what the core works out between lines: the points an award line
earned each player beside the quantity, a set rule's and a bonus's points and a floor's
added points on read-only rows under the lines they read. Values: the rulebook sheets the
core's tests score (tests/core/sheets)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ui_helpers import click, context, find, has, type_into

from scorepad.core import find_game
from scorepad.core.scoring import show
from scorepad.core.sheetrules import not_on_sheet
from scorepad.core.template import worked_from_entry
from scorepad.sheet.progress import FLOOR, SheetInProgress, earned, new_draft, worked
from scorepad.ui.app import view_for
from scorepad.ui.views.sheet import SheetView

SHEETS = Path(__file__).parent.parent / "core" / "sheets"
CATALOGUE = {p.stem for p in (Path(__file__).parents[2] / "scorepad" / "games").glob("*.json")}


def filled(name: str) -> tuple[SheetInProgress, dict]:
    """The model filled in from a core test sheet, as the players would type it."""
    data = json.loads((SHEETS / f"{name}.json").read_text(encoding="utf-8"))
    sheet = data["sheet"]
    template = find_game(sheet["game"])
    players = [p["name"] for p in sheet["players"]]
    model = SheetInProgress(template, new_draft(template, sheet.get("variant"), players))
    for index, player in enumerate(sheet["players"]):
        for key, value in player["lines"].items():
            if isinstance(value, bool):
                model.set_check(key, index, value)
            else:
                model.set_text(key, index, str(value))
    assert not model.state.problems and model.state.can_save
    return model, data["expect"]


def totals(model: SheetInProgress) -> dict[str, object]:
    return {p.name: p.total for p in model.state.scored.players}


def test_ticket_to_ride_longest_path_earns_10_for_every_tied_player():
    model, expect = filled("ticket-to-ride-rulebook")
    assert model.awards == ("longest_path",)
    assert earned(model.state, "longest_path") == (10, 10, 0)  # Ana and Ben tied on 20
    assert totals(model) == expect["totals"]
    model.set_text("longest_path", 1, "19")  # Ben no longer tied: Ana alone has it
    assert earned(model.state, "longest_path") == (10, 0, 0)
    model.set_text("longest_path", 2, "")  # blank: no quantity, nothing earned
    assert earned(model.state, "longest_path") == (10, 0, None)


def test_7_wonders_science_sets_row_sits_under_the_last_symbol():
    model, expect = filled("7-wonders-rulebook")
    assert [r.key for r in model.worked["science_tablet"]] == ["science_sets"]
    assert all(not rules for key, rules in model.worked.items() if key != "science_tablet")
    lines = expect["lines"]
    assert worked(model.state, "science_sets") == (
        lines["Alexandria"]["science_sets"],
        lines["Babylon"]["science_sets"],
        0,
    )
    assert worked(model.state, "science_sets") == (7, 14, 0)
    assert totals(model) == expect["totals"]


def test_yahtzee_upper_bonus_row_sits_under_sixes():
    model, expect = filled("yahtzee-upper-bonus")
    assert [r.key for r in model.worked["sixes"]] == ["upper_bonus"]
    assert worked(model.state, "upper_bonus") == (35, 0)  # 63 reaches it, 62 does not
    assert totals(model) == expect["totals"] == {"Ana": 345, "Ben": 233}


def test_summer_pavilion_floor_row_says_what_the_floor_added():
    model, expect = filled("summer-pavilion-floor")
    assert worked(model.state, FLOOR) == (4, 0, 0)  # 1 - 4 = -3 raised to 1
    assert totals(model) == expect["totals"]


def test_the_sheet_view_shows_earned_and_worked_values_live(tmp_path):
    ctx, routes = context(tmp_path)
    template = find_game("7-wonders")
    view = SheetView(
        ctx, SheetInProgress(template, new_draft(template, None, ["Ana", "Ben", "Cy"]))
    )
    root = view.build()
    assert find(root, "worked-science_sets-1").value == ""  # a blank sheet: nothing yet
    for key, text in [("science_compass", "3"), ("science_gear", "2"), ("science_tablet", "2")]:
        type_into(root, f"line-{key}-1", text)
    assert find(root, "worked-science_sets-1").value == "14"
    assert find(root, "worked-science_sets-2").value == "0"
    assert find(root, "total-1").value == "31"  # 9 + 4 + 4 + 14
    click(root, "save")
    assert routes and routes[-1].startswith("/play/")


def test_an_award_line_shows_its_quantity_field_and_earned_points(tmp_path):
    ctx, _ = context(tmp_path, compact=True)
    template = find_game("ticket-to-ride")
    view = SheetView(ctx, SheetInProgress(template, new_draft(template, None, ["Ana", "Ben"])))
    root = view.build()
    type_into(root, "line-route_6-1", "2")  # 12 trains placed: a path of 12 at most
    type_into(root, "line-route_3-2", "3")
    type_into(root, "line-longest_path-1", "12")
    type_into(root, "line-longest_path-2", "9")
    assert find(root, "earned-longest_path-1").value == "10"
    assert find(root, "earned-longest_path-2").value == "0"
    assert find(root, "total-1").value == "40"  # 2 routes of 6 (15 each) + 10
    assert not has(root, "worked-longest_path-1")


@pytest.mark.parametrize("game", ["7-wonders", "ticket-to-ride", "yahtzee", "sushi-go"])
def test_the_games_are_offered_and_open_in_the_app(tmp_path, game):
    ctx, _ = context(tmp_path)
    assert not_on_sheet(find_game(game)) is None
    assert game in ctx.services.history.store.games()  # the picker's games
    root = view_for(ctx, f"/new/{game}?players=Ana,Ben,Cy")
    assert has(root, "total-3")


@pytest.mark.parametrize("compact", [True, False])
def test_7_wonders_coins_and_science_show_the_points_each_cell_gives_as_typed(tmp_path, compact):
    """Beside each cell (under it on a phone) of a line whose points are worked out from
    the entry: its points, live, blank while the cell is blank or refused."""
    ctx, _ = context(tmp_path, compact=compact, lang="de")
    template = find_game("7-wonders")
    names = ["Ana", "Ben", "Cy", "Dora"]
    view = SheetView(ctx, SheetInProgress(template, new_draft(template, None, names)))
    root = view.build()
    assert find(root, "points-coins-1").value == ""
    type_into(root, "line-coins-1", "7")  # 1 per 3 coins
    assert find(root, "points-coins-1").value == "= 2"
    type_into(root, "line-science_gear-2", "3")  # squared
    assert find(root, "points-science_gear-2").value == "= 9"
    type_into(root, "line-coins-1", "x")  # refused: no points shown
    assert find(root, "points-coins-1").value == ""
    type_into(root, "line-coins-1", "4+5")
    assert find(root, "points-coins-1").value == "= 3"
    for key in ("military", "wonder", "civilian"):  # the entry is the points: nothing
        assert not has(root, f"points-{key}-1")


def rulebook_sheets() -> list[str]:
    found = []
    for path in sorted(SHEETS.glob("*.json")):
        sheet = json.loads(path.read_text(encoding="utf-8"))["sheet"]
        if sheet.get("game") not in CATALOGUE:
            continue  # a game given in the sheet file itself
        template = find_game(sheet["game"])
        if not any(line.per_round for line in template.lines) and not sheet.get("modules"):
            found.append(path.stem)
    return found


@pytest.mark.parametrize("name", rulebook_sheets())
def test_every_line_worked_from_its_entry_shows_its_points_and_no_other_does(tmp_path, name):
    """On every game's rulebook sheet: each cell of a line worked out from its entry
    shows the points the core gives it; every other typed line adds its entry as it is
    (so nothing beside it would tell more)."""
    try:
        model, _ = filled(name)
    except (AssertionError, KeyError, ValueError):
        pytest.skip("a sheet the players do not type as it stands (boards, teams, outcomes)")
    ctx, _ = context(tmp_path, compact=True)
    view = SheetView(ctx, model)
    root = view.build()
    state = model.state
    for line in model.end_lines:
        for n, (player, entered) in enumerate(
            zip(state.scored.players, state.entered, strict=True), 1
        ):
            reading = player.readings.get(line.key)
            if worked_from_entry(line):
                shown = find(root, f"points-{line.key}-{n}").value
                wanted = "= " + show(reading.points, "en") if line.key in entered.lines else ""
                assert reading is not None and shown == wanted, (line.key, n)
                continue
            assert not has(root, f"points-{line.key}-{n}")
            if line.counts and line.kind not in ("check", "award") and reading is not None:
                assert reading.points == reading.measure, (line.key, n)
