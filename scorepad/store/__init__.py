"""The history: plays, players and user-defined games in SQLite or PostgreSQL.

The app and the CLI use ``open_store()`` and the ``Store`` methods; nothing outside this
package writes SQL. Names are loaded on first use, so that ``scorepad games`` and the
other commands that never touch a history start without loading SQLAlchemy.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scorepad.store.api import Store, open_store
    from scorepad.store.errors import BackupDamaged, StoreError, Unreachable
    from scorepad.store.records import (
        CustomGame,
        EditedPlay,
        GameStats,
        HeadToHead,
        Holder,
        NewSheet,
        Page,
        PlayerInfo,
        PlayerStats,
        PlayFilter,
        PlayRecord,
        PlaySummary,
        PlayVersion,
        RoleStats,
        SeatResult,
    )

__all__ = [
    "BackupDamaged",
    "CustomGame",
    "EditedPlay",
    "GameStats",
    "HeadToHead",
    "Holder",
    "NewSheet",
    "Page",
    "PlayFilter",
    "PlayRecord",
    "PlaySummary",
    "PlayVersion",
    "PlayerInfo",
    "PlayerStats",
    "RoleStats",
    "SeatResult",
    "Store",
    "StoreError",
    "Unreachable",
    "open_store",
]


_HOMES = {
    "Store": "api",
    "open_store": "api",
    "StoreError": "errors",
    "BackupDamaged": "errors",
    "Unreachable": "errors",
}
"""Where each public name lives; every other one is a record (``records``)."""


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module 'scorepad.store' has no attribute {name!r}")
    home = _HOMES.get(name, "records")
    return getattr(import_module(f"scorepad.store.{home}"), name)
