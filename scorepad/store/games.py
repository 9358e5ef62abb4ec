"""Games in the history: rows for built-in games, user-defined games, snapshots and labels.

A user-defined game is a template file kept in the database and validated by the same
loader as the built-in files. Every play points at a snapshot of the exact template it was
scored with (deduplicated by a digest), so editing a game never changes an old result.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, MutableMapping
from datetime import datetime
from itertools import islice
from typing import Any

from sqlalchemy import Connection, Insert, Table, func, select, update

import scorepad.store.models as m
from scorepad.core import GameTemplate, builtin_games, load_template
from scorepad.core.catalogue import builtin_entries
from scorepad.core.errors import quote
from scorepad.core.game_index import GameEntry, entries_of
from scorepad.core.i18n import LANGS, pick, tr
from scorepad.core.quick import (
    QuickGame,
    check_quick,
    is_quick,
    quick_data,
    quick_id,
    without_marker,
)
from scorepad.core.sheetrules import not_on_sheet
from scorepad.store.errors import StoreError
from scorepad.store.values import canonical, digest, dump, load

LABEL_LENGTH = 200


def insert_ignore(conn: Connection, table: Table) -> Insert:
    """INSERT … ON CONFLICT DO NOTHING in the connection's dialect."""
    if conn.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as pg_insert

        return pg_insert(table).on_conflict_do_nothing()
    from sqlalchemy.dialects.sqlite import insert as sqlite_insert

    return sqlite_insert(table).on_conflict_do_nothing()


def custom_templates(conn: Connection, *, deleted: bool = False) -> dict[str, GameTemplate]:
    query = select(m.game.c.key, m.game.c.definition).where(m.game.c.builtin.is_(False))
    if not deleted:
        query = query.where(m.game.c.deleted_at.is_(None))
    return {
        key: load_template(load(text), f"game {key}") for key, text in conn.execute(query) if text
    }


class Games(MutableMapping[str, GameTemplate]):
    """The user's games over the shipped ones, in the order ``{**shipped, **mine}`` has:
    a shipped game's file is read only when that game is asked for (ids and ``in`` read
    none). A game added goes with the user's."""

    def __init__(self, mine: dict[str, GameTemplate], shipped: Mapping[str, GameTemplate]) -> None:
        self.mine = mine
        self.shipped = shipped

    def __getitem__(self, key: str) -> GameTemplate:
        return self.mine[key] if key in self.mine else self.shipped[key]

    def __setitem__(self, key: str, game: GameTemplate) -> None:
        self.mine[key] = game

    def __delitem__(self, key: str) -> None:
        del self.mine[key]

    def __contains__(self, key: object) -> bool:
        return key in self.mine or key in self.shipped

    def __iter__(self) -> Iterator[str]:
        yield from self.shipped
        yield from (key for key in self.mine if key not in self.shipped)

    def __len__(self) -> int:
        return len(self.shipped) + sum(key not in self.shipped for key in self.mine)


def shipped_games() -> Mapping[str, GameTemplate]:
    """The games shipped with Scorepad (co-operative and team games among them), each
    read on first use."""
    return builtin_games()


def app_templates(conn: Connection) -> Games:
    """The games the app offers: built-in and user-defined, without games whose award or
    tally lines are filled round by round (shipped or the user's): the app's sheet cannot
    show those yet. A built-in game is read only when asked for (``app_entries`` lists
    them)."""
    mine = {key: game for key, game in custom_templates(conn).items() if not_on_sheet(game) is None}
    shown = {key for key, entry in builtin_entries().items() if entry.on_sheet}
    return Games(mine, builtin_games().only(shown))


def all_templates(conn: Connection) -> Games:
    """Every game a sheet file or a saved play may name: the shipped games and the user's
    own, by id. A user's game that took a shipped game's id before Scorepad shipped that
    game stays theirs."""
    return Games(custom_templates(conn), shipped_games())


