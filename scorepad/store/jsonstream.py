"""A JSON document read one element of its big array at a time (a history file's plays).

A history file is mostly its plays; decoding them one by one keeps memory flat, where
``json.loads`` would hold the whole document as Python objects at once. The standard
library has no streaming reader, so this one walks the top-level object by hand and lets
``json.JSONDecoder.raw_decode`` decode each member and each element. It knows JSON only:
what the elements mean is the readers' business (``jsonfile``, ``bgsplay``).
"""

from __future__ import annotations

import json
import re
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


CHUNK = 1 << 20
"""Characters read from a file at a time when its document is streamed from the file."""


class _Window:
    """The part of a UTF-8 file being decoded: what was read and not yet consumed, read
    on a chunk at a time, so the whole text is never in memory."""

    def __init__(self, handle: Any) -> None:
        self.handle = handle
        self.text = ""
        self.pos = 0
        self.ended = False

    def more(self) -> bool:
        if self.ended:
            return False
        chunk = self.handle.read(CHUNK)
        self.text = self.text[self.pos :] + chunk
        self.pos = 0
        self.ended = not chunk
        return bool(chunk)

    def peek(self) -> str:
        """The next character after blanks (IndexError at the end of the file)."""
        while True:
            self.pos = _skip(self.text, self.pos)
            if self.pos < len(self.text) or not self.more():
                return self.text[self.pos]

    def expect(self, char: str) -> None:
        if self.peek() != char:
            raise ValueError(f"expected {char!r}")
        self.pos += 1

    def value(self, decoder: json.JSONDecoder) -> Any:
        """The next JSON value, reading on until it is whole (a number is whole only when
        something follows it)."""
        if self.pos >= len(self.text) or self.text[self.pos] in " \t\r\n":
            self.peek()
        scan = decoder.scan_once  # type: ignore[attr-defined]  # ``raw_decode``'s own
        while True:
            try:
                found, end = scan(self.text, self.pos)
            except (ValueError, StopIteration):
                if self.more():
                    continue
                decoder.raw_decode(self.text, self.pos)  # raises, in the decoder's words
                raise
            if end == len(self.text) and self.more():
                continue
            self.pos = end
            return found


def read_file(
    path: str | Any,
    source: str,
    stream: str,
    *,
    needs: tuple[str, ...] = (),
    after: bool = False,
    first_key: str | None = None,
) -> tuple[dict[str, Any], Iterator[Any]]:
    """``read_document`` on a file, read a chunk at a time: the ``stream`` array's
    elements decoded one by one, the members before it in the head (and, with ``after``,
    those after it once the array is read). ``Reordered`` as ``read_document`` raises it.
    ``first_key``: the member elements usually begin with (BG Stats' plays: "uuid"), by
    which runs of them are found and decoded in one call (``_run``), however the file
    lays them out (compact, spaced, indented)."""
    decoder = json.JSONDecoder(parse_float=Decimal)
    handle = open(path, encoding="utf-8-sig", newline="")  # noqa: SIM115 (closed by the reader)
    window = _Window(handle)
    try:
        window.expect("{")
        head: dict[str, Any] = {}
        while window.peek() != "}":
            key = window.value(decoder)
            window.expect(":")
            if key == stream:
                if window.peek() != "[":
                    raise ValueError(_not_list(stream))
                if not all(name in head for name in needs):
                    raise Reordered
                window.pos += 1
                tail = head if after else None
                pattern = None if first_key is None else _joint_pattern(first_key)
                return head, _file_elements(decoder, window, source, tail, pattern)
            head[key] = window.value(decoder)
            if window.peek() == ",":
                window.pos += 1
        handle.close()
        return head, iter(())
    except (ValueError, IndexError, RecursionError, UnicodeDecodeError) as problem:
        handle.close()
        raise _unreadable(source, problem) from None
    except BaseException:
        handle.close()
        raise


def _joint_pattern(first_key: str) -> re.Pattern[str]:
    """What lies between one element and the next that begins with ``first_key``: the
    closing brace, the comma and the next element's opening up to its first key's colon,
    with whatever blanks the file puts there (none in BG Stats' compact export, a space
    after each comma and colon as Python's ``json.dumps`` writes, line breaks and
    indentation when pretty-printed)."""
    return re.compile(r"\}\s*,\s*\{\s*" + re.escape(json.dumps(first_key)) + r"\s*:")


RUN = 1 << 15
"""Characters of the window a run of elements is looked for in (``_run``)."""
APART = 64
"""Elements decoded one by one after a run that did not decode, before the next run."""


def _run(decoder: json.JSONDecoder, window: _Window, joint: str) -> list[Any] | None:
    """The elements from the window's position to the last ``joint`` (the end of one
    element and the start of the next, as the file writes it: ``_file_elements`` learns
    it from the first two) within ``RUN`` characters, decoded in one call as the list
    they are part of (fewer calls, and the decoder makes each key once for all of them),
    the window moved past them and their comma (read on first when the window ran out
    before a joint: otherwise the next ``APART`` elements were decoded one by one at
    every chunk's end); None, the window at the same element, when there is no such
    joint or the text up to it is not whole elements (the joint was inside a text, or
    the elements are laid out otherwise)."""
    text, pos = window.text, window.pos
    end = text.rfind(joint, pos, pos + RUN)
    if end <= pos and len(text) - pos < RUN and window.more():  # read on: the window ran out
        text, pos = window.text, window.pos
        end = text.rfind(joint, pos, pos + RUN)
    if end <= pos:
        return None
    run = "[" + text[pos : end + 1] + "]"
    try:
        found, used = decoder.scan_once(run, 0)  # type: ignore[attr-defined]
    except (ValueError, StopIteration, RecursionError):
        return None
    if used != len(run):
        return None
    window.pos = end + joint.index("{")  # the next element's "{"
    return found


def _file_elements(
    decoder: json.JSONDecoder,
    window: _Window,
    source: str,
    tail: dict[str, Any] | None,
    pattern: re.Pattern[str] | None = None,
) -> Iterator[Any]:
    joint: str | None = None
    """The text between two elements as this file writes it (``pattern``), once met."""
    try:
        if window.peek() == "]":
            window.pos += 1
        else:
            apart = 0
            while True:
                if joint is not None and not apart:
                    run = _run(decoder, window, joint)
                    if run is not None:
                        yield from run
                        continue
                    apart = APART
                if apart:
                    apart -= 1
                yield window.value(decoder)
                pos = window.pos
                if joint is None and pattern is not None:
                    met = pattern.match(window.text, pos - 1)  # from the element's "}"
                    if met is not None:
                        joint = met.group()
                if pos < len(window.text) and window.text[pos] == ",":  # compact JSON
                    window.pos = pos + 1
                    continue
                if window.peek() == "]":
                    window.pos += 1
                    break
                window.expect(",")
        while tail is not None and window.peek() == ",":
            window.pos += 1
            key = window.value(decoder)
            window.expect(":")
            tail[key] = window.value(decoder)
        if window.peek() != "}":
            raise Reordered
        window.pos += 1
        while True:  # nothing but blanks after the document
            window.pos = _skip(window.text, window.pos)
            if window.pos < len(window.text):
                raise ValueError("extra data after the document")
            if not window.more():
                break
    except (ValueError, IndexError, RecursionError, UnicodeDecodeError) as problem:
        raise _unreadable(source, problem) from None
    finally:
        window.handle.close()
