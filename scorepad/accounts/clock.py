"""The accounts' time: UTC, kept without its zone (as every time in the history)."""

from __future__ import annotations

from datetime import UTC, datetime


def utc_now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def or_now(now: datetime | None) -> datetime:
    """``now`` as given (the tests' clock), else this moment."""
    return utc_now() if now is None else now