def app_entries(conn: Connection) -> dict[str, GameEntry]:
    """What the picker lists of ``app_templates``: the built-in games from their index."""
    mine = entries_of(custom_templates(conn))
    shipped = {key: entry for key, entry in builtin_entries().items() if entry.on_sheet}
    return {**shipped, **{key: entry for key, entry in mine.items() if entry.on_sheet}}


def all_entries(conn: Connection) -> dict[str, GameEntry]:
    """What ``scorepad games`` lists of ``all_templates``."""
    return {**builtin_entries(), **entries_of(custom_templates(conn))}


def template_for(conn: Connection, key: str) -> GameTemplate:
    games = all_templates(conn)
    if key not in games:
        choices = ", ".join(quote(g) for g in games)
        raise StoreError("store.no_game", value=quote(key), choices=choices)
    return games[key]


def game_id(conn: Connection, template: GameTemplate) -> int:
    """The row of the game a template belongs to, made on first use.

    A built-in game gets its row the first time it is played; a user-defined game met
    only in an imported file is added from the template its plays were scored with.
    """
    found = conn.execute(select(m.game.c.id).where(m.game.c.key == template.id)).scalar()
    if found is not None:
        return int(found)
    builtin = template.id in shipped_games()
    now = datetime.now()
    conn.execute(
        insert_ignore(conn, m.game),
        {
            "key": template.id,
            "builtin": builtin,
            "name": dump(dict(template.name)),
            "definition": None if builtin else canonical(template.source),
            "version": template.version,
            "created_at": now,
            "updated_at": now,
        },
    )
    return int(conn.execute(select(m.game.c.id).where(m.game.c.key == template.id)).scalar_one())


def snapshot_id(conn: Connection, game: int, template: GameTemplate) -> int:
    text = canonical(template.source)
    key = digest(text)
    found = conn.execute(select(m.snapshot.c.id).where(m.snapshot.c.digest == key)).scalar()
    if found is not None:
        return int(found)
    row = {"game_id": game, "version": template.version, "digest": key, "source": text}
    conn.execute(insert_ignore(conn, m.snapshot), row)
    return int(conn.execute(select(m.snapshot.c.id).where(m.snapshot.c.digest == key)).scalar_one())


def remember_labels(conn: Connection, game: int, labels: Iterable[str], when: datetime) -> None:
    """Keep the by-hand line labels used with a game so the sheet offers them next time."""
    wanted = {label[:LABEL_LENGTH] for label in labels}
    if not wanted:
        return
    table = m.game_label
    known = set(
        conn.execute(
            select(table.c.label).where(table.c.game_id == game, table.c.label.in_(wanted))
        ).scalars()
    )
    if known:
        conn.execute(
            update(table)
            .where(table.c.game_id == game, table.c.label.in_(known), table.c.used_at < when)
            .values(used_at=when)
        )
    fresh = [{"game_id": game, "label": label, "used_at": when} for label in wanted - known]
    if fresh:
        conn.execute(insert_ignore(conn, table), fresh)


def labels(conn: Connection, key: str) -> list[str]:
    """By-hand labels used with a game, most recently used first."""
    query = (
        select(m.game_label.c.label)
        .join(m.game, m.game.c.id == m.game_label.c.game_id)
        .where(m.game.c.key == key)
        .order_by(m.game_label.c.used_at.desc(), m.game_label.c.label)
    )
    return list(conn.execute(query).scalars())


