"""An Azul game tracked round by round on the sheet: each round, every player taps the
tiles that moved to their wall and the floor-line spaces they filled, and the core scores
it (``azul_track.play``: each tile as it is placed, top row first, then the floor line,
the score never below 0). The marker line is then the score track the game ends on,
read-only ("from the game"), and each round's points are shown.

The table is in one round at a time (``wall.track_round``, from 1; 0: not tracked).
Each player's wall (``wall.WallDraft``) keeps the round each tile was placed in
(``placed_in``) and the spaces of the floor line filled in each round (``floors``). Every
change is an edit of one space, one floor line or the table's round, so two devices
tapping at once each keep their taps (the later tap of a space wins there), and any round
can be corrected: later rounds are scored again from it. Plain Python: tests drive it
without a page.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorepad.core.boards.azul_track import FLOOR_SPACES, Tile, TrackedGame, TrackedRound, play
from scorepad.core.boards.azul_wall import EMPTY, SIZE
from scorepad.core.errors import EntryError, SheetError
from scorepad.sheet.boards.wall import TRACK_ROUND, TileEdit, WallDraft, track_round, walls
from scorepad.sheet.kinds import Problems, Seats

MARKER = "marker"
"""The Azul sheet's score track line: the tracked game's last score."""


def tracking(draft: Seats) -> bool:
    """The sheet's game is tracked round by round."""
    return track_round(draft) > 0 and bool(walls(draft))


def rounds_of(wall: WallDraft, rounds: int) -> list[TrackedRound]:
    """A player's rounds 1 … ``rounds`` as the core scores them."""
    placed: list[list[Tile]] = [[] for _ in range(rounds)]
    for at, number in enumerate(wall.placed_in):
        if 1 <= number <= rounds:
            row, column = divmod(at, SIZE)
            placed[number - 1].append(Tile(row, column, wall.rows[row][column]))
    floors = wall.floors
    return [
        TrackedRound(tuple(placed[i]), floors[i] if i < len(floors) else 0) for i in range(rounds)
    ]


def tracked_game(draft: Seats, player: int) -> TrackedGame:
    """``player``'s game up to the table's round; raises the core's ``EntryError`` for a
    move the rules do not allow, or "board.untracked" for a tile placed in no round."""
    wall = walls(draft)[player]
    for at, number in enumerate(wall.placed_in):
        row, column = divmod(at, SIZE)
        if wall.rows[row][column] != EMPTY and not 1 <= number <= track_round(draft):
            raise EntryError("board.untracked", row=row + 1, column=column + 1)
    return play(rounds_of(wall, track_round(draft)), wall.side)


def track_lines(draft: Seats, names: list[str], problems: Problems) -> list[dict[str, int]]:
    """Per player, the marker line their tracked game fills (none while the game is not
    tracked). A game the rules do not allow fills 0: its problem is noted on the marker
    line, naming the player."""
    if not tracking(draft):
        return [{} for _ in walls(draft)]
    found: list[dict[str, int]] = []
    for index in range(len(walls(draft))):
        try:
            found.append({MARKER: tracked_game(draft, index).marker})
        except EntryError as problem:
            where = SheetError("board.in_track", player=names[index], problem=problem)
            problems[(MARKER, index, "")] = where
            found.append({MARKER: 0})  # a typed score does not sneak in
    return found


def from_game(draft: Seats, key: str) -> bool:
    """The cells of line ``key`` are filled from the tracked game, not typed."""
    return key == MARKER and tracking(draft)


@dataclass(frozen=True)
class FloorEdit:
    """How many spaces of a player's floor line were filled in a round (0 … 7)."""

    player: int
    round: int
    spaces: int

    def apply_to(self, draft: Seats) -> None:
        if not 0 <= self.player < len(walls(draft)) or self.round < 1:
            return
        floors = walls(draft)[self.player].floors
        floors.extend([0] * (self.round - len(floors)))
        floors[self.round - 1] = self.spaces
        while floors and not floors[-1]:
            floors.pop()  # kept as short as it can be: the same draft however it was reached


@dataclass(frozen=True)
class TrackRoundEdit:
    """The round the table is in (0: the game is no longer tracked)."""

    round: int

    def apply_to(self, draft: Seats) -> None:
        if self.round > 0:
            draft.boards[TRACK_ROUND] = self.round
        else:  # no longer tracked: the draft as if it never was
            draft.boards.pop(TRACK_ROUND, None)


TrackEdit = FloorEdit | TrackRoundEdit


def floor_tap(draft: Seats, player: int, round: int, space: int) -> FloorEdit:
    """The edit a tap on floor-line space ``space`` (from 1) makes in ``round``: the line
    filled up to it, or, tapped on the last filled space, up to the one before."""
    if not 1 <= space <= FLOOR_SPACES:
        raise EntryError("board.floor", value=space)
    floors = walls(draft)[player].floors
    filled = floors[round - 1] if round - 1 < len(floors) else 0
    return FloorEdit(player, round, space - 1 if filled == space else space)


def start(draft: Seats) -> TrackRoundEdit:
    """The edit that starts tracking the game in round 1 (or back in the round its tiles
    reached); raises "board.track_after_tiles" while a wall holds a tile placed in no
    round (a wall tapped at the end of the game is not a game tracked)."""
    last = 0
    for wall in walls(draft):
        for at, number in enumerate(wall.placed_in):
            if wall.rows[at // SIZE][at % SIZE] != EMPTY:
                if not number:
                    raise EntryError("board.track_after_tiles")
                last = max(last, number)
        last = max(last, len(wall.floors))
    return TrackRoundEdit(max(1, last))


def ended_by(draft: Seats, names: list[str]) -> str | None:
    """The first player (by seat) whose wall has a complete row after the table's round:
    the game ends after it, so no round comes next; None while the game goes on."""
    for index in range(len(walls(draft))):
        try:
            game = tracked_game(draft, index)
        except EntryError:
            continue
        if game.rounds and game.rounds[-1].completes_row:
            return names[index]
    return None


def next_round(draft: Seats, names: list[str]) -> TrackRoundEdit:
    """The edit that takes the table to the next round; raises "board.game_over" when a
    player completed a row in this one (the game ends after it)."""
    ended = ended_by(draft, names)
    if ended is not None:
        raise EntryError("board.game_over", player=ended, round=track_round(draft))
    return TrackRoundEdit(track_round(draft) + 1)


def undoing(draft: Seats, edit: TileEdit | FloorEdit) -> TileEdit | FloorEdit:
    """The edit that puts back what ``edit`` is about to change (taken before it is made):
    the space's tile and round, or the round's floor line."""
    wall = walls(draft)[edit.player]
    if isinstance(edit, FloorEdit):
        floors = wall.floors
        return FloorEdit(
            edit.player, edit.round, floors[edit.round - 1] if edit.round <= len(floors) else 0
        )
    at = edit.row * SIZE + edit.column
    return TileEdit(
        edit.player, edit.row, edit.column, wall.rows[edit.row][edit.column], wall.placed_in[at]
    )
