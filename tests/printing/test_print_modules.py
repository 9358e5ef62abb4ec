"""A sheet printed with modules chosen carries the modules' lines and names them."""

from __future__ import annotations

from pathlib import Path

import pdfplumber

from scorepad.cli import main

GAME = Path(__file__).parent.parent / "core" / "games" / "team-dice.json"


def _text(path: Path) -> str:
    with pdfplumber.open(path) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


def test_a_blank_sheet_prints_the_modules_chosen_and_only_those(tmp_path, capsys):
    chosen, plain = tmp_path / "chosen.pdf", tmp_path / "plain.pdf"
    assert main(["sheet", str(GAME), "--module", "bonus", "-o", str(chosen), "--lang", "en"]) == 0
    assert main(["sheet", str(GAME), "-o", str(plain), "--lang", "en"]) == 0
    capsys.readouterr()
    with_module, without = _text(chosen), _text(plain)
    assert "Team dice + Bonus dice" in with_module and "Bonus dice" not in without
    assert with_module.count("Bonus dice") >= 4  # title and line, on both copies
