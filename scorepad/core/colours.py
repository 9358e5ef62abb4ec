"""Player colours: one named palette, and who gets which colour at New play.

A colour is kept everywhere by its name in the palette (``"blue"``), never by a hex value:
the name is what the picker shows (in the reader's language, ``colour.blue``), what the
history stores and what the files carry, so that a colour means the same on every device
and in every export. The palette follows Okabe and Ito's colours, chosen to stay apart
for the common kinds of colour blindness, with black, grey and white added; a name
always goes with the swatch, so nobody has to tell two colours apart by sight alone.

A game file may list its own player colours (``player_colours``, the colours of the
pieces in the box, as the rulebook names them); New play then hands those out instead of
the whole palette.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorepad.core.errors import ScorepadError, quote

if TYPE_CHECKING:
    from scorepad.core.template import GameTemplate

PALETTE: dict[str, str] = {
    "blue": "#0072B2",
    "orange": "#E69F00",
    "green": "#009E73",
    "yellow": "#F0E442",
    "red": "#D55E00",
    "sky": "#56B4E9",
    "purple": "#CC79A7",
    "black": "#000000",
    "grey": "#999999",
    "white": "#FFFFFF",
}
"""Each colour's name and how it is drawn, in the order New play hands them out."""

LIGHT = frozenset({"yellow", "white", "sky", "orange"})
"""Colours on which a name is written in black rather than white."""


class ColourError(ScorepadError):
    """A colour that is not one of the palette's names."""


def check_colour(value: object, where: str) -> str:
    """``value`` when it is a palette name; otherwise a ColourError naming ``where``."""
    if isinstance(value, str) and value in PALETTE:
        return value
    raise ColourError(
        "colour.unknown",
        value=quote(value),
        where=where,
        choices=", ".join(PALETTE),
    )


def game_colours(template: GameTemplate) -> tuple[str, ...]:
    """The colours a game's file lists (``player_colours``; with modules chosen, the base
    game's file), or the whole palette."""
    source = template.base.source if template.base is not None else template.source
    listed = source.get("player_colours") if isinstance(source, dict) else None
    if isinstance(listed, list) and listed:
        return tuple(c for c in listed if c in PALETTE)
    return tuple(PALETTE)


def hand_out(seats: int, choices: Sequence[str], *wishes: Sequence[str | None]) -> list[str | None]:
    """A colour for each of ``seats`` players. Each list of ``wishes`` has one colour (or
    None) per seat, the first list first (the colour a player had last, then the one the
    seat shows now): a seat gets its wish when it is one of ``choices`` and nobody took it
    before; the others get the first colours still free, in order; None once every
    colour is taken (more players than colours)."""
    given: list[str | None] = [None] * seats
    taken: set[str] = set()
    for wished in wishes:
        for seat in range(seats):
            wanted = wished[seat] if seat < len(wished) else None
            if (
                given[seat] is None
                and wanted is not None
                and wanted in choices
                and wanted not in taken
            ):
                given[seat] = wanted
                taken.add(wanted)
    free = [c for c in choices if c not in taken]
    for seat in range(seats):
        if given[seat] is None and free:
            given[seat] = free.pop(0)
    return given


def free_colour(choices: Sequence[str], taken: Sequence[str | None]) -> str | None:
    """A colour for a player just added: the first of ``choices`` nobody has (None when
    every one is taken)."""
    return next((c for c in choices if c not in taken), None)
