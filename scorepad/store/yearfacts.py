"""One year of the history as ``club.facts`` values, and the games played before it.

A year in review reads only its year: the plays through ``ix_play_recent`` (played_at),
their seats through the results' primary key (play, seat), so a year of a long history
costs its own plays, not the whole history's (``facts.read_facts`` reads every play).
What reaches back before the year, the games already played, is one indexed question
per game (or over one player's results).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, exists, func, select, true

import scorepad.store.models as m
from scorepad.club.facts import PlayFact, many_objects
from scorepad.club.review import Review, Tally, year_review
from scorepad.store.database import Database
from scorepad.store.facts import NAMES, PLAYS, facts_of, names_of
from scorepad.store.prepared import Prepared, as_datetime
from scorepad.store.roundfacts import lowest_wins
from scorepad.store.values import name_key

p, r, g, pl = m.play, m.result, m.game, m.player

_IN_RANGE = (p.c.played_at >= bindparam("start"), p.c.played_at < bindparam("end"))
_COUNTED = (*_IN_RANGE, p.c.deleted_at.is_(None), p.c.ignored.is_(None))
_PLAYERS = select(pl.c.id).where(pl.c.name == bindparam("player")).scalar_subquery()
_THEIRS = select(r.c.play_id).where(
    r.c.player_id == _PLAYERS,
    r.c.live == true(),
    r.c.played_at >= bindparam("start"),
    r.c.played_at < bindparam("end"),
)
"""A player's plays of the range, through ``ix_result_player`` (player, live, played_at)."""


def _seats(plays: Any) -> Prepared:
    """The seats of ``plays`` in (play, seat) order, the results' own key: no join, no
    sort (the players' names come from ``facts.NAMES``, a few hundred rows)."""
    return Prepared(
        select(r.c.play_id, r.c.player_id, r.c.rank, r.c.winner, r.c.total_halves, r.c.team)
        .where(r.c.live == true(), r.c.play_id.in_(plays))
        .order_by(r.c.play_id, r.c.seat)
    )


YEAR_PLAYS = Prepared(PLAYS.statement.where(*_IN_RANGE))
REVIEW_PLAYS = Prepared(
    select(p.c.id, g.c.key, p.c.played_at, p.c.duration, p.c.result_kind, p.c.outcome)
    .join(g, g.c.id == p.c.game_id)
    .where(*_COUNTED)
    .order_by(p.c.played_at, p.c.id)
)
"""The year's plays with what the whole history's review reads of them."""
REVIEW_SEATS = Prepared(
    select(r.c.play_id, r.c.player_id, r.c.winner, r.c.total_halves)
    .where(
        r.c.player_id.in_(select(pl.c.id)),
        r.c.live == true(),
        r.c.played_at >= bindparam("start"),
        r.c.played_at < bindparam("end"),
    )
    .order_by(r.c.play_id, r.c.seat)
)
"""The seats of the year's counted plays, read from ``ix_result_player`` alone (player,
live, the play's time, and the results' key: it holds every column asked), one range per
player, then sorted by play and seat: about half the work of finding each play's seats
by the results' key (their rows are wide: each holds its entries). The results' copies of
``played_at`` and ``live`` (not deleted, not left out) are the play's own (``store.stats``
reads them so too)."""
YEAR_SEATS = _seats(select(p.c.id).where(*_COUNTED))
PLAYER_YEAR_PLAYS = Prepared(PLAYS.statement.where(*_IN_RANGE, p.c.id.in_(_THEIRS)))
PLAYER_YEAR_SEATS = _seats(select(p.c.id).where(*_COUNTED, p.c.id.in_(_THEIRS)))
GAMES_BEFORE = Prepared(
    select(g.c.key).where(
        exists().where(
            p.c.game_id == g.c.id,
            p.c.played_at < bindparam("start"),
            p.c.deleted_at.is_(None),
            p.c.ignored.is_(None),
        )
    )
)
PLAYER_GAMES_BEFORE = Prepared(
    select(g.c.key).where(
        g.c.id.in_(
            select(r.c.game_id)
            .join(pl, pl.c.id == r.c.player_id)
            .where(
                pl.c.name == bindparam("player"),
                r.c.live == true(),
                r.c.played_at < bindparam("start"),
            )
        )
    )
)


def read_facts_between(
    db: Database, start: datetime, end: datetime, player: str | None = None
) -> tuple[PlayFact, ...]:
    """The counted plays with ``start <= played_at < end`` (those of ``player`` when
    given: their name as the history shows it), oldest first."""
    with many_objects():  # a year is tens of thousands of small objects, none in a cycle
        return _between(db, start, end, player)


