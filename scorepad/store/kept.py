"""What a history keeps beside its plays, in its JSON file: its own settings
(``store.settings``: ratings on or off, the gap that ends a game night, points per place,
…) and its players' own fields (the choice to stay out of the ratings, revision 0017;
the BG Stats uuid and BoardGameGeek user name an import gave them).

A history file carries them in its head, before the plays (``jsonfile``)::

    "settings": {"<key>": <value>, …},
    "players": [{"name": "Ana", "rating_out": true (optional),
                 "bgs_uuid": "…", "bgg_username": "…" (optional),
                 "anonymous": true (only for the hidden anonymous player)}, …],

Every player is listed (the anonymous one only when it has an id to keep), so a file
says of each of its players whether they are rated.

Importing never overwrites what the history holds: a setting the history lacks is
taken from the file, one it holds keeps the history's value, and the report names each
setting whose value differs (``Kept.settings_kept``); a player the history lacks comes
with the file's fields, one it holds keeps its own choice about the ratings and its own
ids (an id it lacks is filled in), and the report names each difference. Older files
without these members import as before. Every entry is checked before anything is
written (a setting as ``Store.set_setting`` checks it: no floats); a bad one names the
file, the entry and the field, and nothing of the file is imported.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, insert, select, update

import scorepad.store.models as m
from scorepad.core import ScorepadError
from scorepad.store.errors import record_error
from scorepad.store.rows import field_error
from scorepad.store.settings import checked_setting, settings_in
from scorepad.store.values import clean_name, name_key, shown
from scorepad.store.writes import ANONYMOUS, anonymous_id

UUID_LENGTH = 64
IDS = ("bgs_uuid", "bgg_username")
"""A player's ids from other apps, filled in where the history has none."""


@dataclass(slots=True)
class Kept:
    """What an import did with a file's settings and players' fields (the import's
    report): keys taken, and each difference where the history's own stayed."""

    settings_added: list[str] = field(default_factory=list)
    settings_kept: list[tuple[str, str, str]] = field(default_factory=list)
    """(key, the history's value, the file's value), values as JSON text."""
    players_kept: list[tuple[str, str, str, str]] = field(default_factory=list)
    """(player, field, the history's, the file's): "rating_out" with "out"/"rated",
    or an id (``IDS``) with its two values."""


# --- the history file -----------------------------------------------------------------------
def kept_head(conn: Connection) -> str:
    """The file's ``settings`` and ``players`` members, with the commas after them
    (written after the seasons, before the plays)."""
    settings = settings_in(conn)
    inner = ",".join(f"\n  {_dump(key)}: {_dump(value)}" for key, value in settings.items())
    p = m.player
    rows = conn.execute(
        select(p.c.name, p.c.name_key, p.c.rating_out, p.c.bgs_uuid, p.c.bgg_username).order_by(
            p.c.name_key
        )
    )
    people = []
    for name, key, out, bgs, username in rows:
        item: dict[str, Any] = {"name": name}
        if key == ANONYMOUS:
            if not (bgs or username):
                continue
            item["anonymous"] = True
        if out:
            item["rating_out"] = True
        if bgs:
            item["bgs_uuid"] = bgs
        if username:
            item["bgg_username"] = username
        people.append(f"\n  {_dump(item)}")
    listed = ",".join(people)
    return (
        f'\n "settings": {{{inner}{chr(10) + " " if inner else ""}}},'
        f'\n "players": [{listed}{chr(10) + " " if listed else ""}],'
    )


