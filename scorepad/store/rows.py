"""A scored play turned into the rows the history stores, with no database in sight.

Kept free of SQLAlchemy so that import workers in other processes can score plays and
hand back ``PlayRows`` cheaply; the database side only adds ids and inserts.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any, NamedTuple

import scorepad.store.models as m
from scorepad.core import ExtraLine, GameTemplate, PlayerSheet, ScoredSheet, score
from scorepad.core.colours import ColourError, check_colour
from scorepad.core.errors import quote
from scorepad.core.numbers import Number, as_number, looks_like_sum, plain_number
from scorepad.core.plaintext import LINE_BREAKS, MAX_NOTES, location_problem, plain_problem
from scorepad.core.play_limits import MAX_DURATION
from scorepad.core.template import Reading
from scorepad.store.boards import SeatBoard, board_fields, check_boards, kept_fields
from scorepad.store.errors import StoreError
from scorepad.store.values import check_uid, dump, name_key, parse_when, to_halves


class PlayDetails(NamedTuple):
    """What a play records besides the sheet."""

    played_at: datetime
    location: str | None = None
    duration: int | None = None
    notes: str | None = None
    first_player: str | None = None
    """The name of the player who started, one of the play's players; None: nobody picked."""
    colours: tuple[str | None, ...] = ()
    """Each seat's colour (a palette name, ``core.colours``; None for none), in seat order;
    empty when the play has no colours."""
    started_at: datetime | None = None
    """When the sheet was started (local time, never after ``played_at``); None: unknown."""
    boards: tuple[Mapping[str, object] | None, ...] = ()
    """Each seat's board as a sheet file's player fields give it (``{"side", "wall"}``;
    None for none), in seat order; empty when the play has no boards. Checked against
    the sheet when its rows are made (``boards.check_boards``)."""


class PlayRows(NamedTuple):
    """A scored play as the rows the history stores, short of the ids the database hands out.

    Every value is already in the form it is written in (points in halves, entries and
    tie-breaks as JSON text, dates and yes/no as the database's ``DialectValues``), so
    that writing a play is only putting ids in front. Plain tuples inside: import helpers
    send these between processes, and plain tuples of strings and numbers pickle several
    times faster than dataclasses, named tuples or datetimes.
    """

    uid: str
    play: tuple[object, ...]
    """The play's columns after its ids (models.Play order, from ``variant`` to
    ``first_seat``, ``PLAY_FIELDS``)."""
    names: tuple[str, ...]
    """Each player's name as given, in seat order."""
    seats: tuple[tuple[object, ...], ...]
    """Per seat: total_halves, rank, winner, tiebreak, entries (models.PlayResult order),
    then the seat's team, colour, board kind, board, role and score as typed (stored
    after the columns the play gives every seat)."""
    extras: tuple[tuple[int, int, str, int], ...]
    """By-hand lines: (seat, position, label, points in halves)."""
    anonymous: tuple[int, ...] = ()
    """Seats (from 0) of the anonymous player: written for the hidden player that stands
    for anyone unnamed, whatever name the sheet gave them."""


PLAY_FIELDS = tuple(column.name for column in m.play.columns)[4:]
"""The columns of ``PlayRows.play``, in order: models.Play's after id, uid, game and
snapshot (``rows_of`` builds its tuple in this order: a test checks it)."""
IGNORED_AT = PLAY_FIELDS.index("ignored")
IMPORTED_AT = PLAY_FIELDS.index("imported")


def _sqlite_stamp(value: datetime) -> object:
    return value.isoformat(" ", "microseconds")  # SQLAlchemy's own form for DateTime


def _same(value: datetime) -> object:
    return value


class DialectValues(NamedTuple):
    """How dates and yes/no values are passed to one kind of database, as SQLAlchemy
    would pass them. SQLite gets dates as SQLAlchemy's text and yes/no as 1/0 (which is
    what it stores for True/False: a bool parameter costs the sqlite3 module two failed
    attribute lookups to adapt); PostgreSQL gets datetimes and bools."""

    stamp: Callable[[datetime], object]
    yes: object
    no: object


