"""Passkeys through the members' gate, as ASGI over a real history, with an authenticator
made here (a P-256 key signing as one does, ``tests.store.test_accounts_passkeys``): a
member joins with a passkey and signs in with it later, from any process; a challenge
serves once; a wrong signature, a replayed answer, another server's passkey and a made-up
one are refused alike, and slowed."""

from __future__ import annotations

import base64
import json
import os

import httpx
import pytest
from cryptography.hazmat.primitives.asymmetric import ec
from ui_helpers import run_async

import scorepad.serve.gate as gate
from scorepad.accounts import add_group, make_invite, members
from scorepad.accounts.audit import events
from scorepad.core.i18n import tr
from scorepad.core.slowing import FREE_TRIES
from scorepad.ui.server import group_guards
from tests.serve.test_gate import Inner
from tests.store.test_accounts_passkeys import ORIGIN, assertion, registration

PROXY = ("127.0.0.1", 40000)
JSON = {"content-type": "application/json", "origin": ORIGIN}


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@pytest.fixture
def servers(store):
    """Two processes of one server (two gates on one history), and what each serves."""
    group = add_group(store, "Thursday Club")
    inner = Inner()
    return store, inner, [group_guards(inner, store, ORIGIN, group.id) for _ in range(2)]


def client(app) -> httpx.AsyncClient:
    transport = httpx.ASGITransport(app=app, client=PROXY)
    headers = {"x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.9"}
    return httpx.AsyncClient(transport=transport, base_url=ORIGIN, headers=headers)


async def post(app, path: str, body: dict) -> httpx.Response:
    async with client(app) as http:
        return await http.post(path, content=json.dumps(body), headers=JSON)


def test_a_member_joins_with_a_passkey_and_signs_in_with_it_on_another_process(servers):
    store, _, (one, two) = servers
    made = make_invite(store, "Thursday Club", url=ORIGIN)
    key, credential_id = ec.generate_private_key(ec.SECP256R1()), os.urandom(16)

    async def work():
        asked = await post(one, "/passkey/join/options", {"token": made.token, "name": "Ana"})
        options = asked.json()["options"]
        made_key = registration(key, credential_id, unb64(options["challenge"]))
        made_key["response"]["transports"] = ["internal"]
        joined = await post(
            two,  # the answer reaches the other process
            "/passkey/join",
            {
                "token": made.token,
                "name": "Ana",
                "challenge": asked.json()["challenge"],
                "credential": made_key,
            },
        )
        later = await post(two, "/passkey/signin/options", {})
        challenge = later.json()["challenge"]
        answer = assertion(key, credential_id, unb64(challenge), 1)
        signed = await post(one, "/passkey/signin", {"challenge": challenge, "credential": answer})
        async with client(one) as http:
            home = await http.get(
                "/", headers={"cookie": signed.headers["set-cookie"].split(";")[0]}
            )
        again = await post(one, "/passkey/signin", {"challenge": challenge, "credential": answer})
        return asked, joined, later, signed, home, again

    asked, joined, later, signed, home, again = run(work)
    options = asked.json()["options"]
    assert options["rp"] == {"id": "games.example.org", "name": "Scorepad"}
    assert options["user"]["name"] == "Ana"
    assert options["authenticatorSelection"]["residentKey"] == "required"
    assert joined.status_code == 200 and "HttpOnly" in joined.headers["set-cookie"]
    (ana,) = members(store, "Thursday Club")
    assert (ana.display_name, ana.password, ana.passkeys) == ("Ana", False, 1)
    assert later.json()["options"]["rpId"] == "games.example.org"
    assert (
        "allowCredentials" not in later.json()["options"]
        or not later.json()["options"]["allowCredentials"]
    )
    assert signed.status_code == 200 and "Secure" in signed.headers["set-cookie"]
    assert home.text == "app for Ana"
    assert again.status_code == 400  # the challenge served once
    assert tr("accounts.passkey_refused", "en") in again.json()["problem"]
    kinds = [(e.kind, e.detail.get("method")) for e in events(store, "Thursday Club")]
    assert ("sign_in", "passkey") in kinds
    (kept,) = store.accounts(lambda rows: rows.passkeys(ana.id), write=False)
    assert kept.sign_count == 1 and kept.transports == ("internal",)


def test_wrong_passkey_answers_are_refused_alike_and_slowed(servers):
    store, inner, (one, _) = servers
    made = make_invite(store, "Thursday Club", url=ORIGIN)
    key, credential_id = ec.generate_private_key(ec.SECP256R1()), os.urandom(16)
    stranger = ec.generate_private_key(ec.SECP256R1())

    async def work():
        asked = await post(one, "/passkey/join/options", {"token": made.token, "name": "Ana"})
        challenge = asked.json()["challenge"]
        await post(
            one,
            "/passkey/join",
            {
                "token": made.token,
                "name": "Ana",
                "challenge": challenge,
                "credential": registration(key, credential_id, unb64(challenge)),
            },
        )
        answers = []
        for attempt in range(FREE_TRIES + 8):
            later = (await post(one, "/passkey/signin/options", {})).json()["challenge"]
            wrong = [
                assertion(stranger, credential_id, unb64(later), 2),  # another key's signature
                assertion(key, os.urandom(16), unb64(later), 2),  # a passkey nobody has
            ][attempt % 2]
            answers.append(
                await post(one, "/passkey/signin", {"challenge": later, "credential": wrong})
            )
            if answers[-1].status_code == 429:
                break
        return answers

    answers = run(work)
    refused = {a.json()["problem"] for a in answers[:-1]}
    assert refused == {tr("accounts.passkey_refused", "en")}  # which part was wrong: unsaid
    assert all(a.status_code == 400 and "set-cookie" not in a.headers for a in answers[:-1])
    assert answers[-1].status_code == 429 and int(answers[-1].headers["retry-after"]) >= 1
    assert len(answers) > FREE_TRIES
    assert inner.seen == []


def test_a_join_answer_for_another_invite_or_origin_makes_no_member(servers):
    store, _, (one, _) = servers
    first = make_invite(store, "Thursday Club", url=ORIGIN)
    second = make_invite(store, "Thursday Club", url=ORIGIN)
    key, credential_id = ec.generate_private_key(ec.SECP256R1()), os.urandom(16)

    async def work():
        asked = await post(one, "/passkey/join/options", {"token": first.token, "name": "Ana"})
        challenge = asked.json()["challenge"]
        made_key = registration(key, credential_id, unb64(challenge))
        swapped = await post(
            one,
            "/passkey/join",
            {  # the challenge was given for the first
                "token": second.token,
                "name": "Ana",
                "challenge": challenge,
                "credential": made_key,
            },
        )
        junk = await post(
            one,
            "/passkey/join",
            {"token": first.token, "name": "Ana", "challenge": "x" * 43, "credential": "junk"},
        )
        taken = await post(one, "/passkey/join/options", {"token": "y" * 43, "name": "Ana"})
        return swapped, junk, taken

    swapped, junk, taken = run(work)
    assert swapped.status_code == junk.status_code == taken.status_code == 400
    assert tr("accounts.invite_unknown", "en") in taken.json()["problem"]
    assert members(store, "Thursday Club") == []


def test_a_passkey_request_too_large_is_refused(servers):
    _, _, (one, _) = servers

    async def work():
        async with client(one) as http:
            body = json.dumps({"credential": "x" * (gate.JSON_BYTES + 1)})
            return await http.post("/passkey/signin", content=body, headers=JSON)

    assert run(work).status_code == 413


def run(work):
    """``work()`` run to its end (off this thread: the browser tests' loop may run here)."""
    return run_async(work)
