"""Faults with real processes: writers killed mid-save, and two writers at once."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import func, select

from scorepad.core import ScorepadError
from scorepad.store import models as m
from scorepad.store import open_store
from scorepad.store.values import load

pytestmark = pytest.mark.slow

WORKER = Path(__file__).with_name("store_worker.py")
KILLS = 8


def start_worker(
    url: str, count: int, seed: int, start: Path | None = None
) -> subprocess.Popen[str]:
    args = [sys.executable, str(WORKER), url, str(count), str(seed)]
    if start is not None:
        args.append(str(start))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    worker = subprocess.Popen(
        args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    assert worker.stdout is not None
    line = worker.stdout.readline()
    assert line == "ready\n", worker.stderr.read() if worker.stderr else line
    return worker


def check_every_play_is_whole(store) -> int:
    """Every play has all its players, every player all their lines, and stored results
    equal what the sheet scores to."""
    with store.db.engine.connect() as conn:
        plays = conn.execute(select(m.play.c.id, m.play.c.player_count)).all()
        seats = dict(
            conn.execute(
                select(m.result.c.play_id, func.count()).group_by(m.result.c.play_id)
            ).all()
        )
        lines = {
            (p, s): len(load(entries))
            for p, s, entries in conn.execute(
                select(m.result.c.play_id, m.result.c.seat, m.result.c.entries)
            )
        }
    page = store.list_plays(limit=len(plays) + 1)
    stored = {play.id: play for play in page.plays}
    assert len(stored) == len(plays)
    for play_id, count in plays:
        assert seats.get(play_id) == count, play_id
        record = store.get_play(play_id)
        template = record.sheet.template
        for seat, person in enumerate(record.sheet.players, 1):
            entered = [k for k, r in person.readings.items() if not _blank(template, k, r)]
            assert lines.get((play_id, seat)) == len(entered), (play_id, seat)
        again = [(p.name, p.total, p.rank, p.winner) for p in record.summary.players]
        assert again == [(p.name, p.total, p.rank, p.winner) for p in stored[play_id].players]
    return len(plays)


def wait_for_killed_writers(store) -> None:
    """A client killed after sending COMMIT leaves PostgreSQL to finish (or abort) its
    transaction on its own time: wait until no other session of this database is still
    working, so the checks read the history as it finally is."""
    if store.db.is_sqlite:
        return
    busy = (
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
        " AND pid <> pg_backend_pid() AND state IS DISTINCT FROM 'idle'"
    )
    deadline = time.monotonic() + 30
    with store.db.engine.connect() as conn:
        while conn.exec_driver_sql(busy).scalar():
            assert time.monotonic() < deadline, "a killed writer's session never ended"
            conn.rollback()  # a fresh snapshot of pg_stat_activity on the next read
            time.sleep(0.05)


def _blank(template, key, reading) -> bool:
    try:
        return reading == template.line(key).empty()
    except ScorepadError:  # a line with no blank value (its minimum is above 0)
        return False


def test_a_writer_killed_mid_save_leaves_no_half_play(url):
    open_store(url).close()
    rnd = random.Random(7)
    for kill in range(KILLS):
        worker = start_worker(url, 100_000, seed=kill)
        time.sleep(rnd.uniform(0.0, 0.25))
        worker.send_signal(signal.SIGKILL)
        worker.communicate()
        assert worker.returncode == -signal.SIGKILL
    with open_store(url) as store:
        wait_for_killed_writers(store)
        saved = check_every_play_is_whole(store)
        assert saved > 0
        if store.db.is_sqlite:
            with store.db.engine.connect() as conn:
                assert conn.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
                assert conn.exec_driver_sql("PRAGMA foreign_key_check").all() == []
        # the history still takes plays after all those kills
        worker = start_worker(url, 3, seed=99)
        assert worker.communicate()[0] == "done\n"
        assert check_every_play_is_whole(store) == saved + 3


def test_two_programs_saving_250_plays_each_end_with_500(url, tmp_path):
    open_store(url).close()
    go = tmp_path / "go"
    workers = [start_worker(url, 250, seed=s, start=go) for s in (1, 2)]
    go.touch()
    outcomes = [w.communicate(timeout=240) for w in workers]
    for worker, (out, err) in zip(workers, outcomes, strict=True):
        assert (worker.returncode, out, err) == (0, "done\n", "")
    with open_store(url) as store:
        assert check_every_play_is_whole(store) == 500
        people = store.players()
        assert len({p.name for p in people}) == len(people) == 6
        assert sum(p.plays for p in people) == sum(
            len(play.players) for play in store.list_plays(limit=500).plays
        )
