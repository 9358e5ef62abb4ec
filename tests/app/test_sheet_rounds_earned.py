"""A round game's sheet shows, beside each round's quantity on an award or tally line,
the points it earned in that round (``earned_by_round``; ``round-R-earned-KEY-n`` on
screen). Values: the Sushi Go! rulebook sheets the core's tests score (tests/core/sheets)
and the rulebook's "Scoring" section: sushi rolls most 6, second 3, a tie splits the
points ignoring any remainder, a tie for most gives no second place, a player without
maki is not counted; puddings most 6, fewest −6, no loss with 2 players."""

from __future__ import annotations

import json
from pathlib import Path

import flet as ft
import pytest
from test_live import Device
from ui_helpers import click, context, find, has, type_into, walk

from scorepad.core import find_game
from scorepad.core.errors import TemplateError
from scorepad.core.loader import load_template
from scorepad.core.scoring import show
from scorepad.core.sheetrules import Bonus, SheetRules, not_on_sheet, round_points
from scorepad.printing.model import played_sheet
from scorepad.sheet.progress import SheetInProgress, earned, earned_by_round, new_draft
from scorepad.ui.app import view_for
from scorepad.ui.context import Context
from scorepad.ui.settings import Settings
from scorepad.ui.views.sheet import SheetView

SHEETS = Path(__file__).parent.parent / "core" / "sheets"
SUSHI = find_game("sushi-go")
MAKI = SUSHI.line("maki")
DUMPLINGS = SUSHI.line("dumplings")


def filled(name: str) -> tuple[SheetInProgress, dict]:
    """A core test sheet typed in round by round, as the players would."""
    data = json.loads((SHEETS / f"{name}.json").read_text(encoding="utf-8"))
    sheet = data["sheet"]
    template = find_game(sheet["game"])
    players = [p["name"] for p in sheet["players"]]
    model = SheetInProgress(template, new_draft(template, None, players))
    for _ in range(template.rounds.limit(len(players))):
        model.add_round()
    ids = [row.id for row in model.draft.rounds]
    for index, player in enumerate(sheet["players"]):
        for key, value in player["lines"].items():
            if isinstance(value, list):
                for round_id, entry in zip(ids, value, strict=True):
                    model.set_round_text(round_id, key, index, str(entry))
            else:
                model.set_text(key, index, str(value))
    assert not model.state.problems and model.state.can_save
    return model, data["expect"]


def test_maki_each_round_ties_split_and_a_tie_for_most_gives_no_second_place():
    model, expect = filled("sushi-go-rulebook")  # maki: Ana 3 0 2, Ben 3 4 2, Carla 1 2 0
    assert earned_by_round(model.state, MAKI) == [
        (3, 3, 0),  # Ana and Ben tie for most: 6 split; Carla's 1 gets no second place
        (0, 6, 3),  # Ben most, Carla second; Ana has none and is not counted
        (3, 3, 0),
    ]
    assert earned_by_round(model.state, DUMPLINGS) == [
        (1, 3, None),  # 1 → 1, 2 → 3; Carla left it blank
        (0, 0, None),
        (15, 0, None),  # 5 or more → 15
    ]
    players = model.state.scored.players
    for key in ("maki", "dumplings"):  # the rounds add up to the line's points
        line = SUSHI.line(key)
        for n, player in enumerate(players):
            got = sum(r[n] or 0 for r in earned_by_round(model.state, line))
            assert got == expect["lines"][player.name][key], (key, player.name)
    assert [list(r) for r in zip(*(p.rounds for p in players), strict=True)] == expect["rounds"]
    assert {p.name: p.total for p in players} == expect["totals"]
    assert earned(model.state, "pudding") == (3, -6, 3)  # Ana and Carla split the 6


def test_maki_ties_are_split_rounded_down():
    four = [[3], [3], [3], [3]]  # four tied for most: 6 ÷ 4 = 1 each, the rest ignored
    assert round_points(MAKI, four) == [[1, 1, 1, 1]]
    second = [[5], [2], [2], [0]]  # two tied for second: 3 ÷ 2 = 1 each; none: not counted
    assert round_points(MAKI, second) == [[6, 1, 1, 0]]
    assert round_points(MAKI, [[0], [0]]) == [[0, 0]]  # no maki at all: no one scores


