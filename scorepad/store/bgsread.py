"""Reading a BG Stats export (``.bgsplay``, ``BGStatsExport.json``) whole and true.

docs/bgstats.md is the format as read here, field by field; docs/guide/import-export.md
says the same for users. In short:
- One BG Stats game is one Scorepad game: a built-in game (by BoardGameGeek id, then by
  name) when its sheet takes every play of it in the file, else a result-only game
  ``bgstats-<name>`` taking the file's tables (BG Stats' declared player counts are
  information, kept with the game's record).
- Scores are read exactly (sums as BG Stats adds them, decimals never as floats) and kept
  as typed when they are not the plain number; blank and ``noPoints`` seats have none.
- The file's winners and ranks stand; a co-operative play keeps each seat's result
  ("mixed" when some won and some lost). Team "0" is no team; teams are kept per play.
- Roles are kept per seat; the fields Scorepad has no place for are kept with the play
  (``imported``) and the file's games, locations and anonymous player with their ids
  (``source_object``), all written back by ``bgsplay``; the report names them, and the
  lists left out, with counts.
- A play given twice is read once and reported; two plays with one uuid, or one id for
  two players, refuse the file; every refused play is named (``Refused``).
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, select, update

import scorepad.store.models as m
from scorepad.core import ExtraLine, GameTemplate, PlayerSheet, ScorepadError, score
from scorepad.core.errors import quote
from scorepad.core.i18n import LANGS, pick, tr
from scorepad.core.numbers import (
    LIMIT,
    Number,
    as_number,
    format_points,
    is_half_multiple,
    normalize,
    parse_number,
)
from scorepad.core.results import has_score
from scorepad.store.bgslean import Lean, Scored, lean
from scorepad.store.errors import StoreError, record_error
from scorepad.store.games import all_templates, save_custom
from scorepad.store.jsonstream import Reordered, read_document, read_file
from scorepad.store.rows import (
    BGG_PLAY_AT,
    DECIDED_AT,
    IGNORED_AT,
    IMPORTED_AT,
    KIND_AT,
    OUTCOME_AT,
    SEAT_ROLE,
    SEAT_TEAM,
    SEAT_TEXT,
    PlayDetails,
    PlayRows,
    amended,
    bgg_play_of,
    check_details,
    field_error,
    rows_of,
    seat_names,
    values_for,
)
from scorepad.store.values import check_uid, dump, name_key, parse_when, shown

SOURCE = "bgstats"
"""``imported["source"]`` of a play read from BG Stats."""
STAMP = "%Y-%m-%d %H:%M:%S"
"""BG Stats' form of a date and time."""
MAX_PLAYERS = 20
PROGRESS_STEP = 250
"""Plays between two reports of progress."""
LAYOUTS = 1000
"""Layouts of record remembered per kind of record (``_Reader.kept_fields``), at most."""
LEAN = True
"""Plays each for themselves scored the short way (``bgslean``); False: all through the
core (what a test compares the short way with)."""
REFUSED_SHOWN = 20
CHECKED = 5000
"""Plays' details with comments remembered as checked (``_Reader.details``), at most."""
"""A refused import names this many refused plays at most (and says how many more)."""

PLAY_KNOWN = frozenset(
    {
        "uuid", "gameRefId", "playDate", "entryDate", "modificationDate", "durationMin",
        "comments", "ignored", "manualWinner", "usesTeams", "rounds", "board",
        "expansionPlays", "playerScores", "locationRefId",
    }
)  # fmt: skip
"""A play's fields read into the play itself; any other is kept to be written back."""
SEAT_KNOWN = frozenset(
    {"playerRefId", "score", "winner", "rank", "team", "role", "startPlayer", "seatOrder"}
)
"""A seat's fields read into the seat; any other is kept to be written back."""
PLAYER_KEPT = frozenset({"id", "uuid", "name", "isAnonymous", "bggUsername"})
"""A player's fields the history keeps (the anonymous player's uuid and name too)."""
PROBLEM = "\x00problem"
"""A play's field (never a key of a file: keys hold no U+0000) holding what the reader of
another format found wrong in it (a BGG play's quantity): the play is refused with it, by
name, as any other."""
LISTS = ("games", "players", "locations", "plays")
"""The file's lists the import reads; any other (tags, groups, challenges, …) is named in
the report's left out, with how many records it held."""


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
    """Each record left out, with the reason: "tags: 87" (a list and how many records)."""
    kept_back: list[str] = field(default_factory=list)
    """Fields kept only to be written back on export, with how many records held one:
    "playerScores.metaData: 284"."""
    duplicates: list[str] = field(default_factory=list)
    """Plays given twice in the file with the same content: the later copies were skipped."""
    after: list[Callable[[Connection], None]] = field(default_factory=list)
    progress: Callable[[int, int], None] | None = None
    """Told (plays read, plays in the file) as the import goes: the app's progress bar."""
    origin: str = SOURCE
    """``imported["source"]`` of the plays read: "bgstats", or "bgg" for a BGG plays file."""

    def finish(self, conn: Connection) -> None:
        for step in self.after:
            step(conn)


class Refused(StoreError):
    """Plays of a file that cannot be imported, each named with its problem (the first
    ``REFUSED_SHOWN``): nothing was imported."""

    def __init__(self, source: str, problems: list[tuple[str, ScorepadError]]) -> None:
        self.problems = problems
        super().__init__(
            "store.import_refused", source=source, count=len(problems), problems=Listed(problems)
        )


class Listed(ScorepadError):
    """Several records' problems as one field of a message, in the reader's language."""

    def __init__(self, problems: list[tuple[str, ScorepadError]]) -> None:
        self.problems = problems
        super().__init__("store.import_problem")

    def message(self, lang: str) -> str:
        shown = [f"{record}: {problem.message(lang)}" for record, problem in self.problems]
        more = len(shown) - REFUSED_SHOWN
        text = "; ".join(shown[:REFUSED_SHOWN])
        return text + ("; " + tr("store.import_more", lang, count=more) if more > 0 else "")


