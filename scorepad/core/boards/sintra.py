"""The Stained Glass of Sintra palace board's windows, as side B's final scoring reads them.

The rulebook's palace has 8 windows, each with two frame spaces: a kept pane piece goes on
a window's top frame space, and the next one on its bottom frame space ("If the top frame
space already has a pane piece, put the new pane piece onto the bottom frame space"), so a
bottom piece without a top piece cannot be. A window is complete when both frame spaces
hold a piece. Side B scores the completed windows times the pieces of one colour the
player chooses on the windows (the sheet's ``windows`` line, a product).

A palace is written one string per window, left to right, two characters each (the top
frame space, then the bottom one): ``.`` empty, ``X`` a piece, ``C`` a piece of the colour
the player counts. The colours themselves need not be named: the player marks the pieces
of the colour they count, which is all the score asks. Side A's ornaments are scored from
the frame spaces around each, which the rulebook's text does not place; they stay typed.
"""

from __future__ import annotations

from typing import NamedTuple

from scorepad.core.errors import EntryError, quote

WINDOWS = 8
FRAMES = 2
"""A window's frame spaces: the top one (0), then the bottom one (1)."""
EMPTY = "."
PIECE = "X"
CHOSEN = "C"
MARKS = (EMPTY, PIECE, CHOSEN)
WINDOW_LINE = "windows"
"""The sheet's side B line the palace fills: (completed windows, pieces of the colour)."""


class Palace(NamedTuple):
    """One player's windows."""

    windows: tuple[str, ...]
    """One string per window: top frame space, bottom frame space (``.``, ``X``, ``C``)."""

    @classmethod
    def read(cls, raw: object) -> Palace:
        """A palace as written, or an ``EntryError`` naming the window and the space."""
        if not isinstance(raw, list | tuple) or len(raw) != WINDOWS:
            raise EntryError("board.palace_shape", count=WINDOWS, value=quote(raw))
        windows = []
        for number, text in enumerate(raw, 1):
            if not isinstance(text, str) or len(text) != FRAMES:
                raise EntryError("board.palace_window", window=number, value=quote(text))
            text = text.upper()
            for space, mark in enumerate(text, 1):
                if mark not in MARKS:
                    raise EntryError(
                        "board.palace_mark", window=number, space=space, value=quote(mark)
                    )
            if text[0] == EMPTY and text[1] != EMPTY:
                raise EntryError("board.palace_bottom", window=number)
            windows.append(text)
        return cls(tuple(windows))

    def completed_windows(self) -> int:
        """Windows whose two frame spaces both hold a piece."""
        return sum(1 for text in self.windows if EMPTY not in text)

    def pieces(self) -> int:
        return sum(FRAMES - text.count(EMPTY) for text in self.windows)

    def chosen_pieces(self) -> int:
        """The pieces of the colour the player counts, on all the windows."""
        return sum(text.count(CHOSEN) for text in self.windows)

    def lines(self) -> dict[str, list[int]]:
        """The side B sheet's ``windows`` line: completed windows, pieces of the colour."""
        return {WINDOW_LINE: [self.completed_windows(), self.chosen_pieces()]}
