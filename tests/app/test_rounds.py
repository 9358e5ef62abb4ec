"""Round games and sums in cells on the sheet, without a browser."""

from __future__ import annotations

import flet as ft
import pytest
from ui_helpers import click, context, find, fire, has, latest, type_into, walk

from scorepad.core import EntryError, builtin_games
from scorepad.core.numbers import read_expression
from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.edits import RoundAdded, RoundDeleted, RoundTextEdit
from scorepad.sheet.progress import SheetInProgress, new_draft
from scorepad.ui.app import view_for
from scorepad.ui.context import Context
from scorepad.ui.settings import Settings

PLAYERS = ["Ana", "Ben", "Carla", "Dan", "Eve", "Finn"]


def model_for(game: str, players: list[str]) -> SheetInProgress:
    template = builtin_games()[game]
    return SheetInProgress(template, new_draft(template, None, players))


# --- the model ---------------------------------------------------------------------------
def test_rounds_keep_running_totals_and_a_sum_counts_as_its_result():
    model = model_for("uno", ["Ana", "Ben"])
    first = model.add_round() and model.draft.rounds[0].id
    model.set_round_text(first, "points", 0, "40+25")
    model.add_round()
    second = model.draft.rounds[1].id
    model.set_round_text(second, "points", 1, "30")
    scored = model.state.scored
    assert [p.rounds for p in scored.players] == [(65, 65), (0, 30)]
    assert model.draft.rounds[0].texts["points"] == ["40+25", ""]  # kept as typed


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("3+", "a sum such as"),
        ("2**99999", "a sum such as"),
        ("1/3", "1 ÷ 3 is not a whole number or a half"),
        ("1" + "+1" * 5000, "too long"),
        ("abc", "is not a number"),
    ],
)
def test_a_broken_sum_is_refused_with_the_cores_message_and_not_counted(text, words):
    model = model_for("uno", ["Ana", "Ben"])
    model.add_round()
    rid = model.draft.rounds[0].id
    model.set_round_text(rid, "points", 0, "12")
    state = model.set_round_text(rid, "points", 1, text)
    problem = state.problem(f"round:{rid}:points", 1)
    assert problem is not None
    message = problem.message("en")
    assert words in message
    with pytest.raises(EntryError) as core:
        read_expression(text)
    assert message == core.value.message("en")  # the core's own reading of the sum
    assert [p.total for p in state.scored.players] == [12, 0]
    assert not state.can_save


def test_a_sum_in_a_sheet_without_rounds_is_counted_and_passed_on_as_typed():
    from scorepad.core.catalogue import builtin_games

    template = builtin_games()["azul"]
    model = SheetInProgress(template, new_draft(template, None, ["Ana", "Ben"]))
    state = model.set_text("marker", 0, "40+8")
    assert state.scored.players[0].total == 48
    sheets_seen: list[object] = []
    import scorepad.core.problems as sheet_model  # the sheet scores through check_sheet

    real = sheet_model.score

    def spy(template, variant, sheets, **options):
        sheets_seen.extend(sheets)
        return real(template, variant, sheets, **options)

    sheet_model.score = spy
    try:
        model.evaluate()
    finally:
        sheet_model.score = real
    assert sheets_seen[0].lines["marker"] == "40+8"  # the expression reaches the core


def test_round_edits_name_rounds_by_id_so_nothing_lands_in_the_wrong_round():
    model = model_for("uno", ["Ana", "Ben"])
    for _ in range(2):  # round 1 is open already
        model.add_round()
    ids = [r.id for r in model.draft.rounds]
    other = SheetDraft.from_dict(model.draft.to_dict())
    # another device deletes round 1 while this one types in round 3
    RoundDeleted(ids[0]).apply_to(other)
    RoundTextEdit(ids[2], "points", 0, "77").apply_to(other)
    assert [r.id for r in other.rounds] == ids[1:]
    assert other.rounds[1].texts["points"][0] == "77"
    # a round added twice (the edit travelling back) is added once; past the limit never
    RoundAdded(ids[1], ("points",)).apply_to(other)
    assert len(other.rounds) == 2
    RoundAdded("new", ("points",), limit=2).apply_to(other)
    assert len(other.rounds) == 2
    # typing into a round that is gone is dropped, not put elsewhere
    RoundTextEdit(ids[0], "points", 0, "5").apply_to(other)
    assert all(r.texts["points"][0] != "5" for r in other.rounds)


