"""Plays as the club's computations read them, written out by hand for the pure tests."""

from __future__ import annotations

from datetime import datetime
from itertools import count

from scorepad.club.facts import COOPERATIVE, PlayFact, SeatFact

_ids = count(1)
_players: dict[str, int] = {}


def seat(name: str, rank: int, total: int | None = None, team: str | None = None) -> SeatFact:
    """A seat; ``total`` in whole points (kept as half-points, as the store keeps it)."""
    pid = _players.setdefault(name, len(_players) + 1)
    halves = None if total is None else total * 2
    return SeatFact(name, pid, rank, rank == 1, halves, team, False)


def play(
    when: str,
    game: str,
    *seats: SeatFact,
    minutes: int | None = None,
    kind: str | None = None,
    outcome: str | None = None,
) -> PlayFact:
    n = next(_ids)
    return PlayFact(
        n, f"p{n}", game, datetime.fromisoformat(when), None, minutes, kind, outcome, None, seats
    )


def ranked(when: str, game: str, scores: dict[str, int], **details: object) -> PlayFact:
    """A play each for themselves: the highest total first (equal totals share a place)."""
    order = sorted(scores.values(), reverse=True)
    seats = [seat(name, 1 + order.index(total), total) for name, total in scores.items()]
    return play(when, game, *seats, **details)  # type: ignore[arg-type]


def coop(when: str, game: str, names: list[str], won: bool) -> PlayFact:
    seats = [
        SeatFact(n, _players.setdefault(n, len(_players) + 1), 1, won, None, None, False)
        for n in names
    ]
    return play(when, game, *seats, kind=COOPERATIVE, outcome="won" if won else "lost")
