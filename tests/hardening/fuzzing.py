"""Hypothesis strategies for hostile files, and the checks every outcome must pass.

Documents are built as Python values and written as JSON text by ``write``, which can
also write what ``json.dumps`` cannot: raw number literals (``1e1000000``, ``NaN``, 5,000
digits), objects with a key twice, and nesting thousands of levels deep. ``mutations``
takes a valid document (a built-in sheet, game or export) and breaks it in a few places.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any
from unittest import mock

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

import scorepad.cli
from scorepad.core import ScorepadError

FUZZ = settings(
    max_examples=int(os.environ.get("SCOREPAD_FUZZ_EXAMPLES", "60")),
    deadline=None,
    derandomize=not os.environ.get("SCOREPAD_FUZZ_RANDOM"),
    database=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
        HealthCheck.function_scoped_fixture,
    ],
)
"""Reproducible (the same examples on every run and in CI) and quick. For a longer hunt:
SCOREPAD_FUZZ_EXAMPLES=1000 SCOREPAD_FUZZ_RANDOM=1 python -m pytest tests/hardening"""


@dataclass(frozen=True)
class Raw:
    """A JSON literal written as is: ``1e1000000``, ``NaN``, ``-0.0``."""

    text: str


@dataclass(frozen=True)
class Pairs:
    """An object whose members are written in this order, a key possibly twice."""

    items: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class Deep:
    """``depth`` nested arrays (or objects) around ``inner``."""

    depth: int
    inner: Any = None
    objects: bool = False


def write(value: Any) -> str:
    """JSON text of ``value`` (see the classes above for what plain JSON cannot say)."""
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, Deep):
        if value.objects:
            return '{"a":' * value.depth + write(value.inner) + "}" * value.depth
        return "[" * value.depth + write(value.inner) + "]" * value.depth
    if isinstance(value, Pairs):
        return "{" + ",".join(f"{json.dumps(k)}:{write(v)}" for k, v in value.items) + "}"
    if isinstance(value, dict):
        return "{" + ",".join(f"{json.dumps(str(k))}:{write(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ",".join(write(v) for v in value) + "]"
    if isinstance(value, Decimal):
        return str(value)
    return json.dumps(value)  # strings keep lone surrogates as \ud800 escapes


NASTY_NUMBERS = [
    "NaN",
    "Infinity",
    "-Infinity",
    "-0",
    "-0.0",
    "0.5",
    "1.5",
    "2.25",
    "1e3",
    "1E+2",
    "5.0",
    "1e1000000",
    "-1e999999999",
    "1e-1000000",
    "0.5000000000000000000000000000001",
    "0.50000000000000000000000000000000",
    "999999999999",
    "1000000000000",
    "1000000000001",
    "999999999999.5",
    "9223372036854775807",
    "-9223372036854775809",
    "123456789012345678901234567890.5",
    "1" + "0" * 4400,
    "3" * 300,
]

HOSTILE_TEXT = [
    "",
    " ",
    "\t",
    "\u200b",
    "A\x00B",
    "\x1b[31mred\x1b[0m",
    "two\nlines",
    "tab\there",
    "\ud800",
    "x\udfff",
    "Robert'); DROP TABLE play;--",
    "<script>alert(1)</script>",
    "{name} %s {0}",
    "محمد",
    "שָׁלוֹם",
    "🎲👩‍👩‍👧",
    "Zoë",
    "王小明",
    "\u202eevil",
    "W" * 300,
    "ﬃ" * 70,
]

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.sampled_from(NASTY_NUMBERS).map(Raw),
    st.floats(allow_nan=True, allow_infinity=True).map(lambda f: Raw(json.dumps(f))),
    st.text(max_size=12),
    st.sampled_from(HOSTILE_TEXT),
)
"""Any JSON scalar, from the ordinary to the hostile."""

json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=8) | st.sampled_from(HOSTILE_TEXT), inner, max_size=4)
    ),
    max_leaves=12,
)
"""Any small JSON document."""

deep = st.builds(
    Deep, st.sampled_from([40, 400, 950, 990, 1100, 3000, 100_000]), scalars, st.booleans()
)


def paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a document: keys of objects, indexes of arrays."""
    found = [here]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*here, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*here, index))
    return found


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def _replace(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    """A copy of ``value`` with the item at ``path`` replaced (``DROP`` removes it)."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    copy = dict(value) if isinstance(value, dict) else list(value)
    inner = _replace(copy[head], rest, new)
    if inner is DROP:
        del copy[head]
    else:
        copy[head] = inner
    return copy


DROP = object()


HOW = [
    "drop",
    "retype",
    "number",
    "float",
    "deep",
    "duplicate",
    "text",
    "unknown",
    "as_text",
    "grow",
    *["other"] * 6,
]
"""Ways to break a place; "other" (another value of the same type) most often, as it keeps
many documents valid and so exercises the paths that accept them."""


@st.composite
def mutated(draw: st.DrawFn, document: Any) -> Any:
    """``document`` (parsed JSON) with one to three places broken."""
    for _ in range(draw(st.integers(1, 2))):
        places = paths(document)
        path = draw(st.sampled_from(places))
        current = _get(document, path)
        how = draw(st.sampled_from(HOW))
        new: Any
        if how == "other" and isinstance(current, int) and not isinstance(current, bool):
            new = draw(st.integers(-3, 12) | st.sampled_from(NASTY_NUMBERS).map(Raw))
        elif how == "other" and isinstance(current, str):
            new = draw(st.text(min_size=1, max_size=12) | st.sampled_from(HOSTILE_TEXT))
        elif how == "drop":
            new = DROP if path else {}
        elif how == "retype":
            new = draw(json_values)
        elif how == "number":
            new = Raw(draw(st.sampled_from(NASTY_NUMBERS)))
        elif how == "float":
            new = (
                Raw(f"{current}.0")
                if isinstance(current, int) and not isinstance(current, bool)
                else Raw("7.5")
            )
        elif how == "deep":
            new = draw(deep)
        elif how == "duplicate" and isinstance(current, dict) and current:
            key = draw(st.sampled_from(sorted(current)))
            other = draw(json_values)
            items = list(current.items())
            at = draw(st.integers(0, len(items)))
            items.insert(at, (key, other))
            new = Pairs(tuple(items))
        elif how == "text" or (how == "duplicate" and isinstance(current, str)):
            new = draw(st.sampled_from(HOSTILE_TEXT) | st.text(max_size=20))
        elif how == "unknown" and isinstance(current, dict):
            new = {**current, draw(st.sampled_from(["extra", "pre", "Lines", "🙂"])): 1}
        elif how == "as_text" and isinstance(current, int | Decimal) and current is not True:
            new = str(current)
        elif how == "grow" and isinstance(current, list) and current:
            new = current * draw(st.sampled_from([2, 30]))
        else:
            new = draw(json_values)
        document = _replace(document, path, new)
        if isinstance(document, Raw | Pairs | Deep):  # the root itself was replaced
            break
        if _holds_special(document):
            break  # paths() cannot walk into Raw/Pairs/Deep: stop mutating here
    return document


def _holds_special(value: Any) -> bool:
    if isinstance(value, Raw | Pairs | Deep):
        return True
    if isinstance(value, dict):
        return any(_holds_special(v) for v in value.values())
    if isinstance(value, list):
        return any(_holds_special(v) for v in value)
    return False


@st.composite
def broken_text(draw: st.DrawFn, text: str) -> str:
    """A valid file's text, cut, spliced or sprinkled with stray characters."""
    how = draw(st.sampled_from(["cut", "insert", "delete", "bom", "trailing"]))
    at = draw(st.integers(0, len(text)))
    if how == "cut":
        return text[:at]
    if how == "insert":
        return text[:at] + draw(st.sampled_from(["}", "]", ",", '"', "\\", "\x00", "\ud800", "é"]))
    if how == "delete":
        return text[:at] + text[at + 1 :]
    if how == "bom":
        return "\ufeff" + text
    return text + draw(st.sampled_from(["\n", "x", "{}", "\x00"]))


files = st.one_of(
    st.binary(max_size=200).map(lambda b: b.decode("utf-8", errors="surrogateescape")),
    st.text(max_size=200),
    json_values.map(write),
    deep.map(write),
)
"""Text that is not a valid file of any kind (random bytes as they would be decoded, random
text, random JSON)."""


# --- what every outcome must satisfy --------------------------------------------------------


def plain_line(text: str) -> bool:
    """One line of text a terminal shows as is: no control character, no lone surrogate."""
    return all(
        unicodedata.category(char) not in ("Cc", "Cs", "Zl", "Zp") for char in text
    ) and bool(text.strip())


def assert_clear(error: ScorepadError) -> None:
    """A refusal people can read: one plain line in each language."""
    for lang in ("en", "es"):
        message = error.message(lang)
        assert plain_line(message), (lang, message)
        message.encode("utf-8")


_PARSER = scorepad.cli.build_parser()


def cli(*argv: str) -> tuple[int, str, str]:
    """``scorepad`` run in-process: (status, output, errors). Any other exception escapes,
    so a traceback fails the test. The parser is built once (it takes 60 ms) and reused."""
    out, err = io.StringIO(), io.StringIO()
    status: int | str | None
    with (
        mock.patch.object(scorepad.cli, "build_parser", lambda command=None: _PARSER),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        try:
            status = scorepad.cli.main(list(argv))
        except SystemExit as leaving:
            status = leaving.code
    assert isinstance(status, int), status
    return status, out.getvalue(), err.getvalue()


def assert_cli_outcome(result: tuple[int, str, str]) -> None:
    """Status 0 with output, or status 2 and one line ``scorepad: …`` (no traceback)."""
    status, out, err = result
    out.encode("utf-8")  # a real terminal must be able to show it
    if status == 0:
        assert out and not err, (out, err)
        return
    assert status == 2, (status, err)
    assert out == "", out
    assert err.startswith("scorepad: ") and err.endswith("\n"), err
    assert plain_line(err[:-1]), err
    assert "Traceback" not in err


def outcome(work: Callable[[], Any]) -> Any:
    """The result of ``work``, or None when it refused with a clear ScorepadError."""
    try:
        return work()
    except ScorepadError as error:
        assert_clear(error)
        return None
