"""History at scale: the store against hand-written plain sqlite3 on the same file.

Builds a Scorepad history file of 100,000 four-player plays (200 players, 4 games, about
6 lines each, 5 years of dates; ``--quick``: 10,000) by importing a generated history
file, then times, next to a plain-sqlite3 baseline that computes the same answer from the
same database file:
  import        plays per second (baseline: the same file parsed and scored with the core,
                rows inserted with sqlite3 executemany into an empty copy of the schema,
                the game tallies counted at the end)
  first_page    50 newest plays with players, totals and winner
  player_page   the 50 newest plays of one player
  player_stats  plays, wins, win rate, average and best total, last played (in one game:
                averages and bests are per game)
  game_stats    plays, best total and holders, average winning total, distribution (the
                baseline reads the same tallies; they are also checked once against every
                result counted afresh)
  head_to_head  two players' plays together
  *_year, *_month  the same for 2022 and for May 2022 (the Stats screen's period filter):
                a player's figures, a game's (``game_stats_*`` as the screen asks them,
                without the distribution of totals; ``game_spread_*`` with it, as the
                command line does), head to head and everyone's wins; and a player's
                ``timeline_*`` (win rate and totals per year over all time, per month in
                the year; the baseline groups in SQL)
  bgstats       a generated BG Stats export of 20,000 plays (``--bgstats-plays``; sums
                typed as scores, the anonymous player, no-points, co-operative, lowest-wins
                and team games, ignored plays, expansions, locations, durations) imported
                into an empty history: plays per second beside the Scorepad-JSON import's
                (target: within 1.5x of it)
Every answer is checked equal to the baseline's (its connection gets the store's page
cache, ``CACHE_KIB``), and each query is timed turn about with its baseline. Prints
medians (ms), ratios and the peak memory of this process (the store's import and
queries; the baseline import runs in a child process of its own); the last line is a
JSON object. Targets: every query within
2x its baseline and under 20 ms median; import >= 10,000 plays/s; peak memory < 300 MB.

    python bench/bench_history.py [--quick] [--keep DIR [--reuse]]

``--reuse`` times the queries again on the history an earlier ``--keep DIR`` run left there
(upgraded first if the schema has moved on), without building or importing anything.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import resource
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from functools import partial
from pathlib import Path
from typing import Any

from scorepad.core import PlayerSheet, builtin_games, score
from scorepad.core.periods import Period
from scorepad.store import PlayFilter, Store, open_store
from scorepad.store.bulk import RECOUNT
from scorepad.store.database import CACHE_KIB
from scorepad.store.values import canonical, digest, from_halves

GAMES = ("azul", "azul-sintra", "azul-summer-pavilion", "glass-road")
PLAYERS = [f"Player {n:03d}" for n in range(1, 201)]
STARS = ["star_multicolour", "star_red", "star_blue", "star_yellow", "star_orange", "star_green"]


def entries(game: str, variant: str | None, rnd: random.Random) -> dict[str, object]:
    """About six lines of plausible values for one player."""
    r = rnd.randint
    if game == "azul":
        return {"marker": r(10, 90), "rows": r(0, 4), "columns": r(0, 3), "colours": r(0, 3)}
    if game == "azul-sintra":
        common: dict[str, object] = {
            "marker": r(20, 120),
            "glass_left": r(0, 9),
            "broken_glass": r(0, 17),
        }
        if variant == "A":
            return {**common, "ornament_1": r(0, 4), "ornament_2": r(0, 4), "ornament_3": r(0, 4)}
        return {**common, "broken_glass_resets": r(0, 1), "windows": [r(0, 8), r(0, 6)]}
    if game == "azul-summer-pavilion":
        return {
            "marker": r(20, 110),
            **{s: rnd.random() < 0.3 for s in rnd.sample(STARS, 4)},
            "tiles_left": r(0, 4),  # at most 4 carried over (the game's limit)
        }
    rate = rnd.choice(["start", "upgraded"])
    return {
        "buildings": r(-2, 40),
        "bonus_buildings": r(0, 12),
        "glass_left": {"count": r(0, 4), "rate": rate},
        "bricks_left": {"count": r(0, 4), "rate": rate},
        "sand_left": {"count": r(0, 7), "rate": rate},
    }


def write_history(path: Path, plays: int, seed: int = 1) -> None:
    """A Scorepad history file (the export format), written one play at a time."""
    rnd = random.Random(seed)
    games = builtin_games()
    refs = {g: digest(canonical(games[g].source))[:16] for g in GAMES}
    start = datetime(2020, 1, 1, 18, 0)
    span = int(timedelta(days=5 * 365).total_seconds())
    with path.open("w", encoding="utf-8") as out:
        out.write('{"format": "scorepad-history", "version": 1, "games": [], "templates": {')
        out.write(
            ",".join(
                f'"{refs[g]}": {{"game": "{g}", "version": {games[g].version}, '
                f'"source": {canonical(games[g].source)}}}'
                for g in GAMES
            )
        )
        out.write('}, "plays": [')
        for n in range(plays):
            game = GAMES[n % 4]
            variant = rnd.choice(["A", "B"]) if game == "azul-sintra" else None
            when = start + timedelta(seconds=rnd.randrange(span))
            people = [
                {"name": name, "lines": entries(game, variant, rnd)}
                for name in rnd.sample(PLAYERS, 4)
            ]
            play = {
                "uid": f"bench-{n:07d}",
                "game": game,
                "template": refs[game],
                "variant": variant,
                "played_at": when.isoformat(timespec="seconds"),
                "notes": None,
                "players": people,
            }
            out.write(("," if n else "") + "\n" + json.dumps(play, separators=(",", ":")))
        out.write("\n]}\n")


BGS_GAMES = (
    # (name, BGG id, cooperative, noPoints, highestWins, usesTeams)
    ("Azul", 230802, False, False, True, False),
    ("Turing Machine", 0, False, False, False, False),
    ("Pylos", 0, False, True, True, False),
    ("Pandemic", 30549, True, True, True, False),
    ("Zombicide", 0, True, False, True, False),
    ("Decrypto", 0, False, True, True, True),
    ("Wingspan", 0, False, False, True, False),
)


def write_bgstats(path: Path, plays: int, seed: int = 2) -> None:
    """A BG Stats export with every shape the import handles, one play after another."""
    rnd = random.Random(seed)
    names = PLAYERS[:60]
    games = [
        {
            "id": n,
            "uuid": f"g-{n}",
            "name": name,
            "bggId": bgg,
            "cooperative": coop,
            "noPoints": no_points,
            "highestWins": highest,
            "usesTeams": teams,
        }
        for n, (name, bgg, coop, no_points, highest, teams) in enumerate(BGS_GAMES, 1)
    ]
    games.append({"id": 99, "uuid": "g-99", "name": "Azul: Crystal Mosaic", "isExpansion": 1})
    people = [
        {"id": n, "uuid": f"p-{n}", "name": name, "isAnonymous": False}
        for n, name in enumerate(names, 1)
    ]
    people.append({"id": 999, "uuid": "p-anon", "name": "Anonymous player", "isAnonymous": True})
    places = [{"id": n, "uuid": f"l-{n}", "name": f"Place {n}"} for n in range(1, 6)]
    start = datetime(2020, 1, 1, 18, 0)
    span = int(timedelta(days=5 * 365).total_seconds())
    out = []
    for n in range(plays):
        ref = n % len(BGS_GAMES) + 1
        name, _, coop, no_points, _, teams = BGS_GAMES[ref - 1]
        count = 4 if teams else rnd.randint(2, 4)
        refs = rnd.sample(range(1, len(names) + 1), count)
        if n % 10 == 0:
            refs[-1] = 999
            if count > 2:
                refs[-2] = 999
        scores = []
        for seat, who in enumerate(refs):
            if no_points:
                score = ""
            elif n % 3 == 0:
                score = f"{rnd.randint(0, 40)}+{rnd.randint(0, 40)}-{rnd.randint(0, 9)}"
            else:
                score = str(rnd.randint(0, 120))
            scores.append(
                {
                    "playerRefId": who,
                    "score": score,
                    "winner": False,
                    "seatOrder": seat + 1,
                    "startPlayer": seat == 0,
                    "rank": 0,
                }
                | ({"team": str(seat % 2 + 1)} if teams else {})
            )
        if coop:
            won = rnd.random() < 0.5
            for s in scores:
                s["winner"] = won
        elif teams:
            for s in scores:
                s["winner"] = s["team"] == "1"
        else:
            rnd.choice(scores)["winner"] = True
        when = start + timedelta(seconds=rnd.randrange(span))
        stamp = when.strftime("%Y-%m-%d %H:%M:%S")
        play = {
            "uuid": f"bench-bgs-{n:07d}",
            "gameRefId": ref,
            "playDate": stamp,
            "entryDate": stamp,
            "modificationDate": stamp,
            "durationMin": rnd.randint(10, 120),
            "ignored": n % 25 == 0,
            "comments": "",
            "playerScores": scores,
        }
        if n % 2:
            play["locationRefId"] = rnd.randint(1, 5)
        if name == "Azul" and n % 4 == 0:
            play["expansionPlays"] = [{"gameRefId": 99}]
        out.append(play)
    document = {"games": games, "players": people, "locations": places, "plays": out}
    path.write_text(json.dumps(document), encoding="utf-8")


def baseline_import(source: Path, schema_from: Path, target: Path) -> float:
    """Plain sqlite3: parse the same file, score with the core, executemany the rows."""
    ddl = [
        row[0]
        for row in sqlite3.connect(schema_from).execute(
            "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' "
            "AND type <> 'trigger'"  # the game tallies are counted once, at the end
        )
    ]
    db = sqlite3.connect(target, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    for statement in ddl:
        db.execute(statement)
    started = time.perf_counter()
    lines = source.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0].rsplit(', "plays": [', 1)[0] + "}", parse_float=Decimal)
    from scorepad.core import load_template

    templates = {ref: load_template(t["source"], ref) for ref, t in head["templates"].items()}
    db.execute("BEGIN")
    now = datetime.now().strftime("%Y-%m-%d %H:%M:%S.%f")
    games: dict[str, int] = {}
    for ref, t in head["templates"].items():
        db.execute(
            "INSERT INTO game (key, builtin, name, version, created_at, updated_at) "
            "VALUES (?, 1, ?, 1, ?, ?)",
            (t["game"], json.dumps(t["source"]["name"]), now, now),
        )
        games[t["game"]] = db.execute("SELECT last_insert_rowid()").fetchone()[0]
        db.execute(
            "INSERT INTO template_snapshot (game_id, version, digest, source) VALUES (?, 1, ?, ?)",
            (games[t["game"]], ref, canonical(t["source"])),  # exact (a game's weight)
        )
    snapshots = {ref: n for n, ref in enumerate(head["templates"], 1)}
    db.executemany(
        "INSERT INTO player (name, name_key, created_at) VALUES (?, ?, ?)",
        [(p, p.casefold(), now) for p in PLAYERS],
    )
    people = {name: pid for pid, name in db.execute("SELECT id, name FROM player")}
    next_id = 1
    plays, results = [], []
    for line in lines[1:-1]:
        play = json.loads(line.rstrip(","), parse_float=Decimal)
        template = templates[play["template"]]
        sheet = score(
            template, play["variant"], [PlayerSheet(p["name"], p["lines"]) for p in play["players"]]
        )
        when = datetime.fromisoformat(play["played_at"]).strftime("%Y-%m-%d %H:%M:%S.%f")
        winning = next(p.total for p in sheet.players if p.winner)
        plays.append(
            (
                next_id,
                play["uid"],
                games[play["game"]],
                snapshots[play["template"]],
                play["variant"],
                when,
                len(sheet.players),
                sheet.decided_by,
                int(winning * 2),
                now,
                now,
            )
        )
        for seat, p in enumerate(sheet.players, 1):
            results.append(
                (
                    next_id,
                    seat,
                    people[p.name],
                    int(p.total * 2),
                    p.rank,
                    p.winner,
                    json.dumps([int(v) for v in p.tiebreak]),
                    json.dumps(p.entries),
                    games[play["game"]],
                    when,
                    1,
                )
            )
        next_id += 1
    db.executemany(
        "INSERT INTO play (id, uid, game_id, snapshot_id, variant, played_at, player_count, "
        "decided_by, "
        "winning_total_halves, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
        plays,
    )
    db.executemany(
        "INSERT INTO play_result (play_id, seat, player_id, total_halves, rank, winner, "
        "tiebreak, entries, game_id, played_at, live) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
        results,
    )
    for statement in RECOUNT:
        db.execute(statement)
    db.execute("COMMIT")
    elapsed = time.perf_counter() - started
    db.close()
    return elapsed


# --- hand-written queries on the store's own file ---------------------------------------
PAGE = """
SELECT p.id, p.uid, g.key, g.name, p.variant, p.played_at, p.location, p.duration, p.notes,
       r.player_id, pl.name, r.total_halves, r.rank, r.winner
