"""The members' gate: nothing of the app without a member's session.

ASGI middleware in front of the app (``scorepad serve``). Every request and websocket
needs the session cookie of a member (``COOKIE``); without one a page is sent to the
sign-in page, anything else is refused (401, a websocket closed with 4401). The gate
answers its own addresses itself:

=========================  =====================================================
``GET /signin``            the sign-in page (a group, a name and a password)
``POST /signin``           its form: a session, or the page again saying why not
``GET /join``              taking an invite (its code in the link's fragment)
``POST /join``             its form: the member made, and signed in
``GET /account``           who is signed in, with sign out and sign out everywhere
``POST /signout``          this device's session ended
``POST /signout/everywhere``  every session of the member ended
``POST /passkey/…``        the passkey ceremonies (``scorepad.accounts.ceremonies``):
                           ``join/options``, ``join``, ``signin/options``, ``signin``;
                           JSON in and out, ``{"problem": …}`` when refused
=========================  =====================================================

One group per server for now: plays, players and games do not belong to a group yet
(issue 34's groups on every row), so the gate serves the members of one group alone
(``group_id``), and ``scorepad serve`` starts only on a history with one group. Guests
(who are to see one table's sheet and nothing else) are refused until the app can hold
them to that.

The session cookie holds a random token (the history keeps its SHA-256), ``HttpOnly``
(no script reads it), ``SameSite=Lax`` (another site's page cannot send it with a form
or a background request; following a link to the app still works), ``Secure`` (only
over https; browsers take it over plain http on loopback too, for trying it out) and
``Path=/``, for the 30 days a session lasts. Which member a token is, is looked up at
most every ``REMEMBER_S`` seconds per token in each process; sign-outs made here are
seen at once, those made by another process within that time. An open websocket (the
live sheet) is looked up again every ``RECHECK_S`` seconds: once its session ended,
signed out on this device, everywhere, or by an owner's reset, on any process, it is
closed (4401: the page goes to the sign-in page) and nothing more of the app's goes out
on it.

Every request is bounded: a form's body at ``FORM_BYTES`` (a passkey's JSON at
``JSON_BYTES``), received within
``BODY_SECONDS``; at most ``CHECKING`` passwords checked at once in the process (argon2
takes memory and time by design), the others wait their turn. A wrong sign-in is
slowed (``scorepad.accounts.slowing``), its page saying when to try again. A history out
of reach is said (503), never a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import OrderedDict
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, TypeVar
from urllib.parse import parse_qs

import scorepad.accounts as accounts
import scorepad.accounts.ceremonies as ceremonies
import scorepad.serve.pages as pages
from scorepad.accounts.audit import Noted, noted
from scorepad.accounts.errors import AccountError, SlowedDown
from scorepad.core.errors import ScorepadError
from scorepad.core.i18n import accepted_lang, tr
from scorepad.serve.asgi import (
    ASGIApp,
    Message,
    Receive,
    Scope,
    Send,
    TooLarge,
    cookie,
    header,
    read_body,
    respond,
)
from scorepad.store import MemberRow, Store

COOKIE = "scorepad_member"
GUEST = "guest"
"""The role that joins one table's live sheet and sees nothing else: not served yet (the
app does not tell roles apart), so a guest is refused rather than shown everything."""
MEMBER = "scorepad.member"
"""Where the gate leaves the signed-in member (``MemberRow``) in the request's scope."""
SIGNED_IN: ContextVar[MemberRow | None] = ContextVar("scorepad_signed_in", default=None)
"""The member whose websocket the app is handed, in that socket's own context: the app's
session opened on it reads who it is for (``signed_in_audit``), never the page."""


def signed_in_audit(store: Store) -> Noted:
    """What the app's session opened on this websocket does to the history, noted in the
    audit log as its member's (``scorepad.accounts.audit.noted``); called in the
    session's own start (``scorepad.ui.launch.serve_group``)."""
    member = SIGNED_IN.get()
    if member is None:
        raise RuntimeError("a session of the app with no member: the gate let it by")
    return noted(store, member)


LASTS_S = 30 * 24 * 3600
REMEMBER_S = 5.0
RECHECK_S = 10.0
REMEMBERED = 4096
FORM_BYTES = 8 * 1024
JSON_BYTES = 32 * 1024
BODY_SECONDS = 10.0
CHECKING = 2
WEBSOCKET_REFUSED = 4401
WEBSOCKET_LATER = 1013
"""A websocket closed because the history is out of reach: try again later."""
HTML = "text/html; charset=utf-8"
JSON = "application/json"