def save_custom(
    conn: Connection, definition: str | Mapping[str, Any], source: str, *, replace: bool
) -> GameTemplate:
    """Create (or, with ``replace``, edit) a user-defined game after full validation."""
    template = load_template(definition, source)
    row = conn.execute(
        select(m.game.c.id, m.game.c.deleted_at, m.game.c.builtin).where(
            m.game.c.key == template.id
        )
    ).first()
    # A built-in id is refused, unless the user's own game had it before Scorepad shipped
    # a game of that id: that game stays theirs to edit.
    if template.id in shipped_games() and (row is None or row.builtin):
        raise StoreError("store.builtin_game", value=quote(template.id))
    now = datetime.now()
    values = {
        "name": dump(dict(template.name)),
        "definition": canonical(template.source),
        "version": template.version,
        "updated_at": now,
        "deleted_at": None,
    }
    if row is None:
        conn.execute(
            m.game.insert().values(key=template.id, builtin=False, created_at=now, **values)
        )
    elif replace or row.deleted_at is not None:
        conn.execute(update(m.game).where(m.game.c.id == row.id).values(**values))
    else:
        raise StoreError("store.game_exists", value=quote(template.id))
    return template


def set_deleted(conn: Connection, key: str, deleted: bool) -> None:
    """Hide (or bring back) a user-defined game; its plays and their snapshots stay."""
    query = update(m.game).where(m.game.c.key == key, m.game.c.builtin.is_(False))
    done = conn.execute(query.values(deleted_at=datetime.now() if deleted else None))
    if not done.rowcount:
        raise StoreError("store.not_custom", value=quote(key))


def custom_games(conn: Connection, *, deleted: bool = False) -> list[tuple[GameTemplate, bool]]:
    query = select(m.game.c.key, m.game.c.definition, m.game.c.deleted_at).where(
        m.game.c.builtin.is_(False)
    )
    if not deleted:
        query = query.where(m.game.c.deleted_at.is_(None))
    return [
        (load_template(load(text), f"game {key}"), gone is not None)
        for key, text, gone in conn.execute(query.order_by(m.game.c.key))
    ]


COPY = "mine"
"""A copy of a shipped game is the user's game ``<id>-mine`` (then ``-mine-2``…), as the
Custom games screen's Copy names it."""


def own_copy(conn: Connection, key: str) -> GameTemplate | None:
    """The user's own copy of game ``key``: the game itself when it is theirs; for a
    shipped game, their game ``<key>-mine`` (or ``-mine-2``…) that still holds every line
    of the shipped game unchanged (a copy they changed since is not taken for one);
    None when there is none yet."""
    mine = custom_templates(conn)
    if key in mine and not _is_shipped(conn, key):
        return mine[key]
    original = template_for(conn, key)
    for candidate in islice(_copy_ids(key), len(mine) + 1):
        found = mine.get(candidate)
        if found is not None and _holds(found, original):
            return found
    return None


def keep_line(conn: Connection, key: str, line: Mapping[str, Any]) -> GameTemplate:
    """Add ``line`` (a line as a game file writes it) to the user's own copy of game
    ``key`` (``own_copy``) and return that copy: the game itself when it is theirs (its
    version goes up), else their copy of the shipped game, made now when they have none
    ("Azul (my copy)", ``azul-mine``). A shipped game never changes; plays already saved
    keep the template they were scored with."""
    target = own_copy(conn, key)
    if target is None:
        original = template_for(conn, key)
        taken = set(conn.execute(select(m.game.c.key)).scalars())
        new_id = next(c for c in _copy_ids(key) if c not in taken)
        data = dict(original.source)
        data["id"], data["version"] = new_id, 1
        data["name"] = {
            lang: tr("store.copy_name", lang, name=pick(original.name, lang)) for lang in LANGS
        }
    else:
        data = dict(target.source)
        data["version"] = int(target.version) + 1
    data["lines"] = [*_lines(data), dict(line)]
    return save_custom(conn, data, f"game {data['id']}", replace=target is not None)


def _is_shipped(conn: Connection, key: str) -> bool:
    """A shipped game's id, unless the user's game had it first (``save_custom``)."""
    if key not in shipped_games():
        return False
    builtin = conn.execute(select(m.game.c.builtin).where(m.game.c.key == key)).scalar()
    return builtin is None or bool(builtin)


def _copy_ids(key: str) -> Iterable[str]:
    yield f"{key}-{COPY}"
    n = 2
    while True:
        yield f"{key}-{COPY}-{n}"
        n += 1


