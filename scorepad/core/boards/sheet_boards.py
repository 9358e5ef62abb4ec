"""The boards on a sheet: which kind a game takes (its file's ``"board"``), each
player's board read from a sheet file's player object, and the checks across the sheet.

A game file names its kind of board. A play kept before game files named theirs keeps
the snapshot of its game without the field: such a game takes the board of the shipped
game of the same id, so an old play's board is read as it was saved.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorepad.core.boards.kinds import BoardKind, Reading, board_kinds
from scorepad.core.catalogue import builtin_games
from scorepad.core.template import GameTemplate


def board_name(template: GameTemplate) -> str | None:
    """The name of the game's kind of board, or None: it has none."""
    if template.board is not None or "board" in template.source:
        return template.board
    shipped = builtin_games()
    return shipped[template.id].board if template.id in shipped else None


def kind_of(template: GameTemplate) -> BoardKind | None:
    """The kind of board the game takes (None: it has none)."""
    name = board_name(template)
    return board_kinds().get(name) if name is not None else None


def board_fields() -> tuple[str, ...]:
    """Every player field of a sheet file that gives a board, of any kind."""
    return tuple(dict.fromkeys(f for kind in board_kinds().values() for f in kind.fields))


def read_player_board(
    template: GameTemplate,
    variant: str | None,
    name: str,
    lines: Mapping[str, object],
    raw: Mapping[str, object],
) -> tuple[Reading | None, Mapping[str, object]]:
    """The board of the player object ``raw`` (None without one) and ``lines`` with what
    it fills; a SheetError for a board the game has no place for, one that cannot be, or
    one that disagrees with a line typed beside it."""
    mine = board_name(template)
    given = [kind for kind in board_kinds().values() if kind.given(raw)]
    for kind in given:  # another game's board is refused before this game's is read
        if kind.name != mine:
            raise kind.refused(template, name)
    if not given:
        return None, lines
    kind = given[0]
    reading = kind.read(template, variant, name, raw)
    return reading, kind.fill(template, variant, name, lines, reading)


def check_sheet(
    template: GameTemplate, names: Sequence[str], readings: Sequence[Reading | None]
) -> None:
    """The checks across the sheet of the game's kind of board (none without boards)."""
    kind = kind_of(template)
    if kind is not None and any(readings):
        kind.check_sheet(names, readings)
