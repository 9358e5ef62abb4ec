"""The Summer Pavilion board on the sheet: each player's stars, tapped instead of counted.

The draft keeps each player's pavilion as the core writes one (``pavilion.Pavilion``): one
string per star, ``X`` covered and ``.`` empty, and on the variant side the colour the
player gave each star (``""`` while not chosen). The sheet's variant is the board's side:
``A`` the coloured stars (``COLOURED``), ``B`` the variant side (``VARIANT``), where several
stars may share a colour and the star lines take counts. While a player's pavilion has a
covered space, the sheet's star lines and "all spaces of number N" lines of that player
are the pavilion's, as the core reads it: the cells show them and are not typed; what was
typed before stays in the draft and comes back once the pavilion is cleared.

A tap is a ``SpaceEdit`` of one space, and a star's colour a ``StarColourEdit`` of one
star, so two devices tapping one pavilion each keep their taps, the later edit of a space
(or a star's colour) winning there, as for a cell. A complete star on the variant side
whose colour is not chosen is marked on the sheet, naming the player and the star, and
Save waits for its colour: its points depend on it. Plain Python: tests drive it without
a page.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from scorepad.core.boards.board_sheet import SIDE_B
from scorepad.core.boards.pavilion import (
    COLOURED,
    COVERED,
    EMPTY,
    NUMBER_BONUSES,
    SPACES,
    STAR_COLOURS,
    VARIANT,
    Layout,
    Pavilion,
)
from scorepad.core.boards.pavilion_sheet import KIND
from scorepad.core.errors import EntryError, SheetError, quote
from scorepad.core.template import GameTemplate
from scorepad.sheet.kinds import Problems, Seats, SheetBoard, register

NAME = "pavilions"
"""The draft's key for the pavilions (``SheetDraft.boards``)."""
VARIANT_SIDE = SIDE_B
"""The sheet's variant played on the variant side of the boards (``A``: coloured stars)."""
STARS = len(COLOURED.stars)
PAVILION_LINES = (
    *(f"star_{colour}" for colour in STAR_COLOURS),
    *(f"all_{number}s" for number in NUMBER_BONUSES),
)
"""The sheet's lines a pavilion fills, in the sheet's order."""
BLANK = (EMPTY * SPACES,) * STARS


@dataclass
class PavilionDraft:
    """One player's pavilion as the draft keeps it."""

    stars: list[str] = field(default_factory=lambda: list(BLANK))
    colours: list[str] = field(default_factory=lambda: [""] * STARS)
    """Each star's colour as the player chose it on the variant side ("" not chosen)."""

    @property
    def filled(self) -> bool:
        """The pavilion has a covered space: it fills the sheet's lines."""
        return any(COVERED in text for text in self.stars)

    def to_dict(self) -> dict[str, object]:
        return {"stars": list(self.stars), "colours": list(self.colours)}

    @classmethod
    def from_dict(cls, data: object) -> PavilionDraft:
        """A pavilion read back from a draft; raises ValueError/TypeError when malformed."""
        if not isinstance(data, dict):
            raise TypeError("a pavilion is not an object")
        stars, colours = data.get("stars"), data.get("colours")
        if not isinstance(stars, list) or len(stars) != STARS:
            raise ValueError("a pavilion is seven stars")
        if not all(
            isinstance(t, str) and len(t) == SPACES and set(t) <= {COVERED, EMPTY} for t in stars
        ):
            raise ValueError("a star is six spaces, X or .")
        if not isinstance(colours, list) or len(colours) != STARS:
            raise ValueError("a pavilion has one colour per star")
        if not all(c == "" or c in STAR_COLOURS for c in colours):
            raise ValueError("not a star colour")
        return cls([str(t) for t in stars], [str(c) for c in colours])


def has_pavilion(template: GameTemplate) -> bool:
    """The sheet offers a pavilion to each player: Summer Pavilion's, with its lines."""
    keys = {line.key for line in template.lines}
    return template.board == KIND and all(key in keys for key in PAVILION_LINES)


def pavilions(draft: Seats) -> list[PavilionDraft]:
    """The players' pavilions (none on a sheet without them)."""
    found: list[PavilionDraft] = draft.boards.get(NAME, [])
    return found


def variant_side(draft: Seats) -> bool:
    """The boards show their variant side: the player colours each star."""
    return draft.variant == VARIANT_SIDE


def board_of(draft: Seats) -> Layout:
    """The side of the board the sheet's variant plays."""
    return VARIANT if variant_side(draft) else COLOURED


def read(draft: Seats, player: int) -> Pavilion:
    """A player's pavilion, read by the core on the sheet's side of the board."""
    pavilion = pavilions(draft)[player]
    chosen = [c or None for c in pavilion.colours] if variant_side(draft) else None
    return Pavilion.read(board_of(draft), pavilion.stars, chosen)


def star_colour(draft: Seats, player: int, star: int) -> str | None:
    """The colour star ``star`` (from 0) is built in: printed, or chosen (None: not yet)."""
    printed = board_of(draft).stars[star].colour
    if printed is not None:
        return printed
    return pavilions(draft)[player].colours[star] or None


@dataclass(frozen=True)
class SpaceEdit:
    """One space of a player's pavilion covered or uncovered. Made as it comes: the later
    edit of a space is the one it ends with."""

    player: int
    star: int
    space: int
    covered: bool

    def apply_to(self, draft: Seats) -> None:
        if not 0 <= self.player < len(pavilions(draft)):
            return
        stars = pavilions(draft)[self.player].stars
        text = stars[self.star]
        mark = COVERED if self.covered else EMPTY
        stars[self.star] = text[: self.space] + mark + text[self.space + 1 :]


