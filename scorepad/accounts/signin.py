"""Signing in with a group, a name and a password.

The try is counted against the member and the address before the password is checked
(``slowing``), and the password checked outside the history's transactions (argon2 takes
a while). A wrong group, name or password, or a disabled member, is one refusal, said
alike and taking as long; a right one opens a session, hashes the password again if
argon2's defaults changed since, and is written to the audit log.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import scorepad.accounts.passwords as passwords
import scorepad.accounts.slowing as slowing
from scorepad.accounts.audit import record
from scorepad.accounts.clock import or_now
from scorepad.accounts.errors import SignInRefused
from scorepad.accounts.lookup import name_key
from scorepad.accounts.sessions import open_session
from scorepad.core.slowing import network_key
from scorepad.store import AccountRows, MemberRow, Store


@dataclass(frozen=True)
class SignedIn:
    token: str
    """The session's token, for the device's cookie; given once, never kept."""
    member: MemberRow


@dataclass(frozen=True)
class _Tried:
    group_id: int | None
    member: MemberRow | None
    hashed: str | None
    keys: list[str]


def sign_in_with_password(
    store: Store,
    group: str,
    name: str,
    password: str,
    *,
    address: str | None,
    now: datetime | None = None,
) -> SignedIn:
    """A session for the member, or SignInRefused / SlowedDown."""
    at = or_now(now)

    def count(rows: AccountRows) -> _Tried:
        found = rows.group_named(" ".join(group.split()))
        member = rows.member_named(found.id, name_key(name)) if found else None
        if member is not None and member.disabled_at is not None:
            member = None
        tried = slowing.keys(member.id if member else None, address)
        slowing.count_try(rows, tried, at)
        hashed = rows.password_hash(member.id) if member else None
        return _Tried(found.id if found else None, member, hashed, tried)

    tried = store.accounts(count)
    ok = passwords.verify(tried.hashed, password)
    rehashed = None
    if ok and tried.hashed is not None and passwords.needs_rehash(tried.hashed):
        rehashed = passwords.hasher().hash(password)
    where = network_key(address)

    def finish(rows: AccountRows) -> SignedIn | None:
        member = tried.member
        if not ok or member is None:
            if tried.group_id is not None:
                who = member.id if member else None
                record(rows, at, tried.group_id, who, "sign_in_refused", network=where)
            return None
        still = rows.member(member.id)
        if still is None or still.disabled_at is not None:  # disabled meanwhile
            return None
        slowing.right(rows, f"member:{member.id}", tried.keys[0], at)
        if rehashed is not None:
            rows.set_password(member.id, rehashed, at)
        token = open_session(rows, still, at)
        record(rows, at, member.group_id, member.id, "sign_in", method="password", network=where)
        return SignedIn(token, still)

    done = store.accounts(finish)
    if done is None:
        raise SignInRefused()
    return done


def signed_in(
    store: Store,
    member: MemberRow,
    *,
    method: str,
    address: str | None,
    now: datetime | None = None,
) -> SignedIn:
    """A session for a member who has just shown who they are another way (an invite
    taken, a passkey), written to the audit log as a sign-in by ``method``."""
    at = or_now(now)
    where = network_key(address)

    def work(rows: AccountRows) -> SignedIn:
        still = rows.member(member.id)
        if still is None or still.disabled_at is not None:
            raise SignInRefused()
        token = open_session(rows, still, at)
        record(rows, at, still.group_id, still.id, "sign_in", method=method, network=where)
        return SignedIn(token, still)

    return store.accounts(work)