def test_pudding_with_two_players_gives_no_minus_6_and_breaks_the_tie():
    model, expect = filled("sushi-go-two-players")
    assert earned(model.state, "pudding") == (6, 0)  # Ben has fewest, and loses nothing
    assert earned_by_round(model.state, MAKI) == [(3, 3)] * 3  # tied for most every round
    scored = model.state.scored
    assert {p.name: p.total for p in scored.players} == expect["totals"] == {"Ana": 20, "Ben": 20}
    assert scored.winners == ("Ana",) and scored.decided_by == "tiebreak"


def test_the_earned_points_change_for_every_player_as_anyone_types():
    model = SheetInProgress(SUSHI, new_draft(SUSHI, None, ["Ana", "Ben", "Cy"]))
    model.add_round()
    round_id = model.draft.rounds[0].id
    model.set_round_text(round_id, "maki", 1, "2")
    model.set_round_text(round_id, "maki", 2, "1")
    assert earned_by_round(model.state, MAKI) == [(None, 6, 3)]
    model.set_round_text(round_id, "maki", 0, "2")  # Ana ties Ben: they split, Cy gets 0
    assert earned_by_round(model.state, MAKI) == [(3, 3, 0)]
    model.set_round_text(round_id, "maki", 0, "x")  # refused: not counted, nothing shown
    assert earned_by_round(model.state, MAKI) == [(None, 6, 3)]


def test_the_round_block_shows_earned_points_and_follows_a_deleted_round(tmp_path):
    ctx, routes = context(tmp_path, compact=True)
    view = SheetView(ctx, SheetInProgress(SUSHI, new_draft(SUSHI, None, ["Ana", "Ben", "Cy"])))
    root = view.build()
    type_into(root, "round-1-maki-1", "3")  # the sheet opens on round 1
    type_into(root, "round-1-maki-2", "1")
    assert find(root, "round-1-earned-maki-1").value == "6"
    assert find(root, "round-1-earned-maki-2").value == "3"
    assert find(root, "round-1-earned-maki-3").value == ""  # blank: nothing earned yet
    type_into(root, "round-1-maki-3", "3")  # Cy ties Ana: Ben's second place goes
    assert [find(root, f"round-1-earned-maki-{n}").value for n in (1, 2, 3)] == ["3", "0", "3"]
    type_into(root, "round-1-dumplings-2", "3")
    assert find(root, "round-1-earned-dumplings-2").value == "6"
    assert find(root, "round-1-total-2").value == "6"
    click(root, "next-round")
    type_into(root, "round-2-maki-2", "4")
    assert find(root, "round-2-earned-maki-2").value == "6"
    click(root, "round-1-delete")  # round 2 becomes round 1, its earned points with it
    assert find(root, "round-1-earned-maki-2").value == "6"
    assert not has(root, "round-2-earned-maki-2")
    assert not has(root, "earned-maki-1")  # the per-round line has no end-of-game cell
    for n, puddings in enumerate(["2", "1", "0"], 1):  # at the end: most 6, fewest −6
        type_into(root, f"line-pudding-{n}", puddings)
    pudding = [find(root, f"earned-pudding-{n}").value for n in (1, 2, 3)]
    assert pudding == [show(6, ctx.lang), show(0, ctx.lang), show(-6, ctx.lang)]
    click(root, "save")
    assert routes and routes[-1].startswith("/play/")


def test_rules_over_per_round_lines_are_refused_and_not_on_the_sheet():
    """A bonus reading a per-round line would be added up over the whole play with no row
    under the rounds: the loader refuses it, and ``not_on_sheet`` names it for a template
    that has one all the same."""
    data = {
        "id": "target-rounds",
        "version": 1,
        "name": {"en": "Target rounds"},
        "players": {"min": 2, "max": 4},
        "rounds": {"count": 2},
        "lines": [{"key": "hits", "kind": "count", "per_round": True, "label": {"en": "Hits"}}],
    }
    bonus = {"key": "sharp", "label": {"en": "Sharp"}, "lines": ["hits"], "reach": 10, "points": 5}
    with pytest.raises(TemplateError, match="per round"):
        load_template({**data, "bonuses": [bonus]}, "target-rounds.json")
    template = load_template(data, "target-rounds.json")
    assert not_on_sheet(template) is None
    template.rules = SheetRules(bonuses=(Bonus("sharp", {"en": "Sharp"}, ("hits",), 10, 5),))
    assert not_on_sheet(template) == "bonuses"
    assert not_on_sheet(SUSHI) is None


