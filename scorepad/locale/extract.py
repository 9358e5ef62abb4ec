"""Babel's extraction method for Scorepad: the English catalogue is the source text.

``babel.cfg`` maps ``scorepad/locale/en/LC_MESSAGES/scorepad.po`` to ``extract_english``,
so ``pybabel extract`` writes a template (``scorepad.pot``) holding every message key with
its English text as an extracted comment (``#. English: …``), after the note for
translators written above it in the English catalogue (a plain ``#`` comment).
``pybabel update`` then carries both into every language's catalogue, where a standard
.po editor shows them beside each key.

Babel is imported only when this runs: it is a translator's tool, not the app's.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

ENGLISH = "English: "
"""How the comment carrying the English text begins (the extractor never reads it back)."""


def english_comments(message: Any) -> list[str]:
    """An English entry's note for translators (its ``#`` comment lines, joined), then its
    English text (the ``#.`` comments ``pybabel update`` wrote into it are not read)."""
    notes = [" ".join(message.user_comments)] if message.user_comments else []
    if isinstance(message.string, tuple | list):
        english = " | ".join(message.string)
    else:
        english = message.string
    return [*notes, ENGLISH + english]


def extract_english(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, str | tuple[str, ...], list[str]]]:
    """Every message of the English catalogue ``fileobj``, with its English text."""
    from babel.messages.pofile import read_po

    catalog = read_po(fileobj)
    for message in catalog:
        if not message.id:
            continue  # the header
        line = message.lineno or 0
        if message.pluralizable:
            yield line, "ngettext", tuple(message.id), english_comments(message)
        else:
            yield line, "gettext", str(message.id), english_comments(message)
