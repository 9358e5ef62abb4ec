"""A play to save: the one value a sheet hands the history when Save is pressed.

The sheet builds it (the scores, the cells as typed, and what else the sheet holds: who
started, colours, boards, the timer's times, the notes) and the history takes it as it
is, for a new play (``Store.save_scored``) or for an edit of a saved one
(``Store.update_play``). Exact types only: times are datetimes, minutes whole numbers,
and a board is its player fields as a sheet file gives them.

A detail left None is not given: a new play has none of it (its time is now), an edited
play keeps what it had. "" (a text) and () (colours, boards) say there is none, which for
an edit clears it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from scorepad.core.scoring import PlayerSheet, ScoredSheet

BoardFields = Mapping[str, object]
"""One seat's board as a sheet file's player fields give it: ``{"side": "coloured",
"wall": ["BYRKW", …]}`` (an Azul wall), ``{"pavilion": […]}``, ``{"palace": […]}``."""


@dataclass(frozen=True)
class PlayToSave:
    """A scored play and its details, as Save hands them to the history."""

    sheet: ScoredSheet
    """The play scored: its game (with the modules chosen), variant, players, outcome."""
    entered: tuple[PlayerSheet, ...] | None = None
    """What each player typed, in seat order (the players ``sheet`` was scored from), so
    that a sum ("3+6+2") is kept as typed; None: each entry is kept as the number it came
    to (an edit takes the sheet's entries then)."""
    played_at: datetime | None = None
    """When the play ended (local time); None: now for a new play, kept by an edit."""
    started_at: datetime | None = None
    """When the sheet was started (never after ``played_at``); None: unknown, or kept."""
    duration: int | None = None
    """Minutes played, as the sheet's timer says; None: unknown, or kept."""
    location: str | None = None
    notes: str | None = None
    first_player: str | None = None
    """The name of the player who started, one of the sheet's; "" or None: nobody (an
    edit keeps the seat that started on None)."""
    colours: tuple[str | None, ...] | None = None
    """Each seat's colour, a palette name or None (``core.colours``), in seat order; ()
    for none; None: none, or each seat's kept by an edit."""
    boards: tuple[BoardFields | None, ...] | None = None
    """Each seat's board (None for a seat without one), in seat order; () for none;
    None: none, or each seat's kept by an edit."""
