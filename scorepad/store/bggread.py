"""Reading BoardGameGeek's files, offline: a user's plays (XML) and collection (CSV).

docs/bgg.md is the format as read here; docs/guide/import-export.md says the same for
users. In short:
- The plays file is the XML of BGG's ``plays`` API (``<plays><play id date quantity
  length incomplete nowinstats location><item name objectid><subtypes/></item>
  <comments/><players><player username userid name startposition color score new
  rating win/></players></play></plays>``), parsed with defusedxml (no entities, no
  DTD) one play at a time. Each play is read into the shape of a BG Stats play and
  written by BG Stats' reader (``bgsread.read_plays``): games matched to built-in games
  by BGG id (then by name), unknown games kept as result-only games, scores read
  exactly, the file's winners standing, the report naming what was kept and left out.
- A play's id is kept (``play.bgg_play_id``; its uid is ``bgg-<id>``, its copies
  ``bgg-<id>-2``, … for a quantity above 1): importing again adds nothing, and a BG
  Stats play with the same ``bggId`` is found instead of added (``importing``).
- The collection CSV (BGG's "export collection") goes to ``collection_item``, one row
  per collection entry (``collid``), updated by a later export.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import IO, Any
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import iterparse
from sqlalchemy import Connection, select, update

import scorepad.store.models as m
from scorepad.core import GameTemplate, ScorepadError
from scorepad.core.errors import quote
from scorepad.store.bgsread import PROBLEM, Listed, Report, read_plays, read_score
from scorepad.store.errors import StoreError, record_error
from scorepad.store.rows import PlayRows
from scorepad.store.values import dump, name_key

MAX_BYTES = 256 * 2**20
"""The largest BGG file read (a plays file of 100,000 plays is about 90 MB)."""
MAX_QUANTITY = 1000
"""A play's quantity above this is a typing slip (BGG itself takes up to 9,999)."""
MAX_PLAYS = 500_000
"""Plays made from one file, copies of a quantity counted (the biggest histories known
hold about 60,000): past it the file is refused, before anything is written."""
MAX_ROWS = 100_000
"""Rows of a collection export (the largest collections on BGG hold about 30,000)."""
MAX_FIELD = 10_000
"""Characters of one cell of a collection export (a comment); a longer one is refused."""

Source = str | bytes | Path


def is_plays(head: str) -> bool:
    """Whether a file's first characters are BGG's plays XML: a ``<plays>`` document whose
    root says whose plays they are (``username``, BGG's ``termsofuse``) or whose first
    play has an ``id`` (another ``<plays>`` document, a list of theatre plays, is not)."""
    found = _PLAYS_ROOT.search(head[:HEAD_CHARS])
    if found is None:
        return False
    return bool(_OWNER.search(found.group(0))) or bool(_PLAY_ID.search(head[found.end() :]))


HEAD_CHARS = 2000
_PLAYS_ROOT = re.compile(
    r"^\ufeff?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--.*?-->\s*)*<plays(?:\s[^>]*)?>", re.S
)
_OWNER = re.compile(r"\s(?:username|termsofuse)\s*=")
_PLAY_ID = re.compile(r"^\s*<play\s[^>]*\bid\s*=")


def is_collection(head: str) -> bool:
    """Whether a file's first line is the header of BGG's collection export."""
    first = head.lstrip("\ufeff").split("\n", 1)[0]
    columns = {c.strip().strip('"').casefold() for c in first.split(",")}
    return {"objectid", "objectname"} <= columns


