"""Invites: a one-time link an owner sends, and what taking it does.

``make_invite`` returns the token once, inside the link; the history keeps its SHA-256.
``take_invite`` checks, in one transaction, that the invite exists, is not used and has
not expired, marks it used, and makes the member with their first credential (a
password or a verified passkey); an owner's reset invite gives the member it was made
for new credentials instead. Refused: nothing is written.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

import scorepad.accounts.passwords as passwords
import scorepad.accounts.tokens as tokens
from scorepad.accounts.audit import record
from scorepad.accounts.clock import or_now
from scorepad.accounts.errors import AccountError
from scorepad.accounts.groups import check_role
from scorepad.accounts.links import join_link, public_url
from scorepad.accounts.lookup import clean_name, find_group, name_key
from scorepad.core.errors import quote
from scorepad.store import AccountRows, GroupRow, InviteRow, MemberRow, PasskeyRow, Store

DEFAULT_HOURS = 72
MAX_HOURS = 24 * 30


@dataclass(frozen=True)
class Invitation:
    token: str
    """Given out once, here; never kept."""
    link: str
    group: str
    role: str
    expires_at: datetime
    """UTC."""


@dataclass(frozen=True)
class Password:
    """A password chosen when taking an invite (checked, then kept as its hash only)."""

    text: str

    def __repr__(self) -> str:
        return "Password(…)"


Credential = Password | PasskeyRow


def check_hours(hours: int) -> int:
    if not 1 <= hours <= MAX_HOURS:
        raise AccountError("accounts.bad_hours", value=hours, maximum=MAX_HOURS)
    return hours


def make_invite(
    store: Store,
    group: str,
    *,
    role: str = "member",
    url: str,
    hours: int = DEFAULT_HOURS,
    now: datetime | None = None,
) -> Invitation:
    check_role(role)
    public_url(url)
    check_hours(hours)
    at = or_now(now)

    def work(rows: AccountRows) -> Invitation:
        return invitation(rows, find_group(rows, group), role, None, url, hours, at)

    return store.accounts(work)


def invitation(
    rows: AccountRows,
    group: GroupRow,
    role: str,
    member_id: int | None,
    url: str,
    hours: int,
    now: datetime,
) -> Invitation:
    """A new invite into ``group`` (for ``member_id``: their reset), in the caller's
    transaction."""
    token = tokens.new_token()
    expires = now + timedelta(hours=hours)
    rows.add_invite(tokens.token_hash(token), group.id, role, member_id, now, expires)
    record(rows, now, group.id, member_id, "invite_made", role=role, expires_at=expires.isoformat())
    return Invitation(token, join_link(url, token), group.name, role, expires)


def take_invite(
    store: Store,
    token: str,
    display_name: str,
    credential: Credential,
    *,
    now: datetime | None = None,
) -> MemberRow:
    """The member the invite makes (or resets), with ``credential`` as their first."""
    if not tokens.well_formed(token):
        raise AccountError("accounts.invite_unknown")
    name = clean_name(display_name, "member")
    at = or_now(now)
    digest = tokens.token_hash(token)
    store.accounts(lambda rows: _open_invite(rows, digest, at), write=False)
    # hashed once the invite is known to be open (a made-up token costs no argon2), and
    # before the transaction: argon2 takes a while, the history's lock should not
    hashed = passwords.hash_password(credential.text) if isinstance(credential, Password) else None

    def work(rows: AccountRows) -> MemberRow:
        invite = _open_invite(rows, digest, at)
        if not rows.use_invite(invite.id, at):  # taken meanwhile by another request
            raise AccountError("accounts.invite_used")
        if invite.member_id is not None:
            member = rows.member(invite.member_id)
            assert member is not None  # the invite goes with its member
        else:
            if rows.member_named(invite.group_id, name_key(name)) is not None:
                raise AccountError("accounts.name_taken", member=quote(name))
            member = rows.add_member(invite.group_id, name, name_key(name), invite.role, at)
        if hashed is not None:
            rows.set_password(member.id, hashed, at)
        else:
            assert isinstance(credential, PasskeyRow)
            rows.add_passkey(member.id, credential, at)
        kind = "password" if hashed is not None else "passkey"
        record(rows, at, invite.group_id, member.id, "invite_taken", credential=kind)
        taken = rows.member(member.id)
        assert taken is not None
        return taken

    return store.accounts(work)


def open_invite(store: Store, token: str, *, now: datetime | None = None) -> InviteRow:
    """The invite of ``token`` if it can still be taken; AccountError says why not."""
    if not tokens.well_formed(token):
        raise AccountError("accounts.invite_unknown")
    digest, at = tokens.token_hash(token), or_now(now)
    return store.accounts(lambda rows: _open_invite(rows, digest, at), write=False)


def _open_invite(rows: AccountRows, digest: str, at: datetime) -> InviteRow:
    """The invite whose token has ``digest``, if it can still be taken."""
    invite = rows.invite(digest)
    if invite is None or not tokens.same(invite.token_hash, digest):
        raise AccountError("accounts.invite_unknown")
    if invite.used_at is not None:
        raise AccountError("accounts.invite_used")
    if invite.expires_at <= at:
        raise AccountError("accounts.invite_expired", at=invite.expires_at.isoformat(" "))
    return invite
