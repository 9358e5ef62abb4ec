"""A scored play turned into the rows the history stores, with no database in sight.

Kept free of SQLAlchemy so that import workers in other processes can score plays and
hand back ``PlayRows`` cheaply; the database side only adds ids and inserts.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any, NamedTuple

from scorepad.core import ExtraLine, GameTemplate, PlayerSheet, ScoredSheet, score
from scorepad.core.errors import quote
from scorepad.core.numbers import as_number
from scorepad.core.plaintext import LINE_BREAKS, plain_problem
from scorepad.store.messages import StoreError
from scorepad.store.values import check_uid, dump, parse_when, to_halves


class PlayDetails(NamedTuple):
    """What a play records besides the sheet."""

    played_at: datetime
    location: str | None = None
    duration: int | None = None
    notes: str | None = None


class SeatRows(NamedTuple):
    name: str
    total_halves: int
    rank: int
    winner: bool
    tiebreak: str
    entries: str
    """JSON object of the entries in stored form; lines left blank are left out."""
    extra: list[tuple[str, int]]
    """(label, half-points) of each by-hand line."""


class PlayRows(NamedTuple):
    """Named tuples rather than dataclasses: import helpers send these between processes,
    and a tuple pickles several times faster than a slotted dataclass."""

    uid: str
    game: str
    variant: str | None
    details: PlayDetails
    created_at: datetime
    updated_at: datetime
    decided_by: str
    winning_halves: int | None
    seats: list[SeatRows]
    template: GameTemplate | None = None
    """The template scored with; None while the rows travel between processes."""


def new_uid() -> str:
    return uuid.uuid4().hex


MAX_DURATION = 100_000
"""Minutes (over two months): past it a duration is a typing slip, not a play."""


def check_details(details: PlayDetails) -> PlayDetails:
    duration = details.duration
    if duration is not None and (
        isinstance(duration, bool)
        or not isinstance(duration, int)
        or not 0 <= duration <= MAX_DURATION
    ):
        raise StoreError("store.bad_duration", value=quote(duration), limit=MAX_DURATION)
    for field, text, allow in (
        ("location", details.location, ""),
        ("notes", details.notes, LINE_BREAKS),
    ):
        problem = plain_problem(text, allow=allow) if isinstance(text, str) else None
        if problem is not None:
            raise StoreError("store.bad_text", field=field, problem=problem)
    return PlayDetails(details.played_at, _blank(details.location), duration, _blank(details.notes))


def _blank(text: str | None) -> str | None:
    return text.strip() or None if isinstance(text, str) else None


_BLANKS: dict[int, tuple[GameTemplate, dict[str, object]]] = {}


def _blanks(template: GameTemplate) -> dict[str, object]:
    """Each line's blank value; the template is kept alive with it so ids stay unique."""
    found = _BLANKS.get(id(template))
    if found is None:
        found = (template, {line.key: line.empty().value for line in template.lines})
        _BLANKS[id(template)] = found
    return found[1]


def rows_of(
    sheet: ScoredSheet,
    details: PlayDetails,
    uid: str,
    created_at: datetime,
    updated_at: datetime,
) -> PlayRows:
    blanks = _blanks(sheet.template)
    seats = []
    winning: int | None = None
    for p in sheet.players:
        total = to_halves(p.total)
        if p.winner and winning is None:
            winning = total
        seats.append(
            SeatRows(
                p.name,
                total,
                p.rank,
                p.winner,
                dump(list(p.tiebreak)) if p.tiebreak else "[]",
                dump(
                    {
                        key: r.value
                        for key, r in p.readings.items()
                        if r.value != blanks[key] or type(r.value) is not type(blanks[key])
                    }
                ),
                [(e.label, to_halves(e.points)) for e in p.extra],
            )
        )
    return PlayRows(
        uid,
        sheet.template.id,
        sheet.variant,
        details,
        created_at,
        updated_at,
        sheet.decided_by,
        winning,
        seats,
        sheet.template,
    )


def field_error(name: str, expected: str) -> StoreError:
    return StoreError("store.import_field", field=quote(name), expected=expected)


def play_from_json(raw: object, templates: dict[str, GameTemplate]) -> PlayRows:
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
    sheets = [
        PlayerSheet(
            p.get("name") if isinstance(p.get("name"), str) else "",
            p.get("lines") if isinstance(p.get("lines"), dict) else {},
            tuple(_extra(e) for e in p.get("extra") or []),
        )
        for p in people
    ]
    sheet = score(templates[ref], raw.get("variant"), sheets)
    for given, result in zip(people, sheet.players, strict=True):
        if "total" in given and as_number(given["total"]) != result.total:
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
        )
    )
    created = parse_when(raw["created_at"]) if raw.get("created_at") else datetime.now()
    updated = parse_when(raw["updated_at"]) if raw.get("updated_at") else created
    return rows_of(sheet, details, uid, created, updated)


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