FROM ({inner}) AS page
JOIN play p ON p.id = page.id JOIN game g ON g.id = p.game_id
JOIN play_result r ON r.play_id = p.id JOIN player pl ON pl.id = r.player_id
ORDER BY page.played_at DESC, page.id DESC, r.seat"""
NEWEST = (
    "SELECT id, played_at FROM play WHERE deleted_at IS NULL "
    "ORDER BY played_at DESC, id DESC LIMIT 51"
)
BY_PLAYER = (
    "SELECT play_id AS id, played_at FROM play_result WHERE player_id = ? AND live = 1 "
    "ORDER BY played_at DESC, play_id DESC LIMIT 51"
)


def page_rows(db: sqlite3.Connection, inner: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    plays: dict[int, tuple[Any, ...]] = {}
    for row in db.execute(PAGE.format(inner=inner), args):
        if row[0] not in plays:
            plays[row[0]] = (row[0], row[2], datetime.fromisoformat(row[5]), [])
        plays[row[0]][3].append((row[10], from_halves(row[11]), row[12], bool(row[13])))
    return list(plays.values())[:50]


def base_first_page(db: sqlite3.Connection) -> Any:
    return page_rows(db, NEWEST, ())


def base_player_page(db: sqlite3.Connection, name: str) -> Any:
    pid = db.execute("SELECT id FROM player WHERE name_key = ?", (name.casefold(),)).fetchone()[0]
    return page_rows(db, BY_PLAYER, (pid,))


def base_player_stats(
    db: sqlite3.Connection, name: str, game: str, period: Period | None = None
) -> Any:
    """A player's figures in one game (averages and bests are per game), in a period: the
    period's range of their part of ix_result_player."""
    pid = db.execute("SELECT id FROM player WHERE name_key = ?", (name.casefold(),)).fetchone()[0]
    gid = db.execute("SELECT id FROM game WHERE key = ?", (game,)).fetchone()[0]
    dated = " AND played_at >= ? AND played_at < ?" if period is not None else ""
    n, wins, total, best, last = db.execute(
        "SELECT count(*), sum(winner), sum(total_halves), max(total_halves), max(played_at) "
        f"FROM play_result WHERE player_id = ? AND live = 1{dated} AND game_id = ?",
        (pid, *(span(period) if period is not None else ()), gid),
    ).fetchone()
    return (
        n,
        wins,
        half_up(Decimal(total) / (2 * n)),
        from_halves(best),
        datetime.fromisoformat(last),
    )


