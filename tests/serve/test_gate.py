"""The members' gate and what stands with it in front of a group's server (``scorepad
serve``), as ASGI over a real history: nothing of the app without a member's session,
signing in and joining by the pages' forms, the session's cookie, signing out, the bounds
on a request, and the reverse proxy's forwarded headers taken from the proxy only."""

from __future__ import annotations

import asyncio
import html
from typing import Any
from urllib.parse import urlencode

import httpx
import pytest
from ui_helpers import run_async

import scorepad.accounts.passwords as passwords
import scorepad.serve.gate as gate
from scorepad.accounts import (
    AccountError,
    Password,
    add_group,
    make_invite,
    members,
    sign_in_with_password,
    take_invite,
)
from scorepad.core.i18n import tr
from scorepad.core.slowing import FREE_TRIES
from scorepad.serve.forwarded import networks
from scorepad.store.errors import Unreachable
from scorepad.ui.server import group_guards

PUBLIC = "https://games.example.org"
SECRET = "correct horse battery"
PROXY = ("127.0.0.1", 40000)
FORM = {"content-type": "application/x-www-form-urlencoded", "origin": PUBLIC}


class Inner:
    """The app behind the gate: says which member each request came as."""

    def __init__(self) -> None:
        self.seen: list[dict[str, Any]] = []
        self.signed_in: list[Any] = []

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        member = scope.get(gate.MEMBER)
        self.seen.append(
            {
                "path": scope["path"],
                "member": member,
                "client": scope.get("client"),
                "scheme": scope.get("scheme"),
                "headers": scope.get("headers"),
            }
        )
        if scope["type"] == "websocket":
            # who the socket is for, as the app's session reads it: in a task started by
            # the socket's own handler (Flet starts a session so)
            self.signed_in.append(await asyncio.create_task(signed_in_now()))
            await send({"type": "websocket.accept"})
            return
        body = f"app for {member.display_name}".encode()
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [(b"content-type", b"text/plain")],
            }
        )
        await send({"type": "http.response.body", "body": body})


async def signed_in_now() -> Any:
    return gate.SIGNED_IN.get()


@pytest.fixture
def served(store):
    group = add_group(store, "Thursday Club")
    inner = Inner()
    return store, inner, group_guards(inner, store, PUBLIC, group.id)


def client(app, *, peer=PROXY, lang="en", base=PUBLIC) -> httpx.AsyncClient:
    transport = httpx.ASGITransport(app=app, client=peer)
    headers = {
        "x-forwarded-proto": "https",
        "x-forwarded-for": "203.0.113.9",
        "accept-language": lang,
    }
    return httpx.AsyncClient(transport=transport, base_url=base, headers=headers)


def jar(token: str) -> dict[str, str]:
    """A request's Cookie header with the session ``token`` (kept by the test itself)."""
    return {"cookie": f"{gate.COOKIE}={token}"}


def run(work):
    """``work()`` run to its end (off this thread: the browser tests' loop may run here)."""
    return run_async(work)


def invited(store, name="Ana", role="member"):
    return take_invite(
        store,
        make_invite(store, "Thursday Club", role=role, url=PUBLIC).token,
        name,
        Password(SECRET),
    )


def sign_in_form(name="Ana", password=SECRET, group="Thursday Club") -> str:
    return urlencode({"group": group, "name": name, "password": password})


async def websocket(app, cookie: str | None) -> list[dict[str, Any]]:
    """A websocket to the app through the proxy: what the server sent back."""
    sent: list[dict[str, Any]] = []

    async def receive():
        return {"type": "websocket.connect"}

    async def send(message):
        sent.append(message)

    await app(websocket_scope(cookie), receive, send)
    return sent