def _lines(source: Mapping[str, object]) -> list[object]:
    lines = source.get("lines", [])
    return list(lines) if isinstance(lines, list) else []


def _holds(copy: GameTemplate, original: GameTemplate) -> bool:
    lines = _lines(copy.source)
    return all(line in lines for line in _lines(original.source))


# --- quick games ----------------------------------------------------------------------
def save_quick(conn: Connection, game: QuickGame) -> GameTemplate:
    """The user's game for a quick game's options (``core.quick``): made under
    ``quick_id(name)``, or that game updated to these options (its next version: plays
    already saved keep the snapshot they were scored with), or left as it is when the
    options are the same. An id taken by a game that is not a quick one (a custom game,
    a quick game kept as a game of its own) moves the quick game on to ``<id>-2``, ``-3``…
    The game keeps the name it was first given: the same name typed in other capitals or
    spacing finds it, and does not rename it."""
    check_quick(game)
    base = quick_id(game.title)
    for candidate in _quick_ids(base):
        row = conn.execute(
            select(m.game.c.builtin, m.game.c.definition, m.game.c.deleted_at).where(
                m.game.c.key == candidate
            )
        ).first()
        if row is None:
            if candidate in shipped_games():
                continue
            data = quick_data(game, candidate)
            return save_custom(conn, data, f"game {candidate}", replace=False)
        if row.builtin or not row.definition:
            continue
        known = load_template(load(row.definition), f"game {candidate}")
        if not is_quick(known):
            continue
        data = quick_data(game, candidate, int(known.version))
        data["name"] = dict(known.name)  # "cosmic encounter" typed keeps "Cosmic Encounter"
        if data == known.source and row.deleted_at is None:
            return known
        data["version"] = int(known.version) + 1
        return save_custom(conn, data, f"game {candidate}", replace=True)
    raise AssertionError("unreachable: the ids go on")  # pragma: no cover


def _quick_ids(base: str) -> Iterable[str]:
    yield base
    n = 2
    while True:
        yield f"{base}-{n}"
        n += 1


def quick_games(conn: Connection) -> list[GameTemplate]:
    """The quick games not yet kept as games of their own (nor deleted), the most
    recently played first, then the most recently made or changed."""
    rows = conn.execute(
        select(m.game.c.id, m.game.c.key, m.game.c.definition, m.game.c.updated_at).where(
            m.game.c.builtin.is_(False),
            m.game.c.deleted_at.is_(None),
            m.game.c.definition.like('%"quick"%'),
        )
    ).all()
    found = []
    for row in rows:
        template = load_template(load(row.definition), f"game {row.key}")
        if is_quick(template):
            found.append((row.id, row.updated_at, template))
    if not found:
        return []
    last = dict(
        conn.execute(
            select(m.play.c.game_id, func.max(m.play.c.played_at))
            .where(m.play.c.game_id.in_([r[0] for r in found]), m.play.c.deleted_at.is_(None))
            .group_by(m.play.c.game_id)
        ).all()
    )
    never = datetime.min
    found.sort(key=lambda r: (last.get(r[0]) or never, r[1], r[2].id), reverse=True)
    return [template for _, _, template in found]


def keep_quick(conn: Connection, key: str) -> GameTemplate:
    """A quick game turned into a game of its own: the marker dropped, in its next
    version under the same id, so every play keeps its game and its snapshot."""
    row = conn.execute(
        select(m.game.c.builtin, m.game.c.definition).where(m.game.c.key == key)
    ).first()
    if row is None:
        template_for(conn, key)  # names the games there are
    template = (
        load_template(load(row.definition), f"game {key}")
        if row is not None and not row.builtin and row.definition
        else None
    )
    if template is None or not is_quick(template):
        raise StoreError("quick.not_quick", value=quote(key))
    return save_custom(conn, without_marker(template), f"game {key}", replace=True)
