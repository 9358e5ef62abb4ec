"""What text may hold (``core.plaintext``): the printable text of every day is let through
without a character-by-character search, and nothing unfit is let through with it."""

from __future__ import annotations

import sys

import pytest

from scorepad.core.plaintext import _UNFIT, unfit_char


def test_no_printable_character_is_unfit() -> None:
    """The quick answer for printable text is the search's answer, for every character."""
    unfit_printable = [
        hex(code)
        for code in range(sys.maxunicode + 1)
        if chr(code).isprintable() and _UNFIT.match(chr(code))
    ]
    assert unfit_printable == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("6a7b615e-1158-4359-9b44-e71ee59e6305", None),
        ("Πλατεία ♥ 東京", None),
        ("tab\there", "\t"),
        ("line\u2028break", "\u2028"),
        ("half \ud83d pair", "\ud83d"),
        ("esc\x1b[31m", "\x1b"),
        ("no\u00a0break space", None),  # not printable, yet fit: the search answers
    ],
)
def test_unfit_char(text: str, found: str | None) -> None:
    assert unfit_char(text) == found
    assert unfit_char(text, allow="\t") == (None if found == "\t" else found)