SQLITE = DialectValues(_sqlite_stamp, 1, 0)
OTHER = DialectValues(_same, True, False)


def values_for(dialect: str) -> DialectValues:
    return SQLITE if dialect == "sqlite" else OTHER


def new_uid() -> str:
    return uuid.uuid4().hex


def check_details(details: PlayDetails) -> PlayDetails:
    duration = details.duration
    if (
        details.location is None
        and details.notes is None
        and details.first_player is None
        and details.started_at is None
        and details.colours == ()
        and (duration is None or (type(duration) is int and 0 <= duration <= MAX_DURATION))
    ):
        return details  # nothing to check or trim (most plays of an import)
    if duration is not None and (
        isinstance(duration, bool)
        or not isinstance(duration, int)
        or not 0 <= duration <= MAX_DURATION
    ):
        raise StoreError("store.bad_duration", value=quote(duration), limit=MAX_DURATION)
    for field, text, problem_of in (
        ("location", details.location, location_problem),
        ("notes", details.notes, lambda text: plain_problem(text, MAX_NOTES, LINE_BREAKS)),
    ):
        problem = problem_of(text) if isinstance(text, str) else None
        if problem is not None:
            raise StoreError("store.bad_text", field=field, problem=problem)
    first = details.first_player
    if first is not None and not isinstance(first, str):
        raise StoreError("store.import_field", field=quote("first_player"), expected="text")
    try:
        colours = tuple(
            None if c is None else check_colour(c, f"players[{i}].colour")
            for i, c in enumerate(details.colours)
        )
    except ColourError as problem:  # the store's errors are StoreErrors
        raise StoreError(problem.key, **problem.fields) from None
    started = details.started_at
    if started is not None and started > details.played_at:
        raise StoreError(
            "store.started_after",
            started=started.isoformat(" ", "minutes"),
            played=details.played_at.isoformat(" ", "minutes"),
        )
    return PlayDetails(
        details.played_at,
        _blank(details.location),
        duration,
        _blank(details.notes),
        _blank(first),
        colours,
        started,
        details.boards,
    )


def first_seat(names: Sequence[str], first_player: str | None) -> int | None:
    """The seat (from 1) of the player who started, found by name as names are compared
    ("ana" is Ana); refused when nobody of that name is in the play."""
    if first_player is None:
        return None
    wanted = name_key(first_player)
    for seat, name in enumerate(names, 1):
        if name_key(name) == wanted:
            return seat
    raise StoreError(
        "store.first_player", value=quote(first_player), players=", ".join(map(quote, names))
    )


def seat_names(seats: list[tuple[str, bool]]) -> list[str]:
    """Each seat's name for the sheet: anonymous seats are "Anonymous", "Anonymous 2", …,
    never the name of another seat (a sheet's names differ)."""
    taken = {name_key(n) for n, anonymous in seats if not anonymous}
    names, count = [], 0
    for name, anonymous in seats:
        if anonymous:
            while True:
                count += 1
                name = "Anonymous" if count == 1 else f"Anonymous {count}"
                if name_key(name) not in taken:
                    break
        names.append(name)
    return names


def _blank(text: str | None) -> str | None:
    return text.strip() or None if isinstance(text, str) else None


_BLANK_VALUES: dict[tuple[int, str | None], tuple[GameTemplate, dict[str, object]]] = {}


def blank_values(template: GameTemplate, variant: str | None) -> dict[str, object]:
    """Each line's blank value on one variant (a key may be a yes/no line on one side and
    a count on the other: Summer Pavilion's stars); the template is kept alive with it so
    ids stay unique."""
    found = _BLANK_VALUES.get((id(template), variant))
    if found is None:
        lines = template.lines_for(variant)
        found = (template, {line.key: line.empty().value for line in lines})
        _BLANK_VALUES[(id(template), variant)] = found
    return found[1]