def _open(data: Source, source: str) -> IO[bytes]:
    if isinstance(data, Path):
        try:
            if data.stat().st_size > MAX_BYTES:
                raise StoreError("store.bgg_too_big", source=source, limit=MAX_BYTES // 2**20)
            return open(data, "rb")
        except OSError as problem:
            detail = problem.strerror or str(problem)
            raise StoreError("store.import_unreadable", source=source, detail=detail) from None
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if len(raw) > MAX_BYTES:
        raise StoreError("store.bgg_too_big", source=source, limit=MAX_BYTES // 2**20)
    return io.BytesIO(raw)


# --- plays ---------------------------------------------------------------------------------


def read_bgg_plays(
    conn: Connection, data: Source, source: str, *, report: Report | None = None
) -> Iterator[tuple[GameTemplate, PlayRows]]:
    """Plays from a BGG plays file, read three times one play at a time: for the games,
    players and locations it names, for the survey of each game's plays, and to read
    them (see ``bgsread.read_plays``)."""
    head, found = _heads(data, source)
    if report is not None:
        report.origin = "bgg"
    return read_plays(
        conn, head, _plays(data, source, found), lambda: _plays(data, source, found), source, report
    )


def _elements(data: Source, source: str) -> Iterator[tuple[int, Element]]:
    """Each ``<play>`` of the file with its position, cleared once used. A file may hold
    several ``<plays>`` documents one after the other (the pages of BGG's API, saved
    together): they are read as one."""
    handle = _open(data, source)
    position = 0
    try:
        root: Element | None = None
        page: Element | None = None
        depth = 0
        for event, element in iterparse(_Pages(handle), events=("start", "end"), forbid_dtd=True):
            if event == "start":
                depth += 1
                if root is None:
                    root = element
                elif depth == 2:
                    if element.tag != "plays":
                        raise StoreError(
                            "store.import_unreadable", source=source, detail="<plays> expected"
                        )
                    page = element
                continue
            depth -= 1
            if element.tag == "play" and depth == 2 and page is not None:
                yield position, element
                position += 1
                page.clear()  # what was read is let go: memory stays flat
            if depth == 1 and root is not None:
                root.clear()
    except (ParseError, DefusedXmlException) as problem:
        raise StoreError("store.import_unreadable", source=source, detail=str(problem)) from None
    finally:
        handle.close()


class _Pages:
    """A file of one or more XML documents read as one: ``<pages>``, the documents
    without their XML declarations, ``</pages>``."""

    def __init__(self, handle: IO[bytes]) -> None:
        self.handle = handle
        self.pending = b"<pages>"
        self.held = b""
        self.done = False

    def read(self, size: int = -1) -> bytes:
        while not self.done and len(self.pending) < max(size, 1):
            chunk = self.handle.read(CHUNK)
            if not chunk:
                self.pending += _undeclared(self.held) + b"</pages>"
                self.held = b""
                self.done = True
                break
            text = self.held + chunk
            cut = _safe_end(text)
            self.pending += _undeclared(text[:cut])
            self.held = text[cut:]
        if size < 0:
            size = len(self.pending)
        found, self.pending = self.pending[:size], self.pending[size:]
        return found


CHUNK = 1 << 16
_DECLARATION = re.compile(rb"<\?xml\s[^>]*\?>")


def _undeclared(text: bytes) -> bytes:
    return _DECLARATION.sub(b"", text)


def _safe_end(text: bytes) -> int:
    """Where ``text`` may be cut without cutting a declaration in two: before a "<" that
    may begin one not yet closed."""
    start = text.rfind(b"<", max(0, len(text) - 200))
    if start >= 0 and b">" not in text[start:] and b"<?xml".startswith(text[start : start + 5]):
        return start
    if start >= 0 and text[start : start + 5] == b"<?xml" and b">" not in text[start:]:
        return start
    return len(text)


class _Head:
    """What the plays refer to, in BG Stats' shape, gathered over the whole file."""

    def __init__(self) -> None:
        self.games: dict[str, dict[str, Any]] = {}
        self.players: dict[tuple[str, str], dict[str, Any]] = {}
        self.places: dict[str, dict[str, Any]] = {}

    def game(self, item: Element | None) -> str | None:
        if item is None:
            return None
        ref = (item.get("objectid") or "").strip()
        if not ref:
            return None
        if ref not in self.games:
            subtypes = [s.get("value") or "" for s in item.iter("subtype")]
            expansion = "boardgameexpansion" in subtypes
            game: dict[str, Any] = {
                "id": ref,
                "name": _attr(item, "name") or f"BGG {ref}",
                "isBaseGame": 0 if expansion else 1,
                "isExpansion": 1 if expansion else 0,
            }
            if ref.isdigit() and 0 < int(ref) < 2**31:
                game["bggId"] = int(ref)
            if subtypes:
                game["bggSubtypes"] = subtypes
            self.games[ref] = game
        return ref

    def player(self, seat: Element) -> int:
        name, username = _attr(seat, "name").strip(), _attr(seat, "username").strip()
        key = (name.casefold(), username.casefold())
        if key not in self.players:
            person: dict[str, Any] = {"id": len(self.players) + 1}
            if name or username:
                person["name"] = name or username
                person["isAnonymous"] = False
            else:  # a seat BGG has no name for: Scorepad's anonymous player
                person["name"] = "Anonymous"
                person["isAnonymous"] = True
            if username:
                person["bggUsername"] = username
            self.players[key] = person
        return int(self.players[key]["id"])

    def place(self, name: str) -> str | None:
        name = name.strip()
        if not name:
            return None
        self.places.setdefault(name, {"id": name, "name": name})
        return name


def _heads(data: Source, source: str) -> tuple[dict[str, Any], _Head]:
    found = _Head()
    for _, element in _elements(data, source):
        found.game(element.find("item"))
        found.place(_attr(element, "location"))
        seats = [found.player(seat) for seat in element.iter("player")]
        names = [name_key(_attr(s, "name") or _attr(s, "username")) for s in element.iter("player")]
        if not seats or len(set(names)) < len(names):
            _nobody(found)
    head = {
        "games": list(found.games.values()),
        "players": list(found.players.values()),
        "locations": list(found.places.values()),
    }
    return head, found


def _plays(data: Source, source: str, found: _Head) -> Iterator[Any]:
    """Each play in BG Stats' shape; a play of quantity n as n plays."""
    made = 0
    for _, element in _elements(data, source):
        play = _play(element, found)
        count = _quantity(element)
        made += count or 1
        if made > MAX_PLAYS:
            raise StoreError("store.bgg_too_many", source=source, limit=MAX_PLAYS)
        if count is None:
            play.pop(PROBLEM, None)  # the quantity first: it decides how many plays
            play[PROBLEM] = StoreError(
                "store.bgg_quantity", value=quote(element.get("quantity")), limit=MAX_QUANTITY
            )
            count = 1
        for copy in range(count):
            yield play if copy == 0 else {**play, "uuid": f"{play['uuid']}-{copy + 1}"}


def _quantity(element: Element) -> int | None:
    text = (element.get("quantity") or "1").strip()
    if not text.isdigit() or not 0 < int(text) <= MAX_QUANTITY:
        return None
    return int(text)


def _attr(element: Element, key: str) -> str:
    return element.get(key) or ""


def _yes(element: Element, key: str) -> object:
    """A BGG flag: "1" yes, "0" or nothing no; anything else as given (refused by name)."""
    value = (element.get(key) or "").strip()
    if value in ("", "0", "false"):
        return False
    if value in ("1", "true"):
        return True
    return value


def _play(element: Element, head: _Head) -> dict[str, Any]:
    ident = (element.get("id") or "").strip()
    date = (element.get("date") or "").strip()
    length = (element.get("length") or "0").strip()
    comments = element.find("comments")
    play: dict[str, Any] = {
        "uuid": f"bgg-{ident}" if ident else "",
        "gameRefId": head.game(element.find("item")),
        "playDate": f"{date} 00:00:00" if re.fullmatch(r"\d{4}-\d\d-\d\d", date) else date,
        "durationMin": int(length) if length.isdigit() else 0,
        "comments": (comments.text or "").strip() if comments is not None else "",
        "ignored": False,
        "playerScores": [],
    }
    if ident.isdigit() and 0 < int(ident) < 2**62:
        play["bggId"] = int(ident)
    if not length.isdigit():
        _refuse(play, "length", "a whole number of minutes")
    for key in ("incomplete", "nowinstats"):
        flag = _yes(element, key)
        if flag is True:
            play[key] = play["ignored"] = True
        elif flag is not False:
            _refuse(play, key, "0 or 1")
    location = head.place(_attr(element, "location"))
    if location is not None:
        play["locationRefId"] = location
    named: set[str] = set()
    for seat in element.iter("player"):
        found = _seat(seat, head)
        if not isinstance(found["winner"], bool):
            _refuse(play, "win", "0 or 1")
        who = name_key(_attr(seat, "name") or _attr(seat, "username"))
        if who and who in named:  # one person twice in a play: the later seat is unnamed
            found["playerRefId"] = _nobody(head)
            found["name"] = _attr(seat, "name") or _attr(seat, "username")
        named.add(who)
        play["playerScores"].append(found)
    if not play["playerScores"]:  # a play logged without players: one unnamed seat
        play["playerScores"].append({"playerRefId": _nobody(head), "score": "", "winner": False})
        play["noPlayers"] = True
    return play


def _refuse(play: dict[str, Any], field: str, expected: str) -> None:
    """The play refused, by name, for a field of BGG's own that is not what BGG writes
    (the first such field)."""
    play.setdefault(
        PROBLEM, StoreError("store.import_field", field=quote(field), expected=expected)
    )


def _nobody(head: _Head) -> int:
    key = ("", "")
    if key not in head.players:
        head.players[key] = {"id": len(head.players) + 1, "name": "Anonymous", "isAnonymous": True}
    return int(head.players[key]["id"])


def _seat(seat: Element, head: _Head) -> dict[str, Any]:
    score = _attr(seat, "score").strip()
    found: dict[str, Any] = {
        "playerRefId": head.player(seat),
        "score": score,
        "winner": _yes(seat, "win"),
    }
    try:
        read_score(score)
    except ScorepadError:  # a score BGG took as text ("won", "2nd"): kept as such
        found["score"] = ""
        found["scoreText"] = score
    start = _attr(seat, "startposition").strip()
    if start:
        found["startPlayer"] = start == "1"
        found["startPosition"] = start
    colour = _attr(seat, "color").strip()
    if colour:
        found["role"] = colour
    new = _yes(seat, "new")
    if new is True:
        found["newPlayer"] = True
    elif new is not False:
        found["new"] = new  # kept as BGG wrote it
    rating = (seat.get("rating") or "").strip()
    if rating not in ("", "0"):
        found["rating"] = rating
    userid = (seat.get("userid") or "").strip()
    if userid not in ("", "0"):
        found["bggUserId"] = userid
    return found


# --- the collection ---------------------------------------------------------------------

COLLECTION_FLAGS = ("own", "wishlist")


def read_collection(conn: Connection, data: Source, source: str) -> tuple[int, int]:
    """The collection export's rows into ``collection_item``: (added, already held, updated
    or the same). A row without a game id, or an entry given twice with different
    content, refuses the file (nothing is written)."""
    rows = _collection_rows(data, source)
    table = m.collection_item
    held = dict(conn.execute(select(table.c.collid, table.c.id)).all())
    now = datetime.now()
    added = kept = 0
    fresh = []
    for row in rows.values():
        values = {**row, "imported_at": now}
        if row["collid"] in held:
            kept += 1  # brought up to date: a later export says how things are now
            conn.execute(update(table).where(table.c.id == held[row["collid"]]).values(**values))
        else:
            added += 1
            fresh.append(values)
    if fresh:
        conn.execute(table.insert(), fresh)
    return added, kept


def _collection_rows(data: Source, source: str) -> dict[str, dict[str, Any]]:
    handle = _open(data, source)
    try:
        text = io.TextIOWrapper(handle, encoding="utf-8-sig", newline="")
        reader = csv.DictReader(text)
        found: dict[str, dict[str, Any]] = {}
        where: dict[str, int] = {}
        problems: list[tuple[str, ScorepadError]] = []
        for number, raw in enumerate(reader, 2):
            if number - 1 > MAX_ROWS:
                raise StoreError("store.bgg_rows", source=source, limit=MAX_ROWS)
            record = f"row {number}"
            try:
                row = _collection_row(raw)
            except ScorepadError as problem:
                problems.append((record, problem))
                continue
            twin = found.get(row["collid"])
            if twin is not None and twin != row:
                problems.append(
                    (
                        record,
                        StoreError(
                            "store.import_same_uuid",
                            value=quote(row["collid"]),
                            other=f"row {where[row['collid']]}",
                        ),
                    )
                )
            elif twin is None:
                found[row["collid"]] = row
                where[row["collid"]] = number
    except (UnicodeDecodeError, csv.Error) as problem:
        raise StoreError("store.import_unreadable", source=source, detail=str(problem)) from None
    finally:
        handle.close()
    if problems:
        if len(problems) == 1:
            raise record_error(source, *problems[0])
        raise StoreError(
            "store.bgg_rows_refused", source=source, count=len(problems), problems=Listed(problems)
        )
    return found


def _collection_row(raw: dict[str | Any, Any]) -> dict[str, Any]:
    if None in raw:  # more cells than the header has columns
        raise StoreError("store.bgg_cells")
    cells = {str(k).strip().casefold(): (v or "").strip() for k, v in raw.items()}
    for key, value in cells.items():
        if len(value) > MAX_FIELD:
            raise StoreError("store.bgg_too_long", field=key, limit=MAX_FIELD)
    ident = cells.get("objectid", "")
    if not ident.isdigit() or not 0 < int(ident) < 2**62:
        raise StoreError("store.import_field", field=quote("objectid"), expected="a game's id")
    name = cells.get("objectname", "")
    if not name:
        raise StoreError("store.import_field", field=quote("objectname"), expected="a name")
    collid = cells.get("collid") or f"object-{ident}"
    if len(collid) > 64:
        raise StoreError("store.import_field", field=quote("collid"), expected="an id")
    flags = {}
    for key in COLLECTION_FLAGS:
        value = cells.get(key, "")
        if value not in ("", "0", "1"):
            raise StoreError("store.import_field", field=quote(key), expected="0 or 1")
        flags[key] = value == "1"
    priority = cells.get("wishlistpriority", "")
    if priority and not (priority.isdigit() and 0 <= int(priority) <= 5):
        raise StoreError("store.import_field", field=quote("wishlistpriority"), expected="0 to 5")
    plays = cells.get("numplays", "") or "0"
    if not plays.isdigit() or int(plays) >= 2**31:
        raise StoreError("store.import_field", field=quote("numplays"), expected="a count")
    taken = {"objectid", "objectname", "collid", "own", "wishlist", "wishlistpriority", "numplays"}
    rest = {k: v for k, v in sorted(cells.items()) if k not in taken and v != ""}
    return {
        "collid": collid,
        "bgg_id": int(ident),
        "name": name,
        "owned": flags["own"],
        "wishlist": flags["wishlist"],
        "wishlist_priority": int(priority) if priority else None,
        "plays": int(plays),
        "data": dump(rest),
    }


def collection(conn: Connection) -> list[dict[str, Any]]:
    """The collection as imported, by name: each entry's BGG ids, name, owned, wishlist
    (and its priority), BGG's count of plays and the export's other columns."""
    table = m.collection_item
    found = []
    for row in conn.execute(select(table).order_by(table.c.name, table.c.collid)):
        found.append(
            {
                "collid": row.collid,
                "bgg_id": int(row.bgg_id),
                "name": row.name,
                "owned": bool(row.owned),
                "wishlist": bool(row.wishlist),
                "wishlist_priority": row.wishlist_priority,
                "plays": int(row.plays),
                "more": json.loads(row.data),
            }
        )
    return found
