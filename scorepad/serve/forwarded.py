"""Where a request came from, behind the reverse proxy that ends TLS.

``scorepad serve`` listens on this computer's loopback only; the proxy in front of it
(nginx or Caddy, docs/guide/group-server.md) connects from there and says, in
``X-Forwarded-For`` and ``X-Forwarded-Proto``, which address the request came from and
whether it came over https. Those headers are taken only from a connection of a trusted
proxy (``trusted``: loopback by default); from anyone else they are dropped, so that no
request can name its own address (the slowing of wrong sign-ins counts by address) or
claim https. Of ``X-Forwarded-For`` only the last address counts: the one the proxy
itself saw (a client may send the header with addresses of its choosing, which the proxy
keeps in front of it).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

from scorepad.serve.asgi import ASGIApp, Receive, Scope, Send

FORWARDED_FOR = b"x-forwarded-for"
FORWARDED_PROTO = b"x-forwarded-proto"
DROPPED = frozenset({FORWARDED_FOR, FORWARDED_PROTO, b"forwarded", b"x-real-ip"})
LOOPBACK = (ipaddress.ip_network("127.0.0.0/8"), ipaddress.ip_network("::1/128"))
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def networks(texts: Iterable[str]) -> tuple[Network, ...]:
    """Addresses or networks (``10.0.0.5``, ``10.0.0.0/24``) as networks; ValueError names
    the first that is neither."""
    return tuple(ipaddress.ip_network(text.strip(), strict=False) for text in texts)


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.strip())
    except ValueError:
        return None


class Forwarded:
    """ASGI middleware: a trusted proxy's forwarded address and scheme, nobody else's."""

    def __init__(self, app: ASGIApp, trusted: Iterable[Network] = LOOPBACK) -> None:
        self.app = app
        self.trusted = tuple(trusted)

    def trusts(self, client: str | None) -> bool:
        address = _address(client) if client else None
        return address is not None and any(address in network for network in self.trusted)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        scope = dict(scope)
        client = scope.get("client")
        said = {bytes(k).lower(): bytes(v) for k, v in scope.get("headers", [])}
        if self.trusts(client[0] if client else None):
            hops = said.get(FORWARDED_FOR, b"").decode("latin-1").split(",")
            address = _address(hops[-1]) if hops[-1].strip() else None
            if address is not None:
                scope["client"] = (str(address), 0)
            proto = said.get(FORWARDED_PROTO, b"").decode("latin-1").strip().lower()
            if proto in ("http", "https"):
                secure = proto == "https"
                if scope["type"] == "websocket":
                    scope["scheme"] = "wss" if secure else "ws"
                else:
                    scope["scheme"] = proto
        scope["headers"] = [
            (k, v) for k, v in scope.get("headers", []) if bytes(k).lower() not in DROPPED
        ]
        await self.app(scope, receive, send)
