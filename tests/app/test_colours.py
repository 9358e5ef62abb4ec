"""Player colours: handed out at New play (the game's own colours, or the palette; each
player's last colour again when free), picked by hand (two players never share one),
kept in the draft, shared live, saved with the play, shown in History, on the play
screen and by Edit. Views are built without a browser over a real history file
(``ui_helpers.context``)."""

from __future__ import annotations

import flet as ft
import pytest
from ui_helpers import click, context, find, has, latest, type_into, walk

from scorepad.core import find_game
from scorepad.sheet.colours import SeatColours
from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.edits import ColourEdit
from scorepad.sheet.progress import SheetInProgress, new_draft
from scorepad.ui.history import StoreHistory
from scorepad.ui.newplay_model import NewPlayModel
from scorepad.ui.views.history import HistoryView
from scorepad.ui.views.keypad import keypad
from scorepad.ui.views.newplay import NewPlayView
from scorepad.ui.views.play import play_view
from scorepad.ui.views.play_edit import edit_view
from scorepad.ui.views.sheet import SheetView

AZUL = find_game("azul")
TICKET = find_game("ticket-to-ride")


@pytest.fixture
def history(tmp_path):
    plays = StoreHistory(str(tmp_path / "history.db"))
    yield plays
    plays.close()


def pick(root, ctx, seat: int, colour: str) -> None:
    """Tap player ``seat``'s swatch, then ``colour`` in the picker it opens."""
    shown: list[object] = []
    ctx.show_dialog = shown.append
    click(root, f"colour-{seat}")
    (dialog,) = shown
    click(dialog, f"colour-option-{colour}")


def test_seats_get_colours_that_follow_names_moves_and_removals():
    colours = SeatColours(("blue", "red", "green"), {"ana": "green"})
    form = NewPlayModel(TICKET, ["Ben", "Cleo"], colours=colours)
    colours.follow(form.names)
    assert colours.colours == ["blue", "red"]
    form.names[1] = "Ana"  # a known player: her colour back
    colours.follow(form.names)
    assert colours.colours == ["blue", "green"]
    colours.pick(0, "green", form.names)  # taken from Ana: they swap
    assert colours.colours == ["green", "blue"]
    form.add()
    form.names[2] = "Dora"
    assert form.draft("en").colours == ["green", "blue", "red"]
    form.move(0, 1)  # colours go with the players
    assert form.draft("en").colours == ["blue", "green", "red"]
    form.remove(0)
    assert form.draft("en").colours == ["green", "red"]


def test_a_draft_keeps_its_colours_and_reads_a_stale_one_as_none():
    draft = new_draft(AZUL, None, ["Ana", "Ben"])
    assert "colours" not in draft.to_dict()  # a draft without colours reads as before
    draft.colours = ["blue", "red"]
    ColourEdit(1, "blue").apply_to(draft)  # Ben takes Ana's: they swap
    assert SheetDraft.from_dict(draft.to_dict()).colours == ["red", "blue"]
    ColourEdit(0, "mauve").apply_to(draft)
    ColourEdit(5, "green").apply_to(draft)
    assert draft.colours == ["red", "blue"]
    assert SheetDraft.from_dict({**draft.to_dict(), "colours": ["red", "nope"]}).colours == [
        "red",
        "",
    ]
    assert SheetDraft.from_dict({**draft.to_dict(), "colours": ["red"]}).colours == []


