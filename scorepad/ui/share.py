"""Phones at the table: the app on the local network, behind an access code.

``scorepad --share`` listens on every interface. A request from this computer (loopback)
passes as before; any other needs the access code: once in the address (``/?code=…``, what
the QR code holds), then a session cookie the gate sets. Without it a page gets a 401 that
asks for the code and a websocket is refused, so nothing of the app or its history leaks.
The cookie never holds the code: it holds a random token signed with a key of this run of
the app and the current code (a new code, or the app started again, ends every session),
HttpOnly, SameSite=Strict, and Secure when the page came over https.
Codes are compared in constant time. Every wrong code counts, however it comes (the
address, the cookie, a websocket, many at once): an address that keeps sending them waits
longer and longer for each answer, up to ``MAX_DELAY``, and one with ``PENDING`` answers
still to wait for gets the next at once, without its code being looked at (so tries sent
in parallel gain nothing, and learn nothing). The right code never waits. What is
remembered is bounded: ``REMEMBERED`` addresses (an IPv6 address counts by its /64).
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import html
import io
import ipaddress
import secrets
import socket
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from functools import lru_cache
from urllib.parse import parse_qs

import scorepad.core.slowing as slowing
from scorepad.core.i18n import accepted_lang, tr
from scorepad.core.slowing import FREE_TRIES as FREE_TRIES  # the tests read it here
from scorepad.core.slowing import MAX_DELAY, network_key
from scorepad.serve.asgi import ASGIApp as ASGIApp  # the app's server reads them here
from scorepad.serve.asgi import Message as Message
from scorepad.serve.asgi import Receive as Receive
from scorepad.serve.asgi import Scope as Scope
from scorepad.serve.asgi import Send as Send
from scorepad.serve.asgi import cookie as cookie_of
from scorepad.serve.asgi import header
from scorepad.ui.errors import AppError

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Letters and digits that cannot be misread for one another (no O/0, I/1)."""
CODE_LENGTH = 6
COOKIE = "scorepad_session"
"""The session cookie's name (it once held the code itself, as ``scorepad_code``)."""
TOKEN_BYTES = 18
PENDING = 4
"""Answers one address may be waiting for at once."""
REMEMBERED = 16384
"""Addresses whose wrong tries are remembered (the oldest are forgotten first)."""
MAX_COUNT = 1_000_000


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def check_code(code: str) -> str:
    """A code given with ``--code``: 4 to 64 letters, digits, ``-`` or ``_``."""
    ok = 4 <= len(code) <= 64 and all(c.isascii() and (c.isalnum() or c in "-_") for c in code)
    if not ok:
        raise AppError("share.bad_code")
    return code