def websocket_scope(cookie: str | None) -> dict[str, Any]:
    """A websocket's scope as the proxy hands it on, with the session ``cookie``."""
    headers = [
        (b"host", b"games.example.org"),
        (b"origin", PUBLIC.encode()),
        (b"x-forwarded-for", b"203.0.113.9"),
        (b"x-forwarded-proto", b"https"),
    ]
    if cookie:
        headers.append((b"cookie", f"{gate.COOKIE}={cookie}".encode()))
    return {
        "type": "websocket",
        "path": "/ws",
        "headers": headers,
        "client": PROXY,
        "scheme": "ws",
        "query_string": b"",
    }


def test_without_a_session_nothing_of_the_app_is_served(served):
    _, inner, app = served

    async def work():
        async with client(app) as http:
            page = await http.get("/")
            script = await http.get("/main.dart.js")
            posted = await http.post("/upload", content=b"x", headers={"origin": PUBLIC})
            made_up = await http.get("/", headers=jar("a" * 43))
        return page, script, posted, made_up, await websocket(app, None)

    page, script, posted, made_up, sent = run(work)
    assert (page.status_code, page.headers["location"]) == (303, "/signin")
    assert (script.status_code, script.headers["location"]) == (303, "/signin")
    assert (made_up.status_code, made_up.headers["location"]) == (303, "/signin")
    assert posted.status_code == 401
    assert sent == [{"type": "websocket.close", "code": gate.WEBSOCKET_REFUSED}]
    assert inner.seen == []


def test_the_sign_in_page_speaks_the_browser_s_language_and_keeps_the_app_s_guards(served):
    _, _, app = served

    async def work():
        async with client(app, lang="fr-CH, de;q=0.5") as http:
            return await http.get("/signin")

    page = run(work)
    assert page.status_code == 200
    assert tr("serve.signin.title", "fr") in page.text and 'lang="fr"' in page.text
    assert 'name="password" type="password"' in page.text
    assert page.headers["cache-control"] == "no-store"
    assert page.headers["x-frame-options"] == "DENY"
    assert "connect-src 'self' wss://games.example.org" in page.headers["content-security-policy"]


def test_a_member_signs_in_gets_a_safe_cookie_and_reaches_the_app_as_themselves(served):
    store, inner, app = served
    ana = invited(store)

    async def work():
        async with client(app) as http:
            signed = await http.post("/signin", content=sign_in_form(name=" ANA "), headers=FORM)
            token = signed.cookies[gate.COOKIE]
            home = await http.get("/")
            return signed, home, await websocket(app, token)

    signed, home, sent = run(work)
    assert (signed.status_code, signed.headers["location"]) == (303, "/")
    cookie = signed.headers["set-cookie"]
    for part in ("HttpOnly", "SameSite=Lax", "Secure", "Path=/", f"Max-Age={30 * 24 * 3600}"):
        assert part in cookie.split("; "), cookie
    assert home.status_code == 200 and home.text == "app for Ana"
    assert sent == [{"type": "websocket.accept"}]
    assert [seen["member"].id for seen in inner.seen] == [ana.id, ana.id]
    assert [member.id for member in inner.signed_in] == [ana.id]
    assert inner.seen[0]["client"] == ("203.0.113.9", 0)  # as the proxy saw it
    assert inner.seen[0]["scheme"] == "https" and inner.seen[1]["scheme"] == "wss"


def test_a_wrong_sign_in_says_so_keeps_what_was_typed_but_the_password_and_is_slowed(served):
    store, inner, app = served
    invited(store)

    async def work():
        answers = []
        async with client(app, lang="de") as http:
            for _ in range(FREE_TRIES + 8):  # the waits double: one comes too soon
                wrong = sign_in_form(password="not the password at all")
                answers.append(await http.post("/signin", content=wrong, headers=FORM))
                if answers[-1].status_code != 401:
                    break
        return answers

    answers = run(work)
    first = answers[0]
    assert first.status_code == 401 and gate.COOKIE not in first.cookies
    assert tr("accounts.sign_in_refused", "de") in first.text
    assert 'value="Thursday Club"' in first.text and 'value="Ana"' in first.text
    assert "not the password" not in first.text
    assert len(answers) > FREE_TRIES  # the free tries are all taken, then one is slowed
    slowed = answers[-1]
    assert slowed.status_code == 429 and int(slowed.headers["retry-after"]) >= 1
    seconds = int(slowed.headers["retry-after"])
    assert tr("accounts.slowed", "de", seconds=seconds) in slowed.text
    assert inner.seen == []


