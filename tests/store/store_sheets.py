"""Small helpers shared by the store tests: plays with known results."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from scorepad.core import ExtraLine, PlayerSheet, find_game
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
