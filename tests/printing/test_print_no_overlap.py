"""Every built-in game's saved play, printed filled in with large entries (rates, halves,
table steps, products, ticked boxes), has no two texts over each other: the character
boxes pdfplumber reads back from the PDF never intersect."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from itertools import combinations

import pdfplumber
import pytest

from scorepad.core import PlayerSheet, ScorepadError, builtin_games, score
from scorepad.core.sheetrules import unsupported
from scorepad.core.template import Line
from scorepad.printing.document import write_played_sheet

NAMES = ("Anastasia", "Bartholomew", "Clementine", "Dmitri", "Eulalia")
SLACK = 0.4
"""Points by which two boxes may touch (a glyph's box has some air around it)."""


def entry(line: Line, n: int) -> object:
    """A large but legal entry of ``line`` for player ``n``: the numbers that make cells
    crowded (a count with its rate, a half, a product's two factors)."""
    high = getattr(line, "max", None)
    if line.kind == "points":
        value = Decimal("123.5") if getattr(line, "halves", False) else 123 + n
        return value if high is None else high
    if line.kind == "count":
        count = min(high, 12) if high is not None else 12
        rates = getattr(line, "rates", ())
        if rates:
            return {"count": count, "rate": rates[n % len(rates)].id}
        return Decimal(count) + Decimal("0.5") if getattr(line, "halves", False) else count
    if line.kind == "check":
        return n % 2 == 0
    if line.kind == "table":
        return len(line.values) - 1
    if line.kind == "product":
        return [f.max if f.max is not None else 13 for f in line.factors]
    if line.kind == "penalty":
        return min(high, 14) if high is not None else 14
    raise LookupError(line.kind)


def filled(template, variant):
    """The fullest play of ``template``: as many players as it takes, every line entered
    (a line whose entry the core refuses is left blank)."""
    sheets = []
    for n, name in enumerate(NAMES[: template.max_players]):
        lines: dict[str, object] = {}
        for line in template.lines_for(variant):
            try:
                value = entry(line, n)
                score(template, variant, [PlayerSheet(name, {line.key: value})])
            except (LookupError, ScorepadError):
                continue
            lines[line.key] = value
        sheets.append(PlayerSheet(name, lines))
    return score(template, variant, sheets)


def overlaps(boxes: list[dict]) -> list[tuple[str, str]]:
    """The pairs of characters whose boxes intersect (by more than ``SLACK``): words
    would hide it, as a character printed over another joins its word."""

    def meet(a: dict, b: dict) -> bool:
        return (
            min(a["x1"], b["x1"]) - max(a["x0"], b["x0"]) > SLACK
            and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > SLACK
        )

    return [(a["text"], b["text"]) for a, b in combinations(boxes, 2) if meet(a, b)]


CASES = [
    (template.id, variant)
    for template in builtin_games().values()
    if unsupported(template) is None  # the others are refused: test_print_sheet
    for variant in ([v.id for v in template.variants] or [None])
]


@pytest.mark.parametrize("game, variant", CASES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_filled_sheet_has_no_text_over_another(tmp_path, game, variant, lang):
    sheet = filled(builtin_games()[game], variant)
    path = write_played_sheet(
        tmp_path / "play.pdf", sheet, lang, played_on=dt.date(2026, 12, 1), place="Ørsted"
    )
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            chars = [c for c in page.chars if c["text"].strip()]
            assert len(chars) > 100
            assert overlaps(chars) == [], (game, variant, lang)
