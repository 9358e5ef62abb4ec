"""A JSON document read one element of its big array at a time (a history file's plays).

A history file is mostly its plays; decoding them one by one keeps memory flat, where
``json.loads`` would hold the whole document as Python objects at once. The standard
library has no streaming reader, so this one walks the top-level object by hand and lets
``json.JSONDecoder.raw_decode`` decode each member and each element. It knows JSON only:
what the elements mean is the readers' business (``jsonfile``, ``bgsplay``).
"""

from __future__ import annotations

import json
from codecs import BOM_UTF8, getincrementaldecoder
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from scorepad.store.errors import StoreError


def read_document(
    text: str,
    source: str,
    stream: str,
    *,
    whole: bool = False,
    needs: tuple[str, ...] = (),
    after: bool = False,
) -> tuple[dict[str, Any], Iterator[Any], int | None]:
    """A JSON object whose ``stream`` array is decoded one element at a time.

    A history file is mostly its plays; decoding them one by one keeps memory flat. When
    the array comes before the members in ``needs`` this raises ``Reordered`` at once, and
    when it is not the last member the iterator raises it at its end (with ``after``, the
    members after it are decoded into the head instead, once the array is read); either
    way the caller starts again with ``whole=True``. The third value is where the
    array's elements start in ``text`` when it is streamed (None otherwise).
    """
    if whole:
        try:
            data = json.loads(text, parse_float=Decimal)
        except (ValueError, RecursionError) as problem:
            raise StoreError(
                "store.import_unreadable", source=source, detail=_detail(problem)
            ) from None
        if not isinstance(data, dict):
            raise StoreError("store.import_unreadable", source=source, detail="not a JSON object")
        items = data.pop(stream, [])
        if not isinstance(items, list):
            raise StoreError("store.import_unreadable", source=source, detail=_not_list(stream))
        return data, iter(items), None
    decoder = json.JSONDecoder(parse_float=Decimal)
    try:
        pos = _skip(text, 0)
        _expect(text, pos, "{")
        pos = _skip(text, pos + 1)
        head: dict[str, Any] = {}
        while text[pos] != "}":
            key, pos = decoder.raw_decode(text, pos)
            pos = _skip(text, pos)
            _expect(text, pos, ":")
            pos = _skip(text, pos + 1)
            if key == stream:
                if text[pos] != "[":
                    raise ValueError(_not_list(stream))
                if not all(name in head for name in needs):
                    raise Reordered
                tail = head if after else None
                return head, _elements(decoder, text, pos + 1, source, tail), pos + 1
            head[key], pos = decoder.raw_decode(text, pos)
            pos = _skip(text, pos)
            if text[pos] == ",":
                pos = _skip(text, pos + 1)
        _trailing(text, pos + 1)
        return head, iter(()), None
    except (ValueError, IndexError, RecursionError) as problem:
        raise _unreadable(source, problem) from None


def _elements(
    decoder: json.JSONDecoder,
    text: str,
    pos: int,
    source: str,
    tail: dict[str, Any] | None = None,
) -> Iterator[Any]:
    try:
        pos = _skip(text, pos)
        if text[pos] == "]":
            pos += 1
        else:
            while True:
                item, pos = decoder.raw_decode(text, pos)
                yield item
                pos = _skip(text, pos)
                if text[pos] == "]":
                    pos += 1
                    break
                _expect(text, pos, ",")
                pos = _skip(text, pos + 1)
        pos = _skip(text, pos)
        while tail is not None and text[pos] == ",":  # the members after the array
            pos = _skip(text, pos + 1)
            key, pos = decoder.raw_decode(text, pos)
            pos = _skip(text, pos)
            _expect(text, pos, ":")
            tail[key], pos = decoder.raw_decode(text, _skip(text, pos + 1))
            pos = _skip(text, pos)
        if text[pos] != "}":  # more members after the array: decode the whole document
            raise Reordered
        _trailing(text, pos + 1)
    except (ValueError, IndexError, RecursionError) as problem:
        raise _unreadable(source, problem) from None


def _not_list(stream: str) -> str:
    return f'"{stream}" is not a list'


def _unreadable(source: str, problem: BaseException) -> StoreError:
    return StoreError("store.import_unreadable", source=source, detail=_detail(problem))


def decodes(data: bytes, piece: int = 1 << 20) -> bool:
    """Whether ``data`` is UTF-8 text, checked a piece at a time (no copy of it all)."""
    decoder = getincrementaldecoder("utf-8")()
    view = memoryview(data)
    try:
        for start in range(0, len(data), piece):
            decoder.decode(view[start : start + piece])
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return False
    return True


def head_text(data: bytes, size: int = 400) -> str:
    """The first ``size`` characters of UTF-8 ``data`` (a leading BOM left out)."""
    start = len(BOM_UTF8) if data.startswith(BOM_UTF8) else 0
    decoder = getincrementaldecoder("utf-8")(errors="replace")
    return decoder.decode(data[start : start + 4 * size])[:size]


class Reordered(Exception):
    """The streamed array was not the document's last member."""


def _skip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\r\n":
        pos += 1
    return pos


def _expect(text: str, pos: int, char: str) -> None:
    if text[pos] != char:
        raise ValueError(f"expected {char!r} at character {pos}")


def _trailing(text: str, pos: int) -> None:
    if _skip(text, pos) != len(text):
        raise ValueError(f"extra data at character {pos}")


def _detail(problem: BaseException) -> str:
    if isinstance(problem, IndexError):
        return "the file ends too soon"
    if isinstance(problem, RecursionError):
        return "lists and objects nested too deeply"
    return str(problem)
