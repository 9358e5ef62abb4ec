"""Reading plays back: the history page, one play in full, the players.

The page is one statement: an inner query picks the page's play ids from an index (newest
first, optionally by player through the per-player result index, or by game), and the
outer query joins their results and names. Results come back as plain records.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from sqlalchemy import Connection, bindparam, case, func, select, true

import scorepad.store.models as m
from scorepad.core import ExtraLine, GameTemplate, PlayerSheet, ScoredSheet, score
from scorepad.core.errors import quote
from scorepad.core.finding import Played, fold
from scorepad.store.bgsread import exact_total
from scorepad.store.boards import stored_board
from scorepad.store.database import Database
from scorepad.store.errors import StoreError
from scorepad.store.prepared import Prepared, as_datetime
from scorepad.store.records import (
    Page,
    PlayerInfo,
    PlayFilter,
    PlayRecord,
    PlaySummary,
    SeatResult,
)
from scorepad.store.rows import has_sum, seat_names
from scorepad.store.values import from_halves, load, name_key, snapshot_template

PAGE_SIZE = 50


@lru_cache(maxsize=64)
def page_statement(
    player: bool, game: bool, since: bool, until: bool, text: bool, module: bool = False
) -> Prepared:
    """The page query for one combination of filters, built once; values are bound.

    An inner query picks the page's play ids from an index (newest first, through the
    per-player result index when a player is asked for), and the outer query joins their
    results and names.
    """
    p, r, g, pl = m.play, m.result, m.game, m.player
    if player:
        inner = select(r.c.play_id.label("id"), r.c.played_at).where(
            r.c.player_id == bindparam("player"), r.c.live == true()
        )
        when, order_id = r.c.played_at, r.c.play_id
        if game or text or module:
            inner = inner.join(p, p.c.id == r.c.play_id)
    else:
        inner = select(p.c.id, p.c.played_at).where(p.c.deleted_at.is_(None))
        when, order_id = p.c.played_at, p.c.id
    if game:
        game_id = select(g.c.id).where(g.c.key == bindparam("game")).scalar_subquery()
        inner = inner.where(p.c.game_id == game_id)
    if since:
        inner = inner.where(when >= bindparam("since"))
    if until:
        inner = inner.where(when < bindparam("until"))
    if text:
        inner = inner.where(func.lower(p.c.notes).like(bindparam("text"), escape="/"))
    if module:  # the play's JSON list of module ids holds this one, quoted
        inner = inner.where(p.c.modules.like(bindparam("module"), escape="/"))
    ids = (
        inner.order_by(when.desc(), order_id.desc())
        .limit(bindparam("limit"))
        .offset(bindparam("offset"))
        .subquery("page")
    )
    return Prepared(
        select(
            p.c.id,
            p.c.uid,
            g.c.key,
            g.c.name,
            p.c.variant,
            p.c.played_at,
            p.c.location,
            p.c.duration,
            p.c.notes,
            r.c.player_id,
            pl.c.name.label("player"),
            r.c.total_halves,
            r.c.rank,
            r.c.winner,
            p.c.result_kind,
            p.c.outcome,
            p.c.modules,
            r.c.team,
            pl.c.anonymous,
            p.c.ignored,
            p.c.first_seat,
            r.c.colour,
            p.c.started_at,
            r.c.board_kind,
            r.c.board,
            r.c.score_text,
            r.c.role,
        )
        .select_from(ids)
        .join(p, p.c.id == ids.c.id)
        .join(g, g.c.id == p.c.game_id)
        .join(r, r.c.play_id == p.c.id)
        .join(pl, pl.c.id == r.c.player_id)
        .order_by(ids.c.played_at.desc(), ids.c.id.desc(), r.c.seat)
    )


PLAYER_ID = Prepared(select(m.player.c.id).where(m.player.c.name_key == bindparam("key")))
NAMED = Prepared(select(m.player.c.id, m.player.c.name).where(m.player.c.anonymous.is_(None)))


def player_id(db: Database, cursor: Any, name: str) -> int:
    """The player a filter names: by name without case or extra spaces ("ana  GARCÍA"),
    else without accents either ("chloe" is Chloé) when that leaves one player;
    StoreError when it leaves none, or several to choose from."""
    found = PLAYER_ID.run(db, cursor, {"key": name_key(name)})
    if found:
        return int(found[0][0])
    wanted = _folded(name)
    alike = sorted((n, int(i)) for i, n in NAMED.run(db, cursor, {}) if _folded(n) == wanted)
    if not alike:
        raise StoreError("store.no_player", value=quote(name))
    if len(alike) > 1:
        names = ", ".join(quote(n) for n, _ in alike)
        raise StoreError("store.which_player", value=quote(name), names=names)
    return alike[0][1]


def _folded(name: str) -> str:
    return fold(" ".join(name.split()))


def list_plays(
    db: Database, filters: PlayFilter | None = None, limit: int = PAGE_SIZE, offset: int = 0
) -> Page:
    """One page of the history, newest first."""
    f = filters or PlayFilter()
    params: dict[str, object] = {"limit": limit + 1, "offset": offset}
    with db.cursor() as cursor:
        if f.player is not None:
            params["player"] = player_id(db, cursor, f.player)
        _fill(params, f)
        query = page_statement(
            f.player is not None,
            f.game is not None,
            f.since is not None,
            f.until is not None,
            bool(f.text),
            f.module is not None,
        )
        plays = summaries(query.run(db, cursor, params))
    return Page(tuple(plays[:limit]), offset, len(plays) > limit)


def _fill(params: dict[str, object], f: PlayFilter) -> None:
    if f.game is not None:
        params["game"] = f.game
    if f.since is not None:
        params["since"] = f.since
    if f.until is not None:
        params["until"] = f.until
    if f.text:
        escaped = f.text.lower().replace("/", "//").replace("%", "/%").replace("_", "/_")
        params["text"] = f"%{escaped}%"
    if f.module is not None:
        escaped = f.module.replace("/", "//").replace("%", "/%").replace("_", "/_")
        params["module"] = f'%"{escaped}"%'


def summaries(rows: Iterable[Any]) -> list[PlaySummary]:
    plays: list[PlaySummary] = []
    current: list[Any] = []
    seats: list[SeatResult] = []
    for row in rows:
        if not current or current[0] != row[0]:
            if current:
                plays.append(_summary(current, seats))
            current, seats = list(row), []
        total = row[11]
        seats.append(
            SeatResult(
                row[9],
                row[10],
                from_halves(total) if total is not None else exact_total(None, row[25]),
                row[12],
                bool(row[13]),
                row[17],
                bool(row[18]),
                row[21],
                stored_board(row[23], row[24]),
                row[26],
            )
        )
    if current:
        plays.append(_summary(current, seats))
    return plays


def _summary(row: list[Any], seats: list[SeatResult]) -> PlaySummary:
    return PlaySummary(
        row[0],
        row[1],
        row[2],
        _name(row[3]),
        row[4],
        as_datetime(row[5]),
        row[6],
        row[7],
        row[8],
        tuple(seats),
        row[14],
        row[15],
        tuple(load(row[16])) if row[16] else (),
        bool(row[19]),
        row[20],
        as_datetime(row[22]) if row[22] is not None else None,
    )


@lru_cache(maxsize=256)
def _name(text: str) -> dict[str, str]:
    return load(text)


@lru_cache(maxsize=64)
def cached_template(source: str, label: str) -> GameTemplate:
    return snapshot_template(source, label)


def get_play(conn: Connection, play_id: int) -> PlayRecord:
    """One play in full, re-scored with the template snapshot it was saved with."""
    p, s = m.play, m.snapshot
    head = conn.execute(
        select(p, s.c.source, s.c.version.label("template_version"))
        .join(s, s.c.id == p.c.snapshot_id)
        .where(p.c.id == play_id)
    ).first()
    if head is None:
        raise StoreError("store.no_play", value=play_id)
    template = cached_template(head.source, f"play {play_id}")
    query = (
        select(
            m.result.c.seat,
            m.result.c.player_id,
            m.player.c.name,
            m.result.c.entries,
            m.result.c.team,
            m.player.c.anonymous,
            m.result.c.total_halves,
            m.result.c.rank,
            m.result.c.winner,
            m.result.c.colour,
            m.result.c.board_kind,
            m.result.c.board,
            m.result.c.score_text,
            m.result.c.role,
        )
        .join(m.player, m.player.c.id == m.result.c.player_id)
        .where(m.result.c.play_id == play_id)
        .order_by(m.result.c.seat)
    )
    seats = conn.execute(query).all()
    names = seat_names([(s.name, bool(s.anonymous)) for s in seats])
    lines: dict[int, dict[str, object]] = {seat.seat: load(seat.entries) for seat in seats}
    extra: dict[int, list[ExtraLine]] = {seat.seat: [] for seat in seats}
    for seat, label, halves in conn.execute(
        select(m.extra.c.seat, m.extra.c.label, m.extra.c.points_halves)
        .where(m.extra.c.play_id == play_id)
        .order_by(m.extra.c.seat, m.extra.c.position)
    ):
        extra[seat].append(ExtraLine(label, from_halves(halves)))
    teamed = template.result is not None and template.result.kind == "teams"
    sheets = [  # an imported play may keep teams its game is not played in: kept per seat
        PlayerSheet(n, lines[s.seat], tuple(extra[s.seat]), s.team if teamed else None)
        for n, s in zip(names, seats, strict=True)
    ]
    sheet = score(
        template,
        head.variant,
        sheets,
        outcome="won" if head.outcome == "mixed" else head.outcome,  # each seat's as given
        modules=load(head.modules) if head.modules else None,
    )
    imported = load(head.imported) if head.imported else {}
    if imported:  # the source's result stands (BG Stats' winners and ranks)
        sheet = given_result(sheet, [(int(s.rank), bool(s.winner)) for s in seats])
    game = conn.execute(select(m.game.c.key, m.game.c.name).where(m.game.c.id == head.game_id))
    key, name = game.one()
    results = tuple(
        SeatResult(
            s.player_id,
            s.name,
            r.total if s.total_halves is not None else exact_total(None, s.score_text),
            r.rank,
            r.winner,
            s.team,
            bool(s.anonymous),
            s.colour,
            stored_board(s.board_kind, s.board),
            s.role,
        )
        for s, r in zip(seats, sheet.players, strict=True)
    )
    summary = PlaySummary(
        head.id,
        head.uid,
        key,
        _name(name),
        head.variant,
        head.played_at,
        head.location,
        head.duration,
        head.notes,
        results,
        head.result_kind,
        head.outcome,
        sheet.modules,
        bool(head.ignored),
        head.first_seat,
        head.started_at,
    )
    typed = tuple(
        {k: v for k, v in lines[s.seat].items() if type(v) is not int and has_sum(v)} for s in seats
    )
    return PlayRecord(
        summary,
        sheet,
        head.template_version,
        head.created_at,
        head.updated_at,
        head.deleted_at,
        typed if any(typed) else (),
        imported,
    )


def given_result(sheet: ScoredSheet, given: list[tuple[int, bool]]) -> ScoredSheet:
    """The sheet with each seat's rank and win as the source recorded them."""
    players = tuple(
        p._replace(rank=rank, winner=won)
        for p, (rank, won) in zip(sheet.players, given, strict=True)
    )
    if players == sheet.players:
        return sheet
    return sheet._replace(players=players, winners=tuple(p.name for p in players if p.winner))


