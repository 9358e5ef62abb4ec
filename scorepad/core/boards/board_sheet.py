"""A sheet file's Summer Pavilion and Sintra boards (docs/sheet-files.md, "Boards"): the
player fields that give a board other than Azul's wall, read into the lines it fills.

- ``"pavilion"`` (``azul-summer-pavilion``): one string per star, the centre star first,
  six characters each, ``X`` covered and ``.`` empty (``pavilion.Pavilion``); with
  ``"star_colours"`` on the variant side (``B``): the colour each star was built in, one
  per star, ``null`` for one not chosen. It fills the star lines (yes/no; counts on side
  B) and the "all spaces of number N covered" lines. A complete star on side B needs its
  colour: its points depend on it.
- ``"palace"`` (``azul-sintra``, side ``B`` only): one string per window, two characters
  each, the top frame space first, ``.`` empty, ``X`` a piece, ``C`` a piece of the colour
  the player counts (``sintra.Palace``). It fills the ``windows`` line.

A line also typed must say the same as the board; ``BoardReading.fields`` is the board in
the form the history keeps it (the same fields, normalised).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from scorepad.core.boards.pavilion import COLOURED, VARIANT, Pavilion
from scorepad.core.boards.sintra import Palace
from scorepad.core.errors import EntryError, SheetError, quote
from scorepad.core.template import GameTemplate

PAVILION_FIELDS = ("pavilion", "star_colours")
PALACE_FIELDS = ("palace",)
BOARD_FIELDS = (*PAVILION_FIELDS, *PALACE_FIELDS)
"""The player fields of a sheet file that give a Summer Pavilion or Sintra board."""
PAVILION_GAME = "azul-summer-pavilion"
PALACE_GAME = "azul-sintra"
SIDE_B = "B"
"""The variant of both games: Summer Pavilion's variant side, Sintra's side B."""


class BoardReading(NamedTuple):
    """One player's pavilion or palace as a sheet file gave it, read and checked."""

    board: str
    """``"pavilion"`` or ``"palace"``: the field that gave it."""
    fields: dict[str, object]
    """The board as kept: its player fields, upper-cased, colours only where chosen."""
    derived: dict[str, object]
    """The sheet's lines it fills, by key, as a sheet file would type them."""

    @property
    def filled(self) -> tuple[str, ...]:
        """The keys of the sheet's lines that this board fills."""
        return tuple(self.derived)

    def lines(self) -> dict[str, object]:
        return dict(self.derived)

    def to_json(self) -> dict[str, object]:
        """The board's part of ``scorepad score --json``: its fields and the lines it
        filled."""
        return {**self.fields, "filled": list(self.filled)}


def has_board(raw: Mapping[str, object]) -> bool:
    """A field of these boards is given (``null`` is the same as leaving it out)."""
    return any(raw.get(field) is not None for field in BOARD_FIELDS)


def read_board(
    template: GameTemplate, variant: str | None, name: str, raw: Mapping[str, object]
) -> BoardReading | None:
    """The pavilion or palace of the player object ``raw`` (None when it has neither),
    or a SheetError naming the player."""
    if not has_board(raw):
        return None
    if any(raw.get(field) is not None for field in PAVILION_FIELDS):
        return _pavilion(template, variant, name, raw)
    return _palace(template, variant, name, raw)


def _refused(name: str, key: str, **fields: object) -> SheetError:
    return SheetError("entry.where_player", player=name, problem=EntryError(key, **fields))


def _pavilion(
    template: GameTemplate, variant: str | None, name: str, raw: Mapping[str, object]
) -> BoardReading:
    if template.id != PAVILION_GAME:
        raise _refused(name, "board.pavilion_not_here", game=quote(template.id))
    if raw.get("palace") is not None:
        raise _refused(name, "board.palace_not_here", game=quote(template.id))
    if raw.get("pavilion") is None:
        raise _refused(name, "board.colours_without_pavilion")
    side_b = variant == SIDE_B
    chosen = raw.get("star_colours")
    if chosen is not None and not isinstance(chosen, list):
        problem = EntryError("board.star_colours_shape", value=quote(chosen))
        raise SheetError("board.in_pavilion", player=name, problem=problem)
    try:
        pavilion = Pavilion.read(VARIANT if side_b else COLOURED, raw["pavilion"], chosen)
        uncoloured = [i + 1 for i in pavilion.complete_stars() if pavilion.colours[i] is None]
        if uncoloured:
            raise EntryError("board.star_no_colour", star=uncoloured[0])
    except EntryError as problem:
        raise SheetError("board.in_pavilion", player=name, problem=problem) from None
    fields: dict[str, object] = {"pavilion": list(pavilion.covered)}
    if side_b and any(pavilion.colours):
        fields["star_colours"] = list(pavilion.colours)
    return BoardReading("pavilion", fields, dict(pavilion.lines(counts=side_b)))


def _palace(
    template: GameTemplate, variant: str | None, name: str, raw: Mapping[str, object]
) -> BoardReading:
    if template.id != PALACE_GAME:
        raise _refused(name, "board.palace_not_here", game=quote(template.id))
    if variant != SIDE_B:
        raise _refused(name, "board.palace_side_a")
    try:
        palace = Palace.read(raw["palace"])
    except EntryError as problem:
        raise SheetError("board.in_palace", player=name, problem=problem) from None
    derived: dict[str, object] = {key: list(pair) for key, pair in palace.lines().items()}
    return BoardReading("palace", {"palace": list(palace.windows)}, derived)


def fill_lines(
    template: GameTemplate,
    variant: str | None,
    name: str,
    lines: Mapping[str, object],
    board: BoardReading,
) -> dict[str, object]:
    """``lines`` with the board's lines filled in. A line typed as well must say the same
    (a blank one, ``null``, is filled); one that cannot be read is left as typed, for the
    sheet's own check to name."""
    found = dict(lines)
    by_key = {line.key: line for line in template.lines_for(variant)}
    for key, derived in board.derived.items():
        line = by_key.get(key)
        if line is None:
            continue
        typed = found.get(key)
        if typed is not None:
            try:
                given = line.reading(typed).value
            except EntryError:
                continue
            if given != line.reading(derived).value:
                raise SheetError(
                    f"board.contradicts_{board.board}",
                    player=name,
                    line=key,
                    label=line.label,
                    typed=quote(typed),
                    derived=quote(derived),
                )
        found[key] = derived
    return found
