"""The audit log: what happened to a group's accounts and history, when, and by or to
whom. Details are plain facts (a role, an address's network, a format, counts), never a
secret.

Besides the accounts' own events, a member's session notes what it took out of the
group's history or put into it (``noted``): an export handed to their device, a file
imported from it, a backup restored."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from scorepad.accounts.clock import utc_now
from scorepad.accounts.lookup import find_group
from scorepad.store import AccountRows, AuditRow, MemberRow, Store

KINDS = (
    "group_added",
    "invite_made",
    "invite_taken",
    "sign_in",
    "sign_in_refused",
    "sign_out",
    "sign_out_everywhere",
    "reset",
    "role_change",
    "export",
    "import",
    "restore",
)

Noted = Callable[[str, dict[str, Any]], None]
"""Notes one event of a session's member: its kind and its detail."""


def record(
    rows: AccountRows,
    now: datetime,
    group_id: int,
    member_id: int | None,
    kind: str,
    **detail: Any,
) -> None:
    assert kind in KINDS, kind
    rows.audit(now, group_id, member_id, kind, detail)


def events(store: Store, group: str) -> list[AuditRow]:
    """The group's events, oldest first."""
    return store.accounts(lambda rows: rows.audit_events(find_group(rows, group).id), write=False)


def noted(store: Store, member: MemberRow) -> Noted:
    """What ``member``'s session does to the group's history, written to the audit log
    (one transaction per event) as it is done: ``noted(store, member)("export", {...})``."""

    def note(kind: str, detail: dict[str, Any]) -> None:
        store.accounts(
            lambda rows: record(rows, utc_now(), member.group_id, member.id, kind, **detail)
        )

    return note
