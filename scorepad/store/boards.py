"""A player's board kept with their seat of a play (revision 0010).

A seat stores a board as its kind and its text (``play_result.board_kind`` and
``play_result.board``): the kind names what the text holds, the text is the board as a
sheet file's player object gives it, as compact JSON (docs/sheet-files.md, "Boards"):

- kind ``"azul-wall"``: ``{"side": "coloured", "wall": ["BYRKW", …]}``, the side always
  written;
- kind ``"azul-pavilion"``: ``{"pavilion": ["XXXXXX", …]}``, with ``"star_colours"`` on
  Summer Pavilion's variant side when a star's colour was chosen;
- kind ``"sintra-palace"``: ``{"palace": ["XC", "X.", …]}`` (Sintra's side B).

Each kind is one entry of ``KINDS`` with its player fields: the columns, the exports and
the listings carry every kind unchanged.

A board is checked by the core as a sheet file's would be (``azul_sheet.read_board``,
``board_sheet.read_board``), and against the entries saved beside it: a wall that says 2
complete rows beside an entry of 3 is refused, as is a pavilion with a complete red star
beside a red star left unticked, so a saved play never holds a board that disagrees with
its lines.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from scorepad.core import GameTemplate, PlayerSheet
from scorepad.core.boards import board_sheet
from scorepad.core.boards.azul_sheet import fill_lines, read_board
from scorepad.core.boards.azul_wall import Wall, read_side
from scorepad.core.boards.pavilion import COLOURED, VARIANT, Pavilion
from scorepad.core.boards.sintra import Palace
from scorepad.core.errors import EntryError, SheetError, quote
from scorepad.store.errors import StoreError
from scorepad.store.values import dump, load

AZUL_WALL = "azul-wall"
AZUL_PAVILION = "azul-pavilion"
SINTRA_PALACE = "sintra-palace"
KINDS: dict[str, tuple[str, ...]] = {
    AZUL_WALL: ("side", "wall"),
    AZUL_PAVILION: board_sheet.PAVILION_FIELDS,
    SINTRA_PALACE: board_sheet.PALACE_FIELDS,
}
"""Each kind of board and the player fields that give it, in the order they are written."""
FIELDS = tuple(dict.fromkeys(f for fields in KINDS.values() for f in fields))
"""Every player field a kept board is read from (an export's, an import's)."""


class SeatBoard(NamedTuple):
    """One seat's board as the history keeps it."""

    kind: str
    """What the board is (``KINDS``): ``"azul-wall"``, ``"azul-pavilion"``,
    ``"sintra-palace"``."""
    fields: Mapping[str, object]
    """The board as a sheet file's player object gives it: ``{"side", "wall"}``,
    ``{"pavilion", "star_colours"}``, ``{"palace"}``."""

    @property
    def wall(self) -> Wall | None:
        """The Azul wall, for drawing it (None for another kind of board)."""
        if self.kind != AZUL_WALL:
            return None
        return Wall.read(self.fields["wall"], read_side(self.fields.get("side")))

    def read(self, variant: str | None) -> Wall | Pavilion | Palace:
        """The board as the core reads it, for drawing or printing it (``variant``: the
        play's, which says the side of a pavilion); an ``EntryError`` for a board that is
        not one (the store checked it when it was saved)."""
        if self.kind == AZUL_PAVILION:
            layout = VARIANT if variant == board_sheet.SIDE_B else COLOURED
            colours = self.fields.get("star_colours")
            chosen = colours if isinstance(colours, list) else None
            return Pavilion.read(layout, self.fields["pavilion"], chosen)
        if self.kind == SINTRA_PALACE:
            return Palace.read(self.fields["palace"])
        wall = self.wall
        if wall is None:
            raise KeyError(self.kind)  # a kind this Scorepad does not know
        return wall

    @property
    def text(self) -> str:
        """The board as the column keeps it."""
        return dump(dict(self.fields))


def board_fields(raw: Mapping[str, object]) -> dict[str, object] | None:
    """The board fields of a player object (an export's player), or None without any."""
    found = {field: raw[field] for field in FIELDS if field in raw}
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
    gave."""
    if not boards:
        return ()
    if len(boards) != len(players):
        raise StoreError("store.boards_count", given=len(boards), players=len(players))
    return tuple(
        None if fields is None else _checked(template, variant, player, fields)
        for player, fields in zip(players, boards, strict=True)
    )


def _checked(
    template: GameTemplate, variant: str | None, player: PlayerSheet, fields: Mapping[str, object]
) -> SeatBoard:
    name = player.name.strip()
    unknown = [f for f in fields if f not in FIELDS]
    if unknown:
        raise StoreError("store.board_field", player=name, value=quote(unknown[0]))
    kinds = [kind for kind, named in KINDS.items() if any(f in fields for f in named)]
    if not kinds:
        raise StoreError("store.board_empty", player=name)
    if len(kinds) > 1:
        raise StoreError("store.board_kinds", player=name)
    try:
        if kinds == [AZUL_WALL]:
            return _wall(template, player, name, fields)
        return _other(template, variant, player, name, fields, kinds[0])
    except (SheetError, EntryError) as problem:
        raise StoreError(problem.key, **problem.fields) from None


def _wall(
    template: GameTemplate, player: PlayerSheet, name: str, fields: Mapping[str, object]
) -> SeatBoard:
    if fields.get("wall") is None:
        raise StoreError("store.board_no_wall", player=name)
    board = read_board(template, name, fields)
    assert board is not None and board.wall is not None  # "wall" is given
    # a line left blank is 0 here: the entries saved must be the board's, not filled later
    typed = {**dict.fromkeys(board.lines(), 0), **player.lines}
    fill_lines(template, name, {k: 0 if v is None else v for k, v in typed.items()}, board)
    return SeatBoard(AZUL_WALL, {"side": board.side, "wall": list(board.wall.rows)})


def _other(
    template: GameTemplate,
    variant: str | None,
    player: PlayerSheet,
    name: str,
    fields: Mapping[str, object],
    kind: str,
) -> SeatBoard:
    board = board_sheet.read_board(template, variant, name, fields)
    if board is None:  # its fields are all null
        raise StoreError("store.board_empty", player=name)
    # a line left blank is its blank entry here (0, no, 0 × 0): the board's must match
    blanks = {line.key: line.empty().value for line in template.lines_for(variant)}
    typed = {
        key: blanks.get(key) if player.lines.get(key) is None else player.lines[key]
        for key in board.derived
    }
    board_sheet.fill_lines(template, variant, name, typed, board)
    return SeatBoard(kind, board.fields)


def kept_boards(
    had: Sequence[SeatBoard | None], seats: int
) -> tuple[Mapping[str, object] | None, ...]:
    """The saved boards of the first ``seats`` seats as player fields (None past the
    play's), or none when the play had none: what an edit that does not say keeps."""
    if not any(had):
        return ()
    found = [b.fields if b is not None else None for b in had[:seats]]
    return tuple(found + [None] * (seats - len(found)))


def read_boards(
    boards: Sequence[SeatBoard | None], variant: str | None
) -> tuple[Wall | Pavilion | Palace | None, ...]:
    """Each seat's board as the core reads it (None for a seat without one, or with a
    board that cannot be read), for drawing or printing the play."""
    found: list[Wall | Pavilion | Palace | None] = []
    for board in boards:
        try:
            found.append(board.read(variant) if board is not None else None)
        except (EntryError, KeyError, TypeError):
            found.append(None)
    return tuple(found)
