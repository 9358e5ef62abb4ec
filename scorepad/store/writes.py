"""Changes to the history. Each public function here runs inside one write transaction
(``Database.write``), so a play is saved, edited or merged completely or not at all.

``insert_plays`` is the single path by which plays enter the database: saving one play and
importing a hundred thousand both go through it, in batches with ``executemany``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from itertools import repeat
from operator import is_not, itemgetter
from typing import Any

from sqlalchemy import Connection, Table, and_, delete, exists, func, select, update
from sqlalchemy.exc import DBAPIError

import scorepad.store.models as m
from scorepad.core import GameTemplate, PlayerSheet, ScoredSheet
from scorepad.core.errors import quote
from scorepad.store.errors import StoreError
from scorepad.store.games import game_id, insert_ignore, remember_labels, snapshot_id
from scorepad.store.prepared import as_datetime
from scorepad.store.records import PlayVersion
from scorepad.store.rows import (
    IGNORED_AT,
    PLAY_FIELDS,
    WINNING_AT,
    PlayDetails,
    PlayRows,
    first_seat,
    result_columns,
    rows_of,
    values_for,
)
from scorepad.store.values import clean_name, name_key, to_halves


def player_ids(conn: Connection, names: Iterable[str]) -> dict[str, int]:
    """Player ids by name as given, creating the players met for the first time in the
    order given (the same plays give the same ids, whatever the process's hash seed)."""
    given = dict.fromkeys(names)
    wanted = {name_key(n): n for n in given}
    found = _ids(conn, wanted)
    missing = [
        {"name": clean_name(name), "name_key": key, "created_at": datetime.now()}
        for key, name in wanted.items()
        if key not in found
    ]
    if missing:
        conn.execute(insert_ignore(conn, m.player), missing)
        found = _ids(conn, wanted)
    return {name: found[name_key(name)] for name in given}


def _ids(conn: Connection, wanted: dict[str, str]) -> dict[str, int]:
    found: dict[str, int] = {}
    keys = list(wanted)
    for start in range(0, len(keys), 500):
        query = select(m.player.c.name_key, m.player.c.id).where(
            m.player.c.name_key.in_(keys[start : start + 500])
        )
        found.update({k: int(i) for k, i in conn.execute(query)})
    return found


class Tallies:
    """The tallies (``models.GameTally``, ``TotalTally``) of the plays written, counted
    as their rows are made (``insert_plays``), for an import into an SQLite history
    with no plays (``bulk.set_upkeep_aside``): what ``bulk.RECOUNT`` would count from
    the tables afterwards, without reading them again."""

    def __init__(self) -> None:
        self.games: dict[Any, list[Any]] = {}
        """By game: plays neither deleted nor ignored, the sum and the count of their
        winning totals."""
        self.totals: Counter[tuple[Any, Any]] = Counter()
        """Results that count (live) by (game, total), those with a total."""

    def rows(self) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
        """The game_tally and total_tally rows, in the tables' column order."""
        games = [(game, *counts) for game, counts in sorted(self.games.items())]
        totals: list[tuple[object, ...]] = [(*key, n) for key, n in sorted(self.totals.items())]
        return games, totals


def put_tallies(conn: Connection, tallies: Tallies) -> None:
    """The tallies as counted, in place of any the tables held (``bulk.RECOUNT``'s
    result, without its pass over every play and result)."""
    conn.exec_driver_sql("DELETE FROM game_tally")
    conn.exec_driver_sql("DELETE FROM total_tally")
    games, totals = tallies.rows()
    insert_rows(conn, m.game_tally, games)
    insert_rows(conn, m.total_tally, totals)


_DELETED_AT = 4 + PLAY_FIELDS.index("deleted_at")
_IGNORED_AT = 4 + IGNORED_AT
_WINNING_AT = 4 + WINNING_AT
"""Places in a play's row (id, uid, game, snapshot, then ``PlayRows.play``)."""


def insert_plays(
    conn: Connection,
    plays: Sequence[tuple[GameTemplate, PlayRows]],
    tallies: Tallies | None = None,
) -> list[int]:
    """Insert whole plays (results with entries, by-hand lines), one statement per table.
    Each comes with the template it was scored with. ``tallies``: counted there as the
    rows are made, instead of by the tables' triggers (set aside by the caller)."""
    if not plays:
        return []
    games: dict[str, int] = {}
    snapshots: dict[int, tuple[int, int]] = {}
    """(game id, snapshot id) by id() of a template: a file's plays share a few."""
    for template, _ in plays:
        if id(template) not in snapshots:
            if template.id not in games:
                games[template.id] = game_id(conn, template)
            game = games[template.id]
            snapshots[id(template)] = (game, snapshot_id(conn, game, template.base or template))
    people = player_ids(
        conn,
        (
            name
            for _, new in plays
            for seat, name in enumerate(new.names)
            if seat not in new.anonymous
        ),
    )
    if any(new.anonymous for _, new in plays):
        people[ANONYMOUS] = anonymous_id(conn)
    keys = [(snapshots[id(template)], new) for template, new in plays]
    if conn.dialect.name == "sqlite":
        # The write lock is held (BEGIN IMMEDIATE), so the next ids are ours to hand out;
        # SQLite would otherwise insert with RETURNING one row at a time.
        last = int(conn.execute(select(func.coalesce(func.max(m.play.c.id), 0))).scalar_one())
        ids = list(range(last + 1, last + 1 + len(plays)))
    else:  # the ids the table's own sequence hands out, then the rows as they are
        ids = sorted(
            int(i)
            for i in conn.exec_driver_sql(
                "SELECT nextval(pg_get_serial_sequence('play', 'id')) "
                f"FROM generate_series(1, {len(plays)})"
            ).scalars()
        )
    rows = [(i, new.uid, *key, *new.play) for i, (key, new) in zip(ids, keys, strict=True)]
    if tallies is not None:
        counted = tallies.games
        for row in rows:
            if row[_DELETED_AT] is None and row[_IGNORED_AT] is None:
                counts = counted.get(row[2])
                if counts is None:
                    counts = counted[row[2]] = [0, 0, 0]
                counts[0] += 1
                winning = row[_WINNING_AT]
                if winning is not None:
                    counts[1] += winning
                    counts[2] += 1
    insert_rows(conn, m.play, rows)
    del rows
    write_seats(
        conn,
        [(i, key[0], new) for i, (key, new) in zip(ids, keys, strict=True)],
        people,
        tallies,
    )
    labels: dict[int, set[str]] = {}
    for (game, _), new in keys:
        if new.extras:
            labels.setdefault(game, set()).update(label for _, _, label, _ in new.extras)
    if labels:
        when = as_datetime(max(new.play[1] for _, new in plays))  # type: ignore[type-var]
        for game, used in labels.items():
            remember_labels(conn, game, used, when)
    return ids


ANONYMOUS = "\x01anonymous"
"""The hidden anonymous player's name key: no player's name folds to it (names hold no
control characters), so nobody can take it or find it by name."""


def anonymous_id(conn: Connection) -> int:
    """The hidden player standing for anyone unnamed, made the first time it is needed."""
    query = select(m.player.c.id).where(m.player.c.name_key == ANONYMOUS)
    found = conn.execute(query).scalar()
    if found is None:
        row = {"name": "Anonymous", "name_key": ANONYMOUS, "created_at": datetime.now()}
        conn.execute(insert_ignore(conn, m.player), [{**row, "anonymous": True}])
        found = conn.execute(query).scalar_one()
    return int(found)


def write_seats(
    conn: Connection,
    plays: Sequence[tuple[int, int, PlayRows]],
    people: dict[str, int],
    tallies: Tallies | None = None,
) -> None:
    """Results (with entries) and by-hand lines of whole plays, given as (play id, game id,
    rows), with ``people`` the player ids by name as given. Plain ``executemany`` rows:
    they are the bulk of a history, so they skip SQLAlchemy's per-row parameter
    processing; values are already in their stored form.
    """
    results: list[tuple[object, ...]] = []
    extras: list[tuple[object, ...]] = []
    form = values_for(conn.dialect.name)
    add = results.append
    for play_id, game, new in plays:
        live = form.no if new.play[IGNORED_AT] else form.yes
        played = new.play[1]
        anonymous = new.anonymous
        for seat, (name, scored) in enumerate(zip(new.names, new.seats, strict=True), 1):
            person = people[ANONYMOUS if anonymous and seat - 1 in anonymous else name]
            add((play_id, seat, person, game, played, live, *scored))
        for extra in new.extras:
            extras.append((play_id, *extra))
    if tallies is not None:  # (game, total) of each live result with a total
        yes = form.yes
        tallies.totals.update(
            (row[3], row[6]) for row in results if row[5] == yes and row[6] is not None
        )
    insert_rows(conn, m.result, results, RESULT_ORDER)
    insert_rows(conn, m.extra, extras)


_PER_SEAT = ("play_id", "seat", "player_id", "game_id", "played_at", "live")
RESULT_ORDER = _PER_SEAT + tuple(c.name for c in m.result.columns if c.name not in _PER_SEAT)
"""The columns of a result row as ``write_seats`` makes it: the play's and the player's,
then the seat's tuple as it is (``PlayRows.seats``: total_halves, rank, winner, tiebreak,
entries, team, colour, board_kind, board, role, score_text)."""


def insert_rows(
    conn: Connection,
    table: Table,
    rows: list[tuple[object, ...]],
    order: Sequence[str] | None = None,
) -> None:
    """``executemany`` of positional rows in the table's column order, or in ``order``
    (column names) (PostgreSQL through psycopg: ``COPY``, the rows streamed to the
    server a piece at a time)."""
    if not rows:
        return
    if conn.dialect.name == "postgresql" and conn.dialect.driver == "psycopg":
        copy_rows(conn, table, rows, order)
        return
    mark = "?" if conn.dialect.paramstyle == "qmark" else "%s"
    names = order or [c.name for c in table.columns]
    if conn.dialect.name == "sqlite":
        names, rows = _without_nulls(table, names, rows)
    columns = ", ".join(conn.dialect.identifier_preparer.quote(c) for c in names)
    marks = ", ".join([mark] * len(names))
    conn.exec_driver_sql(f"INSERT INTO {table.name} ({columns}) VALUES ({marks})", rows)


def _without_nulls(
    table: Table, names: Sequence[str], rows: list[tuple[object, ...]]
) -> tuple[Sequence[str], list[tuple[object, ...]]]:
    """``names`` and ``rows`` without the columns that are NULL in every row and NULL
    when left out (nullable, no default): the table fills them itself. The sqlite3
    module adapts each None it binds (a type lookup and two failed attribute lookups),
    and most of an import's optional columns are None throughout (a 50 MB BG Stats
    export: six of a result's 17 values, seven of a play's 23)."""
    nulls = _NULLABLE.get(table.name)
    if nulls is None:
        nulls = _NULLABLE[table.name] = frozenset(
            c.name
            for c in table.columns
            if c.nullable and not c.primary_key and c.server_default is None
        )
    keep = [
        n
        for n, name in enumerate(names)
        if name not in nulls or any(map(is_not, map(itemgetter(n), rows), repeat(None)))
    ]
    if len(keep) == len(names) or len(keep) < 2:  # (itemgetter of one gives no tuple)
        return names, rows
    return [names[n] for n in keep], list(map(itemgetter(*keep), rows))


_NULLABLE: dict[str, frozenset[str]] = {}


def copy_rows(
    conn: Connection,
    table: Table,
    rows: Iterable[tuple[object, ...]],
    order: Sequence[str] | None = None,
) -> None:
    """Positional rows into ``table`` (in its column order, or in ``order``) by
    PostgreSQL's ``COPY`` in the connection's own transaction: no statement text or
    parameter set made per row (a 50 MB BG Stats import held 166 MB at its peak with
    ``executemany``); the driver's errors come out as SQLAlchemy's, as from any
    statement."""
    names = order or [c.name for c in table.columns]
    columns = ", ".join(conn.dialect.identifier_preparer.quote(c) for c in names)
    statement = f"COPY {table.name} ({columns}) FROM STDIN"
    raw = conn.connection.driver_connection
    error = conn.dialect.loaded_dbapi.Error
    try:
        with raw.cursor() as cursor, cursor.copy(statement) as copy:  # type: ignore[union-attr]
            write = copy.write_row
            for row in rows:
                write(row)
    except error as problem:
        raise DBAPIError.instance(statement, None, problem, error) from problem


def replace_sheet(
    conn: Connection,
    play_id: int,
    sheet: ScoredSheet,
    details: PlayDetails,
    entered: Sequence[PlayerSheet] | None = None,
) -> None:
    """An edited play: new entries and results, same id, same template snapshot.
    ``entered``: what was typed (sums are kept as typed, see ``rows.rows_of``)."""
    row = conn.execute(
        select(m.play.c.game_id, m.play.c.deleted_at, m.play.c.ignored).where(
            m.play.c.id == play_id
        )
    ).first()
    if row is None:
        raise StoreError("store.no_play", value=play_id)
    people = player_ids(conn, (p.name for p in sheet.players))
    conn.execute(delete(m.result).where(m.result.c.play_id == play_id))
    now = datetime.now()
    new = rows_of(sheet, details, "", now, now, values_for(conn.dialect.name), entered)
    write_seats(conn, [(play_id, int(row.game_id), new)], people)
    winning = [p.total for p in sheet.players if p.winner]
    conn.execute(
        update(m.play)
        .where(m.play.c.id == play_id)
        .values(
            variant=sheet.variant,
            played_at=details.played_at,
            location=details.location,
            duration=details.duration,
            notes=details.notes,
            first_seat=first_seat([p.name for p in sheet.players], details.first_player),
            started_at=details.started_at,
            player_count=len(sheet.players),
            decided_by=sheet.decided_by,
            winning_total_halves=to_halves(winning[0]) if winning else None,
            updated_at=datetime.now(),
            **dict(zip(("result_kind", "outcome", "modules"), result_columns(sheet), strict=True)),
        )
    )
    if row.deleted_at is not None or row.ignored:
        conn.execute(update(m.result).where(m.result.c.play_id == play_id).values(live=False))
    labels = {e.label for p in sheet.players for e in p.extra}
    remember_labels(conn, int(row.game_id), labels, details.played_at)


def edit_sheet(
    conn: Connection,
    play_id: int,
    sheet: ScoredSheet,
    details: PlayDetails,
    entered: Sequence[PlayerSheet] | None = None,
) -> PlayVersion:
    """``replace_sheet``, keeping the version it replaces (``put_back`` undoes it)."""
    play = conn.execute(select(m.play).where(m.play.c.id == play_id)).first()
    if play is None:
        raise StoreError("store.no_play", value=play_id)
    results = conn.execute(select(m.result).where(m.result.c.play_id == play_id)).all()
    extras = conn.execute(select(m.extra).where(m.extra.c.play_id == play_id)).all()
    wanted = {name_key(p.name): p.name for p in sheet.players}
    known = _ids(conn, wanted)
    replace_sheet(conn, play_id, sheet, details, entered)
    new = _ids(conn, {key: name for key, name in wanted.items() if key not in known})
    edited_at = conn.execute(select(m.play.c.updated_at).where(m.play.c.id == play_id))
    return PlayVersion(
        play_id,
        {k: v for k, v in play._mapping.items() if k not in _LEFT_AS_THEY_ARE},
        tuple(dict(r._mapping) for r in results),
        tuple(dict(e._mapping) for e in extras),
        as_datetime(edited_at.scalar_one()),
        tuple(sorted(new.values())),
    )


_LEFT_AS_THEY_ARE = ("id", "deleted_at", "ignored")
"""What undoing an edit does not touch: whether the play is deleted or ignored is no part
of an edit."""


def put_back(conn: Connection, version: PlayVersion) -> None:
    """The play as it was before an edit (``edit_sheet``), entries, details, first player,
    colours and boards, marked changed now; StoreError when it is gone or was changed
    again since."""
    play_id = version.play_id
    now = conn.execute(select(m.play.c.updated_at).where(m.play.c.id == play_id)).first()
    if now is None:
        raise StoreError("store.no_play", value=play_id)
    if as_datetime(now.updated_at) != version.edited_at:
        raise StoreError("store.edited_since")
    conn.execute(delete(m.extra).where(m.extra.c.play_id == play_id))
    conn.execute(delete(m.result).where(m.result.c.play_id == play_id))
    conn.execute(m.result.insert(), [dict(r) for r in version.results])
    if version.extras:
        conn.execute(m.extra.insert(), [dict(e) for e in version.extras])
    # changed now, by the undo: a later edit is told apart from the one undone
    changed = max(datetime.now(), version.edited_at + timedelta(microseconds=1))
    values = {**version.play, "updated_at": changed}
    conn.execute(update(m.play).where(m.play.c.id == play_id).values(**values))
    _set_live(conn, play_id)
    if version.new_players:
        has_play = exists().where(m.result.c.player_id == m.player.c.id)
        conn.execute(delete(m.player).where(m.player.c.id.in_(version.new_players), ~has_play))


def set_deleted(conn: Connection, play_id: int, deleted: bool) -> None:
    """Delete a play (kept, hidden, so it can be restored) or restore it."""
    when = datetime.now() if deleted else None
    done = conn.execute(update(m.play).where(m.play.c.id == play_id).values(deleted_at=when))
    if not done.rowcount:
        raise StoreError("store.no_play", value=play_id)
    _set_live(conn, play_id)


def set_ignored(conn: Connection, play_id: int, ignored: bool) -> None:
    """Leave a play out of every statistic (kept and listed, marked ignored) or count it
    again."""
    done = conn.execute(
        update(m.play).where(m.play.c.id == play_id).values(ignored=True if ignored else None)
    )
    if not done.rowcount:
        raise StoreError("store.no_play", value=play_id)
    _set_live(conn, play_id)


def _set_live(conn: Connection, play_id: int) -> None:
    """The play's results count in stats when it is neither deleted nor ignored."""
    row = conn.execute(
        select(m.play.c.deleted_at, m.play.c.ignored).where(m.play.c.id == play_id)
    ).one()
    live = row.deleted_at is None and not row.ignored
    conn.execute(update(m.result).where(m.result.c.play_id == play_id).values(live=live))


def purge_play(conn: Connection, play_id: int) -> None:
    """Remove a play for good (its results, entries and by-hand lines go with it)."""
    done = conn.execute(delete(m.play).where(m.play.c.id == play_id))
    if not done.rowcount:
        raise StoreError("store.no_play", value=play_id)


def find_player(conn: Connection, name: str) -> int:
    found = conn.execute(select(m.player.c.id).where(m.player.c.name_key == name_key(name)))
    player = found.scalar()
    if player is None:
        raise StoreError("store.no_player", value=quote(name))
    return int(player)


def rename_player(conn: Connection, old: str, new: str) -> None:
    player = find_player(conn, old)
    cleaned = clean_name(new)
    clash = conn.execute(
        select(m.player.c.id).where(m.player.c.name_key == name_key(cleaned))
    ).scalar()
    if clash is not None and clash != player:
        raise StoreError("store.player_exists", value=quote(cleaned))
    conn.execute(
        update(m.player)
        .where(m.player.c.id == player)
        .values(name=cleaned, name_key=name_key(cleaned))
    )


def merge_players(conn: Connection, source: str, target: str) -> None:
    """Fold ``source``'s plays into ``target`` (one person with two profiles)."""
    gone, kept = find_player(conn, source), find_player(conn, target)
    if gone == kept:
        raise StoreError("store.merge_same", value=quote(source))
    a, b = m.result.alias("a"), m.result.alias("b")
    shared = conn.execute(
        select(func.min(a.c.play_id))
        .select_from(a.join(b, and_(a.c.play_id == b.c.play_id, b.c.player_id == kept)))
        .where(a.c.player_id == gone)
    ).scalar()
    if shared is not None:
        raise StoreError("store.merge_same_play", a=quote(source), b=quote(target), play=shared)
    conn.execute(update(m.result).where(m.result.c.player_id == gone).values(player_id=kept))
    conn.execute(delete(m.player).where(m.player.c.id == gone))
