"""The rows of a group's server (revisions 0018 and 0019): groups, members, credentials,
invites, sessions, the slowing of wrong sign-ins, the audit log and the challenges of
passkey ceremonies.

``scorepad.accounts`` decides; this module only reads and writes, through ``AccountRows``
bound to one transaction (``Store.accounts``), so that what the accounts do together
(an invite taken: the member, its credential and the invite marked used) is done
together or not at all. Nothing here sees a secret in clear: tokens arrive as their
SHA-256, passwords as their hash.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Connection,
    DateTime,
    Row,
    bindparam,
    delete,
    func,
    insert,
    select,
    text,
    update,
)

import scorepad.store.models as m


@dataclass(frozen=True)
class GroupRow:
    id: int
    name: str
    created_at: datetime


@dataclass(frozen=True)
class MemberRow:
    id: int
    group_id: int
    display_name: str
    role: str
    created_at: datetime
    disabled_at: datetime | None
    password: bool = False
    """Whether the member has a password."""
    passkeys: int = 0
    """How many passkeys the member has."""


@dataclass(frozen=True)
class InviteRow:
    id: int
    token_hash: str
    group_id: int
    role: str
    member_id: int | None
    created_at: datetime
    expires_at: datetime
    used_at: datetime | None


@dataclass(frozen=True)
class SessionRow:
    id: int
    token_hash: str
    member_id: int
    created_at: datetime
    last_seen: datetime
    expires_at: datetime
    revoked_at: datetime | None


@dataclass(frozen=True)
class PasskeyRow:
    """A passkey as kept: what a later WebAuthn sign-in needs to check its signature."""

    credential_id: bytes
    public_key: bytes
    sign_count: int
    transports: tuple[str, ...] = ()
    device_type: str | None = None
    backed_up: bool | None = None


@dataclass(frozen=True)
class AuditRow:
    at: datetime
    group_id: int
    member_id: int | None
    kind: str
    detail: dict[str, Any]


G, M, PW, PK = m.club_group, m.member, m.password_credential, m.passkey_credential
NEW_SLOWING = text(
    "INSERT INTO sign_in_slowing (key, failures, last_at) "
    "VALUES (:key, 0, :now) ON CONFLICT (key) DO NOTHING"
).bindparams(bindparam("now", type_=DateTime()))
IN, S, SL, A = m.invite, m.member_session, m.sign_in_slowing, m.audit_event
CH = m.sign_in_challenge


class AccountRows:
    """The account tables as seen from one transaction."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    # --- groups ------------------------------------------------------------------------
    def add_group(self, name: str, now: datetime) -> GroupRow:
        new = self.conn.execute(insert(G).values(name=name, created_at=now).returning(G.c.id))
        return GroupRow(new.scalar_one(), name, now)

    def group_named(self, name: str) -> GroupRow | None:
        row = self.conn.execute(select(G).where(G.c.name == name)).first()
        return GroupRow(row.id, row.name, row.created_at) if row else None

    def groups(self) -> list[GroupRow]:
        rows = self.conn.execute(select(G).order_by(G.c.name)).all()
        return [GroupRow(r.id, r.name, r.created_at) for r in rows]

    # --- members -----------------------------------------------------------------------
    def add_member(
        self, group_id: int, display_name: str, name_key: str, role: str, now: datetime
    ) -> MemberRow:
        new = self.conn.execute(
            insert(M)
            .values(
                group_id=group_id,
                display_name=display_name,
                name_key=name_key,
                role=role,
                created_at=now,
            )
            .returning(M.c.id)
        )
        return MemberRow(new.scalar_one(), group_id, display_name, role, now, None)

    def members(self, group_id: int) -> list[MemberRow]:
        return self._members(M.c.group_id == group_id)

    def member(self, member_id: int) -> MemberRow | None:
        found = self._members(M.c.id == member_id)
        return found[0] if found else None

    def member_named(self, group_id: int, name_key: str) -> MemberRow | None:
        found = self._members((M.c.group_id == group_id) & (M.c.name_key == name_key))
        return found[0] if found else None

    def _members(self, where: Any) -> list[MemberRow]:
        keys = select(func.count()).where(PK.c.member_id == M.c.id).scalar_subquery()
        query = (
            select(M, PW.c.member_id.is_not(None).label("password"), keys.label("passkeys"))
            .outerjoin(PW, PW.c.member_id == M.c.id)
            .where(where)
            .order_by(M.c.created_at, M.c.id)
        )
        return [_member(row) for row in self.conn.execute(query).all()]

    def set_role(self, member_id: int, role: str) -> None:
        self.conn.execute(update(M).where(M.c.id == member_id).values(role=role))

    def set_disabled(self, member_id: int, at: datetime | None) -> None:
        self.conn.execute(update(M).where(M.c.id == member_id).values(disabled_at=at))

    # --- credentials -------------------------------------------------------------------
    def set_password(self, member_id: int, hashed: str, now: datetime) -> None:
        self.conn.execute(delete(PW).where(PW.c.member_id == member_id))
        self.conn.execute(insert(PW).values(member_id=member_id, hash=hashed, created_at=now))

    def password_hash(self, member_id: int) -> str | None:
        return self.conn.execute(
            select(PW.c.hash).where(PW.c.member_id == member_id)
        ).scalar_one_or_none()

    def add_passkey(self, member_id: int, key: PasskeyRow, now: datetime) -> None:
        self.conn.execute(
            insert(PK).values(
                member_id=member_id,
                credential_id=key.credential_id,
                public_key=key.public_key,
                sign_count=key.sign_count,
                transports=json.dumps(list(key.transports)),
                device_type=key.device_type,
                backed_up=key.backed_up,
                created_at=now,
            )
        )

    def passkeys(self, member_id: int) -> list[PasskeyRow]:
        rows = self.conn.execute(
            select(PK).where(PK.c.member_id == member_id).order_by(PK.c.id)
        ).all()
        return [
            PasskeyRow(
                bytes(r.credential_id),
                bytes(r.public_key),
                r.sign_count,
                tuple(json.loads(r.transports)),
                r.device_type,
                r.backed_up,
            )
            for r in rows
        ]

    def passkey_owner(self, credential_id: bytes) -> tuple[int, PasskeyRow] | None:
        """The member a passkey belongs to, and the passkey as kept; None when unknown."""
        member_id = self.conn.execute(
            select(PK.c.member_id).where(PK.c.credential_id == credential_id)
        ).scalar_one_or_none()
        if member_id is None:
            return None
        found = [k for k in self.passkeys(member_id) if k.credential_id == credential_id]
        return (member_id, found[0]) if found else None

    def used_passkey(self, credential_id: bytes, sign_count: int, now: datetime) -> None:
        self.conn.execute(
            update(PK)
            .where(PK.c.credential_id == credential_id)
            .values(sign_count=sign_count, last_used_at=now)
        )

    def add_challenge(
        self, challenge_hash: str, purpose: str, subject: str | None, now: datetime, until: datetime
    ) -> None:
        """A ceremony's challenge; those expired are forgotten as a new one comes."""
        self.conn.execute(delete(CH).where(CH.c.expires_at <= now))
        self.conn.execute(
            insert(CH).values(
                challenge_hash=challenge_hash,
                purpose=purpose,
                subject=subject,
                created_at=now,
                expires_at=until,
            )
        )

    def use_challenge(
        self, challenge_hash: str, purpose: str, subject: str | None, now: datetime
    ) -> bool:
        """Mark the challenge used, if it was given for ``purpose`` and ``subject``, is
        not used yet and has not expired: whether it was."""
        same = CH.c.subject.is_(None) if subject is None else CH.c.subject == subject
        done = self.conn.execute(
            update(CH)
            .where(
                CH.c.challenge_hash == challenge_hash,
                CH.c.purpose == purpose,
                same,
                CH.c.used_at.is_(None),
                CH.c.expires_at > now,
            )
            .values(used_at=now)
        )
        return done.rowcount == 1

    def drop_credentials(self, member_id: int) -> tuple[int, int]:
        """Forget the member's password and passkeys: how many of each were dropped."""
        passwords = self.conn.execute(delete(PW).where(PW.c.member_id == member_id)).rowcount
        keys = self.conn.execute(delete(PK).where(PK.c.member_id == member_id)).rowcount
        return passwords, keys

    # --- invites -----------------------------------------------------------------------
    def add_invite(
        self,
        token_hash: str,
        group_id: int,
        role: str,
        member_id: int | None,
        now: datetime,
        expires_at: datetime,
    ) -> int:
        new = self.conn.execute(
            insert(IN)
            .values(
                token_hash=token_hash,
                group_id=group_id,
                role=role,
                member_id=member_id,
                created_at=now,
                expires_at=expires_at,
            )
            .returning(IN.c.id)
        )
        return int(new.scalar_one())

    def invite(self, token_hash: str) -> InviteRow | None:
        row = self.conn.execute(select(IN).where(IN.c.token_hash == token_hash)).first()
        return InviteRow(**row._asdict()) if row else None

    def use_invite(self, invite_id: int, now: datetime) -> bool:
        """Mark the invite used, if nobody did meanwhile and it has not expired."""
        done = self.conn.execute(
            update(IN)
            .where(IN.c.id == invite_id, IN.c.used_at.is_(None), IN.c.expires_at > now)
            .values(used_at=now)
        )
        return done.rowcount == 1

    def drop_open_invites(self, member_id: int, now: datetime) -> int:
        """End the invites still open for ``member_id`` (an older reset's link)."""
        done = self.conn.execute(
            update(IN)
            .where(IN.c.member_id == member_id, IN.c.used_at.is_(None))
            .values(used_at=now)
        )
        return int(done.rowcount)

    # --- sessions ----------------------------------------------------------------------
    def add_session(
        self, token_hash: str, member_id: int, now: datetime, expires_at: datetime
    ) -> None:
        self.conn.execute(
            insert(S).values(
                token_hash=token_hash,
                member_id=member_id,
                created_at=now,
                last_seen=now,
                expires_at=expires_at,
            )
        )

    def session(self, token_hash: str) -> SessionRow | None:
        row = self.conn.execute(select(S).where(S.c.token_hash == token_hash)).first()
        return SessionRow(**row._asdict()) if row else None

    def touch_session(self, session_id: int, now: datetime, expires_at: datetime) -> None:
        self.conn.execute(
            update(S).where(S.c.id == session_id).values(last_seen=now, expires_at=expires_at)
        )

    def revoke_session(self, session_id: int, now: datetime) -> bool:
        done = self.conn.execute(
            update(S).where(S.c.id == session_id, S.c.revoked_at.is_(None)).values(revoked_at=now)
        )
        return done.rowcount == 1

    def revoke_sessions(self, member_id: int, now: datetime) -> int:
        done = self.conn.execute(
            update(S)
            .where(S.c.member_id == member_id, S.c.revoked_at.is_(None))
            .values(revoked_at=now)
        )
        return int(done.rowcount)

    def open_sessions(self, member_id: int, now: datetime) -> int:
        return int(
            self.conn.execute(
                select(func.count()).where(
                    S.c.member_id == member_id, S.c.revoked_at.is_(None), S.c.expires_at > now
                )
            ).scalar_one()
        )

    # --- wrong sign-ins ----------------------------------------------------------------
    def slowing(self, keys: list[str]) -> dict[str, tuple[int, datetime, datetime | None]]:
        """The wrong sign-ins counted under each of ``keys``: how many, the last one's
        time, and until when the next waits."""
        rows = self.conn.execute(select(SL).where(SL.c.key.in_(keys))).all()
        return {r.key: (r.failures, r.last_at, r.not_before) for r in rows}

    def lock_slowing(
        self, keys: list[str], now: datetime
    ) -> dict[str, tuple[int, datetime, datetime | None]]:
        """``slowing`` for a count about to change: each key's row made if missing (no
        wrong try yet) and held until the transaction ends, so that tries at once, in
        any process, are counted one after the other (SQLite: its write lock does it)."""
        for key in sorted(keys):  # always in one order: two tries never wait on each other
            self.conn.execute(NEW_SLOWING, {"key": key, "now": now})
        rows = self.conn.execute(
            select(SL).where(SL.c.key.in_(keys)).order_by(SL.c.key).with_for_update()
        ).all()
        return {r.key: (r.failures, r.last_at, r.not_before) for r in rows}

    def set_slowing(
        self, key: str, failures: int, now: datetime, not_before: datetime | None
    ) -> None:
        self.conn.execute(
            update(SL)
            .where(SL.c.key == key)
            .values(failures=failures, last_at=now, not_before=not_before)
        )

    def clear_slowing(self, keys: list[str]) -> None:
        self.conn.execute(delete(SL).where(SL.c.key.in_(keys)))

    # --- the audit log -----------------------------------------------------------------
    def audit(
        self,
        at: datetime,
        group_id: int,
        member_id: int | None,
        kind: str,
        detail: dict[str, Any],
    ) -> None:
        self.conn.execute(
            insert(A).values(
                at=at,
                group_id=group_id,
                member_id=member_id,
                kind=kind,
                detail=json.dumps(detail, ensure_ascii=False, sort_keys=True),
            )
        )

    def audit_events(self, group_id: int) -> list[AuditRow]:
        rows = self.conn.execute(
            select(A).where(A.c.group_id == group_id).order_by(A.c.at, A.c.id)
        ).all()
        return [AuditRow(r.at, r.group_id, r.member_id, r.kind, json.loads(r.detail)) for r in rows]


def _member(row: Row[Any]) -> MemberRow:
    return MemberRow(
        row.id,
        row.group_id,
        row.display_name,
        row.role,
        row.created_at,
        row.disabled_at,
        bool(row.password),
        int(row.passkeys),
    )
