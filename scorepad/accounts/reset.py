"""An owner's reset of a member who lost their passkey or password (or whose device was
lost): every session ended, every credential forgotten, earlier reset links closed, and
a fresh invite made for that same member, all in one transaction. The member keeps
their name, role and history; the link gives them new credentials."""

from __future__ import annotations

from datetime import datetime

from scorepad.accounts.audit import record
from scorepad.accounts.clock import or_now
from scorepad.accounts.invites import DEFAULT_HOURS, Invitation, check_hours, invitation
from scorepad.accounts.links import public_url
from scorepad.accounts.lookup import find_group, find_member
from scorepad.store import AccountRows, Store


def reset_member(
    store: Store,
    group: str,
    name: str,
    *,
    url: str,
    hours: int = DEFAULT_HOURS,
    now: datetime | None = None,
) -> Invitation:
    public_url(url)
    check_hours(hours)
    at = or_now(now)

    def work(rows: AccountRows) -> Invitation:
        found = find_group(rows, group)
        member = find_member(rows, found, name)
        sessions = rows.revoke_sessions(member.id, at)
        password, passkeys = rows.drop_credentials(member.id)
        closed = rows.drop_open_invites(member.id, at)
        record(
            rows,
            at,
            found.id,
            member.id,
            "reset",
            sessions=sessions,
            passwords=password,
            passkeys=passkeys,
            invites_closed=closed,
        )
        return invitation(rows, found, member.role, member.id, url, hours, at)

    return store.accounts(work)
