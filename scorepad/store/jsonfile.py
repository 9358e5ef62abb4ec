"""The app's own history file: every play with what was entered, and the templates used.

```
{"format": "scorepad-history", "version": 1,
 "games": [<user-defined game files>],
 "templates": {"<ref>": {"game": "azul", "version": 1, "source": {<template file>}}},
 "nights": [<marks>], "seasons": [<seasons>] (optional: see clubrows),
 "settings": {<key>: <value>}, "players": [<players' own fields>],
 "sources": [<BG Stats records>], "collection": [<entries>] (optional: see kept),
 "plays": [{"uid", "game", "template": "<ref>", "variant", "played_at", "location",
            "duration", "notes", "created_at", "updated_at", "first_player" (optional),
            "started_at" (optional, when the sheet was started),
            "ignored" (optional, true: left out of statistics),
            "imported", "result_kind" (optional: what an imported play carried),
            "players": [{"name", "lines", "extra", "total", "rank", "winner",
                         "colour" (optional, a palette name),
                         "role", "score_text" (optional, an imported seat's role and
                         score as typed; "total" is null for a seat without a score),
                         "side", "wall" (optional, an Azul wall as in sheet files)}]}, …]}
```
Plays are written one per line, oldest first, and read back one at a time. Importing a file
that ``export`` wrote and exporting again gives the same file: the round trip is exact.
"""

from __future__ import annotations

import json
from codecs import BOM_UTF8, getincrementaldecoder
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, TextIO

from sqlalchemy import Connection, select

import scorepad.store.models as m
from scorepad.core import GameTemplate, ScorepadError, load_template
from scorepad.store.boards import stored_board
from scorepad.store.bulk import Document, score_in_parallel, worth_sharing
from scorepad.store.clubrows import club_head, take_club
from scorepad.store.errors import StoreError, record_error
from scorepad.store.games import save_custom
from scorepad.store.jsonstream import Reordered, read_document
from scorepad.store.kept import Kept, kept_head, take_kept
from scorepad.store.rows import DialectValues, PlayRows, field_error, play_from_json, values_for
from scorepad.store.values import dump, from_halves, iso, load, shown

FORMAT = "scorepad-history"
VERSION = 1
CHUNK = 1000


def write_json(conn: Connection, out: TextIO) -> int:
    out.write(f'{{"format": "{FORMAT}", "version": {VERSION},\n "games": [')
    games = conn.execute(
        select(m.game.c.definition)
        .where(m.game.c.builtin.is_(False), m.game.c.deleted_at.is_(None))
        .order_by(m.game.c.key)
    ).scalars()
    out.write(",\n  ".join(dump(load(text)) for text in games if text))
    out.write('],\n "templates": {')
    refs: dict[int, str] = {}
    snapshots = conn.execute(
        select(
            m.snapshot.c.id,
            m.snapshot.c.digest,
            m.snapshot.c.version,
            m.snapshot.c.source,
            m.game.c.key,
        )
        .join(m.game, m.game.c.id == m.snapshot.c.game_id)
        .order_by(m.snapshot.c.digest)
    )
    parts = []
    for sid, digest, version, source, key in snapshots:
        refs[sid] = digest[:16]
        head = f'"game": {json.dumps(key)}, "version": {version}'
        parts.append(f'\n  "{digest[:16]}": {{{head}, "source": {source}}}')
    out.write(",".join(parts))
    out.write("}," + club_head(conn) + kept_head(conn) + '\n "plays": [')
    count = 0
    for play in iter_plays(conn, refs):
        out.write(",\n  " if count else "\n  ")
        out.write(dump(play))
        count += 1
    out.write("\n ]}\n")
    return count


def iter_plays(conn: Connection, refs: dict[int, str]) -> Iterator[dict[str, Any]]:
    """Every live play, oldest first, with its entries, in the file's shape."""
    p = m.play
    order = (
        conn.execute(
            select(p.c.id).where(p.c.deleted_at.is_(None)).order_by(p.c.played_at, p.c.uid)
        )
        .scalars()
        .all()
    )
    for start in range(0, len(order), CHUNK):
        ids = order[start : start + CHUNK]
        yield from plays_by_id(conn, ids, refs)


