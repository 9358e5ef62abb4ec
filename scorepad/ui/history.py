"""The history store as the app sees it: opened on first use, shared by every session.

Opening loads SQLAlchemy and may upgrade the database: done lazily so the server listens
first (the warm-up opens it while the browser loads Flutter). Failures to open raise the
store's own ``StoreError``; screens show its message.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING

from scorepad.core import GameTemplate, ScorepadError, builtin_games
from scorepad.ui.config import AppConfig

if TYPE_CHECKING:
    from scorepad.store import Store


class History:
    def __init__(self, url: str | None) -> None:
        self.url = url
        self._store: Store | None = None
        self._lock = threading.Lock()

    def store(self) -> Store:
        with self._lock:
            if self._store is None:
                from scorepad.store import open_store

                self._store = open_store(self.url)
            return self._store

    def games(self) -> Mapping[str, GameTemplate]:
        """Built-in and user-defined games: what the picker offers.

        When the history cannot be read, the built-in games are still offered: a game
        can be scored at the table without it (the screens that need it say why not).
        """
        try:
            return self.store().games()
        except ScorepadError:
            return builtin_games()

    def close(self) -> None:
        with self._lock:
            if self._store is not None:
                self._store.close()
                self._store = None


def open_history(config: AppConfig) -> History:
    """The history at ``config.db_url`` (None: $SCOREPAD_DB or the default SQLite file)."""
    return History(config.db_url)
