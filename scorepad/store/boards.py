"""A player's board kept with their seat of a play (revision 0010).

A seat stores a board as its kind and its text (``play_result.board_kind`` and
``play_result.board``): the kind names what the text holds (a name of the core's
``BOARD_KINDS``), the text is the board as a sheet file's player object gives it, as
compact JSON (docs/sheet-files.md, "Boards"), in the kind's kept fields:

- kind ``"azul-wall"``: ``{"side": "coloured", "wall": ["BYRKW", …]}``, the side always
  written;
- kind ``"azul-pavilion"``: ``{"pavilion": ["XXXXXX", …]}``, with ``"star_colours"`` on
  Summer Pavilion's variant side when a star's colour was chosen;
- kind ``"sintra-palace"``: ``{"palace": ["XC", "X.", …]}`` (Sintra's side B);
- kind ``"kingdom"``: ``{"kingdom": ["W1 W . F F", …]}`` (Kingdomino's kingdom).

Nothing here is written per kind: a new kind of board in the core is kept, exported,
imported and listed unchanged.

A board is checked by the core as a sheet file's would be (``BoardKind.read``), and
against the entries saved beside it (``BoardKind.check_entries``): a wall that says 2
complete rows beside an entry of 3 is refused, as is a pavilion with a complete red star
beside a red star left unticked, so a saved play never holds a board that disagrees with
its lines.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from scorepad.core import GameTemplate, PlayerSheet
from scorepad.core.boards.azul_wall import Wall
from scorepad.core.boards.kinds import BoardKind, Reading, board_kinds
from scorepad.core.boards.sheet_boards import board_name
from scorepad.core.errors import EntryError, SheetError, quote
from scorepad.store.errors import StoreError
from scorepad.store.values import dump, load

AZUL_WALL = "azul-wall"
AZUL_PAVILION = "azul-pavilion"
SINTRA_PALACE = "sintra-palace"
"""The kinds the app's board views restore by name (``ui.saved_boards``)."""


def kept_kinds() -> dict[str, tuple[str, ...]]:
    """Each kind of board and the player fields the history keeps, in the order written."""
    return {name: kind.kept for name, kind in board_kinds().items()}


def kept_fields() -> tuple[str, ...]:
    """Every player field a kept board is read from (an export's, an import's)."""
    return tuple(dict.fromkeys(f for fields in kept_kinds().values() for f in fields))


class SeatBoard(NamedTuple):
    """One seat's board as the history keeps it."""

    kind: str
    """What the board is (a name of the core's ``BOARD_KINDS``): ``"azul-wall"``,
    ``"azul-pavilion"``, ``"sintra-palace"``, ``"kingdom"``."""
    fields: Mapping[str, object]
    """The board as a sheet file's player object gives it: ``{"side", "wall"}``,
    ``{"pavilion", "star_colours"}``, ``{"palace"}``, ``{"kingdom"}``."""

    @property
    def wall(self) -> Wall | None:
        """The Azul wall, for drawing it (None for another kind of board)."""
        board = self.read(None) if self.kind == AZUL_WALL else None
        return board if isinstance(board, Wall) else None

    def read(self, variant: str | None) -> object:
        """The board as the core models it (``BoardKind.board``: a ``Wall``, a
        ``Pavilion``, a ``Palace``, a ``Kingdom``), for drawing or printing it
        (``variant``: the play's, which says the side of a pavilion); an ``EntryError``
        for a board that is not one (the store checked it when it was saved), a
        ``KeyError`` for a kind this Scorepad does not know."""
        return board_kinds()[self.kind].board(self.fields, variant)

    @property
    def text(self) -> str:
        """The board as the column keeps it."""
        return dump(dict(self.fields))


def board_fields(raw: Mapping[str, object]) -> dict[str, object] | None:
    """The board fields of a player object (an export's player), or None without any."""
    found = {field: raw[field] for field in kept_fields() if field in raw}
    return found or None


