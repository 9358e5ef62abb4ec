"""Moving in from BG Stats at scale: a generated 50 MB export imported, against the code
before this work measured in the same run.

Writes two BG Stats exports of 59,566 plays (``--plays``) with the generator the tests
use (tests/store/bgs_export.py), compact JSON as BG Stats writes it:
  plain   ordinary plays only, of games and tables the code before this work imports
          too (about 50 MB): imported by this checkout and by the baseline checkout
  quirks  the same number of plays with every quirk of real exports (teams "0", BG Stats'
          own player counts, "3.44", blank scores, mixed co-operative results, roles,
          metaData, …): imported by this checkout only (the baseline refuses it whole)
Each import runs in a process of its own into an empty SQLite history (or, with
``--pg``, a new PostgreSQL database on that server); its wall time,
processor time (user + system: what the import costs, whatever else the machine runs)
and peak memory (the process's highest resident size, VmHWM: Linux keeps ru_maxrss
across exec, so that would be the bench's own) are taken from that process. The
baseline checkout is the commit before this work (``--base``, 3fed202), unpacked from
git into a temporary folder, or a checkout given with ``--against DIR``. Runs alternate
baseline and checkout ``--rounds`` times; medians are printed with the ratios. Targets:
processor time at most half the baseline's, peak memory under 150 MB. The last line is
a JSON object.

    python bench/bench_bgstats.py [--plays N] [--rounds R] [--base COMMIT | --against DIR]
                                  [--pg URL]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASE = "3fed202"
PLAYS = 59_566
CHILD = """
import json, resource, sys, time
from scorepad.store import open_store
store = open_store(sys.argv[2])
before = resource.getrusage(resource.RUSAGE_SELF)
started = time.perf_counter()
done = store.import_file(sys.argv[1])
wall = time.perf_counter() - started
after = resource.getrusage(resource.RUSAGE_SELF)
cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
store.close()
peak = after.ru_maxrss / 1024
try:  # the peak of this program itself: ru_maxrss keeps the parent's from before exec
    with open("/proc/self/status") as status:
        peak = next(int(l.split()[1]) for l in status if l.startswith("VmHWM:")) / 1024
except (OSError, StopIteration):
    pass
print(json.dumps({"plays": done.plays, "wall_s": wall, "cpu_s": cpu, "peak_mb": peak}))
"""


def write_exports(folder: Path, plays: int) -> dict[str, Path]:
    sys.path.insert(0, str(ROOT))
    from tests.store.bgs_export import realistic_export

    paths = {}
    for name, plain in (("plain", True), ("quirks", False)):
        path = folder / f"{name}.bgsplay"
        document = realistic_export(plays, plain=plain, quirks=False)
        path.write_text(
            json.dumps(document, ensure_ascii=False, separators=(",", ":")), encoding="utf-8"
        )
        paths[name] = path
    return paths


def baseline(folder: Path, commit: str) -> Path:
    """The baseline commit's tree, unpacked from this repository."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit], check=True, capture_output=True
    ).stdout
    target = folder / "base"
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(target, filter="data")
    return target


def run(
    checkout: Path, export: Path, folder: Path, tag: str, pg: str | None = None
) -> dict[str, float]:
    """One import in a process of its own, into an empty SQLite file in ``folder``, or
    into a new PostgreSQL database made for it on the server of ``pg`` (dropped after)."""
    history = folder / f"{tag}.sqlite3"
    history.unlink(missing_ok=True)
    target = str(history)
    if pg is not None:
        target = _new_database(pg)
    env = dict(os.environ, PYTHONPATH=str(checkout))
    try:
        done = subprocess.run(
            [sys.executable, "-c", CHILD, str(export), target],
            check=True,
            capture_output=True,
            text=True,
            env=env,
            cwd=checkout,
        )
    finally:
        history.unlink(missing_ok=True)
        if pg is not None:
            _drop_database(pg, target)
    return json.loads(done.stdout.strip().splitlines()[-1])


