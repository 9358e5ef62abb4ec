"""The app's view of the history: a small protocol the history store will implement.

Until the store is connected the app runs on ``NoHistory``: saving says plainly that the
history is not available yet and keeps the sheet, and Home shows an empty history.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from scorepad.core import ScoredSheet
from scorepad.ui.errors import AppError


@dataclass(frozen=True)
class RecentPlay:
    """One line of Home's recent plays."""

    id: str
    game_id: str
    title: str
    """The game's name, with the variant's (already in the app's language)."""
    played_at: datetime
    winners: tuple[str, ...]
    players: tuple[str, ...]


class PlayRepository(Protocol):
    """What the app needs from the history. Failures raise a ScorepadError subclass
    (database locked, unreachable, read-only): the app shows its message and keeps the
    sheet."""

    def save_play(self, sheet: ScoredSheet, *, location: str | None = None) -> str:
        """Store a scored play (its entries and the template it was scored with) and
        return its id, used in ``/play/<id>``."""
        ...

    def recent_plays(self, limit: int, lang: str) -> Sequence[RecentPlay]: ...

    @property
    def ready(self) -> bool:
        """Whether the history is open, so that asking it cannot keep a screen waiting."""
        ...


class NoHistory:
    """The stand-in until the history store is connected."""

    available = False
    ready = True

    def save_play(self, sheet: ScoredSheet, *, location: str | None = None) -> str:
        raise AppError("app.history_unavailable")

    def recent_plays(self, limit: int, lang: str) -> Sequence[RecentPlay]:
        return ()
