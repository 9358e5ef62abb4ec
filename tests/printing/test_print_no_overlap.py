"""Every shipped game's saved play, printed filled in with large entries (rates, halves,
table steps, products, ticked boxes, award quantities with their points, set counts,
bonuses, every round of a round game, teams and outcomes), has no two texts over each
other: the character boxes pdfplumber reads back from the PDF never intersect."""

from __future__ import annotations

import datetime as dt
import random
from itertools import combinations

import pdfplumber
import pytest
from plays import GAMES, PAGES, filled

from scorepad.printing.document import write_played_sheet

SLACK = 0.4
"""Points by which two boxes may touch (a glyph's box has some air around it)."""


def overlaps(boxes: list[dict]) -> list[tuple[str, str]]:
    """The pairs of characters whose boxes intersect (by more than ``SLACK``): words
    would hide it, as a character printed over another joins its word."""

    def meet(a: dict, b: dict) -> bool:
        return (
            min(a["x1"], b["x1"]) - max(a["x0"], b["x0"]) > SLACK
            and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > SLACK
        )

    # Only boxes that start left of where another ends (less the slack) can meet it:
    # taken in order of their left edge, each is compared with those that start in its
    # span, not with every other character of the page (the same pairs, in far fewer looks).
    order = sorted(range(len(boxes)), key=lambda i: boxes[i]["x0"])
    found = []
    for at, i in enumerate(order):
        a = boxes[i]
        for j in order[at + 1 :]:
            b = boxes[j]
            if b["x0"] >= a["x1"] - SLACK:
                break
            if meet(a, b):
                found.append((min(i, j), max(i, j)))
    return [(boxes[i]["text"], boxes[j]["text"]) for i, j in sorted(found)]


CASES = PAGES


def test_overlaps_finds_every_pair_of_boxes_that_meet():
    """The same pairs as comparing every box with every other, on boxes set close and
    over each other (the same ones on every run)."""
    shuffle = random.Random(7)
    boxes = []
    for n in range(400):
        x0, top = shuffle.uniform(0, 60), shuffle.uniform(0, 60)
        width, height = shuffle.uniform(0.2, 6), shuffle.uniform(0.2, 6)
        boxes.append(
            {"text": str(n), "x0": x0, "x1": x0 + width, "top": top, "bottom": top + height}
        )
    boxes.append(dict(boxes[0], text="again"))  # the same box twice

    def meet(a: dict, b: dict) -> bool:
        return (
            min(a["x1"], b["x1"]) - max(a["x0"], b["x0"]) > SLACK
            and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > SLACK
        )

    every = [(a["text"], b["text"]) for a, b in combinations(boxes, 2) if meet(a, b)]
    assert len(every) > 100 and ("0", "again") in every
    assert overlaps(boxes) == every
    assert overlaps([b for b in boxes if b["text"] in ("0", "1", "2")]) == [
        pair for pair in every if set(pair) <= {"0", "1", "2"}
    ]


def test_the_plays_fill_every_line_the_new_kinds_included():
    """The plays printed below are full: every line of every game entered by someone
    (the test would otherwise pass on empty cells), awards, tallies and round lines too."""
    for game, variant in CASES:
        template = GAMES[game]
        sheet = filled(template, variant)
        for line in template.lines_for(variant):
            entered = [p.readings[line.key].value for p in sheet.players]
            assert any(v not in (None, 0, False, [], ()) for v in entered), (game, line.key)
    sushi = filled(GAMES["sushi-go"], None)
    assert sushi.played_rounds == 3
    assert {p.readings["maki"].points for p in sushi.players} != {0}
    wonders = filled(GAMES["7-wonders"], None)
    assert {p.computed["science_sets"] for p in wonders.players} != {0}
    yahtzee = filled(GAMES["yahtzee"], None)
    assert 35 in {p.computed["upper_bonus"] for p in yahtzee.players}


@pytest.mark.parametrize("game, variant", CASES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_filled_sheet_has_no_text_over_another(tmp_path, game, variant, lang):
    sheet = filled(GAMES[game], variant)
    path = write_played_sheet(
        tmp_path / "play.pdf", sheet, lang, played_on=dt.date(2026, 12, 1), place="Ørsted"
    )
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            chars = [c for c in page.chars if c["text"].strip()]
            assert len(chars) > 100
            assert overlaps(chars) == [], (game, variant, lang)