def test_an_invite_taken_on_the_join_page_makes_the_member_and_signs_them_in_once(served):
    store, _, app = served
    made = make_invite(store, "Thursday Club", url=PUBLIC)
    form = urlencode({"token": made.token, "name": "Bea", "password": SECRET})

    async def work():
        async with client(app) as http:
            page = await http.get("/join")
            joined = await http.post("/join", content=form, headers=FORM)
            home = await http.get("/")
        async with client(app) as http:
            again = await http.post("/join", content=form.replace("Bea", "Cid"), headers=FORM)
        return page, joined, home, again

    page, joined, home, again = run(work)
    assert page.status_code == 200 and 'id="token"' in page.text
    assert joined.status_code == 303 and "HttpOnly" in joined.headers["set-cookie"]
    assert home.text == "app for Bea"
    assert again.status_code == 400 and gate.COOKIE not in again.cookies
    assert tr("accounts.invite_used", "en") in again.text
    assert [m.display_name for m in members(store, "Thursday Club")] == ["Bea"]


def test_a_short_password_on_the_join_page_is_refused_and_the_invite_stays_open(served):
    store, _, app = served
    made = make_invite(store, "Thursday Club", url=PUBLIC)

    async def work():
        async with client(app, lang="es") as http:
            short = urlencode({"token": made.token, "name": "Bea", "password": "short"})
            refused = await http.post("/join", content=short, headers=FORM)
            good = urlencode({"token": made.token, "name": "Bea", "password": SECRET})
            return refused, await http.post("/join", content=good, headers=FORM)

    refused, taken = run(work)
    assert refused.status_code == 400
    with pytest.raises(AccountError) as why:
        passwords.hash_password("short")
    assert html.escape(why.value.message("es")) in refused.text
    assert f'value="{made.token}"' in refused.text  # the form again, with its invite
    assert taken.status_code == 303


def test_signing_out_ends_this_session_and_everywhere_ends_every_one(served):
    store, _, app = served
    invited(store)

    async def work():
        async with client(app) as phone, client(app) as laptop, client(app) as tablet:
            for each in (phone, laptop, tablet):
                await each.post("/signin", content=sign_in_form(), headers=FORM)
            assert (await phone.get("/")).status_code == 200
            token = phone.cookies[gate.COOKIE]
            out = await phone.post("/signout", headers={"origin": PUBLIC})
            after = await phone.get("/", headers=jar(token))  # kept, but ended
            account = await laptop.get("/account")
            everywhere = await laptop.post("/signout/everywhere", headers={"origin": PUBLIC})
            kept = tablet.cookies[gate.COOKIE]
            tablet_after = await tablet.get("/", headers=jar(kept))
            return out, after, account, everywhere, tablet_after

    out, after, account, everywhere, tablet_after = run(work)
    assert out.status_code == 200 and "Max-Age=0" in out.headers["set-cookie"]
    assert (after.status_code, after.headers["location"]) == (303, "/signin")
    assert account.status_code == 200
    assert (
        tr(
            "serve.account.who",
            "en",
            name="Ana",
            group="Thursday Club",
            role=tr("serve.role.member", "en"),
        )
        in account.text
    )
    assert tr("serve.signed_out_everywhere", "en", sessions=2) in everywhere.text
    assert (tablet_after.status_code, tablet_after.headers["location"]) == (303, "/signin")


