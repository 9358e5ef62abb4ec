"""Closed to other web sites: only the app's own pages talk to the app.

``SameOrigin`` is ASGI middleware in front of everything the server answers (pages,
files, the websocket), with or without ``--share``:

- a ``Host`` header that is not one of the app's own addresses (loopback, and with
  ``--share`` the network address it prints) is refused: a name that another site made
  point at this computer (DNS rebinding) gets nothing;
- a request or websocket whose ``Origin`` is another site's is refused, and so is a
  request another site's page makes in the background (``Sec-Fetch-Site``); following a
  link is still a navigation, which the app's own page then serves;
- a link from another site that would start a play (``/new/<game>?players=…``, any
  address under ``/new/``) is sent on to the same address marked ``ask=1``: New play
  opens filled in and nothing starts until a person taps Start (a link followed on the
  app's own page, or typed, starts the sheet as before);
- every answer forbids framing (``frame-ancestors 'none'``, ``X-Frame-Options``), content
  sniffing, and any ``Referer`` (which could carry the access code); its content policy
  lets the page reach only this server, so the Flutter client's own calls to public
  CDNs (Rive's runtime) never leave the machine;
- Flet's ``Access-Control-Allow-Origin: *`` is taken off every answer.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from urllib.parse import parse_qs

from scorepad.core.i18n import tr
from scorepad.ui.share import ASGIApp, Message, Receive, Scope, Send

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
CROSS = (b"cross-site", b"same-site")
"""``Sec-Fetch-Site`` values of a request made by another site's page (another port on
this computer is the same site but another origin)."""
DROPPED = (b"access-control-allow-origin",)
LINK_ASKS = "ask"
"""The query parameter that makes a ``/new/`` link ask before it starts a play."""


def own_hosts(port: int, lan: str | None = None) -> frozenset[str]:
    """The ``Host`` headers the app answers to: loopback and the network address."""
    names = [*LOOPBACK_NAMES, *([lan] if lan else [])]
    hosts = {f"{name}:{port}" for name in names}
    if port == 80:  # a browser leaves the default port out
        hosts |= set(names)
    return frozenset(host.lower() for host in hosts)


def policy(host: str, socket: str = "ws") -> bytes:
    """The content policy: this server only (its websocket by ``socket``, ``ws`` or
    ``wss``), never framed."""
    return (
        "default-src 'self'; "
        "script-src 'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob:; "
        "style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data: blob:; "
        "font-src 'self' data: blob:; "
        f"connect-src 'self' {socket}://{host}; "
        "worker-src 'self' blob:; "
        "object-src 'none'; base-uri 'self'; form-action 'self'; "
        "frame-ancestors 'none'"
    ).encode("latin-1")


def safe_headers(host: str, socket: str = "ws") -> list[tuple[bytes, bytes]]:
    """The headers of every answer. Behind https (a group's server, ``socket`` ``wss``),
    a page's own forms must carry its origin, which a browser writes as ``null`` under
    ``no-referrer``: there, no address ever holds a secret (an invite's code rides in the
    fragment, which no Referer carries), and other sites are sent none."""
    referrer = b"same-origin" if socket == "wss" else b"no-referrer"
    return [
        (b"content-security-policy", policy(host, socket)),
        (b"x-frame-options", b"DENY"),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", referrer),
    ]


class SameOrigin:
    """ASGI middleware: the app's own addresses and pages only (see the module doc)."""

    def __init__(
        self, app: ASGIApp, hosts: Iterable[str], *, lang: str = "en", public: str | None = None
    ) -> None:
        """``public``: the one address pages are opened at, behind a reverse proxy (a
        group's server: ``https://…``), instead of ``http://`` and each of ``hosts``."""
        self.app = app
        self.hosts = frozenset(h.lower() for h in hosts)
        plain = (f"http://{h}" for h in self.hosts)
        self.origins = frozenset([public.lower()] if public else plain)
        self.socket = "wss" if public and public.lower().startswith("https:") else "ws"
        self.lang = lang

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        host = headers.get(b"host", b"").decode("latin-1").lower()
        if host not in self.hosts:
            await self.refuse(scope, send, host, "guard.wrong_host")
            return
        origin = headers.get(b"origin")
        if origin is not None and origin.decode("latin-1").lower() not in self.origins:
            await self.refuse(scope, send, host, "guard.other_site")
            return
        site, mode = headers.get(b"sec-fetch-site"), headers.get(b"sec-fetch-mode")
        if site in CROSS and mode != b"navigate":
            await self.refuse(scope, send, host, "guard.other_site")
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        if site in CROSS and starts_a_play(scope):
            await self.ask_first(scope, send, host)
            return
        await self.app(scope, receive, _with_headers(send, host, self.socket))

    async def ask_first(self, scope: Scope, send: Send, host: str) -> None:
        """Another site's link that would start a play: sent on to the same address,
        marked to ask first."""
        query = scope.get("query_string", b"")
        where = bytes(scope.get("raw_path") or scope["path"].encode("utf-8"))
        where += b"?" + query + b"&" + LINK_ASKS.encode() + b"=1"
        headers = [
            (b"location", where),
            (b"content-length", b"0"),
            (b"cache-control", b"no-store"),
            *safe_headers(host, self.socket),
        ]
        await send({"type": "http.response.start", "status": 303, "headers": headers})
        await send({"type": "http.response.body", "body": b""})

    async def refuse(self, scope: Scope, send: Send, host: str, key: str) -> None:
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 4403})
            return
        text = html.escape(tr(key, self.lang))
        body = (
            "<!doctype html><html><head><meta charset='utf-8'><title>Scorepad</title></head>"
            f"<body><p>{text}</p></body></html>"
        ).encode()
        headers = [
            (b"content-type", b"text/html; charset=utf-8"),
            (b"content-length", str(len(body)).encode()),
            (b"cache-control", b"no-store"),
            *safe_headers(host if host in self.hosts else LOOPBACK_NAMES[0], self.socket),
        ]
        await send({"type": "http.response.start", "status": 403, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def starts_a_play(scope: Scope) -> bool:
    """Whether a request is for a link that may start a play as it opens, unasked: any
    under ``/new/`` (the page's address is what the app reads the players from, and an
    address can hide its query from this check, ``%3F`` for ``?``)."""
    if scope.get("method") not in ("GET", "HEAD") or not scope["path"].startswith("/new/"):
        return False
    query = parse_qs(bytes(scope.get("query_string", b"")).decode("latin-1"))
    return LINK_ASKS not in query


def _headers(scope: Scope) -> dict[bytes, bytes]:
    """The request's headers by lower-case name (the first of each)."""
    found: dict[bytes, bytes] = {}
    for name, value in scope.get("headers", []):
        found.setdefault(bytes(name).lower(), bytes(value))
    return found


def _with_headers(send: Send, host: str, socket: str = "ws") -> Send:
    extra = safe_headers(host, socket)
    names = {name for name, _ in extra} | set(DROPPED)

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = dict(message)
            kept = [(n, v) for n, v in message.get("headers", []) if bytes(n).lower() not in names]
            message["headers"] = [*kept, *extra]
        await send(message)

    return sending
