from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

from scorepad.core import ScoredSheet, builtin_games, load_template, score_sheet_text

SHEETS = Path(__file__).parent / "sheets"


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