GAME_COUNTS = {
    "tallies": (
        "SELECT plays, winning_sum_halves, winning_count FROM game_tally WHERE game_id = ?",
        "SELECT total_halves, results FROM total_tally WHERE game_id = ? ORDER BY total_halves",
    ),
    "results": (
        "SELECT count(*), sum(winning_total_halves), count(winning_total_halves) FROM play "
        "WHERE game_id = ? AND deleted_at IS NULL",
        "SELECT total_halves, count(*) FROM play_result WHERE game_id = ? AND live = 1 "
        "GROUP BY total_halves ORDER BY total_halves",
    ),
}
"""A game's counts read from the tallies the store keeps (the timed baseline: the same
tables a hand-written query would use), or counted afresh from every play and result
(run once, to check the tallies)."""


def game_answer(
    n: int, best: int, holders: list[Any], wsum: int, wcount: int, dist: list[Any]
) -> tuple[Any, ...]:
    """A game's figures in the shape the store's are compared in."""
    return (
        n,
        from_halves(best),
        holders,
        half_up(Decimal(wsum) / (2 * wcount)),
        [(from_halves(t), c) for t, c in dist],
    )


def base_game_stats(db: sqlite3.Connection, key: str, source: str = "tallies") -> Any:
    plays, distribution = GAME_COUNTS[source]
    gid = db.execute('SELECT id FROM game WHERE "key" = ?', (key,)).fetchone()[0]
    n, wsum, wcount = db.execute(plays, (gid,)).fetchone()
    dist = db.execute(distribution, (gid,)).fetchall()
    best = dist[-1][0]
    holders = db.execute(
        "SELECT pl.name, r.play_id FROM play_result r JOIN player pl ON pl.id = r.player_id "
        "JOIN play p ON p.id = r.play_id WHERE p.game_id = ? AND p.deleted_at IS NULL "
        "AND p.winning_total_halves = ? AND r.total_halves = ? "
        "ORDER BY r.played_at, r.play_id, r.seat",
        (gid, best, best),
    ).fetchall()
    return game_answer(n, best, holders, wsum, wcount, dist)