def review_afresh(db: Database, year: int, player: str | None = None) -> Review:
    """The review of ``year`` (``club.review``) from its plays alone, read here.

    The cycle collector stays paused until the year's facts are counted and let go: they
    are gone (freed as their last reference goes) before it runs again, so it never walks
    them (it did, once at the end of the reading and again while they were counted)."""
    with many_objects():
        return _review(db, year, player)


def _review(db: Database, year: int, player: str | None) -> Review:
    start, end = datetime(year, 1, 1), datetime(year + 1, 1, 1)
    before = games_before(db, start, player)
    if player is not None:  # a player's year: a few thousand plays, read as facts
        facts = _between(db, start, end, player)
        with db.reading() as conn:
            lowest = lowest_wins(conn, {f.game for f in facts})
        return year_review(facts, year, player, lowest_wins=lowest, before=before)
    bounds = {"start": start, "end": end}
    with db.cursor() as cursor:
        plays = REVIEW_PLAYS.run(db, cursor, bounds)
        seats = REVIEW_SEATS.run(db, cursor, bounds)
        people = names_of(NAMES.run(db, cursor, {}))
    with db.reading() as conn:
        lowest = lowest_wins(conn, {key for _, key, *_ in plays})
    tally = Tally(None, lowest)
    add = tally.add_play
    by_play = _seats_by_play(seats, people)
    parse = datetime.fromisoformat
    no_seats: tuple[_Seat, ...] = ()
    for play_id, key, played, minutes, kind, outcome in plays:
        if played.__class__ is str:
            played = parse(played)
        add(play_id, key, played, minutes, kind, outcome, by_play.get(play_id, no_seats))
    return tally.review(year, before)


class _Seat:
    """A seat as the whole history's review reads it (``club.review.CountedSeat``)."""

    __slots__ = ("anonymous", "player", "total_halves", "winner")

    def __init__(self, player: str, winner: bool, total: int | None, anonymous: bool) -> None:
        self.player = player
        self.winner = winner
        self.total_halves = total
        self.anonymous = anonymous


def _seats_by_play(
    rows: list[tuple[Any, ...]], people: dict[int, tuple[str, bool]]
) -> dict[int, tuple[_Seat, ...]]:
    """``REVIEW_SEATS``'s rows as each play's seats (what the review reads of them)."""
    by_play: dict[int, tuple[_Seat, ...]] = {}
    gathered: list[_Seat] = []
    last: Any = None
    for play_id, player_id, winner, total in rows:
        if play_id != last:
            if gathered:
                by_play[last] = tuple(gathered)
            gathered = []
            last = play_id
        name, anonymous = people[player_id]
        gathered.append(_Seat(name, bool(winner), total, anonymous))
    if gathered:
        by_play[last] = tuple(gathered)
    return by_play


def _between(
    db: Database, start: datetime, end: datetime, player: str | None
) -> tuple[PlayFact, ...]:
    if player is None:
        bounds: dict[str, Any] = {"start": start, "end": end}
        plays_of, seats_of = YEAR_PLAYS, YEAR_SEATS
    else:
        bounds = {"start": start, "end": end, "player": player}
        plays_of, seats_of = PLAYER_YEAR_PLAYS, PLAYER_YEAR_SEATS
    with db.cursor() as cursor:
        plays = plays_of.run(db, cursor, bounds)
        seats = seats_of.run(db, cursor, bounds)
        people = names_of(NAMES.run(db, cursor, {}))
    return facts_of(plays, seats, people)


def games_before(db: Database, start: datetime, player: str | None = None) -> frozenset[str]:
    """The games with a counted play before ``start`` (with ``player`` in it, when given:
    their name as the history shows it)."""
    with db.cursor() as cursor:
        if player is None:
            rows = GAMES_BEFORE.run(db, cursor, {"start": start})
        else:
            rows = PLAYER_GAMES_BEFORE.run(db, cursor, {"start": start, "player": player})
    return frozenset(key for (key,) in rows)


SPAN = Prepared(
    select(func.min(p.c.played_at), func.max(p.c.played_at)).where(
        p.c.deleted_at.is_(None), p.c.ignored.is_(None)
    )
)


def year_span(db: Database) -> tuple[int, int] | None:
    """The years of the first and the latest counted play; None for an empty history."""
    with db.cursor() as cursor:
        ((first, last),) = SPAN.run(db, cursor, {})
    if first is None or last is None:
        return None
    return as_datetime(first).year, as_datetime(last).year


NAMED = Prepared(
    select(pl.c.name).where(pl.c.name_key == bindparam("key"), pl.c.anonymous.is_not(True))
)


def player_named(db: Database, name: str) -> str | None:
    """The player the history knows by ``name`` (case and extra spaces aside), as it
    writes the name; None when there is none."""
    with db.cursor() as cursor:
        rows = NAMED.run(db, cursor, {"key": name_key(name)})
    return rows[0][0] if rows else None
