"""The history as the club's computations read it: each counted play, oldest first.

A play counts when it is neither deleted nor left out of statistics (``ignored``). Its
seats keep the order the players were entered. Totals stay in whole half-points, as the
store keeps them (76.5 is 153): nothing here is ever a float.

Both are frozen dataclasses with slots. A history of 100,000 plays is half a million of
them, and a frozen dataclass's own constructor sets each field through
``object.__setattr__`` (about three times the cost of the rest): the store makes them
with ``made_seat`` and ``made_play`` instead, the same values made as a plain slotted
class would be. Named tuples were tried: as fast to make, but Python 3.11 reads their
fields by name a quarter slower than a slot (the achievements' rules took 25% longer).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

COOPERATIVE = "cooperative"
TEAMS = "teams"


@dataclass(frozen=True, slots=True)
class SeatFact:
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


@dataclass(frozen=True, slots=True)
class PlayFact:
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


class SeatSlots:
    """A ``SeatFact`` while it is made: the same slots, set the plain way."""

    __slots__ = SeatFact.__slots__

    def __init__(
        self,
        player: str,
        player_id: int,
        rank: int,
        winner: bool,
        total_halves: int | None,
        team: str | None,
        anonymous: bool,
    ) -> None:
        self.player = player
        self.player_id = player_id
        self.rank = rank
        self.winner = winner
        self.total_halves = total_halves
        self.team = team
        self.anonymous = anonymous


class PlaySlots:
    """A ``PlayFact`` while it is made: the same slots, set the plain way."""

    __slots__ = PlayFact.__slots__

    def __init__(
        self,
        id: int,
        uid: str,
        game: str,
        played_at: datetime,
        started_at: datetime | None,
        minutes: int | None,
        kind: str | None,
        outcome: str | None,
        location: str | None,
        seats: tuple[SeatFact, ...],
    ) -> None:
        self.id = id
        self.uid = uid
        self.game = game
        self.played_at = played_at
        self.started_at = started_at
        self.minutes = minutes
        self.kind = kind
        self.outcome = outcome
        self.location = location
        self.seats = seats


def made_seat(*fields: Any) -> SeatFact:
    """``SeatFact(*fields)``, made about three times faster: set as a plain slotted
    object, then given its class (the same slots in the same order: Python allows it).
    The value is a ``SeatFact`` like any other, frozen from then on."""
    made: Any = SeatSlots(*fields)
    made.__class__ = SeatFact
    return made


def made_play(*fields: Any) -> PlayFact:
    """``PlayFact(*fields)``, made as ``made_seat`` makes a seat."""
    made: Any = PlaySlots(*fields)
    made.__class__ = PlayFact
    return made


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