def base_h2h(db: sqlite3.Connection, a: str, b: str) -> Any:
    ids = [
        db.execute("SELECT id FROM player WHERE name_key = ?", (x.casefold(),)).fetchone()[0]
        for x in (a, b)
    ]
    row = db.execute(
        "SELECT count(*), sum(a.rank < b.rank), sum(a.rank > b.rank), sum(a.winner), "
        "sum(b.winner), "
        "sum(a.total_halves), sum(b.total_halves), max(a.played_at) FROM play_result a "
        "JOIN play_result b ON b.play_id = a.play_id AND b.player_id = ? "
        "WHERE a.player_id = ? AND a.live = 1",
        (ids[1], ids[0]),
    ).fetchone()
    return row[:5]


# --- the same by period: a year or a month (start inclusive, end exclusive) ------------------
YEAR, MONTH = Period.year(2022), Period.month(2022, 5)


def span(period: Period) -> tuple[str, str]:
    """The period's ends as the store's SQLite file writes a ``played_at``."""
    start, end = (d.strftime("%Y-%m-%d %H:%M:%S.%f") for d in period.bounds())
    return start, end


def ids_of(db: sqlite3.Connection, *names: str) -> list[int]:
    return [
        db.execute("SELECT id FROM player WHERE name_key = ?", (n.casefold(),)).fetchone()[0]
        for n in names
    ]


