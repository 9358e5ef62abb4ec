"""By-hand labels found fine are remembered (plays share a few): a label is trimmed the
same way every time, and a label unfit to keep is refused however often others passed."""

from __future__ import annotations

import pytest

from scorepad.core import ExtraLine, PlayerSheet, SheetError, find_game, score


def _sheet(label: object) -> list[PlayerSheet]:
    return [
        PlayerSheet(name, {}, (ExtraLine(label, points),))  # type: ignore[arg-type]
        for name, points in (("Ana", 40), ("Ben", 55), ("Cy", 61))
    ]


def test_a_label_is_trimmed_each_time() -> None:
    game = find_game("7-wonders")
    for _ in range(3):
        sheet = score(game, None, _sheet("  BG Stats score "))
        assert [p.extra[0].label for p in sheet.players] == ["BG Stats score"] * 3


@pytest.mark.parametrize("label", ["BG Stats\x1bscore", "   ", "", 7, "x" * 101])
def test_an_unfit_label_is_refused_after_fine_ones(label: object) -> None:
    game = find_game("7-wonders")
    score(game, None, _sheet("BG Stats score"))
    with pytest.raises(SheetError) as refused:
        score(game, None, _sheet(label))
    assert "Ana" in refused.value.message("en")
