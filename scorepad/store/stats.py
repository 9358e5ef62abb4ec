"""Numbers about players and games, answered from the per-player result rows and the
tallies the database keeps per game.

A player's statistics are the player's row, then one aggregate over their part of
``ix_result_player`` and their plays' rows (the co-operative plays and those won or lost
by hand counted apart in the same pass). A game's counts come from the tallies the
database keeps (``game_tally``, ``total_tally``: one row, and one row per total held),
its record holders through ``ix_play_best`` (and ``ix_play_by_hand`` when the winners'
plays do not hold them all), its average duration from ``ix_play_timed``: never a pass
over each of its plays. Head to head is one pass over the first player's results, and
their co-operative plays apart through ``ix_play_by_hand``. The statements are built
once, with bound parameters, so each call costs only their execution. Sums are taken in
half-points and divided exactly, never through floats.

Each takes a period too (``core.periods.Period``: a year or a month, start inclusive,
end exclusive; None for all time). A player's figures and head to head then read only
that range of ``ix_result_player`` (its ``played_at``). The tallies count all time, so a
game's figures for a period are read from its plays in the range instead (``ix_play_game``
has ``played_at``), its results found by their play's key, its record holders through
``ix_play_best`` as for all time. How a player fared over time (``player_timeline``) is
one pass over their part of ``ix_result_player``, grouped by day, month or year.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from functools import lru_cache
from typing import Any

from sqlalchemy import (
    ColumnElement,
    and_,
    bindparam,
    case,
    exists,
    func,
    literal_column,
    or_,
    select,
    true,
)

import scorepad.store.models as m
from scorepad.core import GameTemplate
from scorepad.core.errors import quote
from scorepad.core.numbers import Number
from scorepad.core.periods import Period, Timeline, grain_for, timeline
from scorepad.core.results import has_score
from scorepad.store.bgsread import exact_total
from scorepad.store.database import Database
from scorepad.store.errors import StoreError
from scorepad.store.games import all_templates, shipped_games
from scorepad.store.prepared import Prepared, as_datetime
from scorepad.store.records import (
    GameStats,
    HeadToHead,
    Holder,
    PlayerInfo,
    PlayerStats,
    RoleStats,
)
from scorepad.store.values import average, from_halves, load, name_key, rounded, whole_average

r, p, pl = m.result, m.play, m.player
COOPERATIVE = "cooperative"
"""``play.result_kind`` of a play won or lost together."""
GIVEN = "given"
"""``play.decided_by`` of a play whose winners and places the source gave (an import's
manual winners), not the totals."""


ONE: ColumnElement[Any] = literal_column("1")
NOTHING: ColumnElement[Any] = literal_column("0")
WINS = func.sum(case((r.c.winner == true(), ONE), else_=NOTHING))


def in_period(column: Any) -> ColumnElement[bool]:
    """``column`` (a ``played_at``) within the bound period: ``start`` <= it < ``end``."""
    return and_(column >= bindparam("start"), column < bindparam("end"))


def period_params(period: Period | None) -> dict[str, object]:
    """The bound values of ``in_period`` (none for all time)."""
    if period is None:
        return {}
    start, end = period.bounds()
    return {"start": start, "end": end}


def _player_query(by_game: bool, dated: bool = False) -> object:
    """A player's results and the plays they are in, in one pass over their part of
    ``ix_result_player`` (with a game: the rows are read for its id): their plays, wins,
    totals and last play; of those, the plays whose result the players gave by hand
    (co-operative plays, team plays without a score: ``outcome``) and the co-operative
    plays and wins among them; the totals of the other plays (what averages and bests
    are taken over once such plays exist); in all games, how many games they have scores
    in (over more than one, no average or best is given for all games together: Glass
    Road's 26.5 and Summer Pavilion's 129 do not add)."""
    by_hand = p.c.outcome.is_not(None)
    coop = and_(by_hand, p.c.result_kind == literal_column(f"'{COOPERATIVE}'"))
    scored_total = case((p.c.outcome.is_(None), r.c.total_halves))
    columns = [
        func.count(),
        WINS,
        func.sum(r.c.total_halves),
        func.max(r.c.total_halves),
        func.min(r.c.total_halves),
        func.max(r.c.played_at),
        func.count(r.c.total_halves),
        func.count(p.c.outcome),
        func.sum(case((coop, ONE), else_=NOTHING)),
        func.sum(case((and_(coop, r.c.winner == true()), ONE), else_=NOTHING)),
        func.count(scored_total),
        func.sum(scored_total),
        func.max(scored_total),
        func.min(scored_total),
    ]
    if not by_game:
        columns.append(
            func.count(func.distinct(case((r.c.total_halves.is_not(None), r.c.game_id))))
        )
    query = (
        select(*columns)
        .select_from(r.join(p, p.c.id == r.c.play_id))
        .where(r.c.player_id == bindparam("player"), r.c.live == true())
    )
    if dated:  # the period's range of the player's part of the index
        query = query.where(in_period(r.c.played_at))
    return query.where(r.c.game_id == bindparam("game")) if by_game else query


PLAYER = {
    (by_game, dated): Prepared(_player_query(by_game, dated))
    for by_game in (False, True)
    for dated in (False, True)
}
PERSON = Prepared(select(pl.c.id, pl.c.name).where(pl.c.name_key == bindparam("key")))
_GAME = select(m.game.c.id, m.game.c.name).where(m.game.c.key == bindparam("key"))
gt, tt = m.game_tally, m.total_tally
_DISTRIBUTION = (
    select(tt.c.total_halves, tt.c.results)
    .where(tt.c.game_id == bindparam("game"))
    .order_by(tt.c.total_halves)
)
_HOLDERS = (
    select(pl.c.name, r.c.play_id, r.c.played_at)
    .select_from(p)
    .join(r, r.c.play_id == p.c.id)
    .join(pl, pl.c.id == r.c.player_id)
    .where(
        p.c.game_id == bindparam("game"),
        p.c.deleted_at.is_(None),
        r.c.live == true(),
        p.c.winning_total_halves == bindparam("best"),
        r.c.total_halves == bindparam("best"),
    )
    .order_by(r.c.played_at, r.c.play_id, r.c.seat)
)
"""A game's best total is the winning total of every play it was made in (nobody there
can have more; a tie-breaker only chooses among equal totals), so only the plays with
that winning total are read."""
BY_HAND = or_(
    p.c.decided_by == literal_column(f"'{GIVEN}'"),
    p.c.result_kind == literal_column(f"'{COOPERATIVE}'"),
)
"""The plays decided by hand or won or lost together, written as ``models.BY_HAND`` is
(constants, not bound values) so that the database reads them through
``ix_play_by_hand`` alone."""
_GIVEN_HOLDERS = (
    select(pl.c.name, r.c.play_id, r.c.played_at)
    .select_from(p)
    .join(r, r.c.play_id == p.c.id)
    .join(pl, pl.c.id == r.c.player_id)
    .where(
        p.c.game_id == bindparam("game"),
        p.c.deleted_at.is_(None),
        BY_HAND,
        r.c.live == true(),
        r.c.total_halves == bindparam("best"),
    )
    .order_by(r.c.played_at, r.c.play_id, r.c.seat)
)
"""The best total's holders in plays whose winners were given by hand (BG Stats' manual
winners) or that were won or lost together: there the best total need not be a winner's.
Read only when the winners' plays hold fewer of the best total than the game's tally
counts (every result is in one or the other)."""
_EXACT = (
    select(r.c.score_text, pl.c.name, r.c.play_id, r.c.played_at)
    .join(pl, pl.c.id == r.c.player_id)
    .where(
        r.c.game_id == bindparam("game"),
        r.c.total_halves.is_(None),
        r.c.score_text.is_not(None),
        r.c.live == true(),
    )
)
"""A game's scores finer than a half (imported: "3.44"), kept as typed (``ix_result_exact``)."""
EXACT = Prepared(_EXACT)
_PEOPLE = select(pl.c.id, pl.c.name, pl.c.name_key).where(
    pl.c.name_key.in_([bindparam("a"), bindparam("b")])
)
_TIMED = (p.c.game_id == m.game.c.id, p.c.deleted_at.is_(None), p.c.ignored.is_(None))
_GAME_HEAD = (
    select(
        m.game.c.id,
        m.game.c.name,
        gt.c.plays,
        gt.c.winning_sum_halves,
        gt.c.winning_count,
        select(func.count(p.c.duration))
        .where(*_TIMED, p.c.duration.is_not(None))
        .scalar_subquery(),
        select(func.sum(p.c.duration)).where(*_TIMED, p.c.duration.is_not(None)).scalar_subquery(),
        exists().where(
            r.c.game_id == m.game.c.id,
            r.c.total_halves.is_(None),
            r.c.score_text.is_not(None),
            r.c.live == true(),
        ),
    )
    .select_from(m.game.outerjoin(gt, gt.c.game_id == m.game.c.id))
    .where(m.game.c.key == bindparam("key"))
)
"""A game's row, its tallies (``game_tally``: live plays, sum and count of winning
totals), its plays that say how long they took and their minutes (older plays, imports
without a duration and plays left out of the statistics are not counted: read from
``ix_play_timed`` alone, whose condition is this one), and whether it has scores finer
than a half (``ix_result_exact``), in one statement."""
_TOGETHER = (
    select(p.c.outcome, func.count())
    .where(
        p.c.game_id == bindparam("game"),
        p.c.deleted_at.is_(None),
        BY_HAND,  # implied by the next: names the plays of ``ix_play_by_hand``
        p.c.result_kind == COOPERATIVE,
        p.c.ignored.is_(None),
    )
    .group_by(p.c.outcome)
)
"""A co-operative game's plays by outcome, counted as the game's plays are (not deleted,
not left out of the statistics), read from ``ix_play_by_hand`` alone."""
GAME, GAME_HEAD, DISTRIBUTION, HOLDERS, GIVEN_HOLDERS, PEOPLE, TOGETHER = (
    Prepared(q)
    for q in (_GAME, _GAME_HEAD, _DISTRIBUTION, _HOLDERS, _GIVEN_HOLDERS, _PEOPLE, _TOGETHER)
)
_PERIOD_PLAYS = select(
    func.count(),
    func.sum(p.c.winning_total_halves),
    func.count(p.c.winning_total_halves),
    func.count(p.c.duration),
    func.sum(p.c.duration),
    func.min(p.c.winning_total_halves),
    func.max(p.c.winning_total_halves),
).where(
    p.c.game_id == bindparam("game"),
    p.c.deleted_at.is_(None),
    p.c.ignored.is_(None),
    in_period(p.c.played_at),
)
"""A game's plays in a period, counted as its tally counts them (not deleted, not left
out of the statistics): how many, the sum and count of their winning totals, how many
say how long they took and their minutes, and the lowest and highest winning total (the
best total of the plays decided by their totals); the range of ``ix_play_game``."""
_PERIOD_BY_HAND = (
    select(func.min(r.c.total_halves), func.max(r.c.total_halves))
    .select_from(p.join(r, r.c.play_id == p.c.id))
    .where(
        p.c.game_id == bindparam("game"),
        p.c.deleted_at.is_(None),
        BY_HAND,
        r.c.live == true(),
        in_period(r.c.played_at),  # the result's copy: the plays are found by hand's index
    )
)
"""The lowest and highest total in a period's plays decided by hand or won or lost
together, where the best total need not be a winner's (``ix_play_by_hand``)."""
_PERIOD_DISTRIBUTION = (
    select(r.c.total_halves, func.count())
    .select_from(p.join(r, r.c.play_id == p.c.id))
    .where(
        p.c.game_id == bindparam("game"),
        p.c.deleted_at.is_(None),
        in_period(p.c.played_at),
        r.c.live == true(),
        r.c.total_halves.is_not(None),
    )
    .group_by(r.c.total_halves)
    .order_by(r.c.total_halves)
)
"""A game's totals in a period and how many results have each, as ``total_tally`` counts
them for all time: its plays in the range of ``ix_play_game``, their results by key."""
PERIOD_PLAYS, PERIOD_BY_HAND, PERIOD_DISTRIBUTION = (
    Prepared(q) for q in (_PERIOD_PLAYS, _PERIOD_BY_HAND, _PERIOD_DISTRIBUTION)
)
PERIOD_HOLDERS, PERIOD_TOGETHER = (
    Prepared(q.where(in_period(p.c.played_at))) for q in (_HOLDERS, _TOGETHER)
)
PERIOD_GIVEN_HOLDERS = Prepared(_GIVEN_HOLDERS.where(in_period(r.c.played_at)))
"""Bounded by the results' ``played_at`` (the play's, copied): a bound on the play's own
would have its range of ``ix_play_game`` read instead of ``ix_play_by_hand``."""
PERIOD_EXACT = Prepared(_EXACT.where(in_period(r.c.played_at)))
PERIOD_STATEMENTS = (
    PERIOD_DISTRIBUTION,
    PERIOD_HOLDERS,
    PERIOD_GIVEN_HOLDERS,
    PERIOD_TOGETHER,
    PERIOD_EXACT,
)


