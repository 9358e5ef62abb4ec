"""The catalogue's cost: the game picker and ``scorepad games`` with every built-in game,
beside the same with the four games Scorepad started with (the Azul family and Glass
Road), measured in the same run, turn about.

Not a test. Figures:
- ``import scorepad.core`` in a fresh interpreter (median; target under 30 ms: the game
  files are read only when asked for);
- ``scorepad games`` as a whole process (median of interleaved runs; target within 1.2x
  of the four games');
- the picker opening inside the running app (bench_app's method: Chromium, the route
  changed as the app's own links do, until the first game's card is in the page; median;
  target within 1.2x of the four games');
- typing in the picker's search box to the list filtered on screen, timed in the page
  from the input event (30 edits at 390x844; median; target under 100 ms);
- the same picker opening and typing with a collection of 1,000 games (a BoardGameGeek
  collection export imported: every built-in game with a BGG id among them, shown first
  under "Your games"), turn about with the catalogue alone (target: opening within 1.2x
  of it, typing under 100 ms).
The last line is a JSON object with every figure.

    python bench/bench_picker.py [--runs N]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench_app import ARGS, CHROMIUM, ROOT, TIMEOUT_MS, go, node, open_page, start
from playwright.sync_api import sync_playwright

from scorepad.core.catalogue import GAMES_FOLDER, Catalogue, builtin_entries
from scorepad.core.finding import find_games
from scorepad.core.game_index import INDEX_NAME, index_text

FOUR = ("azul", "azul-sintra", "azul-summer-pavilion", "glass-road")
RUNS = 7
EDITS = 30
PHONE = {"width": 390, "height": 844}
LAUNCHER = ROOT / "bench" / "catalogue_app.py"

FILTERED = """([gone, shown]) => {
    // Time from the keystroke reaching the page to the list filtered on screen.
    const input = document.querySelector('[flt-semantics-identifier="search"] input');
    window.__typed = null;
    input.addEventListener("input", () => { window.__typed = performance.now(); },
                           {once: true});
    const there = id => document.querySelector(`[flt-semantics-identifier="${id}"]`);
    const check = () => {
        if (window.__typed !== null && !there(gone) && there(shown)) {
            window.__latencies.push(performance.now() - window.__typed);
        } else {
            requestAnimationFrame(check);
        }
    };
    requestAnimationFrame(check);
}"""


IMPORT = """
import json, sys, time
before = set(sys.modules)
files = []
def watch(event, args):
    if event == "open" and str(args[0]).endswith(".json"):
        files.append(str(args[0]))
sys.addaudithook(watch)
began = time.perf_counter()
import scorepad.core
took = (time.perf_counter() - began) * 1000
pulled = sorted(m for m in set(sys.modules) - before if not m.startswith("scorepad"))
print(json.dumps({"ms": took, "files": files, "pulled": pulled}))
"""
ALONE = """
import sys, time
began = time.perf_counter()
for name in sys.argv[1:]:
    try:
        __import__(name)
    except ImportError:
        pass
print((time.perf_counter() - began) * 1000)
"""


def compiled() -> None:
    """The package byte-compiled, as pip leaves it installed: a source file changed since
    its bytecode would otherwise be compiled again by every process timed (the servers
    and ``scorepad games`` alike)."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "scorepad")], check=True)


