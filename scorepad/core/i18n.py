"""The translation layer: every sentence a person reads comes from here.

Game data carries its own labels as ``{"en": ..., "es": ...}`` mappings (``Text``, English
required, any other language optional). The app's own sentences live in gettext
catalogues, ``scorepad/locale/<lang>/LC_MESSAGES/scorepad.po`` compiled to ``.mo``: each
message id is a stable key (``app.save``), the English catalogue holds the English text
and is the source the others are translated from, and a sentence's blanks are
``str.format`` fields. Plurals are gettext plurals: ``ntr`` picks the form for a count.

Only the standard library's ``gettext`` is used here, and a catalogue is read the first
time its language is asked for, so importing the core stays fast.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path

LANGS: tuple[str, ...] = ("en", "es", "fr", "de")
"""Every language the app speaks, English first: ``--lang``, SCOREPAD_LANG and Settings
accept exactly these."""
DEFAULT_LANG = "en"
DOMAIN = "scorepad"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
PLURAL = ".plural"
"""A plural message's ``msgid_plural`` is its key with this suffix."""

Text = Mapping[str, str]
"""A label in one or more languages: ``{"en": "Complete rows", "es": "Filas completas"}``."""


def pick(text: Text, lang: str) -> str:
    """The text in ``lang``, falling back to English, then to any language present."""
    return text.get(lang) or text.get(DEFAULT_LANG) or next(iter(text.values()), "")


@cache
def catalogue(lang: str) -> gettext.NullTranslations:
    """The messages of ``lang`` (any other language: English's), falling back to English."""
    english = gettext.translation(DOMAIN, LOCALE_DIR, [DEFAULT_LANG])
    if lang == DEFAULT_LANG or lang not in LANGS:
        return english
    found = gettext.translation(DOMAIN, LOCALE_DIR, [lang], fallback=True)
    found.add_fallback(english)
    return found


def tr(key: str, lang: str, /, **fields: object) -> str:
    """The message ``key`` in ``lang`` with its fields filled in."""
    text = catalogue(lang).gettext(key)
    if text == key:
        raise KeyError(key)
    return text.format(**fields)


def ntr(key: str, count: int, lang: str, /, **fields: object) -> str:
    """The plural message ``key`` in the form ``lang`` uses for ``count`` things."""
    text = catalogue(lang).ngettext(key, key + PLURAL, count)
    if text in (key, key + PLURAL):
        raise KeyError(key)
    return text.format(**fields)


def choose_lang(requested: str | None = None) -> str:
    """``requested`` if given, else SCOREPAD_LANG, else the locale (LANG), else English."""
    for candidate in (requested, os.environ.get("SCOREPAD_LANG"), os.environ.get("LANG")):
        if candidate:
            code = candidate.split("_")[0].split(".")[0].lower()
            if code in LANGS:
                return code
    return DEFAULT_LANG


MAX_ACCEPTED = 32
"""Languages of an Accept-Language header looked at (a browser sends a handful)."""


def accepted_lang(header: str | None) -> str | None:
    """The language of the app's that a browser's Accept-Language header ranks first
    (``"de-CH, fr;q=0.9"`` gives ``"de"``), or None when it names none of them. A weight
    that is not a number counts as 0 (not wanted), as does ``q=0``; ``*`` names none."""
    best: tuple[float, int, str] | None = None
    for order, item in enumerate((header or "").split(",")[:MAX_ACCEPTED]):
        tag, *params = (part.strip() for part in item.split(";"))
        code = tag.split("-")[0].lower()
        if code not in LANGS:
            continue
        weight = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if not 0 < weight <= 1:
            continue
        if best is None or (-weight, order) < (-best[0], best[1]):
            best = (weight, order, code)
    return best[2] if best else None


def decimal_mark(lang: str) -> str:
    """The decimal separator of ``lang`` ("." in English, "," in Spanish, French and
    German), as its catalogue says (a test checks it against Babel's CLDR data)."""
    return tr("format.decimal", lang)


def first_few(items: Sequence[str], lang: str, few: int = 20) -> str:
    """The first ``few`` of ``items``, then how many more: a report line naming records
    that may be thousands."""
    text = ", ".join(items[:few])
    more = len(items) - few
    return text + (", " + tr("store.import_more", lang, count=more) if more > 0 else "")


def join_words(words: Sequence[str], lang: str) -> str:
    """ "Ana", "Ana and Ben", "Ana, Ben and Carla" (and "y" in Spanish)."""
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {tr('join.and', lang)} {words[-1]}"
