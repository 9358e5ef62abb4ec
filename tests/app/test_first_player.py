"""Who starts: picked at New play or on the sheet (kept in the draft, shared live), saved
with the play, shown on the play screen and in History, kept by Edit. Views are built
without a browser over a real history file (``ui_helpers.context``)."""

from __future__ import annotations

import flet as ft
import pytest
from ui_helpers import click, context, find, has, latest, run_async, type_into, walk

from scorepad.core import find_game
from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.edits import FirstPlayerEdit
from scorepad.sheet.progress import SheetInProgress, new_draft
from scorepad.ui.history import StoreHistory
from scorepad.ui.newplay_model import NewPlayModel
from scorepad.ui.views import first_player_part
from scorepad.ui.views.first_player_part import MARK
from scorepad.ui.views.history import HistoryView
from scorepad.ui.views.newplay import NewPlayView
from scorepad.ui.views.play import play_view
from scorepad.ui.views.play_edit import edit_view
from scorepad.ui.views.sheet import SheetView

AZUL = find_game("azul")


@pytest.fixture(autouse=True)
def quick_flicker(monkeypatch):
    monkeypatch.setattr(first_player_part, "FLICK_SECONDS", 0)


@pytest.fixture
def history(tmp_path):
    plays = StoreHistory(str(tmp_path / "history.db"))
    yield plays
    plays.close()


def test_the_pick_at_new_play_follows_its_seat_through_renames_moves_and_removals():
    form = NewPlayModel(AZUL, ["Ana", "Ben", "Cleo"])
    form.first = 1
    assert form.first_player() == "Ben"
    form.names[1] = "Benito"  # a name corrected after the pick
    assert form.first_player() == "Benito"
    form.move(1, -1)  # the pick goes with the player
    assert (form.first, form.first_player()) == (0, "Benito")
    form.remove(2)  # someone after them leaves
    assert form.first_player() == "Benito"
    form.add()
    form.names[2] = "Dora"
    form.remove(1)
    assert form.first_player() == "Benito"
    form.add()  # Azul takes two at least: a third seat, so that one may go
    form.names[2] = "Eva"
    form.remove(0)  # the player who was to start leaves: nobody starts
    assert form.first is None and form.first_player() is None
    assert form.draft("en").first_player == ""


def test_a_draft_keeps_its_first_player_and_drops_one_not_at_the_table():
    draft = new_draft(AZUL, None, ["Ana", "Ben"])
    assert "first_player" not in draft.to_dict()  # as before when nobody was picked
    FirstPlayerEdit("Ben").apply_to(draft)
    assert SheetDraft.from_dict(draft.to_dict()).first_player == "Ben"
    FirstPlayerEdit("Zoe").apply_to(draft)
    assert draft.first_player == ""
    stale = {**draft.to_dict(), "first_player": "Zoe"}
    assert SheetDraft.from_dict(stale).first_player == ""


def test_who_starts_at_new_play_lands_on_a_named_seat_and_goes_to_the_sheet(tmp_path):
    ctx, routes = context(tmp_path)
    form = NewPlayModel(AZUL, ["Ana", "Ben", ""])
    view = NewPlayView(ctx, form)
    root = view.build()
    assert find(root, "first-player-name").value == ""
    run_async(view.first.on_pick)
    assert form.first in (0, 1)  # never the seat with no name yet
    picked = form.names[form.first]
    assert find(root, "first-player-name").value == f"{picked} starts"
    assert find(root, f"player-{form.first + 1}").prefix_icon == MARK
    type_into(root, f"player-{form.first + 1}", picked + "a")
    assert find(root, "first-player-name").value == f"{picked}a starts"
    type_into(root, "player-3", "Cleo")
    click(root, "start")
    draft = latest(ctx.services.drafts, "azul")
    assert draft is not None and draft.first_player == picked + "a"
    assert routes == [f"/sheet/{draft.sheet_id}"]


