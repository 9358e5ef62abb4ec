"""Errors that speak the player's language.

Each error holds a message id and its fields rather than a finished sentence, so the same
error reads in the reader's language wherever it surfaces (CLI, app, import). ``str(error)``
is the English sentence, handy in logs and tests.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal

from scorepad.core.i18n import DEFAULT_LANG, decimal_mark, pick, tr


class ScorepadError(ValueError):
    """A problem a person can fix, described by a message id and its fields."""

    def __init__(self, key: str, /, **fields: object) -> None:
        self.key = key
        self.fields = fields
        super().__init__(self.message(DEFAULT_LANG))

    def message(self, lang: str) -> str:
        return tr(self.key, lang, **{k: _render(v, lang) for k, v in self.fields.items()})


def _render(value: object, lang: str) -> object:
    """Nested errors and labels (``{"en": …, "es": …}``) render in the message's language,
    and so do numbers: "50,5" in Spanish, "50.5" in English."""
    if isinstance(value, ScorepadError):
        return value.message(lang)
    if isinstance(value, dict):
        return pick(value, lang)
    if isinstance(value, QuotedNumber):
        return value.replace(".", decimal_mark(lang))
    if isinstance(value, Decimal):
        return _as_written(value, 0).replace(".", decimal_mark(lang))
    return value


class QuotedNumber(str):
    """A number quoted in a message ("50.5"): shown with the decimal mark of the language
    the message is read in. Text as typed ("50,5", "3+6,5") is quoted as typed instead."""

    __slots__ = ()


class TemplateError(ScorepadError):
    """A game file that cannot be a game: names the file, the place in it and the problem."""


class MissingField(ScorepadError):
    """A field a game file must hold and leaves out; ``name`` is the field, so that the
    game editor can put the complaint under it."""

    def __init__(self, name: str) -> None:
        super().__init__("template.missing", value=quote(name))
        self.name = name


class BadBounds(ScorepadError):
    """A minimum above its maximum (a line's, or the players'): the editor marks the
    minimum."""

    def __init__(self, low: object, high: object) -> None:
        super().__init__("template.bad_bounds", low=low, high=high)


class EntryError(ScorepadError):
    """A value that a line cannot take; the sheet wraps it with the player and the line."""


class SheetError(ScorepadError):
    """A sheet that cannot be scored, naming the player and the line concerned."""


def quote(value: object) -> str:
    """Bad input quoted as the person wrote it (JSON-like), shortened to stay on one line.

    Characters a terminal would act on rather than show (C1 controls such as the CSI
    escape, line separators, lone surrogates) are written as ``\\uXXXX`` escapes too."""
    text = _as_written(value, 8)
    text = text if len(text) <= 60 else text[:57] + "…"
    if isinstance(value, Decimal | float) and not isinstance(value, bool):
        return QuotedNumber(text)  # "50.5" reads "50,5" in a Spanish message
    return _HIDDEN.sub(lambda found: f"\\u{ord(found.group()):04x}", text)


_HIDDEN = re.compile("[\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def _as_written(value: object, depth: int) -> str:
    """``depth`` levels of arrays and objects at most: the quote is cut short anyway, and a
    file may nest them a thousand deep."""
    if isinstance(value, Decimal):
        return format(value, "f") if abs(value.adjusted()) < 20 else str(value)
    if isinstance(value, list | tuple | dict) and depth == 0:
        return "[…]" if isinstance(value, list | tuple) else "{…}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_as_written(v, depth - 1) for v in value[:30]) + "]"
    if isinstance(value, dict):
        items = (
            f"{_as_written(str(k), 0)}: {_as_written(v, depth - 1)}"
            for k, v in list(value.items())[:30]
        )
        return "{" + ", ".join(items) + "}"
    return json.dumps(value, ensure_ascii=False, default=str)


def parse_json(text: str, source: str, error: type[ScorepadError] = SheetError) -> object:
    """JSON with exact numbers (halves as Decimal), or an error naming line and column.

    A key given twice in one object is refused: JSON readers keep one of the two without a
    word, and a sheet or a game must not silently lose a value someone typed."""
    try:
        return json.loads(text, parse_float=Decimal, object_pairs_hook=_once)
    except json.JSONDecodeError as problem:
        raise error(
            "sheet.not_json", source=source, line=problem.lineno, column=problem.colno
        ) from None
    except _Twice as twice:
        raise error("sheet.duplicate_key", source=source, value=quote(twice.key)) from None
    except RecursionError:
        raise error("sheet.too_deep", source=source) from None
    except ValueError:  # an integer past Python's digit limit
        raise error("sheet.number_too_long", source=source) from None


class _Twice(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


def _once(pairs: list[tuple[str, object]]) -> dict[str, object]:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Twice(key)
            seen.add(key)
    return found