def _h2h_query(by_game: bool, together: bool, dated: bool = False) -> object:
    """Two players' plays together: how many, who finished ahead, who won, their totals
    and the last; with ``together``, the same of their co-operative plays alone (counted
    apart: won or lost together), found through ``ix_play_by_hand`` instead of reading
    every shared play's row.

    For the co-operative plays, the first player's results are picked by their play from
    ``ix_result_player`` alone, and only those are read in full (``mine``, by key): a
    column of the row in the filter would have every result read first."""
    a, b = r.alias("a"), r.alias("b")
    mine = r.alias("mine") if together else a

    def counted(condition: ColumnElement[bool]) -> ColumnElement[Any]:
        return func.sum(case((condition, ONE), else_=NOTHING))

    columns = [
        func.count(),
        counted(mine.c.rank < b.c.rank),
        counted(mine.c.rank > b.c.rank),
        counted(a.c.winner == true()),
        counted(b.c.winner == true()),
    ]
    joined = a.join(b, and_(b.c.play_id == a.c.play_id, b.c.player_id == bindparam("b")))
    query = select(*columns).where(a.c.player_id == bindparam("a"), a.c.live == true())
    if dated:  # the period's range of the first player's part of the index
        query = query.where(in_period(a.c.played_at))
    if not together:
        query = query.add_columns(
            func.sum(a.c.total_halves),
            func.sum(b.c.total_halves),
            func.max(a.c.played_at),
            func.count(a.c.total_halves),
            func.count(b.c.total_halves),
        )
        if by_game:
            query = query.where(a.c.game_id == bindparam("game"))
        return query.select_from(joined)
    plays = select(p.c.id).where(
        p.c.deleted_at.is_(None), BY_HAND, p.c.result_kind == literal_column(f"'{COOPERATIVE}'")
    )
    if by_game:  # the plays of the game: the results are theirs
        plays = plays.where(p.c.game_id == bindparam("game"))
    joined = joined.join(mine, and_(mine.c.play_id == a.c.play_id, mine.c.seat == a.c.seat))
    return query.select_from(joined).where(a.c.play_id.in_(plays))


