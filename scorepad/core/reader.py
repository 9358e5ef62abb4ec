"""The reader of a game file's shapes and values, which names the file and the place in
it in every problem (``template.where``): the loader's reader of games builds on it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from scorepad.core.errors import BadBounds, MissingField, ScorepadError, TemplateError, quote
from scorepad.core.i18n import DEFAULT_LANG, Text
from scorepad.core.numbers import LIMIT, Number, as_number, is_half_multiple, normalize
from scorepad.core.plaintext import MAX_LABEL, blank, plain_problem

KEY = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}\Z")
LANG_CODE = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?\Z")


class Reader:
    """Walks a game file, keeping the file name for messages: its shapes and values
    (lists, objects, texts, keys, numbers, bounds). The loader's reader adds the game's
    own parts; ``rules_loader`` reads the rules with it."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, path: str, key: str, **fields: object) -> TemplateError:
        return self.at(path, ScorepadError(key, **fields))

    def at(self, path: str, problem: ScorepadError) -> TemplateError:
        """``problem`` placed in the file: its source and the path to the value."""
        return TemplateError("template.where", source=self.source, path=path, problem=problem)

    # --- shapes -------------------------------------------------------------------------------
    def obj(self, raw: object, path: str, fields: Mapping[str, bool]) -> dict[str, Any]:
        if not isinstance(raw, dict):
            raise self.fail(
                path, "template.wrong_type", value=quote(raw), expected=type_name("object")
            )
        for name in raw:
            if name not in fields:
                choices = ", ".join([quote(f) for f in fields])
                raise self.fail(path, "template.unknown_field", value=quote(name), choices=choices)
        for name, required in fields.items():
            if required and name not in raw:
                raise self.at(path, MissingField(name))
        return raw

    def items(
        self, raw: object, path: str, *, allow_empty: bool = True, limit: int | None = None
    ) -> list[Any]:
        if not isinstance(raw, list):
            raise self.fail(
                path, "template.wrong_type", value=quote(raw), expected=type_name("list")
            )
        if not raw and not allow_empty:
            raise self.fail(path, "template.empty", value=quote(path.rsplit(".", 1)[-1]))
        if limit is not None:
            self.at_most(len(raw), path, limit)
        return raw

    def at_most(self, count: int, path: str, limit: int) -> None:
        """Refuse a list longer than ``limit`` before reading any of it."""
        if count > limit:
            raise self.fail(path, "template.too_many", count=count, limit=limit)

    def text(self, raw: object, path: str, limit: int = MAX_LABEL) -> Text:
        # English is required; any other language is optional and reads English without it
        # (a game saved before a language existed stays valid).
        if not isinstance(raw, dict) or not (
            isinstance(raw.get(DEFAULT_LANG), str) and not blank(raw[DEFAULT_LANG])
        ):
            raise self.fail(path, "template.no_label")
        for name, value in raw.items():
            if not LANG_CODE.match(name):
                raise self.fail(path, "template.bad_lang", value=quote(name))
            if not isinstance(value, str):
                raise self.fail(
                    f"{path}.{name}",
                    "template.wrong_type",
                    value=quote(value),
                    expected=type_name("text"),
                )
            problem = plain_problem(value) or plain_problem(value.strip(), limit)
            if problem is not None:
                raise TemplateError(
                    "template.where", source=self.source, path=f"{path}.{name}", problem=problem
                )
        return {lang: value.strip() for lang, value in raw.items()}

    def key(self, raw: object, path: str, pattern: re.Pattern[str] = KEY) -> str:
        if not isinstance(raw, str) or not pattern.match(raw):
            raise self.fail(path, "template.bad_key", value=quote(raw))
        return raw

    def number(self, raw: object, path: str, *, low: Number | None = None) -> Number:
        value = as_number(raw)
        if value is None or not -LIMIT <= value <= LIMIT:
            raise self.fail(
                path, "template.wrong_type", value=quote(raw), expected=type_name("number")
            )
        if not is_half_multiple(value):
            raise self.fail(path, "template.not_half", value=quote(raw))
        if low is not None and value < low:
            raise self.fail(path, "template.negative", value=quote(raw), limit=low)
        return normalize(value)

    def whole(self, raw: object, path: str, *, low: int | None = None) -> int:
        value = self.number(raw, path, low=low)
        if not isinstance(value, int):
            raise self.fail(
                path, "template.wrong_type", value=quote(raw), expected=type_name("whole")
            )
        return value

    def flag(self, raw: object, path: str) -> bool:
        if not isinstance(raw, bool):
            raise self.fail(
                path, "template.wrong_type", value=quote(raw), expected=type_name("bool")
            )
        return raw

    def choice(self, raw: object, path: str, allowed: tuple[str, ...], expected: str) -> str:
        if not isinstance(raw, str) or raw not in allowed:
            raise self.fail(
                path, "template.wrong_type", value=quote(raw), expected=type_name(expected)
            )
        return raw

    def bounds(self, data: dict[str, Any], path: str, *, whole: bool) -> tuple[Any, Any]:
        read = self.whole if whole else self.number
        low = read(data["min"], f"{path}.min") if "min" in data else None
        high = read(data["max"], f"{path}.max") if "max" in data else None
        if low is not None and high is not None and low > high:
            raise self.at(path, BadBounds(low, high))
        return low, high


def type_name(name: str) -> ScorepadError:
    """A type's name as a nested message, so that it renders in the reader's language."""
    return ScorepadError(f"type.{name}")
