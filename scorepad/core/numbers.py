"""Exact points: whole numbers stay ``int``; halves are ``Decimal``.

Scores on a sheet are always multiples of one half (Glass Road's quartz sand is the only
source of halves among the built-in games), so every value here is an ``int`` or a
``Decimal`` whose double is whole. Floats never enter: a JSON number with a fraction is
read as ``Decimal`` by the callers (``json.loads(..., parse_float=Decimal)``).
"""

from __future__ import annotations

import re
from decimal import MAX_EMAX, MAX_PREC, MIN_EMIN, Context, Decimal, InvalidOperation

from scorepad.core.errors import EntryError, quote

Number = int | Decimal
"""Points or an entered value: an ``int``, or a ``Decimal`` that is a multiple of 1/2."""

HALF = Decimal("0.5")


LIMIT: int = 1_000_000_000_000
"""No score on any sheet comes near this; larger entries (and lines worth more) are refused
as too large."""
TOTAL_LIMIT: int = 1_000_000_000_000_000
"""The largest total or tie-breaker value: every half up to it has an exact JSON (binary)
form, and its half-points fit the history's 64-bit columns."""

EXACT = Context(prec=MAX_PREC, Emax=MAX_EMAX, Emin=MIN_EMIN)
"""Decimal arithmetic that never rounds: with the default 28 digits,
0.5000000000000000000000000000001 would pass for a half and 1E+1000000 would overflow."""


def normalize(value: Number) -> Number:
    """Whole values become ``int`` so that they print and compare without noise."""
    if isinstance(value, Decimal):
        if value.adjusted() < 18 and value == value.to_integral_value():
            return int(value)
        return value.normalize(EXACT)
    return value


def is_half_multiple(value: Number) -> bool:
    if isinstance(value, int):
        return True
    doubled = EXACT.multiply(value, 2)
    return doubled == doubled.to_integral_value()


def as_number(raw: object) -> Number | None:
    """The exact number in ``raw`` (an int or a Decimal), else None.

    Text is not a number here (a sheet file with "5" in a count is a mistake worth
    reporting; typed text goes through ``parse_number``), and neither is a bool. Floats
    are accepted only when they hold a half multiple exactly (Python callers may pass
    one; JSON text is read as Decimal).
    """
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        return raw
    if isinstance(raw, Decimal):
        return normalize(raw) if raw.is_finite() else None
    if isinstance(raw, float):
        if raw != raw or raw in (float("inf"), float("-inf")):
            return None
        exact = Decimal(raw)
        return normalize(exact) if is_half_multiple(exact) else None
    return None


def parse_number(text: str) -> Number | None:
    """A number typed by a person: "12", " -3 ", "7,5" or "7.5", "−2", or a sum such as
    "3+6+2" (``scorepad.core.expressions``); else None."""
    value = plain_number(text)
    if value is not None or not looks_like_sum(text):
        return value
    try:
        return read_expression(text)
    except EntryError:
        return None


def plain_number(text: str) -> Number | None:
    """A plain number typed by a person: "12", " -3 ", "7,5" or "7.5", "−2"; else None."""
    stripped = text.strip()
    if _GROUPED.fullmatch(stripped.lstrip("+-\u2212")):
        return None  # ambiguous: the expression reader says why
    cleaned = stripped.replace(",", ".").replace("\u2212", "-")
    if not cleaned or cleaned.startswith(("+-", "-+")):
        return None
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        return None
    return normalize(value) if value.is_finite() else None


def format_points(value: Number) -> str:
    """``76`` → "76", ``Decimal("76.5")`` → "76.5", ``-3`` → "−3" is left to the caller."""
    value = normalize(value)
    if isinstance(value, int):
        return str(value)
    return format(value, "f")


def json_number(value: Number) -> int | float:
    """A JSON-ready number: whole numbers as int, halves as the exactly equal float.

    Every half multiple within range is exactly representable in binary, so the float
    written to JSON is the same number, not an approximation. A decimal that is not a
    half (a game's weight, 2.4575) is written as a float only when the float's shortest
    form, which JSON writes, is its own digits: read back as ``Decimal`` it is the same
    number again.
    """
    value = normalize(value)
    if isinstance(value, int):
        return value
    as_float = float(value)
    if Decimal(as_float) != value and Decimal(repr(as_float)) != value:
        raise ValueError(f"{value!r} has no exact JSON form")
    return as_float


# --- sums typed into a cell ------------------------------------------------------------
# Sums typed into a cell: "3+6+2", "4×3+1", "(2+3)*2", read exactly by a small parser.
#
# Never ``eval``: the text is split into numbers, operators and brackets by one regular
# expression and read by recursive descent, with limits on length and nesting, so that no
# input can take long or use much memory. Arithmetic is exact (``int`` and ``Decimal``, never
# float): ``+ - × *`` are always exact; ``÷ /`` are allowed only where the quotient is a whole
# number or an exact half. Every number and every intermediate result stays within the
# sheet's bound for one line (10¹²).
#
# Grammar (spaces anywhere between tokens)::
#
#     sum     := product (("+" | "-") product)*
#     product := signed (("*" | "×" | "/" | "÷") signed)*
#     signed  := ("+" | "-")* atom
#     atom    := number | "(" sum ")"
#     number  := digits [("." | ",") digits] | ("." | ",") digits

MAX_LENGTH = 200
"""The longest expression read: a sum anyone types into one cell is far shorter."""
MAX_DEPTH = 20
"""The deepest nesting of brackets."""

