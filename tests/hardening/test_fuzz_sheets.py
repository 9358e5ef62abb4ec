"""Sheet files (`scorepad score FILE`) under arbitrary input: a correct sheet or a clear error.

Valid sheets (the core's test cases and the examples) are broken in a few places each;
random bytes, text and JSON are tried too. Whatever comes in, ``read_sheet`` either
scores it, and the result is consistent and printable, or refuses with one plain line in
each language; the command exits 0 or 2 with that line, never with a traceback.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

from hypothesis import event, given
from hypothesis import strategies as st

from scorepad.cli.render import render_scored
from scorepad.core import ScoredSheet, builtin_games, load_template
from scorepad.core.sheetfile import score_sheet_text
from tests.hardening.fuzzing import (
    FUZZ,
    assert_cli_outcome,
    broken_text,
    cli,
    files,
    mutated,
    outcome,
    plain_line,
    write,
)

ROOT = Path(__file__).resolve().parents[2]
CASES = sorted((ROOT / "tests" / "core" / "sheets").glob("*.json"))
EXAMPLES = sorted((ROOT / "examples").glob("*.json"))


def _sheets() -> list[dict]:
    found = [json.loads(p.read_text("utf-8"))["sheet"] for p in CASES]
    found += [json.loads(p.read_text("utf-8")) for p in EXAMPLES]
    return [s for s in found if s.get("game") in builtin_games()]  # a quick sheet has none


SHEETS = _sheets()


def check_scored(sheet: ScoredSheet) -> None:
    """What a scored sheet must be: totals that add up, names fit to print, JSON and text."""
    for player in sheet.players:
        assert plain_line(player.name) and player.name == player.name.strip()
        extra = sum((e.points for e in player.extra), start=0)
        added = sum(player.lines.values(), start=0) + extra
        floor = sheet.template.rules.floor if sheet.template.rules is not None else None
        assert player.total == (added if floor is None else max(added, floor))
        for item in player.extra:
            assert plain_line(item.label)
    for lang in ("en", "es"):
        text = json.dumps(sheet.to_json(lang), ensure_ascii=False)
        assert json.loads(text, parse_float=Decimal)["winners"] == list(sheet.winners)
        render_scored(sheet, lang).encode("utf-8")


def check_text(text: str, folder: Path) -> None:
    sheet = outcome(lambda: score_sheet_text(text, "fuzz.json"))
    event("scored" if sheet is not None else "refused")
    if sheet is not None:
        check_scored(sheet)
    path = folder / "fuzz.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    for extra in ([], ["--json"]):
        result = cli("score", str(path), "--lang", "es", *extra)
        assert_cli_outcome(result)
        assert (result[0] == 0) == (sheet is not None), result


@given(document=st.sampled_from(SHEETS).flatmap(mutated))
@FUZZ
def test_a_broken_sheet_scores_correctly_or_is_refused_clearly(document, tmp_path):
    check_text(write(document), tmp_path)


@given(
    text=st.sampled_from(SHEETS).flatmap(lambda s: broken_text(json.dumps(s, ensure_ascii=False)))
)
@FUZZ
def test_a_damaged_sheet_file_is_refused_clearly(text, tmp_path):
    check_text(text, tmp_path)


@given(text=files)
@FUZZ
def test_random_input_is_refused_clearly(text, tmp_path):
    check_text(text, tmp_path)


def test_custom_games_of_the_cases_still_score():
    """The cases with a game of their own, scored with it (a sanity check of the base)."""
    for path in CASES:
        case = json.loads(path.read_text("utf-8"))
        games = dict(builtin_games())
        if "template" in case:
            custom = load_template(case["template"], path.name)
            games[custom.id] = custom
        check_scored(score_sheet_text(json.dumps(case["sheet"]), path.name, games))


def test_a_real_process_answers_the_worst_files_with_one_line(tmp_path):
    """What broke the core before, run as people run it: status 2, one line, no traceback."""
    worst = {
        "deep.json": "[" * 100_000 + "]" * 100_000,
        "huge.json": '{"game": "azul", "players": [{"name": "A", "lines": {"marker": 1e1000000}},'
        ' {"name": "B"}]}',
        "escape.json": '{"game": "azul", "players": [{"name": "\\u001b[2J\\ud800"}, {"name": "B"}]}',
    }
    for name, text in worst.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    runs = [
        ["score", "deep.json"],
        ["score", "escape.json"],
        ["import", "huge.json", "--db", str(tmp_path / "h.sqlite3")],
    ]
    for args in runs:
        done = subprocess.run(
            [sys.executable, "-m", "scorepad.cli", *args, "--lang", "en"],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            check=False,
        )
        assert (done.returncode, done.stdout) == (2, ""), (args, done.stderr)
        assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr, args
        assert plain_line(done.stderr.strip()), done.stderr