def _dump(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


@dataclass(frozen=True, slots=True)
class _Person:
    name: str
    key: str
    out: bool
    ids: dict[str, str]


def take_kept(conn: Connection, head: Mapping[str, Any], source: str, kept: Kept | None) -> None:
    """The settings and players' fields of a file's head, as the module's doc says;
    ``kept`` is told what was taken and what differed."""
    report = kept if kept is not None else Kept()
    settings = _settings(head, source)
    people = _people(head, source)
    held = settings_in(conn)
    for key, (value, text) in settings.items():
        if key not in held:
            conn.execute(insert(m.history_setting).values(key=key, value=text))
            report.settings_added.append(key)
        elif held[key] != value:
            report.settings_kept.append((key, _dump(held[key]), _dump(value)))
    if people:
        _take_people(conn, people, report)


def _settings(head: Mapping[str, Any], source: str) -> dict[str, tuple[Any, str]]:
    found = head.get("settings", {})
    if not isinstance(found, dict):
        raise record_error(source, "settings", field_error("settings", "an object"))
    checked: dict[str, tuple[Any, str]] = {}
    for key, value in found.items():
        if value is None:  # nothing kept under it: the default applies
            continue
        try:
            checked[key] = (value, checked_setting(key, value))
        except ScorepadError as problem:
            raise record_error(source, f"settings.{shown(key)}", problem) from None
    return checked


def _people(head: Mapping[str, Any], source: str) -> list[_Person]:
    found = head.get("players", [])
    if not isinstance(found, list):
        raise record_error(source, "players", field_error("players", "a list"))
    people: list[_Person] = []
    seen: set[str] = set()
    for n, raw in enumerate(found):
        try:
            person = _person(raw)
            if person.key in seen:
                raise field_error("name", "a player not listed before")
        except ScorepadError as problem:
            raise record_error(source, f"players[{n}]", problem) from None
        seen.add(person.key)
        people.append(person)
    return people


FIELDS = frozenset({"name", "anonymous", "rating_out", *IDS})
"""A player's fields in the file (another is refused, as a night's mark's is)."""


def _person(raw: object) -> _Person:
    if not isinstance(raw, dict):
        raise field_error("player", "an object")
    for key in raw:
        if key not in FIELDS:
            raise field_error(
                key, "name, anonymous, rating_out, bgs_uuid or bgg_username (no other field)"
            )
    anonymous = raw.get("anonymous", False)
    if not isinstance(anonymous, bool):
        raise field_error("anonymous", "true or false")
    name = raw.get("name")
    if not isinstance(name, str):
        raise field_error("name", "a text")
    name = name if anonymous else clean_name(name)
    out = raw.get("rating_out", False)
    if not isinstance(out, bool):
        raise field_error("rating_out", "true or false")
    ids: dict[str, str] = {}
    for key in IDS:
        value = raw.get(key)
        if value is None:
            continue
        if not isinstance(value, str) or not value.strip():
            raise field_error(key, "a text")
        if key == "bgs_uuid" and len(value) > UUID_LENGTH:
            raise field_error(key, f"a text of 1 to {UUID_LENGTH} characters")
        ids[key] = value
    return _Person(name, ANONYMOUS if anonymous else name_key(name), out and not anonymous, ids)


def _take_people(conn: Connection, people: list[_Person], report: Kept) -> None:
    p = m.player
    held = {
        row.name_key: row
        for row in conn.execute(
            select(p.c.id, p.c.name, p.c.name_key, p.c.rating_out, p.c.bgs_uuid, p.c.bgg_username)
        )
    }
    new = [
        {
            "name": person.name,
            "name_key": person.key,
            "created_at": datetime.now(),
            "rating_out": True if person.out else None,
            **{key: person.ids.get(key) for key in IDS},  # every row every column
        }
        for person in people
        if person.key not in held and person.key != ANONYMOUS
    ]
    if new:
        conn.execute(insert(p), new)
    for person in people:
        row = held.get(person.key)
        if person.key == ANONYMOUS and row is None and person.ids:
            made = anonymous_id(conn)
            conn.execute(update(p).where(p.c.id == made).values(**person.ids))
            continue
        if row is None:
            continue
        shown = row.name if person.key != ANONYMOUS else person.name
        if person.key != ANONYMOUS and bool(row.rating_out) != person.out:
            here, there = ("out", "rated") if row.rating_out else ("rated", "out")
            report.players_kept.append((shown, "rating_out", here, there))
        missing = {}
        for key, value in person.ids.items():
            mine = getattr(row, key)
            if mine is None:
                missing[key] = value
            elif mine != value:
                report.players_kept.append((shown, key, mine, value))
        if missing:
            conn.execute(update(p).where(p.c.id == row.id).values(**missing))


# --- the report -----------------------------------------------------------------------------
Say = Callable[..., str]
"""A message by key and fields, in the reader's language (``tr`` bound to a language,
or a screen's ``t``)."""


def kept_lines(
    settings_added: tuple[str, ...],
    settings_kept: tuple[tuple[str, str, str], ...],
    players_kept: tuple[tuple[str, str, str, str], ...],
    say: Say,
) -> list[str]:
    """The import report's lines about the settings and players' fields."""
    lines = []
    if settings_added:
        keys = ", ".join(settings_added)
        lines.append(say("store.import_settings_added", count=len(settings_added), keys=keys))
    for key, here, there in settings_kept:
        lines.append(say("store.import_setting_kept", setting=key, here=here, there=there))
    for name, what, here, there in players_kept:
        if what == "rating_out":
            message = (
                "store.import_rating_kept_out" if here == "out" else "store.import_rating_kept_in"
            )
            lines.append(say(message, name=name))
        else:
            lines.append(
                say("store.import_player_id_kept", name=name, field=what, here=here, there=there)
            )
    return lines