def test_the_draft_keeps_rounds_and_notes_through_json():
    model = model_for("skull-king", ["Ana", "Ben"])
    model.add_round()
    model.add_round()
    first = model.draft.rounds[0].id
    model.set_round_text(first, "bid", 0, "1")
    assert model.draft.changed_rounds == []  # nothing played after it yet
    model.set_round_text(model.draft.rounds[1].id, "bid", 1, "2")
    model.set_round_text(first, "bid", 0, "0")
    back = SheetDraft.from_dict(model.draft.to_dict())
    assert back == model.draft
    assert back.changed_rounds == [first]


def test_a_fixed_round_game_stops_adding_rounds_at_its_count():
    model = model_for("skull-king", ["Ana", "Ben"])
    for _ in range(12):
        if model.can_add_round:
            model.add_round()
    assert len(model.draft.rounds) == 10
    assert not model.can_add_round


# --- the sheet ---------------------------------------------------------------------------
def open_sheet(tmp_path, game: str, players: list[str], **kwargs):
    ctx, routes = context(tmp_path, **kwargs)
    sent: list[object] = []
    ctx.update = lambda *controls: sent.extend(controls)
    view = view_for(ctx, f"/new/{game}?players={','.join(players)}")
    return ctx, view, routes


def test_the_picker_lists_the_round_games_and_each_opens_its_round_sheet(tmp_path):
    ctx, routes = context(tmp_path)
    picker = view_for(ctx, "/new")
    for game in ("skull-king", "wizard", "flip-7", "uno"):
        fire(find(picker, f"game-{game}").content, "click")  # the card's tile
        assert routes[-1] == f"/new/{game}"
        assert has(view_for(ctx, f"/new/{game}?players=Ana,Ben,Carla"), "next-round")


def test_a_link_by_game_id_opens_the_round_games_latest_sheet_else_new_play(tmp_path):
    ctx, _ = context(tmp_path)
    before = view_for(ctx, "/sheet/uno")
    assert not has(before, "next-round")
    assert has(before, "add-player")  # New play for Uno
    started = view_for(ctx, "/new/uno?players=Ana,Ben")
    click(started, "next-round")
    type_into(started, "round-1-points-1", "40")
    again = view_for(ctx, "/sheet/uno")
    assert find(again, "round-1-points-1").value == "40"


def test_next_round_adds_a_row_and_the_totals_run(tmp_path):
    ctx, view, _ = open_sheet(tmp_path, "uno", ["Ana", "Ben", "Carla"])
    assert has(view, "round-1-points-1")  # the sheet opens on round 1
    assert not has(view, "round-2-points-1")
    type_into(view, "round-1-points-1", "120")
    click(view, "next-round")
    type_into(view, "round-2-points-2", "80")
    click(view, "next-round")
    type_into(view, "round-3-points-1", "45")
    assert find(view, "round-1-total-1").value == "120"
    assert find(view, "round-3-total-1").value == "165"
    assert find(view, "round-2-total-2").value == "80"
    assert find(view, "total-1").value == "165"
    # the current round (the last) is highlighted, the others not
    blocks = [find(view, f"round-{r}-delete") for r in (1, 2, 3)]
    assert blocks  # present on every round
    draft = latest(ctx.services.drafts, "uno")
    assert draft is not None and len(draft.rounds) == 3


def test_an_earlier_round_changed_redoes_the_totals_and_is_noted(tmp_path):
    ctx, view, _ = open_sheet(tmp_path, "uno", ["Ana", "Ben"])
    type_into(view, "round-1-points-1", "100")
    click(view, "next-round")
    type_into(view, "round-2-points-1", "50")
    note = find(view, "round-1-note")
    assert not _visible(view, "round-1-note")
    type_into(view, "round-1-points-1", "10")
    assert find(view, "round-2-total-1").value == "60"
    assert find(view, "total-1").value == "60"
    assert _visible(view, "round-1-note")
    assert note.value == ctx.t("app.round_changed")


def _visible(root, ident: str) -> bool:
    for control in walk(root):
        if getattr(control, "identifier", None) == ident:
            return bool(control.visible)
    raise LookupError(ident)


def test_a_round_deleted_comes_back_with_undo(tmp_path):
    _, view, _ = open_sheet(tmp_path, "uno", ["Ana", "Ben"])
    for _ in range(2):
        click(view, "next-round")
    for r, points in enumerate(("10", "20", "30"), 1):
        type_into(view, f"round-{r}-points-1", points)
    click(view, "round-2-delete")
    assert find(view, "total-1").value == "40"
    assert find(view, "round-2-points-1").value == "30"  # round 3 moved up
    assert not has(view, "round-3-points-1")
    click(view, "round-undo")
    assert find(view, "total-1").value == "60"
    assert find(view, "round-2-points-1").value == "20"
    assert find(view, "round-3-points-1").value == "30"