H2H = {
    (g, together, dated): Prepared(_h2h_query(g, together, dated))
    for g in (False, True)
    for together in (False, True)
    for dated in (False, True)
}


def _found(
    db: Database, cursor: Any, key: str, statement: Prepared
) -> tuple[tuple[Any, ...] | None, dict[str, str], bool, GameTemplate | None]:
    """The game's row as ``statement`` reads it by key (None before its first play),
    name, whether the lowest wins, and its template (None for a game only the plays
    still name)."""
    template = shipped_games().get(key)
    if template is None:
        with db.reading() as conn:
            template = all_templates(conn).get(key)
    rows = statement.run(db, cursor, {"key": key})
    if template is None and not rows:
        with db.reading() as conn:
            choices = ", ".join(quote(g) for g in all_templates(conn))
        raise StoreError("store.no_game", value=quote(key), choices=choices)
    lowest = template is not None and template.wins == "lowest"
    if not rows:
        assert template is not None
        return None, dict(template.name), lowest, template
    return rows[0], _name(rows[0][1]), lowest, template


@lru_cache(maxsize=256)
def _name(text: str) -> dict[str, str]:
    return load(text)


def _game(
    db: Database, cursor: Any, key: str
) -> tuple[int, dict[str, str], bool, GameTemplate | None]:
    """The game's row id (-1 before its first play), name, whether the lowest wins, and
    its template (None for a game only the plays still name)."""
    row, name, lowest, template = _found(db, cursor, key, GAME)
    return (int(row[0]) if row is not None else -1), name, lowest, template


