"""Player colours, as the New play form and a sheet keep them.

New play gives each seat a colour as names are typed (``SeatColours``): the colour the
player had last, when it is one of the game's and still free, or else the first free one;
a colour picked by hand stays. Picking a colour another seat has swaps the two, so two
players never share one. The sheet's draft keeps one colour per player (``""`` for none,
past the palette's end); a change travels like any value typed (``edits.ColourEdit``), so every
device showing the sheet shows it. Plain Python: tests drive it without a page.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from scorepad.core.colours import PALETTE, hand_out


class HasColour(Protocol):
    """A seat of a saved play (the store's ``SeatResult``): its colour, or None."""

    @property
    def colour(self) -> str | None: ...


def swapped(colours: list[str], seat: int, colour: str) -> list[str]:
    """``colours`` with ``seat`` given ``colour``; a seat that had it takes the colour
    ``seat`` had (they swap)."""
    out = list(colours)
    if colour in out:
        out[out.index(colour)] = out[seat]
    out[seat] = colour
    return out


def draft_colours(value: object, count: int) -> list[str]:
    """A draft's colours read back: one per player, each a palette name or "" (anything
    else, or a list of the wrong length, reads as no colours)."""
    if not isinstance(value, list) or len(value) != count:
        return []
    return [c if isinstance(c, str) and c in PALETTE else "" for c in value]


@dataclass
class SeatColours:
    """The colours of New play's seats. ``choices``: the game's colours (or the palette);
    ``memory``: each known player's last colour, by name folded (``fold``)."""

    choices: tuple[str, ...]
    memory: Mapping[str, str] = field(default_factory=dict)
    colours: list[str | None] = field(default_factory=list)
    picked: list[bool] = field(default_factory=list)
    """Seats whose colour was picked by hand: they keep it while names change."""

    def follow(self, names: Sequence[str]) -> None:
        """Colours for ``names`` (one per seat): picked ones kept, the others handed out
        again: what each player had last, else what the seat had, else the first free."""
        while len(self.picked) < len(names):
            self.picked.append(False)
            self.colours.append(None)
        kept = {c for c, p in zip(self.colours, self.picked, strict=True) if p and c}
        free = [i for i, p in enumerate(self.picked) if not p]
        given = hand_out(
            len(free),
            [c for c in self.choices if c not in kept],
            [self.memory.get(fold(names[i])) for i in free],  # what they had last
            [self.colours[i] for i in free],  # else what the seat shows: no reshuffle
        )
        for seat, colour in zip(free, given, strict=True):
            self.colours[seat] = colour

    def pick(self, seat: int, colour: str, names: Sequence[str]) -> None:
        """Seat ``seat`` takes ``colour`` (a seat that had it takes ``seat``'s)."""
        if colour not in PALETTE:
            return
        if colour in self.colours:
            other = self.colours.index(colour)
            self.colours[other] = self.colours[seat]
            self.picked[other] = True
        self.colours[seat] = colour
        self.picked[seat] = True
        self.follow(names)

    def remove(self, seat: int) -> None:
        del self.colours[seat]
        del self.picked[seat]

    def move(self, seat: int, other: int) -> None:
        """Seats ``seat`` and ``other`` swapped players: the colours go with them."""
        colours, picked = self.colours, self.picked
        colours[seat], colours[other] = colours[other], colours[seat]
        picked[seat], picked[other] = picked[other], picked[seat]

    def for_draft(self) -> list[str]:
        """One per seat, "" where none is left (more players than colours)."""
        return [c or "" for c in self.colours]


def saved_colours(players: Sequence[HasColour]) -> list[str]:
    """A saved play's colours as a sheet keeps them (none when it had none)."""
    colours = [p.colour or "" for p in players]
    return colours if any(colours) else []


def fold(name: str) -> str:
    """A name as colours are remembered by: trimmed, any case."""
    return name.strip().casefold()
