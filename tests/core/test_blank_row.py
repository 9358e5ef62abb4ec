"""A player who entered nothing on the sheet's lines (a play imported with its total as a
by-hand line) is scored from the game's blank row, worked out once: the same result as
reading every line."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scorepad.core import ExtraLine, PlayerSheet, SheetError, builtin_games, score
from scorepad.core.template import GameTemplate


def _line_by_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(GameTemplate, "blank_row", lambda self, variant: None)


TABLE = [
    PlayerSheet("Ana", {}, (ExtraLine("Total", 40),)),
    PlayerSheet("Ben", {}, (ExtraLine("Total", Decimal("40.5")),)),
    PlayerSheet("Cy", {}, (ExtraLine("Total", 40),)),
    PlayerSheet("Di", {}, ()),
]


@pytest.mark.parametrize("game", sorted(builtin_games()))
def test_blank_row_scores_as_every_line_read(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    template = builtin_games()[game]
    if template.rounds is not None or template.result is not None:
        pytest.skip("round games and games with a result are scored another way")
    table = TABLE[: max(template.min_players, min(template.max_players, len(TABLE)))]
    for variant in [v.id for v in template.variants] or [None]:
        row = template.blank_row(variant)
        assert row is not None and template.blank_row(variant) is row  # worked out once
        fast = score(template, variant, table)
        with monkeypatch.context() as patched:
            _line_by_line(patched)
            slow = score(template, variant, table)
        assert fast == slow
        ana, ben = fast.players[0].total, fast.players[1].total
        assert ben - ana == Decimal("0.5")  # a blank row worth points (Agricola's) too


def test_a_blank_row_past_the_limit_names_the_player() -> None:
    template = builtin_games()["7-wonders"]
    variant = template.variants[0].id if template.variants else None
    table = [PlayerSheet("Ana", {}, (ExtraLine("Total", 10**15),)), PlayerSheet("Ben", {}, ())]
    table.append(PlayerSheet("Cy", {}, ()))
    with pytest.raises(SheetError) as refused:
        score(template, variant, table)
    assert "Ana" in refused.value.message("en")