def test_colours_from_new_play_to_the_sheet_history_edit_and_the_next_new_play(tmp_path, history):
    ctx, routes = context(tmp_path, history=history)
    root = NewPlayView(ctx, NewPlayModel(TICKET, ["Ana", "Ben"])).build()
    assert [find(root, f"colour-{n}").content.bgcolor for n in (1, 2)] == ["#0072B2", "#D55E00"]
    pick(root, ctx, 1, "yellow")
    click(root, "start")
    draft = latest(ctx.services.drafts, "ticket-to-ride")
    assert draft is not None and draft.colours == ["yellow", "red"]

    model = SheetInProgress(TICKET, draft)
    view = SheetView(ctx, model)
    sheet = view.build()
    sent: list[object] = []
    keep = model.on_change  # the live sheet's: keeps the draft, passes the edit on
    assert keep is not None
    model.on_change = lambda edit: sent.append(edit) or keep(edit)
    pick(sheet, ctx, 2, "black")
    assert sent == [ColourEdit(1, "black")] and model.draft.colours == ["yellow", "black"]
    kept = latest(ctx.services.drafts, "ticket-to-ride")
    assert kept is not None and kept.colours == ["yellow", "black"]
    assert find(sheet, "colour-2").content.bgcolor == "#000000"
    type_into(sheet, "line-route_1-1", "3")
    type_into(sheet, "line-route_1-2", "2")
    click(sheet, "save")
    play = int(routes[-1].rsplit("/", 1)[1])
    assert [p.colour for p in history.store.get_play(play).summary.players] == ["yellow", "black"]

    said = ["Ana (Yellow)", "Ben (Black)"]
    assert texts_of(play_view(ctx, str(play)), "play-colours") == said
    assert all(s in texts_of(HistoryView(ctx).build(), "history-row-1") for s in said)
    editing = edit_view(ctx, str(play))
    type_into(editing, "line-route_1-1", "4")
    click(editing, "save")
    assert [p.colour for p in history.store.get_play(play).summary.players] == ["yellow", "black"]

    again = NewPlayView(ctx, NewPlayModel(TICKET, ["Ben", "Cleo", "Ana"])).build()
    shown = [find(again, f"colour-{n}").content.bgcolor for n in (1, 2, 3)]
    assert shown == ["#000000", "#0072B2", "#F0E442"]  # Ben black, Ana yellow, Cleo free


def test_a_game_without_colours_of_its_own_offers_the_palette_with_names(tmp_path):
    ctx, _ = context(tmp_path, lang="de")
    root = NewPlayView(ctx, NewPlayModel(AZUL, ["Ana", "Ben"])).build()
    shown: list[object] = []
    ctx.show_dialog = shown.append
    click(root, "colour-1")
    (dialog,) = shown
    options = [c for c in walk_all(dialog) if getattr(c, "identifier", "").startswith("colour-")]
    assert len([o for o in options if o.identifier.startswith("colour-option-")]) == 10
    texts = [o.content.title.value for o in options if o.identifier.startswith("colour-option")]
    assert "Blau" in texts and "Himmelblau" in texts
    assert any("Ben" in t for t in texts)  # Ben's colour says whose it is


def test_a_line_that_can_go_below_zero_asks_for_the_pad_with_a_minus():
    lines = {line.key: line for line in find_game("7-wonders").lines}
    assert keypad(lines["military"]) == ft.KeyboardType.PHONE  # conflicts take points away
    assert keypad(lines["civilian"]) == ft.KeyboardType.NUMBER  # never below zero
    assert keypad(None) == ft.KeyboardType.PHONE  # a line added by hand takes any points


def texts_of(root, ident: str) -> list[str]:
    return [c.value for c in walk_all(find(root, ident)) if isinstance(c, ft.Text)]


def walk_all(root):
    from ui_helpers import walk

    return list(walk(root))


def test_a_sheet_without_colours_shows_no_swatches(tmp_path):
    ctx, _ = context(tmp_path)
    root = SheetView(ctx, SheetInProgress(AZUL, new_draft(AZUL, None, ["Ana", "Ben"]))).build()
    assert not has(root, "colour-1")


def test_the_charts_draw_each_player_in_their_colour(tmp_path, history):
    from scorepad.core.scoring import PlayerSheet
    from scorepad.ui.app import view_for
    from scorepad.ui.views.common import PALETTE as CHART

    ctx, _ = context(tmp_path, history=history)
    players = [PlayerSheet("Ana", {"marker": 60}), PlayerSheet("Ben", {"marker": 50})]
    history.store.save_play(AZUL, None, players, "2026-01-01 20:00", colours=("red", "green"))
    players = [PlayerSheet("Ana", {"marker": 40}), PlayerSheet("Cleo", {"marker": 70})]
    history.store.save_play(AZUL, None, players, "2026-01-02 20:00", colours=("red", None))
    root = view_for(ctx, "/stats?player=Ana")
    pie = find(root, "stats-chart-wins").controls[0].content
    assert [s.color for s in pie.sections] == ["#D55E00", CHART[1]]  # Ana red; Cleo had none
    line = find(root, "stats-chart-totals").content
    assert line.data_series[0].color == "#D55E00"


