"""A sheet file's Azul boards (docs/sheet-files.md, "Boards"): a player object may carry
``"wall"`` (the end-of-game wall), ``"side"`` (``"coloured"``, the default, or ``"grey"``)
and ``"track"`` (the game round by round). The board then fills lines of the Azul sheet:

- a wall: complete rows (also the tie-breaker), complete columns, complete colours;
- a track: the score track (marker) after the last round, and the same three lines from
  the wall the tracked rounds built (a wall given beside it must be that wall).

A line the player also typed must agree with the board: a wall with 2 complete rows and
``"rows": 3`` is refused, as is a track that reaches 40 beside ``"marker": 42``. Across the
sheet, every tracked player has the same number of rounds, and none after the round in
which some tracked player completed a horizontal row (the game ended there).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from scorepad.core.boards.azul_track import FLOOR_SPACES, Tile, TrackedGame, TrackedRound, play
from scorepad.core.boards.azul_wall import Side, Wall, pattern_column, read_side
from scorepad.core.boards.kinds import BoardKind, Reading, register
from scorepad.core.errors import EntryError, SheetError, quote
from scorepad.core.i18n import join_words, tr
from scorepad.core.template import GameTemplate, Line

BOARD_FIELDS = ("wall", "side", "track")
"""The player fields of a sheet file that describe a board."""
KIND = "azul-wall"
"""The kind's name: Azul's game file names it, the history keeps it beside a seat's wall."""
GAME = "azul"
"""The game whose sheet a wall or a track fills (for the app's wall view; the core finds
a game's kind of board in its file)."""
ROUND_FIELDS = ("placed", "floor")
WALL_LINES = ("rows", "columns", "colours")
TRACK_LINES = ("marker", *WALL_LINES)
_TILE = re.compile(r"([BYRKW])([1-5])(?:@([1-5]))?")


class AzulBoard(NamedTuple):
    """One player's board as a sheet file gave it, read and checked."""

    side: Side
    wall: Wall | None
    """The end-of-game wall: given, or built by the tracked rounds."""
    game: TrackedGame | None
    """The tracked rounds, scored; None without a track."""

    @property
    def filled(self) -> tuple[str, ...]:
        """The keys of the sheet's lines that this board fills."""
        if self.game is not None:
            return TRACK_LINES
        return WALL_LINES if self.wall is not None else ()

    def lines(self) -> dict[str, int]:
        found: dict[str, int] = {}
        if self.game is not None:
            found["marker"] = self.game.marker
        if self.wall is not None:
            found.update(self.wall.lines())
        return found

    @property
    def kept(self) -> dict[str, object] | None:
        """The wall as the history keeps it (a tracked game's: the wall it built), the
        side always written; None without a wall."""
        if self.wall is None:
            return None
        return {"side": self.side, "wall": list(self.wall.rows)}

    def sentence(self, player: str, lang: str) -> str:
        side = tr("board.side_grey" if self.side == "grey" else "board.side_coloured", lang)
        key = "board.from_track" if self.game is not None else "board.from_wall"
        return tr(key, lang, player=player, side=side)

    def to_json(self) -> dict[str, object]:
        """The board's part of ``scorepad score --json``: the side, the wall, the lines it
        filled, and each tracked round ("round 3: +7, floor −2")."""
        found: dict[str, object] = {
            "side": self.side,
            "wall": list(self.wall.rows) if self.wall is not None else None,
            "filled": list(self.filled),
        }
        if self.game is not None:
            found["rounds"] = [
                {
                    "placed": [
                        {
                            "tile": tile_name(tile, self.side),
                            "row": tile.row + 1,
                            "column": tile.column + 1,
                            "points": points,
                        }
                        for tile, points in r.tiles
                    ],
                    "gained": r.gained,
                    "floor": r.floor,
                    "score": r.score,
                }
                for r in self.game.rounds
            ]
        return found


def has_board(raw: Mapping[str, object]) -> bool:
    return any(field in raw for field in BOARD_FIELDS)