def test_a_form_too_large_or_too_slow_is_refused_and_nothing_is_taken(served, monkeypatch):
    store, _, app = served
    made = make_invite(store, "Thursday Club", url=PUBLIC)
    monkeypatch.setattr(gate, "BODY_SECONDS", 0.5)

    async def slow_body():
        yield b"token="
        await asyncio.sleep(5)
        yield made.token.encode()

    async def work():
        async with client(app) as http:
            big = urlencode({"token": made.token, "name": "Bea", "password": "x" * 9000})
            large = await http.post("/join", content=big, headers=FORM)
            slow = await http.post("/join", content=slow_body(), headers=FORM)
            return large, slow

    large, slow = run(work)
    assert large.status_code == 413 and tr("serve.too_large", "en") in large.text
    assert slow.status_code == 408
    assert members(store, "Thursday Club") == []


def test_another_site_s_form_is_refused_before_the_gate(served):
    store, _, app = served
    invited(store)

    async def work():
        async with client(app) as http:
            hostile = {**FORM, "origin": "https://evil.example"}
            return await http.post("/signin", content=sign_in_form(), headers=hostile)

    answer = run(work)
    assert answer.status_code == 403 and gate.COOKIE not in answer.cookies


def test_forwarded_headers_count_from_the_proxy_only(served):
    store, inner, app = served
    invited(store)

    async def work():
        async with client(app) as proxy:
            await proxy.post("/signin", content=sign_in_form(), headers=FORM)
            token = proxy.cookies[gate.COOKIE]
            await proxy.get("/", headers={"x-forwarded-for": "6.6.6.6, 198.51.100.20"})
        stranger = client(app, peer=("192.0.2.50", 5555), base="http://games.example.org")
        async with stranger as direct:
            await direct.get("/", headers=jar(token))

    run(work)
    via_proxy, direct = inner.seen
    assert via_proxy["client"] == ("198.51.100.20", 0)  # the address the proxy saw
    assert direct["client"] == ("192.0.2.50", 5555) and direct["scheme"] == "http"
    assert not any(name.lower().startswith(b"x-forwarded") for name, _ in direct["headers"])


def test_trusted_proxies_are_addresses_or_networks():
    assert [str(n) for n in networks(["10.0.0.5", " 10.1.0.0/16", "::1"])] == [
        "10.0.0.5/32",
        "10.1.0.0/16",
        "::1/128",
    ]
    with pytest.raises(ValueError):
        networks(["proxy.example"])


def test_a_member_of_another_group_is_not_served_here(served):
    store, inner, app = served
    add_group(store, "Sunday Club")
    made = make_invite(store, "Sunday Club", url=PUBLIC)
    take_invite(store, made.token, "Dan", Password(SECRET))
    elsewhere = sign_in_with_password(store, "Sunday Club", "Dan", SECRET, address=None)

    async def work():
        async with client(app) as http:
            form = sign_in_form(name="Dan", group="Sunday Club")
            signed = await http.post("/signin", content=form, headers=FORM)
            kept = await http.get("/", headers=jar(elsewhere.token))
        return signed, kept

    signed, kept = run(work)
    assert signed.status_code == 401 and gate.COOKIE not in signed.cookies
    assert html.escape(tr("serve.other_group", "en")) in signed.text
    assert (kept.status_code, kept.headers["location"]) == (303, "/signin")
    assert inner.seen == []


def test_a_history_out_of_reach_is_said_never_a_traceback(served, monkeypatch):
    _, inner, app = served
    down = Unreachable(path="postgresql://games", detail="connection refused")

    def unreachable(*args, **kwargs):
        raise down

    monkeypatch.setattr(gate.accounts, "session_member", unreachable)
    monkeypatch.setattr(gate.accounts, "sign_in_with_password", unreachable)

    async def work():
        async with client(app) as http:
            page = await http.get("/", headers=jar("a" * 43))
            signed = await http.post("/signin", content=sign_in_form(), headers=FORM)
        return page, signed, await websocket(app, "a" * 43)

    page, signed, sent = run(work)
    for answer in (page, signed):
        assert answer.status_code == 503 and answer.headers["retry-after"] == "5"
        assert html.escape(down.message("en")) in answer.text
    assert sent == [{"type": "websocket.close", "code": gate.WEBSOCKET_LATER}]
    assert inner.seen == []


