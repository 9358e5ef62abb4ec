"""Round games and sums in cells: the core's speed against hand-written baselines.

Not a test. Prints each figure, the ratio against its baseline measured in the same run,
and last a JSON object with everything. Run: python bench/bench_rounds.py

- Scoring a 20-round, 8-player sheet of per-round points (Flip 7's `points`) with
  ``scorepad.core.score`` against a hand-written loop that does the same job for that one
  game: checks each entry is a whole number ≥ 0, adds the running totals, ranks the
  players and finds the round that ended the game (someone reached 200) and who did: the
  sheet says "Ana reached 200 in round 9". Target ≤ 3×.
- Reading 10,000 cell expressions ("12+7+3", "4×3+1", "(2+3)*2" …) with the core's parser
  against ``ast.literal_eval`` of 10,000 plain integers, the standard library's safe
  reader of a literal. Target ≤ 3×.

With ``--app``, the app's side instead (bench_app's method: the app served as in use,
Debian's Chromium through Playwright, timed in the page from the keystroke's input event
to the new total on screen, 30 edits, median): typing in round 20 of a 20-round, 6-player
Uno sheet (every earlier cell filled) against the same edit in round 1 of a 1-round
sheet, the two tabs taking turns edit by edit so that a busy neighbour weighs on both
alike. Targets: under 100 ms median, and within 1.3× of the 1-round sheet.

    python bench/bench_rounds.py [--app]
"""

from __future__ import annotations

import argparse
import ast
import gc
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from scorepad.core import PlayerSheet, builtin_games, score
from scorepad.core.numbers import read_expression

ROUNDS = 20
PLAYERS = 8
SHEETS = 300
EXPRESSIONS = 10_000
NAMES = tuple(f"Player {n}" for n in range(1, PLAYERS + 1))


def point_sheets(rng: random.Random) -> list[list[tuple[str, list[int]]]]:
    return [
        [(name, [rng.choice((0, rng.randint(1, 40))) for _ in range(ROUNDS)]) for name in NAMES]
        for _ in range(SHEETS)
    ]


Rounds = list[tuple[str, list[int]]]


TARGET = 200
"""Flip 7 ends at the end of the round in which someone reaches 200."""


def rounds_by_hand(
    players: Rounds,
) -> tuple[list[int], list[list[int]], list[int], list[str], int | None, list[str]]:
    """The baseline: running totals of per-round points, checked and ranked by hand, and
    the round that ended the game with who reached the target in it (the sheet says so)."""
    totals: list[int] = []
    running: list[list[int]] = []
    reached: list[int | None] = []
    for name, points in players:
        so_far = 0
        after = []
        first = None
        for n, value in enumerate(points, 1):
            if type(value) is not int or value < 0:
                raise ValueError(f"{name}: points")
            so_far += value
            after.append(so_far)
            if first is None and so_far >= TARGET:
                first = n
        totals.append(so_far)
        running.append(after)
        reached.append(first)
    ranks = [1 + sum(1 for other in totals if other > total) for total in totals]
    winners = [name for (name, _), rank in zip(players, ranks, strict=True) if rank == 1]
    ended = min((n for n in reached if n is not None), default=None)
    ended_by = [name for (name, _), n in zip(players, reached, strict=True) if n == ended]
    return totals, running, ranks, winners, ended, ended_by if ended else []


def expressions(rng: random.Random) -> list[str]:
    shapes = (
        lambda: f"{rng.randint(0, 60)}+{rng.randint(0, 60)}+{rng.randint(0, 60)}",
        lambda: f"{rng.randint(1, 9)}×{rng.randint(1, 9)}+{rng.randint(0, 9)}",
        lambda: f"({rng.randint(0, 30)}+{rng.randint(0, 30)})*{rng.randint(1, 4)}",
        lambda: f"{rng.randint(10, 99)} - {rng.randint(0, 9)}",
        lambda: f"{2 * rng.randint(1, 50)}/2",
    )
    return [rng.choice(shapes)() for _ in range(EXPRESSIONS)]


