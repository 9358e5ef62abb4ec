"""``scorepad`` under cProfile, for bench_live.py: ``profiled_server.py OUT ARGS...``.

Runs ``scorepad ARGS...`` (the app stops on SIGTERM) and writes the profile of its main
thread, where Flet's event loop runs every session, to OUT (``python -m pstats OUT``).
"""

from __future__ import annotations

import cProfile
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorepad.cli import main


def run() -> int:
    out, args = sys.argv[1], sys.argv[2:]
    profile = cProfile.Profile()
    profile.enable()
    try:
        return main(args) or 0
    finally:
        profile.disable()
        profile.dump_stats(out)


if __name__ == "__main__":
    sys.exit(run())
