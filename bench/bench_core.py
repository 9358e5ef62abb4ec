"""Core speed: import time of scorepad.core and time to score one sheet.

Not a test. Prints each figure, the ratio against a hand-written baseline measured in the
same run, and last a JSON object with everything. Run: python bench/bench_core.py

The baseline is what a person would write for Azul alone: read the four entries, check
that each is a whole number in range, add up the totals and rank the players with the
rows tie-breaker. It does the same job as the engine on an Azul sheet (minus the engine's
generality), so the ratio says what the data-driven design costs.
"""

from __future__ import annotations

import gc
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scorepad.core import PlayerSheet, builtin_games, score

SHEETS = 10_000
NAMES = ("Ana", "Ben", "Carla", "Dani")


def import_time_ms(runs: int = 7) -> tuple[float, float]:
    """Median ms to import scorepad.core in a fresh interpreter, and json + decimal alone.

    The package is byte-compiled first, as pip leaves an installed package: where
    PYTHONDONTWRITEBYTECODE is set (as on these machines) every import would otherwise
    compile the sources again and measure the compiler rather than the import.
    """
    package = Path(__file__).resolve().parent.parent / "scorepad"
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(package)], check=True)
    code = "import time; t=time.perf_counter(); {}; print((time.perf_counter()-t)*1000)"

    def measure(statement: str) -> float:
        samples = []
        for _ in range(runs):
            out = subprocess.run(
                [sys.executable, "-c", code.format(statement)],
                capture_output=True,
                text=True,
                check=True,
                cwd=Path(__file__).resolve().parent.parent,
            )
            samples.append(float(out.stdout))
        return statistics.median(samples)

    return measure("import scorepad.core"), measure("import json, decimal")


def azul_sheets(rng: random.Random) -> list[list[tuple[str, dict[str, int]]]]:
    sheets = []
    for _ in range(SHEETS):
        sheets.append(
            [
                (
                    name,
                    {
                        "marker": rng.randint(0, 100),
                        "rows": rng.randint(0, 5),
                        "columns": rng.randint(0, 5),
                        "colours": rng.randint(0, 5),
                    },
                )
                for name in NAMES
            ]
        )
    return sheets


def sintra_sheets(rng: random.Random) -> list[list[tuple[str, dict[str, object]]]]:
    sheets = []
    for _ in range(SHEETS):
        sheets.append(
            [
                (
                    name,
                    {
                        "marker": rng.randint(-20, 120),
                        "glass_left": rng.randint(0, 12),
                        "broken_glass": rng.randint(0, 17),
                        "broken_glass_resets": rng.randint(0, 1),
                        **{f"ornament_{i}": rng.randint(0, 4) for i in range(1, 5)},
                    },
                )
                for name in NAMES
            ]
        )
    return sheets


Entries = list[tuple[str, dict[str, int]]]


def azul_by_hand(players: Entries) -> tuple[list[int], list[int], list[str]]:
    """The baseline: Azul scored by a hand-written function, with the same checks."""
    totals: list[int] = []
    rows_done: list[int] = []
    for name, lines in players:
        marker = lines.get("marker", 0)
        rows = lines.get("rows", 0)
        columns = lines.get("columns", 0)
        colours = lines.get("colours", 0)
        if type(marker) is not int or marker < 0:
            raise ValueError(f"{name}: marker")
        for value in (rows, columns, colours):
            if type(value) is not int or not 0 <= value <= 5:
                raise ValueError(f"{name}: count")
        totals.append(marker + rows * 2 + columns * 7 + colours * 10)
        rows_done.append(rows)
    keys = list(zip(totals, rows_done, strict=True))
    ranks = [1 + sum(1 for other in keys if other > key) for key in keys]
    winners = [name for (name, _), rank in zip(players, ranks, strict=True) if rank == 1]
    return totals, ranks, winners


def one_pass_us(function: Callable[[Any], object], sheets: list[Any]) -> float:
    """Mean µs per sheet over one pass through all sheets, with the collector paused as
    timeit does (it would otherwise fire at moments unrelated to the code measured)."""
    gc.disable()
    try:
        start = time.perf_counter()
        for sheet in sheets:
            function(sheet)
        return (time.perf_counter() - start) / len(sheets) * 1e6
    finally:
        gc.enable()


def interleaved(runs: dict[str, tuple[Callable[[Any], object], list[Any]]], rounds: int = 9):
    """Median µs per sheet of each function, the functions taking turns round by round so
    that a busy neighbour or a change of clock speed weighs on all of them alike."""
    samples: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, (function, sheets) in runs.items():
            samples[name].append(one_pass_us(function, sheets))
    return {name: statistics.median(values) for name, values in samples.items()}, samples


def main() -> None:
    rng = random.Random(2026)
    games = builtin_games()
    azul, sintra = games["azul"], games["azul-sintra"]
    azul_in = azul_sheets(rng)
    sintra_in = sintra_sheets(rng)
    azul_players = [[PlayerSheet(n, lines) for n, lines in sheet] for sheet in azul_in]
    sintra_players = [[PlayerSheet(n, lines) for n, lines in sheet] for sheet in sintra_in]

    for by_hand, sheet in zip(azul_in, azul_players, strict=True):  # same answers first
        totals, ranks, winners = azul_by_hand(by_hand)
        scored = score(azul, None, sheet)
        assert [p.total for p in scored.players] == totals
        assert [p.rank for p in scored.players] == ranks
        assert list(scored.winners) == winners

    import_ms, bare_ms = import_time_ms()
    medians, samples = interleaved({
        "baseline": (azul_by_hand, azul_in),
        "azul": (lambda s: score(azul, None, s), azul_players),
        "sintra": (lambda s: score(sintra, "A", s), sintra_players),
    })  # fmt: skip
    baseline, engine_azul, engine_sintra = medians["baseline"], medians["azul"], medians["sintra"]
    # the ratio of each round (both measured back to back), then the median of those
    ratio = statistics.median(
        a / b for a, b in zip(samples["azul"], samples["baseline"], strict=True)
    )
    print(
        f"import scorepad.core: {import_ms:.1f} ms (json+decimal alone: {bare_ms:.1f} ms)"
        f"  target < 30 ms"
    )
    print(f"Azul, 4 players, by hand (baseline): {baseline:.2f} µs per sheet")
    print(
        f"Azul, 4 players, scorepad.core:      {engine_azul:.2f} µs per sheet"
        f"  ratio {ratio:.2f}×  target ≤ 3×"
    )
    print(f"Sintra A, 4 players, scorepad.core:  {engine_sintra:.2f} µs per sheet")
    print(
        json.dumps(
            {
                "sheets": SHEETS,
                "import_ms": round(import_ms, 2),
                "azul_baseline_us": round(baseline, 3),
                "azul_us": round(engine_azul, 3),
                "sintra_us": round(engine_sintra, 3),
                "azul_ratio": round(ratio, 3),
                "import_ok": import_ms < 30,
                "ratio_ok": ratio <= 3,
            }
        )
    )


if __name__ == "__main__":
    main()