def one_pass_us(function: Callable[[Any], object], items: list[Any]) -> float:
    """Mean µs per item over one pass, with the collector paused as timeit does."""
    gc.disable()
    try:
        start = time.perf_counter()
        for item in items:
            function(item)
        return (time.perf_counter() - start) / len(items) * 1e6
    finally:
        gc.enable()


def interleaved(
    runs: dict[str, tuple[Callable[[Any], object], list[Any]]], rounds: int = 9
) -> dict[str, list[float]]:
    """µs per item of each function, the functions taking turns round by round so that a
    busy neighbour weighs on all of them alike."""
    samples: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, (function, items) in runs.items():
            samples[name].append(one_pass_us(function, items))
    return samples


def ratio(samples: dict[str, list[float]], engine: str, baseline: str) -> float:
    """The median of the per-round ratios (both measured back to back)."""
    pairs = zip(samples[engine], samples[baseline], strict=True)
    return statistics.median(a / b for a, b in pairs)


def main() -> None:
    rng = random.Random(2026)
    flip7 = builtin_games()["flip-7"]
    by_hand = point_sheets(rng)
    sheets = [[PlayerSheet(n, {"points": p}) for n, p in sheet] for sheet in by_hand]
    for raw, sheet in zip(by_hand, sheets, strict=True):  # the same answers first
        totals, running, ranks, winners, ended, ended_by = rounds_by_hand(raw)
        scored = score(flip7, None, sheet)
        assert [p.total for p in scored.players] == totals
        assert [list(p.rounds) for p in scored.players] == running
        assert [p.rank for p in scored.players] == ranks
        assert list(scored.winners) == winners
        assert scored.ended.ended_round == ended and list(scored.ended.ended_by) == ended_by

    texts = expressions(rng)
    plain = [str(rng.randint(0, 200)) for _ in range(EXPRESSIONS)]
    for text in texts:  # the same answers as Python's arithmetic on the same text
        expected = ast.literal_eval(text) if text.isdigit() else None
        assert expected is None or read_expression(text) == expected

    samples = interleaved({
        "rounds_baseline": (rounds_by_hand, by_hand),
        "rounds": (lambda s: score(flip7, None, s), sheets),
        "literal_eval": (ast.literal_eval, plain),
        "expressions": (read_expression, texts),
    })  # fmt: skip
    medians = {name: statistics.median(values) for name, values in samples.items()}
    rounds_ratio = ratio(samples, "rounds", "rounds_baseline")
    sums_ratio = ratio(samples, "expressions", "literal_eval")
    print(
        f"{ROUNDS} rounds, {PLAYERS} players, by hand (baseline): "
        f"{medians['rounds_baseline']:.1f} µs per sheet"
    )
    print(
        f"{ROUNDS} rounds, {PLAYERS} players, scorepad.core:      "
        f"{medians['rounds']:.1f} µs per sheet  ratio {rounds_ratio:.2f}×  target ≤ 3×"
    )
    print(f"ast.literal_eval, plain integers (baseline): {medians['literal_eval']:.2f} µs each")
    print(
        f"read_expression, cell sums:                 {medians['expressions']:.2f} µs each"
        f"  ratio {sums_ratio:.2f}×  target ≤ 3×"
    )
    print(
        json.dumps(
            {
                "rounds": ROUNDS,
                "players": PLAYERS,
                "sheets": SHEETS,
                "expressions": EXPRESSIONS,
                "rounds_baseline_us": round(medians["rounds_baseline"], 3),
                "rounds_us": round(medians["rounds"], 3),
                "rounds_ratio": round(rounds_ratio, 3),
                "literal_eval_us": round(medians["literal_eval"], 3),
                "expressions_us": round(medians["expressions"], 3),
                "expressions_ratio": round(sums_ratio, 3),
                "rounds_ok": rounds_ratio <= 3,
                "expressions_ok": sums_ratio <= 3,
            }
        )
    )


APP_PLAYERS = ("Ana", "Ben", "Carla", "Dan", "Eve", "Finn")
APP_ROUNDS = 20


