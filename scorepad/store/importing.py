"""Bulk import: plays from any file format enter through here, all in one transaction.

A reader turns its file into ``(template, PlayRows)`` pairs, raising a ``StoreError`` that
names the record at the first problem; this module batches the plays, skips those whose
uid the history already holds (importing a file twice adds nothing) and inserts the rest.
Because the caller runs it inside ``Database.write``, an error anywhere rolls back all.
"""

from __future__ import annotations

import json
from codecs import BOM_UTF8, getincrementaldecoder
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import Connection, select

from scorepad.core import GameTemplate
from scorepad.core.errors import ScorepadError
from scorepad.store import models as m
from scorepad.store.messages import StoreError
from scorepad.store.rows import PlayRows
from scorepad.store.writes import insert_plays

BATCH = 2000


@dataclass(frozen=True, slots=True)
class Imported:
    plays: int
    skipped: int


def import_plays(conn: Connection, plays: Iterable[tuple[GameTemplate, PlayRows]]) -> Imported:
    """Plays, each with the template it was scored with, in batches (see module doc)."""
    seen: set[str] = set()
    added = skipped = 0
    batch: list[tuple[GameTemplate, PlayRows]] = []
    aside: list[str] | None = None

    def flush() -> int:
        nonlocal aside
        if aside is None:
            aside = set_upkeep_aside(conn)
        fresh = batch  # set aside: the history has no plays, and the write lock keeps it so
        if not aside:
            uids = [p.uid for _, p in batch]
            query = select(m.play.c.uid).where(m.play.c.uid.in_(uids))
            known = set(conn.execute(query).scalars())
            fresh = [pair for pair in batch if pair[1].uid not in known]
        insert_plays(conn, fresh)
        count = len(fresh)
        batch.clear()
        return count

    for pair in plays:
        uid = pair[1].uid
        if uid in seen:
            skipped += 1
            continue
        seen.add(uid)
        batch.append(pair)
        if len(batch) >= BATCH:
            added += flush()
    if batch:
        added += flush()
    if aside:
        for statement in (*aside, *RECOUNT):
            conn.exec_driver_sql(statement)
    return Imported(added, len(seen) - added + skipped)


BULK_SETTING = "scorepad.bulk"
"""Read by the PostgreSQL tally triggers (revision 0003): 'on' for this transaction only
makes them do nothing."""


INDEXED = ("play", "play_result", "play_extra")
RECOUNT = (
    "DELETE FROM game_tally",
    "DELETE FROM total_tally",
    "INSERT INTO game_tally (game_id, plays, winning_sum_halves, winning_count) "
    "SELECT game_id, count(*), coalesce(sum(winning_total_halves), 0), "
    "count(winning_total_halves) FROM play WHERE deleted_at IS NULL GROUP BY game_id",
    "INSERT INTO total_tally (game_id, total_halves, results) "
    "SELECT game_id, total_halves, count(*) FROM play_result WHERE live "
    "GROUP BY game_id, total_halves",
)
"""The tallies (``models.GameTally``, ``TotalTally``) counted afresh from the plays."""


def set_upkeep_aside(conn: Connection) -> list[str]:
    """Drop the plays' secondary indexes and the triggers that keep the tallies when an
    SQLite history has no plays yet, and return the statements that make them again once
    the import is written (the caller then runs ``RECOUNT``). On PostgreSQL only the
    triggers are set aside, by ``BULK_SETTING``.

    Building an index once from all its rows costs about half of keeping it up to date
    row by row (an import into an empty history spent a third of its database time on
    index upkeep), and counting the tallies once (half a second for 100,000 plays) costs
    less than a trigger run for every row (on PostgreSQL the triggers made such an import
    take 80% longer). It is safe: SQLite's schema changes are part of the transaction,
    so an import that fails, or a process killed half-way, leaves the indexes and
    triggers as they were; a PostgreSQL setting made with SET LOCAL ends with the
    transaction.
    """
    empty = select(m.play.c.id).limit(1)
    if conn.execute(empty).first():
        return []
    if conn.dialect.name != "sqlite":
        # Other programs' writes wait until this import commits (reads go on), so that
        # counting afresh at the end counts everything; the check is made again once
        # nobody else can write.
        conn.exec_driver_sql("LOCK TABLE play, play_result IN SHARE ROW EXCLUSIVE MODE")
        if conn.execute(empty).first():
            return []
        conn.exec_driver_sql(f"SET LOCAL {BULK_SETTING} = 'on'")
        return [f"SET LOCAL {BULK_SETTING} = 'off'"]
    found = conn.exec_driver_sql(
        "SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') "
        f"AND sql IS NOT NULL AND tbl_name IN ({', '.join('?' * len(INDEXED))})",
        INDEXED,
    ).all()
    for kind, name, _ in found:
        conn.exec_driver_sql(f'DROP {kind.upper()} "{name}"')
    return [statement for _, _, statement in found]


