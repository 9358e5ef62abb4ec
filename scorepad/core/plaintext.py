"""What a player's name, a by-hand label or a note may hold: text shown exactly as written.

Names travel everywhere: the terminal, the browser, PDF sheets, SQLite and PostgreSQL. Any
printable text is welcome (accents, Greek, Arabic, Hebrew, Chinese, emoji, quotes, angle
brackets, SQL: it is only ever stored and shown, never run), but a few characters are
refused rather than quietly dropped, because each would change what people see or break
a store: control characters (NUL, which PostgreSQL cannot keep; the escape that recolours a
terminal; tabs and line breaks that split a sheet's row), line and paragraph separators,
and halves of surrogate pairs (not text at all: no file or database can encode them).
"""

from __future__ import annotations

import re
import unicodedata

from scorepad.core.errors import EntryError, quote

MAX_NAME = 60
"""Longest player name, in characters: a column on a printed sheet has room for about a
dozen, and the history keeps names folded for comparison in 200 (folding can triple a
character, as "ﬃ" becomes "ffi")."""
MAX_LABEL = 100
"""Longest by-hand line label, in characters."""
MAX_NOTES = 2000
"""Longest note on a play, in characters: a few paragraphs about the evening."""
MAX_LOCATION = 200
"""Longest location of a play, in characters: a place's name or an address, on one line."""
LINE_BREAKS = "\n\r\t"
"""What a note written over several lines may also hold."""

_UNFIT = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def unfit_char(text: str, allow: str = "") -> str | None:
    """The first character ``text`` may not hold (those in ``allow`` excepted), or None."""
    if text.isprintable():  # none of them is printable: the usual text in one C call
        return None
    for found in _UNFIT.finditer(text):
        if found.group() not in allow:
            return found.group()
    return None


def plain_problem(text: str, limit: int | None = None, allow: str = "") -> EntryError | None:
    """Why ``text`` cannot be kept and shown as written, or None when it can."""
    char = unfit_char(text, allow)
    if char is not None:
        key = "plain.not_unicode" if "\ud800" <= char <= "\udfff" else "plain.control"
        return EntryError(key, value=quote(text), char=f"U+{ord(char):04X}")
    if limit is not None and len(text) > limit:
        return EntryError("plain.too_long", value=quote(text), limit=limit, length=len(text))
    return None


def blank(text: str) -> bool:
    """Nothing anyone could read: only spaces and invisible format characters (U+200B)."""
    return all(char.isspace() or unicodedata.category(char) == "Cf" for char in text)


def name_problem(name: str, limit: int = MAX_NAME) -> EntryError | None:
    """Why a name or label, as given (before trimming), cannot be used; None when it can.
    A blank one is left to the caller, which knows how to say where it is missing."""
    return plain_problem(name) or plain_problem(name.strip(), limit)


def location_problem(location: str) -> EntryError | None:
    """Why a play's location, as given (before trimming), cannot be kept; None when it can:
    one line of plain text, at most ``MAX_LOCATION`` long once trimmed."""
    return name_problem(location, MAX_LOCATION)
