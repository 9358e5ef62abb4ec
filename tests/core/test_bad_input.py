"""Bad sheets: `scorepad score` exits 2 with one line naming the player and the line.

tests/core/bad_sheets.json lists each mistake with the exact sentence expected in English
and in Spanish; the test writes the sheet to a real file and runs the command on it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorepad.cli import main

CASES = json.loads((Path(__file__).parent / "bad_sheets.json").read_text(encoding="utf-8"))


def sheet_text(case: dict) -> str:
    if "text" in case:
        return case["text"]
    sheet = case["sheet"]
    return sheet if isinstance(sheet, str) else json.dumps(sheet, ensure_ascii=False)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("case", CASES, ids=[c["about"] for c in CASES])
def test_bad_sheet_is_refused_with_one_clear_line(case, lang, tmp_path, monkeypatch, capsys):
    (tmp_path / "bad.json").write_text(sheet_text(case), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit_info:
        main(["score", "bad.json", "--lang", lang])
    assert exit_info.value.code == 2, case["about"]
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"scorepad: {case[lang]}\n", case["about"]


def test_every_kind_of_mistake_is_covered():
    abouts = {c["about"] for c in CASES}
    for needed in (
        "unknown game",
        "unknown variant",
        "unknown line",
        "count below 0",
        "count above max",
        "text where a number goes",
        "product not a pair",
        "unknown rate",
        "too few players",
        "too many players",
        "not JSON",
    ):
        assert needed in abouts


def test_a_real_process_prints_no_traceback(tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text('{"game": "azul", "players": [{"name": "Ana", "lines": {"rows": 9}}', "utf-8")
    for args in (["score", str(bad)], ["score", str(tmp_path / "missing.json")]):
        done = subprocess.run(
            [sys.executable, "-m", "scorepad.cli", *args, "--lang", "en"],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 2
        assert done.stdout == ""
        assert len(done.stderr.splitlines()) == 1
        assert "Traceback" not in done.stderr
        assert done.stderr.startswith("scorepad: ")


def test_unreadable_files_are_named(tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(["score", str(tmp_path / "nope.json"), "--lang", "en"])
    assert capsys.readouterr().err == (
        f"scorepad: {tmp_path / 'nope.json'}: cannot be read (no such file)\n"
    )
    latin1 = tmp_path / "latin1.json"
    latin1.write_bytes('{"game": "azul", "players": [{"name": "Tom\xe1s"}]}'.encode("latin-1"))
    with pytest.raises(SystemExit):
        main(["score", str(latin1), "--lang", "es"])
    assert capsys.readouterr().err == f"scorepad: {latin1}: no se puede leer (no es texto UTF-8)\n"
    with pytest.raises(SystemExit):
        main(["score", str(tmp_path), "--lang", "en"])
    assert capsys.readouterr().err == f"scorepad: {tmp_path}: cannot be read (it is a folder)\n"
