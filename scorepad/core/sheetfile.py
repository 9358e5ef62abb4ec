"""Sheet files (docs/sheet-files.md): a game, a variant and what each player entered, as JSON.

``read_sheet`` checks the file's shape and turns it into arguments for
``scoring.score``; the values themselves are checked there, line by line.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
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
from scorepad.core.errors import EntryError, ScorepadError, SheetError, parse_json, quote
from scorepad.core.numbers import MAX_LENGTH, Number, format_points, normalize
from scorepad.core.plaintext import blank, name_problem
from scorepad.core.quick import HERE as QUICK
from scorepad.core.quick import QuickError, QuickGame, QuickProblem, quick_template, read_quick
from scorepad.core.reader import type_name
from scorepad.core.resultrule import OUTCOMES
from scorepad.core.scoring import ExtraLine, PlayerSheet, ScoredSheet, resolve_variant, score
from scorepad.core.template import GameTemplate, read_number

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
    quick: QuickGame | None = None
    """A quick sheet's game (``{"quick": {…}}``): its options, which ``template`` was
    made from (the history has the game under ``Store.quick_game``)."""

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
    if QUICK in data:
        return read_quick_sheet(data, source)
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


# --- a quick sheet: a game outside the catalogue (core/quick.py) -------------------------
QUICK_SHEET_FIELDS = (QUICK, "players", "outcome")
QUICK_PLAYER_FIELDS = ("name", "points")


def read_quick_sheet(data: dict[str, Any], source: str) -> SheetInput:
    """A quick sheet (docs/sheet-files.md): the game's options under ``"quick"``, each
    player's ``"points"`` a list (the additions to their total, or one entry per round),
    and a co-operative game's ``"outcome"``. Every problem of the file's shape and its
    entries at once (``QuickError``, each with its place); the player count and the
    outcome's own problems come from scoring, as for any sheet."""
    problems: list[QuickProblem] = []
    game: QuickGame | None = None
    try:
        game = read_quick(data[QUICK], source)
    except QuickError as error:
        problems += error.problems
    problems += [
        QuickProblem(name, _unknown(name, QUICK_SHEET_FIELDS))
        for name in data
        if name not in QUICK_SHEET_FIELDS
    ]
    # with options in trouble, the entries are still read, as a sheet of the same mode
    raw_quick = data[QUICK] if isinstance(data[QUICK], dict) else {}
    stand_in = QuickGame(QUICK, rounds=raw_quick.get("rounds") is True, target=Decimal("0.5"))
    template = quick_template(game if game is not None else stand_in)
    raw_players = data.get("players")
    players: list[PlayerSheet] = []
    if not isinstance(raw_players, list):
        problems.append(QuickProblem("players", _wrong_type(raw_players, "list")))
    else:
        for i, raw in enumerate(raw_players):
            player = _quick_player(template, f"players[{i}]", raw, problems)
            if player is not None:
                players.append(player)
    outcome = data.get("outcome")
    if game is not None and "outcome" in data:
        problem = _outcome_problem(game, outcome)
        if problem is not None:
            problems.append(QuickProblem("outcome", problem))
    if problems:
        raise QuickError(problems, source)
    assert game is not None
    return SheetInput(template, None, tuple(players), outcome=outcome, quick=game)


def _quick_player(
    template: GameTemplate, where: str, raw: object, problems: list[QuickProblem]
) -> PlayerSheet | None:
    if not isinstance(raw, dict):
        problems.append(QuickProblem(where, _wrong_type(raw, "object")))
        return None
    problems += [
        QuickProblem(f"{where}.{name}", _unknown(name, QUICK_PLAYER_FIELDS))
        for name in raw
        if name not in QUICK_PLAYER_FIELDS
    ]
    name = raw.get("name")
    if not isinstance(name, str) or blank(name):
        problems.append(QuickProblem(f"{where}.name", EntryError("quick.player_blank")))
        name = None
    else:
        problem = name_problem(name)
        if problem is not None:
            problems.append(QuickProblem(f"{where}.name", problem))
            name = None
    points = raw.get("points", [])
    if not isinstance(points, list):
        problems.append(QuickProblem(f"{where}.points", _wrong_type(points, "list")))
        return None
    if name is None:
        return None
    line = template.lines[0]
    bad = False
    for j, entry in enumerate(points):
        try:
            if (
                isinstance(entry, bool)
                or entry is None
                or not isinstance(entry, int | str | Decimal)
            ):
                raise EntryError("entry.not_number", value=quote(entry))
            line.reading(entry)
        except EntryError as problem:
            problems.append(QuickProblem(f"{where}.points[{j}]", problem))
            bad = True
    if bad:
        return None
    cell: object = points if line.per_round else _total_cell(points)
    return PlayerSheet(name=name, lines={line.key: cell} if points else {})


def _total_cell(points: list[Any]) -> object:
    """A player's additions as one cell: the sum as written ("5+(3+4)+10") while it fits
    a cell, else its exact value."""
    if len(points) == 1:
        return points[0]
    parts = [
        f"({entry})" if isinstance(entry, str) else format_points(normalize(entry))
        for entry in points
    ]
    text = "+".join(parts)
    if len(text) <= MAX_LENGTH:
        return text
    total: Number = 0
    for entry in points:
        total += read_number(entry)
    return normalize(total)


def _outcome_problem(game: QuickGame, outcome: object) -> ScorepadError | None:
    name = quote(game.title)
    if not game.cooperative:
        return ScorepadError("sheet.outcome_not_expected", game=name, value=quote(outcome))
    if outcome not in OUTCOMES:
        choices = ", ".join(quote(o) for o in OUTCOMES)
        return ScorepadError("sheet.outcome", game=name, value=quote(outcome), choices=choices)
    return None


def _unknown(name: str, allowed: tuple[str, ...]) -> ScorepadError:
    return ScorepadError("template.unknown_field", value=quote(name), choices=_names(allowed))


def _wrong_type(value: object, expected: str) -> ScorepadError:
    return ScorepadError("template.wrong_type", value=quote(value), expected=type_name(expected))
