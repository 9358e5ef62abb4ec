"""Core speed: import time of scorepad.core and time to score one sheet.

Not a test. Prints each figure, the ratio against a hand-written baseline measured in the
same run, and last a JSON object with everything. Run: python bench/bench_core.py

The baseline is what a person would write for Azul alone: read the four entries, check
that each is a whole number in range, add up the totals and rank the players with the
rows tie-breaker. It does the same job as the engine on an Azul sheet (minus the engine's
generality), so the ratio says what the data-driven design costs.

The same is done for the rules between lines and players (``core/sheetrules.py``): a
5-player 7 Wonders sheet (science sets) and a 5-player Sushi Go sheet (three rounds of maki
awards, puddings at the end), each against a hand-written scorer of that game alone; and
the whole catalogue of game files read and checked, as the app does at start.

Each hand-written scorer makes the checks the engine makes on that sheet (the player count
and names, every entry a whole number in range) and gives what the engine gives that a
person would need: totals, ranks with the game's tie-breaker, winners, and for Sushi Go
the running total after each round (the round sheet shows them). The engine and the
scorer are first checked to agree on every sheet; then both score the same sheets, taking
turns pass by pass, and each ratio is the median of the passes' ratios.
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

from scorepad.core import PlayerSheet, builtin_games, load_template, score
from scorepad.core.catalogue import GAMES_FOLDER

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
                        **(
                            {"rows": 5, "columns": 5, "colours": 5}  # a full wall, now and then
                            if rng.random() < 0.05
                            else {
                                "rows": rng.randint(0, 4),
                                "columns": rng.randint(0, 4),
                                "colours": rng.randint(0, 4),
                            }
                        ),
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
    """The baseline: Azul scored by a hand-written function, with the same checks (the
    full-wall check between lines included, and the player count and names)."""
    names = [name for name, _ in players]
    if not 2 <= len(players) <= 4 or not all(names) or len(set(names)) != len(players):
        raise ValueError("players")
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
        if 5 in (rows, columns, colours) and rows + columns + colours != 15:
            raise ValueError(f"{name}: a full wall in part")
        totals.append(marker + rows * 2 + columns * 7 + colours * 10)
        rows_done.append(rows)
    keys = list(zip(totals, rows_done, strict=True))
    ranks = [1 + sum(1 for other in keys if other > key) for key in keys]
    winners = [name for (name, _), rank in zip(players, ranks, strict=True) if rank == 1]
    return totals, ranks, winners


WONDERS_KEYS = ("military", "wonder", "civilian", "commercial", "guilds")
SCIENCE = ("science_compass", "science_gear", "science_tablet")
FIVE = ("Ana", "Ben", "Carla", "Dani", "Eva")


def wonders_sheets(rng: random.Random) -> list[Entries]:
    sheets = []
    for _ in range(SHEETS):
        players = []
        for name in FIVE:
            lines = {key: rng.randint(0, 25) for key in WONDERS_KEYS}
            lines["military"] = rng.randint(-6, 18)
            lines["coins"] = rng.randint(0, 20)
            for key in SCIENCE:
                lines[key] = rng.randint(0, 4)
            players.append((name, lines))
        sheets.append(players)
    return sheets


def wonders_by_hand(players: Entries) -> tuple[list[int], list[int], list[str]]:
    """7 Wonders scored by hand: the same checks, science squares and sets, coins to
    break a tie."""
    names = [name for name, _ in players]
    if not 3 <= len(players) <= 7 or not all(names) or len(set(names)) != len(players):
        raise ValueError("players")
    totals: list[int] = []
    coins_kept: list[int] = []
    for name, lines in players:
        total = 0
        for key in WONDERS_KEYS:
            value = lines.get(key, 0)
            if type(value) is not int or (key != "military" and value < 0):
                raise ValueError(f"{name}: {key}")
            total += value
        coins = lines.get("coins", 0)
        symbols = [lines.get(key, 0) for key in SCIENCE]
        for value in (coins, *symbols):
            if type(value) is not int or value < 0:
                raise ValueError(f"{name}: count")
        total += coins // 3 + sum(n * n for n in symbols) + 7 * min(symbols)
        totals.append(total)
        coins_kept.append(coins)
    keys = list(zip(totals, coins_kept, strict=True))
    ranks = [1 + sum(1 for other in keys if other > key) for key in keys]
    winners = [name for (name, _), rank in zip(players, ranks, strict=True) if rank == 1]
    return totals, ranks, winners


SushiEntries = list[tuple[str, dict[str, Any]]]
DUMPLINGS = (0, 1, 3, 6, 10, 15)


def sushi_sheets(rng: random.Random) -> list[SushiEntries]:
    sheets = []
    for _ in range(SHEETS):
        players = []
        for name in FIVE:
            lines: dict[str, Any] = {
                "maki": [rng.randint(0, 6) for _ in range(3)],
                "tempura": [rng.randint(0, 4) for _ in range(3)],
                "sashimi": [rng.randint(0, 3) for _ in range(3)],
                "dumplings": [rng.randint(0, 5) for _ in range(3)],
                "nigiri": [rng.randint(0, 9) for _ in range(3)],
                "pudding": rng.randint(0, 4),
            }
            players.append((name, lines))
        sheets.append(players)
    return sheets


def _places(
    points: list[int], amounts: list[int], ranked: list[int], worth: tuple[int, ...], most: bool
) -> None:
    """Sushi Go's split: the tied share the place's points (rounded toward 0) and use up
    as many places as there are of them."""
    place = 0
    for value in sorted({amounts[i] for i in ranked}, reverse=most):
        if place >= len(worth):
            return
        group = [i for i in ranked if amounts[i] == value]
        share = abs(worth[place]) // len(group)
        for i in group:
            points[i] += share if worth[place] >= 0 else -share
        place += len(group)


def sushi_by_hand(
    players: SushiEntries,
) -> tuple[list[int], list[int], list[str], list[tuple[int, ...]]]:
    """Sushi Go scored by hand: each round's cards and maki awards, puddings at the end,
    the most puddings to break a tie. As the engine, it checks the player count (2 to 5)
    and the names, every entry, and gives each player's running total after each round
    (a round sheet shows them; puddings are not in them)."""
    count = len(players)
    names = [name for name, _ in players]
    if not 2 <= count <= 5 or not all(names) or len(set(names)) != count:
        raise ValueError("players")
    for key in ("maki", "tempura", "sashimi", "dumplings", "nigiri"):
        for _, lines in players:
            values = lines.get(key, [0, 0, 0])
            if len(values) != 3 or any(type(v) is not int or v < 0 for v in values):
                raise ValueError(key)
    pudding = [lines.get("pudding", 0) for _, lines in players]
    if any(type(v) is not int or v < 0 for v in pudding):
        raise ValueError("pudding")
    running = [[0, 0, 0] for _ in range(count)]
    totals = [0] * count
    for round_index in range(3):
        maki = [lines["maki"][round_index] for _, lines in players]
        _places(totals, maki, [i for i in range(count) if maki[i] > 0], (6, 3), True)
        for i, (_, lines) in enumerate(players):
            totals[i] += lines["tempura"][round_index] // 2 * 5
            totals[i] += lines["sashimi"][round_index] // 3 * 10
            totals[i] += DUMPLINGS[min(lines["dumplings"][round_index], 5)]
            totals[i] += lines["nigiri"][round_index]
            running[i][round_index] = totals[i]
    if len(set(pudding)) > 1:
        everyone = list(range(count))
        _places(totals, pudding, everyone, (6,), True)
        if count >= 3:
            _places(totals, pudding, everyone, (-6,), False)
    keys = list(zip(totals, pudding, strict=True))
    ranks = [1 + sum(1 for other in keys if other > key) for key in keys]
    winners = [name for (name, _), rank in zip(players, ranks, strict=True) if rank == 1]
    return totals, ranks, winners, [tuple(r) for r in running]


def catalogue_load_ms(runs: int = 21) -> tuple[float, int]:
    """Median ms to read and check every built-in game file (its text parsed, every field
    validated, the template built), and how many files that is."""
    files = sorted(GAMES_FOLDER.glob("*.json")) + sorted(GAMES_FOLDER.glob("*/*.json"))
    texts = [(p.read_text("utf-8"), p.name) for p in files]
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        for text, name in texts:
            load_template(text, name, builtin=True)
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples), len(files)


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
    wonders, sushi = games["7-wonders"], games["sushi-go"]
    wonders_in, sushi_in = wonders_sheets(rng), sushi_sheets(rng)
    wonders_players = [[PlayerSheet(n, lines) for n, lines in sheet] for sheet in wonders_in]
    sushi_players = [[PlayerSheet(n, lines) for n, lines in sheet] for sheet in sushi_in]
    for game, inputs, players, by_hand in (
        (wonders, wonders_in, wonders_players, wonders_by_hand),
        (sushi, sushi_in, sushi_players, sushi_by_hand),
    ):  # the engine and the hand-written scorer agree on every sheet first
        for entered, sheet in zip(inputs, players, strict=True):
            totals, ranks, winners, *rounds = by_hand(entered)
            scored = score(game, None, sheet)
            assert [p.total for p in scored.players] == totals, (game.id, entered)
            assert [p.rank for p in scored.players] == ranks, (game.id, entered)
            assert list(scored.winners) == winners, (game.id, entered)
            if rounds:  # a round game's running totals too
                assert [p.rounds for p in scored.players] == rounds[0], (game.id, entered)
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
    catalogue_ms, files = catalogue_load_ms()
    rules, rule_samples = interleaved({
        "wonders_hand": (wonders_by_hand, wonders_in),
        "wonders": (lambda s: score(wonders, None, s), wonders_players),
        "sushi_hand": (sushi_by_hand, sushi_in),
        "sushi": (lambda s: score(sushi, None, s), sushi_players),
    })  # fmt: skip
    wonders_ratio = statistics.median(
        a / b for a, b in zip(rule_samples["wonders"], rule_samples["wonders_hand"], strict=True)
    )
    sushi_ratio = statistics.median(
        a / b for a, b in zip(rule_samples["sushi"], rule_samples["sushi_hand"], strict=True)
    )
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
    print(f"7 Wonders, 5 players, by hand:       {rules['wonders_hand']:.2f} µs per sheet")
    print(
        f"7 Wonders, 5 players, scorepad.core: {rules['wonders']:.2f} µs per sheet"
        f"  ratio {wonders_ratio:.2f}×  target ≤ 3×"
    )
    print(f"Sushi Go, 5 players, by hand:        {rules['sushi_hand']:.2f} µs per sheet")
    print(
        f"Sushi Go, 5 players, scorepad.core:  {rules['sushi']:.2f} µs per sheet"
        f"  ratio {sushi_ratio:.2f}×  target ≤ 3×"
    )
    print(
        f"Every built-in game file read and checked ({files} files): {catalogue_ms:.2f} ms"
        f"  target < 50 ms"
    )
    print(
        json.dumps(
            {
                "sheets": SHEETS,
                "import_ms": round(import_ms, 2),
                "azul_baseline_us": round(baseline, 3),
                "azul_us": round(engine_azul, 3),
                "sintra_us": round(engine_sintra, 3),
                "azul_ratio": round(ratio, 3),
                "wonders_baseline_us": round(rules["wonders_hand"], 3),
                "wonders_us": round(rules["wonders"], 3),
                "wonders_ratio": round(wonders_ratio, 3),
                "sushi_baseline_us": round(rules["sushi_hand"], 3),
                "sushi_us": round(rules["sushi"], 3),
                "sushi_ratio": round(sushi_ratio, 3),
                "catalogue_files": files,
                "catalogue_ms": round(catalogue_ms, 3),
                "import_ok": import_ms < 30,
                "ratio_ok": ratio <= 3,
                "rules_ratio_ok": wonders_ratio <= 3 and sushi_ratio <= 3,
                "catalogue_ok": catalogue_ms < 50,
            }
        )
    )


if __name__ == "__main__":
    main()