def base_game_period(db: sqlite3.Connection, key: str, period: Period, spread: bool) -> Any:
    """A game's figures within a period: its plays in the range of ix_play_game (not left
    out of the statistics), the best of their winning totals and its holders; with
    ``spread``, every result of those plays counted by total."""
    gid = db.execute('SELECT id FROM game WHERE "key" = ?', (key,)).fetchone()[0]
    start, end = span(period)
    n, wsum, wcount, best = db.execute(
        "SELECT count(*), sum(winning_total_halves), count(winning_total_halves), "
        "max(winning_total_halves) FROM play WHERE game_id = ? AND deleted_at IS NULL "
        "AND ignored IS NULL AND played_at >= ? AND played_at < ?",
        (gid, start, end),
    ).fetchone()
    holders = db.execute(
        "SELECT pl.name, r.play_id FROM play p JOIN play_result r ON r.play_id = p.id "
        "JOIN player pl ON pl.id = r.player_id WHERE p.game_id = ? AND p.deleted_at IS NULL "
        "AND p.winning_total_halves = ? AND r.total_halves = ? AND r.live = 1 "
        "AND p.played_at >= ? AND p.played_at < ? ORDER BY r.played_at, r.play_id, r.seat",
        (gid, best, best, start, end),
    ).fetchall()
    dist = []
    if spread:
        dist = db.execute(
            "SELECT r.total_halves, count(*) FROM play p JOIN play_result r ON r.play_id = p.id "
            "WHERE p.game_id = ? AND p.deleted_at IS NULL AND p.played_at >= ? "
            "AND p.played_at < ? AND r.live = 1 AND r.total_halves IS NOT NULL "
            "GROUP BY r.total_halves ORDER BY r.total_halves",
            (gid, start, end),
        ).fetchall()
    return game_answer(n, best, holders, wsum, wcount, dist)


