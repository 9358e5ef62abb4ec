"""Tokens for invites and sessions: random, handed out once, kept only as their SHA-256.

A token is ``secrets.token_urlsafe(32)``: 43 characters of the URL-safe base64 alphabet.
Text of any other shape is refused before it is hashed or looked up.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

TOKEN_BYTES = 32
SHAPE = re.compile(r"[A-Za-z0-9_-]{43}")


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """What the history keeps of ``token``: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def well_formed(token: object) -> bool:
    return isinstance(token, str) and SHAPE.fullmatch(token) is not None


def same(kept: str, given: str) -> bool:
    """Two hashes compared in constant time."""
    return hmac.compare_digest(kept.encode("ascii"), given.encode("ascii"))