def round_sheet(data_dir: Any, rounds: int, rng: random.Random) -> tuple[str, int]:
    """An Uno sheet in progress with ``rounds`` rounds, every cell but the first player's
    last one filled; returns its id and that player's total before the last round."""
    from scorepad.sheet.progress import SheetInProgress, new_draft
    from scorepad.ui.drafts import FileDraftStore

    uno = builtin_games()["uno"]
    model = SheetInProgress(uno, new_draft(uno, None, list(APP_PLAYERS)))
    before = 0
    for number in range(1, rounds + 1):
        model.add_round()
        row = model.draft.rounds[-1]
        for player in range(len(APP_PLAYERS)):
            if number == rounds and player == 0:
                continue
            points = rng.randint(0, 4)  # the totals stay far below Uno's 500
            row.texts["points"][player] = str(points)
            before += points if player == 0 else 0
    FileDraftStore(data_dir / "drafts").save(model.draft)
    return model.draft.sheet_id, before


def app_typing() -> None:
    import sys
    import tempfile
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import bench_app as ba
    from playwright.sync_api import sync_playwright

    rng = random.Random(2026)
    results: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        data_dir = Path(folder)
        sheets = {
            "round_20": (*round_sheet(data_dir, APP_ROUNDS, rng), APP_ROUNDS),
            "round_1": (*round_sheet(data_dir, 1, rng), 1),
        }
        process, port, _ = ba.start("scorepad", data_dir, data_dir / "history.db")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=ba.CHROMIUM, args=ba.ARGS)
                tabs = {
                    name: RoundTab(ba, browser, f"http://127.0.0.1:{port}/sheet/{sheet_id}", n)
                    for name, (sheet_id, _, n) in sheets.items()
                }
                for edit in range(ba.EDITS):  # the two sheets take turns, edit by edit
                    names = list(tabs) if edit % 2 == 0 else list(reversed(tabs))
                    for name in names:
                        tabs[name].type(20 + edit, sheets[name][1])
                results = {name: tab.close() for name, tab in tabs.items()}
                browser.close()
        finally:
            process.terminate()
            process.wait(timeout=15)
    long_ms = statistics.median(results["round_20"]) * 1000
    short_ms = statistics.median(results["round_1"]) * 1000
    app_ratio = long_ms / short_ms
    print(f"typing to total, round 1 of a 1-round sheet:   {short_ms:.1f} ms median")
    print(
        f"typing to total, round {APP_ROUNDS} of a {APP_ROUNDS}-round sheet: "
        f"{long_ms:.1f} ms median"
        f"  ratio {app_ratio:.2f}×  targets < 100 ms, ≤ 1.3×"
    )
    print(
        json.dumps(
            {
                "app_players": len(APP_PLAYERS),
                "app_rounds": APP_ROUNDS,
                "round_20_ms": round(long_ms, 1),
                "round_1_ms": round(short_ms, 1),
                "app_ratio": round(app_ratio, 3),
                "app_ok": long_ms < 100 and app_ratio <= 1.3,
            }
        )
    )


class RoundTab:
    """A tab on a round sheet, typing in the first player's cell of round ``number``
    (bench_app's ``typing_to_total`` on a round cell)."""

    def __init__(self, ba: Any, browser: Any, url: str, number: int) -> None:
        self.ba = ba
        self.context, self.page = ba.open_page(browser, url)
        self.field = f"round-{number}-points-1"
        self.box = ba.node(self.page, self.field).locator("input")
        self.box.wait_for(state="attached", timeout=ba.TIMEOUT_MS)
        self.box.click()
        self.box.evaluate(ba.FOCUSED)
        self.page.evaluate("window.__latencies = []")
        self.edits = 0

    def type(self, value: int, before: int) -> None:
        """Types ``value`` and waits for the new total (``before`` + ``value``)."""
        self.page.evaluate(self.ba.WATCH, [self.field, "total-1", str(before + value)])
        self.box.fill(str(value))
        self.edits += 1
        self.page.wait_for_function("n => window.__latencies.length === n", arg=self.edits)

    def close(self) -> list[float]:
        """Seconds from each value typed to its total on screen, timed in the page."""
        timings = self.page.evaluate("window.__latencies")
        self.context.close()
        return [t / 1000 for t in timings]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--app", action="store_true", help="time typing in the app instead")
    if parser.parse_args().app:
        app_typing()
    else:
        main()