def test_several_lines_per_round_and_the_bid_rule(tmp_path):
    _, view, _ = open_sheet(tmp_path, "skull-king", ["Ana", "Ben"])
    type_into(view, "round-1-bid-1", "1")
    type_into(view, "round-1-tricks-1", "1")
    type_into(view, "round-1-bonus-1", "10+20")
    type_into(view, "round-1-bid-2", "1")  # one card, one trick: Ana's
    type_into(view, "round-1-tricks-2", "0")
    assert find(view, "round-1-total-1").value == "50"
    assert find(view, "round-1-total-2").value == find(view, "total-2").value == "-10"
    # the banner says the game is unfinished
    assert "1 of 10" in find(view, "round-note").value


def test_a_target_reached_is_said_and_save_is_offered(tmp_path):
    ctx, view, routes = open_sheet(tmp_path, "uno", ["Ana", "Ben"])
    for _ in range(3):
        click(view, "next-round")
    for r in (1, 2, 3):
        type_into(view, f"round-{r}-points-1", "200")
    banner = find(view, "round-note").value
    assert "Ana reached 500 in round 3" in banner
    assert ctx.t("app.rounds_over") in banner
    assert not find(view, "save").disabled
    # nothing stops the table playing on
    assert not find(view, "next-round").disabled
    click(view, "save")
    assert routes[-1].startswith("/play/")


def test_sums_show_their_result_until_the_cell_is_edited(tmp_path):
    ctx, view, _ = open_sheet(tmp_path, "uno", ["Ana", "Ben"])
    click(view, "next-round")
    field = find(view, "round-1-points-1")
    fire(field, "focus")
    type_into(view, "round-1-points-1", "3+6+2")
    assert field.value == "3+6+2"
    fire(field, "blur")
    assert field.value == "11"
    assert find(view, "total-1").value == "11"
    fire(field, "focus")
    assert field.value == "3+6+2"
    fire(field, "blur")
    type_into(view, "round-1-points-2", "1/3")
    fire(find(view, "round-1-points-2"), "blur")
    assert find(view, "round-1-points-2").value == "1/3"  # broken: left as typed, marked
    assert find(view, "round-1-points-2").error
    problem = find(view, "problem-round-1-points-2").value
    assert "1 ÷ 3 is not a whole number or a half" in problem
    assert find(view, "total-2").value == "0"
    draft = latest(ctx.services.drafts, "uno")
    assert draft is not None and draft.rounds[0].texts["points"] == ["3+6+2", "1/3"]


def test_a_sum_in_an_ordinary_sheet_shows_its_result_when_left(tmp_path):
    ctx, _ = context(tmp_path)
    view = view_for(ctx, "/new/azul?players=Ana,Ben")
    field = find(view, "line-marker-1")
    fire(field, "focus")
    type_into(view, "line-marker-1", "40+8")
    fire(field, "blur")
    assert field.value == "48"
    assert find(view, "total-1").value == "48"
    # reopened, the sheet shows the result too, and the draft holds the sum
    again = view_for(ctx, "/sheet/azul")
    assert find(again, "line-marker-1").value == "48"


def test_six_players_on_a_phone_keep_the_totals_in_the_bottom_bar(tmp_path):
    _, view, _ = open_sheet(tmp_path, "uno", PLAYERS, compact=True)
    for _ in range(20):
        click(view, "next-round")
    assert view.bottom_appbar is not None
    inside = list(walk(view.bottom_appbar))
    for n in range(1, 7):
        assert any(getattr(c, "identifier", None) == f"total-{n}" for c in inside)
    assert has(view, "round-20-points-6")


# --- two devices -------------------------------------------------------------------------
def test_a_round_added_or_deleted_on_one_device_while_another_types_loses_nothing(tmp_path):
    ctx, first, _ = open_sheet(tmp_path, "uno", ["Ana", "Ben"])
    other = Context(ctx.services, Settings(), navigate=lambda r: None)
    other.update = lambda *controls: None
    click(first, "next-round")
    click(first, "next-round")
    second = view_for(other, "/sheet/uno")
    assert has(second, "round-2-points-2")
    # the second device's field gets a value (browser) whose change event has not run yet
    typing = find(second, "round-2-points-2")
    typing.value = "33"
    click(first, "round-1-delete")  # runs in between
    assert typing.value == "33"  # not overwritten while its change is on its way
    fire(typing, "change", "33")
    assert find(first, "round-1-points-2").value == "33"
    assert find(second, "round-1-points-2") is typing  # the same field, renumbered
    click(first, "next-round")
    type_into(second, "round-2-points-1", "7")
    assert find(first, "round-2-points-1").value == "7"
    assert find(first, "total-2").value == "33"
    assert find(second, "total-1").value == "7"


