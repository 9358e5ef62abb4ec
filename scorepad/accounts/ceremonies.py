"""Passkeys over the history: the two WebAuthn ceremonies (``webauthn``), joining a group
with a new passkey and signing in with one, each in two steps: the options (with a
challenge) the browser hands to the authenticator, then its answer checked.

A challenge is 32 random bytes, kept as its SHA-256 for ``CHALLENGE_S`` seconds with
what it was given for (joining: the invite's token hash), and taken once, by whichever
process of the server the answer reaches. Passkeys are discoverable (resident): signing
in names no group or member; the passkey the authenticator chose says who it is.

A passkey sign-in is slowed like a password's (``slowing``), by the address it came from:
a try is counted before its signature is checked, given back when it was right.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

import scorepad.accounts.slowing as slowing
import scorepad.accounts.tokens as tokens
from scorepad.accounts.audit import record
from scorepad.accounts.clock import or_now
from scorepad.accounts.errors import AccountError
from scorepad.accounts.invites import open_invite, take_invite
from scorepad.accounts.links import public_url
from scorepad.accounts.lookup import clean_name, name_key
from scorepad.accounts.passkeys import from_registration
from scorepad.accounts.sessions import open_session
from scorepad.accounts.signin import SignedIn, signed_in
from scorepad.core.errors import quote
from scorepad.core.slowing import network_key
from scorepad.store import AccountRows, Store

CHALLENGE_S = 300
CHALLENGE_BYTES = 32
MAX_ANSWER = 16 * 1024
"""The longest answer of an authenticator taken (as JSON text): a passkey's is under 2 KB."""


@dataclass(frozen=True)
class Party:
    """The server as WebAuthn's relying party: its name for passkeys (the host of its
    public address) and the origin its pages are served from."""

    id: str
    origin: str

    @classmethod
    def of(cls, url: str) -> Party:
        address = public_url(url)
        host = urlsplit(address).hostname
        assert host is not None  # public_url checked it
        return cls(host, address)


@dataclass(frozen=True)
class Asked:
    """What the browser hands to ``navigator.credentials``: WebAuthn's options as JSON,
    and the challenge in them (base64url), which the answer comes back with."""

    challenge: str
    options: dict[str, Any]


def _challenge(store: Store, purpose: str, subject: str | None, now: datetime) -> bytes:
    challenge = secrets.token_bytes(CHALLENGE_BYTES)
    until = now + timedelta(seconds=CHALLENGE_S)
    store.accounts(
        lambda rows: rows.add_challenge(
            tokens.token_hash(_b64(challenge)), purpose, subject, now, until
        )
    )
    return challenge


def _b64(data: bytes) -> str:
    from webauthn.helpers import bytes_to_base64url

    return str(bytes_to_base64url(data))


def _challenge_bytes(text: str) -> bytes:
    from webauthn.helpers import base64url_to_bytes

    try:
        found = base64url_to_bytes(text)
    except (ValueError, TypeError):
        raise AccountError("accounts.passkey_refused") from None
    if len(found) != CHALLENGE_BYTES:
        raise AccountError("accounts.passkey_refused")
    return bytes(found)


def _use(
    rows: AccountRows, challenge: str, purpose: str, subject: str | None, at: datetime
) -> None:
    if not rows.use_challenge(tokens.token_hash(challenge), purpose, subject, at):
        raise AccountError("accounts.passkey_refused")


def _answer(credential: object) -> dict[str, Any]:
    """The authenticator's answer as the browser's ``toJSON`` gave it, bounded."""
    if not isinstance(credential, dict) or len(json.dumps(credential)) > MAX_ANSWER:
        raise AccountError("accounts.passkey_refused")
    return credential


def join_options(
    store: Store, party: Party, token: str, name: str, *, now: datetime | None = None
) -> Asked:
    """Options to make a passkey for the member the invite ``token`` makes, as ``name``
    (the invite and the name are checked now, and again when the answer comes)."""
    from webauthn import generate_registration_options, options_to_json
    from webauthn.helpers.structs import (
        AuthenticatorSelectionCriteria,
        ResidentKeyRequirement,
        UserVerificationRequirement,
    )

    at = or_now(now)
    clean = clean_name(name, "member")
    invite = open_invite(store, token, now=at)
    if invite.member_id is None:
        taken = store.accounts(
            lambda rows: rows.member_named(invite.group_id, name_key(clean)), write=False
        )
        if taken is not None:
            raise AccountError("accounts.name_taken", member=quote(clean))
    challenge = _challenge(store, "join", tokens.token_hash(token), at)
    options = generate_registration_options(
        rp_id=party.id,
        rp_name="Scorepad",
        user_name=clean,
        user_id=secrets.token_bytes(16),
        challenge=challenge,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.PREFERRED,
        ),
    )
    return Asked(_b64(challenge), json.loads(options_to_json(options)))