def read_bgsplay(
    conn: Connection,
    text: str | Path,
    source: str,
    *,
    whole: bool = False,
    report: Report | None = None,
) -> Iterator[tuple[GameTemplate, PlayRows]]:
    """Plays from a BG Stats file, read twice one play at a time (BG Stats writes its
    games, players and locations first): once to survey each game's plays, once to
    read them. A play that cannot be imported does not stop the reading: once every
    play is read, all the refused ones are named (``Refused``) and the caller's
    transaction leaves nothing imported. ``text``: the file's text, or its path (then it
    is read from the file a piece at a time, never whole)."""
    head, plays = _plays(text, source, whole)

    def again() -> Iterator[Any]:
        if "plays" in head:
            return iter(head.pop("plays"))
        return _plays(text, source, whole)[1]  # the second reading, one play at a time

    return read_plays(conn, head, plays, again, source, report)


def read_plays(
    conn: Connection,
    head: dict[str, Any],
    plays: Iterator[Any],
    again: Callable[[], Iterator[Any]],
    source: str,
    report: Report | None = None,
) -> Iterator[tuple[GameTemplate, PlayRows]]:
    """Plays in BG Stats' shape (``read_bgsplay``; a BGG plays file is read into the same
    shape, ``bggread``): ``head`` holds the lists they refer to, ``plays`` the plays for
    the survey and ``again()`` the same plays once more, to be read."""
    reader = _Reader(conn, head, source, report if report is not None else Report())
    total = reader.survey(plays)
    plays = again()
    told = reader.report.progress
    problems: list[tuple[str, ScorepadError]] = []
    for position, raw in enumerate(plays):
        if told is not None and position % PROGRESS_STEP == 0:
            told(position, total)
        repeated = position in reader.earlier or position in reader.later
        if repeated and reader.given_again(position, raw, problems):
            continue
        try:
            pair = reader.play(raw)
        except ScorepadError as problem:
            problems.append((_record(position, raw), problem))
            continue
        if not problems:
            yield pair
    if problems:
        problems.sort(key=lambda item: _position(item[0]))
        if len(problems) == 1:
            raise record_error(source, *problems[0])
        raise Refused(source, problems)
    if told is not None:
        told(total, total)
    reader.report_leftovers(head)
    reader.report.after.append(reader.remember)


def _text_of(path: Path, source: str) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as problem:
        detail = getattr(problem, "strerror", None) or str(problem)
        raise StoreError("store.import_unreadable", source=source, detail=detail) from None


HEADS = ("games", "players", "locations")
"""The lists a play refers to: a file holding them before its plays is read one play at
a time."""


def _plays(text: str | Path, source: str, whole: bool) -> tuple[dict[str, Any], Iterator[Any]]:
    """The file's other members and its plays: streamed, or (``whole``, or a file whose
    plays come before the lists they refer to) from the whole document, kept in the
    head as "plays" for the second reading."""
    if not whole:
        try:
            if isinstance(text, Path):
                return read_file(text, source, "plays", needs=HEADS, after=True, first_key="uuid")
            head, plays, _ = read_document(text, source, "plays", needs=HEADS, after=True)
            return head, plays
        except Reordered:
            pass
    if isinstance(text, Path):
        text = _text_of(text, source)
    head, plays, _ = read_document(text, source, "plays", whole=True)
    listed = list(plays)
    head["plays"] = listed
    return head, iter(listed)


def _record(position: int, raw: object) -> str:
    uid = raw.get("uuid") if isinstance(raw, dict) else None
    return f"plays[{position}]" + (f" ({shown(uid)})" if isinstance(uid, str) and uid else "")


def _position(record: str) -> int:
    found = re.match(r"plays\[(\d+)\]", record)
    return int(found.group(1)) if found else -1


def _by_id(head: dict[str, Any], key: str, source: str) -> dict[object, dict[str, Any]]:
    items = head.get(key, [])
    if not isinstance(items, list) or not all(
        isinstance(i, dict) and isinstance(i.get("id"), int | str) and not isinstance(i["id"], bool)
        for i in items
    ):
        raise record_error(source, key, field_error(key, "a list of objects with an id"))
    found: dict[object, dict[str, Any]] = {}
    for n, item in enumerate(items):
        twin = found.get(item["id"])
        if twin is not None and twin != item:  # which one the plays mean, nobody can say
            problem = StoreError(
                "store.import_twice",
                field=key,
                value=quote(item["id"]),
                first=quote(twin.get("name")),
                second=quote(item.get("name")),
            )
            raise record_error(source, f"{key}[{n}]", problem)
        found[item["id"]] = item
    return found


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
    if isinstance(value, str) and _STAMP.fullmatch(value):
        return value  # already in that form (what BG Stats writes): checked by when()
    return parse_when(value).strftime(STAMP)


_STAMP = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")


def when(value: object) -> datetime:
    """A date of the file as a datetime (BG Stats' own form read directly)."""
    if isinstance(value, str) and _STAMP.fullmatch(value):
        try:
            return datetime.fromisoformat(value)
        except ValueError:
            pass  # out of range: worded as any bad date
    return parse_when(value)


def team_of(raw: object) -> str | None:
    """A seat's team: BG Stats writes "0" (or nothing) for no team."""
    if isinstance(raw, bool) or not isinstance(raw, str | int):
        return None
    text = str(raw).strip()
    return None if text in ("", "0") else text


_NUMBER = r"(?:\d+(?:\.\d*)?|\.\d+)"
_SIGNS = r"(?:[-+\u2212]\s*)"
_SUM = re.compile(rf"\s*{_SIGNS}*{_NUMBER}(?:\s*{_SIGNS}+{_NUMBER})*\s*{_SIGNS}*")
_TERM = re.compile(rf"({_SIGNS}*)({_NUMBER})")
_WHOLE_SUM = re.compile(r"[0-9]{1,18}(?:[-+][0-9]{1,18}){1,64}")
"""A sum as BG Stats' calculator writes it ("40+12-3"): read without the parser."""
_WHOLE_TERM = re.compile(r"[-+]?[0-9]+")


def score_of(raw: object) -> Number | None:
    """``read_score``, remembered for text met before (a file's scores repeat)."""
    if type(raw) is str:
        found = _SCORES.get(raw, _UNKNOWN)
        if found is _UNKNOWN:
            found = read_score(raw)
            if len(_SCORES) < 50_000:
                _SCORES[raw] = found
        return found  # type: ignore[return-value]
    return read_score(raw)


_SCORES: dict[str, object] = {}
_UNKNOWN: Any = object()


