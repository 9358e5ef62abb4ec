"""The ratings as the app and the command line ask for them: on or off per history, the
players who stay out, and the ratings themselves kept in memory between changes.

Ratings are never stored: ``club.ratings`` works them out from the plays. Working them out
from scratch reads every play (the store's facts, ``store.facts.FactsCache``, kept for the
other screens too); this module keeps the last result (``RatingsCache``) and, after a
change, re-rates from the earliest play the change touched (the facts read again only the
plays from then on). It knows the history changed from the history's write count
(``history_version``, bumped by every write, whichever program made it): the writes of
this program say which plays they touched (``Database.notes``); a write of another
program, or one that does not say, makes it read every play again (still re-rating only
from the first play that differs).
"""

from __future__ import annotations

import threading
from bisect import bisect_left
from collections.abc import Callable
from datetime import datetime

from sqlalchemy import Connection, select, update

import scorepad.store.models as m
from scorepad.club.ratings import Ratings, rate
from scorepad.store.database import Database
from scorepad.store.facts import FactsCache, played_at
from scorepad.store.prepared import as_datetime
from scorepad.store.writes import find_player

SETTING = "ratings"
"""The history's setting (``Store.settings``) turning ratings on (True, the default) or off."""
LATEST = datetime.max


def enabled(settings: dict[str, object]) -> bool:
    return settings.get(SETTING, True) is not False


def staying_out(db: Database) -> dict[int, str]:
    """The players who chose to stay out of the ratings: name by player id."""
    p = m.player
    with db.reading() as conn:
        rows = conn.execute(select(p.c.id, p.c.name).where(p.c.rating_out.is_(True))).all()
    return {pid: name for pid, name in rows}


def set_rated(conn: Connection, name: str, rated: bool) -> None:
    """``name`` rated again, or staying out (StoreError when there is no such player)."""
    pid = find_player(conn, name)
    conn.execute(
        update(m.player).where(m.player.c.id == pid).values(rating_out=None if rated else True)
    )


def names(db: Database) -> dict[int, str]:
    p = m.player
    with db.reading() as conn:
        return {pid: name for pid, name in conn.execute(select(p.c.id, p.c.name)).all()}


def play_time(play_id: int, also: object = None) -> Callable[[Connection], datetime | None]:
    """A write's ``touches``: the time of play ``play_id`` as it is before the write (and
    ``also``, when earlier); None (anything) when there is no such play."""

    def touched(conn: Connection) -> datetime | None:
        found = conn.execute(select(m.play.c.played_at).where(m.play.c.id == play_id)).scalar()
        if found is None:
            return None
        when = as_datetime(found)
        earlier = as_datetime(also)
        return min(when, earlier) if isinstance(earlier, datetime) else when

    return touched


class RatingsCache:
    """The ratings last worked out, and the history's version they match. Ratings handed
    out are never changed afterwards: a change makes new ones (``Ratings.rerated``).

    The plays come from the store's facts (``FactsCache``, the same values the nights,
    the seasons and the achievements read), not from a reading of their own: a history
    already read for another screen is not read again, and after a change only the plays
    from the earliest one it touched are read (by the facts) and re-rated (here)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.ratings: Ratings | None = None
        self.version: tuple[object, int] | None = None
        self.full_reads = 0
        """How often a change that did not say which plays it touched made every play be
        re-rated (for tests and the bench)."""

    def get(self, db: Database, facts: FactsCache) -> Ratings:
        with self._lock:
            return self._get(db, facts)

    def _get(self, db: Database, kept: FactsCache) -> Ratings:
        version = db.version()
        out = frozenset(staying_out(db))
        facts = kept.get(db)
        ratings = self.ratings
        if ratings is None or self.version is None or version[0] != self.version[0]:
            self.full_reads += 1
            ratings = rate(facts, out=out)
        else:
            changed, since = db.touched_since(self.version[1], version[1])
            if changed and since is None:
                self.full_reads += 1
                ratings = ratings.rerated(facts, out=out)
            elif changed and since is not None:
                first = bisect_left(facts, since, key=played_at)
                ratings = ratings.rerated(facts[first:], since=since, out=out)
            elif out != ratings.out:
                ratings = ratings.rerated((), since=LATEST, out=out)
        ratings.renamed(names(db))
        self.ratings, self.version = ratings, version
        return ratings
