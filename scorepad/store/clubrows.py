"""Game nights' marks and seasons in the history (revision 0016), and in its JSON file.

A history file carries them in its head, before the plays (``jsonfile``)::

    "nights": [{"play": "<play uid>", "name": "Ana's birthday" (optional),
                "cut": "split" | "merge" (optional)}, …],
    "seasons": [{"uid", "name", "first_day": "2024-03-01", "last_day": "2024-05-31"}, …],

Importing takes each mark and season the history lacks (by play uid, by season uid) and
keeps those it holds, as plays already held are kept: importing a file twice changes
nothing. Every entry is checked first; a bad one names the file, the entry and the field,
and nothing of the file is imported.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import date
from typing import Any

from sqlalchemy import Connection, delete, insert, select, update

import scorepad.store.models as m
from scorepad.club.nights import NAME_LENGTH, NightMark
from scorepad.club.seasons import Season, check_season
from scorepad.core import ScorepadError
from scorepad.core.errors import quote
from scorepad.store.errors import StoreError, record_error
from scorepad.store.rows import field_error

nm, se = m.night_mark, m.season
CUTS = {"split": True, "merge": False}
UID_LENGTH = 64


# --- the history ------------------------------------------------------------------------------
def read_marks(conn: Connection) -> dict[str, NightMark]:
    rows = conn.execute(select(nm.c.play_uid, nm.c.name, nm.c.cut))
    return {uid: NightMark(name, None if cut is None else bool(cut)) for uid, name, cut in rows}


def write_marks(conn: Connection, changes: Mapping[str, NightMark]) -> None:
    """Each play's mark as given (an empty mark forgets the play's)."""
    for uid, mark in changes.items():
        conn.execute(delete(nm).where(nm.c.play_uid == uid))
        if not mark.empty:
            conn.execute(insert(nm).values(play_uid=uid, name=mark.name, cut=mark.cut))


def read_seasons(conn: Connection) -> list[Season]:
    """Every season, the earliest first."""
    rows = conn.execute(
        select(se.c.uid, se.c.name, se.c.first_day, se.c.last_day).order_by(
            se.c.first_day, se.c.last_day, se.c.id
        )
    )
    return [Season(uid, name, _day(first), _day(last)) for uid, name, first, last in rows]


def save_season(conn: Connection, season: Season) -> None:
    """Add ``season``, or change the one with its uid."""
    values = {"name": season.name, "first_day": season.first_day, "last_day": season.last_day}
    done = conn.execute(update(se).where(se.c.uid == season.uid).values(**values))
    if not done.rowcount:
        conn.execute(insert(se).values(uid=season.uid, **values))


def delete_season(conn: Connection, uid: str) -> None:
    if not conn.execute(delete(se).where(se.c.uid == uid)).rowcount:
        raise StoreError("seasons.unknown", season=quote(uid))


def _day(value: object) -> date:
    """A day as the driver gives it (SQLite may give text)."""
    return value if isinstance(value, date) else date.fromisoformat(str(value))


# --- the history file -----------------------------------------------------------------------
def club_head(conn: Connection) -> str:
    """The file's ``nights`` and ``seasons`` members, each on its own lines, with the
    commas around them (written between the templates and the plays)."""
    marks = []
    for uid, mark in sorted(read_marks(conn).items()):
        item: dict[str, Any] = {"play": uid}
        if mark.name is not None:
            item["name"] = mark.name
        if mark.cut is not None:
            item["cut"] = "split" if mark.cut else "merge"
        marks.append(_dump(item))
    seasons = [
        _dump(
            {
                "uid": s.uid,
                "name": s.name,
                "first_day": s.first_day.isoformat(),
                "last_day": s.last_day.isoformat(),
            }
        )
        for s in read_seasons(conn)
    ]
    return f'\n "nights": [{_lines(marks)}],\n "seasons": [{_lines(seasons)}],'


def _lines(items: list[str]) -> str:
    return "".join(f"\n  {item}," for item in items)[:-1] + "\n " if items else ""


def _dump(item: Mapping[str, Any]) -> str:
    return json.dumps(item, ensure_ascii=False, separators=(", ", ": "))


def take_club(conn: Connection, head: Mapping[str, Any], source: str) -> None:
    """The marks and seasons of a file's head that the history lacks (see the module's
    doc); a bad entry raises, naming it."""
    marks = [
        _mark(raw, source, f"nights[{n}]") for n, raw in enumerate(_list(head, "nights", source))
    ]
    seasons = [
        _season(raw, source, f"seasons[{n}]")
        for n, raw in enumerate(_list(head, "seasons", source))
    ]
    held = set(conn.execute(select(nm.c.play_uid)).scalars())
    for uid, mark in marks:
        if uid not in held and not mark.empty:
            conn.execute(insert(nm).values(play_uid=uid, name=mark.name, cut=mark.cut))
            held.add(uid)
    known = set(conn.execute(select(se.c.uid)).scalars())
    for season in seasons:
        if season.uid not in known:
            save_season(conn, season)
            known.add(season.uid)


def _list(head: Mapping[str, Any], key: str, source: str) -> list[Any]:
    found = head.get(key, [])
    if not isinstance(found, list):
        raise record_error(source, key, field_error(key, "a list"))
    return found


def _uid(raw: Mapping[str, Any], key: str) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or not value or len(value) > UID_LENGTH:
        raise field_error(key, f"a text of 1 to {UID_LENGTH} characters")
    return value


def _mark(raw: object, source: str, record: str) -> tuple[str, NightMark]:
    try:
        if not isinstance(raw, dict):
            raise field_error("nights", "a list of objects")
        for key in raw:
            if key not in ("play", "name", "cut"):
                raise field_error(key, "play, name or cut (no other field)")
        uid = _uid(raw, "play")
        name = raw.get("name")
        if name is not None and (not isinstance(name, str) or not 0 < len(name) <= NAME_LENGTH):
            raise field_error("name", f"a text of 1 to {NAME_LENGTH} characters")
        cut = raw.get("cut")
        if cut is not None and cut not in CUTS:
            raise field_error("cut", '"split" or "merge"')
        return uid, NightMark(name, None if cut is None else CUTS[cut])
    except ScorepadError as problem:
        raise record_error(source, record, problem) from None


def _season(raw: object, source: str, record: str) -> Season:
    try:
        if not isinstance(raw, dict):
            raise field_error("seasons", "a list of objects")
        for key in raw:
            if key not in ("uid", "name", "first_day", "last_day"):
                raise field_error(key, "uid, name, first_day or last_day (no other field)")
        name = raw.get("name")
        if not isinstance(name, str):
            raise field_error("name", "a text")
        return check_season(_uid(raw, "uid"), name, raw.get("first_day"), raw.get("last_day"))
    except ScorepadError as problem:
        raise record_error(source, record, problem) from None
