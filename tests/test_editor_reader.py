"""One reader over a form part's fields reads every part of the game editor's form from its
object in a game file (``editor.words.read_item``): its texts in every language the app
speaks (others kept to write back), its text fields as written (numbers as the file
writes them, lists as their items with spaces between), its flags; what a file holds in
another shape (a line's rates, a tie-breaker's terms) is left to the caller."""

from __future__ import annotations

from decimal import Decimal

from scorepad.editor.parts import BidsForm, FactorForm, LineForm, RateForm, TiebreakForm
from scorepad.editor.rules import BonusForm, SetForm
from scorepad.editor.words import read_item


def test_a_part_reads_its_texts_numbers_lists_and_flags():
    rate = read_item(
        RateForm(),
        {"id": "up", "per": Decimal("0.5"), "label": {"en": "Up", "es": "Mejor", "it": "Su"}},
    )
    assert (rate.id, rate.per, rate.label_en, rate.label_es, rate.label_fr) == (
        "up",
        "0.5",
        "Up",
        "Mejor",
        "",
    )
    assert rate.others == {"label": {"it": "Su"}}
    line = read_item(
        LineForm(),
        {
            "key": "majority",
            "kind": "award",
            "label": {"en": "Majority"},
            "hint": {"de": "Mehrheit"},
            "places": [6, Decimal("2.5")],
            "counts": False,
            "zero_counts": False,
            "variants": ["A", "B"],
            "rates": [{"id": "x", "per": 1, "label": {"en": "x"}}],
        },
    )
    assert (line.key, line.kind, line.places, line.variants) == (
        "majority",
        "award",
        "6 2.5",
        "A B",
    )
    assert (line.label_en, line.hint_en, line.hint_de) == ("Majority", "", "Mehrheit")
    assert line.counts is False and line.zero_counts is False and line.halves is False
    assert line.rates == [] and len(line.factors) == 2  # another shape: the caller's
    assert line.ties == "split" and line.min == ""  # not in the file: as the form starts


def test_every_part_is_read_by_the_same_reader():
    factor = read_item(FactorForm(), {"label": {"en": "Windows"}, "max": 8})
    assert (factor.label_en, factor.max) == ("Windows", "8")
    tb = read_item(
        TiebreakForm(terms="gold=2"),
        {"label": {"es": "Oro"}, "prefer": "fewer", "terms": {"gold": 2}, "rounds_won": False},
    )
    assert (tb.label_es, tb.prefer, tb.terms, tb.rounds_won) == ("Oro", "fewer", "gold=2", False)
    bids = read_item(
        BidsForm(), {"key": "score", "bid": "bid", "tricks": "won", "hit": {"base": 20}}
    )
    assert (bids.key, bids.bid, bids.tricks, bids.bonus, bids.hit_base) == (
        "score",
        "bid",
        "won",
        "",
        "",
    )
    rule = read_item(SetForm(), {"key": "science", "lines": ["a", "b"], "squares": True, "size": 3})
    assert (rule.key, rule.squares, rule.size, rule.per_set, rule.lines) == (
        "science",
        True,
        "3",
        "",
        [],
    )
    bonus = read_item(BonusForm(), {"key": "upper", "reach": 63, "points": 35})
    assert (bonus.reach, bonus.points) == ("63", "35")
