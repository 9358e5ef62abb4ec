"""A passkey kept from a real WebAuthn registration (``webauthn.verify_registration_response``
on an attestation made here with a P-256 key, as an authenticator makes it), and checked
by a later sign-in's signature (``verify_authentication_response``) from what was kept
alone: the history holds everything a sign-in needs."""

from __future__ import annotations

import hashlib
import json
import os
from datetime import datetime

import cbor2
import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from webauthn import verify_authentication_response, verify_registration_response
from webauthn.helpers import bytes_to_base64url as b64

from scorepad.accounts import AccountError, add_group, make_invite, members, take_invite
from scorepad.accounts.passkeys import from_registration

RP = "games.example.org"
ORIGIN = f"https://{RP}"
T0 = datetime(2026, 3, 1, 20, 0)
UP, UV, AT = 0x01, 0x04, 0x40


def client_data(kind: str, challenge: bytes) -> bytes:
    return json.dumps({"type": kind, "challenge": b64(challenge), "origin": ORIGIN}).encode()


def registration(key: ec.EllipticCurvePrivateKey, credential_id: bytes, challenge: bytes) -> dict:
    numbers = key.public_key().public_numbers()
    cose = cbor2.dumps(
        {1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")}
    )
    auth_data = (
        hashlib.sha256(RP.encode()).digest()
        + bytes([UP | UV | AT])
        + (0).to_bytes(4, "big")
        + bytes(16)  # the authenticator's AAGUID
        + len(credential_id).to_bytes(2, "big")
        + credential_id
        + cose
    )
    attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
    return {
        "id": b64(credential_id),
        "rawId": b64(credential_id),
        "type": "public-key",
        "response": {
            "clientDataJSON": b64(client_data("webauthn.create", challenge)),
            "attestationObject": b64(attestation),
            "transports": ["internal", "hybrid"],
        },
        "clientExtensionResults": {},
    }


def assertion(key, credential_id: bytes, challenge: bytes, counter: int) -> dict:
    auth_data = hashlib.sha256(RP.encode()).digest() + bytes([UP | UV]) + counter.to_bytes(4, "big")
    data = client_data("webauthn.get", challenge)
    signature = key.sign(auth_data + hashlib.sha256(data).digest(), ec.ECDSA(hashes.SHA256()))
    return {
        "id": b64(credential_id),
        "rawId": b64(credential_id),
        "type": "public-key",
        "response": {
            "clientDataJSON": b64(data),
            "authenticatorData": b64(auth_data),
            "signature": b64(signature),
        },
        "clientExtensionResults": {},
    }


def test_an_invite_taken_with_a_passkey_keeps_what_a_sign_in_needs(store):
    key, credential_id, challenge = (
        ec.generate_private_key(ec.SECP256R1()),
        os.urandom(16),
        os.urandom(32),
    )
    verified = verify_registration_response(
        credential=registration(key, credential_id, challenge),
        expected_challenge=challenge,
        expected_rp_id=RP,
        expected_origin=ORIGIN,
        require_user_verification=True,
    )
    passkey = from_registration(verified, ["internal", "hybrid", "internal"])
    assert passkey.transports == ("internal", "hybrid")
    add_group(store, "Club", now=T0)
    made = make_invite(store, "Club", url=ORIGIN, now=T0)
    ana = take_invite(store, made.token, "Ana", passkey, now=T0)
    assert (ana.password, ana.passkeys) == (False, 1)
    assert [m.passkeys for m in members(store, "Club")] == [1]
    (kept,) = store.accounts(lambda rows: rows.passkeys(ana.id), write=False)
    assert kept.credential_id == credential_id and kept.transports == ("internal", "hybrid")
    assert kept.device_type == "single_device" and kept.backed_up is False
    later = os.urandom(32)
    checked = verify_authentication_response(
        credential=assertion(key, credential_id, later, 1),
        expected_challenge=later,
        expected_rp_id=RP,
        expected_origin=ORIGIN,
        credential_public_key=kept.public_key,
        credential_current_sign_count=kept.sign_count,
        require_user_verification=True,
    )
    assert checked.new_sign_count == 1
    with pytest.raises(AccountError, match='unknown passkey transport: "carrier-pigeon"'):
        from_registration(verified, ["carrier-pigeon"])