def test_a_guest_is_refused_until_the_app_can_hold_them_to_one_sheet(served):
    store, inner, app = served
    invited(store, name="Gus", role="guest")
    session = sign_in_with_password(store, "Thursday Club", "Gus", SECRET, address=None)

    async def work():
        async with client(app, lang="fr") as http:
            signed = await http.post("/signin", content=sign_in_form(name="Gus"), headers=FORM)
            kept = await http.get("/", headers=jar(session.token))
        return signed, kept

    signed, kept = run(work)
    assert signed.status_code == 401 and gate.COOKIE not in signed.cookies
    assert html.escape(tr("serve.no_guests_yet", "fr")) in signed.text
    assert (kept.status_code, kept.headers["location"]) == (303, "/signin")
    assert inner.seen == []


class Holding:
    """The app behind the gate, holding a websocket open (as the live sheet does) and
    answering each frame, until its device goes."""

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        assert scope["type"] == "websocket"
        assert (await receive())["type"] == "websocket.connect"
        await send({"type": "websocket.accept"})
        while (await receive())["type"] != "websocket.disconnect":
            await send({"type": "websocket.send", "text": "answer"})


def test_each_websocket_s_app_session_is_for_its_own_member_alone(served):
    """Two members' sockets at once: the app's session on each reads its own member, and
    nothing of it is left in the server's context once they are handled."""
    store, inner, app = served
    ana, ben = invited(store, "Ana"), invited(store, "Ben")

    async def work():
        async with client(app) as http:
            tokens = []
            for name in ("Ana", "Ben"):
                signed = await http.post("/signin", content=sign_in_form(name=name), headers=FORM)
                tokens.append(signed.cookies[gate.COOKIE])
                http.cookies.clear()
        await asyncio.gather(*(websocket(app, token) for token in tokens))
        return await signed_in_now()

    left = run(work)
    assert sorted(member.id for member in inner.signed_in) == sorted([ana.id, ben.id])
    assert left is None


def test_an_open_websocket_is_closed_once_its_session_ends_on_any_process(store, monkeypatch):
    monkeypatch.setattr(gate, "RECHECK_S", 0.05)
    monkeypatch.setattr(gate, "REMEMBER_S", 0.0)
    group = add_group(store, "Thursday Club")
    invited(store)
    here = group_guards(Holding(), store, PUBLIC, group.id)
    there = group_guards(Inner(), store, PUBLIC, group.id)  # another process's gate

    async def work():
        async with client(here) as phone, client(there) as laptop:
            await phone.post("/signin", content=sign_in_form(), headers=FORM)
            await laptop.post("/signin", content=sign_in_form(), headers=FORM)
            inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
            sent: list[dict[str, Any]] = []

            async def send(message):
                sent.append(message)

            await inbox.put({"type": "websocket.connect"})
            socket = asyncio.ensure_future(
                here(websocket_scope(phone.cookies[gate.COOKIE]), inbox.get, send)
            )
            await inbox.put({"type": "websocket.receive", "text": "a value"})
            await asyncio.sleep(0.5)  # ten look-ups of a session that lasts
            open_while_signed_in = list(sent)
            await laptop.post("/signout/everywhere", headers={"origin": PUBLIC})
            for _ in range(200):
                if any(m["type"] == "websocket.close" for m in sent):
                    break
                await asyncio.sleep(0.05)
            await inbox.put({"type": "websocket.receive", "text": "a late value"})
            await asyncio.sleep(0.2)
            await inbox.put({"type": "websocket.disconnect", "code": gate.WEBSOCKET_REFUSED})
            await asyncio.wait_for(socket, 10)
            return open_while_signed_in, sent

    open_while_signed_in, sent = run(work)
    answer = {"type": "websocket.send", "text": "answer"}
    assert open_while_signed_in == [{"type": "websocket.accept"}, answer]
    # closed by the gate once the session ended on the other process; the app's answer
    # to what came after is not sent
    assert sent == [
        {"type": "websocket.accept"},
        answer,
        {"type": "websocket.close", "code": gate.WEBSOCKET_REFUSED},
    ]