def _admin(url: str) -> str:
    """A SQLAlchemy PostgreSQL URL as psycopg takes it."""
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def _new_database(pg: str) -> str:
    import uuid

    import psycopg

    name = f"scorepad_bench_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(_admin(pg), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return pg.rsplit("/", 1)[0] + "/" + name


def _drop_database(pg: str, url: str) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1]
    with psycopg.connect(_admin(pg), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def median(runs: list[dict[str, float]], key: str) -> float:
    return statistics.median(r[key] for r in runs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plays", type=int, default=PLAYS)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--base", default=BASE, help="the baseline commit (default %(default)s)")
    parser.add_argument("--against", type=Path, help="a checkout of the baseline instead")
    parser.add_argument(
        "--pg",
        metavar="URL",
        help="import into PostgreSQL instead: a new database per import on this server "
        "(postgresql+psycopg://user:password@host:port/postgres), dropped afterwards",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        exports = write_exports(folder, args.plays)
        for name, path in exports.items():
            print(f"export {name}: {args.plays:,} plays, {path.stat().st_size / 1e6:.1f} MB")
        base = args.against.resolve() if args.against else baseline(folder, args.base)
        print(f"baseline: {args.against or 'commit ' + args.base}")
        print(f"history: {'PostgreSQL' if args.pg else 'SQLite'}")
        runs: dict[str, list[dict[str, float]]] = {"base": [], "this": [], "quirks": []}
        for round_ in range(1, args.rounds + 1):
            runs["base"].append(run(base, exports["plain"], folder, "base", args.pg))
            runs["this"].append(run(ROOT, exports["plain"], folder, "this", args.pg))
            runs["quirks"].append(run(ROOT, exports["quirks"], folder, "quirks", args.pg))
            for name in runs:
                last = runs[name][-1]
                print(
                    f"  round {round_} {name:>6}: {last['plays']:,} plays, wall "
                    f"{last['wall_s']:.1f} s, processor {last['cpu_s']:.1f} s, "
                    f"peak {last['peak_mb']:.0f} MB"
                )
    figures = {
        name: {key: round(median(r, key), 2) for key in ("wall_s", "cpu_s", "peak_mb")}
        for name, r in runs.items()
    }
    cpu_ratio = figures["base"]["cpu_s"] / figures["this"]["cpu_s"]
    wall_ratio = figures["base"]["wall_s"] / figures["this"]["wall_s"]
    memory_ratio = figures["base"]["peak_mb"] / figures["this"]["peak_mb"]
    print(
        f"plain export: processor {figures['this']['cpu_s']:.1f} s against the baseline's "
        f"{figures['base']['cpu_s']:.1f} s ({cpu_ratio:.2f}x as fast; target 2), wall "
        f"{figures['this']['wall_s']:.1f} s against {figures['base']['wall_s']:.1f} s "
        f"({wall_ratio:.2f}x)"
    )
    print(
        f"peak memory: {figures['this']['peak_mb']:.0f} MB against the baseline's "
        f"{figures['base']['peak_mb']:.0f} MB ({memory_ratio:.2f}x less; target < 150 MB)"
    )
    print(
        f"export with every quirk (the baseline refuses it): processor "
        f"{figures['quirks']['cpu_s']:.1f} s, peak {figures['quirks']['peak_mb']:.0f} MB"
    )
    met = cpu_ratio >= 2 and max(figures["this"]["peak_mb"], figures["quirks"]["peak_mb"]) < 150
    print(
        json.dumps(
            {
                "plays": args.plays,
                **{f"{n}_{k}": v for n, f in figures.items() for k, v in f.items()},
                "cpu_ratio": round(cpu_ratio, 2),
                "wall_ratio": round(wall_ratio, 2),
                "memory_ratio": round(memory_ratio, 2),
                "targets_met": met,
            }
        )
    )
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
