"""Groups and members found by name, and the names they may have.

A name is trimmed, its inner spaces made single, and compared folded ("Ana" and "ANA"
are one member of a group); it has 1 to ``NAME_LENGTH`` characters and no control
character.
"""

from __future__ import annotations

from scorepad.accounts.errors import AccountError
from scorepad.core.errors import quote
from scorepad.store import AccountRows, GroupRow, MemberRow

NAME_LENGTH = 200


def clean_name(text: str, what: str) -> str:
    """``text`` as a name is kept, or an AccountError naming ``what`` ("group", "member")."""
    name = " ".join(text.split())
    if not name or len(name) > NAME_LENGTH or any(ord(c) < 32 or ord(c) == 127 for c in text):
        raise AccountError(f"accounts.bad_{what}_name", value=quote(text), maximum=NAME_LENGTH)
    return name


def name_key(name: str) -> str:
    return " ".join(name.split()).casefold()


def find_group(rows: AccountRows, name: str) -> GroupRow:
    group = rows.group_named(" ".join(name.split()))
    if group is None:
        raise AccountError("accounts.no_group", group=quote(name))
    return group


def find_member(rows: AccountRows, group: GroupRow, name: str) -> MemberRow:
    member = rows.member_named(group.id, name_key(name))
    if member is None:
        raise AccountError("accounts.no_member", member=quote(name), group=quote(group.name))
    return member