def players(conn: Connection) -> list[PlayerInfo]:
    """Every player with the number of plays they are in and won, by name (one pass over
    the results: the Stats screen's share of wins needs everyone's at once)."""
    won = case((m.result.c.winner == true(), 1), else_=0)
    plays = (
        select(
            m.result.c.player_id,
            func.count().label("plays"),
            func.sum(won).label("wins"),
        )
        .where(m.result.c.live == true())
        .group_by(m.result.c.player_id)
        .subquery()
    )
    query = (
        select(
            m.player.c.id,
            m.player.c.name,
            func.coalesce(plays.c.plays, 0),
            func.coalesce(plays.c.wins, 0),
        )
        .outerjoin(plays, plays.c.player_id == m.player.c.id)
        .where(m.player.c.anonymous.is_(None))
        .order_by(m.player.c.name_key)
    )
    return [PlayerInfo(int(i), n, int(c), int(w)) for i, n, c, w in conn.execute(query)]


def last_colours(conn: Connection, names: Sequence[str]) -> dict[str, str]:
    """Each name's colour in their latest play that gave them one (deleted plays too: a
    colour is a habit, not a result)."""
    wanted = {name_key(name): name for name in names}
    found: dict[str, str] = {}
    r, pl = m.result, m.player
    rows = conn.execute(
        select(pl.c.name_key, r.c.colour)
        .join(pl, pl.c.id == r.c.player_id)
        .where(pl.c.name_key.in_(list(wanted)), r.c.colour.is_not(None))
        .order_by(r.c.played_at.desc(), r.c.play_id.desc())
    )
    for key, colour in rows:
        found.setdefault(wanted[key], str(colour))
    return found


def played_games(conn: Connection) -> dict[str, Played]:
    """Each game with a play kept in the history: how many, and when the last was (one
    pass over ``ix_play_game``)."""
    p, g = m.play, m.game
    rows = conn.execute(
        select(g.c.key, func.count(), func.max(p.c.played_at))
        .join(g, g.c.id == p.c.game_id)
        .where(p.c.deleted_at.is_(None))
        .group_by(g.c.key)
    )
    return {str(key): Played(int(plays), as_datetime(last)) for key, plays, last in rows}


def deleted_plays(conn: Connection) -> list[int]:
    query = select(m.play.c.id).where(m.play.c.deleted_at.is_not(None)).order_by(m.play.c.id)
    return [int(i) for i in conn.execute(query).scalars()]