def rows_of(
    sheet: ScoredSheet,
    details: PlayDetails,
    uid: str,
    created_at: datetime,
    updated_at: datetime,
    form: DialectValues,
    entered: Sequence[PlayerSheet] | None = None,
) -> PlayRows:
    """``entered``: what each player typed, in seat order; an entry typed as a sum
    ("3+6+2", or a round's entry in a per-round list) is stored as typed (``typed_sums``),
    so that the play shows it again when edited, and is read back to the same number."""
    blanks = blank_values(sheet.template, sheet.variant)
    names = []
    seats = []
    extras: list[tuple[int, int, str, int]] = []
    winning: int | None = None
    teams = {name: t.name for t in sheet.teams for name in t.members}
    colours = details.colours
    if colours and len(colours) != len(sheet.players):
        raise StoreError("store.colours_count", given=len(colours), players=len(sheet.players))
    boards = _boards(sheet, details.boards, entered)
    for seat, p in enumerate(sheet.players, 1):
        total = p.total * 2 if type(p.total) is int else to_halves(p.total)
        if p.winner and winning is None:
            winning = total
        names.append(p.name)
        text = entries_text(p.readings, blanks)
        if entered is not None:
            sums = typed_sums(entered[seat - 1].lines, p.readings)
            if sums:
                text = _entries_with_sums(p.readings, blanks, sums)
        seats.append(
            (
                total,
                p.rank,
                form.yes if p.winner else form.no,
                tiebreak_text(p.tiebreak),
                text,
                teams.get(p.name),
                colours[seat - 1] if colours else None,
                *_board_columns(boards[seat - 1] if boards else None),
                None,  # role
                None,  # score_text
            )
        )
        if p.extra:
            for n, e in enumerate(p.extra, 1):
                extras.append((seat, n, e.label, to_halves(e.points)))
    stamp = form.stamp
    created = stamp(created_at)
    play = (
        sheet.variant,
        created if details.played_at is created_at else stamp(details.played_at),
        details.location,
        details.duration,
        details.notes,
        len(seats),
        sheet.decided_by,
        winning,
        created,
        created if updated_at is created_at else stamp(updated_at),
        None,  # deleted_at
        *result_columns(sheet),
        None,  # ignored
        None,  # imported
        first_seat(names, details.first_player),
        None if details.started_at is None else stamp(details.started_at),
        None,  # bgg_play_id
    )
    return PlayRows(uid, play, tuple(names), tuple(seats), tuple(extras))


def _boards(
    sheet: ScoredSheet,
    boards: Sequence[Mapping[str, object] | None],
    entered: Sequence[PlayerSheet] | None,
) -> tuple[SeatBoard | None, ...]:
    """The seats' boards checked against what each player entered (none: no work)."""
    if not boards:
        return ()
    players = entered or [PlayerSheet(p.name, dict(p.entries)) for p in sheet.players]
    return check_boards(sheet.template, sheet.variant, players, boards)


def _board_columns(board: SeatBoard | None) -> tuple[str | None, str | None]:
    return (None, None) if board is None else (board.kind, board.text)


def result_columns(sheet: ScoredSheet) -> tuple[str | None, str | None, str | None]:
    """A play's result kind, outcome and modules as the play table keeps them."""
    rule = sheet.template.result
    modules = sheet.modules
    return (
        rule.kind if rule is not None else None,
        sheet.outcome,
        dump(list(modules)) if modules else None,
    )


def tiebreak_text(values: tuple[Number, ...]) -> str:
    """The tie-break list as ``dump`` writes it (whole numbers without the encoder)."""
    if not values:
        return "[]"
    for value in values:
        if type(value) is not int:
            return dump(list(values))
    return "[" + ",".join(map(str, values)) + "]"


