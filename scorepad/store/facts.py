"""The history's counted plays as ``club.facts`` values, oldest first, in one pass.

Two statements on one cursor: the plays (neither deleted nor left out) in (played_at, id)
order, then their seats (the results whose ``live`` column says they count) in the
results' own key order (play, seat), which needs no sort: each seat is dealt to its play
by the play's id.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select, true

import scorepad.store.models as m
from scorepad.club.facts import PlayFact, SeatFact
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
SEATS = Prepared(
    select(
        r.c.play_id,
        pl.c.name,
        r.c.player_id,
        r.c.rank,
        r.c.winner,
        r.c.total_halves,
        r.c.team,
        pl.c.anonymous,
    )
    .join(pl, pl.c.id == r.c.player_id)
    .where(r.c.live == true())
    .order_by(r.c.play_id, r.c.seat)
)


def read_facts(db: Database, since: datetime | None = None) -> tuple[PlayFact, ...]:
    """Every counted play (ended at ``since`` or later, when given), oldest first."""
    with db.cursor() as cursor:
        plays = PLAYS.run(db, cursor, {})
        seats = SEATS.run(db, cursor, {})
    by_play: dict[int, list[SeatFact]] = {}
    for play_id, name, player_id, rank, winner, total, team, anonymous in seats:
        seat = SeatFact(name, player_id, rank, bool(winner), total, team, bool(anonymous))
        found = by_play.get(play_id)
        if found is None:
            by_play[play_id] = [seat]
        else:
            found.append(seat)
    facts = []
    for play_id, uid, key, played, started, minutes, kind, outcome, location in plays:
        played = as_datetime(played)
        if since is not None and played < since:
            continue
        facts.append(
            PlayFact(
                play_id,
                uid,
                key,
                played,
                as_datetime(started),
                minutes,
                kind,
                outcome,
                location,
                tuple(by_play.get(play_id, ())),
            )
        )
    return tuple(facts)
