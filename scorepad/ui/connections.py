"""Connections to the server: none kept idle, and only so many per network address.

A connection that has not sent a whole request head within ``IDLE`` seconds is closed
(uvicorn closes idle keep-alive connections by itself, but not one that never asks for
anything), and one network address holds at most ``PER_ADDRESS`` connections at a time
(websockets included): one device cannot use up the server's open files and lock every
other device out. An IPv6 address counts by its /64 network, which one device can fill
with addresses of its own.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.auto import AutoHTTPProtocol

from scorepad.ui.share import network_key

IDLE = 10.0
PER_ADDRESS = 64
SWEEP = 1024
"""Addresses tracked before the closed connections of all of them are dropped."""


class Limits:
    """Open connections by network address, shared by every connection of a server."""

    def __init__(self, per_address: int = PER_ADDRESS, idle: float = IDLE) -> None:
        self.per_address = per_address
        self.idle = idle
        self.open: dict[str, set[asyncio.BaseTransport]] = {}

    def admit(self, key: str, transport: asyncio.BaseTransport) -> bool:
        if len(self.open) > SWEEP:  # websockets end on another protocol: swept here
            for each in list(self.open):
                self.forget(each, None)
        held = {t for t in self.open.get(key, ()) if not t.is_closing()}
        if len(held) >= self.per_address:
            self.open[key] = held
            return False
        held.add(transport)
        self.open[key] = held
        return True

    def forget(self, key: str, transport: asyncio.BaseTransport | None) -> None:
        held = self.open.get(key)
        if held is None:
            return
        held.discard(transport)
        held -= {t for t in held if t.is_closing()}
        if not held:
            del self.open[key]

    def protocol(self) -> type[asyncio.Protocol]:
        """uvicorn's HTTP protocol with these limits (``uvicorn.Config(http=...)``)."""
        return _limited(self)


def _limited(limits: Limits) -> type[asyncio.Protocol]:
    class Limited(AutoHTTPProtocol):  # type: ignore[valid-type,misc]
        """uvicorn's HTTP protocol, closing idle and surplus connections."""

        _timer: asyncio.TimerHandle | None = None
        _key = ""

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            peer = transport.get_extra_info("peername")
            self._key = network_key(peer[0] if peer else None)
            if not limits.admit(self._key, transport):
                transport.close()
                return
            loop = asyncio.get_running_loop()
            self._timer = loop.call_later(limits.idle, self._idle)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self._timer is not None and (self.cycle is not None or self._upgraded()):
                self._timer.cancel()  # a request came: uvicorn's keep-alive takes over
                self._timer = None  # (or a websocket, which has its own pings)

        def _upgraded(self) -> bool:
            """Whether the connection became a websocket (another protocol reads it)."""
            return bool(self.transport.get_protocol() is not self)

        def _idle(self) -> None:
            self._timer = None
            if self.cycle is None and not self._upgraded():
                self.transport.close()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            limits.forget(self._key, self.transport)
            super().connection_lost(exc)

    return Limited
