"""Azul's board kind on the sheet: each player's wall (``wall``), and the game tracked
round by round on it (``track``), registered as one kind (``kinds``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorepad.core import GameTemplate
from scorepad.core.boards.azul_sheet import KIND
from scorepad.core.boards.azul_wall import Wall, read_side
from scorepad.sheet.boards.track import from_game, track_lines
from scorepad.sheet.boards.wall import (
    NAME,
    TRACK_ROUND,
    WallDraft,
    from_wall,
    has_wall,
    track_round,
    wall_lines,
    walls,
)
from scorepad.sheet.kinds import Problems, Seats, SheetBoard, register


class WallBoards(SheetBoard):
    """Azul's walls on the sheet; a game tracked round by round keeps its round too."""

    name = NAME
    kind = KIND

    def offered(self, template: GameTemplate) -> bool:
        return has_wall(template)

    def blank(self) -> WallDraft:
        return WallDraft()

    def seat_to_json(self, board: WallDraft) -> dict[str, object]:
        return board.to_dict()

    def seat_from_json(self, data: object) -> WallDraft:
        return WallDraft.from_dict(data)

    def to_json(self, draft: Seats) -> dict[str, object]:
        found = super().to_json(draft)
        number = track_round(draft)
        return {**found, TRACK_ROUND: number} if number else found

    def from_json(self, data: Mapping[str, object], players: int) -> dict[str, Any]:
        found = super().from_json(data, players)
        number = data.get(TRACK_ROUND, 0)
        if not isinstance(number, int) or isinstance(number, bool) or number < 0:
            raise ValueError("the round of a tracked game is a whole number, 0 or more")
        return {**found, TRACK_ROUND: number} if number else found

    def lines(self, draft: Seats, names: list[str], problems: Problems) -> list[dict[str, object]]:
        found: list[dict[str, object]] = []
        for wall, marker in zip(
            wall_lines(draft, names, problems), track_lines(draft, names, problems), strict=True
        ):
            found.append({**wall, **marker})
        return found

    def fills(self, draft: Seats, key: str, player: int) -> bool:
        return from_wall(draft, key, player) or from_game(draft, key)

    def saved(self, draft: Seats, seat: int) -> dict[str, object] | None:
        """A wall holding a tile, as the store takes it (``{"side", "wall"}``). A game
        tracked round by round keeps the wall its rounds built (the rounds themselves stay
        in the draft)."""
        boards = walls(draft)
        if seat >= len(boards) or not boards[seat].filled:
            return None
        return {"side": boards[seat].side, "wall": list(boards[seat].rows)}

    def of_play(self, fields: Mapping[str, object]) -> WallDraft:
        wall = Wall.read(fields["wall"], read_side(fields.get("side")))
        return WallDraft(wall.side, list(wall.rows))


WALLS = register(WallBoards())
