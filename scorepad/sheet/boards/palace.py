"""The Stained Glass of Sintra palace on the sheet: each player's windows, tapped instead of
counted, filling side B's ``windows`` line (completed windows × pieces of the colour).

The draft keeps each player's palace as the core writes one (``sintra.Palace``): one string
per window, the top frame space then the bottom one, ``.`` empty, ``X`` a piece, ``C`` a
piece of the colour the player counts. While a player's palace holds a piece on a side B
sheet, their ``windows`` cell is the palace's, as the core reads it: shown read-only, what
was typed before kept in the draft for when the palace is cleared. Side A's ornaments are
not placed by the rulebook's text, so its lines stay typed and the sheet has no palace.

A tap is a ``FrameEdit`` of one frame space, so two devices tapping one palace each keep
their taps, the later edit of a space winning there. A palace that edits from two devices
made impossible (a bottom piece whose top piece was taken off elsewhere) is marked on the
sheet with the core's reason and not counted until fixed. Plain Python: tests drive it
without a page.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from scorepad.core.boards.board_sheet import SIDE_B
from scorepad.core.boards.sintra import (
    CHOSEN,
    EMPTY,
    FRAMES,
    MARKS,
    PIECE,
    WINDOW_LINE,
    WINDOWS,
    Palace,
)
from scorepad.core.boards.sintra_sheet import KIND
from scorepad.core.errors import EntryError, ScorepadError, SheetError
from scorepad.core.template import GameTemplate
from scorepad.sheet.kinds import Problems, Seats, SheetBoard, register

NAME = "palaces"
"""The draft's key for the palaces (``SheetDraft.boards``)."""
SIDE = SIDE_B
"""The sheet's variant whose line a palace fills."""
BLANK = (EMPTY * FRAMES,) * WINDOWS
NEXT = {EMPTY: PIECE, PIECE: CHOSEN, CHOSEN: EMPTY}
"""What a tap makes of a frame space: a piece, then a piece of the colour, then empty."""


@dataclass
class PalaceDraft:
    """One player's windows as the draft keeps them."""

    windows: list[str] = field(default_factory=lambda: list(BLANK))

    @property
    def filled(self) -> bool:
        """The palace holds a piece: it fills the sheet's line."""
        return any(text != EMPTY * FRAMES for text in self.windows)

    def to_dict(self) -> dict[str, object]:
        return {"windows": list(self.windows)}

    @classmethod
    def from_dict(cls, data: object) -> PalaceDraft:
        """A palace read back from a draft; raises ValueError/TypeError when malformed."""
        if not isinstance(data, dict):
            raise TypeError("a palace is not an object")
        windows = data.get("windows")
        if not isinstance(windows, list) or len(windows) != WINDOWS:
            raise ValueError("a palace is eight windows")
        if not all(
            isinstance(t, str) and len(t) == FRAMES and set(t) <= set(MARKS) for t in windows
        ):
            raise ValueError("a window is two frame spaces")
        return cls([str(t) for t in windows])


def has_palace(template: GameTemplate) -> bool:
    """The game's sheet offers a palace to each player on side B: Sintra's, with its line."""
    return template.board == KIND and any(line.key == WINDOW_LINE for line in template.lines)


def palaces(draft: Seats) -> list[PalaceDraft]:
    """The players' palaces (none on a sheet without them)."""
    found: list[PalaceDraft] = draft.boards.get(NAME, [])
    return found


def counts(draft: Seats) -> bool:
    """The palaces fill the sheet: side B (side A's lines are not the windows')."""
    return draft.variant == SIDE


@dataclass(frozen=True)
class FrameEdit:
    """One frame space of a player's palace set to a mark. Made as it comes: the later
    edit of a space is the one it ends with."""

    player: int
    window: int
    space: int
    mark: str

    def apply_to(self, draft: Seats) -> None:
        if not 0 <= self.player < len(palaces(draft)):
            return
        windows = palaces(draft)[self.player].windows
        text = windows[self.window]
        windows[self.window] = text[: self.space] + self.mark + text[self.space + 1 :]


