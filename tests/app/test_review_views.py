"""Year in review and Achievements built without a browser: what each screen shows, the
pickers' routes, the files handed over, and the ways to reach them (Home, Stats)."""

from __future__ import annotations

import flet as ft
import pytest
from ui_helpers import click, context, error_boxes, find, has, run_async

from scorepad.core import PlayerSheet, find_game
from scorepad.core.i18n import LANGS, tr
from scorepad.ui.app import view_for
from scorepad.ui.history import StoreHistory


@pytest.fixture
def history(tmp_path):
    opened = StoreHistory(str(tmp_path / "history.db"))
    yield opened
    opened.close()


def azul(history: StoreHistory, scores: dict[str, int], when: str, minutes: int = 30) -> int:
    sheets = [PlayerSheet(name, lines={"marker": points}) for name, points in scores.items()]
    return history.store.save_play(find_game("azul"), None, sheets, when, duration=minutes)


def seeded(history: StoreHistory) -> list[int]:
    return [
        azul(history, {"Ana": 60, "Ben": 50}, "2024-05-01T20:00"),
        azul(history, {"Ana": 61, "Ben": 70}, "2025-05-01T20:00"),
        azul(history, {"Ana": 40, "Cy": 30}, "2025-05-02T20:00"),
    ]


def test_home_leads_to_the_review_and_stats_to_a_players_achievements(tmp_path, history):
    seeded(history)
    ctx, routes = context(tmp_path, history=history)
    click(view_for(ctx, "/"), "nav-review")
    assert routes[-1] == "/review"
    click(view_for(ctx, "/stats?player=Ben"), "stats-achievements")
    assert routes[-1] == "/achievements?player=Ben"


def test_the_review_shows_the_latest_year_and_its_pickers_move(tmp_path, history):
    seeded(history)
    ctx, routes = context(tmp_path, history=history)
    root = view_for(ctx, "/review")
    assert find(root, "review-plays").value == "2"
    assert find(root, "review-new-games").value == "0: –"  # Azul first played in 2024
    year = find(root, "review-year")
    assert [o.key for o in year.options] == ["2025", "2024"]
    year.value = "2024"
    year.on_select(ft.Event(name="select", control=year, data=None))
    assert routes[-1] == "/review?year=2024"
    player = find(root, "review-player")
    player.value = "Cy"
    player.on_select(ft.Event(name="select", control=player, data=None))
    assert routes[-1] == "/review?year=2025&player=Cy"
    assert error_boxes(root) == []


def test_a_players_review_and_its_files(tmp_path, history):
    seeded(history)
    ctx, _ = context(tmp_path, history=history)
    handed: list[tuple[str, bytes]] = []

    async def download(name: str, data: bytes) -> None:
        handed.append((name, data))

    ctx.download = download
    root = view_for(ctx, "/review?year=2025&player=ana")
    assert find(root, "review-nemesis").value == "Ben (1)"
    assert find(root, "review-victim").value == "Cy (1)"
    assert find(root, "review-hours").value == "1.0 h"
    run_async(find(root, "review-png").on_click)
    run_async(find(root, "review-pdf").on_click)
    assert [name for name, _ in handed] == ["review-2025-Ana-en.png", "review-2025-Ana-en.pdf"]
    assert handed[0][1].startswith(b"\x89PNG") and handed[1][1].startswith(b"%PDF-")
    assert find(root, "review-status").value == "review-2025-Ana-en.pdf is ready."


@pytest.mark.parametrize("lang", LANGS)
def test_empty_years_unknown_players_and_bad_years_say_so(tmp_path, history, lang):
    ctx, _ = context(tmp_path, history=history, lang=lang)
    assert find(view_for(ctx, "/review"), "review-empty").value == tr("review.none_yet", lang)
    seeded(history)
    none = find(view_for(ctx, "/review?year=1999"), "review-none").value
    assert none == tr("review.no_plays", lang, year=1999)
    bad = find(view_for(ctx, "/review?year=soon"), "review-error").value
    assert '"soon"' in bad
    unknown = find(view_for(ctx, "/review?year=2025&player=Zed"), "review-error").value
    assert '"Zed"' in unknown


def test_achievements_list_what_a_player_earned_and_what_not(tmp_path, history):
    plays = seeded(history)
    ctx, routes = context(tmp_path, history=history)
    root = view_for(ctx, "/achievements?player=cy")
    assert find(root, "achievements-player").value == "Cy"
    assert has(root, "achievements-none")
    root = view_for(ctx, "/achievements?player=Ana")
    assert not has(root, "achievements-none")
    click(root, "achievement-n-1")
    assert routes[-1] == f"/play/{plays[0]}"  # Ana's first win
    assert has(root, "achievement-todo-comeback")
    assert error_boxes(root) == []