def lan_address() -> str | None:
    """This computer's address on the local network, or None when it has none.

    Connecting a UDP socket sends nothing; it only makes the system choose the interface
    (and so the address) it would route through.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 9))
            address = str(probe.getsockname()[0])
        except OSError:
            return None
    return None if ipaddress.ip_address(address).is_loopback else address


def share_url(host: str, port: int, code: str) -> str:
    return f"http://{host}:{port}/?code={code}"


def qr_text(url: str) -> str:
    """The QR code of ``url`` drawn with block characters, for the terminal."""
    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


QR_BORDER = 2
"""Light modules around the code (the quiet zone a reader needs), on each side."""


@lru_cache(maxsize=4)
def qr_runs(url: str) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """The QR code of ``url`` for the home screen to draw: its size in modules (the
    quiet zone included) and its dark modules as runs along each row, ``(row, column,
    length)``. Drawn as shapes, not as a picture: a phone on plain http (not
    cross-origin isolated) showed the picture as a blank box."""
    import segno

    matrix = segno.make(url, error="m").matrix
    runs: list[tuple[int, int, int]] = []
    for row, modules in enumerate(matrix):
        column = 0
        while column < len(modules):
            if not modules[column]:
                column += 1
                continue
            start = column
            while column < len(modules) and modules[column]:
                column += 1
            runs.append((row + QR_BORDER, start + QR_BORDER, column - start))
    return len(matrix) + 2 * QR_BORDER, tuple(runs)


def is_local(host: str | None) -> bool:
    """A request from this computer itself."""
    if not host:
        return False
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class AccessGate:
    """ASGI middleware in front of the app: no code, no page and no data."""

    def __init__(
        self,
        app: ASGIApp,
        code: str,
        *,
        lang: str = "en",
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.app = app
        self.key = secrets.token_bytes(32)
        self.code = code
        self.lang = lang
        self.sleep = sleep
        self.wrong: OrderedDict[str, int] = OrderedDict()
        self.pending: dict[str, int] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = (scope.get("client") or (None, None))[0]
        if is_local(client):
            await self.app(scope, receive, send)
            return
        key = network_key(client)
        if self.pending.get(key, 0) >= PENDING:
            await self.answer(scope, send, tried=False, status=429)
            return
        given, cookie = _query_code(scope), cookie_of(scope, COOKIE)
        if given is not None:
            if self.matches(given):
                self.wrong.pop(key, None)
                secure = scope.get("scheme") in ("https", "wss")
                await self.app(scope, receive, _setting_cookie(send, self.token(), secure))
                return
        elif self.valid(cookie):
            await self.app(scope, receive, send)
            return
        await self.refuse(scope, send, key, tried=given is not None or cookie is not None)

    @property
    def code(self) -> str:
        return self._code.decode("utf-8")

    @code.setter
    def code(self, code: str) -> None:
        """A new code: every session opened with the one before ends."""
        self._code = code.encode("utf-8")

    def matches(self, given: str | None) -> bool:
        if given is None:
            return False
        return hmac.compare_digest(given.encode("utf-8", "replace"), self._code)

    def token(self) -> str:
        """A new session's token: random, signed for the current code."""
        nonce = _b64(secrets.token_bytes(TOKEN_BYTES))
        return f"{nonce}.{self._signature(nonce)}"

    def valid(self, token: str | None) -> bool:
        """Whether ``token`` is a session this gate opened with its current code."""
        if not token or token.count(".") != 1:
            return False
        nonce, signature = token.split(".")
        expected = self._signature(nonce)
        return hmac.compare_digest(signature.encode("ascii", "replace"), expected.encode())

    def _signature(self, nonce: str) -> str:
        message = self._code + b"\x00" + nonce.encode("ascii", "replace")
        return _b64(hmac.new(self.key, message, hashlib.sha256).digest())

    def delay(self, key: str | None) -> float:
        """How long the next answer to ``key`` waits (0 for its first few tries)."""
        return slowing.delay(self.wrong.get(key or "", 0))

    async def refuse(self, scope: Scope, send: Send, key: str, *, tried: bool) -> None:
        if tried:
            self.wrong[key] = min(self.wrong.get(key, 0) + 1, MAX_COUNT)
            self.wrong.move_to_end(key)
            while len(self.wrong) > REMEMBERED:
                self.wrong.popitem(last=False)
        wait = self.delay(key)
        if wait:
            self.pending[key] = self.pending.get(key, 0) + 1
            try:
                await self.sleep(wait)
            finally:
                left = self.pending.pop(key) - 1
                if left > 0:
                    self.pending[key] = left
        await self.answer(scope, send, tried=tried)

    async def answer(self, scope: Scope, send: Send, *, tried: bool, status: int = 401) -> None:
        """The refusal: a websocket is closed, a page asks for the code."""
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 4401})
            return
        wanted = accepted_lang(header(scope, b"accept-language"))
        langs = [wanted] if wanted else list(dict.fromkeys((self.lang, "en")))
        body = _ask_page(langs, tried).encode("utf-8")
        headers = [
            (b"content-type", b"text/html; charset=utf-8"),
            (b"content-length", str(len(body)).encode()),
            (b"content-language", langs[0].encode()),
            (b"vary", b"accept-language"),
            (b"cache-control", b"no-store"),
        ]
        if status == 429:
            headers.append((b"retry-after", str(int(MAX_DELAY)).encode()))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def _query_code(scope: Scope) -> str | None:
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    values = query.get("code")
    return values[0] if values else None


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _setting_cookie(send: Send, token: str, secure: bool) -> Send:
    """``send`` that adds the session's cookie to the response (so later requests carry
    it): for this server's pages only, never read by a script, never sent by another
    site's page, and over https only when the page came over https."""
    flags = "; Secure" if secure else ""
    cookie = f"{COOKIE}={token}; Path=/; HttpOnly; SameSite=Strict{flags}".encode("latin-1")

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = dict(message)
            message["headers"] = [*message.get("headers", []), (b"set-cookie", cookie)]
        await send(message)

    return sending


def _ask_page(langs: list[str], tried: bool) -> str:
    """A small page that asks for the code in ``langs``: the browser's language (its
    Accept-Language), or, when it names none of the app's, the app's language and
    English. It never echoes what was sent."""
    first = langs[0]
    lines = []
    for each in langs:
        if tried:
            lines.append(f"<p><strong>{html.escape(tr('share.wrong_code', each))}</strong></p>")
        lines.append(f"<p>{html.escape(tr('share.ask_code', each))}</p>")
    label = html.escape(tr("share.code", first))
    button = html.escape(tr("share.open", first))
    return (
        f"<!doctype html><html lang='{html.escape(first)}'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        "<meta name='color-scheme' content='light dark'>"  # the browser's own dark colours
        f"<title>Scorepad</title></head><body style='font-family:sans-serif;margin:2em'>"
        f"<h1>Scorepad</h1>{''.join(lines)}"
        "<form method='get' action='/'>"
        f"<label>{label} <input name='code' autocomplete='off' autocapitalize='characters'"
        f" autofocus></label> <button type='submit'>{button}</button></form></body></html>"
    )
