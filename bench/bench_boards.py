"""Azul boards: the core's placement scoring against a hand-written adjacency count.

Not a test. Prints each figure beside its baseline measured in the same run, with the
ratio, and last a JSON object with everything. Run: python bench/bench_boards.py

- One placed tile: ``azul_track.tile_points`` on the wall as the core keeps it (a flat
  list of 25 spaces), and the same with the placement checked first (``Wall.with_tile``:
  the space free, the colour allowed there), against a hand-written count of the linked
  tiles on a plain 5×5 list of lists. Target ≤ 3×.
- A whole tracked game, 6 rounds and 4 players: ``azul_track.play`` for each player (each
  tile checked, placed and scored top row first, the floor line, the score track never
  below 0), against a hand-written loop doing the same on plain 5×5 lists without checks.
  Target ≤ 3×. Also shown: the same game as a sheet file's text read and scored
  (``read_sheet(...).score()``: JSON, tile names, the sheet's rules, the end-of-game lines,
  ranks), against the same baseline, for scale.

With ``--app``, the app's side instead (bench_app's method: the app served as in use,
Chromium at phone size, timed in the page): an Azul sheet whose first player has typed 40
on the marker and holds four tiles of the wall's top row; the wall open, its fifth tile
tapped on and off 30 times, each timed from the tap reaching the page to the dialog's
total showing the completed row or its loss (42, 40). Target: median under 100 ms.

    python bench/bench_boards.py [--app]
"""

from __future__ import annotations

import json
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_rounds import interleaved, ratio
from scorepad.core.boards.azul_track import Tile, TrackedRound, play, tile_points
from scorepad.core.boards.azul_wall import PATTERN, Wall
from scorepad.core.sheetfile import read_sheet

TILES = 20_000
GAMES = 400
ROUNDS = 6
PLAYERS = 4
FLOOR = (1, 1, 2, 2, 2, 3, 3)

Grid = list[list[bool]]
HandRound = tuple[list[tuple[int, int]], int]


def count_by_hand(grid: Grid, row: int, column: int) -> int:
    """The baseline: the tiles linked to (row, column) across and down, counted by hand."""
    across = 1
    c = column - 1
    while c >= 0 and grid[row][c]:
        across += 1
        c -= 1
    c = column + 1
    while c < 5 and grid[row][c]:
        across += 1
        c += 1
    down = 1
    r = row - 1
    while r >= 0 and grid[r][column]:
        down += 1
        r -= 1
    r = row + 1
    while r < 5 and grid[r][column]:
        down += 1
        r += 1
    if across == 1 and down == 1:
        return 1
    return (across if across > 1 else 0) + (down if down > 1 else 0)


def game_by_hand(players: list[list[HandRound]]) -> list[list[int]]:
    """The baseline game: each player's score after each round, on plain 5×5 lists."""
    scores = []
    for rounds in players:
        grid = [[False] * 5 for _ in range(5)]
        score = 0
        after = []
        for tiles, floor in rounds:
            gained = 0
            for row, column in sorted(tiles):
                grid[row][column] = True
                gained += count_by_hand(grid, row, column)
            score = max(0, score + gained - sum(FLOOR[:floor]))
            after.append(score)
        scores.append(after)
    return scores


