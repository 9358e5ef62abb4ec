"""Ratings at scale: the store's ratings against a hand-written openskill loop, same run.

On bench_history's history of 100,000 four-player plays (``--quick``: 10,000; built by
importing bench_history's generated file, or read from an earlier ``--keep DIR`` run of
this bench), times:
  scratch     every rating, overall and per game, from nothing: a new Store reads the
              plays (``Store.facts``) and rates them (``Store.ratings``)
  baseline    the plays' rows read with plain sqlite3 in (played_at, uid) order and each
              play handed to openskill's ``PlackettLuce().rate``, overall and per game,
              in a plain loop (its final ratings are checked equal to the store's)
  recent      one play of the last evening changed (its players' places turned round)
              and the ratings asked again, re-rated from that play on
  old         the same for a play of the first week, five years before the last
Targets (the issue's Scale): scratch <= 5 s, one changed play re-rated <= 200 ms (the
``recent`` case; ``old`` re-rates every later play overall and the later plays of its
game within it, and is printed beside it: no slower than from scratch). Prints
seconds (wall clock, and this process's processor time), milliseconds and ratios, the
machine's load, and last one JSON line.

    python bench/bench_ratings.py [--quick] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys
import tempfile
import time
from collections import defaultdict
from decimal import Decimal
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_history import write_history

from scorepad.club.ratings import shown
from scorepad.core import PlayerSheet, score
from scorepad.core.play_to_save import PlayToSave
from scorepad.store import Store, open_store

SCRATCH_S = 5.0
CHANGED_MS = 200.0


def baseline(path: Path) -> tuple[float, dict[str, Decimal]]:
    """The hand-written way: rows from sqlite3, openskill called directly. Returns the
    seconds taken and every player's overall ordinal (rounded as the store shows it)."""
    started = time.perf_counter()
    db = sqlite3.connect(path)
    plays = db.execute(
        "SELECT play.id, game.key FROM play JOIN game ON game.id = play.game_id"
        " WHERE play.deleted_at IS NULL AND play.ignored IS NULL"
        " AND play.result_kind IS NULL ORDER BY play.played_at, play.uid"
    ).fetchall()
    seats: dict[int, list[tuple[str, int]]] = defaultdict(list)
    for play_id, name, rank in db.execute(
        "SELECT r.play_id, p.name, r.rank FROM play_result r JOIN player p ON p.id = r.player_id"
        " WHERE r.live ORDER BY r.play_id, r.seat"
    ):
        seats[play_id].append((name, rank))
    db.close()
    model = PlackettLuce()
    overall: dict[str, Any] = {}
    per_game: dict[str, dict[str, Any]] = defaultdict(dict)
    for play_id, game in plays:
        people = seats[play_id]
        ranks = [rank for _, rank in people]
        for scope in (overall, per_game[game]):
            teams = [[scope.get(name) or model.rating()] for name, _ in people]
            rated = model.rate(teams, ranks=ranks)
            for (name, _), (rating,) in zip(people, rated, strict=True):
                scope[name] = rating
    took = time.perf_counter() - started
    return took, {name: shown(r.ordinal()) for name, r in overall.items()}


def turned_round(store: Store, play_id: int) -> None:
    """The play's players' places turned round: each seat's entries go to the next name."""
    old = store.get_play(play_id).sheet
    names = [p.name for p in old.players]
    entries = [
        PlayerSheet(names[(i + 1) % len(names)], p.entries) for i, p in enumerate(old.players)
    ]
    sheet = score(old.template, old.variant, entries)
    store.update_play(play_id, PlayToSave(sheet, tuple(entries)))


def changed_ms(store: Store, play_id: int) -> tuple[float, float]:
    """Milliseconds (wall clock, processor time) to ratings after ``play_id`` changed."""
    store.ratings()  # as they were
    turned_round(store, play_id)
    started, cpu = time.perf_counter(), time.process_time()
    ratings = store.ratings()
    took = (time.perf_counter() - started) * 1000, (time.process_time() - cpu) * 1000
    assert ratings is not None
    return took


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="10,000 plays instead of 100,000")
    parser.add_argument("--keep", help="build in this folder and keep the files (reused)")
    args = parser.parse_args()
    plays = 10_000 if args.quick else 100_000
    folder = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="scorepad-ratings-"))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"ratings-{plays}.sqlite3"
    if not path.exists():
        source = folder / f"plays-{plays}.json"
        write_history(source, plays)
        with open_store(str(path)) as store:
            store.import_file(source)
        print(f"history: {plays:,} plays imported into {path}")
    load = os.getloadavg()[0]

    with open_store(str(path)) as store:
        started, cpu = time.perf_counter(), time.process_time()
        ratings = store.ratings()
        scratch_s = time.perf_counter() - started
        scratch_cpu = time.process_time() - cpu
        assert ratings is not None
        facts = store.facts()
    cpu = time.process_time()
    base_s, base_ordinals = baseline(path)
    base_cpu = time.process_time() - cpu
    ours = {r.player: r.ordinal for r in ratings.table()}
    assert ours == base_ordinals, "the store's ratings differ from openskill's own"
    print(
        f"from scratch: {scratch_s:.2f} s (target <= {SCRATCH_S:.0f} s); "
        f"openskill called directly over sqlite3 rows: {base_s:.2f} s; "
        f"ratio {scratch_s / base_s:.2f}; processor time (what a busy machine's other work "
        f"does not inflate): {scratch_cpu:.2f} s against {base_cpu:.2f} s"
    )

    recent, first = facts[-1], facts[0]
    with open_store(str(path)) as store:
        store.ratings()
        recent_ms, recent_cpu = changed_ms(store, recent.id)
        old_ms, old_cpu = changed_ms(store, first.id)
        full_reads = store._ratings.full_reads
        # put both back as they were (three more turns make a full circle of four seats)
        for play_id in (recent.id, first.id):
            for _ in range(3):
                turned_round(store, play_id)
    print(
        f"one changed play re-rated: last evening's {recent_ms:.0f} ms "
        f"(target <= {CHANGED_MS:.0f} ms, {recent_ms / (base_s * 1000):.3f} of the baseline's "
        f"full run; processor time {recent_cpu:.0f} ms), the first week's {old_ms:.0f} ms "
        f"(processor time {old_cpu:.0f} ms: every later play re-rated overall, and within "
        f"its game; {old_cpu / (scratch_cpu * 1000):.2f} of the processor time from scratch, "
        f"target <= 1); plays re-rated whole: {full_reads} time(s)"
    )
    print(f"load average (1 min) at the start: {load:.2f} on {os.cpu_count()} processors")
    ok = scratch_s <= SCRATCH_S and recent_ms <= CHANGED_MS
    print(
        json.dumps(
            {
                "plays": plays,
                "scratch_s": round(scratch_s, 3),
                "baseline_s": round(base_s, 3),
                "scratch_ratio": round(scratch_s / base_s, 3),
                "scratch_cpu_s": round(scratch_cpu, 3),
                "baseline_cpu_s": round(base_cpu, 3),
                "recent_changed_ms": round(recent_ms, 1),
                "recent_changed_cpu_ms": round(recent_cpu, 1),
                "old_changed_ms": round(old_ms, 1),
                "old_changed_cpu_ms": round(old_cpu, 1),
                "old_over_scratch_cpu": round(old_cpu / (scratch_cpu * 1000), 3),
                "load": round(load, 2),
                "ok": ok,
            }
        )
    )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
