"""Groups, their members and the members' roles.

Roles: an ``owner`` invites and resets members and changes roles; a ``member`` keeps the
group's history; a ``guest`` joins one table's live sheet (what each may see is for the
server's pages, to come). A group always keeps at least one owner.
"""

from __future__ import annotations

from datetime import datetime

from scorepad.accounts.audit import record
from scorepad.accounts.clock import or_now
from scorepad.accounts.errors import AccountError
from scorepad.accounts.lookup import clean_name, find_group, find_member
from scorepad.core.errors import quote
from scorepad.store import AccountRows, GroupRow, MemberRow, Store

ROLES = ("owner", "member", "guest")


def check_role(role: str) -> str:
    if role not in ROLES:
        raise AccountError("accounts.bad_role", value=quote(role), roles=", ".join(ROLES))
    return role


def add_group(store: Store, name: str, *, now: datetime | None = None) -> GroupRow:
    clean = clean_name(name, "group")
    at = or_now(now)

    def work(rows: AccountRows) -> GroupRow:
        if rows.group_named(clean) is not None:
            raise AccountError("accounts.group_exists", group=quote(clean))
        group = rows.add_group(clean, at)
        record(rows, at, group.id, None, "group_added")
        return group

    return store.accounts(work)


def groups(store: Store) -> list[GroupRow]:
    return store.accounts(lambda rows: rows.groups(), write=False)


def members(store: Store, group: str) -> list[MemberRow]:
    """The group's members, in the order they joined (disabled ones too)."""
    return store.accounts(lambda rows: rows.members(find_group(rows, group).id), write=False)


def set_role(
    store: Store, group: str, name: str, role: str, *, now: datetime | None = None
) -> MemberRow:
    """Give the member ``role``; the group's last owner keeps theirs."""
    check_role(role)
    at = or_now(now)

    def work(rows: AccountRows) -> MemberRow:
        found = find_group(rows, group)
        member = find_member(rows, found, name)
        if member.role == role:
            return member
        owners = [m for m in rows.members(found.id) if m.role == "owner" and not m.disabled_at]
        if member.role == "owner" and len(owners) <= 1:
            raise AccountError("accounts.last_owner", group=quote(found.name))
        rows.set_role(member.id, role)
        record(rows, at, found.id, member.id, "role_change", before=member.role, after=role)
        changed = rows.member(member.id)
        assert changed is not None
        return changed

    return store.accounts(work)