# --- the play screen and History ---------------------------------------------------------
def test_a_saved_round_play_shows_its_rounds_and_a_chart_and_history_its_totals(tmp_path):
    ctx, view, routes = open_sheet(tmp_path, "uno", ["Ana", "Ben"])
    for _ in range(3):
        click(view, "next-round")
    for r, (a, b) in enumerate((("100", "0"), ("0", "75"), ("60+20", "0")), 1):
        type_into(view, f"round-{r}-points-1", a)
        type_into(view, f"round-{r}-points-2", b)
    click(view, "save")
    play_route = routes[-1]
    play = view_for(ctx, play_route)
    assert find(play, "play-round-1-total-1").value == "100"
    assert find(play, "play-round-3-total-1").value == "180"
    assert find(play, "play-round-3-total-2").value == "75"
    assert find(play, "total-1").value == "180"
    chart = find(play, "play-rounds-chart").content
    assert [[p.y for p in s.points] for s in chart.data_series] == [
        [100, 100, 180],
        [0, 75, 75],
    ]
    assert "500" in find(play, "round-note").value  # no one reached it: unfinished
    # History's row: the final totals, as for any play; it opens the play
    history = view_for(ctx, "/history")
    row = find(history, "history-row-1")
    texts = [getattr(c, "value", None) for c in walk(row)]
    assert "Ana 180 · Ben 75" in texts
    tile = next(c for c in walk(row) if isinstance(c, ft.ListTile))
    fire(tile, "click")
    assert routes[-1] == play_route


def test_a_saved_round_play_edited_shows_its_rounds_again_and_saves_the_change(tmp_path):
    ctx, view, routes = open_sheet(tmp_path, "uno", ["Ana", "Ben"])
    for _ in range(2):
        click(view, "next-round")
    type_into(view, "round-1-points-1", "100")
    type_into(view, "round-2-points-2", "75")
    click(view, "save")
    play_id = routes[-1].rsplit("/", 1)[1]
    edit = view_for(ctx, f"/play/{play_id}/edit")
    assert find(edit, "round-1-points-1").value == "100"
    assert find(edit, "round-2-points-2").value == "75"
    type_into(edit, "round-2-points-2", "80")
    assert find(edit, "total-2").value == "80"
    click(edit, "save")
    again = view_for(ctx, f"/play/{play_id}")
    assert find(again, "play-round-2-total-2").value == "80"


def test_new_play_for_a_round_game_starts_its_round_sheet(tmp_path):
    ctx, routes = context(tmp_path)
    form = view_for(ctx, "/new/skull-king")
    type_into(form, "player-1", "Ana")
    type_into(form, "player-2", "Ben")
    click(form, "start")
    assert routes[-1].startswith("/sheet/")
    sheet = view_for(ctx, routes[-1])
    click(sheet, "next-round")
    assert has(sheet, "round-1-bid-2")
    assert "0 of 10" not in find(sheet, "round-note").value  # nothing entered yet: no banner


@pytest.mark.parametrize(
    ("route", "ident"),
    [("/new/azul?players=Ana,Ben", "line-marker-1"), ("/new/uno?players=Ana,Ben", None)],
)
def test_a_sum_typed_in_the_app_is_saved_as_typed_and_edit_shows_it_again(tmp_path, route, ident):
    ctx, routes = context(tmp_path)
    view = view_for(ctx, route)
    if ident is None:  # a round game: the sum goes into round 1
        click(view, "next-round")
        ident = "round-1-points-1"
    type_into(view, ident, "40+8")
    click(view, "save")
    play_id = int(routes[-1].rsplit("/", 1)[1])
    record = ctx.services.history.store.get_play(play_id)
    assert record.sheet.players[0].total == 48
    entry = record.player_sheets()[0].lines[ident.split("-")[1] if "line" in ident else "points"]
    assert entry == ("40+8" if "line" in ident else ["40+8"])  # kept as typed
    edit = view_for(ctx, f"/play/{play_id}/edit")
    field = find(edit, ident)
    fire(field, "focus")
    assert field.value == "40+8"  # Edit shows the sum again
    fire(field, "blur")
    assert field.value == "48"
    type_into(edit, ident, "40+9")
    click(edit, "save")
    again = ctx.services.history.store.get_play(play_id)
    assert again.sheet.players[0].total == 49
    kept = again.player_sheets()[0].lines[ident.split("-")[1] if "line" in ident else "points"]
    assert kept == ("40+9" if "line" in ident else ["40+9"])