def test_who_starts_on_the_sheet_is_shared_saved_shown_and_kept_by_edit(tmp_path, history):
    ctx, routes = context(tmp_path, history=history)
    model = SheetInProgress(AZUL, new_draft(AZUL, None, ["Ana", "Ben", "Cleo"]))
    view = SheetView(ctx, model)
    root = view.build()
    sent: list[object] = []
    keep = model.on_change  # the live sheet's: keeps the draft, passes the edit on
    assert keep is not None
    model.on_change = lambda edit: sent.append(edit) or keep(edit)
    run_async(view.first.on_pick)
    first = model.draft.first_player
    assert first in ("Ana", "Ben", "Cleo") and sent == [FirstPlayerEdit(first)]
    seat = model.players.index(first) + 1
    assert find(root, "first-player-name").value == f"{first} starts"
    assert [marked(root, n) for n in (1, 2, 3)] == [n == seat for n in (1, 2, 3)]
    kept = latest(ctx.services.drafts, "azul")  # the autosaved draft: survives a restart
    assert kept is not None and kept.first_player == first
    other = SheetInProgress(AZUL, SheetDraft.from_dict(kept.to_dict()))
    assert other.draft.first_player == first
    type_into(root, "line-marker-1", "40")
    type_into(root, "line-marker-2", "30")
    type_into(root, "line-marker-3", "20")
    click(root, "save")
    play = int(routes[-1].rsplit("/", 1)[1])
    assert history.store.get_play(play).summary.first_player == first
    shown = play_view(ctx, str(play))
    assert find(shown, "play-first-player").value == f"First player: {first}"
    listing = HistoryView(ctx).build()
    assert find(listing, "history-first-player-1").value == f"First player: {first}"
    editing = edit_view(ctx, str(play))
    assert find(editing, "first-player-name").value == f"{first} starts"
    type_into(editing, "line-marker-1", "41")
    click(editing, "save")
    assert history.store.get_play(play).summary.first_player == first


def test_the_game_rule_is_said_beside_the_button_in_the_readers_language(tmp_path):
    from scorepad.core import load_template

    rule = {"en": "The youngest player starts.", "fr": "Le plus jeune commence."}
    game = load_template({**AZUL.source, "id": "azul-rule", "first_player": rule}, "t.json")
    ctx, _ = context(tmp_path, lang="fr")
    root = NewPlayView(ctx, NewPlayModel(game, ["Ana", "Ben"])).build()
    assert find(root, "first-player-rule").value == "Le plus jeune commence."
    assert find(root, "first-player").content == "Qui commence ?"
    plain = NewPlayView(ctx, NewPlayModel(find_game("glass-road"), ["Ana", "Ben"])).build()
    assert not has(plain, "first-player-rule")


def test_every_device_on_a_live_sheet_sees_who_starts(tmp_path, history):
    from scorepad.ui.app import view_for
    from scorepad.ui.context import Context
    from scorepad.ui.settings import Settings

    ctx, _ = context(tmp_path, history=history)
    other = Context(ctx.services, Settings(), navigate=lambda route: None)
    sent: list[object] = []
    other.update = lambda *controls: sent.extend(controls)
    here = view_for(ctx, "/new/azul?players=Ana,Ben,Carla")
    there = view_for(other, "/sheet/azul")
    run_async(find(here, "first-player").on_click)
    first = latest(ctx.services.drafts, "azul").first_player
    assert first in ("Ana", "Ben", "Carla")
    assert find(there, "first-player-name").value == f"{first} starts"
    assert find(there, "first-player-name") in sent  # sent to that device's browser
    marks = [marked(there, n) for n in (1, 2, 3)]
    assert marks == [name == first for name in ("Ana", "Ben", "Carla")]


def marked(root: object, n: int) -> bool:
    """Whether the flag beside player ``n``'s name is shown (its wrapper is what hides)."""
    found = [
        c for c in walk(root) if isinstance(c, ft.Semantics) and c.identifier == f"first-mark-{n}"
    ]
    assert len(found) == 1 and found[0].content.icon == MARK
    return bool(found[0].visible)
