"""Players met for the first time are made in the order they sit, whatever the process's
hash seed: the same plays give a history the same player ids, so two histories made from
one file (an export imported elsewhere) agree."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SCRIPT = """
import sys
from scorepad.core import PlayerSheet, find_game
from scorepad.store import open_store
with open_store(sys.argv[1]) as store:
    names = ["Zeno", "Ana", "Mirela", "Ben", "Quill"]
    sheet = [PlayerSheet(n, {"marker": 10 + i}) for i, n in enumerate(names)][:4]
    store.save_play(find_game("azul"), None, sheet, "2026-01-05T20:00")
    print(sorted((p.player_id, p.name) for p in store.list_plays().plays[0].players))
"""


def ids_with_seed(seed: str, path: Path) -> str:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout.strip()


def test_new_players_get_ids_in_seat_order_whatever_the_hash_seed(tmp_path):
    seen = {ids_with_seed(seed, tmp_path / f"h{seed}.sqlite3") for seed in ("1", "2", "5", "7")}
    assert seen == {"[(1, 'Zeno'), (2, 'Ana'), (3, 'Mirela'), (4, 'Ben')]"}, seen