def player_stats(
    db: Database, name: str, game: str | None = None, period: Period | None = None
) -> PlayerStats:
    lowest = False
    params: dict[str, object] = period_params(period)
    with db.cursor() as cursor:
        if game is not None:
            params["game"], _, lowest, _ = _game(db, cursor, game)
        found = PERSON.run(db, cursor, {"key": name_key(name)})
        if not found:
            raise StoreError("store.no_player", value=quote(name))
        params["player"], shown = found[0]
        by_game = game is not None
        row = PLAYER[by_game, period is not None].run(db, cursor, params)[0]
    plays, wins, total, high, low, last, scored, given, coop_plays, coop_wins = row[:10]
    plays, wins, scored = int(plays), int(wins or 0), int(scored)
    coop_plays, coop_wins = int(coop_plays or 0), int(coop_wins or 0)
    if given:  # co-operative plays apart; plays won or lost by hand have no total
        plays, wins = plays - coop_plays, wins - coop_wins
        scored, total, high, low = int(row[10]), row[11], row[12], row[13]
    if not by_game and scored and int(row[14]) > 1:
        total = high = low = None
    best = low if lowest else high
    return PlayerStats(
        name=shown,
        game=game,
        plays=plays,
        wins=wins,
        win_rate=rounded(Decimal(wins) / plays) if plays else None,
        average_total=average(total, scored),
        best_total=from_halves(int(best)) if best is not None else None,
        last_played=as_datetime(last),
        coop_plays=coop_plays,
        coop_wins=coop_wins,
        coop_win_rate=rounded(Decimal(coop_wins) / coop_plays) if coop_plays else None,
    )