def key_colour(root, ident: str) -> str:
    """The colour of a chart legend's square (``ident``: its entry)."""
    patch = find(root, ident).controls[0]
    return patch.bgcolor


def test_a_round_plays_chart_legend_lines_and_colours_agree(tmp_path, history):
    """Hugo orange, Léa green: each line, its legend's square and the player's colour
    named under the play are the same colour; a player without one takes the chart's."""
    from scorepad.core.colours import PALETTE as OWN
    from scorepad.core.scoring import PlayerSheet
    from scorepad.ui.views.common import PALETTE as CHART

    ctx, _ = context(tmp_path, history=history)
    skull = find_game("skull-king")
    sheets = [
        PlayerSheet("Hugo", {"bid": [1, 0], "tricks": [1, 0]}),
        PlayerSheet("Léa", {"bid": [0, 1], "tricks": [0, 1]}),
        PlayerSheet("Zoé", {"bid": [0, 0], "tricks": [0, 1]}),
    ]
    play = history.store.save_play(skull, None, sheets, colours=("orange", "green", None))
    root = play_view(ctx, str(play))
    lines = find(root, "play-rounds-chart").content.data_series
    assert [line.color for line in lines] == [OWN["orange"], OWN["green"], CHART[2]]
    legend = [key_colour(root, f"play-chart-key-{n}") for n in (1, 2, 3)]
    assert legend == [line.color for line in lines]
    said = [find(root, f"play-chart-key-{n}").controls[1].value for n in (1, 2, 3)]
    assert said == ["Hugo", "Léa", "Zoé"]
    assert "Hugo (Orange)" in " ".join(
        c.value for c in walk(find(root, "play-colours")) if isinstance(c, ft.Text)
    )


def test_the_wins_pies_legend_shows_each_slices_colour(tmp_path, history):
    from scorepad.core.colours import PALETTE as OWN
    from scorepad.core.scoring import PlayerSheet
    from scorepad.ui.app import view_for

    ctx, _ = context(tmp_path, history=history)
    for when, (a, b) in enumerate([(60, 50), (40, 70), (65, 20)], 1):
        sheets = [PlayerSheet("Ana", {"marker": a}), PlayerSheet("Ben", {"marker": b})]
        history.store.save_play(
            AZUL, None, sheets, f"2026-01-0{when} 20:00", colours=("yellow", "purple")
        )
    root = view_for(ctx, "/stats?player=Ana")
    pie = find(root, "stats-chart-wins").controls[0].content
    slices = [s.color for s in pie.sections]
    assert slices == [OWN["yellow"], OWN["purple"]]  # Ana's 2 wins, Ben's 1
    assert [key_colour(root, f"stats-wins-key-{n}") for n in (1, 2)] == slices
    assert pie.sections[0].title_style.color == "#000000"  # readable on yellow (ink_on)


def test_a_long_title_takes_two_lines_in_a_phones_app_bar(tmp_path):
    phone, _ = context(tmp_path, compact=True)
    draft = new_draft(TICKET, None, ["Ana", "Ben"])
    title = SheetView(phone, SheetInProgress(TICKET, draft)).build().appbar.title
    assert (title.value, title.max_lines) == ("Ticket to Ride", 2)
    wide, _ = context(tmp_path)
    assert SheetView(wide, SheetInProgress(TICKET, draft)).build().appbar.title.max_lines == 1


def test_a_value_typed_sends_no_colour_and_a_colour_picked_elsewhere_shows(tmp_path):
    """Every value typed refreshes the sheet on every device: the swatches and bands are
    sent only when a colour changed, on this device or on another."""
    ctx, _ = context(tmp_path)
    draft = new_draft(TICKET, None, ["Ana", "Ben"])
    draft.colours = ["yellow", "red"]
    model = SheetInProgress(TICKET, draft)
    view = SheetView(ctx, model)
    sheet = view.build()
    assert view.colours.refresh() == []  # as built
    type_into(sheet, "line-route_1-1", "3")
    assert view.colours.refresh() == []
    model.set_colour(1, "black")  # picked on another device: the model is the table's
    changed = view.colours.refresh()
    assert changed == [view.colours.swatches[1].control, view.colours.boxes[1]]
    assert find(sheet, "colour-2").content.bgcolor == "#000000"
    assert view.colours.boxes[1].border.bottom.color == "#000000"
    assert view.colours.refresh() == []