def read_board(template: GameTemplate, name: str, raw: Mapping[str, object]) -> AzulBoard | None:
    """The board of the player object ``raw`` (None when it has none), or a SheetError
    naming the player."""
    if not has_board(raw):
        return None
    try:
        side = read_side(raw.get("side"))
    except EntryError as problem:
        raise SheetError("entry.where_player", player=name, problem=problem) from None
    wall = None
    if raw.get("wall") is not None:
        try:
            wall = Wall.read(raw["wall"], side)
        except EntryError as problem:
            raise SheetError("board.in_wall", player=name, problem=problem) from None
    game = None
    if raw.get("track") is not None:
        try:
            game = play(read_track(raw["track"], side), side)
        except EntryError as problem:
            raise SheetError("board.in_track", player=name, problem=problem) from None
        if wall is not None and wall.rows != game.wall.rows:
            row = next(i for i, text in enumerate(wall.rows) if text != game.wall.rows[i])
            raise SheetError(
                "board.wall_not_track",
                player=name,
                row=row + 1,
                given=quote(wall.rows[row]),
                tracked=quote(game.wall.rows[row]),
            )
        wall = game.wall
    return AzulBoard(side, wall, game)


def read_track(raw: object, side: Side) -> list[TrackedRound]:
    """A track as a sheet file gives it: a list of rounds, each ``{"placed": [tile, …],
    "floor": spaces}`` (both may be left out: no tile, an empty floor line)."""
    if not isinstance(raw, list):
        raise EntryError("board.track_shape", value=quote(raw))
    rounds: list[TrackedRound] = []
    for number, item in enumerate(raw, 1):
        try:
            rounds.append(_read_round(item, side))
        except EntryError as problem:
            raise EntryError("board.where_round", round=number, problem=problem) from None
    return rounds


def _read_round(item: object, side: Side) -> TrackedRound:
    if not isinstance(item, dict):
        raise EntryError("board.round_shape", value=quote(item))
    for field in item:
        if field not in ROUND_FIELDS:
            raise EntryError("board.round_field", value=quote(field))
    placed = item.get("placed", [])
    if not isinstance(placed, list):
        raise EntryError("board.placed_shape", value=quote(placed))
    floor = item.get("floor", 0)
    if type(floor) is not int or not 0 <= floor <= FLOOR_SPACES:
        raise EntryError("board.floor", value=quote(floor))
    return TrackedRound(tuple(read_tile(text, side) for text in placed), floor)


def read_tile(raw: object, side: Side) -> Tile:
    """``"B1"``: the blue tile of row 1, on its printed place (the coloured side);
    ``"B1@3"``: in column 3 (the grey side's way, also taken on the coloured side when
    it is the printed place)."""
    found = _TILE.fullmatch(raw.strip().upper()) if isinstance(raw, str) else None
    if found is None:
        raise EntryError("board.tile", value=quote(raw))
    colour, row_text, column_text = found.groups()
    row = int(row_text) - 1
    if column_text is not None:
        return Tile(row, int(column_text) - 1, colour)
    if side == "grey":
        raise EntryError("board.tile_column", value=quote(raw))
    return Tile(row, pattern_column(row, colour), colour)


def tile_name(tile: Tile, side: Side) -> str:
    """A tile as a sheet file writes it: ``"B1"`` on the coloured side, ``"B1@3"`` on the
    grey side."""
    name = f"{tile.colour}{tile.row + 1}"
    return name if side == "coloured" else f"{name}@{tile.column + 1}"


def fill_lines(
    template: GameTemplate, name: str, lines: Mapping[str, object], board: AzulBoard
) -> dict[str, object]:
    """``lines`` with the board's lines filled in. A line typed as well must say the same
    (a blank one, ``null``, is filled); one that cannot be read is left as typed, for the
    sheet's own check to name."""
    found = dict(lines)
    by_key = {line.key: line for line in template.lines}
    for key, derived in board.lines().items():
        line = by_key.get(key)
        if line is None:
            continue
        typed = found.get(key)
        if typed is not None:
            measure = _measure(line, typed)
            if measure is None:
                continue
            if measure != derived:
                source = "track" if key == "marker" else "wall"
                raise SheetError(
                    "board.contradicts_track" if source == "track" else "board.contradicts_wall",
                    player=name,
                    line=key,
                    label=line.label,
                    typed=quote(typed),
                    derived=derived,
                )
        found[key] = derived
    return found


def _measure(line: Line, typed: object) -> object:
    try:
        return line.reading(typed).measure
    except EntryError:
        return None


