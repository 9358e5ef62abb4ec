"""Whose turn it is, and who starts each round, as a sheet keeps them.

The turn marker is a seat (from 0) in the sheet's draft (``SheetDraft.turn``), moved by
``edits.TurnEdit`` like any value typed: every device showing the sheet sees it move, and
a seat the sheet does not have never lands in the draft, whoever sent it. Until someone
moves it the turn is the first player's. Who starts a round of a round game moves on one
seat each round from the player chosen to start (``Rounds.starter``), and the turn goes
to them when Next round adds the round. Plain Python: tests drive it without a page.
"""

from __future__ import annotations


def one_of_the_seats(value: object, players: int) -> int | None:
    """``value`` when it is a seat (from 0) of a sheet of ``players`` players; else None."""
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value if 0 <= value < players else None


def seat_of(name: str, players: list[str]) -> int | None:
    """The seat (from 0) of ``name`` among ``players``; None for nobody."""
    return players.index(name) if name in players else None


def turn_now(turn: int | None, first_player: str, players: list[str]) -> int | None:
    """Whose turn it is (a seat from 0): the seat the marker was moved to, else the first
    player's; None when the marker was never moved and nobody was picked to start."""
    seat = one_of_the_seats(turn, len(players))
    return seat if seat is not None else seat_of(first_player, players)


def next_seat(seat: int | None, players: int) -> int | None:
    """The seat after ``seat`` in seat order, the last handing to the first (the first
    seat when nobody has the turn yet); None for a sheet without players."""
    if players < 1:
        return None
    return 0 if seat is None else (seat + 1) % players