def record_error(source: str, record: str, problem: ScorepadError) -> StoreError:
    return StoreError("store.import_record", source=source, record=record, problem=problem)


def read_document(
    text: str, source: str, stream: str, *, whole: bool = False, needs: tuple[str, ...] = ()
) -> tuple[dict[str, Any], Iterator[Any], int | None]:
    """A JSON object whose ``stream`` array is decoded one element at a time.

    A history file is mostly its plays; decoding them one by one keeps memory flat. When
    the array comes before the members in ``needs`` this raises ``Reordered`` at once, and
    when it is not the last member the iterator raises it at its end; either way the
    caller starts again with ``whole=True``. The third value is where the array's
    elements start in ``text`` when it is streamed (None otherwise).
    """
    if whole:
        try:
            data = json.loads(text, parse_float=Decimal)
        except (ValueError, RecursionError) as problem:
            raise StoreError(
                "store.import_unreadable", source=source, detail=_detail(problem)
            ) from None
        if not isinstance(data, dict):
            raise StoreError("store.import_unreadable", source=source, detail="not a JSON object")
        items = data.pop(stream, [])
        if not isinstance(items, list):
            raise StoreError("store.import_unreadable", source=source, detail=_not_list(stream))
        return data, iter(items), None
    decoder = json.JSONDecoder(parse_float=Decimal)
    try:
        pos = _skip(text, 0)
        _expect(text, pos, "{")
        pos = _skip(text, pos + 1)
        head: dict[str, Any] = {}
        while text[pos] != "}":
            key, pos = decoder.raw_decode(text, pos)
            pos = _skip(text, pos)
            _expect(text, pos, ":")
            pos = _skip(text, pos + 1)
            if key == stream:
                if text[pos] != "[":
                    raise ValueError(_not_list(stream))
                if not all(name in head for name in needs):
                    raise Reordered
                return head, _elements(decoder, text, pos + 1, source), pos + 1
            head[key], pos = decoder.raw_decode(text, pos)
            pos = _skip(text, pos)
            if text[pos] == ",":
                pos = _skip(text, pos + 1)
        _trailing(text, pos + 1)
        return head, iter(()), None
    except (ValueError, IndexError, RecursionError) as problem:
        raise _unreadable(source, problem) from None


def _elements(decoder: json.JSONDecoder, text: str, pos: int, source: str) -> Iterator[Any]:
    try:
        pos = _skip(text, pos)
        if text[pos] == "]":
            pos += 1
        else:
            while True:
                item, pos = decoder.raw_decode(text, pos)
                yield item
                pos = _skip(text, pos)
                if text[pos] == "]":
                    pos += 1
                    break
                _expect(text, pos, ",")
                pos = _skip(text, pos + 1)
        pos = _skip(text, pos)
        if text[pos] != "}":  # more members after the array: decode the whole document
            raise Reordered
        _trailing(text, pos + 1)
    except (ValueError, IndexError, RecursionError) as problem:
        raise _unreadable(source, problem) from None


def _not_list(stream: str) -> str:
    return f'"{stream}" is not a list'


def _unreadable(source: str, problem: BaseException) -> StoreError:
    return StoreError("store.import_unreadable", source=source, detail=_detail(problem))


def decodes(data: bytes, piece: int = 1 << 20) -> bool:
    """Whether ``data`` is UTF-8 text, checked a piece at a time (no copy of it all)."""
    decoder = getincrementaldecoder("utf-8")()
    view = memoryview(data)
    try:
        for start in range(0, len(data), piece):
            decoder.decode(view[start : start + piece])
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return False
    return True


def head_text(data: bytes, size: int = 400) -> str:
    """The first ``size`` characters of UTF-8 ``data`` (a leading BOM left out)."""
    start = len(BOM_UTF8) if data.startswith(BOM_UTF8) else 0
    decoder = getincrementaldecoder("utf-8")(errors="replace")
    return decoder.decode(data[start : start + 4 * size])[:size]


class Reordered(Exception):
    """The streamed array was not the document's last member."""


def _skip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\r\n":
        pos += 1
    return pos


def _expect(text: str, pos: int, char: str) -> None:
    if text[pos] != char:
        raise ValueError(f"expected {char!r} at character {pos}")


def _trailing(text: str, pos: int) -> None:
    if _skip(text, pos) != len(text):
        raise ValueError(f"extra data at character {pos}")


def _detail(problem: BaseException) -> str:
    if isinstance(problem, IndexError):
        return "the file ends too soon"
    if isinstance(problem, RecursionError):
        return "lists and objects nested too deeply"
    return str(problem)
