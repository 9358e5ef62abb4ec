"""A board read from a sheet file's player fields as plain data: what the Summer Pavilion
and Sintra kinds (``pavilion_sheet``, ``sintra_sheet``) hand out, and a kind of its own
may too. ``BoardReading.fields`` is the board in the form the history keeps it (the same
fields, normalised), ``derived`` the lines it fills.
"""

from __future__ import annotations

from typing import NamedTuple

from scorepad.core.errors import EntryError, SheetError
from scorepad.core.i18n import tr

SIDE_B = "B"
"""The variant of Summer Pavilion (its variant side) and of Sintra (side B)."""


class BoardReading(NamedTuple):
    """One player's board as a sheet file gave it, read and checked."""

    board: str
    """The field that gave it (``"pavilion"``, ``"palace"``, ``"kingdom"``): it names
    the messages about it (``board.from_<board>``, ``board.contradicts_<board>``)."""
    fields: dict[str, object]
    """The board as kept: its player fields, normalised."""
    derived: dict[str, object]
    """The sheet's lines it fills, by key, as a sheet file would type them."""
    model: object = None
    """The board as the core models it (a ``Pavilion``, a ``Palace``, a ``Kingdom``)."""

    @property
    def filled(self) -> tuple[str, ...]:
        """The keys of the sheet's lines that this board fills."""
        return tuple(self.derived)

    def lines(self) -> dict[str, object]:
        return dict(self.derived)

    @property
    def kept(self) -> dict[str, object]:
        return dict(self.fields)

    def sentence(self, player: str, lang: str) -> str:
        return tr(f"board.from_{self.board}", lang, player=player)

    def to_json(self) -> dict[str, object]:
        """The board's part of ``scorepad score --json``: its fields and the lines it
        filled."""
        return {**self.fields, "filled": list(self.filled)}


def refused(name: str, key: str, **fields: object) -> SheetError:
    """A problem with a player's board, naming the player."""
    return SheetError("entry.where_player", player=name, problem=EntryError(key, **fields))
