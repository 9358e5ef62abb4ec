"""Conversions at the store's edge: exact points ↔ half-points, entries ↔ JSON text.

No float is ever stored: points become whole numbers of halves, and entry values are kept
as JSON text read back with ``parse_float=Decimal``.
"""

from __future__ import annotations

import hashlib
import json
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from scorepad.core import GameTemplate, load_template
from scorepad.core.errors import quote
from scorepad.core.numbers import Number, json_number, normalize
from scorepad.core.plaintext import blank, name_problem, unfit_char
from scorepad.store.errors import StoreError


def to_halves(value: Number) -> int:
    doubled = value * 2
    if doubled != int(doubled):
        raise ValueError(f"{value!r} is not a multiple of one half")
    return int(doubled)


def from_halves(halves: int) -> Number:
    if halves % 2 == 0:
        return halves // 2
    return normalize(Decimal(halves) / 2)


def average(sum_halves: int | None, count: int) -> Decimal | None:
    """An exact mean of half-points, shown to two decimals."""
    if not count or sum_halves is None:
        return None
    return rounded(Decimal(int(sum_halves)) / (2 * count))


def whole_average(total: int | None, count: int) -> int | None:
    """An exact mean of whole numbers (minutes), to the nearest whole, halves up."""
    if not count or total is None:
        return None
    return int((Decimal(int(total)) / count).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def rounded(value: Decimal) -> Decimal:
    """Two decimals, halves rounded up, as people round by hand (51.625 → 51.63)."""
    return value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def _exact(value: object) -> object:
    if isinstance(value, Decimal):
        return json_number(value)
    raise TypeError(f"{value!r} cannot be stored")


_ENCODE = json.encoder.c_make_encoder(  # type: ignore[attr-defined]
    None, _exact, json.encoder.encode_basestring, None, ":", ",", False, False, True
)
"""``json.JSONEncoder(default=_exact, ensure_ascii=False, separators=(",", ":"),
check_circular=False)``'s own C encoder, made once: ``encode`` makes one per call (with
a closure and a markers dict), a fifth of the time of a play's small ``imported`` text.
What is stored is never circular (decoded JSON and the store's own values)."""
_DECODER = json.JSONDecoder(parse_float=Decimal)
"""One for every entry and play: ``json.loads`` with options builds a new one per call,
which was a tenth of an import's time."""


def dump(value: object) -> str:
    """Compact JSON text for an entry, a tie-break list or a template."""
    return "".join(_ENCODE(value, 0))


def load(text: str) -> Any:
    return _DECODER.decode(text)


def canonical(source: dict[str, object]) -> str:
    return json.dumps(
        source, default=_exact, ensure_ascii=False, sort_keys=True, separators=(",", ":")
    )


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def snapshot_template(source_text: str, name: str) -> GameTemplate:
    return load_template(load(source_text), name)


def name_key(name: str) -> str:
    """Names compare without case and extra spaces: "ana  garcía" is "Ana García"."""
    return " ".join(name.split()).casefold()


def clean_name(name: object) -> str:
    """A new player's name as the history keeps it (runs of spaces made one), checked by
    the rules every sheet's names follow (``scorepad.core.plaintext``)."""
    if not isinstance(name, str) or blank(name):
        raise StoreError("store.bad_name")
    problem = name_problem(name)
    if problem is not None:
        raise StoreError("store.bad_player_name", problem=problem)
    return " ".join(name.split())


UID_LENGTH = 64
"""The play table's uid column."""


def check_uid(uid: str) -> str:
    """A play's stable id from a file: 1 to 64 characters of plain text."""
    if not uid.strip() or len(uid) > UID_LENGTH or unfit_char(uid) is not None:
        raise StoreError("store.bad_uid", value=quote(uid), limit=UID_LENGTH)
    return uid


def shown(text: str) -> str:
    """Text from a file (an id, a key) as a message may show it: as is when it is plain and
    short, else quoted, escaped and shortened."""
    return text if len(text) <= UID_LENGTH and unfit_char(text) is None else quote(text)


def parse_when(value: object) -> datetime:
    """A datetime from a datetime, a date or ISO text ("2024-05-01", "2024-05-01T20:30")."""
    if isinstance(value, datetime):
        return value.replace(tzinfo=None)
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day)
    if isinstance(value, str):
        text = value.strip().replace(" ", "T", 1)
        try:
            return datetime.fromisoformat(text).replace(tzinfo=None)
        except ValueError:
            pass
    raise StoreError("store.bad_date", value=quote(value))


def iso(value: datetime) -> str:
    return value.isoformat(timespec="seconds") if not value.microsecond else value.isoformat()