def _seat_score(raw: object) -> tuple[Number | None, str | None]:
    """A seat's score and its text as typed (``score_of``, ``typed_text``), remembered
    for text met before."""
    value = score_of(raw)
    found = (value, typed_text(raw, value))
    if type(raw) is str and len(_SEAT_SCORES) < 50_000:
        _SEAT_SCORES[raw] = found
    return found


_SEAT_SCORES: dict[str, tuple[Number | None, str | None]] = {}


def read_score(raw: object) -> Number | None:
    """A BG Stats score ("77", "24-12", "3.44", 77, "" for none) as an exact number, or
    None. Text is read by the parser of sums typed in cells; what it refuses but BG Stats
    itself adds up is read as BG Stats does: a sum of signed numbers, a sign left at the
    end ("86+84+") adding nothing and "--" adding. Any decimal is exact (never a float)."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    if type(raw) is str and _WHOLE_SUM.fullmatch(raw):
        # whole numbers joined by + and -: both ways below come to their signed sum
        value: Number | None = sum(map(int, _WHOLE_TERM.findall(raw)))
    else:
        value = parse_number(raw) if isinstance(raw, str) else as_number(raw)
    if value is None and isinstance(raw, str) and _SUM.fullmatch(raw):
        value = 0
        for signs, digits in _TERM.findall(raw):
            term = Decimal(digits)
            negative = (signs.count("-") + signs.count("\u2212")) % 2 == 1
            value += -term if negative else term
        value = normalize(value)
    if value is None and isinstance(raw, float) and math.isfinite(raw):
        value = normalize(Decimal(repr(raw)))  # as the file wrote it, not the binary float
    if value is None or not -LIMIT <= value <= LIMIT:
        raise StoreError("store.bad_score", value=quote(raw))
    return value


def exact_total(total: Number | None, typed: str | None) -> Number | None:
    """A seat's exact total: the stored one, or for a score finer than a half (stored as
    typed only) the number the text comes to."""
    if total is not None or not typed:
        return total
    try:
        return score_of(typed)
    except ScorepadError:
        return None


def typed_text(raw: object, value: Number | None) -> str | None:
    """The score as typed, when it is not simply the number it comes to."""
    if value is None or not isinstance(raw, str):
        return None
    text = raw.strip()
    return None if text == format_points(value) else text


@dataclass
class _Game:
    """What the plays of one BG Stats game say about it (``_Reader.survey``)."""

    sizes: tuple[int, int] | None = None
    teams: bool = False
    """A play in teams (some seat with a team other than "0")."""
    fine: bool = True
    """Every play has scores in halves (a built-in game's by-hand line takes no finer)."""
    splits: bool = False
    """A play whose teams a built-in game in teams could not take (no teams, or one)."""


_Settled = tuple[dict[str, Any], GameTemplate, bool, str | None, str | None, str | None]
"""What ``_Reader.settle`` finds about a game."""


class _Reader:
    def __init__(self, conn: Connection, head: dict[str, Any], source: str, report: Report) -> None:
        self.conn = conn
        self.report = report
        self.source = source
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
        self.about: dict[object, _Game] = {}
        """Each game's plays in the file, surveyed before any play is read."""
        self.result_only: dict[object, GameTemplate] = {}
        self.later: dict[int, int] = {}
        """Plays (by position) whose uuid an earlier play has (by its position)."""
        self.earlier: set[int] = set()
        self.digests: dict[int, str] = {}
        """The fields of the plays whose uuid a later play has, as digests."""
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
        self.used_games: dict[object, GameTemplate] = {}
        self.used_places: set[object] = set()
        self.anonymous_seen: dict[str, str] = {}
        """The anonymous player's uuid in the file, and its name there."""
        self.kept_counts: dict[str, int] = {}
        self.dropped: dict[str, int] = {}
        self.line_keys: dict[int, frozenset[str]] = {}
        """Each template's line keys, by id() (the templates live as long as the reader)."""
        self.scoring: dict[int, bool] = {}
        """Whether each template adds up to a score (``has_score``), by id()."""
        self.settled: dict[object, _Settled] = {}
        """What ``settle`` found for each game reference (emptied when a game widens)."""
        self.seen_people: dict[object, tuple[str, bool]] = {}
        self.seen_places: dict[object, str | None] = {}
        self.checked: dict[tuple[str | None, int | None, str | None], PlayDetails] = {}
        """Details checked, by location, length and comments (with comments: the first
        ``CHECKED``)."""
        self.score_label = tr("store.bgstats_score", "en")
        self.lean_label = self.score_label.strip()
        self.leans: dict[int, tuple[GameTemplate, Lean | None]] = {}
        """How each template's plays are scored the short way (``bgslean``), by id()."""
        self.layouts: dict[frozenset[str], dict[tuple[str, ...], tuple[str, ...]]] = {}
        """By the fields read (``kept_fields``), the others of each layout of record (its
        keys in order)."""

    # --- before the plays ----------------------------------------------------------------

    def survey(self, plays: Iterator[Any]) -> int:
        """Each game's tables, teams and scores over the whole file (so that one game's
        plays all go to one Scorepad game, whatever their order), and the plays given
        twice; how many plays the file has."""
        first: dict[str, int] = {}
        position = -1
        for position, raw in enumerate(plays):
            if not isinstance(raw, dict):
                continue
            uid = raw.get("uuid")
            if isinstance(uid, str) and uid.strip():
                key = uid.strip().casefold()
                if key in first:  # the same play again, or another: told when read again
                    self.later[position] = first[key]
                    self.earlier.add(first[key])
                    continue
                first[key] = position
            scores = raw.get("playerScores")
            if not isinstance(scores, list):
                continue
            ref = _ref(raw, "gameRefId")
            about = self.about.get(ref)
            if about is None:
                about = self.about[ref] = _Game()
            size = len(scores)
            low, high = about.sizes or (size, size)
            about.sizes = (min(low, size), max(high, size))
            try:  # most often "0" on every seat: no team
                no_team = [seat["team"] for seat in scores].count("0") == size
            except (KeyError, TypeError, IndexError):
                no_team = False
            if no_team:
                about.splits = True
            else:
                self.survey_teams(about, scores)
            for seat in scores if about.fine else ():
                if isinstance(seat, dict) and about.fine and "." in str(seat.get("score")):
                    try:
                        value = score_of(seat.get("score"))
                    except ScorepadError:
                        continue
                    if value is not None and not is_half_multiple(value):
                        about.fine = False
        return position + 1

    def survey_teams(self, about: _Game, scores: list[Any]) -> None:
        """Whether a play's seats are in teams, and whether a game in teams could take them."""
        try:  # the teams written: each read once
            given = {(type(t), t) for s in scores if isinstance(s, dict) for t in (s.get("team"),)}
        except TypeError:  # a team that is a list or an object: no team
            given = {(type(None), None)}
            for seat in scores:
                team = seat.get("team") if isinstance(seat, dict) else None
                given.add((type(team), team if isinstance(team, str | int) else None))
        teams = {None if t is None or t == "0" else team_of(t) for _, t in given}
        if teams - {None}:
            about.teams = True
        if None in teams or len(teams) < 2:
            about.splits = True

    # --- games -------------------------------------------------------------------------

    def game(self, ref: object) -> tuple[dict[str, Any], GameTemplate]:
        game = self.games.get(ref)
        if game is None:
            raise StoreError("store.import_ref", field="gameRefId", value=quote(ref))
        template = self.chosen.get(game["id"])
        if template is None:
            name = _text(game, "name") or f"BG Stats {game['id']}"
            bgg = _whole(game, "bggId")
            found = self.by_bgg.get(bgg) if bgg else None
            found = found or self.by_name.get(name_key(name))
            if (
                found is not None
                and not found.id.startswith("bgstats-")
                and self.fits(found, self.about.get(game["id"], _Game()))
                and agrees(found, game)
            ):
                self.report.matched[name] = found.id
            elif found is not None and not found.id.startswith("bgstats-"):
                found = None  # a play its sheet cannot take: the whole game is result-only
            template = found or self.result_game(game, name)
            self.chosen[game["id"]] = template
        about = self.about.get(game["id"], _Game())
        if about.sizes is not None and template.id.startswith("bgstats-"):
            low, high = about.sizes
            if not (template.min_players <= low and high <= template.max_players):
                template = self.widened(template, low, high)
        self.used_games[game["id"]] = template
        return game, template

    def fits(self, template: GameTemplate, about: _Game) -> bool:
        """Whether every play of a game can be scored on a built-in sheet: its tables in
        the sheet's range, scores in halves, teams where the sheet is played in teams."""
        low, high = about.sizes or (template.min_players, template.min_players)
        if not (template.min_players <= low and high <= template.max_players):
            return False
        kind = template.result.kind if template.result is not None else None
        return about.fine and not (kind == "teams" and about.splits)

    def widened(self, template: GameTemplate, low: int, high: int) -> GameTemplate:
        """A result-only game taking the file's tables (BG Stats' player counts are
        information, not a rule): its bounds widened, the rest as it was."""
        definition = dict(template.source)
        low, high = min(template.min_players, low), max(template.max_players, high)
        definition["players"] = {"min": max(1, low), "max": min(high, MAX_PLAYERS)}
        wider = save_custom(self.conn, definition, f"BG Stats {template.id!r}", replace=True)
        self.templates[wider.id] = wider
        self.settled.clear()
        for cache in (self.chosen, self.result_only):
            for ref, held in list(cache.items()):
                if held is template:
                    cache[ref] = wider
        return wider

    def result_game(self, game: dict[str, Any], name: str) -> GameTemplate:
        """The result-only game standing for a BG Stats game Scorepad has no sheet for."""
        if game["id"] in self.result_only:
            return self.result_only[game["id"]]
        slug = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")[:55]
        if not slug:  # a name in another script: the same name always gives the same id
            slug = hashlib.sha256(name_key(name).encode()).hexdigest()[:12]
        key = f"bgstats-{slug}"
        existing = self.templates.get(key)
        if existing is None:
            sizes = self.about.get(game["id"], _Game()).sizes or (1, 1)
            existing = save_custom(
                self.conn, _definition(key, name, game, sizes), f"BG Stats {name!r}", replace=False
            )
            self.templates[key] = existing
            self.report.games_added.append(key)
        self.result_only[game["id"]] = existing
        return existing

    # --- plays -------------------------------------------------------------------------

    def play(self, raw: object) -> tuple[GameTemplate, PlayRows]:
        """One play's rows. The hot path of an import: what repeats from play to play (a
        game's settings, a player, a location, a score's text) is worked out once."""
        if not isinstance(raw, dict):
            raise field_error("play", "an object")
        if isinstance(raw.get(PROBLEM), ScorepadError):
            raise raw[PROBLEM]
        scores = raw.get("playerScores")
        if (
            not isinstance(scores, list)
            or not scores
            or not all(isinstance(s, dict) for s in scores)
        ):
            raise field_error("playerScores", "a list of objects")
        if len(scores) > MAX_PLAYERS:
            raise StoreError("store.import_seats", players=len(scores), limit=MAX_PLAYERS)
        ref = raw.get("gameRefId")
        settled = self.settled.get(ref) if type(ref) is int or type(ref) is str else None
        if settled is None:
            settled = self.settle(_ref(raw, "gameRefId"))
        _, template, no_points, rule, game_uuid, variant = settled
        uses_teams = raw.get("usesTeams", False)  # checked; each seat's team decides
        if uses_teams is not False and uses_teams is not True:
            uses_teams = _flag(raw, "usesTeams")
        given_names: list[str] = []
        anonymous: list[int] = []
        points: list[Number | None] = []
        texts: list[str | None] = []
        winners: list[bool] = []
        ranks: list[int | None] = []
        teams: list[str | None] = []
        roles: list[str | None] = []
        start: list[int] = []
        order: list[int | None] = []
        seats_kept: list[dict[str, Any]] = []
        flagged = False
        size = len(scores)
        seen = self.seen_people
        for seat, item in enumerate(scores):
            ref = item.get("playerRefId")
            person = seen.get(ref) if type(ref) is int or type(ref) is str else None
            if person is None:
                person = self.seat_person(item)
            if person[1]:
                anonymous.append(seat)
            given_names.append(person[0])
            score_raw = item.get("score")
            scored = _SEAT_SCORES.get(score_raw) if type(score_raw) is str else None
            if scored is None:
                scored = _seat_score(score_raw)
            points.append(scored[0])
            texts.append(scored[1])
            flagged = flagged or "winner" in item
            won = item.get("winner", False)
            if won is not True and won is not False:
                won = _flag(item, "winner")
            winners.append(won)
            rank = item.get("rank")
            if rank is not None and type(rank) is not int:
                rank = _whole(item, "rank")
            ranks.append(rank if rank is not None and rank > 0 else None)
            team_raw = item.get("team")
            team = None if team_raw is None or team_raw == "0" else team_of(team_raw)
            teams.append(team)
            role = item.get("role")
            roles.append(None if role is None else _text(item, "role"))
            first = item.get("startPlayer", False)
            if first is True or (first is not False and _flag(item, "startPlayer")):
                start.append(seat + 1)
            seat_order = item.get("seatOrder")
            if seat_order is not None and type(seat_order) is not int:
                seat_order = _whole(item, "seatOrder")
            order.append(seat_order)
            rest = self.kept_fields("playerScores", item, SEAT_KNOWN)
            if team_raw is not None and team is None:
                rest["team"] = team_raw  # "0" as the file had it
            if rank is not None and rank > size:
                rest["rank"] = rank  # past the last place: the winner flag decides
            seats_kept.append(rest)
            for key in rest:
                if key != "team":  # team "0" kept as written: the team itself has a place
                    self.count_kept(f"playerScores.{key}")
        names = (
            seat_names([(n, s in anonymous) for s, n in enumerate(given_names)])
            if anonymous
            else given_names
        )
        if raw.get("expansionPlays"):
            modules, expansions = self.expansions(raw, template)
        else:
            modules, expansions = [], []
        on_sheet: list[Number | None] = (
            [None] * size
            if no_points
            else [v if type(v) is int or v is None or is_half_multiple(v) else None for v in points]
        )  # a score in halves (any whole number is)
        short = None
        if not modules and LEAN:
            found = self.leans.get(id(template))
            if found is None or found[0] is not template:
                result_only = template.id.startswith("bgstats-")
                scoring = lean(
                    template, variant, result_only, self.scored(template), self.score_label
                )
                found = self.leans[id(template)] = (template, scoring)
            if found[1] is not None:
                short = found[1].seats(names, on_sheet, winners)
        given: list[tuple[int, bool]] = []
        outcome: str | None = None
        if short is not None:  # the short way (``bgslean``): no sheet built
            _, lean_ranks, decided = short
            sheet = None
            if rule == "cooperative":  # every seat shares the table's outcome
                outcome = "won" if any(winners) else "lost"
                if len(set(winners)) > 1:
                    outcome = "mixed"  # some seats won, some lost: each as given
                    given = [(1 if w else 2, w) for w in winners]
                    decided = "given"
                else:
                    given = [(1, outcome == "won")] * size
            elif flagged or any(ranks):
                wins = [r == 1 for r in lean_ranks]
                given = _given(lean_ranks, wins, winners, ranks, flagged)
                if given != list(zip(lean_ranks, wins, strict=True)):
                    decided = "given"
        else:
            sheets = self.sheets(template, names, on_sheet, winners, teams, rule)
            if rule == "cooperative":
                outcome = "won" if any(winners) else "lost"
            elif rule == "teams" and not self.scored(template):
                won_seats = [s for s, w in enumerate(winners) if w]
                outcome = sheets[won_seats[0]].team if won_seats else None
            sheet = score(
                template,
                variant,
                sheets,
                outcome=outcome,
                modules=modules or None,
            )
            decided = sheet.decided_by
            if rule == "cooperative" and len(set(winners)) > 1:
                outcome = "mixed"  # some seats won, some lost (a traitor's game): each as given
                given = [(1 if w else 2, w) for w in winners]
                decided = "given"
            elif rule != "cooperative" and (flagged or any(ranks)):
                scored_ranks = [p.rank for p in sheet.players]
                scored_wins = [p.winner for p in sheet.players]
                given = _given(scored_ranks, scored_wins, winners, ranks, flagged)
                if any(g != (p.rank, p.winner) for g, p in zip(given, sheet.players, strict=True)):
                    decided = "given"
        ref = raw.get("locationRefId")
        if ref is None:
            place = None
        elif type(ref) is int or type(ref) is str:
            place = self.seen_places.get(ref, _UNKNOWN)
            if place is _UNKNOWN:
                place = self.seen_places[ref] = self.place(raw)
        else:
            place = self.place(raw)
        duration = raw.get("durationMin")
        if duration is not None and type(duration) is not int:
            duration = _whole(raw, "durationMin")
        play_date = raw.get("playDate")
        played = when(play_date)
        details = self.details(played, place, duration if duration else None, raw)
        uid = raw.get("uuid")
        if isinstance(uid, str) and uid.strip():
            uid = uid.strip().lower()  # a uuid in any letter case is one uuid
            check_uid(uid)
        else:
            text = json.dumps(raw, sort_keys=True, default=str)
            uid = "bgs-" + hashlib.sha256(text.encode()).hexdigest()[:32]
        entered = raw.get("entryDate")
        if entered is None or entered == "":
            entered = None
        elif type(entered) is not str or _STAMP.fullmatch(entered) is None:
            entered = _stamp(raw, "entryDate")
        if not entered:
            created = datetime.now()
        else:
            created = played if entered == play_date else when(entered)
        modified = raw.get("modificationDate")
        if modified is None or modified == "":
            modified = None
        elif type(modified) is not str or _STAMP.fullmatch(modified) is None:
            modified = _stamp(raw, "modificationDate")
        updated = when(modified) if modified and modified != entered else created
        kept: dict[str, object] = {"source": self.report.origin}
        rest = self.kept_fields("plays", raw, PLAY_KNOWN)
        for key in rest:
            self.count_kept(key)
        no_points_scores = no_points and any(v is not None for v in points)
        if no_points_scores:
            self.count_kept("playerScores.score (noPoints)")
        # each kept where it says something, in this order
        if modified:
            kept["modified"] = modified
        if start:
            kept["start"] = start
        if any(o is not None for o in order):
            kept["seat_order"] = order
        if expansions:
            kept["expansions"] = expansions
        rounds = raw.get("rounds")
        if rounds is not None and type(rounds) is not int:
            rounds = _whole(raw, "rounds")
        if rounds:
            kept["rounds"] = rounds
        board = raw.get("board")
        if board == "":
            board = None
        elif board is not None and type(board) is not str:
            board = _text(raw, "board")
        manual = raw.get("manualWinner", False)
        if manual is not False and manual is not True:
            manual = _flag(raw, "manualWinner")
        if board:
            kept["board"] = board
        if manual:
            kept["manual_winner"] = True
        if uses_teams:
            kept["uses_teams"] = True
        if game_uuid:
            kept["game"] = game_uuid
        if no_points_scores:
            kept["no_points_scores"] = [_typed(s.get("score")) for s in scores]
        if rest:
            kept["bgs"] = rest
        if any(seats_kept):
            kept["seats"] = seats_kept
        imported = dump(kept)
        ignored = raw.get("ignored", False)
        if ignored is not False and ignored is not True:
            ignored = _flag(raw, "ignored")
        ignored = True if ignored else None
        bgg_play = bgg_play_of(kept) if rest else None  # BG Stats' bggId: kept in "bgs"
        if sheet is None:
            return template, self.lean_rows(
                short,  # type: ignore[arg-type]
                given,
                names,
                points,
                on_sheet,
                texts,
                teams,
                roles,
                no_points,
                variant,
                details,
                uid,
                created,
                updated,
                (ignored, imported, decided, bgg_play, rule or ("teams" if any(teams) else None)),
                tuple(anonymous),
                outcome,
            )
        rows = rows_of(sheet, details, uid, created, updated, self.form)
        play_values: dict[int, object] = {
            IGNORED_AT: ignored,
            IMPORTED_AT: imported,
            DECIDED_AT: decided,
            BGG_PLAY_AT: bgg_play,
        }
        if rule == "cooperative":
            play_values[OUTCOME_AT] = outcome
        if rule is None and any(teams):
            play_values[KIND_AT] = "teams"  # kept as the file says, winners as given
        exact = [
            None if no_points or v is None or is_half_multiple(v) else format_points(v)
            for v in points
        ]
        rows = amended(
            rows,
            self.form,
            blank=[no_points or v is None or not is_half_multiple(v) for v in points],
            given=given,
            seat_values={
                SEAT_TEAM: teams if rule != "teams" else [s[SEAT_TEAM] for s in rows.seats],
                SEAT_ROLE: roles,
                SEAT_TEXT: [t if t is not None else e for t, e in zip(texts, exact, strict=True)]
                if not no_points
                else [None] * len(points),
            },
            play_values=play_values,
            anonymous=tuple(anonymous),
        )
        return sheet.template, rows

    def lean_rows(
        self,
        short: Scored,
        given: list[tuple[int, bool]],
        names: list[str],
        points: list[Number | None],
        on_sheet: list[Number | None],
        texts: list[str | None],
        teams: list[str | None],
        roles: list[str | None],
        no_points: bool,
        variant: str | None,
        details: PlayDetails,
        uid: str,
        created_at: datetime,
        updated_at: datetime,
        columns: tuple[bool | None, str, str, int | None, str | None],
        anonymous: tuple[int, ...],
        outcome: str | None = None,
    ) -> PlayRows:
        """The rows of a play scored the short way (``bgslean``), as ``rows_of`` and
        ``amended`` make them from a scored sheet: seats without a score (or with one
        finer than a half) have no total, the places and winners given stand, the score
        as typed is kept where it is not the plain number."""
        scored, ranks, _ = short
        ignored, imported, decided, bgg_play, kind = columns
        yes, no = self.form.yes, self.form.no
        label = self.lean_label
        seats = []
        extras = []
        winning = None
        for n, ((total, _, ties, entries, extra), rank) in enumerate(
            zip(scored, ranks, strict=True)
        ):
            value = points[n]
            fine = on_sheet[n] is not None  # a score in halves, in a game with points
            if given:
                rank, won = given[n]
            else:
                won = rank == 1
            kept_total = total if fine else None
            if won and winning is None and kept_total is not None:
                winning = kept_total
            text = None
            if not no_points:
                text = texts[n]
                if text is None and value is not None and not fine:
                    text = format_points(value)
            seats.append(
                (
                    kept_total,
                    rank,
                    yes if won else no,
                    ties,
                    entries,
                    teams[n],
                    None,
                    None,
                    None,
                    roles[n],
                    text,
                )
            )
            if extra is not None:
                extras.append((n + 1, 1, label, extra))
        stamp = self.form.stamp
        created = stamp(created_at)
        play = (
            variant,
            created if details.played_at is created_at else stamp(details.played_at),
            details.location,
            details.duration,
            details.notes,
            len(seats),
            decided,
            winning,
            created,
            created if updated_at is created_at else stamp(updated_at),
            None,  # deleted_at
            kind,
            outcome,
            None,  # modules
            ignored,
            imported,
            None,  # first_seat
            None,  # started_at
            bgg_play,
        )
        return PlayRows(
            uid, play, tuple([n.strip() for n in names]), tuple(seats), tuple(extras), anonymous
        )

    def settle(self, ref: object) -> _Settled:
        """A game's record, template, noPoints flag, result kind, uuid as kept and
        variant, worked out at its first play (``widened`` starts again)."""
        game, template = self.game(ref)
        no_points = _flag(game, "noPoints")
        rule = template.result.kind if template.result is not None else None
        variant = template.variants[0].id if template.variants else None
        settled = (game, template, no_points, rule, _uuid_of(game), variant)
        if type(ref) is int or type(ref) is str:
            self.settled[ref] = settled
        return settled

    def seat_person(self, item: dict[str, Any]) -> tuple[str, bool]:
        """The name a seat's player is given (empty for the anonymous player), and whether
        it is the anonymous player, worked out at the player's first seat."""
        ref = _ref(item, "playerRefId")
        person = self.people.get(ref)
        if person is None:
            raise StoreError(
                "store.import_ref", field="playerRefId", value=quote(item.get("playerRefId"))
            )
        if _flag(person, "isAnonymous"):
            found = ("", True)
            anonymous_uuid = _uuid_of(person)
            if anonymous_uuid and _storable(person.get("name")):
                self.anonymous_seen[anonymous_uuid] = str(person.get("name") or "")
        else:
            found = (self.person(person), False)
        if ref is not None:
            self.seen_people[ref] = found
        return found

    def details(
        self, played: datetime, place: str | None, duration: int | None, raw: dict[str, Any]
    ) -> PlayDetails:
        """The play's details, checked (the same location, length and comments are
        checked once)."""
        notes = raw.get("comments")
        if (notes is not None and type(notes) is not str) or notes == "":
            notes = _text(raw, "comments")
        key = (place, duration, notes)
        found = self.checked.get(key)
        if found is None:
            found = check_details(PlayDetails(played, place, duration, notes))
            if notes is None or len(self.checked) < CHECKED:
                self.checked[key] = found
            return found
        return PlayDetails(played, *found[1:])

    def scored(self, template: GameTemplate) -> bool:
        """``has_score``, once per template."""
        found = self.scoring.get(id(template))
        if found is None:
            found = self.scoring[id(template)] = has_score(template)
        return found

    def kept_fields(
        self, where: str, record: dict[str, Any], known: frozenset[str]
    ) -> dict[str, Any]:
        """``keepable`` of a record's fields other than ``known``, in the record's order
        (most records have none that says anything)."""
        layouts = self.layouts.get(known)
        if layouts is None:
            layouts = self.layouts[known] = {}
        layout = tuple(record)
        others = layouts.get(layout)
        if others is None:  # a file's records share a few layouts: each worked out once
            others = tuple(k for k in layout if k not in known)
            if len(layouts) < LAYOUTS:
                layouts[layout] = others
        found: dict[str, Any] = {}
        for key in others:
            value = record[key]
            kind = type(value)
            if kind is str:  # ``keepable`` of plain values, inline
                if not value:
                    continue
                if "\x00" not in value and _SURROGATE.search(value) is None:
                    found[key] = value
                    continue
            elif kind is int or kind is bool or value is None:
                if value:
                    found[key] = value
                continue
            found.update(self.keepable(where, {key: value}))
        return found

    def keepable(self, where: str, fields: dict[str, Any]) -> dict[str, Any]:
        """The fields that say something and can be kept as they are (text a database
        can hold, exact numbers); any other is counted in the report's left out."""
        found = {}
        for key, value in fields.items():
            if not _said(value):
                continue
            if _storable(value):
                found[key] = exact_kept(value)
            else:
                label = f"{where}.{key} (cannot be kept)"
                self.dropped[label] = self.dropped.get(label, 0) + 1
        return found

    def given_again(
        self, position: int, raw: Any, problems: list[tuple[str, ScorepadError]]
    ) -> bool:
        """Whether the play at ``position`` is one given before (skipped and reported
        when the same, refused when another play)."""
        digest = _digest(raw) if isinstance(raw, dict) else ""
        if position in self.earlier:
            self.digests[position] = digest
        earlier = self.later.get(position)
        if earlier is None:
            return False
        uid = raw.get("uuid")
        if self.digests.get(earlier) == digest:
            self.report.duplicates.append(f"plays[{position}] = plays[{earlier}] ({shown(uid)})")
        else:
            problem = StoreError(
                "store.import_same_uuid", value=quote(uid), other=f"plays[{earlier}]"
            )
            problems.append((_record(position, raw), problem))
        return True

    def count_kept(self, key: str) -> None:
        self.kept_counts[key] = self.kept_counts.get(key, 0) + 1

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
        keys = self.line_keys.get(id(template))
        if keys is None:
            keys = self.line_keys[id(template)] = frozenset(line.key for line in template.lines)
        sheets = []
        scored = self.scored(template)
        label = self.score_label
        for name, value, won, team in zip(names, points, winners, teams, strict=True):
            team = team if rule == "teams" else None
            if result_only:
                lines: dict[str, object] = {"won": won} if "won" in keys else {}
                if value is not None and "score" in keys:
                    lines["score"] = value
                sheets.append(PlayerSheet(name, lines, (), team))
            elif value is not None and scored:
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
        self.used_places.add(ref)
        return name

    def expansions(
        self, raw: dict[str, Any], template: GameTemplate
    ) -> tuple[list[str], list[str]]:
        """The expansions played: module ids of the game where a module bears the
        expansion's name, and the names of the others."""
        items = raw.get("expansionPlays") or []
        if not isinstance(items, list):
            raise field_error("expansionPlays", "a list of objects")
        if not items:
            return [], []
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

    # --- after the plays -----------------------------------------------------------------

    def report_leftovers(self, head: dict[str, Any]) -> None:
        """The report's left out (the file's other lists, by how many records they held)
        and what is kept only to be written back (fields, by how many records held one)."""
        for key, value in head.items():
            if key in LISTS:
                continue
            count = len(value) if isinstance(value, list) else 1
            if count:
                self.report.skipped.append(f"{key}: {count}")
        for person in self.people.values():  # a player's own fields beyond those kept
            for key, value in person.items():
                if key not in PLAYER_KEPT and _said(value):
                    label = f"players.{key}"
                    self.dropped[label] = self.dropped.get(label, 0) + 1
        self.report.skipped.extend(f"{k}: {n}" for k, n in sorted(self.dropped.items()))
        unplayed = [ref for ref in self.games if ref not in self.used_games]
        if unplayed:
            self.count_kept_n("games", len(unplayed))  # BG Stats' own field: no words to translate
        self.report.kept_back.extend(f"{k}: {n}" for k, n in sorted(self.kept_counts.items()))

    def count_kept_n(self, key: str, count: int) -> None:
        self.kept_counts[key] = self.kept_counts.get(key, 0) + count

    def remember(self, conn: Connection) -> None:
        """Each imported player's BG Stats uuid and BGG user name, where not known yet;
        the file's games, locations and anonymous player as the file has them, to be
        written back on export with the same ids."""
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
        ids = dict(conn.execute(select(m.game.c.key, m.game.c.id)).all())
        objects: list[dict[str, Any]] = []
        for ref, game in self.games.items():
            held = self.used_games.get(ref)
            objects.append(_object("game", game, ids.get(held.id) if held else None))
        for place in self.places.values():
            objects.append(_object("location", place, None))
        for uid, name in self.anonymous_seen.items():
            data = dump({"uuid": uid, "name": name, "isAnonymous": True})
            objects.append(
                {"kind": "player", "uuid": uid, "game_id": None, "name": name, "data": data}
            )
        keep_objects(
            conn,
            [
                o
                for o in objects
                if 0 < len(o["uuid"]) <= 64 and _storable(o["uuid"]) and _storable(o["name"])
            ],
        )


def _object(kind: str, raw: dict[str, Any], game_id: int | None) -> dict[str, Any]:
    data = {k: exact_kept(v) for k, v in raw.items() if k != "id" and _storable(k) and _storable(v)}
    return {
        "kind": kind,
        "uuid": _uuid_of(raw) or "",
        "game_id": game_id,
        "name": str(raw.get("name") or ""),
        "data": dump(data),
    }


def keep_objects(conn: Connection, objects: list[dict[str, Any]]) -> None:
    """The source's records, the newest replacing one of the same kind and uuid (a game
    keeps the Scorepad game its plays went to when this import brought none)."""
    if not objects:
        return
    table = m.source_object
    held = {
        (k, u): g
        for k, u, g in conn.execute(
            select(table.c.kind, table.c.uuid, table.c.game_id).where(
                table.c.uuid.in_([o["uuid"] for o in objects])
            )
        )
    }
    for item in objects:
        key = (item["kind"], item["uuid"])
        if key in held:
            item["game_id"] = item["game_id"] or held[key]
            conn.execute(
                update(table)
                .where(table.c.kind == key[0], table.c.uuid == key[1])
                .values(game_id=item["game_id"], name=item["name"], data=item["data"])
            )
        else:
            conn.execute(table.insert().values(**item))
            held[key] = item["game_id"]


DECIMAL = "\x00decimal"
"""The key of ``{DECIMAL: "0.3"}``, a number of the file finer than a half kept exactly (the
history's JSON holds halves only); no key of a file holds U+0000 (``_storable``)."""


def exact_kept(value: Any) -> Any:
    """A value of the file as kept: each number finer than a half as ``{DECIMAL: text}``."""
    if isinstance(value, Decimal) and not is_half_multiple(value):
        return {DECIMAL: format(value, "f")}
    if isinstance(value, list):
        return [exact_kept(v) for v in value]
    if isinstance(value, dict):
        return {k: exact_kept(v) for k, v in value.items()}
    return value


def _uuid_of(record: dict[str, Any]) -> str | None:
    """A record's uuid as kept (lower case), when it is one that can be kept."""
    uid = record.get("uuid")
    if not isinstance(uid, str) or not 0 < len(uid.strip()) <= 64 or not _storable(uid):
        return None
    return uid.strip().lower()


def _storable(value: object, depth: int = 0) -> bool:
    """Whether a value of the file can be kept and written back exactly: text without
    lone surrogates, whole numbers, decimals of sensible size, lists and objects of such."""
    if depth > 20:
        return False
    if value is None or isinstance(value, bool | int):
        return True
    if isinstance(value, str):
        return _SURROGATE.search(value) is None and "\x00" not in value
    if isinstance(value, Decimal):
        return value.is_finite() and abs(value.adjusted()) < 20
    if isinstance(value, list):
        return all(_storable(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return all(_storable(k) and _storable(v, depth + 1) for k, v in value.items())
    return False


_SURROGATE = re.compile("[\ud800-\udfff]")


def _said(value: object) -> bool:
    """Whether a field the play has no place for says anything (BG Stats writes 0, "",
    false or an empty list for nothing: those are written back as nothing too)."""
    return value not in _NOTHING or isinstance(value, Decimal)


_NOTHING: tuple[object, ...] = (None, "", 0, False, [], {})
"""What says nothing (``_said``); a decimal 0 still says it is a decimal."""


def _typed(raw: object) -> str | None:
    """A score as the file gave it (text), None for none."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    return raw.strip() if isinstance(raw, str) else str(raw)


def _digest(play: dict[str, Any]) -> str:
    """A play's fields, its uuid in any letter case, as a short digest: two plays with
    the same one are the same play given twice."""
    text = json.dumps(
        {**play, "uuid": str(play.get("uuid")).casefold()}, sort_keys=True, default=str
    )
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _given(
    scored_ranks: list[int],
    scored_wins: list[bool],
    winners: list[bool],
    ranks: list[int | None],
    flagged: bool,
) -> list[tuple[int, bool]]:
    """Each seat's (rank, winner) as BG Stats recorded them: the winner flags stand; a
    place given stands where it fits the play's places, else it follows the flags (and
    the places as scored, ``scored_ranks`` and ``scored_wins``)."""
    players = len(scored_ranks)
    found = []
    for scored, scored_won, won, rank in zip(
        scored_ranks, scored_wins, winners, ranks, strict=True
    ):
        won = won if flagged else scored_won
        if rank is not None and rank <= players:
            found.append((rank, won))
        else:
            found.append((1 if won else max(scored, 2) if players > 1 else 2, won))
    return found


def agrees(template: GameTemplate, game: dict[str, Any]) -> bool:
    """Whether a built-in sheet plays a BG Stats game as the file says it is played:
    co-operative or not alike, and a game won by the highest score not taken by a sheet
    won by the lowest (or the other way round). Where they differ, the file's plays keep
    its rules in a result-only game: the best score and who won stay those the file
    gives."""
    cooperative = template.result is not None and template.result.kind == "cooperative"
    if _flag(game, "cooperative") != cooperative:
        return False
    highest = _flag(game, "highestWins", True)
    return cooperative or (template.wins == "highest") == highest


def _definition(
    key: str, name: str, game: dict[str, Any], sizes: tuple[int, int]
) -> dict[str, Any]:
    """A result-only game from BG Stats' flags; its players are the tables of the file's
    plays (BG Stats' declared counts are information, kept with the game's record)."""
    won = {lang: tr("store.bgstats_won", lang) for lang in LANGS}
    lines: list[dict[str, Any]] = []
    cooperative = _flag(game, "cooperative")
    if not _flag(game, "noPoints") or not cooperative:
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
    low, high = _whole(game, "minPlayerCount"), _whole(game, "maxPlayerCount")
    declared_low = low if low and 1 <= low <= MAX_PLAYERS else sizes[0]
    declared_high = high if high and 1 <= high <= MAX_PLAYERS else sizes[1]
    definition: dict[str, Any] = {
        "id": key,
        "name": {lang: name for lang in LANGS},
        "players": {
            "min": max(1, min(declared_low, sizes[0])),
            "max": min(MAX_PLAYERS, max(declared_high, sizes[1])),
        },
        "wins": "highest" if _flag(game, "highestWins", True) else "lowest",
        "lines": lines,
    }
    if definition["players"]["min"] > definition["players"]["max"]:
        definition["players"]["min"] = definition["players"]["max"]
    if cooperative:
        definition["result"] = {"kind": "cooperative"}
    elif lines:
        definition["tiebreakers"] = [{"label": won, "prefer": "more", "terms": {"won": 1}}]
    bgg = _whole(game, "bggId")
    if bgg and bgg > 0:
        definition["bgg_id"] = bgg
    return definition
