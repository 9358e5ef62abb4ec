"""Reading a BG Stats play file (``.bgsplay``) whole and true.

What maps, and how (the README's import section says the same for users):
- A BG Stats game is a Scorepad game when they are the same game: by BoardGameGeek id
  first (every built-in game file carries its ``bgg_id``), then by name (a built-in
  game's name in any language, or a game already in the history). Its plays are then
  plays of that game, each score kept as one by-hand line ("BG Stats score") since BG
  Stats keeps totals, not sheets. A game of another player count than the template
  takes, or one Scorepad has no sheet for, becomes a result-only game ``bgstats-<name>``
  with BG Stats' flags: lowest wins (``highestWins: false``), no points (``noPoints``),
  co-operative (``cooperative``), teams (``usesTeams``), and its BoardGameGeek id.
- Scores are text in BG Stats, often sums ("24-12"): read exactly by the parser of sums
  typed in cells. A ``noPoints`` game's plays, and a seat left blank, have no score
  (not 0). The file's winners and ranks stand, even where a template would rank
  otherwise; a co-operative play is won or lost by everyone together, as the winner flags
  say (a lost play stays lost).
- The anonymous player (``isAnonymous``) is the history's hidden anonymous player, once
  per seat, never a profile. Each other player's BG Stats uuid and BGG user name are kept;
  a player met again by uuid keeps the name the history has for them.
- Kept per play: date and time, duration, location, comments, ``ignored`` (kept, out of
  stats), expansions played (as the game's modules where a module has the expansion's
  name, else by name), start players, seat order, rounds, board and the modification
  date, by which a later import of the same history updates a play.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, select, update

from scorepad.core import ExtraLine, GameTemplate, PlayerSheet, ScorepadError, score
from scorepad.core.errors import quote
from scorepad.core.i18n import LANGS, pick, tr
from scorepad.core.numbers import LIMIT, Number, as_number, is_half_multiple, parse_number
from scorepad.core.results import has_score
from scorepad.store import models as m
from scorepad.store.errors import StoreError, record_error
from scorepad.store.games import all_templates, save_custom
from scorepad.store.jsonstream import read_document
from scorepad.store.rows import (
    IGNORED_AT,
    IMPORTED_AT,
    PlayDetails,
    PlayRows,
    check_details,
    field_error,
    rows_of,
    seat_names,
    values_for,
)
from scorepad.store.values import check_uid, dump, name_key, parse_when

SOURCE = "bgstats"
"""``imported["source"]`` of a play read from BG Stats."""
STAMP = "%Y-%m-%d %H:%M:%S"
"""BG Stats' form of a date and time."""
MAX_PLAYERS = 20
PROGRESS_STEP = 250
"""Plays between two reports of progress."""


@dataclass
class Report:
    """What an import found besides its plays: filled while reading, finished once the
    plays are written (``finish``)."""

    players_added: set[str] = field(default_factory=set)
    games_added: list[str] = field(default_factory=list)
    locations_added: set[str] = field(default_factory=set)
    matched: dict[str, str] = field(default_factory=dict)
    """BG Stats game name -> the Scorepad game it was matched to."""
    skipped: list[str] = field(default_factory=list)
    """Each record left out, with the reason."""
    after: list[Callable[[Connection], None]] = field(default_factory=list)
    progress: Callable[[int, int], None] | None = None
    """Told (plays read, plays in the file) as the import goes: the app's progress bar."""

    def finish(self, conn: Connection) -> None:
        for step in self.after:
            step(conn)


def read_bgsplay(
    conn: Connection, text: str, source: str, *, whole: bool = True, report: Report | None = None
) -> Iterator[tuple[GameTemplate, PlayRows]]:
    """Plays from a BG Stats file (read whole: its plays come before its other lists)."""
    head, plays, _ = read_document(text, source, "plays", whole=True)
    reader = _Reader(conn, head, source, report if report is not None else Report())
    listed = list(plays)
    for raw in listed:  # each game's smallest and largest table in the file
        if isinstance(raw, dict) and isinstance(raw.get("playerScores"), list):
            size, ref = len(raw["playerScores"]), _ref(raw, "gameRefId")
            low, high = reader.sizes.get(ref, (size, size))
            reader.sizes[ref] = (min(low, size), max(high, size))
            if raw.get("usesTeams") is True:
                reader.team_games.add(ref)
    told = reader.report.progress
    for position, raw in enumerate(listed):
        if told is not None and position % PROGRESS_STEP == 0:
            told(position, len(listed))
        try:
            yield reader.play(raw)
        except ScorepadError as problem:
            raise record_error(source, f"plays[{position}]", problem) from None
    if told is not None:
        told(len(listed), len(listed))
    reader.report.after.append(reader.remember_players)


