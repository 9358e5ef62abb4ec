"""A passkey as the history keeps it, from what ``webauthn.verify_registration_response``
verified: the credential's id and public key, its signature counter, and the transports
the browser named (which the later sign-in hands back to the browser)."""

from __future__ import annotations

from collections.abc import Sequence

from webauthn.helpers.structs import AuthenticatorTransport
from webauthn.registration.verify_registration_response import VerifiedRegistration

from scorepad.accounts.errors import AccountError
from scorepad.core.errors import quote
from scorepad.store import PasskeyRow

TRANSPORTS = frozenset(t.value for t in AuthenticatorTransport)


def from_registration(verified: VerifiedRegistration, transports: Sequence[str]) -> PasskeyRow:
    unknown = [t for t in transports if t not in TRANSPORTS]
    if unknown:
        raise AccountError("accounts.bad_transport", value=quote(unknown[0]))
    return PasskeyRow(
        credential_id=verified.credential_id,
        public_key=verified.credential_public_key,
        sign_count=verified.sign_count,
        transports=tuple(dict.fromkeys(transports)),
        device_type=verified.credential_device_type.value,
        backed_up=verified.credential_backed_up,
    )
