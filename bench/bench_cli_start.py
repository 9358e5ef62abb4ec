"""The command line's start: ``scorepad score examples/azul.json`` as a whole process,
beside the same interpreter's bare ``python -c pass``.

Not a test. Runs the two commands alternately (a pair per pass, so that whatever else the
machine does weighs on both alike), each as a fresh process, and prints the median wall
time of each, the median of the passes' ratios, and last a JSON object with everything.
Run: python bench/bench_cli_start.py [--runs N] [--module] [-- ARGS...]

The command is the ``scorepad`` script installed beside this interpreter (``-m scorepad``
with ``--module``, or where there is no script), run from the checkout, this checkout's
package first on the path; ARGS replace ``score examples/azul.json``. The package is
byte-compiled first, as pip leaves an installed package: where PYTHONDONTWRITEBYTECODE is
set every start would otherwise compile the sources again and time the compiler.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_ARGS = ["score", "examples/azul.json"]
WARM_UP = 2
"""Pairs run first and not counted (the file system's cache, the CPU's clock)."""


def scorepad_command(module: bool) -> list[str]:
    script = Path(sys.executable).with_name("scorepad")
    if module or not script.exists():
        return [sys.executable, "-m", "scorepad"]
    return [sys.executable, str(script)]


def wall_ms(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=21, help="pairs timed (default 21)")
    parser.add_argument("--module", action="store_true", help="run python -m scorepad")
    parser.add_argument("args", nargs="*", default=DEFAULT_ARGS, help="the scorepad command")
    options = parser.parse_args()

    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "scorepad")], check=True)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    bare = [sys.executable, "-c", "pass"]
    command = [*scorepad_command(options.module), *options.args]

    bares, commands, ratios = [], [], []
    for n in range(WARM_UP + options.runs):
        pair = wall_ms(bare, env), wall_ms(command, env)
        if n >= WARM_UP:
            bares.append(pair[0])
            commands.append(pair[1])
            ratios.append(pair[1] / pair[0])

    bare_ms, command_ms = statistics.median(bares), statistics.median(commands)
    ratio = statistics.median(ratios)
    shown = " ".join(["scorepad", *options.args])
    print(f"python -c pass: {bare_ms:.1f} ms (median of {options.runs})")
    print(f"{shown}: {command_ms:.1f} ms (median of {options.runs})")
    print(f"ratio: {ratio:.2f}x (median of the pairs' ratios; target <= 3x)")
    print(
        json.dumps(
            {
                "command": command[1:],
                "runs": options.runs,
                "bare_ms": round(bare_ms, 1),
                "command_ms": round(command_ms, 1),
                "ratio": round(ratio, 2),
                "bare_all_ms": [round(x, 1) for x in bares],
                "command_all_ms": [round(x, 1) for x in commands],
            }
        )
    )


if __name__ == "__main__":
    main()
