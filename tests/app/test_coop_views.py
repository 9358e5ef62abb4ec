"""A co-operative play read where a player looks for it: History, Home's recent plays,
Stats (the player's figures, the game's card, head to head) say it was won or lost
together, with no score for a game that has none and never a trophy for a loss. Built
without a browser over a real SQLite history, in every language the app has."""

from __future__ import annotations

import flet as ft
import pytest
from ui_helpers import context, find, has, walk

from scorepad.core import PlayerSheet, find_game
from scorepad.core.i18n import LANGS, pick, tr
from scorepad.ui.app import view_for
from scorepad.ui.history import StoreHistory

PANDEMIC = find_game("pandemic")  # co-operative, no score: won or lost, nothing to add up
HANABI = find_game("hanabi")  # co-operative with a score


@pytest.fixture
def history(tmp_path):
    opened = StoreHistory(str(tmp_path / "history.db"))
    yield opened
    opened.close()


def shown(root: object) -> list[str]:
    return [c.value for c in walk(root) if isinstance(c, ft.Text) and c.value]


def sign(rows: object, n: int) -> object:
    """The icon leading History's row ``n``."""
    return find(rows, f"history-row-{n}").content.leading.icon


def table(history) -> dict[str, int]:
    """An Azul play Léa won against Chloé, then a Pandemic they lost together."""
    azul = [PlayerSheet("Léa", {"marker": 50}), PlayerSheet("Chloé", {"marker": 40})]
    together = [PlayerSheet("Léa", {}), PlayerSheet("Chloé", {})]
    return {
        "azul": history.store.save_play(find_game("azul"), None, azul, "2026-12-01 20:00"),
        "lost": history.store.save_play(
            PANDEMIC, None, together, "2026-12-02 20:00", outcome="lost"
        ),
    }


@pytest.mark.parametrize("lang", LANGS)
def test_a_lost_co_operative_play_reads_as_lost_together_in_history_and_home(
    tmp_path, history, lang
):
    table(history)
    ctx, _ = context(tmp_path, history=history, lang=lang)
    lost = tr("store.coop_lost", lang)
    rows = view_for(ctx, "/history")
    row = " ".join(shown(find(rows, "history-row-1")))
    assert f"Léa · Chloé · {lost}" in row
    assert " 0" not in row  # Pandemic has no score: no "Léa 0 · Chloé 0"
    assert sign(rows, 1) == ft.Icons.HEART_BROKEN_OUTLINED  # no trophy for a loss
    assert sign(rows, 2) == ft.Icons.EMOJI_EVENTS  # the Azul play Léa won has its trophy
    home = view_for(ctx, "/")
    name = pick(PANDEMIC.name, lang)
    assert shown(find(home, "recent-1")) == [f"2026-12-02 · {name} · {lost}"]


def test_a_won_co_operative_play_with_a_score_says_so_with_the_score(tmp_path, history):
    fireworks = {"white": 5, "red": 4, "blue": 5, "yellow": 3, "green": 5}  # on one sheet
    players = [PlayerSheet("Léa", fireworks), PlayerSheet("Chloé", {})]
    history.store.save_play(HANABI, None, players, "2026-12-03 20:00", outcome="won")
    ctx, _ = context(tmp_path, history=history)
    rows = view_for(ctx, "/history")
    assert "Léa · Chloé · won together, 22" in shown(find(rows, "history-row-1"))
    assert not any(t.startswith("Won by") for t in shown(find(rows, "history-row-1")))
    assert sign(rows, 1) == ft.Icons.EMOJI_EVENTS
    home = view_for(ctx, "/")
    assert shown(find(home, "recent-1")) == ["2026-12-03 · Hanabi · won together, 22"]


def test_stats_count_co_operative_wins_and_losses_apart(tmp_path, history):
    table(history)
    players = [PlayerSheet("Léa", {}), PlayerSheet("Chloé", {})]
    history.store.save_play(PANDEMIC, None, players, "2026-12-04 20:00", outcome="won")
    history.store.save_play(PANDEMIC, None, players, "2026-12-05 20:00", outcome="lost")

    game = history.store.game_stats("pandemic")
    assert (game.plays, game.coop_wins, game.coop_losses) == (3, 1, 2)
    assert not game.scored and game.best_total is None and game.distribution == ()
    h2h = history.store.head_to_head("Léa", "Chloé")
    assert (h2h.plays, h2h.coop_plays, h2h.coop_wins) == (4, 3, 1)
    assert (h2h.a_ahead, h2h.b_ahead, h2h.level, h2h.a_wins, h2h.b_wins) == (1, 0, 0, 1, 0)

    ctx, _ = context(tmp_path, history=history)
    root = view_for(ctx, "/stats?player=Léa")
    card = " ".join(shown(find(root, "stats-game-pandemic")))
    assert "Plays: 3 · won together 1 · lost together 2" in card
    assert "best" not in card  # no "best 0 (–)" for a game without a score
    assert find(root, "stats-h2h").value == (
        "Chloé vs Léa: 1 plays together; Chloé ahead 0, Léa ahead 1, tied 0; wins 0–1"
        " Chloé and Léa in co-operative games: plays 3, won together 1, lost together 2"
    )
    chooser = find(root, "stats-player-game")
    chooser.value = "pandemic"
    chooser.on_select(ft.Event(name="select", control=chooser, data=None))
    figures = {
        k: find(root, f"stats-player-{k}").value
        for k in ("coop-plays", "coop-wins", "coop-losses", "coop-rate")
    }
    assert figures == {"coop-plays": "3", "coop-wins": "1", "coop-losses": "2", "coop-rate": "33 %"}
    for gone in ("plays", "wins", "rate", "average", "best"):  # no "Plays 0" beside them
        assert not has(root, f"stats-player-{gone}")
    assert not has(root, "stats-chart-totals")  # no chart of zeros
    chooser.value = ""  # all games: the competitive plays named as such beside the others
    chooser.on_select(ft.Event(name="select", control=chooser, data=None))
    assert find(root, "stats-player-plays").value == "1"
    assert "Competitive plays" in shown(root) and find(root, "stats-player-coop-losses")
