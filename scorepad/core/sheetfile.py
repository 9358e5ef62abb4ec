"""Sheet files (docs/sheet-files.md): a game, a variant and what each player entered, as JSON.

``read_sheet`` checks the file's shape and turns it into arguments for
``scoring.score``; the values themselves are checked there, line by line.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from scorepad.core.boards.azul_sheet import AzulBoard, azul_boards
from scorepad.core.boards.kinds import Reading
from scorepad.core.boards.sheet_boards import (
    board_fields,
    board_name,
    check_sheet,
    read_player_board,
)
from scorepad.core.catalogue import builtin_games, find_game
from scorepad.core.combined import with_modules
from scorepad.core.errors import EntryError, SheetError, parse_json, quote
from scorepad.core.plaintext import blank, name_problem
from scorepad.core.scoring import ExtraLine, PlayerSheet, ScoredSheet, resolve_variant, score
from scorepad.core.template import GameTemplate

SHEET_FIELDS = ("game", "variant", "modules", "players", "outcome", "winning_team")
PLAYER_FIELDS = ("name", "team", "lines", "extra")
"""A player object's own fields; the board kinds' fields follow (``player_fields``)."""


def player_fields() -> tuple[str, ...]:
    """Every field a player object may have: its own, then each kind of board's."""
    return (*PLAYER_FIELDS, *board_fields())


class SheetInput(NamedTuple):
    template: GameTemplate
    variant: str | None
    players: tuple[PlayerSheet, ...]
    boards: tuple[Reading | None, ...] = ()
    """Each player's board (``"wall"``, ``"side"``, ``"track"``; ``"pavilion"``,
    ``"star_colours"``; ``"palace"``; ``"kingdom"``: ``scorepad.core.boards.kinds``), or
    None: its lines are already filled in ``players``."""

    @property
    def azul_boards(self) -> tuple[AzulBoard | None, ...]:
        """Each player's Azul wall or track (None for a player without one)."""
        return tuple(azul_boards(self.boards))

    outcome: object = None
    """A co-operative play's "won" or "lost", or a team game's winning team."""
    modules: object = None
    """The modules chosen, as the file lists them (None: the file names none)."""

    def score(self) -> ScoredSheet:
        return score(
            self.template, self.variant, self.players, outcome=self.outcome, modules=self.modules
        )


def read_sheet(
    text: str, source: str, games: Mapping[str, GameTemplate] | None = None
) -> SheetInput:
    """Parse a sheet file's text; ``source`` names it in messages."""
    data = parse_json(text, source)
    if not isinstance(data, dict):
        raise SheetError("sheet.not_object", source=source)
    _only(
        data,
        SHEET_FIELDS,
        lambda v: SheetError(
            "sheet.unknown_field", source=source, value=v, choices=_names(SHEET_FIELDS)
        ),
    )
    if "game" not in data:
        choices = ", ".join([quote(g) for g in (games or builtin_games())])
        raise SheetError("sheet.no_game", source=source, choices=choices)
    template = find_game(data["game"], games)
    variant = resolve_variant(template, data.get("variant"))
    raw_players = data.get("players")
    if not isinstance(raw_players, list):
        raise SheetError("sheet.players_not_list", source=source)
    boarded = _with_modules(template, data.get("modules"))
    read = [_player(boarded, variant, i, raw) for i, raw in enumerate(raw_players, 1)]
    players = tuple(player for player, _ in read)
    boards = tuple(board for _, board in read)
    check_sheet(template, [p.name.strip() for p in players], boards)
    outcome, modules = _result(template, data, players)
    return SheetInput(template, variant, players, boards, outcome=outcome, modules=modules)


def _with_modules(template: GameTemplate, modules: object) -> GameTemplate:
    """The game a board fills lines of: with the modules chosen, whose lines a board may
    fill too (Kingdomino's bonuses); the game itself when it has no board, or when the
    modules are wrong (named where they are read, after the players)."""
    if board_name(template) is None or not isinstance(modules, list):
        return template
    try:
        return with_modules(template, modules)
    except SheetError:
        return template


def _result(
    template: GameTemplate, data: dict[str, Any], players: tuple[PlayerSheet, ...]
) -> tuple[object, object]:
    """The outcome (co-operative: "outcome"; teams: "winning_team") and the modules, each
    refused where the game takes none."""
    kind = template.result.kind if template.result is not None else None
    game = quote(template.id)
    for field, wanted in (("outcome", "cooperative"), ("winning_team", "teams")):
        if field in data and kind != wanted:
            raise SheetError("sheet.outcome_not_expected", game=game, value=quote(data[field]))
    if kind != "teams":
        for player in players:
            if player.team is not None:
                raise SheetError("sheet.team_not_expected", game=game, player=player.name.strip())
    outcome = data.get("winning_team") if kind == "teams" else data.get("outcome")
    modules = data.get("modules")
    if modules is not None and not isinstance(modules, list):
        raise SheetError("sheet.modules_not_list", value=quote(modules))
    return outcome, modules


def score_sheet_text(
    text: str, source: str, games: Mapping[str, GameTemplate] | None = None
) -> ScoredSheet:
    return read_sheet(text, source, games).score()


def _player(
    template: GameTemplate, variant: str | None, position: int, raw: object
) -> tuple[PlayerSheet, Reading | None]:
    if not isinstance(raw, dict):
        raise SheetError("sheet.player_not_object", position=position, value=quote(raw))
    fields = player_fields()
    _only(
        raw,
        fields,
        lambda v: SheetError(
            "sheet.player_field", position=position, value=v, choices=_names(fields)
        ),
    )
    name = raw.get("name")
    if not isinstance(name, str) or blank(name):
        raise SheetError("sheet.player_name", position=position)
    problem = name_problem(name)
    if problem is not None:  # before the name is used in any message
        raise SheetError("sheet.player_problem", position=position, problem=problem)
    lines = raw.get("lines", {})
    if not isinstance(lines, dict):
        problem = EntryError("sheet.lines_not_object", value=quote(lines))
        raise SheetError("entry.where_player", player=name.strip(), problem=problem)
    extra_raw = raw.get("extra", [])
    if not isinstance(extra_raw, list):
        problem = EntryError("sheet.extra_not_list", value=quote(extra_raw))
        raise SheetError("entry.where_player", player=name.strip(), problem=problem)
    extra = tuple(_extra(name.strip(), i, item) for i, item in enumerate(extra_raw, 1))
    # each game refuses the other games' boards, so a player has one board at most
    board, lines = read_player_board(template, variant, name.strip(), lines, raw)
    team = raw.get("team")
    if team is not None and not isinstance(team, str):
        raise SheetError("sheet.team_not_text", player=name.strip(), value=quote(team))
    return PlayerSheet(name=name, lines=lines, extra=extra, team=team), board


def _extra(name: str, position: int, raw: object) -> ExtraLine:
    if not isinstance(raw, dict) or set(raw) != {"label", "points"}:
        problem = EntryError("entry.extra_shape", value=quote(raw))
        raise SheetError("entry.where_extra", player=name, position=position, problem=problem)
    label: Any = raw["label"]
    return ExtraLine(label if isinstance(label, str) else "", raw["points"])


def _only(data: dict[str, Any], allowed: tuple[str, ...], error: Any) -> None:
    for name in data:
        if name not in allowed:
            raise error(quote(name))


def _names(fields: tuple[str, ...]) -> str:
    return ", ".join([quote(f) for f in fields])