def base_h2h_period(db: sqlite3.Connection, a: str, b: str, period: Period) -> Any:
    a_id, b_id = ids_of(db, a, b)
    row = db.execute(
        "SELECT count(*), sum(a.rank < b.rank), sum(a.rank > b.rank), sum(a.winner), "
        "sum(b.winner) FROM play_result a "
        "JOIN play_result b ON b.play_id = a.play_id AND b.player_id = ? "
        "WHERE a.player_id = ? AND a.live = 1 AND a.played_at >= ? AND a.played_at < ?",
        (b_id, a_id, *span(period)),
    ).fetchone()
    return tuple(int(v or 0) for v in row)


def base_counts_period(db: sqlite3.Connection, period: Period) -> Any:
    """Everyone's plays and wins within a period: each one's range of ix_result_player."""
    rows = db.execute(
        "SELECT player_id, count(*), sum(winner) FROM play_result "
        "WHERE player_id IN (SELECT id FROM player) AND live = 1 "
        "AND played_at >= ? AND played_at < ? GROUP BY player_id",
        span(period),
    ).fetchall()
    return sorted((pid, n, w) for pid, n, w in rows)


def base_timeline(
    db: sqlite3.Connection, name: str, game: str, period: Period | None, width: int
) -> Any:
    """A player's plays, wins and totals in one game per month (``width`` 7) or year (4),
    grouped by SQLite itself; the co-operative plays left out, as the store does."""
    (pid,) = ids_of(db, name)
    gid = db.execute("SELECT id FROM game WHERE key = ?", (game,)).fetchone()[0]
    dated = " AND r.played_at >= ? AND r.played_at < ?" if period is not None else ""
    rows = db.execute(
        f"SELECT substr(r.played_at, 1, {width}), count(*), sum(r.winner), "
        "count(r.total_halves), sum(r.total_halves) FROM play_result r "
        "JOIN play p ON p.id = r.play_id WHERE r.player_id = ? AND r.live = 1 "
        "AND r.game_id = ? AND NOT (p.outcome IS NOT NULL AND p.result_kind = 'cooperative')"
        f"{dated} GROUP BY 1 ORDER BY 1",
        (pid, gid, *(span(period) if period is not None else ())),
    ).fetchall()
    return [(k, n, w, c, t) for k, n, w, c, t in rows]


def timeline_shape(timeline: Any) -> list[tuple[Any, ...]]:
    """A store timeline in the baseline's shape."""
    width = 4 if timeline.grain == "year" else 7
    return [
        (p.start.isoformat()[:width], p.plays, p.wins, p.scored, p.total_halves)
        for p in timeline.points
        if p.plays  # the baseline groups the days, months or years played only
    ]


def page_shape(page: Any) -> list[tuple[Any, ...]]:
    """A page of the store's answer in the baseline's shape."""
    return [
        (p.id, p.game, p.played_at, [(s.name, s.total, s.rank, s.winner) for s in p.players])
        for p in page.plays
    ]


def in_child(fn: Callable[..., float], *args: Any) -> float:
    """Run a baseline in its own process, so its memory is not counted as the store's."""
    context = multiprocessing.get_context("fork")
    with context.Pool(1) as pool:
        return pool.apply(_said_plainly, (fn, *args))


def _said_plainly(fn: Callable[..., float], *args: Any) -> float:
    """``fn(*args)``, its failure raised as a RuntimeError naming it: an exception the
    parent cannot unpickle (a Scorepad error takes its fields as keywords) would stop the
    pool's result thread and leave the bench waiting for ever."""
    try:
        return fn(*args)
    except Exception as problem:
        raise RuntimeError(f"{type(problem).__name__}: {problem}") from None


def medians_ms(
    ours: Callable[[], Any], theirs: Callable[[], Any], runs: int
) -> tuple[float, float]:
    """Each one's median time, the two run turn about (so that a burst of other work on
    a shared machine slows both alike, not one of them)."""
    ours(), theirs()  # warm: compiled statements, page cache
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(runs):
        for fn, kept in ((ours, times[0]), (theirs, times[1])):
            started = time.perf_counter()
            fn()
            kept.append((time.perf_counter() - started) * 1000)
    return statistics.median(times[0]), statistics.median(times[1])


