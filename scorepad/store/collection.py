"""The games a group owns: its collection, from three sources, one list.

- A BoardGameGeek collection export (``bggread``): its entries marked owned.
- BG Stats' game list, kept by that import (``source_object`` rows of kind "game"): its
  base games, expansions left out, and those whose copies the file lists with none owned.
- Games added by hand: a ``collection_item`` row like an export's (``collid``
  "hand-<BGG id>", owned), its players, playing time and weight kept in ``data`` under
  the export's own column names (``minplayers``, ``maxplayers``, ``minplaytime``,
  ``maxplaytime``, ``avgweight``) with ``"added": "by hand"``: one reader for both.
  The table needs a BGG id for every entry, so a game added by hand gives one.

Removing a game by hand deletes its ``collection_item`` row (a later import of the same
export brings it back); a BG Stats game is not deleted (an export to BG Stats writes the
list back as it came) but its key joins the history's setting ``collection_removed``.

Each entry is a plain dict (``scorepad collection --json``): ``collid`` (the entry's key:
BGG's entry id, "hand-<id>" or "bgs-<uuid>"), ``source`` ("bgg", "hand", "bgstats"),
``bgg_id`` (None when unknown), ``name``, ``game`` (the catalogue's or the user's game it
is, when known), ``players`` and ``minutes`` ([low, high] or None), ``weight`` (text,
exact, or None), ``owned``, ``wishlist`` (and ``wishlist_priority``) and ``plays``
(BGG's count; None elsewhere), and ``collids`` and ``sources``: every entry listed as
this one game (``merged``: a BGG export's entry and BG Stats' game of the same name
without a BGG id, two copies of one BGG id, …) and their sources.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from sqlalchemy import Connection, delete, select

import scorepad.store.models as m
from scorepad.core.errors import quote
from scorepad.core.finding import fold
from scorepad.core.game_facts import MAX_MINUTES, MAX_PLAYERS, WEIGHT_HIGH, WEIGHT_LOW
from scorepad.core.game_index import GameEntry
from scorepad.store.errors import StoreError
from scorepad.store.games import app_entries
from scorepad.store.settings import write_setting

REMOVED = "collection_removed"
"""The history setting listing the BG Stats games removed from the collection by hand."""
BY_HAND = "by hand"
HAND = "hand-"
BGS = "bgs-"
MAX_NAME = 200
MAX_BGG_ID = 2**62


def owned_games(
    conn: Connection, entries: Mapping[str, GameEntry], removed: list[str]
) -> list[dict[str, Any]]:
    """The collection, by name (module doc); ``entries``: the games the app knows (their
    listing, no file read), to tell which one an entry is (by BGG id, else by name)."""
    by_bgg: dict[int, str] = {}
    by_name: dict[str, str] = {}
    for key, entry in entries.items():
        if entry.bgg_id is not None:
            by_bgg.setdefault(entry.bgg_id, key)
        for name in entry.name.values():
            by_name.setdefault(fold(name), key)
    found: list[dict[str, Any]] = []
    table = m.collection_item
    for row in conn.execute(select(table).order_by(table.c.name, table.c.collid)):
        data = json.loads(row.data)
        bgg = int(row.bgg_id)
        found.append(
            {
                "collid": row.collid,
                "source": "hand" if data.get("added") == BY_HAND else "bgg",
                "bgg_id": bgg,
                "name": row.name,
                "game": by_bgg.get(bgg) or by_name.get(fold(row.name)),
                "players": _span(data.get("minplayers"), data.get("maxplayers")),
                "minutes": _span(
                    data.get("minplaytime") or data.get("playingtime"),
                    data.get("maxplaytime") or data.get("playingtime"),
                ),
                "weight": _weight(data.get("avgweight")),
                "owned": bool(row.owned),
                "wishlist": bool(row.wishlist),
                "wishlist_priority": row.wishlist_priority,
                "plays": int(row.plays) if data.get("added") != BY_HAND else None,
            }
        )
    keys = dict(conn.execute(select(m.game.c.id, m.game.c.key)).all())
    gone = set(removed)
    so = m.source_object
    for row in conn.execute(select(so).where(so.c.kind == "game").order_by(so.c.name)):
        if BGS + row.uuid in gone:
            continue
        data = json.loads(row.data)
        if _truthy(data.get("isExpansion")) or not row.name or not _owned(data):
            continue
        given = _whole(data.get("bggId"))
        bgs_bgg = given if given is not None and given > 0 else None
        game = keys.get(row.game_id) if row.game_id is not None else None
        found.append(
            {
                "collid": BGS + row.uuid,
                "source": "bgstats",
                "bgg_id": bgs_bgg,
                "name": row.name,
                "game": game
                or (by_bgg.get(bgs_bgg) if bgs_bgg else None)
                or by_name.get(fold(row.name)),
                "players": _span(data.get("minPlayerCount"), data.get("maxPlayerCount")),
                "minutes": _span(data.get("minPlayTime"), data.get("maxPlayTime")),
                "weight": None,
                "owned": True,
                "wishlist": False,
                "wishlist_priority": None,
                "plays": None,
            }
        )
    return merged(found)


RANK = {"hand": 0, "bgg": 1, "bgstats": 2}
"""Which source's entry speaks for a game listed by several (``merged``)."""
FILLED = ("bgg_id", "game", "players", "minutes", "weight", "wishlist_priority", "plays")
"""What the first entry of a game lacks is taken from the next that has it."""


