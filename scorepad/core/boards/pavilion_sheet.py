"""A sheet file's Summer Pavilion board (docs/sheet-files.md, "Boards"), the kind
``"azul-pavilion"``: ``"pavilion"``, one string per star, the centre star first, six
characters each, ``X`` covered and ``.`` empty (``pavilion.Pavilion``); with
``"star_colours"`` on the variant side (``B``): the colour each star was built in, one per
star, ``null`` for one not chosen. It fills the star lines (yes/no; counts on side B) and
the "all spaces of number N covered" lines. A complete star on side B needs its colour:
its points depend on it.
"""

from __future__ import annotations

from collections.abc import Mapping

from scorepad.core.boards.board_sheet import SIDE_B, BoardReading, refused
from scorepad.core.boards.kinds import BoardKind, register
from scorepad.core.boards.pavilion import COLOURED, VARIANT, Pavilion
from scorepad.core.errors import EntryError, SheetError, quote
from scorepad.core.template import GameTemplate

KIND = "azul-pavilion"
FIELDS = ("pavilion", "star_colours")


@register
class PavilionKind(BoardKind):
    name = KIND
    fields = FIELDS
    contradicts = "pavilion"

    def refused(self, template: GameTemplate, name: str) -> SheetError:
        return refused(name, "board.pavilion_not_here", game=quote(template.id))

    def read(
        self, template: GameTemplate, variant: str | None, name: str, raw: Mapping[str, object]
    ) -> BoardReading:
        if raw.get("pavilion") is None:
            raise refused(name, "board.colours_without_pavilion")
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
        return BoardReading("pavilion", fields, dict(pavilion.lines(counts=side_b)), pavilion)

    def board(self, kept: Mapping[str, object], variant: str | None) -> Pavilion:
        layout = VARIANT if variant == SIDE_B else COLOURED
        colours = kept.get("star_colours")
        chosen = colours if isinstance(colours, list) else None
        return Pavilion.read(layout, kept["pavilion"], chosen)