def entries_text(readings: dict[str, Reading], blanks: dict[str, object]) -> str:
    """The entries as ``dump`` writes the object of non-blank values, key by key in sheet
    order. Line keys are plain (letters, digits, ``-`` and ``_``, see the loader), so
    they are written as they are; the common values are written without the encoder.

    The core hands the same reading object to every sheet with the same entry on a line
    (see ``Line.reading``), so each reading's part of the text is remembered."""
    parts = list(map(_PART_OF.get, map(id, readings.values())))
    if None in parts:  # a reading met for the first time (or one holding a dict)
        for n, (key, reading) in enumerate(readings.items()):
            if parts[n] is None:
                parts[n] = _part(key, reading, blanks[key])
    return "{" + ",".join(filter(None, parts)) + "}"


def _part(key: str, reading: Reading, blank: object) -> str:
    """A reading's part of the entries text ("" when blank), remembered when it can be:
    by the reading, or for a count with a rate (a new dict in each reading, see
    ``Line.read``) by its key, count, rate and blank."""
    value = reading.value
    rated = None
    if type(value) is dict:
        count, rate = value.get("count"), value.get("rate")
        if len(value) == 2 and type(count) is int and type(rate) is str:
            rated = (key, count, rate, next(iter(value)), _blank_key(blank))
            found = _RATED.get(rated)
            if found is not None:
                return found
    blank_here = value == blank and type(value) is type(blank)
    part = "" if blank_here else f'"{key}":{value_text(value)}'
    if len(_PART_OF) < PARTS_SIZE:
        if type(value) is not dict:
            _PARTS.append(reading)
            _PART_OF[id(reading)] = part
        elif rated is not None and rated[-1] is not _UNKEYED:
            _RATED[rated] = part
    return part


def _blank_key(blank: object) -> object:
    """A line's blank value as part of a key: None, or a count with a rate as its items."""
    if blank is None:
        return None
    if type(blank) is dict and all(type(v) in (int, str) for v in blank.values()):
        return tuple(blank.items())
    return _UNKEYED


_UNKEYED = object()
"""A blank of another form: the part is not remembered by value."""
_RATED: dict[tuple[object, ...], str] = {}


def _entries_with_sums(
    readings: dict[str, Reading], blanks: dict[str, object], sums: dict[str, object]
) -> str:
    """``entries_text`` with the entries typed as sums kept as typed."""
    kept: dict[str, object] = {}
    for key, reading in readings.items():
        if key in sums:
            kept[key] = sums[key]
            continue
        value, blank = reading.value, blanks[key]
        if not (value == blank and type(value) is type(blank)):
            kept[key] = value
    return dump(kept)


def typed_sums(given: Mapping[str, object], readings: Mapping[str, Reading]) -> dict[str, object]:
    """The entries of ``given`` that hold a sum typed as text ("3+6+2"), as they are to be
    stored: the sum's text (trimmed) where a number went, and the read value everywhere
    else in the entry (a per-round list, a pair, a count with a rate). A number typed as
    text ("12", "7,5") is no sum: it is stored as the number. Empty for the usual sheet,
    checked without a call for each whole number."""
    found: dict[str, object] = {}
    if _PLAIN_TYPES.issuperset(map(type, given.values())):
        return found  # whole numbers, yes/no and blanks only: no text, so no sum
    for key, raw in given.items():
        kind = type(raw)
        if kind is int or raw is None or kind is bool or key not in readings:
            continue
        if has_sum(raw):
            found[key] = _keep_sums(raw, readings[key].value)
    return found