def test_sushi_go_plays_end_to_end_and_the_pudding_breaks_the_tie(tmp_path):
    """Offered in the picker; three rounds, puddings at the end, Save; the play screen
    and History show what the rulebook sheet gives (a tie on 20 broken by puddings)."""
    data = json.loads((SHEETS / "sushi-go-two-players.json").read_text(encoding="utf-8"))
    players, expect = data["sheet"]["players"], data["expect"]
    ctx, routes = context(tmp_path)
    assert "sushi-go" in ctx.services.history.store.games()
    root = view_for(ctx, "/new/sushi-go?players=Ana,Ben")
    for number in (1, 2, 3):
        click(root, "next-round")
        for n, player in enumerate(players, 1):
            for key, value in player["lines"].items():
                if isinstance(value, list):
                    type_into(root, f"round-{number}-{key}-{n}", str(value[number - 1]))
        assert find(root, f"round-{number}-earned-maki-1").value == "3"  # tied: 6 split
        for n, total in enumerate(expect["rounds"][number - 1], 1):
            assert find(root, f"round-{number}-total-{n}").value == str(total)
    assert find(root, "next-round").disabled  # the game has three rounds
    for n, player in enumerate(players, 1):
        type_into(root, f"line-pudding-{n}", str(player["lines"]["pudding"]))
    assert [find(root, f"earned-pudding-{n}").value for n in (1, 2)] == ["6", "0"]
    assert find(root, "result").value == expect["explanation"]["en"]
    click(root, "save")
    play = view_for(ctx, routes[-1])
    assert [find(play, f"total-{n}").value for n in (1, 2)] == ["20", "20"]
    assert find(play, "play-round-3-total-2").value == "20"
    assert find(play, "result").value == expect["explanation"]["en"]
    history = view_for(ctx, "/history")
    row = find(history, "history-row-1")
    texts = [c.value for c in walk(row) if isinstance(c, ft.Text)]
    assert "Ana 20 · Ben 20" in texts


def test_the_play_screen_gives_a_per_round_award_every_round_s_quantity():
    """The play screen's table (printing's played sheet): maki's points over the three
    rounds beside every round's icons added up, as the tally's dumplings are."""
    model, expect = filled("sushi-go-rulebook")
    table = played_sheet(model.state.scored, "en")
    rows = {row.label: row.cells for row in table.rows}
    names = [p.name for p in model.state.scored.players]
    maki = rows[MAKI.label["en"]]
    assert [c.value for c in maki] == [str(expect["lines"][n]["maki"]) for n in names]
    assert [c.note for c in maki] == ["5", "9", "3"]  # 3+0+2, 3+4+2, 1+2+0 icons
    dumplings = rows[DUMPLINGS.label["en"]]
    assert [c.value for c in dumplings] == [str(expect["lines"][n]["dumplings"]) for n in names]
    assert [c.note for c in dumplings] == ["7", "2", "0"]


def test_on_the_live_sheet_a_maki_typed_on_one_phone_changes_the_points_on_the_other(tmp_path):
    ctx, _ = context(tmp_path)
    ana = Device(ctx)
    ben = Device(Context(ctx.services, Settings(), navigate=lambda r: None))
    ana.open("/new/sushi-go?players=Ana,Ben,Cy")
    ben.open("/sheet/sushi-go")
    click(ana.root, "next-round")
    type_into(ana.root, "round-1-maki-1", "2")
    assert ben.value("round-1-earned-maki-1") == "6"
    assert find(ben.root, "round-1-earned-maki-1") in ben.sent  # sent to Ben's browser
    type_into(ben.root, "round-1-maki-2", "3")  # Ben takes most: Ana drops to second
    for device in (ana, ben):
        assert device.value("round-1-earned-maki-1") == "3"
        assert device.value("round-1-earned-maki-2") == "6"
        assert device.value("round-1-total-2") == "6"