def merged(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One entry per game, by name: entries are one game when they share a BGG id, or,
    when one has no BGG id (BG Stats' games may have none), when it bears the other's
    name (in any letter case) or is the same Scorepad game. A game's entry is its
    owned one first, then the one added by hand, then BGG's, then BG Stats'; what that
    one lacks (BGG id, players, playing time, weight, …) comes from the others; it is
    owned or wished for when any of them is; ``collids`` and ``sources`` name them all
    (removing the game removes each, ``remove``)."""
    groups: list[list[dict[str, Any]]] = []
    by_id: dict[int, list[dict[str, Any]]] = {}
    by_name: dict[str, list[dict[str, Any]]] = {}
    by_game: dict[str, list[dict[str, Any]]] = {}
    ordered = sorted(entries, key=lambda e: (e["bgg_id"] is None, fold(e["name"]), e["collid"]))
    for entry in ordered:
        ident, name, game = entry["bgg_id"], fold(entry["name"]), entry["game"]
        if ident is not None:
            group = by_id.get(ident)
        else:
            group = by_name.get(name) or (by_game.get(game) if game else None)
        if group is None:
            group = []
            groups.append(group)
            if ident is not None:
                by_id[ident] = group
        group.append(entry)
        by_name.setdefault(name, group)
        if game:
            by_game.setdefault(game, group)
    found = [_one(group) for group in groups]
    found.sort(key=lambda e: (fold(e["name"]), e["collid"]))
    return found


def _one(group: list[dict[str, Any]]) -> dict[str, Any]:
    group = sorted(group, key=lambda e: (not e["owned"], RANK[e["source"]], e["collid"]))
    entry = dict(group[0])
    for key in FILLED:
        if entry[key] is None:
            entry[key] = next((e[key] for e in group if e[key] is not None), None)
    entry["owned"] = any(e["owned"] for e in group)
    entry["wishlist"] = any(e["wishlist"] for e in group)
    entry["collids"] = [e["collid"] for e in group]
    entry["sources"] = list(dict.fromkeys(e["source"] for e in group))
    return entry


def _owned(data: dict[str, Any]) -> bool:
    """A BG Stats game is the group's unless the file lists its copies and none is
    owned (``copies[].statusOwned``; older exports list no copies)."""
    copies = data.get("copies")
    if not isinstance(copies, list) or not copies:
        return True
    return any(isinstance(c, dict) and _truthy(c.get("statusOwned")) for c in copies)


def _truthy(value: object) -> bool:
    return value in (1, True, "1", "true")


def _whole(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def _span(low: object, high: object) -> list[int] | None:
    """[low, high] when both are whole numbers above 0 in order (BGG writes "0" for none)."""
    a, b = _whole(low), _whole(high)
    if a is None or b is None or a < 1 or b < a:
        return None
    return [a, b]


def _weight(value: object) -> str | None:
    try:
        weight = Decimal(str(value)) if isinstance(value, str | int) else None
    except InvalidOperation:
        return None
    if weight is None or not WEIGHT_LOW <= weight <= WEIGHT_HIGH:
        return None  # BGG writes 0 for a game nobody weighed
    return format(weight, "f")


# --- by hand ---------------------------------------------------------------------------


def checked_entry(
    name: str,
    bgg_id: str,
    players: tuple[str, str],
    minutes: tuple[str, str] = ("", ""),
    weight: str = "",
) -> dict[str, Any]:
    """A game typed by hand, checked, the first problem refused with a message naming
    the field and quoting what was typed (``store.collection_*``). Players are needed;
    the playing time and the weight may be left out; a range given by one end is that
    one number."""
    name = name.strip()
    if not name or len(name) > MAX_NAME:
        raise StoreError("store.collection_name", limit=MAX_NAME)
    ident = bgg_id.strip()
    if not ident.isdigit() or not 0 < int(ident) < MAX_BGG_ID:
        raise StoreError("store.collection_bgg_id", value=quote(bgg_id))
    players, minutes = _pair(players), _pair(minutes)
    low, high = (_count(p, "store.collection_players", MAX_PLAYERS) for p in players)
    if low > high:
        raise StoreError("store.collection_order", low=low, high=high)
    data: dict[str, Any] = {"added": BY_HAND, "minplayers": str(low), "maxplayers": str(high)}
    if any(t.strip() for t in minutes):
        short, long = (_count(t, "store.collection_minutes", MAX_MINUTES) for t in minutes)
        if short > long:
            raise StoreError("store.collection_order", low=short, high=long)
        data |= {"minplaytime": str(short), "maxplaytime": str(long)}
    if weight.strip():
        text = weight.strip().replace(",", ".")
        try:
            value = Decimal(text)
        except InvalidOperation:
            value = Decimal(0)
        exponent = value.as_tuple().exponent
        if not isinstance(exponent, int) or exponent < -4 or not 1 <= value <= 5:
            raise StoreError("store.collection_weight", value=quote(weight))
        data["avgweight"] = format(value, "f")
    return {"collid": HAND + ident, "bgg_id": int(ident), "name": name, "data": data}


def _pair(typed: tuple[str, str]) -> tuple[str, str]:
    """A range typed with one end only is that one number ("4" players: 4 to 4)."""
    low, high = typed
    return (low if low.strip() else high, high if high.strip() else low)


def _count(text: str, key: str, limit: int) -> int:
    value = text.strip()
    if not value.isdigit() or not 1 <= int(value) <= limit:
        raise StoreError(key, value=quote(text), limit=limit)
    return int(value)


def add_by_hand(conn: Connection, entry: dict[str, Any]) -> None:
    """``entry`` (``checked_entry``) into the collection; a game already there by this BGG
    id is refused, naming the entry that holds it."""
    table = m.collection_item
    twin = conn.execute(
        select(table.c.name).where(table.c.bgg_id == entry["bgg_id"], table.c.owned)
    ).first()
    if twin is not None:
        raise StoreError("store.collection_twice", name=quote(twin.name), id=entry["bgg_id"])
    conn.execute(
        table.insert().values(
            collid=entry["collid"],
            bgg_id=entry["bgg_id"],
            name=entry["name"],
            owned=True,
            wishlist=False,
            wishlist_priority=None,
            plays=0,
            data=json.dumps(entry["data"], ensure_ascii=False, sort_keys=True),
            imported_at=datetime.now(),
        )
    )


def remove(conn: Connection, collid: str, removed: list[str]) -> None:
    """The game of the entry ``collid`` out of the collection: that entry and those
    listed with it as one game (``merged``), each as its source allows (module doc);
    an unknown one is refused."""
    listed = owned_games(conn, app_entries(conn), removed)
    game = next((e for e in listed if collid in e["collids"]), None)
    if game is None:
        raise StoreError("store.collection_unknown", value=quote(collid))
    gone = [c for c in game["collids"] if c.startswith(BGS)]
    if gone:
        write_setting(conn, REMOVED, [*removed, *gone])
    table = m.collection_item
    rows = [c for c in game["collids"] if not c.startswith(BGS)]
    if rows:
        conn.execute(delete(table).where(table.c.collid.in_(rows)))