def has_sum(raw: object) -> bool:
    """Whether an entry as stored or given holds a sum typed as text (a text's answer is
    remembered: a file repeats its few texts, a count's rate "start" on every seat)."""
    kind = type(raw)
    if kind is int or kind is bool or raw is None:
        return False
    if isinstance(raw, str):
        found = _SUMS.get(raw)
        if found is None:
            found = plain_number(raw) is None and looks_like_sum(raw)
            if len(_SUMS) < SUMS_KEPT:
                _SUMS[raw] = found
        return found
    if isinstance(raw, list | tuple):
        items: Iterable[object] = raw
    elif isinstance(raw, dict):
        items = raw.values()
    else:
        return False
    return any(type(item) is not int and has_sum(item) for item in items)


_PLAIN_TYPES = frozenset((int, bool, type(None)))
_SUMS: dict[str, bool] = {}
"""Whether a text holds a sum (``has_sum``), by the text."""
SUMS_KEPT = 10_000


def _keep_sums(raw: object, value: object) -> object:
    """``value`` (the entry as read) with each number that ``raw`` gave as a sum put back
    as the sum's text."""
    if isinstance(raw, str):
        return raw.strip() if has_sum(raw) else _plain(value)
    if isinstance(raw, list | tuple) and isinstance(value, list | tuple) and len(raw) == len(value):
        return [_keep_sums(r, v) for r, v in zip(raw, value, strict=True)]
    if isinstance(raw, dict) and isinstance(value, dict):
        return {k: _keep_sums(raw.get(k), v) for k, v in value.items()}
    return _plain(value)


