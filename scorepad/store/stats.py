"""Numbers about players and games, answered from the per-player result rows.

Each statistic is a few indexed aggregate queries (per player: ``ix_result_player``; per
game: ``ix_result_game`` and ``ix_play_game``); sums are taken in half-points and divided
exactly, never through floats.
"""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import Connection, and_, case, func, select, true

from scorepad.core import builtin_games
from scorepad.core.errors import quote
from scorepad.store import models as m
from scorepad.store.games import all_templates
from scorepad.store.messages import StoreError
from scorepad.store.records import GameStats, HeadToHead, Holder, PlayerStats
from scorepad.store.values import average, from_halves, load, name_key, rounded


def _player(conn: Connection, name: str) -> tuple[int, str]:
    row = conn.execute(
        select(m.player.c.id, m.player.c.name).where(m.player.c.name_key == name_key(name))
    ).first()
    if row is None:
        raise StoreError("store.no_player", value=quote(name))
    return int(row.id), row.name


def _game(conn: Connection, key: str) -> tuple[int, dict[str, str], bool]:
    """The game's row id, name, and whether its lowest total wins."""
    row = conn.execute(select(m.game.c.id, m.game.c.name).where(m.game.c.key == key)).first()
    if row is None:
        games = all_templates(conn)
        if key in games:
            return -1, dict(games[key].name), games[key].wins == "lowest"
        choices = ", ".join(quote(g) for g in games)
        raise StoreError("store.no_game", value=quote(key), choices=choices)
    template = builtin_games().get(key) or all_templates(conn).get(key)
    lowest = template is not None and template.wins == "lowest"
    return int(row.id), load(row.name), lowest


def player_stats(conn: Connection, name: str, game: str | None = None) -> PlayerStats:
    player, shown = _player(conn, name)
    r = m.result
    lowest = False
    query = select(
        func.count(),
        func.sum(case((r.c.winner == true(), 1), else_=0)),
        func.sum(r.c.total_halves),
        func.max(r.c.total_halves),
        func.min(r.c.total_halves),
        func.max(r.c.played_at),
    ).where(r.c.player_id == player, r.c.live == true())
    if game is not None:
        game_row, _, lowest = _game(conn, game)
        query = query.where(r.c.game_id == game_row)
    plays, wins, total, high, low, last = conn.execute(query).one()
    plays, wins = int(plays), int(wins or 0)
    best = low if lowest else high
    return PlayerStats(
        name=shown,
        game=game,
        plays=plays,
        wins=wins,
        win_rate=rounded(Decimal(wins) / plays) if plays else None,
        average_total=average(total, plays),
        best_total=from_halves(int(best)) if best is not None else None,
        last_played=last,
    )


def game_stats(conn: Connection, key: str) -> GameStats:
    game, name, lowest = _game(conn, key)
    p, r = m.play, m.result
    plays, winning_sum, winning_count = conn.execute(
        select(func.count(), func.sum(p.c.winning_total_halves), func.count(p.c.winning_total_halves))
        .where(p.c.game_id == game, p.c.deleted_at.is_(None))
    ).one()
    distribution = conn.execute(
        select(r.c.total_halves, func.count())
        .where(r.c.game_id == game, r.c.live == true())
        .group_by(r.c.total_halves)
        .order_by(r.c.total_halves)
    ).all()
    best: int | None = None
    holders: tuple[Holder, ...] = ()
    if distribution:
        best = int(distribution[0][0] if lowest else distribution[-1][0])
        rows = conn.execute(
            select(m.player.c.name, r.c.play_id, r.c.played_at)
            .join(m.player, m.player.c.id == r.c.player_id)
            .where(r.c.game_id == game, r.c.live == true(), r.c.total_halves == best)
            .order_by(r.c.played_at, r.c.play_id, r.c.seat)
        )
        holders = tuple(Holder(n, int(i), when) for n, i, when in rows)
    return GameStats(
        game=key,
        name=name,
        plays=int(plays),
        best_total=from_halves(best) if best is not None else None,
        holders=holders,
        average_winning_total=average(winning_sum, int(winning_count)),
        distribution=tuple((from_halves(int(t)), int(c)) for t, c in distribution),
    )


def head_to_head(conn: Connection, a_name: str, b_name: str, game: str | None = None) -> HeadToHead:
    """How two players fared in the plays they were both in."""
    a_id, a_shown = _player(conn, a_name)
    b_id, b_shown = _player(conn, b_name)
    a, b = m.result.alias("a"), m.result.alias("b")
    query = (
        select(
            func.count(),
            func.sum(case((a.c.rank < b.c.rank, 1), else_=0)),
            func.sum(case((a.c.rank > b.c.rank, 1), else_=0)),
            func.sum(case((a.c.winner == true(), 1), else_=0)),
            func.sum(case((b.c.winner == true(), 1), else_=0)),
            func.sum(a.c.total_halves),
            func.sum(b.c.total_halves),
            func.max(a.c.played_at),
        )
        .select_from(a.join(b, and_(b.c.play_id == a.c.play_id, b.c.player_id == b_id)))
        .where(a.c.player_id == a_id, a.c.live == true())
    )
    if game is not None:
        query = query.where(a.c.game_id == _game(conn, game)[0])
    plays, a_ahead, b_ahead, a_wins, b_wins, a_sum, b_sum, last = conn.execute(query).one()
    plays = int(plays)
    a_ahead, b_ahead = int(a_ahead or 0), int(b_ahead or 0)
    return HeadToHead(
        a=a_shown,
        b=b_shown,
        plays=plays,
        a_ahead=a_ahead,
        b_ahead=b_ahead,
        level=plays - a_ahead - b_ahead,
        a_wins=int(a_wins or 0),
        b_wins=int(b_wins or 0),
        a_average=average(a_sum, plays),
        b_average=average(b_sum, plays),
        last_played=last,
    )