def game_stats(
    db: Database, key: str, period: Period | None = None, distribution: bool = True
) -> GameStats:
    """A game's figures, for all time from its tallies, or for ``period`` from its plays
    in that range (there ``distribution`` False leaves the totals' distribution out: the
    one figure that reads every result of the period, where the rest read the plays)."""
    read = _all_time(db, key) if period is None else _game_in_period(db, key, period, distribution)
    return _game_record(key, *read)


def _all_time(db: Database, key: str) -> tuple[Any, ...]:
    """What ``game_stats`` reads for all time: the game's tallies, and its record holders
    through ``ix_play_best``."""
    best: int | None = None
    holders: tuple[Holder, ...] = ()
    together: dict[str, int] = {}
    spread: list[tuple[Any, ...]] = []
    exact: list[tuple[Any, ...]] = []
    with db.cursor() as cursor:
        row, name, lowest, template = _found(db, cursor, key, GAME_HEAD)
        if row is None:  # no play yet
            game, plays, winning_sum, winning_count, timed, minutes, finer = (
                -1,
                0,
                None,
                0,
                0,
                None,
                False,
            )
        else:
            game, _, plays, winning_sum, winning_count, timed, minutes, finer = row
        plays, winning_count = int(plays or 0), int(winning_count or 0)
        scored = template is None or has_score(template)
        rule = template.result if template is not None else None
        if plays and rule is not None and rule.kind == COOPERATIVE:
            together = {o: int(n) for o, n in TOGETHER.run(db, cursor, {"game": game})}
        if row is not None and scored:
            spread = DISTRIBUTION.run(db, cursor, {"game": game})
        if spread:
            best, held = spread[0] if lowest else spread[-1]
            best = int(best)
            rows = HOLDERS.run(db, cursor, {"game": game, "best": best})
            if len(rows) < int(held):  # some holders are in plays decided by hand
                rows += GIVEN_HOLDERS.run(db, cursor, {"game": game, "best": best})
            holders = _holders(rows)
        if finer:
            exact = EXACT.run(db, cursor, {"game": game})
    counts = (plays, winning_sum, winning_count, timed, minutes, scored)
    return name, lowest, counts, best, holders, spread, exact, together


