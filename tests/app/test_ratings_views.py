"""The Ratings screen, New play's chances to win and the ratings switches, built and
driven without a browser over a real SQLite history."""

from __future__ import annotations

import pytest
from ui_helpers import click, context, find, has, texts, type_into

from scorepad.core import PlayerSheet, find_game
from scorepad.ui.app import view_for
from scorepad.ui.history import StoreHistory
from scorepad.ui.newplay_model import NewPlayModel
from scorepad.ui.ratings_model import chances_line, gather, number

NAMES = ("Rhea", "Soren", "Tilda")


@pytest.fixture
def history(tmp_path):
    opened = StoreHistory(str(tmp_path / "history.db"))
    yield opened
    opened.close()


def played(history: StoreHistory, plays: int = 4) -> None:
    """Rhea wins every Azul play, Soren comes second, Tilda last."""
    for n in range(plays):
        sheets = [PlayerSheet(name, lines={"marker": 60 - 20 * i}) for i, name in enumerate(NAMES)]
        history.store.save_play(
            find_game("azul"), None, sheets, played_at=f"2024-03-0{n + 1}T20:00"
        )


def test_the_leaderboard_and_a_players_chart(history, tmp_path):
    played(history)
    data = gather(history, "fr")
    assert [r.player for r in data.rows] == list(NAMES)
    ratings = history.ratings()
    assert ratings is not None
    best = ratings.table()[0]
    assert data.rows[0].rating == str(best.ordinal).replace(".", ",")
    assert (
        data.rows[0].detail
        == f"μ {number(best.mu, 'fr')} · σ {number(best.sigma, 'fr')} · parties : 4"
    )
    assert data.player == "Rhea" and len(data.points) == 4 and data.games == (("azul", "Azul"),)
    ctx, _ = context(tmp_path, history=history)
    view = view_for(ctx, "/ratings?player=tilda")
    assert has(view, "ratings") and has(view, "ratings-chart") and has(view, "ratings-row-3")
    said = texts(view)
    assert "Tilda's rating over time" in said and "3." in said
    assert find(view, "ratings-player").value == "Tilda"
    # the game chooser: Glass Road has no rated play, Azul's table is the same here
    chooser = find(view, "ratings-game")
    assert [o.key for o in chooser.options] == ["", "azul"]


def test_a_player_stays_out_from_their_ratings_page(history, tmp_path):
    played(history)
    ctx, _ = context(tmp_path, history=history)
    view = view_for(ctx, "/ratings?player=Soren")
    type_into(view, "ratings-rated", False)
    assert list(history.staying_out().values()) == ["Soren"]
    assert [r.player for r in history.ratings().table()] == ["Rhea", "Tilda"]  # type: ignore[union-attr]
    assert "Soren stays out of the ratings: the others in their plays are still rated." in texts(
        view
    )
    assert not has(view, "ratings-row-3")
    type_into(view, "ratings-rated", True)
    assert history.staying_out() == {} and has(view, "ratings-row-3")


def test_ratings_turned_off_in_settings(history, tmp_path):
    played(history, 1)
    ctx, _ = context(tmp_path, history=history)
    settings = view_for(ctx, "/settings")
    switch = find(settings, "ratings-on")
    assert switch.value is True
    type_into(settings, "ratings-on", False)
    assert not history.ratings_on()
    view = view_for(ctx, "/ratings")
    assert "Ratings are turned off for this history (Settings, Ratings)." in texts(view)
    assert find(view_for(ctx, "/settings"), "ratings-on").value is False
    type_into(view_for(ctx, "/settings"), "ratings-on", True)
    assert history.ratings_on()


def test_home_and_stats_lead_to_the_ratings(history, tmp_path):
    played(history, 1)
    ctx, routes = context(tmp_path, history=history)
    home = view_for(ctx, "/")
    click(home, "nav-ratings")
    assert routes[-1] == "/ratings"
    stats = view_for(ctx, "/stats?player=Soren")
    click(stats, "stats-ratings")
    assert routes[-1] == "/ratings?player=Soren"


def test_chances_to_win_once_every_player_has_enough_plays(history, tmp_path):
    played(history, 2)
    ratings = history.ratings()
    assert chances_line(ratings, ["Rhea", "Soren"], "azul", "en") == (
        "Chances to win show once each player has 3 rated plays of this game."
    )
    assert chances_line(ratings, ["Rhea", "Newcomer"], "glass-road", "en") is None
    assert chances_line(ratings, ["Rhea", ""], "azul", "en") is None
    played(history, 3)
    ratings = history.ratings()
    line = chances_line(ratings, ["Rhea", "Soren", "Tilda"], "azul", "fr")
    assert line is not None and line.startswith("Chances de gagner, d'après le classement : Rhea ")
    chances = ratings.win_chances(["Rhea", "Soren", "Tilda"], "azul")  # type: ignore[union-attr]
    assert chances is not None and chances["Rhea"] > chances["Soren"] > chances["Tilda"]
    model = NewPlayModel(find_game("azul"), ["Rhea", "Soren"])
    assert model.chances(ratings, "en") is not None
    assert (
        NewPlayModel(find_game("codenames"), ["Rhea", "Soren", "Tilda", "Uma"]).chances(
            ratings, "en"
        )
        is None
    )
    # New play shows it once the players are chosen
    ctx, _ = context(tmp_path, history=history)
    view = view_for(ctx, "/new/azul")
    line = find(view, "win-chances").content
    assert line.visible is False
    type_into(view, "player-1", "Rhea")
    type_into(view, "player-2", "Tilda")
    assert line.visible is True and line.value.startswith("Chance to win, from the ratings: Rhea ")
