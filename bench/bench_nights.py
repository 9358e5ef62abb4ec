"""Game nights and season standings at scale: the store and ``scorepad.club`` against
hand-written plain sqlite3 on the same file.

Uses the history ``bench_history.py`` builds (100,000 four-player plays of 200 players
over 5 years; ``--quick``: 10,000), built here by the same import or reused from
``--keep DIR`` (its ``history.sqlite3``), then times, turn about with a baseline that
works out the same answer from the same database file:
  nights      every game night of the whole history from scratch: ``Store.facts`` (the
              counted plays and their seats, read afresh), the history's settings and
              marks, then ``history_nights`` (grouping and tallies); the baseline reads the
              plays and seats with sqlite3 and groups them in one loop. Once with the
              history's gap (6 hours: the generated plays are dense, so few nights) and
              once with a gap of 20 minutes (many nights).
  nights_warm the same as the app does it at its next visit: the plays the store kept
              (``Store.facts`` reads them again only after a change), beside the same
              baseline, which reads every time.
  standings   a season's standings (one year): ``Store.facts`` and ``standings``; the
              baseline counts plays, wins and place points with one SQL aggregate.
Every answer is checked equal to the baseline's. Prints medians (ms), ratios and the
machine's load; the last line is a JSON object. Targets: every case <= 1 s (medians,
100,000 plays, a quiet machine), read afresh (a new program's first ask) as well as from
the plays kept.

    python bench/bench_nights.py [--quick] [--keep DIR [--reuse]] [--runs N]
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
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from bench_history import medians_ms, write_history

from scorepad.club.nights import DEFAULT_POINTS, Night, history_nights
from scorepad.club.seasons import Season, standings
from scorepad.store import Store, open_store
from scorepad.store.database import CACHE_KIB
from scorepad.store.facts import FactsCache

PLAYS_SQL = """
    SELECT id, played_at, started_at, duration FROM play
    WHERE deleted_at IS NULL AND ignored IS NULL ORDER BY played_at, id"""
SEATS_SQL = """
    SELECT r.play_id, p.name, r.rank, p.anonymous FROM play_result r
    JOIN player p ON p.id = r.player_id
    WHERE r.live = 1 ORDER BY r.play_id, r.seat"""
STANDINGS_SQL = """
    SELECT p.name, count(*), sum(r.winner), sum(CASE r.rank WHEN 1 THEN 3 WHEN 2 THEN 2
                                                WHEN 3 THEN 1 ELSE 0 END)
    FROM play_result r JOIN player p ON p.id = r.player_id
    WHERE r.live = 1 AND r.played_at >= ? AND r.played_at < ? AND p.anonymous IS NOT 1
    GROUP BY p.name"""


def when(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def base_nights(db: sqlite3.Connection, gap: timedelta) -> list[tuple[list[int], list[str]]]:
    """Every night (its plays and winners), by hand: the plays and seats read in one pass
    each, grouped in one loop (no marks: the bench history has none)."""
    seats: dict[int, list[tuple[str, int]]] = {}
    for play_id, name, rank, anonymous in db.execute(SEATS_SQL):
        if not anonymous:
            seats.setdefault(play_id, []).append((name, rank))
    found: list[tuple[list[int], list[str]]] = []
    ids: list[int] = []
    points: dict[str, int] = {}
    end: datetime | None = None

    def close() -> None:
        best = max(points.values(), default=0)
        won = sorted((p for p, n in points.items() if n == best), key=str.casefold)
        found.append((ids, won if best > 0 else []))

    for play_id, played, started, minutes in db.execute(PLAYS_SQL):
        ended = datetime.fromisoformat(played)
        begun = when(started) or (ended - timedelta(minutes=minutes) if minutes else ended)
        if end is not None and begun - end >= gap:
            close()
            ids, points, end = [], {}, None
        ids.append(play_id)
        for name, rank in seats.get(play_id, ()):
            earned = DEFAULT_POINTS[rank - 1] if 1 <= rank <= len(DEFAULT_POINTS) else 0
            points[name] = points.get(name, 0) + earned
        end = ended if end is None or ended > end else end
    if ids:
        close()
    return found


def night_shape(nights: list[Night]) -> list[tuple[list[int], list[str]]]:
    return [([f.id for f in n.plays], sorted(n.winners, key=str.casefold)) for n in nights]


def store_nights(store: Store, gap: timedelta | None) -> list[Night]:
    """Every night, from the plays the store keeps: read afresh when ``forget`` dropped
    them first (as a new program has them), else those kept (the app's next visit)."""
    return history_nights(store.facts(), store.settings(), store.night_marks(), gap)


def forget(store: Store) -> None:
    """The store's kept facts dropped (and let go) before the clock starts."""
    store._facts = FactsCache()


def turn_about(
    ours: Callable[[], Any],
    theirs: Callable[[], Any],
    runs: int,
    before: Callable[[], Any] | None = None,
) -> tuple[float, float, float, float]:
    """Each one's median wall-clock and processor milliseconds, the two run turn about
    (``before``, untimed, ahead of each of ours): (ours, theirs, ours' processor time,
    theirs'). The processor time is what a busy machine's other work does not inflate."""
    times: tuple[list[float], ...] = ([], [], [], [])
    for fn in (ours, theirs):  # warm: compiled statements, page cache
        if before is not None and fn is ours:
            before()
        fn()
    for _ in range(runs):
        for fn, wall, cpu in ((ours, times[0], times[2]), (theirs, times[1], times[3])):
            if before is not None and fn is ours:
                before()
            started, used = time.perf_counter(), time.process_time()
            fn()
            wall.append((time.perf_counter() - started) * 1000)
            cpu.append((time.process_time() - used) * 1000)
    return tuple(statistics.median(t) for t in times)  # type: ignore[return-value]


def base_standings(db: sqlite3.Connection, season: Season) -> list[tuple[str, int, int, int]]:
    rows = db.execute(STANDINGS_SQL, (season.start.isoformat(" "), season.end.isoformat(" ")))
    table = [(name, plays, wins, points) for name, plays, wins, points in rows]
    table.sort(key=lambda s: (-s[3], -s[2], -s[1], s[0].casefold()))
    return table


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="10,000 plays instead of 100,000")
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each")
    parser.add_argument("--keep", help="build in this folder (or reuse it) and keep the files")
    parser.add_argument("--reuse", action="store_true", help="use the history --keep holds")
    args = parser.parse_args()
    plays = 10_000 if args.quick else 100_000
    folder = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="scorepad-nights-"))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "history.sqlite3"
    if not (args.reuse and path.is_file()):
        for stale in folder.glob("history.sqlite3*"):
            stale.unlink()
        source = folder / "plays.json"
        write_history(source, plays)
        with open_store(str(path)) as store:
            assert store.import_file(source).plays == plays
    load = os.getloadavg()
    print(f"history: {path} · load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA cache_size = -{CACHE_KIB}")
    results: dict[str, Any] = {"plays": plays, "load": [round(x, 2) for x in load]}
    ok = True
    season = Season("bench", "2022", date(2022, 1, 1), date(2022, 12, 31))
    with open_store(str(path)) as store:
        assert len(store.facts()) == plays
        cold = {"nights", "nights_20min", "standings"}  # each read afresh, as a new program does
        cases: dict[str, tuple[Callable[[], Any], Callable[[], Any], Callable[[Any], Any]]] = {
            "nights": (
                lambda: store_nights(store, None),
                lambda: base_nights(db, timedelta(hours=6)),
                night_shape,
            ),
            "nights_warm": (
                lambda: store_nights(store, None),
                lambda: base_nights(db, timedelta(hours=6)),
                night_shape,
            ),
            "nights_20min": (
                lambda: store_nights(store, timedelta(minutes=20)),
                lambda: base_nights(db, timedelta(minutes=20)),
                night_shape,
            ),
            "standings": (
                lambda: standings(store.facts(), season),
                lambda: base_standings(db, season),
                lambda table: [(s.player, s.plays, s.wins, s.points) for s in table],
            ),
        }
        for name, (ours, theirs, shape) in cases.items():
            before = (lambda: forget(store)) if name in cold else None
            if before is not None:
                before()
            mine, base = shape(ours()), theirs()
            assert mine == base, f"{name}: the store's answer differs from the baseline's"
            ours_ms, base_ms, ours_cpu, base_cpu = turn_about(ours, theirs, args.runs, before)
            ratio = ours_ms / base_ms
            ok = ok and ours_ms <= 1000
            results[name] = {
                "ms": round(ours_ms, 1),
                "baseline_ms": round(base_ms, 1),
                "ratio": round(ratio, 2),
                "cpu_ms": round(ours_cpu, 1),
                "baseline_cpu_ms": round(base_cpu, 1),
                "count": len(mine),
            }
            print(
                f"{name:>13}: {ours_ms:8.1f} ms median, baseline {base_ms:8.1f} ms, "
                f"ratio {ratio:.2f}; processor time {ours_cpu:.0f} ms, baseline {base_cpu:.0f} ms "
                f"({len(mine):,} {'nights' if 'night' in name else 'players'})"
            )
        facts = store.facts()
        grouping_ms, _ = medians_ms(lambda: history_nights(facts, {}, {}), lambda: None, args.runs)
        results["grouping_only_ms"] = round(grouping_ms, 1)
        print(f"  grouping alone (facts read once): {grouping_ms:.1f} ms median")
    db.close()
    results["targets_met"] = ok
    print(json.dumps(results))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
