"""What a history keeps beside its plays, in its JSON file: its own settings
(``store.settings``: ratings on or off, the gap that ends a game night, points per place,
…), its players' own fields (the choice to stay out of the ratings, revision 0017; the
BG Stats uuid and BoardGameGeek user name an import gave them), the records a BG Stats
import keeps to write back (``source_object``: its games, played or not, locations and
anonymous player, with their uuids and fields) and the collection (``collection_item``:
a BoardGameGeek collection export's entries, games added by hand).

A history file carries them in its head, before the plays (``jsonfile``)::

    "settings": {"<key>": <value>, …},
    "players": [{"name": "Ana", "rating_out": true (optional),
                 "bgs_uuid": "…", "bgg_username": "…" (optional),
                 "anonymous": true (only for the hidden anonymous player)}, …],
    "sources": [{"kind": "game" | "location" | "player", "uuid", "name",
                 "game": "<the Scorepad game it went to>" | null, "data": {…}}, …],
    "collection": [{"collid", "bgg_id", "name", "owned", "wishlist",
                    "wishlist_priority", "plays", "data": {…}, "imported_at"}, …],

Every player is listed (the anonymous one only when it has an id to keep), so a file
says of each of its players whether they are rated.

Importing never overwrites what the history holds: a setting the history lacks is
taken from the file, one it holds keeps the history's value, and the report names each
setting whose value differs (``Kept.settings_kept``); a player the history lacks comes
with the file's fields, one it holds keeps its own choice about the ratings and its own
ids (an id it lacks is filled in), and the report names each difference. A source's
record and a collection entry the history lacks (by kind and uuid, by entry id) are
added once the plays are written; those it holds stay as they are, as its nights' marks
do. Older files without these members import as before. Every entry is checked before anything is
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
from scorepad.store.values import clean_name, dump, iso, load, name_key, parse_when, shown
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
    later: list[Callable[[Connection], None]] = field(default_factory=list)
    """What is written once the plays are (their games then exist): ``finish``."""

    def finish(self, conn: Connection) -> None:
        for work in self.later:
            work(conn)
        self.later.clear()


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
        f'\n "sources": [{_lines(_sources_out(conn))}],'
        f'\n "collection": [{_lines(_collection_out(conn))}],'
    )


def _lines(items: list[str]) -> str:
    return ",".join(f"\n  {item}" for item in items) + ("\n " if items else "")


def _sources_out(conn: Connection) -> list[str]:
    so, g = m.source_object, m.game
    rows = conn.execute(
        select(so.c.kind, so.c.uuid, so.c.name, g.c.key, so.c.data)
        .outerjoin(g, g.c.id == so.c.game_id)
        .order_by(so.c.kind, so.c.uuid)
    )
    return [
        dump({"kind": kind, "uuid": uid, "name": name, "game": key, "data": load(data)})
        for kind, uid, name, key, data in rows
    ]


def _collection_out(conn: Connection) -> list[str]:
    c = m.collection_item
    return [
        dump(
            {
                "collid": row.collid,
                "bgg_id": int(row.bgg_id),
                "name": row.name,
                "owned": bool(row.owned),
                "wishlist": bool(row.wishlist),
                "wishlist_priority": row.wishlist_priority,
                "plays": int(row.plays),
                "data": load(row.data),
                "imported_at": iso(row.imported_at),
            }
        )
        for row in conn.execute(select(c).order_by(c.c.collid))
    ]


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
    sources = _each(head, "sources", source, _source)
    collection = _each(head, "collection", source, _entry)
    held = settings_in(conn)
    for key, (value, text) in settings.items():
        if key not in held:
            conn.execute(insert(m.history_setting).values(key=key, value=text))
            report.settings_added.append(key)
        elif held[key] != value:
            report.settings_kept.append((key, _dump(held[key]), _dump(value)))
    if people:
        _take_people(conn, people, report)
    if sources or collection:
        report.later.append(lambda c: _take_records(c, sources, collection))
    if kept is None:
        report.finish(conn)


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


SOURCE_KINDS = ("game", "location", "player")
SOURCE_FIELDS = ("kind", "uuid", "name", "game", "data")
ENTRY_FIELDS = (
    "collid",
    "bgg_id",
    "name",
    "owned",
    "wishlist",
    "wishlist_priority",
    "plays",
    "data",
    "imported_at",
)
MAX_BGG_ID = 2**62


def _each(
    head: Mapping[str, Any], key: str, source: str, read: Callable[[object], dict[str, Any]]
) -> list[dict[str, Any]]:
    found = head.get(key, [])
    if not isinstance(found, list):
        raise record_error(source, key, field_error(key, "a list"))
    items = []
    for n, raw in enumerate(found):
        try:
            items.append(read(raw))
        except ScorepadError as problem:
            raise record_error(source, f"{key}[{n}]", problem) from None
    return items


def _fields(raw: object, what: str, known: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise field_error(what, "an object")
    for key in raw:
        if key not in known:
            raise field_error(key, ", ".join(known) + " (no other field)")
    return raw


def _text(raw: Mapping[str, Any], key: str, most: int | None = None) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or (most is not None and not 0 < len(value) <= most):
        raise field_error(key, "a text" if most is None else f"a text of 1 to {most} characters")
    return value


def _data(raw: Mapping[str, Any]) -> str:
    value = raw.get("data")
    if not isinstance(value, dict):
        raise field_error("data", "an object")
    return dump(value)


def _source(raw: object) -> dict[str, Any]:
    item = _fields(raw, "sources", SOURCE_FIELDS)
    kind = item.get("kind")
    if kind not in SOURCE_KINDS:
        raise field_error("kind", '"game", "location" or "player"')
    game = item.get("game")
    if game is not None and not isinstance(game, str):
        raise field_error("game", "a game's id, or null")
    return {
        "kind": kind,
        "uuid": _text(item, "uuid", UUID_LENGTH),
        "name": _text(item, "name"),
        "game": game,
        "data": _data(item),
    }


def _whole(raw: Mapping[str, Any], key: str, low: int, high: int, none: bool = False) -> int | None:
    value = raw.get(key)
    if value is None and none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise field_error(
            key, f"a whole number from {low} to {high}" + (", or null" if none else "")
        )
    return value


def _truth(raw: Mapping[str, Any], key: str) -> bool:
    value = raw.get(key)
    if not isinstance(value, bool):
        raise field_error(key, "true or false")
    return value


def _entry(raw: object) -> dict[str, Any]:
    item = _fields(raw, "collection", ENTRY_FIELDS)
    try:
        imported_at = parse_when(item.get("imported_at"))
    except ScorepadError:
        raise field_error("imported_at", "a date and time") from None
    return {
        "collid": _text(item, "collid", UUID_LENGTH),
        "bgg_id": _whole(item, "bgg_id", 0, MAX_BGG_ID),
        "name": _text(item, "name"),
        "owned": _truth(item, "owned"),
        "wishlist": _truth(item, "wishlist"),
        "wishlist_priority": _whole(item, "wishlist_priority", 0, 10**6, none=True),
        "plays": _whole(item, "plays", 0, 2**31 - 1),
        "data": _data(item),
        "imported_at": imported_at,
    }


def _take_records(
    conn: Connection, sources: list[dict[str, Any]], collection: list[dict[str, Any]]
) -> None:
    """The source's records and collection entries the history lacks (the plays are
    written: the games they name exist)."""
    so, c = m.source_object, m.collection_item
    held = {(k, u) for k, u in conn.execute(select(so.c.kind, so.c.uuid))}
    games = {k: i for k, i in conn.execute(select(m.game.c.key, m.game.c.id))}
    for item in sources:
        key = (item["kind"], item["uuid"])
        if key not in held:
            game = games.get(item["game"]) if item["game"] is not None else None
            values = {k: item[k] for k in ("kind", "uuid", "name", "data")}
            conn.execute(insert(so).values(**values, game_id=game))
            held.add(key)
    entries = set(conn.execute(select(c.c.collid)).scalars())
    for entry in collection:
        if entry["collid"] not in entries:
            conn.execute(insert(c).values(**entry))
            entries.add(entry["collid"])


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