def import_figures(runs: int = 9) -> dict[str, Any]:
    """``import scorepad.core`` in a fresh interpreter (median ms), the game files it
    reads (none: they are read when first asked for), and the same interpreter importing
    only the standard library modules scorepad.core pulls in: the floor of this machine.
    The package is byte-compiled first, as pip leaves it installed."""
    compiled()
    core, alone, files = [], [], []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", IMPORT], cwd=ROOT, capture_output=True, text=True, check=True
        )
        found = json.loads(out.stdout)
        core.append(found["ms"])
        files = found["files"]
        out = subprocess.run(
            [sys.executable, "-c", ALONE, *found["pulled"]],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        alone.append(float(out.stdout))
    return {
        "import_core_ms": round(statistics.median(core), 1),
        "import_stdlib_alone_ms": round(statistics.median(alone), 1),
        "game_files_read_at_import": len(files),
    }


def four_games(folder: Path) -> Path:
    """A games folder holding the first four games' files only, and their index (as
    ``scorepad games index`` writes it)."""
    four = folder / "four-games"
    four.mkdir()
    for game in FOUR:
        shutil.copyfile(GAMES_FOLDER / f"{game}.json", four / f"{game}.json")
    games = Catalogue(four)
    (four / INDEX_NAME).write_text(index_text(games[g] for g in games), encoding="utf-8")
    return four


def cli_s(games: Path, runs: int) -> list[float]:
    """Seconds of each ``scorepad games`` process with the games of ``games`` (both
    catalogues through the same launcher)."""
    command = [sys.executable, str(LAUNCHER), str(games), "games", "--lang", "en"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True)
        times.append(time.perf_counter() - began)
    return times


def picker_opening_s(browser: Any, base: str, first: str) -> float:
    """Seconds from moving to ``/new`` (from Home) to the first game's card in the page."""
    context, page = open_page(browser, base + "/", PHONE)
    node(page, "new-game").wait_for(state="attached", timeout=TIMEOUT_MS)
    began = time.perf_counter()
    go(page, "/new", f"game-{first}")
    took = time.perf_counter() - began
    context.close()
    return took


def typing_to_list_s(browser: Any, base: str, first: str) -> list[float]:
    """Seconds from each search typed to the list it filters, on screen: "pabellon" leaves
    Summer Pavilion alone, an empty box brings back the list from ``first``, the first
    game listed (a phone's first screenful holds only the first games' cards)."""
    context, page = open_page(browser, base + "/new", PHONE)
    box = node(page, "search").locator("input")
    box.wait_for(state="attached", timeout=TIMEOUT_MS)
    box.click()
    page.evaluate("window.__latencies = []")
    for edit in range(EDITS):
        words, gone, shown = (
            ("pabellon", f"game-{first}", "game-azul-summer-pavilion")
            if edit % 2 == 0
            else ("", "game-azul-summer-pavilion-none", f"game-{first}")
        )
        page.evaluate(FILTERED, [gone, shown])
        box.fill(words)
        page.wait_for_function("n => window.__latencies.length === n", arg=edit + 1)
    timings = page.evaluate("window.__latencies")
    context.close()
    return [t / 1000 for t in timings]


COLLECTION = 1000


def with_collection(db: Path, size: int = COLLECTION) -> list[str]:
    """A history holding a collection of ``size`` owned games (every built-in game with a
    BGG id, then games Scorepad has no sheet for), imported from a BoardGameGeek
    collection export; returns the ids of the built-in games it holds."""
    from scorepad.store import open_store

    entries = builtin_entries()
    known = [(e.bgg_id, e.name["en"]) for e in entries.values() if e.bgg_id is not None]
    rows = known + [(900000 + n, f"Shelf game {n}") for n in range(size - len(known))]
    lines = ["objectname,objectid,own,wishlist,collid,minplayers,maxplayers,playingtime"]
    lines += [f'"{name}",{ident},1,0,{n},2,4,45' for n, (ident, name) in enumerate(rows, 1)]
    with open_store(str(db)) as store:
        store.import_text("\n".join(lines) + "\n", "collection.csv")
    return [e.id for e in entries.values() if e.bgg_id is not None]


def measure(runs: int) -> dict[str, Any]:
    every = [g.id for g in find_games(builtin_entries().values())]  # as the picker lists them
    cli: dict[str, list[float]] = {"all": [], "four": []}
    opening: dict[str, list[float]] = {"all": [], "four": [], "owned": []}
    typing: list[float] = []
    typing_owned: list[float] = []
    compiled()  # every process below runs from bytecode, as pip leaves it installed
    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as playwright:
        folder = Path(scratch)
        four = four_games(folder)
        for _ in range(3):  # warm: bytecode and the OS's file cache
            cli_s(GAMES_FOLDER, 1), cli_s(four, 1)
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for run in range(runs):
            for _ in range(3):  # turn about, one each: both see the same load of the machine
                cli["all"] += cli_s(GAMES_FOLDER, 1)
                cli["four"] += cli_s(four, 1)
            kinds = (
                ("all", GAMES_FOLDER, every[0]),
                ("four", four, FOUR[0]),
                ("owned", GAMES_FOLDER, ""),
            )
            for kind, games, first in kinds:
                data = Path(tempfile.mkdtemp(dir=folder))
                if kind == "owned":
                    held = set(with_collection(data / "history.db"))
                    first = next(g for g in every if g in held)  # the first of "Your games"
                process, port, _ = start("scorepad", data, data / "history.db", games)
                base = f"http://127.0.0.1:{port}"
                try:
                    opening[kind].append(picker_opening_s(browser, base, first))
                    if kind == "all" and run == 0:
                        typing = typing_to_list_s(browser, base, first)
                    if kind == "owned" and run == 0:
                        typing_owned = typing_to_list_s(browser, base, first)
                finally:
                    process.terminate()
                    process.wait(timeout=20)
        browser.close()
    return {
        "games": len(every),
        **import_figures(),
        "cli_all_s": round(statistics.median(cli["all"]), 3),
        "cli_four_s": round(statistics.median(cli["four"]), 3),
        "picker_all_s": round(statistics.median(opening["all"]), 3),
        "picker_four_s": round(statistics.median(opening["four"]), 3),
        "typing_median_ms": round(statistics.median(typing) * 1000, 1),
        "typing_max_ms": round(max(typing) * 1000, 1),
        "collection": COLLECTION,
        "picker_owned_s": round(statistics.median(opening["owned"]), 3),
        "typing_owned_median_ms": round(statistics.median(typing_owned) * 1000, 1),
        "typing_owned_max_ms": round(max(typing_owned) * 1000, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=RUNS)
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"no Chromium at {CHROMIUM} (apt-get install -y chromium)")
    r = measure(args.runs)
    cli_ratio = r["cli_all_s"] / r["cli_four_s"]
    picker_ratio = r["picker_all_s"] / r["picker_four_s"]
    n = r["games"]
    print(f"{'':34}{f'{n} games':>10}{'4 games':>10}{'ratio':>8}")
    print(
        f"{'scorepad games, whole process (s)':34}{r['cli_all_s']:>10}{r['cli_four_s']:>10}"
        f"{cli_ratio:>8.2f}   target <= 1.20"
    )
    print(
        f"{'the picker opening (s)':34}{r['picker_all_s']:>10}{r['picker_four_s']:>10}"
        f"{picker_ratio:>8.2f}   target <= 1.20"
    )
    own = r["import_core_ms"] - r["import_stdlib_alone_ms"]
    print(
        f"import scorepad.core: {r['import_core_ms']} ms, of which the standard library "
        f"modules it pulls in, alone: {r['import_stdlib_alone_ms']} ms; its own: {own:.1f} ms; "
        f"game files read: {r['game_files_read_at_import']}   target < 30 ms"
    )
    print(
        f"typing a search to the list filtered: median {r['typing_median_ms']} ms, "
        f"max {r['typing_max_ms']} ms over {EDITS} edits at 390x844   target < 100 ms"
    )
    owned_ratio = r["picker_owned_s"] / r["picker_all_s"]
    print(
        f"with a collection of {r['collection']} games: the picker opening "
        f"{r['picker_owned_s']} s, {owned_ratio:.2f}x the catalogue alone   target <= 1.20; "
        f"typing median {r['typing_owned_median_ms']} ms, max {r['typing_owned_max_ms']} ms"
        "   target < 100 ms"
    )
    r |= {
        "runs": args.runs,
        "owned_ratio": round(owned_ratio, 3),
        "cli_ratio": round(cli_ratio, 3),
        "picker_ratio": round(picker_ratio, 3),
        "import_own_ms": round(own, 1),
        "targets_met": {
            "import": r["import_core_ms"] < 30,
            "cli": cli_ratio <= 1.2,
            "picker": picker_ratio <= 1.2,
            "typing": r["typing_median_ms"] < 100,
            "owned": owned_ratio <= 1.2,
            "typing_owned": r["typing_owned_median_ms"] < 100,
        },
    }
    print(json.dumps(r))


if __name__ == "__main__":
    main()
