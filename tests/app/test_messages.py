"""The app's sentences: every one in English and Spanish, with the same blanks to fill."""

from __future__ import annotations

import string

from scorepad.ui.messages import MESSAGES


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_message_has_both_languages_with_the_same_fields():
    for key, texts in MESSAGES.items():
        assert key.startswith(("app.", "share.")), key
        assert set(texts) == {"en", "es"}, key
        assert fields(texts["en"]) == fields(texts["es"]), key
        assert texts["en"].strip() and texts["es"].strip(), key
