"""``scorepad`` under cProfile, for bench_live.py: ``profiled_server.py OUT ARGS...``.

Runs ``scorepad ARGS...`` with the profiler off. SIGUSR1 starts a phase (writing the one
before, if any), SIGUSR2 ends the current one; each phase goes to ``OUT.<phase>``: the
first to ``OUT.join`` (the devices joining), the second to ``OUT.typing`` (the measured
typing), any further to ``OUT.<n>`` (``python -m pstats OUT.typing``). One signal per
boundary: Python runs pending handlers by signal number, not in the order they came. Only
the main thread is profiled: Flet's event loop runs every session there.
"""

from __future__ import annotations

import cProfile
import signal
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorepad.cli import main

PHASES = ("join", "typing")


def run() -> int:
    out, args = sys.argv[1], sys.argv[2:]
    profiles: list[cProfile.Profile | None] = []

    def stop(*_: object) -> None:
        if not profiles or profiles[-1] is None:
            return
        profiles[-1].disable()
        n = len(profiles) - 1
        profiles[-1].dump_stats(f"{out}.{PHASES[n] if n < len(PHASES) else n}")
        profiles[-1] = None

    def start(*_: object) -> None:
        stop()
        profiles.append(cProfile.Profile())
        profiles[-1].enable()

    signal.signal(signal.SIGUSR1, start)
    signal.signal(signal.SIGUSR2, stop)
    return main(args) or 0


if __name__ == "__main__":
    sys.exit(run())