def stored_board(kind: str | None, text: str | None) -> SeatBoard | None:
    """A seat's board as read back from its columns (None when it has none)."""
    if kind is None or text is None:
        return None
    return SeatBoard(kind, load(text))


def check_boards(
    template: GameTemplate,
    variant: str | None,
    players: Sequence[PlayerSheet],
    boards: Sequence[Mapping[str, object] | None],
) -> tuple[SeatBoard | None, ...]:
    """Each seat's board, checked and in its kept form, given as player fields in seat
    order (None for a seat without one; empty for a play without boards). A StoreError
    names the player and the problem: a board the game (or its ``variant``) has no place
    for, a board that is not legal, or one that disagrees with the entries ``players``
    gave, or boards that cannot be seen together (Kingdomino's kingdoms of two sizes)."""
    if not boards:
        return ()
    if len(boards) != len(players):
        raise StoreError("store.boards_count", given=len(boards), players=len(players))
    checked = [
        None if fields is None else _checked(template, variant, player, fields)
        for player, fields in zip(players, boards, strict=True)
    ]
    kinds = {board.kind for board, _ in filter(None, checked)}
    for name in kinds:  # one, as every board is the game's
        try:
            board_kinds()[name].check_sheet(
                [p.name.strip() for p in players], [c[1] if c else None for c in checked]
            )
        except SheetError as problem:
            raise StoreError(problem.key, **problem.fields) from None
    return tuple(c[0] if c else None for c in checked)


def _checked(
    template: GameTemplate, variant: str | None, player: PlayerSheet, fields: Mapping[str, object]
) -> tuple[SeatBoard, Reading]:
    name = player.name.strip()
    known = kept_fields()
    unknown = [f for f in fields if f not in known]
    if unknown:
        raise StoreError("store.board_field", player=name, value=quote(unknown[0]))
    kinds = [k for k in board_kinds().values() if any(f in fields for f in k.kept)]
    if not kinds:
        raise StoreError("store.board_empty", player=name)
    if len(kinds) > 1:
        raise StoreError("store.board_kinds", player=name)
    kind = kinds[0]
    if kind.required is not None and fields.get(kind.required) is None:
        raise StoreError(f"store.board_no_{kind.required}", player=name)
    try:
        return _kept(template, variant, player, name, fields, kind)
    except (SheetError, EntryError) as problem:
        raise StoreError(problem.key, **problem.fields) from None


def _kept(
    template: GameTemplate,
    variant: str | None,
    player: PlayerSheet,
    name: str,
    fields: Mapping[str, object],
    kind: BoardKind,
) -> tuple[SeatBoard, Reading]:
    if kind.name != board_name(template):
        raise kind.refused(template, name)
    if not kind.given(fields):  # its fields are all null
        raise StoreError("store.board_empty", player=name)
    reading = kind.read(template, variant, name, fields)
    kind.check_entries(template, variant, name, player.lines, reading)
    kept = reading.kept
    assert kept is not None  # a required field was given
    return SeatBoard(kind.name, kept), reading


def kept_boards(
    had: Sequence[SeatBoard | None], seats: int
) -> tuple[Mapping[str, object] | None, ...]:
    """The saved boards of the first ``seats`` seats as player fields (None past the
    play's), or none when the play had none: what an edit that does not say keeps."""
    if not any(had):
        return ()
    found = [b.fields if b is not None else None for b in had[:seats]]
    return tuple(found + [None] * (seats - len(found)))


def read_boards(boards: Sequence[SeatBoard | None], variant: str | None) -> tuple[object, ...]:
    """Each seat's board as the core models it (None for a seat without one, or with a
    board that cannot be read), for drawing or printing the play."""
    found: list[object] = []
    for board in boards:
        try:
            found.append(board.read(variant) if board is not None else None)
        except (EntryError, KeyError, TypeError):
            found.append(None)
    return tuple(found)
