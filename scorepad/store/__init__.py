"""The history: plays, players and user-defined games in SQLite or PostgreSQL.

The app and the CLI use ``open_store()`` and the ``Store`` methods; nothing outside this
package writes SQL.
"""

from scorepad.store.api import Store, open_store
from scorepad.store.messages import StoreError
from scorepad.store.records import (
    CustomGame,
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
    SeatResult,
)

__all__ = [
    "CustomGame",
    "GameStats",
    "HeadToHead",
    "Holder",
    "NewSheet",
    "Page",
    "PlayFilter",
    "PlayRecord",
    "PlaySummary",
    "PlayerInfo",
    "PlayerStats",
    "SeatResult",
    "Store",
    "StoreError",
    "open_store",
]
