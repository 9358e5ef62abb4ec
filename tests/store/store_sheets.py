"""Small helpers shared by the store tests: plays with known results."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from scorepad.core import ExtraLine, PlayerSheet, find_game, score
from scorepad.core.play_to_save import PlayToSave
from scorepad.store import Store
from scorepad.store.database import Database, resolve_url
from scorepad.store.migrate import upgrade

AZUL = find_game("azul")
GLASS = find_game("glass-road")
SINTRA = find_game("azul-sintra")


def azul(store: Store, when: str, scores: dict[str, int], **details: object) -> int:
    """An Azul play where each player's marker is the given number (the total too)."""
    players = [PlayerSheet(name, {"marker": marker}) for name, marker in scores.items()]
    return store.save_play(AZUL, None, players, when, **details)  # type: ignore[arg-type]


def glass(store: Store, when: str = "2024-03-02T21:00") -> int:
    """A Glass Road play ending in halves: Ana 21.5, Ben 22 (with a by-hand line)."""
    players = [
        PlayerSheet("Ana", {"buildings": 20, "sand_left": {"count": 3, "rate": "start"}}),
        PlayerSheet("Ben", {"buildings": 21}, [ExtraLine("Train bonus", 1)]),
    ]
    return store.save_play(GLASS, None, players, when, location="Club", duration=70, notes="close")


def history_at(path: Path, revision: str) -> None:
    """A history file at ``path`` left at ``revision``, as an older Scorepad wrote it."""
    db = Database(resolve_url(str(path)))
    db.check_file()
    upgrade(db, revision)
    db.dispose()


def play_columns(path: Path) -> set[str]:
    """The columns of the play table in the SQLite file at ``path``, read past the store."""
    with sqlite3.connect(path) as conn:
        return {row[1] for row in conn.execute("PRAGMA table_info(play)")}


def edit(
    store: Store,
    play_id: int,
    players: Sequence[PlayerSheet],
    *,
    outcome: str | None = None,
    **details: Any,
) -> PlayToSave:
    """An edit of a saved play as the app's Edit hands it to ``Store.update_play``: the
    new entries scored with the play's own template and variant, with its outcome unless
    given; details left out keep the play's."""
    saved = store.get_play(play_id).sheet
    chosen = saved.outcome if outcome is None else outcome
    sheet = score(saved.template, saved.variant, players, outcome=chosen)
    return PlayToSave(sheet, tuple(players), **details)