_GROUPED = re.compile(r"\d{1,3},\d{3}")
"""A comma before exactly three digits ("1,000"): a thousand in English, one in Spanish.
Refused as ambiguous rather than read one way silently."""
_TOKEN = re.compile(r"\s*(?:(\d+(?:[.,]\d*)?|[.,]\d+)|([-+*/()×÷\u2212]))")
_ALPHABET = re.compile(r"[\d\s.,+\-*/()×÷\u2212]+")
_SUM_ONLY = frozenset("+-*/×÷\u2212()")
"""Characters that make text a sum rather than a plain number (a sign alone is read by
``plain_number`` first)."""


def read_expression(text: str) -> Number:
    """The exact value of ``text``: a plain number as ``parse_number`` reads it, or a sum.

    Raises ``EntryError`` saying what is wrong: not a number at all, broken, too long,
    nested too deep, a division that is not whole or half, or a value too large.
    """
    plain = plain_number(text)
    if plain is not None:
        return plain
    stripped = text.strip()
    bare = stripped.lstrip("+-\u2212")
    if _GROUPED.fullmatch(bare):
        raise EntryError("entry.ambiguous_comma", value=quote(bare), whole=bare.replace(",", ""))
    if not looks_like_sum(stripped):
        raise EntryError("entry.not_number", value=quote(stripped))
    if len(stripped) > MAX_LENGTH:
        raise EntryError("expr.too_long", value=quote(stripped), limit=MAX_LENGTH)
    return _Parser(stripped).value()


def looks_like_sum(text: str) -> bool:
    """Whether ``text`` is made only of a sum's characters and holds an operator: what the
    app may keep as typed and show as its result."""
    stripped = text.strip()
    return bool(_ALPHABET.fullmatch(stripped)) and any(c in _SUM_ONLY for c in stripped)


class _Parser:
    __slots__ = ("depth", "position", "text", "tokens")

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = self._split(text)
        self.position = 0
        self.depth = 0

    def _split(self, text: str) -> list[tuple[str, str]]:
        tokens: list[tuple[str, str]] = []
        at = 0
        end = len(text)
        while at < end:
            found = _TOKEN.match(text, at)
            if found is None or found.end() == at:
                if text[at:].strip() == "":
                    break
                raise self.broken()
            number, operator = found.groups()
            if number is not None:
                tokens.append(("n", number))
            else:
                sign = "-" if operator == "\u2212" else operator
                tokens.append(("o", "*" if sign == "×" else "/" if sign == "÷" else sign))
            at = found.end()
        return tokens

    def broken(self) -> EntryError:
        return EntryError("expr.syntax", value=quote(self.text))

    def peek(self) -> str | None:
        if self.position < len(self.tokens):
            kind, token = self.tokens[self.position]
            return token if kind == "o" else "n"
        return None

    def value(self) -> Number:
        result = self.sum()
        if self.position != len(self.tokens):
            raise self.broken()
        return normalize(result)

    def sum(self) -> Number:
        total = self.product()
        while (token := self.peek()) in ("+", "-"):
            self.position += 1
            right = self.product()
            total = self.bounded(_exact_add(total, right if token == "+" else -right))
        return total

    def product(self) -> Number:
        result = self.signed()
        while (token := self.peek()) in ("*", "/"):
            self.position += 1
            right = self.signed()
            if token == "*":
                result = self.bounded(_exact_multiply(result, right))
            else:
                result = self.bounded(self.divide(result, right))
        return result

    def signed(self) -> Number:
        negative = False
        while (token := self.peek()) in ("+", "-"):
            self.position += 1
            negative ^= token == "-"
        value = self.atom()
        return -value if negative else value

    def atom(self) -> Number:
        token = self.peek()
        if token == "n":
            raw = self.tokens[self.position][1]
            self.position += 1
            if _GROUPED.fullmatch(raw):
                whole = raw.replace(",", "")
                raise EntryError("entry.ambiguous_comma", value=quote(raw), whole=whole)
            value = normalize(Decimal(raw.replace(",", ".")))
            return self.bounded(value)
        if token == "(":
            self.position += 1
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise EntryError("expr.too_deep", value=quote(self.text), limit=MAX_DEPTH)
            inner = self.sum()
            if self.peek() != ")":
                raise self.broken()
            self.position += 1
            self.depth -= 1
            return inner
        raise self.broken()

    def divide(self, left: Number, right: Number) -> Number:
        if right == 0:
            raise EntryError("expr.divide_by_zero", value=quote(self.text))
        if isinstance(left, int) and isinstance(right, int) and left % right == 0:
            return left // right
        # exact when the quotient is a half multiple: 2 × left ÷ right is then whole
        doubled = EXACT.multiply(Decimal(left), 2)
        whole, rest = EXACT.divmod(doubled, Decimal(right))
        if rest != 0:
            raise EntryError(
                "expr.not_exact",
                value=quote(self.text),
                a=quote(normalize(left)),
                b=quote(normalize(right)),
            )
        quotient = normalize(EXACT.divide(whole, 2))
        assert is_half_multiple(quotient)
        return quotient

    def bounded(self, value: Number) -> Number:
        if not -LIMIT <= value <= LIMIT:
            raise EntryError("entry.too_large", value=quote(self.text))
        return value


def _exact_add(a: Number, b: Number) -> Number:
    if isinstance(a, int) and isinstance(b, int):
        return a + b
    return normalize(EXACT.add(Decimal(a), Decimal(b)))


def _exact_multiply(a: Number, b: Number) -> Number:
    if isinstance(a, int) and isinstance(b, int):
        return a * b
    return normalize(EXACT.multiply(Decimal(a), Decimal(b)))
