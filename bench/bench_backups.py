"""What the protection against disk faults costs: synced saves, checks, backups, restore.

Builds a history of 10,000 four-player plays (``--quick``: 2,000; ``bench_history``'s
generator, imported) on a real disk (``--dir``, default /var/tmp, not a RAM tmpfs) and
times, each next to a baseline measured in the same run:
  save_full     one play saved with synchronous=FULL, as the store does (ms); baseline the
                same saves with synchronous=NORMAL, the setting before (rounds interleaved)
  guard         the checks made before every write (file still there, same file, writable)
  backup        a daily copy (SQLite backup API, checked with quick_check); baseline a
                plain byte copy of the same file (shutil.copyfile, not consistent)
  list          the Settings listing, plays counted in every copy
  restore       a copy put back in place (the current history copied first)
Prints medians and ratios; the last line is a JSON object.

    python bench/bench_backups.py [--quick] [--dir DIR]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_history import write_history

from scorepad.core import PlayerSheet, find_game, score
from scorepad.core.play_to_save import PlayToSave
from scorepad.store import backups, open_store
from scorepad.store.database import Database

SHEET = score(
    find_game("azul"), None, [PlayerSheet("Ana", {"marker": 3}), PlayerSheet("Ben", {"marker": 4})]
)


def timed(work: Callable[[], object], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return times


def synced(mode: str) -> Callable[..., None]:
    """The store's connection setup, with ``mode`` for synchronous."""
    setup = Database._sqlite_connect

    def connect(self: Database, dbapi_connection: object, record: object) -> None:
        setup(self, dbapi_connection, record)
        dbapi_connection.execute(f"PRAGMA synchronous = {mode}")  # type: ignore[attr-defined]

    return connect


def save_times(path: Path, mode: str, saves: int) -> list[float]:
    original = Database._sqlite_connect
    Database._sqlite_connect = synced(mode)  # type: ignore[method-assign]  # read when the engine is made
    try:
        with open_store(str(path)) as store:
            store.save_scored(PlayToSave(SHEET))  # the connection is made and set up before timing
            return timed(lambda: store.save_scored(PlayToSave(SHEET)), saves)
    finally:
        Database._sqlite_connect = original  # type: ignore[method-assign]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="2,000 plays instead of 10,000")
    parser.add_argument("--dir", default="/var/tmp", help="where to build (a real disk)")
    args = parser.parse_args()
    plays = 2_000 if args.quick else 10_000
    folder = Path(tempfile.mkdtemp(prefix="scorepad-bench-backups-", dir=args.dir))
    try:
        source = folder / "plays.json"
        write_history(source, plays)
        path = folder / "history.sqlite3"
        with open_store(str(path)) as store:
            store.import_file(source)
        size = path.stat().st_size
        print(f"history: {plays:,} plays, {size / 1e6:.1f} MB in {folder}")

        full: list[float] = []
        normal: list[float] = []
        for _ in range(3):  # interleaved: the disk and the other processes drift
            normal += save_times(path, "NORMAL", 30)
            full += save_times(path, "FULL", 30)

        with open_store(str(path)) as store:
            guard = timed(store.db.guard, 2000)
            copy = folder / "plain-copy"
            plain = timed(lambda: shutil.copyfile(path, copy), 5)
            made: list[Path] = []
            backup = timed(lambda: made.append(backups.take(path, "manual")), 5)
            listing = timed(lambda: backups.list_backups(path), 5)
            restore = timed(lambda: store.restore(made[-1]), 3)

        figures = {
            "plays": plays,
            "file_mb": round(size / 1e6, 1),
            "save_full_ms": round(statistics.median(full), 2),
            "save_normal_ms": round(statistics.median(normal), 2),
            "guard_us": round(statistics.median(guard) * 1000, 1),
            "backup_ms": round(statistics.median(backup), 1),
            "plain_copy_ms": round(statistics.median(plain), 1),
            "list_ms": round(statistics.median(listing), 1),
            "restore_ms": round(statistics.median(restore), 1),
        }
        figures["save_ratio"] = round(figures["save_full_ms"] / figures["save_normal_ms"], 2)
        figures["backup_ratio"] = round(figures["backup_ms"] / figures["plain_copy_ms"], 1)
        print(f"save, synced (FULL)     {figures['save_full_ms']:8.2f} ms  median of {len(full)}")
        print(
            f"save, NORMAL (before)   {figures['save_normal_ms']:8.2f} ms  "
            f"-> {figures['save_ratio']}x"
        )
        print(f"checks before a write   {figures['guard_us']:8.1f} us")
        print(
            f"daily copy              {figures['backup_ms']:8.1f} ms  plain byte copy "
            f"{figures['plain_copy_ms']:.1f} ms -> {figures['backup_ratio']}x"
        )
        print(f"Settings listing        {figures['list_ms']:8.1f} ms  (plays counted in each)")
        print(f"restore in place        {figures['restore_ms']:8.1f} ms")
        print(json.dumps(figures))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
