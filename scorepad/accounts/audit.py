"""The audit log: what happened to a group's accounts, when, and to whom. Details are
plain facts (a role, an address's network, counts), never a secret."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from scorepad.accounts.lookup import find_group
from scorepad.store import AccountRows, AuditRow, Store

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
)


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
