"""A year in review and the achievements at scale: the store beside plain sqlite3.

On bench_history's history (100,000 four-player plays of 4 games, 200 players, 5 years;
``--quick``: 10,000), built here once or reused from ``--keep DIR``, times turn about:
  review_year     ``Store.review(2022)``: the whole history's year (about a fifth of the
                  plays) read afresh, its seats from the players' results index, and
                  counted in Python (``store.yearfacts``, ``club.review``)
  review_player   ``Store.review(2022, "Player 017")``: one player's year
  *_kept          the same once the store keeps every play (``Store.facts`` asked once,
                  as the app's screens do): the year taken from what is kept, no reading
beside a hand-written baseline on the same file that works out the same figures with
sqlite3 and SQL aggregates (plays, minutes, games and the most played, new games, the
H-index, the busiest day, the longest run of days, the longest winning streak, the best
score of each game, the busiest players; for a player, the most frequent opponent, the
nemesis and the favourite victim). The bench history has no co-operative or team plays,
so the baseline leaves those rules out. Every figure is checked equal to the baseline's.
Then the achievements over the whole history (``Store.achievements``): the facts read
(``Store.facts``), the round plays read, and the rules run, each timed once or twice.

Target: a year in review <= 300 ms (the whole history's year, on a quiet machine), read
afresh (``review_year``, a fresh program's first ask: the year's own plays and seats,
``store.yearfacts``) and from the plays kept (``review_year_kept``), and for one player.
Prints medians (ms), ratios and the load; the last line is a JSON object.

    python bench/bench_review.py [--quick] [--keep DIR] [--runs N]
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_history import medians_ms, write_history

from scorepad.club.achievements import earned
from scorepad.club.review import TOP, Review
from scorepad.store import open_store
from scorepad.store.database import CACHE_KIB
from scorepad.store.roundfacts import club_history

YEAR = 2022
PLAYER = "Player 017"
COUNTED = "p.deleted_at IS NULL AND p.ignored IS NULL AND p.played_at >= ? AND p.played_at < ?"


def shape(review: Review) -> tuple[Any, ...]:
    """The figures both sides work out, in one comparable value."""
    return (
        review.plays,
        review.minutes,
        review.games,
        review.new_games,
        review.top_games,
        review.h_index,
        review.busiest_day,
        review.day_streak.length,
        (review.win_streak.length, review.win_streak.player),
        review.months,
        tuple((b.game, b.player, b.total_halves) for b in review.best),
        review.players,
        review.opponent,
        review.nemesis,
        review.victim,
    )


def _bounds(year: int) -> tuple[str, str]:
    return f"{year:04d}-01-01 00:00:00", f"{year + 1:04d}-01-01 00:00:00"


def _day_streak(days: list[date]) -> int:
    best = run = 0
    previous: date | None = None
    for day in days:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best, previous = max(best, run), day
    return best


def _most(rows: list[tuple[str, int]]) -> tuple[str, int] | None:
    rows = [r for r in rows if r[1]]
    return min(rows, key=lambda r: (-r[1], r[0].casefold())) if rows else None


def baseline(db: sqlite3.Connection, year: int, player: str | None) -> tuple[Any, ...]:
    """The same figures from SQL, as someone would write them by hand."""
    start, end = _bounds(year)
    me = None
    mine = ""
    args: tuple[Any, ...] = (start, end)
    if player is not None:
        (me,) = db.execute("SELECT id FROM player WHERE name = ?", (player,)).fetchone()
        mine = (
            " AND p.id IN (SELECT play_id FROM play_result WHERE player_id = ? AND live"
            " AND played_at >= ? AND played_at < ?)"
        )
        args = (start, end, me, start, end)
    where = COUNTED + mine
    plays, minutes = db.execute(
        f"SELECT count(*), coalesce(sum(duration), 0) FROM play p WHERE {where}", args
    ).fetchone()
    games = db.execute(
        f"SELECT g.key, count(*) FROM play p JOIN game g ON g.id = p.game_id WHERE {where}"
        " GROUP BY g.key ORDER BY count(*) DESC, g.key",
        args,
    ).fetchall()
    counts = [n for _, n in games]
    h_index = sum(1 for i, n in enumerate(counts, 1) if n >= i)
    if player is None:
        earlier = (
            "SELECT game_id FROM play"
            " WHERE deleted_at IS NULL AND ignored IS NULL AND played_at < ?"
        )
        before = {
            k for (k,) in db.execute(f"SELECT key FROM game WHERE id IN ({earlier})", (start,))
        }
    else:
        earlier = "SELECT game_id FROM play_result WHERE player_id = ? AND live AND played_at < ?"
        before = {
            k for (k,) in db.execute(f"SELECT key FROM game WHERE id IN ({earlier})", (me, start))
        }
    new = tuple(sorted(k for k, _ in games if k not in before))
    days = db.execute(
        f"SELECT substr(p.played_at, 1, 10) AS d, count(*) FROM play p WHERE {where}"
        " GROUP BY d ORDER BY d",
        args,
    ).fetchall()
    busiest = min(days, key=lambda r: (-r[1], r[0])) if days else None
    months = [0] * 12
    for month, n in db.execute(
        f"SELECT substr(p.played_at, 6, 2) AS m, count(*) FROM play p WHERE {where} GROUP BY m",
        args,
    ):
        months[int(month) - 1] = n
    seat_rows = (
        "FROM play_result r JOIN play p ON p.id = r.play_id JOIN player pl ON pl.id = r.player_id"
        " JOIN game g ON g.id = p.game_id"
        f" WHERE r.live AND {where}" + ("" if me is None else " AND r.player_id = ?")
    )
    seat_args = args if me is None else (*args, me)
    runs: dict[str, int] = {}
    streak: tuple[int, str | None] = (0, None)
    for name, winner in db.execute(
        f"SELECT pl.name, r.winner {seat_rows} ORDER BY p.played_at, p.id, r.seat", seat_args
    ):
        if winner:
            runs[name] = runs.get(name, 0) + 1
            if runs[name] > streak[0]:
                streak = (runs[name], name)
        else:
            runs.pop(name, None)
    best = []
    for key, top in db.execute(
        f"SELECT g.key, max(r.total_halves) {seat_rows} GROUP BY g.key", seat_args
    ):
        (name,) = db.execute(
            f"SELECT pl.name {seat_rows} AND g.key = ? AND r.total_halves = ?"
            " ORDER BY p.played_at, p.id, r.seat LIMIT 1",
            (*seat_args, key, top),
        ).fetchone()
        best.append((key, name, top))
    order = {k: i for i, (k, _) in enumerate(games)}
    best.sort(key=lambda b: order[b[0]])
    people: tuple[tuple[str, int], ...] = ()
    rivals: tuple[Any, ...] = (None, None, None)
    if me is None:
        people = tuple(
            db.execute(
                f"SELECT pl.name, count(*) {seat_rows} GROUP BY r.player_id"
                " ORDER BY count(*) DESC, lower(pl.name) LIMIT ?",
                (*seat_args, TOP),
            ).fetchall()
        )
    else:
        met = db.execute(
            "SELECT pl.name, count(*), sum(o.rank < r.rank), sum(o.rank > r.rank)"
            " FROM play_result r JOIN play_result o ON o.play_id = r.play_id AND o.seat != r.seat"
            " JOIN player pl ON pl.id = o.player_id JOIN play p ON p.id = r.play_id"
            f" WHERE r.player_id = ? AND r.live AND {COUNTED} GROUP BY o.player_id",
            (me, start, end),
        ).fetchall()
        rivals = tuple(_most([(n, row[i]) for n, *row in met]) for i in range(3))
    return (
        plays,
        minutes,
        len(games),
        new,
        tuple(games[:TOP]),
        h_index,
        None if busiest is None else (date.fromisoformat(busiest[0]), busiest[1]),
        _day_streak([date.fromisoformat(d) for d, _ in days]),
        streak,
        tuple(months),
        tuple(best[:TOP]),
        people,
        *rivals,
    )


def build(folder: Path, plays: int) -> Path:
    path = folder / "history.sqlite3"
    if path.exists():
        return path
    source = folder / "plays.json"
    write_history(source, plays)
    with open_store(str(path)) as store:
        started = time.perf_counter()
        store.import_file(source)
        print(f"built: {plays:,} plays imported in {time.perf_counter() - started:.1f} s")
    return path


def timed(fn: Callable[[], Any]) -> tuple[Any, float]:
    started = time.perf_counter()
    value = fn()
    return value, (time.perf_counter() - started) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="10,000 plays instead of 100,000")
    parser.add_argument("--runs", type=int, default=7, help="timed runs of each review")
    parser.add_argument("--keep", help="build in this folder (and reuse what it holds)")
    args = parser.parse_args()
    plays = 10_000 if args.quick else 100_000
    folder = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="scorepad-review-"))
    folder.mkdir(parents=True, exist_ok=True)
    path = build(folder, plays)
    load = os.getloadavg()[0]
    results: dict[str, Any] = {"plays": plays, "load_1min": round(load, 2), "cores": os.cpu_count()}
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA cache_size = -{CACHE_KIB}")
    ok = True
    with open_store(str(path)) as store:
        for name, player in (
            ("review_year", None),
            ("review_player", PLAYER),
            ("review_year_kept", None),
            ("review_player_kept", PLAYER),
        ):
            if name.endswith("_kept"):
                store.facts()  # the app's every visit after its first: every play kept
            mine, base = shape(store.review(YEAR, player)), baseline(db, YEAR, player)
            assert mine == base, f"{name}: store {mine!r}\n != baseline {base!r}"
            ours_ms, base_ms = medians_ms(
                lambda p=player: store.review(YEAR, p),
                lambda p=player: baseline(db, YEAR, p),
                args.runs,
            )
            ratio = ours_ms / base_ms
            results[name] = {
                "ms": round(ours_ms, 1),
                "baseline_ms": round(base_ms, 1),
                "ratio": round(ratio, 2),
            }
            ok = ok and ours_ms <= 300
            print(
                f"{name:>14}: {ours_ms:8.1f} ms median, "
                f"baseline {base_ms:8.1f} ms, ratio {ratio:.2f}"
            )
        facts_ms, found_ms, rounds_ms, rules_ms = [], [], [], []
        for _ in range(2):
            facts, ms = timed(store.facts)
            facts_ms.append(ms)
            history, ms = timed(lambda f=facts: club_history(store.db, f))
            rounds_ms.append(ms)
            found, ms = timed(lambda h=history: earned(h))
            rules_ms.append(ms)
            _, ms = timed(store.achievements)
            found_ms.append(ms)
        results["achievements"] = {
            "earned": len(found),
            "ms": round(statistics.median(found_ms)),
            "facts_ms": round(statistics.median(facts_ms)),
            "rounds_ms": round(statistics.median(rounds_ms)),
            "rules_ms": round(statistics.median(rules_ms)),
        }
        print(
            f"  achievements: {statistics.median(found_ms):8.0f} ms for {len(found):,} earned over "
            f"{len(facts):,} plays (Store.facts {statistics.median(facts_ms):.0f} ms, round plays "
            f"{statistics.median(rounds_ms):.0f} ms, "
            f"the rules {statistics.median(rules_ms):.0f} ms)"
        )
    db.close()
    results["load_1min_after"] = round(os.getloadavg()[0], 2)
    results["targets_met"] = ok
    print(
        f"load average {load:.2f} before, {results['load_1min_after']:.2f} after, "
        f"{os.cpu_count()} cores"
    )
    print(json.dumps(results))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
