"""Passwords: argon2id with argon2-cffi's defaults, checked, and hashed again whenever
those defaults have changed since a hash was made.

A new password has at least ``MIN_LENGTH`` characters (and at most ``MAX_LENGTH``, so
that nobody makes the server hash a megabyte). Only the hash is ever kept.
"""

from __future__ import annotations

from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from scorepad.accounts.errors import AccountError

MIN_LENGTH = 12
MAX_LENGTH = 1024


@cache
def hasher() -> PasswordHasher:
    return PasswordHasher()


def check_new(password: str) -> str:
    """``password`` if it may be chosen, else an AccountError saying why."""
    if len(password) < MIN_LENGTH:
        raise AccountError("accounts.password_short", minimum=MIN_LENGTH, length=len(password))
    if len(password) > MAX_LENGTH:
        raise AccountError("accounts.password_long", maximum=MAX_LENGTH)
    return password


def hash_password(password: str) -> str:
    return hasher().hash(check_new(password))


def verify(hashed: str | None, password: str) -> bool:
    """Whether ``password`` is the one ``hashed`` was made from. With no hash (nobody of
    that name) a hash is still checked, so that the answer takes as long either way."""
    if len(password) > MAX_LENGTH:
        return False
    try:
        return hasher().verify(hashed or _nobody(), password) and hashed is not None
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(hashed: str) -> bool:
    """The hash was made with other parameters than today's defaults."""
    try:
        return hasher().check_needs_rehash(hashed)
    except InvalidHashError:
        return True


@cache
def _nobody() -> str:
    return hasher().hash("nobody has this password, it is never given out")