def _game_in_period(db: Database, key: str, period: Period, distribution: bool) -> tuple[Any, ...]:
    """``game_stats`` for a period: its plays in the range of ``ix_play_game`` (the
    best total among their winning totals, and among the totals of the plays decided by
    hand, ``ix_play_by_hand``), the holders through ``ix_play_best``."""
    dated = period_params(period)
    best: int | None = None
    holders: tuple[Holder, ...] = ()
    together: dict[str, int] = {}
    spread: list[tuple[Any, ...]] | None = [] if distribution else None
    exact: list[tuple[Any, ...]] = []
    plays = winning_count = timed = 0
    winning_sum = minutes = None
    with db.cursor() as cursor:
        row, name, lowest, template = _found(db, cursor, key, GAME)
        scored = template is None or has_score(template)
        if row is not None:
            game = int(row[0])
            found = PERIOD_PLAYS.run(db, cursor, {"game": game, **dated})[0]
            plays, winning_sum, winning_count, timed, minutes, low, high = found
            plays, winning_count = int(plays or 0), int(winning_count or 0)
        rule = template.result if template is not None else None
        if plays and rule is not None and rule.kind == COOPERATIVE:
            outcomes = PERIOD_TOGETHER.run(db, cursor, {"game": game, **dated})
            together = {o: int(n) for o, n in outcomes}
        if plays and scored:
            low_by_hand, high_by_hand = PERIOD_BY_HAND.run(db, cursor, {"game": game, **dated})[0]
            pick_best = min if lowest else max
            candidates = [
                int(v)
                for v in ((low, low_by_hand) if lowest else (high, high_by_hand))
                if v is not None
            ]
            best = pick_best(candidates) if candidates else None
            if distribution:
                spread = PERIOD_DISTRIBUTION.run(db, cursor, {"game": game, **dated})
        if best is not None:
            wanted = {"game": game, "best": best, **dated}
            rows = PERIOD_HOLDERS.run(db, cursor, wanted)
            rows += PERIOD_GIVEN_HOLDERS.run(db, cursor, wanted)
            holders = _holders(rows)
        if row is not None:
            exact = PERIOD_EXACT.run(db, cursor, {"game": game, **dated})
    counts = (plays, winning_sum, winning_count, timed, minutes, scored)
    return name, lowest, counts, best, holders, spread, exact, together


def _holders(rows: list[tuple[Any, ...]]) -> tuple[Holder, ...]:
    """The holders of a best total, each once, in the order they made it."""
    found = sorted({(as_datetime(when), int(i), n) for n, i, when in rows})
    return tuple(Holder(n, i, when) for when, i, n in found)


def _game_record(
    key: str,
    name: dict[str, str],
    lowest: bool,
    counts: tuple[Any, ...],
    best: int | None,
    holders: tuple[Holder, ...],
    spread: list[tuple[Any, ...]] | None,
    exact: list[tuple[Any, ...]],
    together: dict[str, int],
) -> GameStats:
    """A game's figures from what was read: ``counts`` are its plays, the sum and count
    of their winning totals, the plays that say how long they took and their minutes,
    and whether it has a score; ``spread`` the distribution of totals (None: not read)."""
    plays, winning_sum, winning_count, timed, minutes, scored = counts
    best_total = from_halves(best) if best is not None else None
    # in order of total already: halves and the totals they make sort alike
    shares = tuple([(from_halves(t), c) for t, c in spread or ()])
    if exact:  # scores finer than a half count in the best and the distribution too
        counted: dict[Number, int] = dict(shares)
        best_total, holders = _with_exact(exact, best_total, holders, lowest, counted)
        shares = tuple(sorted(counted.items())) if spread is not None else ()
    return GameStats(
        game=key,
        name=name,
        plays=plays,
        best_total=best_total,
        holders=holders,
        average_winning_total=average(winning_sum, winning_count) if scored else None,
        distribution=shares,
        average_duration=whole_average(minutes, int(timed or 0)),
        scored=scored,
        coop_wins=together.get("won", 0),
        coop_losses=together.get("lost", 0),
    )


