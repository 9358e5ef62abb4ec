"""A separate program that saves plays, for the SIGKILL and two-writer tests.

Usage: store_worker.py URL COUNT SEED [START_FILE]. Prints "ready" once the history is open,
waits for START_FILE to exist (when given), saves COUNT random valid plays, prints "done".
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from scorepad.core import ExtraLine, PlayerSheet, find_game
from scorepad.store import open_store

NAMES = ["Ana", "Ben", "Carla", "Dan", "Eva", "Félix"]


def random_play(rnd: random.Random) -> tuple[object, list[PlayerSheet]]:
    game = rnd.choice(["azul", "glass-road", "azul-summer-pavilion"])
    names = rnd.sample(NAMES, rnd.randint(2, 4))
    sheets = []
    for name in names:
        if game == "azul":
            full = rnd.random() < 0.05  # a full wall: all three are 5, or none is (a check)
            lines: dict[str, object] = {
                "marker": rnd.randint(0, 100),
                "rows": 5 if full else rnd.randint(0, 4),
                "columns": 5 if full else rnd.randint(0, 4),
                "colours": 5 if full else rnd.randint(0, 4),
            }
        elif game == "glass-road":
            lines = {
                "buildings": rnd.randint(-5, 30),
                "sand_left": {
                    "count": rnd.randint(0, 7),  # a production wheel holds 7
                    "rate": rnd.choice(["start", "upgraded"]),
                },
            }
        else:
            lines = {
                "marker": rnd.randint(1, 90),
                "star_red": rnd.random() < 0.5,
                "tiles_left": rnd.randint(0, 4),
            }
        extra = [ExtraLine("House rule", rnd.randint(-3, 3))] if rnd.random() < 0.3 else []
        sheets.append(PlayerSheet(name, lines, extra))
    return find_game(game), sheets


def main() -> None:
    url, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    start = Path(sys.argv[4]) if len(sys.argv) > 4 else None
    rnd = random.Random(seed)
    store = open_store(url)
    print("ready", flush=True)
    while start is not None and not start.exists():
        time.sleep(0.005)
    for i in range(count):
        template, sheets = random_play(rnd)
        store.save_play(template, None, sheets, f"2024-01-01T{i % 24:02d}:00", notes=f"seed {seed}")
    store.close()
    print("done", flush=True)


if __name__ == "__main__":
    main()