def join_with_passkey(
    store: Store,
    party: Party,
    token: str,
    name: str,
    challenge: str,
    credential: object,
    *,
    address: str | None,
    now: datetime | None = None,
) -> SignedIn:
    """The member the invite makes, with the passkey the authenticator made, signed in."""
    from webauthn import verify_registration_response
    from webauthn.helpers.exceptions import WebAuthnException

    at = or_now(now)
    answer = _answer(credential)
    expected = _challenge_bytes(challenge)
    if not tokens.well_formed(token):
        raise AccountError("accounts.invite_unknown")
    store.accounts(lambda rows: _use(rows, challenge, "join", tokens.token_hash(token), at))
    try:
        verified = verify_registration_response(
            credential=answer,
            expected_challenge=expected,
            expected_rp_id=party.id,
            expected_origin=party.origin,
        )
    except (WebAuthnException, ValueError, KeyError, TypeError):
        raise AccountError("accounts.passkey_refused") from None
    response = answer.get("response")
    named = response.get("transports", []) if isinstance(response, dict) else []
    transports = [t for t in named if isinstance(t, str)] if isinstance(named, list) else []
    member = take_invite(store, token, name, from_registration(verified, transports), now=at)
    return signed_in(store, member, method="passkey", address=address, now=at)


def sign_in_options(store: Store, party: Party, *, now: datetime | None = None) -> Asked:
    """Options to sign in with any passkey of this server's (the authenticator offers
    the ones it holds)."""
    from webauthn import generate_authentication_options, options_to_json
    from webauthn.helpers.structs import UserVerificationRequirement

    challenge = _challenge(store, "signin", None, or_now(now))
    options = generate_authentication_options(
        rp_id=party.id,
        challenge=challenge,
        user_verification=UserVerificationRequirement.PREFERRED,
    )
    return Asked(_b64(challenge), json.loads(options_to_json(options)))


def sign_in_with_passkey(
    store: Store,
    party: Party,
    challenge: str,
    credential: object,
    *,
    address: str | None,
    now: datetime | None = None,
) -> SignedIn:
    """A session for the member whose passkey signed the challenge; one refusal alike
    (``accounts.passkey_refused``) for anything else (an unknown passkey, a wrong
    signature, a challenge used or expired), SlowedDown while the address waits."""
    from webauthn import verify_authentication_response
    from webauthn.helpers import base64url_to_bytes
    from webauthn.helpers.exceptions import WebAuthnException

    at = or_now(now)
    answer = _answer(credential)
    expected = _challenge_bytes(challenge)
    tried = slowing.keys(None, address)
    where = network_key(address)

    def start(rows: AccountRows) -> tuple[int, Any] | None:
        slowing.count_try(rows, tried, at)
        try:
            _use(rows, challenge, "signin", None, at)
            credential_id = base64url_to_bytes(str(answer.get("rawId", "")))
        except (AccountError, ValueError, TypeError):
            return None
        return rows.passkey_owner(bytes(credential_id))

    owner = store.accounts(start)
    verified = None
    if owner is not None:
        try:
            verified = verify_authentication_response(
                credential=answer,
                expected_challenge=expected,
                expected_rp_id=party.id,
                expected_origin=party.origin,
                credential_public_key=owner[1].public_key,
                credential_current_sign_count=owner[1].sign_count,
            )
        except (WebAuthnException, ValueError, KeyError, TypeError):
            verified = None

    def finish(rows: AccountRows) -> SignedIn | None:
        member = rows.member(owner[0]) if owner is not None else None
        if verified is None or member is None or member.disabled_at is not None:
            if member is not None:
                record(rows, at, member.group_id, member.id, "sign_in_refused", network=where)
            return None
        assert owner is not None
        slowing.right(rows, f"member:{member.id}", tried[0], at)
        rows.used_passkey(owner[1].credential_id, verified.new_sign_count, at)
        token = open_session(rows, member, at)
        record(rows, at, member.group_id, member.id, "sign_in", method="passkey", network=where)
        return SignedIn(token, member)

    done = store.accounts(finish)
    if done is None:
        raise AccountError("accounts.passkey_refused")
    return done