def plays_by_id(
    conn: Connection, ids: Sequence[int], refs: dict[int, str]
) -> Iterator[dict[str, Any]]:
    """The plays ``ids`` in the file's shape, in that order; ``refs``: each template
    snapshot's id and its reference in the file."""
    p, r = m.play, m.result
    seats: dict[int, list[dict[str, Any]]] = {i: [] for i in ids}
    by_seat: dict[tuple[int, int], dict[str, Any]] = {}
    rows = conn.execute(
        select(
            r.c.play_id,
            r.c.seat,
            m.player.c.name,
            r.c.total_halves,
            r.c.rank,
            r.c.winner,
            r.c.entries,
            r.c.team,
            r.c.colour,
            r.c.board_kind,
            r.c.board,
            r.c.role,
            r.c.score_text,
            m.player.c.anonymous,
        )
        .join(m.player, m.player.c.id == r.c.player_id)
        .where(r.c.play_id.in_(ids))
        .order_by(r.c.play_id, r.c.seat)
    )
    for (
        play_id,
        seat,
        name,
        total,
        rank,
        winner,
        entries,
        team,
        colour,
        kind,
        board,
        role,
        typed,
        anonymous,
    ) in rows:
        lines = dict(sorted(load(entries).items()))
        person: dict[str, Any] = {"name": name, "lines": lines, "extra": []}
        if team is not None:  # a team play's (left out otherwise: older files read the same)
            person["team"] = team
        if colour is not None:  # likewise only when the player had one
            person["colour"] = colour
        kept = stored_board(kind, board)
        if kept is not None:  # the board's player fields, as a sheet file gives them
            person.update(kept.fields)
        if anonymous:  # the hidden player standing for anyone unnamed
            person["anonymous"] = True
        if role is not None:  # an imported seat's role, when the source gave one
            person["role"] = role
        if typed is not None:  # an imported score as typed ("-10+7+22", "3.44")
            person["score_text"] = typed
        exact = None if total is None else from_halves(total)
        person.update(total=exact, rank=rank, winner=bool(winner))
        seats[play_id].append(person)
        by_seat[(play_id, seat)] = person
    for play_id, seat, label, points in conn.execute(
        select(m.extra.c.play_id, m.extra.c.seat, m.extra.c.label, m.extra.c.points_halves)
        .where(m.extra.c.play_id.in_(ids))
        .order_by(m.extra.c.play_id, m.extra.c.seat, m.extra.c.position)
    ):
        by_seat[(play_id, seat)]["extra"].append({"label": label, "points": from_halves(points)})
    heads = {
        row.id: row
        for row in conn.execute(
            select(p, m.game.c.key).join(m.game, m.game.c.id == p.c.game_id).where(p.c.id.in_(ids))
        )
    }
    for play_id in ids:
        head = heads[play_id]
        yield {
            "uid": head.uid,
            "game": head.key,
            "template": refs[head.snapshot_id],
            "variant": head.variant,
            "played_at": iso(head.played_at),
            "location": head.location,
            "duration": head.duration,
            "notes": head.notes,
            "created_at": iso(head.created_at),
            "updated_at": iso(head.updated_at),
            "players": seats[play_id],
            **result_fields(head),
            **first_field(head.first_seat, seats[play_id]),
            **({"started_at": iso(head.started_at)} if head.started_at is not None else {}),
            **({"ignored": True} if head.ignored else {}),
            **imported_fields(head),
        }


