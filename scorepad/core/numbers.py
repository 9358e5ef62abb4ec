"""Exact points: whole numbers stay ``int``; halves are ``Decimal``.

Scores on a sheet are always multiples of one half (Glass Road's quartz sand is the only
source of halves among the built-in games), so every value here is an ``int`` or a
``Decimal`` whose double is whole. Floats never enter: a JSON number with a fraction is
read as ``Decimal`` by the callers (``json.loads(..., parse_float=Decimal)``).
"""

from __future__ import annotations

from decimal import MAX_EMAX, MAX_PREC, MIN_EMIN, Context, Decimal, InvalidOperation

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
    """A number typed by a person: "12", " -3 ", "7,5" or "7.5", "−2"; else None."""
    cleaned = text.strip().replace(",", ".").replace("\u2212", "-")
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
    written to JSON is the same number, not an approximation.
    """
    value = normalize(value)
    if isinstance(value, int):
        return value
    as_float = float(value)
    if Decimal(as_float) != value:
        raise ValueError(f"{value!r} has no exact JSON form")
    return as_float