T = TypeVar("T")


class MemberGate:
    """ASGI middleware: a member's session, or the sign-in page (see the module doc)."""

    def __init__(
        self, app: ASGIApp, store: Store, public: str, group_id: int, *, lang: str = "en"
    ) -> None:
        """``public``: the address members open (``https://…``), whose host names the
        server's passkeys; ``group_id``: the group it serves (its members only)."""
        self.app = app
        self.store = store
        self.group_id = group_id
        self.lang = lang
        self.party = ceremonies.Party.of(public)
        self.secure = public.startswith("https:")
        self.known: OrderedDict[str, tuple[MemberRow | None, float]] = OrderedDict()
        self.checking = asyncio.Semaphore(CHECKING)
        self.remember = REMEMBER_S
        self.recheck = RECHECK_S
        self.own: dict[tuple[str, str], Callable[..., Any]] = {
            ("GET", "/signin"): self.sign_in_page,
            ("POST", "/signin"): self.sign_in,
            ("GET", "/join"): self.join_page,
            ("POST", "/join"): self.join,
            ("GET", "/account"): self.account,
            ("POST", "/signout"): self.sign_out,
            ("POST", "/signout/everywhere"): self.sign_out_everywhere,
            ("POST", "/passkey/join/options"): self.passkey_join_options,
            ("POST", "/passkey/join"): self.passkey_join,
            ("POST", "/passkey/signin/options"): self.passkey_sign_in_options,
            ("POST", "/passkey/signin"): self.passkey_sign_in,
        }

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        lang = accepted_lang(header(scope, b"accept-language")) or self.lang
        own = self.own.get((scope.get("method", ""), scope["path"]))
        try:
            if scope["type"] == "http" and own is not None:
                await self.own_page(own, scope, receive, send, lang)
                return
            token = cookie(scope, COOKIE)
            member = await self.member(token)
        except ScorepadError as problem:  # the history out of reach: said, and nothing done
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": WEBSOCKET_LATER})
                return
            body = pages.said(lang, "serve.refused", problem.message(lang))
            await respond(send, 503, body, HTML, [(b"retry-after", b"5")])
            return
        if member is None:
            await self.refuse(scope, send)
            return
        scope = dict(scope)
        scope[MEMBER] = member
        if scope["type"] == "websocket" and token:
            SIGNED_IN.set(member)  # this connection's task only: each socket has its own
            await self.watched(token, scope, receive, send)
            return
        await self.app(scope, receive, send)

    async def watched(self, token: str, scope: Scope, receive: Receive, send: Send) -> None:
        """The app's websocket for as long as its session lasts (looked up again every
        ``recheck`` seconds): once it ended, closed, and nothing more of the app's sent."""
        ended = False

        async def guarded(message: Message) -> None:
            if not ended:
                await send(message)

        async def watch() -> None:
            nonlocal ended
            while True:
                await asyncio.sleep(self.recheck)
                try:
                    member = await self.member(token)
                except ScorepadError:
                    continue  # the history out of reach: looked up again later
                if member is None:
                    ended = True
                    with contextlib.suppress(Exception):  # closed meanwhile: nothing to do
                        await send({"type": "websocket.close", "code": WEBSOCKET_REFUSED})
                    return

        watcher = asyncio.ensure_future(watch())
        try:
            await self.app(scope, receive, guarded)
        finally:
            watcher.cancel()

    async def own_page(
        self, own: Callable[..., Any], scope: Scope, receive: Receive, send: Send, lang: str
    ) -> None:
        try:
            await own(scope, receive, send, lang)
        except TooLarge:
            text = tr("serve.too_large", lang)
            await respond(send, 413, pages.said(lang, "serve.refused", text), HTML)
        except TimeoutError:
            text = tr("serve.too_slow", lang, seconds=int(BODY_SECONDS))
            await respond(send, 408, pages.said(lang, "serve.refused", text), HTML)

    # --- who a request is ---------------------------------------------------------------
    async def member(self, token: str | None) -> MemberRow | None:
        """The member whose session ``token`` is, or None (looked up at most every
        ``REMEMBER_S`` seconds per token)."""
        if not token:
            return None
        now = time.monotonic()
        found = self.known.get(token)
        if found is not None and now - found[1] < self.remember:
            self.known.move_to_end(token)
            return found[0]
        member = await self.run(lambda: accounts.session_member(self.store, token))
        if member is not None and (member.group_id != self.group_id or member.role == GUEST):
            member = None  # another group's, or a guest's: not this server's to serve yet
        self.known[token] = (member, now)
        self.known.move_to_end(token)
        while len(self.known) > REMEMBERED:
            self.known.popitem(last=False)
        return member

    async def refuse(self, scope: Scope, send: Send) -> None:
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": WEBSOCKET_REFUSED})
        elif scope.get("method") in ("GET", "HEAD"):
            await respond(send, 303, b"", HTML, [(b"location", b"/signin")])
        else:
            await respond(send, 401, b"", HTML)

    async def run(self, work: Callable[[], T]) -> T:
        """``work`` (the history's, or argon2's) off the server's loop."""
        return await asyncio.to_thread(work)

    # --- the pages ----------------------------------------------------------------------
    async def sign_in_page(self, scope: Scope, receive: Receive, send: Send, lang: str) -> None:
        await respond(send, 200, pages.sign_in(lang), HTML)

    async def sign_in(self, scope: Scope, receive: Receive, send: Send, lang: str) -> None:
        form = await self.form(receive)
        group, name = form.get("group", ""), form.get("name", "")
        address = _client(scope)
        try:
            async with self.checking:
                signed = await self.run(
                    lambda: accounts.sign_in_with_password(
                        self.store, group, name, form.get("password", ""), address=address
                    )
                )
            await self.served(signed)
        except AccountError as problem:
            status, extra = _refusal(problem)
            body = pages.sign_in(lang, problem=problem.message(lang), group=group, name=name)
            await respond(send, status, body, HTML, extra)
            return
        await self.enter(send, signed.token)

    async def join_page(self, scope: Scope, receive: Receive, send: Send, lang: str) -> None:
        await respond(send, 200, pages.join(lang), HTML)

    async def join(self, scope: Scope, receive: Receive, send: Send, lang: str) -> None:
        form = await self.form(receive)
        token, name = form.get("token", ""), form.get("name", "")
        password = accounts.Password(form.get("password", ""))
        address = _client(scope)

        def work() -> accounts.SignedIn:
            member = accounts.take_invite(self.store, token, name, password)
            return accounts.signed_in(self.store, member, method="invite", address=address)

        try:
            async with self.checking:
                signed = await self.run(work)
            await self.served(signed)
        except AccountError as problem:
            body = pages.join(lang, problem=problem.message(lang), name=name, token=token)
            await respond(send, 400, body, HTML)
            return
        await self.enter(send, signed.token)

    async def account(self, scope: Scope, receive: Receive, send: Send, lang: str) -> None:
        member = await self.member(cookie(scope, COOKIE))
        if member is None:
            await self.refuse(scope, send)
            return
        await respond(send, 200, await self.account_page(member, lang), HTML)

    async def account_page(self, member: MemberRow, lang: str, note: str | None = None) -> bytes:
        groups = await self.run(lambda: accounts.groups(self.store))
        group = next((g.name for g in groups if g.id == member.group_id), "")
        return pages.account(
            lang, name=member.display_name, group=group, role=member.role, note=note
        )

    async def sign_out(self, scope: Scope, receive: Receive, send: Send, lang: str) -> None:
        await self.form(receive)
        token = cookie(scope, COOKIE)
        if token:
            await self.run(lambda: accounts.sign_out(self.store, token))
            self.known.pop(token, None)
        text = tr("serve.signed_out", lang)
        body = pages.said(lang, "serve.signed_out.title", text)
        await respond(send, 200, body, HTML, [self.cookie("", 0)])

    async def sign_out_everywhere(
        self, scope: Scope, receive: Receive, send: Send, lang: str
    ) -> None:
        await self.form(receive)
        member = await self.member(cookie(scope, COOKIE))
        if member is None:
            await self.refuse(scope, send)
            return
        ended = await self.run(lambda: accounts.sign_out_everywhere(self.store, member.id))
        for token, (who, _) in list(self.known.items()):
            if who is not None and who.id == member.id:
                del self.known[token]
        text = tr("serve.signed_out_everywhere", lang, sessions=ended)
        body = pages.said(lang, "serve.signed_out.title", text)
        await respond(send, 200, body, HTML, [self.cookie("", 0)])

    # --- passkeys (JSON) ----------------------------------------------------------------
    async def passkey_join_options(
        self, scope: Scope, receive: Receive, send: Send, lang: str
    ) -> None:
        asked = await self.json(receive)
        token, name = _text(asked, "token"), _text(asked, "name")
        await self.answer(
            send, lang, lambda: ceremonies.join_options(self.store, self.party, token, name)
        )

    async def passkey_join(self, scope: Scope, receive: Receive, send: Send, lang: str) -> None:
        asked = await self.json(receive)
        address = _client(scope)

        def work() -> accounts.SignedIn:
            return ceremonies.join_with_passkey(
                self.store,
                self.party,
                _text(asked, "token"),
                _text(asked, "name"),
                _text(asked, "challenge"),
                asked.get("credential"),
                address=address,
            )

        await self.answer(send, lang, work)

    async def passkey_sign_in_options(
        self, scope: Scope, receive: Receive, send: Send, lang: str
    ) -> None:
        await self.json(receive)
        await self.answer(send, lang, lambda: ceremonies.sign_in_options(self.store, self.party))

    async def passkey_sign_in(self, scope: Scope, receive: Receive, send: Send, lang: str) -> None:
        asked = await self.json(receive)
        address = _client(scope)

        def work() -> accounts.SignedIn:
            return ceremonies.sign_in_with_passkey(
                self.store,
                self.party,
                _text(asked, "challenge"),
                asked.get("credential"),
                address=address,
            )

        await self.answer(send, lang, work)

    async def answer(self, send: Send, lang: str, work: Callable[[], object]) -> None:
        """``work``'s result as JSON: the options asked for, or signed in (the session's
        cookie), or ``{"problem": …}`` in the reader's language."""
        try:
            done = await self.run(work)
            if isinstance(done, accounts.SignedIn):
                await self.served(done)
        except AccountError as problem:
            status, extra = _refusal(problem)
            body = json.dumps({"problem": problem.message(lang)}, ensure_ascii=False)
            await respond(send, status if status != 401 else 400, body.encode(), JSON, extra)
            return
        if isinstance(done, accounts.SignedIn):
            ok = json.dumps({"signed_in": True}).encode()
            await respond(send, 200, ok, JSON, [self.cookie(done.token, LASTS_S)])
            return
        assert isinstance(done, ceremonies.Asked)
        asked = {"challenge": done.challenge, "options": done.options}
        await respond(send, 200, json.dumps(asked).encode(), JSON)

    async def json(self, receive: Receive) -> dict[str, Any]:
        """A JSON object's body, within the gate's bounds (anything else: an empty one)."""
        body = await asyncio.wait_for(read_body(receive, JSON_BYTES), BODY_SECONDS)
        try:
            found = json.loads(body)
        except ValueError:
            return {}
        return found if isinstance(found, dict) else {}

    # --- helpers ------------------------------------------------------------------------
    async def form(self, receive: Receive) -> dict[str, str]:
        """A form's fields (the first of each name), within the gate's bounds."""
        body = await asyncio.wait_for(read_body(receive, FORM_BYTES), BODY_SECONDS)
        fields = parse_qs(body.decode("utf-8", "replace"), max_num_fields=16)
        return {key: values[0] for key, values in fields.items()}

    def cookie(self, token: str, seconds: int) -> tuple[bytes, bytes]:
        parts = [f"{COOKIE}={token}", "Path=/", "HttpOnly", "SameSite=Lax", f"Max-Age={seconds}"]
        if self.secure:
            parts.append("Secure")
        return b"set-cookie", "; ".join(parts).encode("latin-1")

    async def served(self, signed: accounts.SignedIn) -> None:
        """Refuse (its session ended again) a member of a group this server does not
        serve, or a guest: signed in right, but not here (yet)."""
        if signed.member.group_id != self.group_id or signed.member.role == GUEST:
            await self.run(lambda: accounts.sign_out(self.store, signed.token))
            other = signed.member.group_id != self.group_id
            raise AccountError("serve.other_group" if other else "serve.no_guests_yet")

    async def enter(self, send: Send, token: str) -> None:
        """Signed in: the session's cookie, and on to the app."""
        await respond(send, 303, b"", HTML, [(b"location", b"/"), self.cookie(token, LASTS_S)])


def _text(found: dict[str, Any], key: str) -> str:
    value = found.get(key)
    return value if isinstance(value, str) else ""


def _client(scope: Scope) -> str | None:
    client = scope.get("client")
    return str(client[0]) if client else None


def _refusal(problem: AccountError) -> tuple[int, list[tuple[bytes, bytes]]]:
    if isinstance(problem, SlowedDown):
        return 429, [(b"retry-after", str(problem.seconds).encode())]
    return 401, []
