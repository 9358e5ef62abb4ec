"""The history's counted plays as ``club.facts`` values, oldest first, in one pass.

Three statements on one cursor: the plays (neither deleted nor left out) in (played_at, id)
order, their seats in the results' own key order (play, seat: a plain walk of the table,
no sort) and the players' names (a few hundred rows, not joined to every seat). With
``since`` the plays are found through ``ix_play_recent`` and only their seats are read.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import bindparam, select, true

import scorepad.store.models as m
from scorepad.club.facts import PlayFact, SeatFact, many_objects
from scorepad.store.database import Database
from scorepad.store.prepared import Prepared, as_datetime

p, r, g, pl = m.play, m.result, m.game, m.player

PLAYS = Prepared(
    select(
        p.c.id,
        p.c.uid,
        g.c.key,
        p.c.played_at,
        p.c.started_at,
        p.c.duration,
        p.c.result_kind,
        p.c.outcome,
        p.c.location,
    )
    .join(g, g.c.id == p.c.game_id)
    .where(p.c.deleted_at.is_(None), p.c.ignored.is_(None))
    .order_by(p.c.played_at, p.c.id)
)
SEAT_COLUMNS = (
    r.c.play_id,
    r.c.player_id,
    r.c.rank,
    r.c.winner,
    r.c.total_halves,
    r.c.team,
)
SEATS = Prepared(select(*SEAT_COLUMNS).where(r.c.live == true()).order_by(r.c.play_id, r.c.seat))
SEATS_SINCE = Prepared(
    # the plays found through ix_play_recent first, then their seats by key: a join lets
    # SQLite walk every seat instead
    select(*SEAT_COLUMNS)
    .where(
        r.c.play_id.in_(
            select(p.c.id).where(
                p.c.played_at >= bindparam("since"),
                p.c.deleted_at.is_(None),
                p.c.ignored.is_(None),
            )
        ),
        r.c.live == true(),
    )
    .order_by(r.c.play_id, r.c.seat)
)
PLAYS_SINCE = Prepared(
    select(*PLAYS.statement.selected_columns)
    .join(g, g.c.id == p.c.game_id)
    .where(
        p.c.played_at >= bindparam("since"),
        p.c.deleted_at.is_(None),
        p.c.ignored.is_(None),
    )
    .order_by(p.c.played_at, p.c.id)
)
NAMES = Prepared(select(pl.c.id, pl.c.name, pl.c.anonymous))


def read_facts(db: Database, since: datetime | None = None) -> tuple[PlayFact, ...]:
    """Every counted play (ended at ``since`` or later, when given), oldest first."""
    with many_objects():
        with db.cursor() as cursor:
            if since is None:
                plays = PLAYS.run(db, cursor, {})
                seats = SEATS.run(db, cursor, {})
            else:
                plays = PLAYS_SINCE.run(db, cursor, {"since": since})
                seats = SEATS_SINCE.run(db, cursor, {"since": since})
            names = {
                pid: (name, bool(anonymous)) for pid, name, anonymous in NAMES.run(db, cursor, {})
            }
        by_play: dict[int, list[SeatFact]] = {}
        for play_id, player_id, rank, winner, total, team in seats:
            name, anonymous = names[player_id]
            seat = SeatFact(name, player_id, rank, bool(winner), total, team, anonymous)
            found = by_play.get(play_id)
            if found is None:
                by_play[play_id] = [seat]
            else:
                found.append(seat)
        return tuple(
            PlayFact(
                play_id,
                uid,
                key,
                as_datetime(played),
                as_datetime(started),
                minutes,
                kind,
                outcome,
                location,
                tuple(by_play.get(play_id, ())),
            )
            for play_id, uid, key, played, started, minutes, kind, outcome, location in plays
        )