def _with_exact(
    rows: list[tuple[Any, ...]],
    best: Number | None,
    holders: tuple[Holder, ...],
    lowest: bool,
    counts: dict[Number, int],
) -> tuple[Number | None, tuple[Holder, ...]]:
    """The best total and its holders once the scores finer than a half are counted, and
    those scores added to ``counts``."""
    found = []
    for text, name, play_id, when in rows:
        value = exact_total(None, text)
        if value is not None:
            found.append((value, Holder(name, int(play_id), as_datetime(when))))
            counts[value] = counts.get(value, 0) + 1
    if not found:
        return best, holders
    top = (min if lowest else max)(value for value, _ in found)
    if best is None or (top < best if lowest else top > best):
        best, holders = top, ()
    if top == best:
        extra = tuple(h for value, h in found if value == top)
        holders = tuple(sorted(holders + extra, key=lambda h: (h.played_at, h.play_id, h.name)))
    return best, holders


def role_stats(
    db: Database, game: str | None = None, period: Period | None = None
) -> tuple[RoleStats, ...]:
    """Each role played, with its plays and wins (in one game, or in all; in ``period``,
    or all time), by role."""
    query = (
        select(r.c.role, func.count(), WINS)
        .where(r.c.role.is_not(None), r.c.live == true())
        .group_by(r.c.role)
        .order_by(r.c.role)
    )
    if period is not None:
        start, end = period.bounds()
        query = query.where(r.c.played_at >= start, r.c.played_at < end)
    if game is not None:
        with db.cursor() as cursor:
            found = _game(db, cursor, game)[0]  # refuses a game it does not know
        query = query.where(r.c.game_id == found)
    with db.reading() as conn:
        rows = conn.execute(query).all()
    return tuple(RoleStats(role, int(plays), int(wins or 0)) for role, plays, wins in rows)


def head_to_head(
    db: Database,
    a_name: str,
    b_name: str,
    game: str | None = None,
    period: Period | None = None,
) -> HeadToHead:
    """How two players fared in the plays they were both in (in ``period``: None for
    all time)."""
    keys = (name_key(a_name), name_key(b_name))
    with db.cursor() as cursor:
        people = PEOPLE.run(db, cursor, {"a": keys[0], "b": keys[1]})
        found = {k: (int(i), n) for i, n, k in people}
        for key, given in zip(keys, (a_name, b_name), strict=True):
            if key not in found:
                raise StoreError("store.no_player", value=quote(given))
        (a_id, a_shown), (b_id, b_shown) = found[keys[0]], found[keys[1]]
        params: dict[str, object] = {"a": a_id, "b": b_id, **period_params(period)}
        if game is not None:
            params["game"] = _game(db, cursor, game)[0]
        dated = period is not None
        all_plays = H2H[game is not None, False, dated].run(db, cursor, params)[0]
        together = H2H[game is not None, True, dated].run(db, cursor, params)[0]
    plays, a_ahead, b_ahead, a_wins, b_wins = (int(n or 0) for n in all_plays[:5])
    a_sum, b_sum, last, a_scored, b_scored = all_plays[5:]
    coop, coop_a_ahead, coop_b_ahead, won, coop_b_wins = (int(n or 0) for n in together)
    # the plays each played for themselves (or in teams): all of them but the co-operative
    a_ahead, b_ahead = a_ahead - coop_a_ahead, b_ahead - coop_b_ahead
    a_wins, b_wins = a_wins - won, b_wins - coop_b_wins
    return HeadToHead(
        a=a_shown,
        b=b_shown,
        plays=plays,
        a_ahead=a_ahead,
        b_ahead=b_ahead,
        level=plays - coop - a_ahead - b_ahead,
        a_wins=a_wins,
        b_wins=b_wins,
        a_average=average(a_sum, int(a_scored)),
        b_average=average(b_sum, int(b_scored)),
        last_played=as_datetime(last),
        coop_plays=coop,
        coop_wins=won,
    )


