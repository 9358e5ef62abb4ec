"""Co-operative and team plays saved from the command line, seen in the app: the app does
not offer these games yet (it cannot show an outcome or teams on its sheet), but its
history, play screen, edit and rematch never fail on them."""

from __future__ import annotations

import flet as ft
import pytest
from ui_helpers import context, find, walk

from scorepad.core import PlayerSheet
from scorepad.core.catalogue import result_games
from scorepad.ui.history import StoreHistory
from scorepad.ui.views.history import HistoryView
from scorepad.ui.views.play import play_view
from scorepad.ui.views.play_edit import edit_view


@pytest.fixture
def history(tmp_path):
    plays = StoreHistory(str(tmp_path / "history.db"))
    yield plays
    plays.close()


def texts(root: object) -> list[str]:
    return [c.value for c in walk(root) if isinstance(c, ft.Text) and c.value]


def test_result_plays_show_in_the_history_and_their_screen_without_failing(tmp_path, history):
    store = history.store
    lost = store.save_play(
        result_games()["pandemic"], None, [PlayerSheet("Ana"), PlayerSheet("Ben")], outcome="lost"
    )
    teams = [PlayerSheet(n, team=t) for n, t in (("Ana", "Red"), ("Ben", "Blue"))]
    teams += [PlayerSheet(n, team=t) for n, t in (("Cy", "Red"), ("Di", "Blue"))]
    won = store.save_play(result_games()["codenames"], None, teams, outcome="Blue")
    ctx, _ = context(tmp_path, history=history)
    root = HistoryView(ctx).build()
    assert find(root, "history-row-1") is not None and find(root, "history-row-2") is not None
    root = play_view(ctx, str(lost))
    assert find(root, "result").value == "The game wins: everyone loses together."
    root = play_view(ctx, str(won))
    assert find(root, "result").value == "Blue wins (Ben and Di)."
    for play in (lost, won):
        ctx.route = f"/play/{play}/edit"
        root = edit_view(ctx, str(play))  # refused with a sentence, never a failure
        assert any("cannot edit" in t for t in texts(root))
