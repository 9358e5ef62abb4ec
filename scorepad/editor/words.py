"""The game editor's texts: each item of the form holds a text per language the app
speaks (``label_en``, ``label_es``…) and keeps those it does not speak to write back.

Shared by the form (``form``), its parts (``parts``) and its rules (``rules``): a file's
``{"en": …, "es": …}`` is read into an item's attributes and written back from them, and
an item is read from its object in a file by one reader over its fields (``read_item``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

from scorepad.core.i18n import DEFAULT_LANG, LANGS
from scorepad.core.numbers import format_points

Others = dict[str, dict[str, str]]
"""A text's name → its texts in languages the app does not speak."""
T = TypeVar("T", bound="Item")


@dataclass
class Item:
    """A part of the form with texts of its own (``name_en``, ``label_es``…), one
    attribute per language the app speaks (those beyond English and Spanish last, so
    that positional use stays as it was)."""

    others: Others = field(default_factory=dict, repr=False, kw_only=True)
    """Its texts in languages the app does not show, kept to be written back."""
    touched: set[str] = field(default_factory=set, repr=False, compare=False, kw_only=True)
    """Its fields typed in (a text by its name, in any language): only those show their
    problem until Save is pressed."""


def words(item: Any, name: str, *, optional: bool = False) -> dict[str, str] | None:
    """``item``'s text ``name`` as a file holds it: ``{"en": …}``, each other language
    typed in (one left blank reads the English) and any languages it was read with that
    the app does not speak. The file needs an English text: one left blank takes the text
    of the first language typed in (a person writes in their own language only; players
    in every other language then read that); left blank in every language, the core says
    so under its field, and an optional text (a hint, the description) is None."""
    typed = {lang: str(getattr(item, f"{name}_{lang}")).strip() for lang in LANGS}
    if optional and not any(typed.values()):
        return None
    english = typed[DEFAULT_LANG] or first_text(item, name)
    texts = {DEFAULT_LANG: english} | {
        lang: text for lang, text in typed.items() if text and lang != DEFAULT_LANG
    }
    return {**item.others.get(name, {}), **texts}


def first_text(item: Any, name: str) -> str:
    """``item``'s text ``name`` in English, else in the first language it was typed in."""
    texts = (str(getattr(item, f"{name}_{lang}")).strip() for lang in LANGS)
    return next((text for text in texts if text), "")


def slug(text: str, joiner: str) -> str:
    """An id or a line key from a name: "Bonus cards" → ``bonus-cards`` (``joiner``
    "-") or ``bonus_cards`` ("_"); accents dropped, other letters left out."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", joiner, plain).strip(joiner)[:48]


def read_words(item: T, name: str, texts: object) -> T:
    """Sets ``item``'s text ``name`` from a file's ``{"en": …, "es": …}`` (a language
    missing is left blank); returns ``item``."""
    if not isinstance(texts, Mapping):
        texts = {}
    for lang in LANGS:
        setattr(item, f"{name}_{lang}", str(texts.get(lang, "")))
    rest = {k: v for k, v in texts.items() if k not in LANGS}
    if rest:
        item.others[name] = rest
    return item


def read_item(item: T, raw: Mapping[str, Any]) -> T:
    """Sets ``item``'s fields from its object in a file, ``raw``, and returns ``item``:
    each text (``label`` into ``label_en``, ``label_es``…: ``read_words``), each text field
    of the same name as typed (a number as written, a list as its items with spaces
    between: ``"6 3"``) and each flag. A field the file holds otherwise (a line's rates, a
    rule's lines, a tie-breaker's terms) is left to the caller."""
    for found in fields(item):
        value = raw.get(found.name)
        if found.type in ("str", str) and isinstance(value, list):
            setattr(item, found.name, " ".join(as_text(v) for v in value))
        elif found.type in ("str", str) and value is not None and not isinstance(value, Mapping):
            setattr(item, found.name, as_text(value))
        elif found.type in ("bool", bool) and isinstance(value, bool):
            setattr(item, found.name, value)
    english = f"_{DEFAULT_LANG}"
    for found in fields(item):
        if found.name.endswith(english):
            name = found.name.removesuffix(english)
            read_words(item, name, raw.get(name))
    return item


def as_text(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int | float) or hasattr(value, "as_tuple"):
        return format_points(value)  # type: ignore[arg-type]
    return str(value)


def fresh_key(base: str, taken: set[str] | frozenset[str]) -> str:
    """``base``, or ``base_2``, ``base_3``… : the first of them not in ``taken``."""
    key, n = base, 1
    while key in taken:
        n += 1
        key = f"{base[:60]}_{n}"
    return key