def _by_id(head: dict[str, Any], key: str, source: str) -> dict[object, dict[str, Any]]:
    items = head.get(key, [])
    if not isinstance(items, list) or not all(
        isinstance(i, dict) and isinstance(i.get("id"), int | str) and not isinstance(i["id"], bool)
        for i in items
    ):
        raise record_error(source, key, field_error(key, "a list of objects with an id"))
    return {item["id"]: item for item in items}


def _ref(raw: dict[str, Any], key: str) -> object:
    """A reference to an id (a number or a text); anything else refers to nothing."""
    value = raw.get(key)
    return value if isinstance(value, int | str) and not isinstance(value, bool) else None


def _flag(raw: dict[str, Any], key: str, default: bool = False) -> bool:
    value = raw.get(key, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise field_error(key, "true or false")
    return value


def _text(raw: dict[str, Any], key: str) -> str | None:
    value = raw.get(key)
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise field_error(key, "text")
    return value


def _whole(raw: dict[str, Any], key: str) -> int | None:
    value = raw.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise field_error(key, "a whole number")
    return value


def _stamp(raw: dict[str, Any], key: str) -> str | None:
    """A date of the file in BG Stats' own form, checked; None when absent."""
    value = raw.get(key)
    if value is None or value == "":
        return None
    return parse_when(value).strftime(STAMP)


def score_of(raw: object) -> Number | None:
    """A BG Stats score ("77", "24-12", 77, "" for none) as an exact number, or None.
    Text is read by the same parser as sums typed in a cell."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    value = parse_number(raw) if isinstance(raw, str) else as_number(raw)
    if value is None or not is_half_multiple(value) or not -LIMIT <= value <= LIMIT:
        raise StoreError("store.bad_score", value=quote(raw))
    return value


class _Reader:
    def __init__(self, conn: Connection, head: dict[str, Any], source: str, report: Report) -> None:
        self.conn = conn
        self.report = report
        self.games = _by_id(head, "games", source)
        self.people = _by_id(head, "players", source)
        self.places = _by_id(head, "locations", source)
        self.templates = all_templates(conn)
        self.by_bgg: dict[int, GameTemplate] = {}
        self.by_name: dict[str, GameTemplate] = {}
        for template in self.templates.values():
            bgg = template.source.get("bgg_id")
            if isinstance(bgg, int) and not isinstance(bgg, bool):
                self.by_bgg.setdefault(bgg, template)
            for lang in LANGS:
                self.by_name.setdefault(name_key(pick(template.name, lang)), template)
        self.chosen: dict[object, GameTemplate] = {}
        self.sizes: dict[object, tuple[int, int]] = {}
        self.team_games: set[object] = set()
        """Games with a play in teams (BG Stats marks teams per play too)."""
        """Each game's fewest and most players in the file's plays."""
        self.result_only: dict[object, GameTemplate] = {}
        known = conn.execute(select(m.player.c.name_key, m.player.c.bgs_uuid, m.player.c.name))
        self.known_names: set[str] = set()
        self.names_by_uuid: dict[str, str] = {}
        for key, bgs, name in known:
            self.known_names.add(key)
            if bgs:
                self.names_by_uuid[bgs] = name
        self.places_known = set(conn.execute(select(m.play.c.location).distinct()).scalars())
        self.player_info: dict[str, tuple[str | None, str | None]] = {}
        self.form = values_for(conn.dialect.name)

    # --- games -------------------------------------------------------------------------

    def game(self, ref: object, players: int) -> tuple[dict[str, Any], GameTemplate]:
        game = self.games.get(ref)
        if game is None:
            raise StoreError("store.import_ref", field="gameRefId", value=quote(ref))
        name = _text(game, "name") or f"BG Stats {game['id']}"
        template = self.chosen.get(game["id"])
        if template is None:
            bgg = _whole(game, "bggId")
            found = self.by_bgg.get(bgg) if bgg else None
            template = found or self.by_name.get(name_key(name))
            if template is not None and not template.id.startswith("bgstats-"):
                self.report.matched[name] = template.id
            self.chosen[game["id"]] = template or self.result_game(game, name)
            template = self.chosen[game["id"]]
        if not template.min_players <= players <= template.max_players:
            template = self.result_game(game, name)
        if not template.min_players <= players <= template.max_players:
            template = self.widened(template, players)
        return game, template

    def widened(self, template: GameTemplate, players: int) -> GameTemplate:
        """A result-only game taking a table of ``players`` (BG Stats' player counts are a
        guide, not a rule): its bounds widened, the rest as it was."""
        definition = dict(template.source)
        low, high = min(template.min_players, players), max(template.max_players, players)
        definition["players"] = {"min": max(1, low), "max": high}
        wider = save_custom(self.conn, definition, f"BG Stats {template.id!r}", replace=True)
        self.templates[wider.id] = wider
        for cache in (self.chosen, self.result_only):
            for ref, held in list(cache.items()):
                if held is template:
                    cache[ref] = wider
        return wider

    def result_game(self, game: dict[str, Any], name: str) -> GameTemplate:
        """The result-only game standing for a BG Stats game Scorepad has no sheet for."""
        if game["id"] in self.result_only:
            return self.result_only[game["id"]]
        slug = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")[:55] or str(game["id"])
        key = f"bgstats-{slug}"
        existing = self.templates.get(key)
        if existing is None:
            sizes = self.sizes.get(game["id"], (1, 1))
            teams = game["id"] in self.team_games
            existing = save_custom(
                self.conn,
                _definition(key, name, game, sizes, teams=teams),
                f"BG Stats {name!r}",
                replace=False,
            )
            self.templates[key] = existing
            self.report.games_added.append(key)
        self.result_only[game["id"]] = existing
        return existing

    # --- plays -------------------------------------------------------------------------

    def play(self, raw: object) -> tuple[GameTemplate, PlayRows]:
        if not isinstance(raw, dict):
            raise field_error("play", "an object")
        scores = raw.get("playerScores")
        if (
            not isinstance(scores, list)
            or not scores
            or not all(isinstance(s, dict) for s in scores)
        ):
            raise field_error("playerScores", "a list of objects")
        game, template = self.game(_ref(raw, "gameRefId"), len(scores))
        no_points = _flag(game, "noPoints")
        _flag(raw, "usesTeams")  # checked; the game's kind of result decides
        given_names: list[str] = []
        anonymous: list[int] = []
        points: list[Number | None] = []
        winners: list[bool] = []
        ranks: list[int | None] = []
        teams: list[str | None] = []
        start: list[int] = []
        order: list[int | None] = []
        flagged = False
        for seat, item in enumerate(scores):
            person = self.people.get(_ref(item, "playerRefId"))
            if person is None:
                raise StoreError(
                    "store.import_ref", field="playerRefId", value=quote(item.get("playerRefId"))
                )
            if _flag(person, "isAnonymous"):
                anonymous.append(seat)
                given_names.append("")
            else:
                given_names.append(self.person(person))
            value = score_of(item.get("score"))
            points.append(None if no_points else value)
            flagged = flagged or "winner" in item
            winners.append(_flag(item, "winner"))
            rank = _whole(item, "rank")
            if rank is not None and rank > len(scores):
                # BG Stats writes 0 for "no place given"; past the last seat is no place
                raise StoreError("store.bad_rank", value=quote(rank), players=len(scores))
            ranks.append(rank if rank is not None and rank > 0 else None)
            team = item.get("team")
            teams.append(str(team) if isinstance(team, str | int) and str(team).strip() else None)
            if _flag(item, "startPlayer"):
                start.append(seat + 1)
            order.append(_whole(item, "seatOrder"))
        names = seat_names([(n, s in anonymous) for s, n in enumerate(given_names)])
        rule = template.result.kind if template.result is not None else None
        modules, expansions = self.expansions(raw, template)
        sheets = self.sheets(template, names, points, winners, teams, rule)
        outcome: str | None = None
        if rule == "cooperative":
            outcome = "won" if any(winners) else "lost"
        elif rule == "teams" and not has_score(template):
            won = [s for s, w in enumerate(winners) if w]
            outcome = sheets[won[0]].team if won else None
        sheet = score(
            template,
            template.variants[0].id if template.variants else None,
            sheets,
            outcome=outcome,
            modules=modules or None,
        )
        if rule != "cooperative" and flagged:
            sheet = _given(sheet, winners, ranks)
        place = self.place(raw)
        duration = _whole(raw, "durationMin")
        details = check_details(
            PlayDetails(
                parse_when(raw.get("playDate")),
                place,
                duration if duration else None,
                _text(raw, "comments"),
            )
        )
        uid = raw.get("uuid")
        if isinstance(uid, str) and uid.strip():
            check_uid(uid)
        else:
            text = json.dumps(raw, sort_keys=True, default=str)
            uid = "bgs-" + hashlib.sha256(text.encode()).hexdigest()[:32]
        entered = _stamp(raw, "entryDate")
        created = parse_when(entered) if entered else datetime.now()
        modified = _stamp(raw, "modificationDate")
        kept: dict[str, object] = {"source": SOURCE}
        for key, kept_value in (
            ("modified", modified),
            ("start", start),
            ("seat_order", order if any(o is not None for o in order) else None),
            ("expansions", expansions),
            ("rounds", _whole(raw, "rounds") or None),
            ("board", _text(raw, "board")),
            ("manual_winner", _flag(raw, "manualWinner") or None),
        ):
            if kept_value:
                kept[key] = kept_value
        rows = rows_of(
            sheet,
            details,
            uid,
            created,
            parse_when(modified) if modified else created,
            self.form,
        )
        seats = tuple(
            (None if p is None else s[0], *s[1:]) for p, s in zip(points, rows.seats, strict=True)
        )
        winning = next((s[0] for s in seats if s[2] == self.form.yes and s[0] is not None), None)
        play = list(rows.play)
        play[7] = winning
        play[IGNORED_AT] = True if _flag(raw, "ignored") else None
        play[IMPORTED_AT] = dump(kept)
        return sheet.template, rows._replace(
            play=tuple(play), seats=seats, anonymous=tuple(anonymous)
        )

    def sheets(
        self,
        template: GameTemplate,
        names: list[str],
        points: list[Number | None],
        winners: list[bool],
        teams: list[str | None],
        rule: str | None,
    ) -> list[PlayerSheet]:
        result_only = template.id.startswith("bgstats-")
        keys = {line.key for line in template.lines}
        sheets = []
        for name, value, won, team in zip(names, points, winners, teams, strict=True):
            team = (team or name) if rule == "teams" else None  # no team: a team alone
            if result_only:
                lines: dict[str, object] = {"won": won} if "won" in keys else {}
                if value is not None and "score" in keys:
                    lines["score"] = value
                sheets.append(PlayerSheet(name, lines, (), team))
            elif value is not None and has_score(template):
                label = tr("store.bgstats_score", "en")
                sheets.append(PlayerSheet(name, {}, (ExtraLine(label, value),), team))
            else:
                sheets.append(PlayerSheet(name, {}, (), team))
        return sheets

    def person(self, person: dict[str, Any]) -> str:
        name = person.get("name")
        if not isinstance(name, str) or not name.strip():
            raise StoreError("store.import_ref", field="playerRefId", value=quote(person["id"]))
        bgs = person.get("uuid") if isinstance(person.get("uuid"), str) else None
        if bgs and bgs in self.names_by_uuid:
            return self.names_by_uuid[bgs]
        key = name_key(name)
        if key not in self.known_names:
            self.report.players_added.add(" ".join(name.split()))
        username = _text(person, "bggUsername")
        self.player_info.setdefault(key, (bgs, username))
        return name

    def place(self, raw: dict[str, Any]) -> str | None:
        ref = _ref(raw, "locationRefId")
        if ref is None:
            return None
        found = self.places.get(ref)
        if found is None:
            raise StoreError("store.import_ref", field="locationRefId", value=quote(ref))
        name = _text(found, "name")
        if name and name.strip() and name.strip() not in self.places_known:
            self.report.locations_added.add(name.strip())
        return name

    def expansions(
        self, raw: dict[str, Any], template: GameTemplate
    ) -> tuple[list[str], list[str]]:
        """The expansions played: module ids of the game where a module bears the
        expansion's name, and the names of the others."""
        items = raw.get("expansionPlays") or []
        if not isinstance(items, list):
            raise field_error("expansionPlays", "a list of objects")
        modules: list[str] = []
        names: list[str] = []
        by_label = {
            name_key(pick(module.label, lang)): module.id
            for module in (template.base or template).modules
            for lang in LANGS
        }
        for item in items:
            ref = _ref(item, "gameRefId") if isinstance(item, dict) else None
            game = self.games.get(ref)
            if game is None:
                raise StoreError("store.import_ref", field="expansionPlays", value=quote(ref))
            name = _text(game, "name") or f"BG Stats {game['id']}"
            short = name.split(":", 1)[-1].strip()
            module = by_label.get(name_key(name)) or by_label.get(name_key(short))
            if module is not None and module not in modules:
                modules.append(module)
            elif module is None:
                names.append(name)
        return modules, names

    def remember_players(self, conn: Connection) -> None:
        """Each imported player's BG Stats uuid and BGG user name, where not known yet."""
        for key, (bgs, username) in self.player_info.items():
            values = {}
            if bgs:
                values["bgs_uuid"] = bgs
            if username:
                values["bgg_username"] = username
            if values:
                conn.execute(
                    update(m.player)
                    .where(m.player.c.name_key == key, m.player.c.bgs_uuid.is_(None))
                    .values(**values)
                )


def _given(sheet: Any, winners: list[bool], ranks: list[int | None]) -> Any:
    """The sheet with the winners and ranks BG Stats recorded."""
    players = tuple(
        p._replace(winner=won, rank=rank if rank is not None else (1 if won else max(p.rank, 2)))
        for p, won, rank in zip(sheet.players, winners, ranks, strict=True)
    )
    return sheet._replace(players=players, winners=tuple(p.name for p in players if p.winner))


def _definition(
    key: str, name: str, game: dict[str, Any], sizes: tuple[int, int], *, teams: bool = False
) -> dict[str, Any]:
    """A result-only game from BG Stats' flags; its players are BG Stats' minimum and
    maximum, widened to the tables of the file's plays."""
    won = {lang: tr("store.bgstats_won", lang) for lang in LANGS}
    lines: list[dict[str, Any]] = []
    cooperative = _flag(game, "cooperative")
    teams = teams or _flag(game, "usesTeams")
    if not _flag(game, "noPoints") or not (cooperative or teams):
        # each for themselves needs a line that counts; a no-points play keeps it empty
        lines.append(
            {
                "key": "score",
                "kind": "points",
                "halves": True,
                "label": {"en": "Score", "es": "Puntos"},
            }
        )
        lines.append({"key": "won", "kind": "check", "points": 0, "counts": False, "label": won})
    definition: dict[str, Any] = {
        "id": key,
        "name": {lang: name for lang in LANGS},
        "players": {
            "min": max(1, min(_whole(game, "minPlayerCount") or sizes[0], sizes[0])),
            "max": max(_whole(game, "maxPlayerCount") or sizes[1], sizes[1]),
        },
        "wins": "highest" if _flag(game, "highestWins", True) else "lowest",
        "lines": lines,
    }
    if cooperative:
        definition["result"] = {"kind": "cooperative"}
    else:
        if lines:
            definition["tiebreakers"] = [{"label": won, "prefer": "more", "terms": {"won": 1}}]
        if teams:
            definition["result"] = {"kind": "teams", "teams": {"min": 2, "max": MAX_PLAYERS}}
    bgg = _whole(game, "bggId")
    if bgg and bgg > 0:
        definition["bgg_id"] = bgg
    return definition
