"""A sheet file's Kingdomino kingdom (docs/sheet-files.md, "Boards"), the kind
``"kingdom"``: ``"kingdom"``, one string per row of the grid (``kingdom.Kingdom``). It
fills the properties' points, the two tie-breakers (the largest property's squares, the
crowns) and, when their additional rules are chosen, the Middle Kingdom and Harmony.

Across the sheet every kingdom has the same grid: 5 × 5, or 7 × 7 for the Mighty Duel,
which is played by two players only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorepad.core.boards.board_sheet import BoardReading, refused
from scorepad.core.boards.kinds import BoardKind, Reading, register
from scorepad.core.boards.kingdom import DUEL_SIZE, Kingdom
from scorepad.core.errors import EntryError, SheetError, quote
from scorepad.core.template import GameTemplate

KIND = "kingdom"
FIELDS = ("kingdom",)
DUEL_PLAYERS = 2


def kingdom_of(reading: Reading | None) -> Kingdom | None:
    """The kingdom a reading holds (None for none, or another kind's)."""
    model = reading.model if isinstance(reading, BoardReading) else None
    return model if isinstance(model, Kingdom) else None


@register
class KingdomKind(BoardKind):
    """Kingdomino's kingdom: each square's terrain and crowns."""

    name = KIND
    fields = FIELDS
    contradicts = "kingdom"
    help = (("kingdom", "board.help_kingdom"),)

    def refused(self, template: GameTemplate, name: str) -> SheetError:
        return refused(name, "board.kingdom_not_here", game=quote(template.id))

    def read(
        self, template: GameTemplate, variant: str | None, name: str, raw: Mapping[str, object]
    ) -> BoardReading:
        try:
            kingdom = Kingdom.read(raw["kingdom"])
        except EntryError as problem:
            raise SheetError("board.in_kingdom", player=name, problem=problem) from None
        keys = template.keys_for(variant)  # the bonuses' lines only with their modules
        derived: dict[str, object] = {k: v for k, v in kingdom.lines().items() if k in keys}
        return BoardReading("kingdom", {"kingdom": list(kingdom.rows)}, derived, kingdom)

    def check_sheet(self, names: Sequence[str], readings: Sequence[Reading | None]) -> None:
        kingdoms = [(n, k) for n, r in zip(names, readings, strict=True) if (k := kingdom_of(r))]
        if not kingdoms:
            return
        first_name, first = kingdoms[0]
        for name, kingdom in kingdoms[1:]:
            if kingdom.size != first.size:
                raise SheetError(
                    "board.kingdom_sizes",
                    player=name,
                    size=kingdom.size,
                    other=first_name,
                    expected=first.size,
                )
        if first.size == DUEL_SIZE and len(names) != DUEL_PLAYERS:
            raise SheetError("board.kingdom_duel", size=DUEL_SIZE, count=len(names))

    def board(self, kept: Mapping[str, object], variant: str | None) -> Kingdom:
        return Kingdom.read(kept["kingdom"])
