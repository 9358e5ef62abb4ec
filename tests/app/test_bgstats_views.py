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
    brass = gather(history.store, "Ana", "bgstats-brass-lancashire")
    assert [p.total for p in brass.totals] == [90]  # the ignored play's 80 left out
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


def test_the_play_screen_shows_what_the_import_kept_and_toggles_ignored(tmp_path, history):
    from scorepad.ui.views.play import play_view

    ctx, _ = context(tmp_path, history=history, lang="es")
    plays = by_uid(history)
    root = play_view(ctx, str(plays["1"].id))
    assert find(root, "play-duration").value == "45 min"
    assert find(root, "play-start").value == "Jugador inicial: Ben"
    assert find(root, "play-seats").value == "Orden en la mesa: Ana, Ben"
    assert find(root, "play-expansions").value == "Expansiones: Azul: Crystal Mosaic"
    toggle = find(root, "play-ignored")
    assert toggle.value is False
    toggle.value = True
    toggle.on_change(ft.Event(name="change", control=toggle, data=None))
    assert by_uid(history)["1"].ignored
    assert history.store.game_stats("azul").plays == 1
    root = play_view(ctx, str(plays["9"].id))
    assert find(root, "play-ignored").value is True


def test_settings_imports_a_bg_stats_file_with_progress_and_says_what_it_did(tmp_path):
    from ui_helpers import click, type_into

    other = StoreHistory(str(tmp_path / "other.db"))
    try:
        (tmp_path / "two").mkdir()
        ctx, _ = context(tmp_path / "two", history=other)
        seen: list[object] = []
        ctx.update = lambda *controls: seen.extend(
            c.value for c in controls if isinstance(c, ft.ProgressBar)
        )
        root = view_for(ctx, "/settings")
        assert find(root, "import-progress").content.visible is False  # the bar, in its box
        type_into(root, "import-path", str(FIXTURE))
        click(root, "import")
        said = find(root, "history-message").value.splitlines()
        assert said[0] == f"Imported from {FIXTURE}: 10 new plays, 0 already there."
        assert "new players (3): Ana, Ben, Carla" in said
        assert "Azul is the game azul" in said and "Pandemic is the game pandemic" in said
        assert "new locations (2): Club Meeple, Home" in said
        assert 0.0 in seen and 1.0 in seen  # the bar went from the start to the end
        assert find(root, "import-progress").content.visible is False  # the bar, in its box
        click(root, "import")
        again = find(root, "history-message").value
        assert again.startswith(f"Imported from {FIXTURE}: 0 new plays, 10 already there.")
    finally:
        other.close()


def test_a_phone_uploads_a_bg_stats_export(tmp_path):
    from ui_helpers import run_async

    ctx, _ = context(tmp_path)
    ctx.on_host = False
    bars: list[object] = []
    ctx.update = lambda *controls: bars.extend(
        c.value for c in controls if isinstance(c, ft.ProgressBar)
    )

    async def upload(extensions: list[str]) -> tuple[str, bytes] | None:
        assert "bgsplay" in extensions
        return "BGStatsExport.bgsplay", FIXTURE.read_bytes()

    ctx.upload = upload
    root = view_for(ctx, "/settings")
    run_async(find(root, "import-upload").on_click)
    said = find(root, "history-message").value.splitlines()
    assert said[0] == "Imported from BGStatsExport.bgsplay: 10 new plays, 0 already there."
    assert 1.0 in bars
    assert len(ctx.services.history.store.list_plays().plays) == 10


def test_the_play_screen_names_anonymous_seats_in_the_readers_language(tmp_path, history):
    from scorepad.ui.views.play import play_view

    ctx, _ = context(tmp_path, history=history, lang="es")
    root = play_view(ctx, str(by_uid(history)["2"].id))
    shown = [c.value for c in walk(root) if isinstance(c, ft.Text) and c.value]
    assert "Anónimo" in shown and "Anónimo 2" in shown
    assert not any("Anonymous" in text for text in shown)
    ctx, _ = context(tmp_path, history=history, lang="en")
    root = play_view(ctx, str(by_uid(history)["8"].id))  # teams, the anonymous player in one
    shown = [c.value for c in walk(root) if isinstance(c, ft.Text) and c.value]
    assert "Anonymous" in shown
