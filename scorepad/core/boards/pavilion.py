"""The Summer Pavilion board: seven stars of six spaces, each space showing a number 1–6.

The star layout is data (``Layout``): which stars there are, the colour each is built in
(``None`` where the player chooses, as on the variant side), and the number on each of its
six spaces. The coloured side ships here (``COLOURED``): the multicoloured centre star and
one star each of red, blue, yellow, orange, green and purple, every star's spaces showing
1 to 6 once each. The spaces are listed in the order a board is read, which this model does
not rely on: what it derives needs no adjacency.

A pavilion is written like a wall: one string per star, in the layout's order, one
character per space, ``X`` covered and ``.`` empty. From it come the end-of-game lines of
the Summer Pavilion sheet: each complete star (a yes/no per colour on the coloured side; a
count per colour on the variant side, where several stars may share a colour) and the
"all spaces of number N covered" bonuses for 1, 2, 3 and 4.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from scorepad.core.errors import EntryError, quote

SPACES = 6
COVERED = "X"
EMPTY = "."
STAR_COLOURS = ("multicolour", "red", "blue", "yellow", "orange", "green", "purple")
"""The colours a star is built in, as the sheet's line keys name them (``star_red``)."""
NUMBER_BONUSES = (1, 2, 3, 4)
"""The numbers whose spaces, all covered, score a bonus (the rulebook's "all 1's" … "all 4's")."""


class Star(NamedTuple):
    colour: str | None
    """One of ``STAR_COLOURS``, or None: the player chooses (the variant side)."""
    numbers: tuple[int, ...]
    """The number on each of the star's six spaces."""


class Layout(NamedTuple):
    stars: tuple[Star, ...]

    def spaces_numbered(self, number: int) -> int:
        return sum(star.numbers.count(number) for star in self.stars)


COLOURED = Layout(tuple(Star(colour, (1, 2, 3, 4, 5, 6)) for colour in STAR_COLOURS))
"""The side with the coloured stars."""
VARIANT = Layout(
    (Star(None, (3, 3, 3, 3, 3, 3)), *(Star(None, (3, 2, 1, 4, 5, 6)) for _ in range(6)))
)
"""The variant side (the rulebook's "Variant play": every star's colour is the player's
choice, and "the numbers on the stars are different"): the centre star shows a 3 on each
of its six spaces, each outer star 1 to 6 once. The numbers are Board Game Arena's
licensed adaptation's (thoun/azulsummerpavilion, ``getSpaceNumber``), the rulebook's
text not listing them; the stars are listed centre first, as on ``COLOURED``."""


def layout(stars: Sequence[tuple[str | None, Sequence[int]]]) -> Layout:
    """A layout from data (a game file's, say), checked: stars of six spaces, numbers 1–6,
    colours from ``STAR_COLOURS`` or None."""
    found = []
    for position, (colour, numbers) in enumerate(stars, 1):
        if colour is not None and colour not in STAR_COLOURS:
            raise EntryError("board.star_colour", star=position, value=quote(colour))
        if len(numbers) != SPACES or any(
            type(n) is not int or not 1 <= n <= SPACES for n in numbers
        ):
            raise EntryError("board.star_numbers", star=position, value=quote(list(numbers)))
        found.append(Star(colour, tuple(numbers)))
    return Layout(tuple(found))


class Pavilion(NamedTuple):
    """One player's covered spaces on a layout, with the colour of each star as built."""

    layout: Layout
    covered: tuple[str, ...]
    """One string per star: ``X`` covered, ``.`` empty, one character per space."""
    colours: tuple[str | None, ...]
    """Each star's colour: the layout's, or the player's choice on a star that has none
    (None while not chosen)."""

    @classmethod
    def read(
        cls,
        board: Layout,
        raw: object,
        chosen: Sequence[object] | None = None,
    ) -> Pavilion:
        """A pavilion as written (one string per star), or an ``EntryError`` naming the star
        and the space. ``chosen``: the colour of each star whose colour the layout leaves to
        the player (None for a star not chosen yet, or one the layout colours)."""
        stars = board.stars
        if not isinstance(raw, list | tuple) or len(raw) != len(stars):
            raise EntryError("board.pavilion_shape", count=len(stars), value=quote(raw))
        covered = []
        for position, text in enumerate(raw, 1):
            if not isinstance(text, str) or len(text) != SPACES:
                raise EntryError("board.pavilion_star", star=position, value=quote(text))
            text = text.upper()
            for space, mark in enumerate(text, 1):
                if mark not in (COVERED, EMPTY):
                    raise EntryError(
                        "board.pavilion_mark", star=position, space=space, value=quote(mark)
                    )
            covered.append(text)
        given = list(chosen) if chosen is not None else [None] * len(stars)
        if len(given) != len(stars):
            raise EntryError("board.pavilion_colours", count=len(stars), value=quote(given))
        colours: list[str | None] = []
        for position, (star, colour) in enumerate(zip(stars, given, strict=True), 1):
            if colour is None:
                colours.append(star.colour)
            elif star.colour is not None and colour != star.colour:
                raise EntryError(
                    "board.star_printed", star=position, value=quote(colour), colour=star.colour
                )
            elif colour not in STAR_COLOURS:
                raise EntryError("board.star_colour", star=position, value=quote(colour))
            else:
                colours.append(str(colour))
        return cls(board, tuple(covered), tuple(colours))

    def complete_stars(self) -> tuple[int, ...]:
        """The complete stars, by their place in the layout (from 0)."""
        return tuple(i for i, text in enumerate(self.covered) if EMPTY not in text)

    def stars_by_colour(self) -> dict[str, int]:
        """How many complete stars of each colour (a star whose colour is not chosen yet
        counts for none)."""
        found = dict.fromkeys(STAR_COLOURS, 0)
        for i in self.complete_stars():
            colour = self.colours[i]
            if colour is not None:
                found[colour] += 1
        return found

    def all_covered(self, number: int) -> bool:
        """Every space showing ``number`` is covered (False on a layout without one)."""
        spaces = [
            text[i]
            for star, text in zip(self.layout.stars, self.covered, strict=True)
            for i, shown in enumerate(star.numbers)
            if shown == number
        ]
        return bool(spaces) and EMPTY not in spaces

    def lines(self, counts: bool = False) -> dict[str, bool | int]:
        """The Summer Pavilion sheet's lines this pavilion fills, by line key: a complete
        star per colour (yes/no; with ``counts``, how many, for a side where stars may
        share a colour) and each number bonus."""
        stars = self.stars_by_colour()
        found: dict[str, bool | int] = {
            f"star_{colour}": stars[colour] if counts else stars[colour] > 0
            for colour in STAR_COLOURS
        }
        for number in NUMBER_BONUSES:
            found[f"all_{number}s"] = self.all_covered(number)
        return found