@dataclass(frozen=True)
class PalaceClearEdit:
    """Every frame space of a player's palace emptied: the line is typed again."""

    player: int

    def apply_to(self, draft: Seats) -> None:
        if 0 <= self.player < len(palaces(draft)):
            palaces(draft)[self.player] = PalaceDraft()


PalaceEdit = FrameEdit | PalaceClearEdit


def tap(draft: Seats, player: int, window: int, space: int) -> FrameEdit:
    """The edit a tap on a frame space makes (``window``, ``space`` from 0): empty, a
    piece, a piece of the colour, empty again. Raises the core's ``EntryError`` when the
    palace could not be so (a bottom piece under an empty top, or the top emptied over a
    bottom piece)."""
    windows = list(palaces(draft)[player].windows)
    text = windows[window]
    mark = NEXT[text[space]]
    windows[window] = text[:space] + mark + text[space + 1 :]
    Palace.read(windows)
    return FrameEdit(player, window, space, mark)


def palace_lines(draft: Seats, names: list[str], problems: Problems) -> list[dict[str, object]]:
    """Per player, the line their palace fills (none while it holds no piece, or on side
    A). An impossible palace fills the line with nothing counted and is noted there."""
    found: list[dict[str, object]] = []
    for index, palace in enumerate(palaces(draft)):
        if not counts(draft) or not palace.filled:
            found.append({})
            continue
        try:
            found.append(dict(Palace.read(palace.windows).lines()))
        except EntryError as problem:
            where = SheetError("board.in_palace", player=names[index], problem=problem)
            problems[(WINDOW_LINE, index, "a")] = where
            found.append({WINDOW_LINE: [0, 0]})  # typed numbers do not sneak in
    return found


def from_palace(draft: Seats, key: str, player: int) -> bool:
    """The cell of line ``key`` for ``player`` is filled from the palace, not typed."""
    return (
        key == WINDOW_LINE
        and counts(draft)
        and player < len(palaces(draft))
        and palaces(draft)[player].filled
    )


def reading(draft: Seats, player: int) -> tuple[int, int] | None:
    """The palace's (completed windows, pieces of the colour); None for an impossible one."""
    try:
        palace = Palace.read(palaces(draft)[player].windows)
    except ScorepadError:
        return None
    return palace.completed_windows(), palace.chosen_pieces()


def saved_palace(draft: Seats, player: int) -> dict[str, object] | None:
    """The palace a Save keeps with the player's seat, as the store takes boards (a sheet
    file's player field, ``{"palace"}``); None while it holds no piece, or on side A."""
    if not counts(draft) or player >= len(palaces(draft)) or not palaces(draft)[player].filled:
        return None
    return {"palace": list(palaces(draft)[player].windows)}


def palace_of_play(fields: Mapping[str, object]) -> PalaceDraft:
    """A kept palace as the draft keeps it, to edit the play (the store checked it)."""
    return PalaceDraft.from_dict({"windows": fields["palace"]})


class PalaceBoards(SheetBoard):
    """Stained Glass of Sintra's palaces on the sheet (side B's windows)."""

    name = NAME
    kind = KIND

    def offered(self, template: GameTemplate) -> bool:
        return has_palace(template)

    def blank(self) -> PalaceDraft:
        return PalaceDraft()

    def seat_to_json(self, board: PalaceDraft) -> dict[str, object]:
        return board.to_dict()

    def seat_from_json(self, data: object) -> PalaceDraft:
        return PalaceDraft.from_dict(data)

    def lines(self, draft: Seats, names: list[str], problems: Problems) -> list[dict[str, object]]:
        return palace_lines(draft, names, problems)

    def fills(self, draft: Seats, key: str, player: int) -> bool:
        return from_palace(draft, key, player)

    def saved(self, draft: Seats, seat: int) -> dict[str, object] | None:
        return saved_palace(draft, seat)

    def of_play(self, fields: Mapping[str, object]) -> PalaceDraft:
        return palace_of_play(fields)


PALACES = register(PalaceBoards())
