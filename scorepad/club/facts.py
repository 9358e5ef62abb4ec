"""The history as the club's computations read it: each counted play, oldest first.

A play counts when it is neither deleted nor left out of statistics (``ignored``). Its
seats keep the order the players were entered. Totals stay in whole half-points, as the
store keeps them (76.5 is 153): nothing here is ever a float.

Both are named tuples, not frozen dataclasses: a history of 100,000 plays is half a million
of them, and a frozen dataclass is made field by field through ``object.__setattr__``
(about three times the cost: most of reading a history, beside SQLite's own work).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import NamedTuple

COOPERATIVE = "cooperative"
TEAMS = "teams"


class SeatFact(NamedTuple):
    """One player in one play."""

    player: str
    """The player's name as the history shows it."""
    player_id: int
    """The player's row in the history: stable across renames within one history."""
    rank: int
    """1 for the winner(s); equal ranks are ties."""
    winner: bool
    total_halves: int | None
    """The player's total in half-points; None: no score."""
    team: str | None
    anonymous: bool
    """The hidden player standing for anyone unnamed: never rated, never in a ranking."""


class PlayFact(NamedTuple):
    """One counted play."""

    id: int
    uid: str
    """Stable across export and import."""
    game: str
    """The game id ("azul", or a user-defined game's id)."""
    played_at: datetime
    """Local wall-clock time the play ended, as written down."""
    started_at: datetime | None
    minutes: int | None
    kind: str | None
    """``COOPERATIVE``, ``TEAMS`` or None (each for themselves)."""
    outcome: str | None
    """A co-operative play's "won" or "lost"."""
    location: str | None
    seats: tuple[SeatFact, ...]

    @property
    def cooperative(self) -> bool:
        return self.kind == COOPERATIVE

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(seat.player for seat in self.seats if not seat.anonymous)

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(seat.player for seat in self.seats if seat.winner and not seat.anonymous)


def between(
    facts: Sequence[PlayFact], start: datetime | None = None, end: datetime | None = None
) -> Iterator[PlayFact]:
    """The plays with ``start <= played_at < end`` (either bound left open by None)."""
    for fact in facts:
        if start is not None and fact.played_at < start:
            continue
        if end is not None and fact.played_at >= end:
            continue
        yield fact


@contextmanager
def many_objects() -> Iterator[None]:
    """Python's cycle collector paused while a whole history's facts (or what is worked
    out from them) are built: hundreds of thousands of small objects that live on, none in
    a cycle, which it would otherwise walk again and again as they pile up (it more than
    halved reading 100,000 plays).

    On the way out, what was made meanwhile is moved to the collector's oldest generation
    at once (``gc.freeze`` then ``gc.unfreeze``: two list splices): left in the youngest,
    the first collections after would walk every one of them, once in each younger
    generation (about 250 ms after reading 100,000 plays, each time). Nothing is kept from
    the collector: garbage in a cycle made meanwhile is found at its next full collection.
    Not done when something else froze objects (a server before it forks): those stay."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            if gc.get_freeze_count() == 0:
                gc.freeze()
                gc.unfreeze()
            gc.enable()
