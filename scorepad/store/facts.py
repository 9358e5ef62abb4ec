"""The history's counted plays as ``club.facts`` values, oldest first, in one pass.

Three statements on one cursor: the plays (neither deleted nor left out) in (played_at, id)
order, their seats in the results' own key order (play, seat: a plain walk of the table,
no sort) and the players' names (a few hundred rows, not joined to every seat). With
``since`` the plays are found through ``ix_play_recent`` and only their seats are read.
"""

from __future__ import annotations

import threading
from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, select, true

import scorepad.store.models as m
from scorepad.club.facts import PlayFact, PlaySlots, SeatFact, SeatSlots, many_objects
from scorepad.store.database import Database
from scorepad.store.prepared import Prepared

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
            names = names_of(NAMES.run(db, cursor, {}))
        return facts_of(plays, seats, names)


def names_of(rows: Iterable[tuple[Any, ...]]) -> dict[int, tuple[str, bool]]:
    """``NAMES``'s rows as each player's name and hidden flag, by id."""
    return {pid: (name, bool(anonymous)) for pid, name, anonymous in rows}


def facts_of(
    plays: Iterable[tuple[Any, ...]],
    seats: Iterable[tuple[Any, ...]],
    names: dict[int, tuple[str, bool]],
) -> tuple[PlayFact, ...]:
    """Facts from rows: ``plays`` as ``PLAYS`` gives them (in order), their ``seats`` as
    ``SEAT_COLUMNS`` in (play, seat) order, the players' ``names`` by id.

    The hot loop of every whole-history read (half a million values at 100,000 plays):
    each value is made the fast way (``club.facts.made_seat``, written out here: a call
    less each), a play's seats are gathered while its rows follow one another (the order
    asked of SQL), and times are parsed only when the database gives them as text
    (SQLite)."""
    seat_class, play_class = SeatFact, PlayFact
    parse = datetime.fromisoformat
    by_play: dict[int, tuple[SeatFact, ...]] = {}
    gathered: list[Any] = []
    last: Any = None
    for play_id, player_id, rank, winner, total, team in seats:
        if play_id != last:
            if gathered:
                by_play[last] = tuple(gathered)
            gathered = []
            last = play_id
        name, anonymous = names[player_id]
        seat: Any = SeatSlots(name, player_id, rank, bool(winner), total, team, anonymous)
        seat.__class__ = seat_class
        gathered.append(seat)
    if gathered:
        by_play[last] = tuple(gathered)
    found: list[Any] = []
    add = found.append
    no_seats: tuple[SeatFact, ...] = ()
    for play_id, uid, key, played, started, minutes, kind, outcome, location in plays:
        if played.__class__ is str:
            played = parse(played)
        if started is not None and started.__class__ is str:
            started = parse(started)
        seats_of = by_play.get(play_id, no_seats)
        play: Any = PlaySlots(
            play_id, uid, key, played, started, minutes, kind, outcome, location, seats_of
        )
        play.__class__ = play_class
        add(play)
    return tuple(found)


class FactsCache:
    """The facts last read, and the history's version they match (``Database.version``:
    which history, how many writes), so that the screens that work from every play
    (nights, seasons, achievements) read the history once, not at every visit.

    After a change only the plays from the earliest one it touched are read again and put
    in place of the old ones from then on (the writes of this program say what they
    touched, ``Database.notes``; from the first half of the plays, every play is read
    again: the plain walk of the seats is the faster read of most of them); a write of
    another program, or one that does not say,
    has every play read again. A player renamed (a write that touches no play) is seen in
    the names read at each ask (a few hundred rows), and the seats are given the new name.
    The tuple handed out is never changed afterwards: a change makes a new one.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.facts: tuple[PlayFact, ...] | None = None
        self.version: tuple[object, int] | None = None
        self.names: dict[int, tuple[str, bool]] = {}
        self.reads = 0
        """How many plays were read from the history in all (for tests and the bench)."""

    def get(self, db: Database) -> tuple[PlayFact, ...]:
        with self._lock:
            version = db.version()
            facts, known = self.facts, self.version
            fresh = facts is None or known is None or known[0] != version[0]
            if facts is not None and known is not None and not fresh and version[1] != known[1]:
                changed, since = db.touched_since(known[1], version[1])
                fresh = changed and since is None
                if changed and since is not None:
                    kept = bisect_left(facts, since, key=played_at)
                    if kept <= len(facts) // 2:
                        fresh = True  # most plays again: the plain walk of every seat is faster
                    else:
                        facts = facts[:kept] + self._read(db, since)
            names = _names(db)
            if fresh or facts is None:
                facts = self._read(db, None)
            elif names != self.names:
                facts = _renamed(facts, names)
            self.facts, self.version, self.names = facts, version, names
            return facts

    def kept(self, db: Database) -> tuple[PlayFact, ...] | None:
        """The facts kept, when they are still the history's (no write since, the same
        names); None otherwise: nothing is read but the version and the names."""
        with self._lock:
            facts = self.facts
            if facts is None or self.version != db.version() or self.names != _names(db):
                return None
            return facts

    def _read(self, db: Database, since: datetime | None) -> tuple[PlayFact, ...]:
        found = read_facts(db, since)
        self.reads += len(found)
        return found


def played_at(fact: PlayFact) -> datetime:
    """A fact's key in the order facts are kept (with ``bisect``)."""
    return fact.played_at


def _names(db: Database) -> dict[int, tuple[str, bool]]:
    with db.cursor() as cursor:
        return names_of(NAMES.run(db, cursor, {}))


def _renamed(
    facts: tuple[PlayFact, ...], names: dict[int, tuple[str, bool]]
) -> tuple[PlayFact, ...]:
    """``facts`` with each seat under its player's name now (and their hidden flag)."""

    def seat(s: SeatFact) -> SeatFact:
        name, anonymous = names.get(s.player_id, (s.player, s.anonymous))
        if name == s.player and anonymous == s.anonymous:
            return s
        return replace(s, player=name, anonymous=anonymous)

    with many_objects():
        return tuple(replace(f, seats=tuple(seat(s) for s in f.seats)) for f in facts)
