"""A group's server, at rest: groups and their members, passwords and passkeys, invites,
sessions, the slowing of wrong sign-ins, an owner's reset, and the audit log.

One concern per module; each call is one transaction of the history (``Store.accounts``,
whose rows are ``scorepad.store.accountrows``). No Flet and no HTTP here: the server's
pages are ``scorepad.serve`` (docs/develop/group-server.md).

Secrets: every token is ``secrets.token_urlsafe(32)`` and kept only as its SHA-256, a
password only as its argon2 hash; tokens are compared in constant time; no secret is
logged, put in an error or written to the audit log.
"""

from __future__ import annotations

from scorepad.accounts.errors import AccountError, SignInRefused, SlowedDown
from scorepad.accounts.groups import ROLES, add_group, groups, members, set_role
from scorepad.accounts.invites import Invitation, Password, make_invite, take_invite
from scorepad.accounts.reset import reset_member
from scorepad.accounts.sessions import session_member, sign_out, sign_out_everywhere
from scorepad.accounts.signin import SignedIn, sign_in_with_password, signed_in

__all__ = [
    "ROLES",
    "AccountError",
    "Invitation",
    "Password",
    "SignInRefused",
    "SignedIn",
    "SlowedDown",
    "add_group",
    "groups",
    "make_invite",
    "members",
    "reset_member",
    "session_member",
    "set_role",
    "sign_in_with_password",
    "sign_out",
    "sign_out_everywhere",
    "signed_in",
    "take_invite",
]