def _plain(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


_PART_OF: dict[int, str] = {}
"""A reading's part of the entries text ("" when blank) by id(reading). The reading is
kept alive in ``_PARTS``, so no other object can take its id; a reading belongs to one
line of one template, so its key and blank never change. Never a reading holding a dict."""
_PARTS: list[Reading] = []
PARTS_SIZE = 20_000


def value_text(value: object) -> str:
    """One entry value exactly as ``dump`` writes it: whole numbers, yes/no, pairs and
    rated counts directly, anything else (halves) through the encoder. A rated count's
    dict is the core's, {"count", "rate"} in that order, and its rate is a template's
    rate id, as plain as a line key."""
    kind = type(value)
    if kind is int:
        return str(value)
    if kind is bool:
        return "true" if value else "false"
    if isinstance(value, tuple) and len(value) == 2:
        first, second = value
        if type(first) is int and type(second) is int:
            return f"[{first},{second}]"
    elif isinstance(value, dict) and len(value) == 2:
        count, rate = value.get("count"), value.get("rate")
        if type(count) is int and type(rate) is str and next(iter(value)) == "count":
            return f'{{"count":{count},"rate":"{rate}"}}'
    return dump(value)


def field_error(name: str, expected: str) -> StoreError:
    return StoreError("store.import_field", field=quote(name), expected=expected)


def play_from_json(
    raw: object, templates: dict[str, GameTemplate], form: DialectValues
) -> PlayRows:
    """One play of a Scorepad history file, scored and checked (totals must agree)."""
    if not isinstance(raw, dict):
        raise field_error("play", "an object")
    uid = _text(raw, "uid", required=True)
    assert uid is not None
    check_uid(uid)
    ref = raw.get("template")
    if not isinstance(ref, str) or ref not in templates:
        raise StoreError("store.import_template", value=quote(ref))
    people = raw.get("players")
    if not isinstance(people, list) or not all(isinstance(p, dict) for p in people):
        raise field_error("players", "a list of objects")
    rule = templates[ref].result
    teamed = rule is not None and rule.kind == "teams"
    hidden = [p.get("anonymous") is True for p in people]
    anonymous = True in hidden
    given_names = [name if isinstance(name := p.get("name"), str) else "" for p in people]
    with_teams = teamed or not raw.get("imported")
    sheets = [
        PlayerSheet(
            name,
            lines if isinstance(lines := p.get("lines"), dict) else {},
            tuple([_extra(e) for e in extra]) if (extra := p.get("extra")) else (),
            p.get("team") if with_teams else None,
        )
        for name, p in zip(
            seat_names(list(zip(given_names, hidden, strict=True))) if anonymous else given_names,
            people,
            strict=True,
        )
    ]
    imported = raw.get("imported")
    if imported is not None and not isinstance(imported, dict):
        raise field_error("imported", "an object")
    outcome = raw.get("outcome")
    sheet = score(
        templates[ref],
        raw.get("variant"),
        sheets,
        outcome="won" if imported and outcome == "mixed" else outcome,
        modules=raw.get("modules"),
    )
    blank = [False] * len(people)
    for n, (given, result) in enumerate(zip(people, sheet.players, strict=True)):
        if "total" not in given:
            continue
        if imported and given["total"] is None and result.total == 0:
            blank[n] = True  # an imported seat without a score (or one finer than a half)
        elif as_number(given["total"]) != result.total:
            raise StoreError(
                "store.import_total",
                player=result.name,
                given=dump(given["total"]),
                computed=dump(result.total),
            )
    details = check_details(
        PlayDetails(
            parse_when(raw.get("played_at")),
            _text(raw, "location"),
            raw.get("duration"),
            _text(raw, "notes"),
            _text(raw, "first_player"),
            tuple(p.get("colour") for p in people) if any("colour" in p for p in people) else (),
            parse_when(raw["started_at"]) if raw.get("started_at") is not None else None,
            _people_boards(people),
        )
    )
    created = parse_when(raw["created_at"]) if raw.get("created_at") else datetime.now()
    updated = parse_when(raw["updated_at"]) if raw.get("updated_at") else created
    rows = rows_of(sheet, details, uid, created, updated, form, sheets)
    if anonymous:
        rows = rows._replace(anonymous=tuple(n for n, h in enumerate(hidden) if h))
    if not imported and not raw.get("ignored"):
        return rows
    return _as_imported(raw, people, sheet, rows, form, blank, imported)


def _as_imported(
    raw: dict[str, Any],
    people: list[dict[str, Any]],
    sheet: ScoredSheet,
    rows: PlayRows,
    form: DialectValues,
    blank: list[bool],
    imported: dict[str, Any] | None,
) -> PlayRows:
    """A play of a history file that was imported (or left out of statistics) as the
    file has it: the source's winners and ranks, teams, roles and scores as typed."""
    play_values: dict[int, object] = {IGNORED_AT: True if raw.get("ignored") else None}
    if not imported:
        return amended(rows, form, play_values=play_values)
    given = []
    for person, result in zip(people, sheet.players, strict=True):
        rank, won = person.get("rank", result.rank), person.get("winner", result.winner)
        if isinstance(rank, bool) or not isinstance(rank, int) or not isinstance(won, bool):
            raise field_error("rank", "a whole number, with winner true or false")
        given.append((rank, won))
    changed = any(g != (p.rank, p.winner) for g, p in zip(given, sheet.players, strict=True))
    play_values[IMPORTED_AT] = dump(imported)
    play_values[BGG_PLAY_AT] = bgg_play_of(imported)
    if changed:
        play_values[DECIDED_AT] = "given"
    kind = raw.get("result_kind")
    if kind in ("teams", "cooperative"):
        play_values[KIND_AT] = kind
    if raw.get("outcome") == "mixed":
        play_values[OUTCOME_AT] = "mixed"
    texts = []
    for person in people:
        text = person.get("score_text")
        if text is not None and not isinstance(text, str):
            raise field_error("score_text", "text")
        texts.append(text)
    roles = []
    for person in people:
        role = person.get("role")
        if role is not None and not isinstance(role, str):
            raise field_error("role", "text")
        roles.append(role)
    teams = [p.get("team") if isinstance(p.get("team"), str) else None for p in people]
    return amended(
        rows,
        form,
        blank=blank,
        given=given,
        seat_values={SEAT_TEAM: teams, SEAT_ROLE: roles, SEAT_TEXT: texts},
        play_values=play_values,
    )


SEAT_TEAM, SEAT_ROLE, SEAT_TEXT = 5, 9, 10
"""Places in a seat's tuple (``PlayRows.seats``) of the team, role and score as typed."""
DECIDED_AT = PLAY_FIELDS.index("decided_by")
WINNING_AT = PLAY_FIELDS.index("winning_total_halves")
KIND_AT = PLAY_FIELDS.index("result_kind")
OUTCOME_AT = PLAY_FIELDS.index("outcome")
BGG_PLAY_AT = PLAY_FIELDS.index("bgg_play_id")


def bgg_play_of(imported: Mapping[str, Any] | None) -> int | None:
    """An imported play's BoardGameGeek play id: BG Stats' ``bggId`` kept with the play
    (a BGG plays file gives its plays the same field), when it is a positive whole number."""
    kept = imported.get("bgs") if imported else None
    found = kept.get("bggId") if isinstance(kept, Mapping) else None
    if isinstance(found, bool) or not isinstance(found, int) or not 0 < found < 2**62:
        return None
    return found


def amended(
    rows: PlayRows,
    form: DialectValues,
    *,
    blank: Sequence[bool] = (),
    given: Sequence[tuple[int, bool]] = (),
    seat_values: Mapping[int, Sequence[object]] = {},
    play_values: Mapping[int, object] = {},
    anonymous: tuple[int, ...] | None = None,
) -> PlayRows:
    """``rows`` with what the source says beyond the sheet: seats without a score
    (``blank``), each seat's (rank, winner) as given, seat columns by their place in the
    seat's tuple (``seat_values``: per place, one value per seat), play columns by
    their place (``play_values``) and the anonymous seats (``anonymous``, when given).
    The winning total follows the winners given."""
    yes, no = form.yes, form.no
    columns = tuple(seat_values.items())
    blanks = len(blank)
    seats = []
    for n, old in enumerate(rows.seats):
        seat = list(old)
        if n < blanks and blank[n]:
            seat[0] = None
        if given:
            rank, won = given[n]
            seat[1], seat[2] = rank, yes if won else no
        for at, values in columns:
            seat[at] = values[n]
        seats.append(tuple(seat))
    play = list(rows.play)
    if given or blank:
        play[WINNING_AT] = next((s[0] for s in seats if s[2] == yes and s[0] is not None), None)
    for at, value in play_values.items():
        play[at] = value
    return PlayRows(
        rows.uid,
        tuple(play),
        rows.names,
        tuple(seats),
        rows.extras,
        rows.anonymous if anonymous is None else anonymous,
    )


def _people_boards(people: list[dict[str, Any]]) -> tuple[dict[str, object] | None, ...]:
    """Each player's board fields in a history file ("wall", "side"), or none at all
    (a file without boards, older or not, reads the same)."""
    fields = _board_field_set()
    if all(map(fields.isdisjoint, people)):  # the usual play: no seat has a board
        return ()
    found = tuple(board_fields(p) for p in people)
    return found if any(found) else ()


_BOARD_FIELDS: list[frozenset[str]] = []


def _board_field_set() -> frozenset[str]:
    """Every player field a board is read from (``boards.kept_fields``), worked out once."""
    if not _BOARD_FIELDS:
        _BOARD_FIELDS.append(frozenset(kept_fields()))
    return _BOARD_FIELDS[0]


def _extra(raw: object) -> ExtraLine:
    if not isinstance(raw, dict):
        raise field_error("extra", "a list of objects")
    label = raw.get("label")
    return ExtraLine(label if isinstance(label, str) else "", raw.get("points"))  # type: ignore[arg-type]


def _text(raw: dict[str, Any], name: str, *, required: bool = False) -> str | None:
    value = raw.get(name)
    if value is None and not required:
        return None
    if not isinstance(value, str) or (required and not value.strip()):
        raise field_error(name, "text")
    return value