@dataclass(frozen=True)
class StarColourEdit:
    """The colour a player gives one star on the variant side ("" taken back)."""

    player: int
    star: int
    colour: str

    def apply_to(self, draft: Seats) -> None:
        if 0 <= self.player < len(pavilions(draft)):
            pavilions(draft)[self.player].colours[self.star] = self.colour


@dataclass(frozen=True)
class PavilionClearEdit:
    """Every space of a player's pavilion uncovered and its colours taken back: the lines
    are typed again."""

    player: int

    def apply_to(self, draft: Seats) -> None:
        if 0 <= self.player < len(pavilions(draft)):
            pavilions(draft)[self.player] = PavilionDraft()


PavilionEdit = SpaceEdit | StarColourEdit | PavilionClearEdit


def tap(draft: Seats, player: int, star: int, space: int) -> SpaceEdit:
    """The edit a tap on a space makes (``star``, ``space`` from 0): covered if empty,
    uncovered if covered."""
    covered = pavilions(draft)[player].stars[star][space] == COVERED
    return SpaceEdit(player, star, space, not covered)


def colour_edit(draft: Seats, player: int, star: int, colour: str) -> StarColourEdit:
    """The edit giving a star its colour on the variant side; raises the core's
    ``EntryError`` for a colour that is not a star's, or on a star that prints its own."""
    if colour and colour not in STAR_COLOURS:
        raise EntryError("board.star_colour", star=star + 1, value=quote(colour))
    printed = board_of(draft).stars[star].colour
    if colour and printed is not None and colour != printed:
        raise EntryError("board.star_printed", star=star + 1, value=quote(colour), colour=printed)
    return StarColourEdit(player, star, colour)


def pavilion_lines(draft: Seats, names: list[str], problems: Problems) -> list[dict[str, object]]:
    """Per player, the lines their pavilion fills (none while no space is covered). On the
    variant side a complete star without a colour is noted on the first star line, naming
    the player and the star; it counts for no colour meanwhile."""
    found: list[dict[str, object]] = []
    side_b = variant_side(draft)
    for index, pavilion in enumerate(pavilions(draft)):
        if not pavilion.filled:
            found.append({})
            continue
        board = read(draft, index)
        found.append(dict(board.lines(counts=side_b)))
        uncoloured = [i + 1 for i in board.complete_stars() if board.colours[i] is None]
        if uncoloured:
            problem = EntryError("board.star_no_colour", star=uncoloured[0])
            where = SheetError("board.in_pavilion", player=names[index], problem=problem)
            problems[(PAVILION_LINES[0], index, "")] = where
    return found


def from_pavilion(draft: Seats, key: str, player: int) -> bool:
    """The cell of line ``key`` for ``player`` is filled from the pavilion, not typed."""
    return (
        key in PAVILION_LINES and player < len(pavilions(draft)) and pavilions(draft)[player].filled
    )


def reading(draft: Seats, key: str, player: int) -> bool | int:
    """What the pavilion gives line ``key`` of ``player`` (a yes/no, or a count on the
    variant side's star lines)."""
    return read(draft, player).lines(counts=variant_side(draft))[key]


def saved_pavilion(draft: Seats, player: int) -> dict[str, object] | None:
    """The pavilion a Save keeps with the player's seat, as the store takes boards (a
    sheet file's player fields: ``{"pavilion"}``, and ``"star_colours"`` on the variant
    side once a star's colour is chosen); None while no space is covered."""
    if player >= len(pavilions(draft)) or not pavilions(draft)[player].filled:
        return None
    pavilion = pavilions(draft)[player]
    found: dict[str, object] = {"pavilion": list(pavilion.stars)}
    if variant_side(draft) and any(pavilion.colours):
        found["star_colours"] = [c or None for c in pavilion.colours]
    return found


def pavilion_of_play(fields: Mapping[str, object]) -> PavilionDraft:
    """A kept pavilion as the draft keeps it, to edit the play (the store checked it)."""
    colours = fields.get("star_colours") or [None] * STARS
    assert isinstance(colours, list)
    return PavilionDraft.from_dict(
        {"stars": fields["pavilion"], "colours": [c or "" for c in colours]}
    )


class PavilionBoards(SheetBoard):
    """Summer Pavilion's pavilions on the sheet."""

    name = NAME
    kind = KIND

    def offered(self, template: GameTemplate) -> bool:
        return has_pavilion(template)

    def blank(self) -> PavilionDraft:
        return PavilionDraft()

    def seat_to_json(self, board: PavilionDraft) -> dict[str, object]:
        return board.to_dict()

    def seat_from_json(self, data: object) -> PavilionDraft:
        return PavilionDraft.from_dict(data)

    def lines(self, draft: Seats, names: list[str], problems: Problems) -> list[dict[str, object]]:
        return pavilion_lines(draft, names, problems)

    def fills(self, draft: Seats, key: str, player: int) -> bool:
        return from_pavilion(draft, key, player)

    def saved(self, draft: Seats, seat: int) -> dict[str, object] | None:
        return saved_pavilion(draft, seat)

    def of_play(self, fields: Mapping[str, object]) -> PavilionDraft:
        return pavilion_of_play(fields)


PAVILIONS = register(PavilionBoards())
