"""The app's drafts, written at most every ``WRITE_EVERY_S``, against a real process killed
with SIGKILL in the middle of a burst of typing: whatever was typed more than that window
(and the time of one write) before the kill is in the draft file."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scorepad.core import find_game
from scorepad.sheet.progress import new_draft
from scorepad.ui.drafts import WRITE_EVERY_S, FileDraftStore

pytestmark = pytest.mark.slow

WORKER = Path(__file__).with_name("drafts_worker.py")
KILLS = 10
SLACK_S = 0.3
"""Beyond the window: the writer thread's turn on a machine busy with other work."""


def start_worker(folder: Path, seed: int, count: int = 0) -> tuple[subprocess.Popen[str], str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    worker = subprocess.Popen(
        [sys.executable, str(WORKER), str(folder), str(seed), str(count)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert worker.stdout is not None
    # byte by byte from the pipe, so that nothing after this line is taken ahead into a
    # reader's buffer (communicate() reads the pipe itself and would never see it)
    got = b""
    while not got.endswith(b"\n"):
        byte = os.read(worker.stdout.fileno(), 1)
        if not byte:
            break
        got += byte
    line = got.decode()
    assert line.startswith("ready "), worker.stderr.read() if worker.stderr else line
    return worker, line.split()[1]


BEFORE = 100
"""Values typed more than the window before each kill, at the least."""


def typed_until(worker: subprocess.Popen[str], count: int, seconds: float) -> str:
    """What the worker printed, read as it types, until its ``count``-th value was made
    ``seconds`` ago (a slow machine only makes this take longer)."""
    assert worker.stdout is not None
    lines: list[str] = []
    made = 0
    mark: int | None = None
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        line = worker.stdout.readline()
        assert line, "the worker ended before it was killed"
        lines.append(line)
        if mark is None:
            made += bool(typed(line))
            if made == count:
                mark = typed(line)[0][0]
        elif time.monotonic_ns() - mark >= int(seconds * 1e9):
            return "".join(lines)
    raise AssertionError(f"the worker typed fewer than {count} values in 300 s")


def typed(out: str) -> list[tuple[int, str, int, str]]:
    """(when, key, player, value) of each value the worker made, in order (a line cut
    short by the kill is left out)."""
    made = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[0].isdigit():
            made.append((int(parts[0]), parts[1], int(parts[2]), parts[3]))
    return made


def kept(folder: Path, sheet_id: str) -> dict[str, list[str]]:
    data = json.loads((folder / f"{sheet_id}.json").read_text(encoding="utf-8"))
    texts: dict[str, list[str]] = data["texts"]
    return texts


def test_a_process_killed_while_typing_keeps_what_was_typed_before_the_window(tmp_path):
    rnd = random.Random(19)
    checked = 0
    for kill in range(KILLS):
        folder = tmp_path / f"drafts-{kill}"
        worker, sheet_id = start_worker(folder, seed=kill)
        # killed once BEFORE values were typed more than the window before now, and a
        # random while after: how fast the machine types changes when, not what is checked
        seen = typed_until(worker, BEFORE, WRITE_EVERY_S + SLACK_S + rnd.uniform(0.0, 0.5))
        worker.send_signal(signal.SIGKILL)
        killed = time.monotonic_ns()
        # the rest through the same reader: communicate() would read the pipe itself and
        # miss the lines this reader took ahead of what typed_until asked for
        assert worker.stdout is not None
        out = worker.stdout.read()
        worker.communicate()
        assert worker.returncode == -signal.SIGKILL
        made = typed(seen + out)
        cutoff = killed - int((WRITE_EVERY_S + SLACK_S) * 1e9)
        before = [m for m in made if m[0] <= cutoff]
        assert len(before) >= BEFORE, f"kill {kill}: {len(before)} values before the window"
        on_disk = kept(folder, sheet_id)
        for key, player in {(k, p) for _, k, p, _ in made}:
            values = [(when, value) for when, k, p, value in made if (k, p) == (key, player)]
            older = [value for when, value in values if when <= cutoff]
            if not older:
                continue
            allowed = {older[-1]} | {value for when, value in values if when > cutoff}
            # the value typed when the kill came: written (a write is due at once in a
            # burst), its line cut short before it was printed
            allowed.add(str(int(made[-1][3]) + 1))
            assert on_disk[key][player] in allowed, (kill, key, player, older[-1])
            checked += 1
    assert checked > KILLS * 8


def test_leaving_writes_at_once_and_an_ordinary_end_loses_nothing(tmp_path):
    worker, sheet_id = start_worker(tmp_path, seed=5, count=3000)
    out, err = worker.communicate(timeout=120)
    assert (worker.returncode, err) == (0, "")
    assert out.endswith("done\n")
    last: dict[tuple[str, int], str] = {}
    for _, key, player, value in typed(out):
        last[(key, player)] = value
    on_disk = kept(tmp_path, sheet_id)
    assert {cell: on_disk[cell[0]][cell[1]] for cell in last} == last


def test_writes_are_coalesced_and_reads_see_the_latest(tmp_path):
    store = FileDraftStore(tmp_path, every=WRITE_EVERY_S)
    template = find_game("azul")
    draft = new_draft(template, None, ["Ana", "Ben"])
    draft.texts["marker"] = ["", ""]
    path = tmp_path / f"{draft.sheet_id}.json"
    began = time.monotonic()
    for n in range(200):
        draft.texts["marker"][0] = str(n)
        store.save(draft)
    if time.monotonic() - began < WRITE_EVERY_S * 0.8:  # a machine that keeps up
        assert not path.exists()  # not written once per change
    loaded = store.load(draft.sheet_id)
    assert loaded is not None and loaded.texts["marker"] == ["199", ""]
    assert [d.sheet_id for d in store.all()] == [draft.sheet_id]
    deadline = time.monotonic() + 5
    while not path.exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert json.loads(path.read_text(encoding="utf-8"))["texts"]["marker"] == ["199", ""]
    # what the app finds after a restart (a store of its own) is that draft
    again = FileDraftStore(tmp_path).load(draft.sheet_id)
    assert again is not None and again.texts["marker"] == ["199", ""]
    # thrown away before its write was due: it never comes back
    draft.texts["marker"][1] = "7"
    store.save(draft)
    store.discard(draft.sheet_id)
    time.sleep(WRITE_EVERY_S * 2)
    assert not path.exists()
    assert store.load(draft.sheet_id) is None and store.all() == []


def test_a_draft_whose_file_was_removed_by_hand_is_gone(tmp_path):
    """As with a store that writes at once: a folder cleared while the app runs (by hand,
    or between two tests) takes the sheets with it, once their writes are done."""
    store = FileDraftStore(tmp_path, every=WRITE_EVERY_S)
    draft = new_draft(find_game("azul"), None, ["Ana", "Ben"])
    store.save(draft)
    store.flush()
    path = tmp_path / f"{draft.sheet_id}.json"
    assert path.exists() and store.load(draft.sheet_id) is not None
    path.unlink()
    assert store.all() == [] and store.load(draft.sheet_id) is None
    # one saved again, not written yet, is kept: its file is on its way
    store.save(draft)
    assert [d.sheet_id for d in store.all()] == [draft.sheet_id]
    assert store.load(draft.sheet_id) is not None


def test_a_draft_is_written_into_a_folder_made_when_missing(tmp_path):
    """The folder is made on the first write, and again when it was removed meanwhile."""
    import shutil

    folder = tmp_path / "not-yet" / "drafts"
    for every in (0.0, WRITE_EVERY_S):
        store = FileDraftStore(folder, every=every)
        draft = new_draft(find_game("azul"), None, ["Ana", "Ben"])
        store.save(draft)
        store.flush()
        assert (folder / f"{draft.sheet_id}.json").exists()
        shutil.rmtree(tmp_path / "not-yet")
        store.save(draft)
        store.flush()
        data = json.loads((folder / f"{draft.sheet_id}.json").read_text(encoding="utf-8"))
        assert data["id"] == draft.sheet_id
        shutil.rmtree(tmp_path / "not-yet")