def random_walls(rng: random.Random) -> list[tuple[Grid, list[str], Wall, int, int, str]]:
    """Coloured walls with 0–16 tiles and one free space to place a tile on."""
    found = []
    for _ in range(TILES):
        spaces = rng.sample(range(25), rng.randint(1, 17))
        row, column = divmod(spaces[0], 5)
        flat = ["."] * 25
        for at in spaces[1:]:
            flat[at] = PATTERN[at // 5][at % 5]
        rows = tuple("".join(flat[r * 5 : r * 5 + 5]) for r in range(5))
        grid = [[flat[r * 5 + c] != "." for c in range(5)] for r in range(5)]
        grid[row][column] = True
        placed = list(flat)
        placed[row * 5 + column] = PATTERN[row][column]
        found.append((grid, placed, Wall("coloured", rows), row, column, PATTERN[row][column]))
    return found


def random_game(rng: random.Random) -> list[list[tuple[list[Tile], int]]]:
    """A legal coloured-side game: at most one tile per row each round, no row complete
    before the last round, a random floor line."""
    players = []
    for _ in range(PLAYERS):
        filled: set[tuple[int, int]] = set()
        rounds = []
        for number in range(ROUNDS):
            tiles = []
            for row in range(5):
                free = [c for c in range(5) if (row, c) not in filled]
                if rng.random() < 0.3 or not free:
                    continue
                if len(free) == 1 and number < ROUNDS - 1:
                    continue
                column = rng.choice(free)
                filled.add((row, column))
                tiles.append(Tile(row, column, PATTERN[row][column]))
            rng.shuffle(tiles)
            rounds.append((tiles, rng.choice((0, 0, 1, 1, 2, 3))))
        players.append(rounds)
    return players


def main() -> None:
    rng = random.Random(2026)
    walls = random_walls(rng)
    for grid, placed, wall, row, column, colour in walls:  # the same answers first
        expected = count_by_hand(grid, row, column)
        assert tile_points(placed, row, column) == expected
        after = wall.with_tile(row, column, colour)
        assert tile_points("".join(after.rows), row, column) == expected

    games = [random_game(rng) for _ in range(GAMES)]
    tracked = [[[TrackedRound(tuple(t), f) for t, f in rounds] for rounds in g] for g in games]
    by_hand = [
        [[([(t.row, t.column) for t in tiles], f) for tiles, f in rounds] for rounds in g]
        for g in games
    ]
    texts = [
        json.dumps(
            {
                "game": "azul",
                "players": [
                    {
                        "name": f"Player {n}",
                        "track": [
                            {"placed": [f"{t.colour}{t.row + 1}" for t in tiles], "floor": f}
                            for tiles, f in rounds
                        ],
                    }
                    for n, rounds in enumerate(g, 1)
                ],
            }
        )
        for g in games
    ]
    for game, hand, text in zip(tracked, by_hand, texts, strict=True):
        expected = game_by_hand(hand)
        assert [[r.score for r in play(p).rounds] for p in game] == expected
        scored = read_sheet(text, "bench.json").score()
        assert [p.readings["marker"].value for p in scored.players] == [s[-1] for s in expected]

    def core_tile(item: tuple[Grid, list[str], Wall, int, int, str]) -> int:
        return tile_points(item[1], item[3], item[4])

    def core_checked_tile(item: tuple[Grid, list[str], Wall, int, int, str]) -> int:
        after = item[2].with_tile(item[3], item[4], item[5])
        return tile_points("".join(after.rows), item[3], item[4])

    def hand_tile(item: tuple[Grid, list[str], Wall, int, int, str]) -> int:
        return count_by_hand(item[0], item[3], item[4])

    def core_game(game: list[list[TrackedRound]]) -> list[object]:
        return [play(rounds) for rounds in game]

    samples = interleaved({
        "tile_baseline": (hand_tile, walls),
        "tile": (core_tile, walls),
        "tile_checked": (core_checked_tile, walls),
        "game_baseline": (game_by_hand, by_hand),
        "game": (core_game, tracked),
        "sheet": (lambda text: read_sheet(text, "bench.json").score(), texts),
    })  # fmt: skip
    medians = {name: statistics.median(values) for name, values in samples.items()}
    ratios = {
        "tile": ratio(samples, "tile", "tile_baseline"),
        "tile_checked": ratio(samples, "tile_checked", "tile_baseline"),
        "game": ratio(samples, "game", "game_baseline"),
        "sheet": ratio(samples, "sheet", "game_baseline"),
    }
    print(f"one placed tile, by hand on a 5×5 list (baseline): {medians['tile_baseline']:.2f} µs")
    print(
        f"one placed tile, scorepad.core tile_points:         {medians['tile']:.2f} µs"
        f"  ratio {ratios['tile']:.2f}×  target ≤ 3×"
    )
    print(
        f"one placed tile, checked placement + tile_points:   {medians['tile_checked']:.2f} µs"
        f"  ratio {ratios['tile_checked']:.2f}×"
    )
    print(
        f"{ROUNDS} rounds, {PLAYERS} players, by hand (baseline):        "
        f"{medians['game_baseline']:.1f} µs per game"
    )
    print(
        f"{ROUNDS} rounds, {PLAYERS} players, scorepad.core play():      "
        f"{medians['game']:.1f} µs per game  ratio {ratios['game']:.2f}×  target ≤ 3×"
    )
    print(
        f"{ROUNDS} rounds, {PLAYERS} players, sheet file read + scored:  "
        f"{medians['sheet']:.1f} µs per game  ratio {ratios['sheet']:.2f}× (for scale)"
    )
    print(
        json.dumps(
            {
                "tiles": TILES,
                "games": GAMES,
                "rounds": ROUNDS,
                "players": PLAYERS,
                **{f"{name}_us": round(value, 3) for name, value in medians.items()},
                **{f"{name}_ratio": round(value, 3) for name, value in ratios.items()},
            }
        )
    )


TAPPED = """([ident, total, wanted]) => {
    // Time from the tap reaching the page to the new total in the page.
    window.__tapped = null;
    addEventListener("pointerdown", () => { window.__tapped = performance.now(); },
                     {once: true, capture: true});
    const check = () => {
        const node = document.querySelector(`[flt-semantics-identifier="${total}"]`);
        if (window.__tapped !== null && node && node.innerText.endsWith(wanted)) {
            window.__latencies.push(performance.now() - window.__tapped);
        } else {
            requestAnimationFrame(check);
        }
    };
    requestAnimationFrame(check);
}"""


def app_taps() -> None:
    import tempfile

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import bench_app as ba
    from playwright.sync_api import sync_playwright

    from scorepad.core import builtin_games
    from scorepad.sheet.boards.wall import tap
    from scorepad.sheet.progress import SheetInProgress, new_draft
    from scorepad.ui.drafts import FileDraftStore

    azul = builtin_games()["azul"]
    with tempfile.TemporaryDirectory() as folder:
        data_dir = Path(folder)
        model = SheetInProgress(azul, new_draft(azul, None, ["Ana", "Ben", "Cai", "Dan"]))
        model.set_text("marker", 0, "40")
        for column in range(4):
            model.set_board(tap(model.draft, 0, 0, column, None))
        FileDraftStore(data_dir / "drafts").save(model.draft)
        process, port, _ = ba.start("scorepad", data_dir, data_dir / "history.db")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=ba.CHROMIUM, args=ba.ARGS)
                url = f"http://127.0.0.1:{port}/sheet/{model.draft.sheet_id}"
                context, page = ba.open_page(browser, url, {"width": 390, "height": 844})
                wall = ba.node(page, "wall-1")
                wall.wait_for(state="attached", timeout=ba.TIMEOUT_MS)
                wall.scroll_into_view_if_needed()
                wall.click()
                tile = ba.node(page, "tile-1-1-5")
                tile.wait_for(state="attached", timeout=ba.TIMEOUT_MS)
                page.evaluate("window.__latencies = []")
                for edit in range(ba.EDITS):
                    wanted = "total 42" if edit % 2 == 0 else "total 40"
                    page.evaluate(TAPPED, ["tile-1-1-5", "wall-total-1", wanted])
                    tile.click()
                    page.wait_for_function("n => window.__latencies.length === n", arg=edit + 1)
                timings = page.evaluate("window.__latencies")
                context.close()
                browser.close()
        finally:
            process.terminate()
            process.wait(timeout=15)
    median_ms = statistics.median(timings)
    print(
        f"a tap on a wall tile to the total shown (390×844): {median_ms:.1f} ms median"
        f" of {len(timings)}  target < 100 ms"
    )
    print(
        json.dumps(
            {"tap_ms_median": round(median_ms, 1), "taps": len(timings), "tap_ok": median_ms < 100}
        )
    )


if __name__ == "__main__":
    if "--app" in sys.argv[1:]:
        app_taps()
    else:
        main()
