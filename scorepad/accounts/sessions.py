"""Sessions: a signed-in device holds a token; the history keeps its SHA-256.

A session lasts ``LASTS`` from the last time it was seen (sliding): looking it up moves
``last_seen`` and its end, at most once every ``TOUCH_EVERY`` (a page's every request
would otherwise be a write). A revoked or expired session, or a disabled member's, is
not found. "Sign out everywhere" revokes every session of the member.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import scorepad.accounts.tokens as tokens
from scorepad.accounts.audit import record
from scorepad.accounts.clock import or_now
from scorepad.store import AccountRows, MemberRow, SessionRow, Store

LASTS = timedelta(days=30)
TOUCH_EVERY = timedelta(minutes=5)


def open_session(rows: AccountRows, member: MemberRow, now: datetime) -> str:
    """A new session for ``member``, in the caller's transaction: its token, given once."""
    token = tokens.new_token()
    rows.add_session(tokens.token_hash(token), member.id, now, now + LASTS)
    return token


def _live(rows: AccountRows, token: str, now: datetime) -> tuple[SessionRow, MemberRow] | None:
    if not tokens.well_formed(token):
        return None
    digest = tokens.token_hash(token)
    session = rows.session(digest)
    if session is None or not tokens.same(session.token_hash, digest):
        return None
    if session.revoked_at is not None or session.expires_at <= now:
        return None
    member = rows.member(session.member_id)
    if member is None or member.disabled_at is not None:
        return None
    return session, member


def session_member(store: Store, token: str, *, now: datetime | None = None) -> MemberRow | None:
    """The member signed in with ``token``, or None; the session slides on."""
    at = or_now(now)
    found = store.accounts(lambda rows: _live(rows, token, at), write=False)
    if found is None:
        return None
    session, member = found
    if at - session.last_seen < TOUCH_EVERY:
        return member

    def touch(rows: AccountRows) -> MemberRow | None:
        again = _live(rows, token, at)  # revoked meanwhile: not found after all
        if again is None:
            return None
        rows.touch_session(again[0].id, at, at + LASTS)
        return again[1]

    return store.accounts(touch)


def sign_out(store: Store, token: str, *, now: datetime | None = None) -> bool:
    """End the session of ``token`` (False: there was none to end)."""
    at = or_now(now)

    def work(rows: AccountRows) -> bool:
        found = _live(rows, token, at)
        if found is None:
            return False
        session, member = found
        rows.revoke_session(session.id, at)
        record(rows, at, member.group_id, member.id, "sign_out")
        return True

    return store.accounts(work)


def sign_out_everywhere(store: Store, member_id: int, *, now: datetime | None = None) -> int:
    """End every session of the member: how many were open."""
    at = or_now(now)

    def work(rows: AccountRows) -> int:
        member = rows.member(member_id)
        if member is None:
            return 0
        ended = rows.revoke_sessions(member_id, at)
        record(rows, at, member.group_id, member.id, "sign_out_everywhere", sessions=ended)
        return ended

    return store.accounts(work)