def half_up(value: Decimal) -> Decimal:
    """Averages to two decimals, halves rounded up."""
    return value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="10,000 plays instead of 100,000")
    parser.add_argument("--runs", type=int, default=0, help="timed runs per query")
    parser.add_argument("--keep", help="build in this folder and keep the files")
    parser.add_argument("--bgstats-plays", type=int, default=20_000, help="BG Stats plays")
    parser.add_argument(
        "--reuse",
        action="store_true",
        help="time the queries on the history an earlier --keep run left (no import figures)",
    )
    args = parser.parse_args()
    if args.reuse and not args.keep:
        parser.error("--reuse needs --keep DIR")
    plays = 10_000 if args.quick else 100_000
    runs = args.runs or (30 if args.quick else 50)
    folder = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="scorepad-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    source, path, base_path = (
        folder / "plays.json",
        folder / "history.sqlite3",
        folder / "baseline.sqlite3",
    )
    if args.reuse:  # the history an earlier run kept: the queries alone
        results: dict[str, Any] = {"plays": plays}
        with open_store(str(path)) as store:
            ok = queries(store, path, runs, results)
        return finish(results, ok)
    for stale in folder.glob("*.sqlite3*"):
        stale.unlink()
    write_history(source, plays)
    print(f"history file: {plays:,} plays, {source.stat().st_size / 1e6:.1f} MB")

    store = open_store(str(path))
    started = time.perf_counter()
    done = store.import_file(source)
    import_s = time.perf_counter() - started
    assert done.plays == plays, done
    import_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    base_import_s = in_child(baseline_import, source, path, base_path)
    rate, base_rate = plays / import_s, plays / base_import_s
    results = {
        "plays": plays,
        "import_plays_per_s": round(rate),
        "baseline_import_plays_per_s": round(base_rate),
        "import_ratio": round(import_s / base_import_s, 2),
    }
    print(
        f"import: {rate:,.0f} plays/s (baseline {base_rate:,.0f} plays/s, "
        f"ratio {import_s / base_import_s:.2f})"
    )
    ok = queries(store, path, runs, results) and rate >= 10_000
    bgs_source, bgs_path = folder / "bgstats.bgsplay", folder / "bgstats.sqlite3"
    write_bgstats(bgs_source, args.bgstats_plays)
    with open_store(str(bgs_path)) as bgs:
        started = time.perf_counter()
        bgs_done = bgs.import_file(bgs_source)
        bgs_s = time.perf_counter() - started
    assert bgs_done.plays == args.bgstats_plays, bgs_done
    bgs_rate = args.bgstats_plays / bgs_s
    bgs_ratio = rate / bgs_rate
    results["bgstats_plays"] = args.bgstats_plays
    results["bgstats_import_plays_per_s"] = round(bgs_rate)
    results["bgstats_vs_json_import"] = round(bgs_ratio, 2)
    print(
        f"bgstats import: {bgs_rate:,.0f} plays/s ({args.bgstats_plays:,} plays, "
        f"{bgs_source.stat().st_size / 1e6:.1f} MB) beside the Scorepad-JSON import's "
        f"{rate:,.0f} plays/s: {bgs_ratio:.2f}x slower (target <= 1.5)"
    )
    print(f"peak memory after the import: {import_peak:.1f} MB")
    store.close()
    return finish(results, ok and bgs_ratio <= 1.5)


def game_shape(s: Any) -> tuple[Any, ...]:
    return (
        s.plays,
        s.best_total,
        [(h.name, h.play_id) for h in s.holders],
        s.average_winning_total,
        list(s.distribution),
    )


def player_shape(s: Any) -> tuple[Any, ...]:
    return (s.plays, s.wins, s.average_total, s.best_total, s.last_played)


def h2h_shape(h: Any) -> tuple[Any, ...]:
    return (h.plays, h.a_ahead, h.b_ahead, h.a_wins, h.b_wins)


def counts_shape(people: Any) -> list[tuple[Any, ...]]:
    return sorted((p.id, p.plays, p.wins) for p in people if p.plays)


