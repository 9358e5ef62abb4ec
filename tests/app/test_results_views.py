"""Who won, in every language the app has: Home's recent plays with the winner and the
score, and a saved play's screen naming the "no tie-breaker" rule only after a tie.
Built without a browser over a real SQLite history."""

from __future__ import annotations

import flet as ft
import pytest
from ui_helpers import context, find, walk

from scorepad.core import PlayerSheet, find_game
from scorepad.core.i18n import LANGS, pick, tr
from scorepad.ui.app import view_for
from scorepad.ui.history import StoreHistory


@pytest.fixture
def history(tmp_path):
    opened = StoreHistory(str(tmp_path / "history.db"))
    yield opened
    opened.close()


def shown(root: object) -> list[str]:
    return [c.value for c in walk(root) if isinstance(c, ft.Text) and c.value]


@pytest.mark.parametrize("lang", LANGS)
def test_recent_plays_and_the_tie_rule_in_every_language(tmp_path, history, lang):
    road = find_game("glass-road")  # no tie-breakers
    alone = history.store.save_play(
        road,
        None,
        [PlayerSheet("Ana", {"buildings": 20}), PlayerSheet("Ben", {"buildings": 15})],
        played_at="2026-11-30 20:00",
    )
    tied = history.store.save_play(
        road,
        None,
        [PlayerSheet("Cleo", {"buildings": 9}), PlayerSheet("Dan", {"buildings": 9})],
        played_at="2026-12-01 20:00",
    )
    ctx, _ = context(tmp_path, history=history, lang=lang)
    home = view_for(ctx, "/")
    name = pick(road.name, lang)
    both = tr("app.recent_shared", lang, when="2026-12-01", game=name, names="", total="9")
    assert shown(find(home, "recent-2")) == [
        tr("app.recent_won", lang, when="2026-11-30", game=name, name="Ana", total="20")
    ]
    (line,) = shown(find(home, "recent-1"))
    assert line.startswith(both.split(" · ")[0] + " · " + name) and "Cleo" in line
    assert line.endswith(both.rsplit(" ", 1)[-1]) and "Dan" in line
    rule = tr("print.no_tiebreaker", lang)
    assert rule not in shown(view_for(ctx, f"/play/{alone}"))
    assert rule in shown(view_for(ctx, f"/play/{tied}"))
