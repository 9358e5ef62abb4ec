"""Every sheet in tests/core/sheets/ scored against the totals, ranks and winners it expects.

Each file is a sheet (the format of docs/sheet-files.md) with what a person checked by
hand; a new case is a new file. Custom games used by a case travel inside it under "template".
"""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from .conftest import SHEETS, load_case, score_case

CASES = sorted(SHEETS.glob("*.json"))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_sheet_scores_as_expected(path):
    case = load_case(path)
    scored = score_case(path)
    expect = case["expect"]
    by_name = {p.name: p for p in scored.players}

    assert {n: p.total for n, p in by_name.items()} == expect["totals"], path.name
    assert {n: p.rank for n, p in by_name.items()} == expect["ranks"], path.name
    assert list(scored.winners) == expect["winners"], path.name
    assert scored.decided_by == expect["decided_by"], path.name
    for name, lines in expect.get("lines", {}).items():
        assert by_name[name].lines == lines, f"{path.name}: {name}"
    for lang, sentence in expect["explanation"].items():
        assert scored.explanation(lang) == sentence, f"{path.name}: {lang}"
    for player in scored.players:
        assert player.winner == (player.name in expect["winners"]), path.name
    if "rounds" in expect:  # a round game: running totals, and how it ended
        data = scored.to_json()
        assert data["rounds"] == expect["rounds"], path.name
        assert data["finished"] == expect["finished"], path.name
        assert data["ended_round"] == expect["ended_round"], path.name
        assert data["ended_by"] == expect["ended_by"], path.name
        for lang, sentence in expect.get("round_note", {}).items():
            assert scored.round_note(lang) == sentence, f"{path.name}: {lang}"
        if "round_note" not in expect:
            assert scored.round_note("en") is None, path.name


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_json_output_is_exact(path):
    """Whole numbers print without a point and halves as .5, never as float noise."""
    case = load_case(path)
    output = json.dumps(score_case(path).to_json())
    data = json.loads(output, parse_float=Decimal)
    for player in data["players"]:
        assert player["total"] == case["expect"]["totals"][player["name"]]
        assert isinstance(player["total"], int) or player["total"] % 1 == Decimal("0.5")
        assert (
            sum(player["lines"].values())
            + sum(e["points"] for e in player["extra"])
            + player.get("floor_added", 0)  # a total raised to the game's floor
            == (player["total"])
        )
