from __future__ import annotations

import importlib
import json
from decimal import Decimal
from pathlib import Path

import scorepad
from scorepad.core import ScoredSheet, builtin_games, load_template, score_sheet_text

SHEETS = Path(__file__).parent / "sheets"


def register_every_catalogue() -> None:
    """Import every module that registers messages (``*messages.py``), so that the parity
    test of test_i18n_and_layers.py checks every catalogue in any subset run: ``pytest
    tests/core`` alone would otherwise see only the messages the core registers."""
    package = Path(scorepad.__file__).parent
    for path in sorted(package.rglob("*messages.py")):
        parts = path.relative_to(package).with_suffix("").parts
        importlib.import_module(".".join(("scorepad", *parts)))


register_every_catalogue()


def load_case(path: Path) -> dict:
    """A case file with halves read as exact Decimals."""
    return json.loads(path.read_text(encoding="utf-8"), parse_float=Decimal)


def score_case(path: Path) -> ScoredSheet:
    """Score the case's sheet through the sheet-file reader, as `scorepad score` does."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    games = dict(builtin_games())
    if "template" in raw:
        custom = load_template(raw["template"], f"{path.name}:template")
        games[custom.id] = custom
    return score_sheet_text(json.dumps(raw["sheet"]), path.name, games)