_COUNTS = (
    select(r.c.player_id, func.count(), WINS)
    .where(
        r.c.player_id.in_(select(pl.c.id).where(pl.c.anonymous.is_(None))),
        r.c.live == true(),
        in_period(r.c.played_at),
    )
    .group_by(r.c.player_id)
)
"""Each player's results and wins in a period: the period's range of each one's part of
``ix_result_player`` (named players only), never a pass over every result."""
COUNTS = Prepared(_COUNTS)
_EVERYONE = select(pl.c.id, pl.c.name).where(pl.c.anonymous.is_(None)).order_by(pl.c.name_key)
EVERYONE = Prepared(_EVERYONE)


def player_counts(db: Database, period: Period) -> list[PlayerInfo]:
    """Every player (by name, as ``Store.players`` lists them) with the plays they are in
    and won within ``period``: none for someone who did not play then."""
    with db.cursor() as cursor:
        people = EVERYONE.run(db, cursor, {})
        counted = {
            int(i): (int(n), int(w or 0))
            for i, n, w in COUNTS.run(db, cursor, period_params(period))
        }
    return [PlayerInfo(int(i), name, *counted.get(int(i), (0, 0))) for i, name in people]


def _timeline_query(by_game: bool, dated: bool) -> object:
    """A player's results, as ``timeline`` takes them: when, whether the play was
    co-operative, the outcome given by hand, won, total; their part of
    ``ix_result_player`` and their plays' rows."""
    query = (
        select(r.c.played_at, p.c.result_kind, p.c.outcome, r.c.winner, r.c.total_halves)
        .select_from(r.join(p, p.c.id == r.c.play_id))
        .where(r.c.player_id == bindparam("player"), r.c.live == true())
    )
    if dated:
        query = query.where(in_period(r.c.played_at))
    if by_game:
        query = query.where(r.c.game_id == bindparam("game"))
    return query


TIMELINE = {
    (by_game, dated): Prepared(_timeline_query(by_game, dated))
    for by_game in (False, True)
    for dated in (False, True)
}


def player_timeline(
    db: Database, name: str, game: str | None = None, period: Period | None = None
) -> Timeline:
    """A player's plays, wins and totals per day (a month), month (a year, or a short
    history) or year (a long history): in one game, or win rates over all of them.

    Counted as ``player_stats`` counts: the co-operative plays apart (left out here), and
    the totals of plays whose result was given by hand left out of the averages."""
    params: dict[str, object] = period_params(period)
    with db.cursor() as cursor:
        if game is not None:
            params["game"] = _game(db, cursor, game)[0]
        found = PERSON.run(db, cursor, {"key": name_key(name)})
        if not found:
            raise StoreError("store.no_player", value=quote(name))
        params["player"] = found[0][0]
        rows = TIMELINE[game is not None, period is not None].run(db, cursor, params)
    results = [
        (
            when,
            not (outcome is not None and kind == COOPERATIVE),
            bool(won),
            int(total) if total is not None and outcome is None else None,
        )
        for when, kind, outcome, won, total in ((as_datetime(w), *rest) for w, *rest in rows)
    ]
    if not results:
        return Timeline(grain_for(period, None, None))
    first = min(w for w, *_ in results)
    last = max(w for w, *_ in results)
    grain = grain_for(period, first.date(), last.date())
    return Timeline(grain, timeline(results, grain))


_SPAN = select(func.min(p.c.played_at), func.max(p.c.played_at)).where(p.c.deleted_at.is_(None))
SPAN = Prepared(_SPAN)
"""The first and last play's dates: the two ends of ``ix_play_recent``."""


def played_span(db: Database) -> tuple[datetime, datetime] | None:
    """When the first and the last play (not deleted) were played; None before any."""
    with db.cursor() as cursor:
        first, last = SPAN.run(db, cursor, {})[0]
    if first is None or last is None:
        return None
    return as_datetime(first), as_datetime(last)