def first_field(seat: int | None, players: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The name of the player who started, only when someone was picked (a file without
    it, older or not, reads the same)."""
    if seat is None or not 1 <= seat <= len(players):
        return {}
    return {"first_player": players[seat - 1]["name"]}


def imported_fields(head: Any) -> dict[str, Any]:
    """What an imported play carried beyond its sheet, and its kind of result (which an
    import may give where the game has none: a BG Stats play in teams)."""
    if not head.imported:
        return {}
    found: dict[str, Any] = {"imported": load(head.imported)}
    if head.result_kind is not None:
        found["result_kind"] = head.result_kind
    return found


def result_fields(head: Any) -> dict[str, Any]:
    """A play's outcome and modules in the file, only when it has them."""
    found: dict[str, Any] = {}
    if head.outcome is not None:
        found["outcome"] = head.outcome
    if head.modules:
        found["modules"] = load(head.modules)
    return found


NEEDS = ("format", "version", "templates")
"""What must come before the plays for them to be read one at a time."""


def read_json(
    conn: Connection, text: str, source: str, *, whole: bool = False, kept: Kept | None = None
) -> Iterator[tuple[GameTemplate, PlayRows]]:
    """Plays from a history file, each scored and checked before any is written (``kept``
    is told what became of the file's settings and players' fields)."""
    head, plays, offset = read_document(text, source, "plays", whole=whole, needs=NEEDS)
    _check_format(head, source)
    templates = _prepare(conn, head, source, kept)
    if offset is not None and worth_sharing(len(text)):
        yield from _shared(conn, text, offset, head, templates, source)
        return
    form = values_for(conn.dialect.name)
    for position, raw in enumerate(plays, 1):
        yield read_play(raw, position, templates, source, form)


def read_json_bytes(
    conn: Connection, data: bytes, source: str, kept: Kept | None = None
) -> Iterator[tuple[GameTemplate, PlayRows]]:
    """Plays from a big history file given as its bytes (checked to be UTF-8), scored by
    helper processes straight from the bytes: only the part before the plays is decoded.
    Anything out of the ordinary raises ``Reordered``, and the caller reads the file as
    text the usual way (which also words any problem as usual)."""
    start = len(BOM_UTF8) if data.startswith(BOM_UTF8) else 0
    text = getincrementaldecoder("utf-8")().decode(data[start : start + HEAD_BYTES])
    try:
        head, _, offset = read_document(text, source, "plays", needs=NEEDS)
    except StoreError:
        raise Reordered from None
    if offset is None:
        raise Reordered
    _check_format(head, source)
    templates = _prepare(conn, head, source, kept)
    offset = start + len(text[:offset].encode("utf-8"))
    yield from _shared(conn, data, offset, head, templates, source)


HEAD_BYTES = 1 << 20
"""How much of a big file is decoded to find where its plays start."""


def read_records(
    conn: Connection,
    head: Mapping[str, Any],
    plays: Iterable[Any],
    source: str,
    kept: Kept | None = None,
) -> Iterator[tuple[GameTemplate, PlayRows]]:
    """Plays already decoded, in the file's shape, with the ``games`` and ``templates``
    of ``head`` (the user's games are added first), each scored and checked."""
    templates = _prepare(conn, head, source, kept)
    form = values_for(conn.dialect.name)
    for position, raw in enumerate(plays, 1):
        yield read_play(raw, position, templates, source, form)


def _check_format(head: Mapping[str, Any], source: str) -> None:
    if head.get("format") != FORMAT or head.get("version") != VERSION:
        raise StoreError(
            "store.import_unreadable",
            source=source,
            detail=f"not a {FORMAT} file, version {VERSION}",
        )


def _prepare(
    conn: Connection, head: Mapping[str, Any], source: str, kept: Kept | None
) -> dict[str, GameTemplate]:
    """Add the user-defined games the file brings, and load its templates."""
    take_club(conn, head, source)  # the nights' marks and the seasons (clubrows)
    take_kept(conn, head, source, kept)  # the settings and the players' fields (kept)
    games = head.get("games") or []
    if not isinstance(games, list):
        raise record_error(source, "games", field_error("games", "a list"))
    for i, game in enumerate(games):
        try:
            if not isinstance(game, dict) or not isinstance(game.get("id"), str):
                raise field_error("id", "text")
            known = conn.execute(select(m.game.c.id).where(m.game.c.key == game["id"])).first()
            if known is None:
                save_custom(conn, game, f"{source}: games[{i}]", replace=False)
        except (ScorepadError, AttributeError) as problem:
            detail = problem if isinstance(problem, ScorepadError) else field_error("id", "text")
            raise record_error(source, f"games[{i}]", detail) from None
    return _templates(head.get("templates"), source)


def _shared(
    conn: Connection,
    document: Document,
    offset: int,
    head: dict[str, Any],
    templates: dict[str, GameTemplate],
    source: str,
) -> Iterator[tuple[GameTemplate, PlayRows]]:
    dialect = conn.dialect.name
    for ref, rows, failed in score_in_parallel(document, offset, head["templates"], dialect):
        if failed is not None:  # score it here again, for the error in the reader's words
            position, line = failed
            read_play(load(line), position, templates, source, values_for(dialect))
        yield templates[ref], rows


def read_play(
    raw: object, position: int, templates: dict[str, GameTemplate], source: str, form: DialectValues
) -> tuple[GameTemplate, PlayRows]:
    record = f"play {position}"
    try:
        if isinstance(raw, dict) and isinstance(raw.get("uid"), str):
            record = f"play {position} ({shown(raw['uid'])})"
        rows = play_from_json(raw, templates, form)
    except ScorepadError as problem:
        raise record_error(source, record, problem) from None
    return templates[raw["template"]], rows  # type: ignore[index]


def _templates(raw: object, source: str) -> dict[str, GameTemplate]:
    if not isinstance(raw, dict):
        raise record_error(source, "templates", field_error("templates", "an object"))
    found = {}
    for ref, item in raw.items():
        try:
            if not isinstance(item, dict) or not isinstance(item.get("source"), dict):
                raise field_error("source", "an object")
            found[ref] = load_template(item["source"], f"{source}: templates.{shown(ref)}")
        except ScorepadError as problem:
            raise record_error(source, f"templates.{shown(ref)}", problem) from None
    return found