def period_cases(
    store: Store, db: sqlite3.Connection, a: str, b: str
) -> dict[str, tuple[Callable[[], Any], Callable[[], Any], Callable[[Any], Any]]]:
    """The stats for a year and a month (the Stats screen's period filter), each beside
    its hand-written query."""
    cases: dict[str, tuple[Callable[[], Any], Callable[[], Any], Callable[[Any], Any]]] = {}
    for label, period in (("year", YEAR), ("month", MONTH)):
        cases |= {
            f"player_stats_{label}": (
                partial(store.player_stats, a, "azul", period),
                partial(base_player_stats, db, a, "azul", period),
                player_shape,
            ),
            f"game_stats_{label}": (  # as the Stats screen asks: no distribution
                partial(store.game_stats, "azul", period, distribution=False),
                partial(base_game_period, db, "azul", period, False),
                game_shape,
            ),
            f"game_spread_{label}": (  # as the command line asks: with it
                partial(store.game_stats, "azul", period),
                partial(base_game_period, db, "azul", period, True),
                game_shape,
            ),
            f"head_to_head_{label}": (
                partial(store.head_to_head, a, b, None, period),
                partial(base_h2h_period, db, a, b, period),
                h2h_shape,
            ),
            f"wins_{label}": (
                partial(store.players, period),
                partial(base_counts_period, db, period),
                counts_shape,
            ),
        }
    cases["timeline_all"] = (  # five years: per year
        lambda: store.player_timeline(a, "azul"),
        lambda: base_timeline(db, a, "azul", None, 4),
        timeline_shape,
    )
    cases["timeline_year"] = (  # a year: per month
        lambda: store.player_timeline(a, "azul", YEAR),
        lambda: base_timeline(db, a, "azul", YEAR, 7),
        timeline_shape,
    )
    return cases


def queries(store: Store, path: Path, runs: int, results: dict[str, Any]) -> bool:
    """Time the store's queries beside the baseline's on the history at ``path`` (the
    store's file), add their figures to ``results``, and say whether each met its target."""
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA cache_size = -{CACHE_KIB}")  # the store's page cache, for a fair race
    ok = True
    a, b = "Player 017", "Player 042"
    cases: dict[str, tuple[Callable[[], Any], Callable[[], Any], Callable[[Any], Any]]] = {
        "first_page": (
            lambda: store.list_plays(),
            lambda: base_first_page(db),
            page_shape,
        ),
        "player_page": (
            lambda: store.list_plays(PlayFilter(player=a)),
            lambda: base_player_page(db, a),
            page_shape,
        ),
        "player_stats": (
            lambda: store.player_stats(a, "azul"),
            lambda: base_player_stats(db, a, "azul"),
            lambda s: (s.plays, s.wins, s.average_total, s.best_total, s.last_played),
        ),
        "game_stats": (
            lambda: store.game_stats("azul"),
            lambda: base_game_stats(db, "azul"),
            lambda s: (
                s.plays,
                s.best_total,
                [(h.name, h.play_id) for h in s.holders],
                s.average_winning_total,
                list(s.distribution),
            ),
        ),
        "head_to_head": (
            lambda: store.head_to_head(a, b),
            lambda: base_h2h(db, a, b),
            lambda h: (h.plays, h.a_ahead, h.b_ahead, h.a_wins, h.b_wins),
        ),
        **period_cases(store, db, a, b),
    }
    for name, (ours, theirs, shape) in cases.items():
        mine, base = shape(ours()), theirs()
        assert mine == base, f"{name}: store {mine!r} != baseline {base!r}"
        ours_ms, base_ms = medians_ms(ours, theirs, runs)
        ratio = ours_ms / base_ms
        ok = ok and ours_ms < 20 and ratio <= 2
        results[name] = {
            "ms": round(ours_ms, 3),
            "baseline_ms": round(base_ms, 3),
            "ratio": round(ratio, 2),
        }
        print(
            f"{name:>18}: {ours_ms:7.3f} ms median, baseline {base_ms:7.3f} ms, ratio {ratio:.2f}"
        )
    counted_at = time.perf_counter()
    counted = base_game_stats(db, "azul", "results")
    counted_ms = (time.perf_counter() - counted_at) * 1000
    assert cases["game_stats"][2](store.game_stats("azul")) == counted, "tallies != results"
    print(
        f"   game_stats: the tallies agree with every result counted afresh ({counted_ms:.1f} ms)"
    )
    db.close()
    return ok


def finish(results: dict[str, Any], ok: bool) -> int:
    """Add the peak memory, print the figures as JSON, and say whether every target was met."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    ok = ok and peak < 300
    results["peak_memory_mb"] = round(peak, 1)
    results["targets_met"] = ok
    print(f"peak memory: {peak:.1f} MB")
    print(json.dumps(results))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
