"""Who starts, as a sheet and the New play form keep it.

The sheet's draft keeps the first player by name (``SheetDraft.first_player``, "" for
nobody): a sheet's names never change once it is started, and the name is what every
device shows and what the history is given on Save. Picking travels like any value typed
(``edits.FirstPlayerEdit``), so every device showing the sheet sees who starts. The New play
form keeps the pick by seat instead (``NewPlayModel.first``), so that it follows a name
being typed or corrected and goes when that seat does. Plain Python: tests drive it
without a page.
"""

from __future__ import annotations


def one_of_the_players(value: object, players: list[str]) -> str:
    """``value`` when it names one of ``players``; otherwise "", nobody."""
    return value if isinstance(value, str) and value in players else ""


def seat_after_remove(first: int | None, removed: int) -> int | None:
    """The seat picked to start once seat ``removed`` is gone (both from 0): gone with it,
    or moved up one when an earlier seat went."""
    if first is None or first == removed:
        return None
    return first - 1 if removed < first else first


def seat_after_move(first: int | None, index: int, other: int) -> int | None:
    """The seat picked to start once seats ``index`` and ``other`` swapped players: the
    pick goes with the player."""
    if first == index:
        return other
    if first == other:
        return index
    return first
