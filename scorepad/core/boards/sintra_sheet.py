"""A sheet file's Stained Glass of Sintra board (docs/sheet-files.md, "Boards"), the kind
``"sintra-palace"``, side ``B`` only: ``"palace"``, one string per window, two characters
each, the top frame space first, ``.`` empty, ``X`` a piece, ``C`` a piece of the colour
the player counts (``sintra.Palace``). It fills the ``windows`` line.
"""

from __future__ import annotations

from collections.abc import Mapping

from scorepad.core.boards.board_sheet import SIDE_B, BoardReading, refused
from scorepad.core.boards.kinds import BoardKind, register
from scorepad.core.boards.sintra import Palace
from scorepad.core.errors import EntryError, SheetError, quote
from scorepad.core.template import GameTemplate

KIND = "sintra-palace"
FIELDS = ("palace",)


@register
class PalaceKind(BoardKind):
    name = KIND
    fields = FIELDS
    contradicts = "palace"

    def refused(self, template: GameTemplate, name: str) -> SheetError:
        return refused(name, "board.palace_not_here", game=quote(template.id))

    def read(
        self, template: GameTemplate, variant: str | None, name: str, raw: Mapping[str, object]
    ) -> BoardReading:
        if variant != SIDE_B:
            raise refused(name, "board.palace_side_a")
        try:
            palace = Palace.read(raw["palace"])
        except EntryError as problem:
            raise SheetError("board.in_palace", player=name, problem=problem) from None
        derived: dict[str, object] = {key: list(pair) for key, pair in palace.lines().items()}
        return BoardReading("palace", {"palace": list(palace.windows)}, derived, palace)

    def board(self, kept: Mapping[str, object], variant: str | None) -> Palace:
        return Palace.read(kept["palace"])
