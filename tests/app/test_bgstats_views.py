"""What the app shows of a BG Stats history: stats per game, History rows of plays
without scores, the anonymous player and ignored plays (no browser, a real SQLite file)."""

from __future__ import annotations

from pathlib import Path

import flet as ft
import pytest
from ui_helpers import context, find, walk

from scorepad.ui.app import view_for
from scorepad.ui.history import StoreHistory
from scorepad.ui.play_model import history_row
from scorepad.ui.stats_model import ALL_GAMES, gather

FIXTURE = Path(__file__).parent.parent / "data" / "bgstats" / "export.bgsplay"


@pytest.fixture
def history(tmp_path):
    opened = StoreHistory(str(tmp_path / "history.db"))
    opened.store.import_file(FIXTURE)
    yield opened
    opened.close()


def by_uid(history: StoreHistory) -> dict[str, object]:
    return {p.uid[-2:].lstrip("0"): p for p in history.store.list_plays(limit=100).plays}


def test_stats_are_per_game_and_all_games_has_no_average(history):
    data = gather(history.store, "Ana")
    # Ana's most played games: Azul and Pandemic, two plays each (by name on a tie)
    assert [g for g, _ in data.player_games[:2]] == ["azul", "pandemic"]
    assert data.game == "azul"
    assert gather(history.store, "Ana", "pandemic").totals == []  # no scores
    azul = gather(history.store, "Ana", "azul")
    assert [p.total for p in azul.totals] == [19, 12]
    assert (azul.player.average_total, azul.player.best_total) == (15.5, 19)
    wingspan = gather(history.store, "Ana", "bgstats-wingspan")
    assert [p.total for p in wingspan.totals] == [90]  # the ignored play's 80 left out
    every = gather(history.store, "Ana", ALL_GAMES)
    assert every.game is None and every.totals == []
    assert (every.player.plays, every.player.wins) == (5, 4)
    assert (every.player.average_total, every.player.best_total) == (None, None)


def test_the_stats_screen_chooses_the_game(tmp_path, history):
    ctx, _ = context(tmp_path, history=history)
    root = view_for(ctx, "/stats?player=Ana")
    chooser = find(root, "stats-player-game")
    assert chooser.value == "azul"
    chooser.value = "azul"
    chooser.on_select(ft.Event(name="select", control=chooser, data=None))
    assert find(root, "stats-player-average").value == "15.5"
    assert find(root, "stats-player-best").value == "19"
    chart = find(root, "stats-chart-totals").content
    assert [p.y for p in chart.data_series[0].points] == [19, 12]
    chooser = find(root, "stats-player-game")
    chooser.value = ALL_GAMES
    chooser.on_select(ft.Event(name="select", control=chooser, data=None))
    assert find(root, "stats-player-plays").value == "5"
    ids = {getattr(c, "identifier", None) for c in walk(root)}
    assert "stats-player-average" not in ids and "stats-chart-totals" not in ids


def test_history_rows_show_winners_only_without_scores_and_mark_ignored_plays(history):
    games = history.store.games()
    plays = by_uid(history)
    pylos = history_row(plays["4"], "en", games)
    assert (pylos.scores, pylos.winners) == ("", ("Carla",))
    anonymous = history_row(plays["2"], "es", games)
    assert anonymous.scores == "Ana 12 · Anónimo 10 · Anónimo"
    ignored = history_row(plays["9"], "en", games)
    assert "ignored" in ignored.title and ignored.winners == ("Ben",)
