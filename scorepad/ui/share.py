"""Phones at the table: the app on the local network, behind an access code.

``scorepad --share`` listens on every interface. A request from this computer (loopback)
passes as before; any other needs the access code: once in the address (``/?code=…``, what
the QR code holds), then in a cookie the gate sets. Without it a page gets a 401 that asks
for the code and a websocket is refused, so nothing of the app or its history leaks.
Codes are compared in constant time, and an address that keeps sending wrong codes waits
longer and longer for each answer.
"""

from __future__ import annotations

import asyncio
import hmac
import html
import io
import ipaddress
import secrets
import socket
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from functools import lru_cache
from typing import Any
from urllib.parse import parse_qs

from scorepad.core.i18n import tr
from scorepad.ui.errors import AppError

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Letters and digits that cannot be misread for one another (no O/0, I/1)."""
CODE_LENGTH = 6
COOKIE = "scorepad_code"
FREE_TRIES = 3
"""Wrong codes an address may send before its answers are slowed down."""
MAX_DELAY = 30.0
REMEMBERED = 1024
"""Addresses whose wrong tries are remembered (the oldest are forgotten first)."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


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


@lru_cache(maxsize=4)
def qr_png(url: str) -> bytes:
    """The QR code of ``url`` as a PNG picture, for the home screen."""
    import segno

    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="png", scale=6, border=2)
    return out.getvalue()


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
        self.code = code.encode("utf-8")
        self.lang = lang
        self.sleep = sleep
        self.wrong: OrderedDict[str, int] = OrderedDict()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = (scope.get("client") or (None, None))[0]
        if is_local(client):
            await self.app(scope, receive, send)
            return
        given = _query_code(scope)
        if given is not None:
            if self.matches(given):
                self.wrong.pop(client or "", None)
                await self.app(scope, receive, _setting_cookie(send, given))
                return
            await self.refuse(scope, send, client, tried=True)
            return
        if self.matches(_cookie_code(scope)):
            await self.app(scope, receive, send)
            return
        await self.refuse(scope, send, client, tried=False)

    def matches(self, given: str | None) -> bool:
        if given is None:
            return False
        return hmac.compare_digest(given.encode("utf-8", "replace"), self.code)

    def delay(self, client: str | None) -> float:
        """How long the next answer to ``client`` waits (0 for its first few tries)."""
        over = self.wrong.get(client or "", 0) - FREE_TRIES
        return 0.0 if over <= 0 else min(MAX_DELAY, 0.5 * 2 ** (over - 1))

    async def refuse(self, scope: Scope, send: Send, client: str | None, *, tried: bool) -> None:
        key = client or ""
        if tried:
            self.wrong[key] = self.wrong.get(key, 0) + 1
            self.wrong.move_to_end(key)
            while len(self.wrong) > REMEMBERED:
                self.wrong.popitem(last=False)
        wait = self.delay(client)
        if wait:
            await self.sleep(wait)
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 4401})
            return
        body = _ask_page(self.lang, tried).encode("utf-8")
        await send(
            {
                "type": "http.response.start",
                "status": 401,
                "headers": [
                    (b"content-type", b"text/html; charset=utf-8"),
                    (b"content-length", str(len(body)).encode()),
                    (b"cache-control", b"no-store"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


def _query_code(scope: Scope) -> str | None:
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    values = query.get("code")
    return values[0] if values else None


def _cookie_code(scope: Scope) -> str | None:
    for name, value in scope.get("headers", []):
        if name == b"cookie":
            for part in value.decode("latin-1").split(";"):
                key, _, found = part.strip().partition("=")
                if key == COOKIE:
                    return found
    return None


def _setting_cookie(send: Send, code: str) -> Send:
    """``send`` that adds the code's cookie to the response (so later requests carry it)."""
    cookie = f"{COOKIE}={code}; Path=/; HttpOnly; SameSite=Strict".encode("latin-1")

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = dict(message)
            message["headers"] = [*message.get("headers", []), (b"set-cookie", cookie)]
        await send(message)

    return sending


def _ask_page(lang: str, tried: bool) -> str:
    """A small page that asks for the code in the app's language and in English (in
    Spanish when that is English); it never echoes what was sent."""
    first, second = (lang, "es" if lang == "en" else "en")
    lines = []
    for each in (first, second):
        if tried:
            lines.append(f"<p><strong>{html.escape(tr('share.wrong_code', each))}</strong></p>")
        lines.append(f"<p>{html.escape(tr('share.ask_code', each))}</p>")
    label = html.escape(tr("share.code", first))
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>Scorepad</title></head><body style='font-family:sans-serif;margin:2em'>"
        f"<h1>Scorepad</h1>{''.join(lines)}"
        "<form method='get' action='/'>"
        f"<label>{label} <input name='code' autocomplete='off' autocapitalize='characters'"
        " autofocus></label> <button type='submit'>OK</button></form></body></html>"
    )


def run_gated(main: Callable[..., Any], port: int, gate: Callable[[ASGIApp], ASGIApp]) -> None:
    """Serve the Flet app on every interface with ``gate`` in front, until Ctrl+C.

    The same FastAPI app ``ft.run`` serves in web mode (Flet's own builder), run by
    uvicorn directly so that the gate sees every request and websocket first.
    """
    import uvicorn
    from flet_web.fastapi.serve_fastapi_web_app import get_fastapi_web_app

    from scorepad.ui.config import FONT_FILES

    app = get_fastapi_web_app(
        main, None, page_name="", assets_dir=str(FONT_FILES), upload_dir=None, no_cdn=True
    )
    config = uvicorn.Config(
        gate(app), host="0.0.0.0", port=port, log_level="warning", ws="websockets-sansio"
    )
    uvicorn.Server(config).run()
