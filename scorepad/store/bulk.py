"""The speed machinery of a bulk import, in one place: what each part buys, and its cost.

An import is one transaction (all its plays or none), and almost all of a big one is
scoring every play through the core and writing its rows. These things make it fast
(figures from ``bench/bench_history.py`` and the commits that brought each part):

- Scoring on every core (``parallel``): for a file of at least ``MIN_BYTES`` laid out one
  play per line (as ``export`` writes it), forked helpers score chunks of lines while this
  process inserts; read from the file's bytes, not a text twice their size (peak memory at
  100,000 plays 293 MB -> 226 MB), each play's rows sent back as a plain tuple (half the
  pickling of the named tuple). Any other file takes the one-process path, which also
  words every problem. The helpers pay off only where cores are free: on a machine
  busy with other work (where each login session shares its part of the cores, as
  Linux's autogroup does) the import goes at the speed its processor time allows, so
  what a play costs to score (``rows.play_from_json``) and to write counts as much.
- Indexes and triggers set aside (``set_upkeep_aside``): into an SQLite history with no
  plays yet, the plays' secondary indexes and the tally triggers are dropped and made again
  at the end of the same transaction (about a third less database time at 100,000 plays);
  on PostgreSQL the tally triggers are switched off for the transaction (10,000 plays took
  10.8 s with them, 6.0 s without).
- The tallies counted once at the end instead of by a trigger per row (half a second for
  100,000 plays): on SQLite as the rows are made (``writes.Tallies``), on PostgreSQL by
  ``RECOUNT``.
- Into SQLite, the columns NULL in every row of a batch are left out of the INSERT
  (``writes.insert_rows``): the sqlite3 module adapts each None it binds (a 50 MB BG
  Stats export: about 0.3 s).
- A full page cache (``full_cache``) for the importing connection, whatever the app's own.
- On PostgreSQL the rows go in by ``COPY`` (``writes.copy_rows``), the plays' ids taken
  from the table's sequence beforehand: no statement or parameter set made per row (a
  50 MB BG Stats export: 10.9 s -> 5.2 s of the importing process's processor time, peak
  memory 166 MB -> 107 MB).
- Fewer garbage collections (``few_collections``) while plays are read and written: an
  import makes and drops a few hundred objects per play, and the collector's default
  pace ran about a thousand collections for 59,566 BG Stats plays (0.9 s of 13.8 s of
  processor time; 0.07 s with ``COLLECT_AFTER``).

Together they make the store's import faster than the hand-written baseline of
``bench_history`` (the same file scored with the core and inserted with plain sqlite3
``executemany`` in one process): 1.7-2.0x on a quiet 2-core machine; on a busy one the
ratio follows the processor time, the store's about that of the baseline (see
docs/develop/benchmarks.md, "The imports' figures"). Each is safe because the whole import
is one transaction: a failure or a killed process leaves the history, its indexes and its
triggers as they were.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Connection, select

import scorepad.store.models as m
from scorepad.store.database import CACHE_KIB, Database
from scorepad.store.parallel import Document, score_in_parallel, worth_sharing

__all__ = [
    "BULK_SETTING",
    "RECOUNT",
    "Document",
    "few_collections",
    "full_cache",
    "score_in_parallel",
    "set_upkeep_aside",
    "worth_sharing",
]

BULK_SETTING = "scorepad.bulk"
"""Read by the PostgreSQL tally triggers (revision 0003): 'on' for this transaction only
makes them do nothing."""


INDEXED = ("play", "play_result", "play_extra")
RECOUNT = (
    "DELETE FROM game_tally",
    "DELETE FROM total_tally",
    "INSERT INTO game_tally (game_id, plays, winning_sum_halves, winning_count) "
    "SELECT game_id, count(*), coalesce(sum(winning_total_halves), 0), "
    "count(winning_total_halves) FROM play WHERE deleted_at IS NULL AND ignored IS NULL "
    "GROUP BY game_id",
    "INSERT INTO total_tally (game_id, total_halves, results) "
    "SELECT game_id, total_halves, count(*) FROM play_result WHERE live "
    "AND total_halves IS NOT NULL GROUP BY game_id, total_halves",
)
"""The tallies (``models.GameTally``, ``TotalTally``) counted afresh from the plays."""


def set_upkeep_aside(conn: Connection) -> list[str]:
    """Drop the plays' secondary indexes and the triggers that keep the tallies when an
    SQLite history has no plays yet, and return the statements that make them again once
    the import is written (the caller then writes the tallies it counted, or on
    PostgreSQL runs ``RECOUNT``). On PostgreSQL only the
    triggers are set aside, by ``BULK_SETTING``.

    Building an index once from all its rows costs about half of keeping it up to date
    row by row (an import into an empty history spent a third of its database time on
    index upkeep), and counting the tallies once (half a second for 100,000 plays) costs
    less than a trigger run for every row (on PostgreSQL the triggers made such an import
    take 80% longer). It is safe: SQLite's schema changes are part of the transaction,
    so an import that fails, or a process killed half-way, leaves the indexes and
    triggers as they were; a PostgreSQL setting made with SET LOCAL ends with the
    transaction.
    """
    empty = select(m.play.c.id).limit(1)
    if conn.execute(empty).first():
        return []
    if conn.dialect.name != "sqlite":
        # Other programs' writes wait until this import commits (reads go on), so that
        # counting afresh at the end counts everything; the check is made again once
        # nobody else can write.
        conn.exec_driver_sql("LOCK TABLE play, play_result IN SHARE ROW EXCLUSIVE MODE")
        if conn.execute(empty).first():
            return []
        conn.exec_driver_sql(f"SET LOCAL {BULK_SETTING} = 'on'")
        return [f"SET LOCAL {BULK_SETTING} = 'off'"]
    found = conn.exec_driver_sql(
        "SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') "
        f"AND sql IS NOT NULL AND tbl_name IN ({', '.join('?' * len(INDEXED))})",
        INDEXED,
    ).all()
    for kind, name, _ in found:
        conn.exec_driver_sql(f'DROP {kind.upper()} "{name}"')
    return [statement for _, _, statement in found]


@contextmanager
def full_cache(db: Database, conn: Connection) -> Iterator[None]:
    """``conn`` (SQLite) gets the full ``CACHE_KIB`` page cache while a bulk write runs
    in it, and its own size back afterwards."""
    if not db.is_sqlite or db.cache_kib >= CACHE_KIB:
        yield
        return
    conn.exec_driver_sql(f"PRAGMA cache_size = -{CACHE_KIB}")
    try:
        yield
    finally:
        conn.exec_driver_sql(f"PRAGMA cache_size = -{db.cache_kib}")


COLLECT_AFTER = 100_000
"""Objects made (less those freed) between two collections of the youngest generation
during an import (Python's default is 700)."""


@contextmanager
def few_collections() -> Iterator[None]:
    """The garbage collector runs every ``COLLECT_AFTER`` new objects instead of every
    700 while the block runs, and as before afterwards. Almost everything an import makes
    is freed as soon as a play is written (no cycles), so collecting often only costs
    time; the few cycles wait a little longer (peak memory of a 50 MB BG Stats import:
    137 MB -> 141 MB). The threshold is the process's: other threads' objects are
    collected at the same pace meanwhile."""
    before = gc.get_threshold()
    gc.set_threshold(max(before[0], COLLECT_AFTER), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)