def check_tracks(names: Sequence[str], boards: Sequence[AzulBoard | None]) -> None:
    """Across the sheet: every tracked player has the same number of rounds, and the last
    is the round in which the game ended, if a tracked player completed a row before."""
    tracked = [(n, b.game) for n, b in zip(names, boards, strict=True) if b and b.game]
    if not tracked:
        return
    first_name, first = tracked[0]
    for name, game in tracked[1:]:
        if len(game.rounds) != len(first.rounds):
            raise SheetError(
                "board.rounds_differ",
                player=name,
                count=len(game.rounds),
                other=first_name,
                expected=len(first.rounds),
            )
    ended = track_end(tracked)
    if ended is not None and ended[0] < len(first.rounds):
        raise SheetError(
            "board.after_end", names=", ".join(ended[1]), round=ended[0], next=ended[0] + 1
        )


def track_end(tracked: Sequence[tuple[str, TrackedGame]]) -> tuple[int, tuple[str, ...]] | None:
    """The round after which the game ended (some tracked player completed a horizontal
    row) and who did, or None while no one has."""
    rounds = [(game.row_completed_in, name) for name, game in tracked]
    ended = [r for r, _ in rounds if r is not None]
    if not ended:
        return None
    first = min(ended)
    return first, tuple(name for r, name in rounds if r == first)


def track_note(names: Sequence[str], boards: Sequence[AzulBoard | None], lang: str) -> str | None:
    """The sentence saying how the tracked game stands ("The game ended after round 6: …",
    "Unfinished: no horizontal row complete after round 4."); None without a track."""
    tracked = [(n, b.game) for n, b in zip(names, boards, strict=True) if b and b.game]
    if not tracked:
        return None
    ended = track_end(tracked)
    if ended is None:
        return tr("board.unfinished", lang, round=len(tracked[0][1].rounds))
    return tr("board.ended", lang, round=ended[0], names=join_words(list(ended[1]), lang))


def track_summary(
    names: Sequence[str], boards: Sequence[AzulBoard | None], lang: str
) -> dict[str, object] | None:
    """How the tracked game stands, for ``scorepad score --json``: the rounds played,
    whether a row was completed (the game ended), after which round and by whom, and the
    sentence saying so; None without a track."""
    tracked = [(n, b.game) for n, b in zip(names, boards, strict=True) if b and b.game]
    if not tracked:
        return None
    ended = track_end(tracked)
    return {
        "rounds": len(tracked[0][1].rounds),
        "finished": ended is not None,
        "ended_round": ended[0] if ended else None,
        "ended_by": list(ended[1]) if ended else [],
        "note": track_note(names, boards, lang),
    }


def azul_boards(boards: Sequence[Reading | None]) -> list[AzulBoard | None]:
    """Each player's Azul wall or track (None for a player without one)."""
    return [b if isinstance(b, AzulBoard) else None for b in boards]


@register
class AzulWallKind(BoardKind):
    """Azul's wall (either side) or its game tracked round by round."""

    name = KIND
    fields = BOARD_FIELDS
    kept_fields = ("side", "wall")
    required = "wall"
    help = (("wall", "board.help_wall"), ("side", "board.help_side"), ("track", "board.help_track"))

    def given(self, raw: Mapping[str, object]) -> bool:
        return has_board(raw)  # a field given as null counts: it is checked

    def read(
        self, template: GameTemplate, variant: str | None, name: str, raw: Mapping[str, object]
    ) -> AzulBoard:
        board = read_board(template, name, raw)
        assert board is not None  # ``given``
        return board

    def fill(
        self,
        template: GameTemplate,
        variant: str | None,
        name: str,
        lines: Mapping[str, object],
        reading: Reading,
    ) -> dict[str, object]:
        assert isinstance(reading, AzulBoard)
        return fill_lines(template, name, lines, reading)

    def check_sheet(self, names: Sequence[str], readings: Sequence[Reading | None]) -> None:
        check_tracks(names, azul_boards(readings))

    def check_entries(
        self,
        template: GameTemplate,
        variant: str | None,
        name: str,
        entered: Mapping[str, object],
        reading: Reading,
    ) -> None:
        # a line left blank is 0 here: the entries saved must be the board's, not filled later
        typed = {**dict.fromkeys(reading.lines(), 0), **entered}
        zeroed = {k: 0 if v is None else v for k, v in typed.items()}
        self.fill(template, variant, name, zeroed, reading)

    def board(self, kept: Mapping[str, object], variant: str | None) -> Wall:
        return Wall.read(kept["wall"], read_side(kept.get("side")))
