"""Connections to the server: every request on a deadline, heads of a sane size, and only
so many connections per network address.

Every request, the first on a connection or the hundredth on a kept-alive one, must send
its whole head (request line and headers) within ``HEAD_TIME`` seconds of its first byte
(of the connection's opening, for the first request), and its body at ``MIN_RATE`` bytes a
second at least, after ``BODY_TIME`` seconds of grace; a connection that falls behind is
closed. Between requests uvicorn closes a connection idle for its keep-alive time. A head
over ``MAX_HEAD`` bytes is answered 431 and the connection closed: what a device sends
before the app sees it is bounded. One network address holds at most ``PER_ADDRESS``
connections at a time (websockets included): one device cannot use up the server's open
files and lock every other device out. An IPv6 address counts by its /64 network, which
one device can fill with addresses of its own. A websocket is none of this protocol's
business once upgraded: it has its own pings and frame limit.
"""

from __future__ import annotations

import asyncio
import ipaddress
from collections.abc import Iterable
from typing import Any

from uvicorn.protocols.http.auto import AutoHTTPProtocol

from scorepad.ui.share import network_key

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

HEAD_TIME = 10.0
"""Seconds a request's head may take, from its first byte (or the connection's start)."""
IDLE = HEAD_TIME  # the name this limit had when it covered only a connection's first request
BODY_TIME = 10.0
"""Seconds of grace a request's body gets before ``MIN_RATE`` applies."""
MIN_RATE = 16 * 1024
"""Bytes a second a body must arrive at, on average, once its grace is over (a phone
uploading a history over the slowest Wi-Fi still sends far more)."""
MAX_HEAD = 16 * 1024
"""Bytes of a request's line and headers together (what common servers allow)."""
PER_ADDRESS = 64
SWEEP = 1024
"""Addresses tracked before the closed connections of all of them are dropped."""

_WAITING, _HEAD, _BODY, _DONE = range(4)
"""Where a connection's current request is: none begun yet after the connection opened,
its head arriving, its body arriving, all of it received (the app's turn)."""

TOO_LARGE = (
    b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
    b"content-type: text/plain; charset=utf-8\r\n"
    b"content-length: 32\r\n"
    b"connection: close\r\n\r\n"
    b"Request header fields too large\n"
)


class Limits:
    """The limits, and the open connections by network address, shared by every
    connection of a server."""

    def __init__(
        self,
        per_address: int = PER_ADDRESS,
        idle: float = HEAD_TIME,
        *,
        body: float = BODY_TIME,
        min_rate: int = MIN_RATE,
        max_head: int = MAX_HEAD,
        proxies: Iterable[Network] = (),
    ) -> None:
        self.per_address = per_address
        self.proxies = tuple(proxies)
        """Networks of trusted reverse proxies (a group's server's nginx, on loopback):
        every device's connection comes from them, so they are not held to
        ``per_address``; the proxy holds each device to it (``limit_conn``)."""
        self.head_time = idle
        self.body_time = body
        self.min_rate = min_rate
        self.max_head = max_head
        self.open: dict[str, set[asyncio.BaseTransport]] = {}

    @property
    def idle(self) -> float:
        return self.head_time

    def admit(self, key: str, transport: asyncio.BaseTransport) -> bool:
        if self.proxies and _within(key, self.proxies):
            return True
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

    def protocol(self, base: type[asyncio.Protocol] | None = None) -> type[asyncio.Protocol]:
        """uvicorn's HTTP protocol with these limits (``uvicorn.Config(http=...)``):
        ``base`` is uvicorn's protocol to limit (the one uvicorn would choose by default)."""
        base = base or AutoHTTPProtocol
        from uvicorn.protocols.http.h11_impl import H11Protocol

        if issubclass(base, H11Protocol):
            return _limited_h11(self, base)
        return _limited_httptools(self, base)


def _within(key: str, networks: tuple[Network, ...]) -> bool:
    try:
        address = ipaddress.ip_address(key)
    except ValueError:
        return False
    return any(address in network for network in networks)


def _limited(limits: Limits, base: type[asyncio.Protocol]) -> type[Any]:
    class Limited(base):  # type: ignore[valid-type,misc]
        """uvicorn's HTTP protocol, with deadlines and a place count per address."""

        _timer: asyncio.TimerHandle | None = None
        _key = ""
        _phase = _WAITING
        _head_size = 0
        _head_read = 0
        _body_start = 0.0
        _body_size = 0

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            peer = transport.get_extra_info("peername")
            self._key = network_key(peer[0] if peer else None)
            if not limits.admit(self._key, transport):
                transport.close()
                return
            self._arm(limits.head_time)

        # --- where the request is --------------------------------------------------------
        def _began(self) -> None:
            """A request's first byte: its head is due within the head time."""
            if self._phase != _WAITING:  # the connection's first request runs from its start
                self._arm(limits.head_time)
            self._phase = _HEAD
            self._head_size = self._head_read = 0

        def _head_done(self) -> None:
            self._phase = _BODY
            self._body_start = asyncio.get_running_loop().time()
            self._body_size = 0
            self._arm(limits.body_time)

        def _body_came(self, size: int) -> None:
            self._body_size += size

        def _message_done(self) -> None:
            self._phase = _DONE
            self._disarm()

        # --- the deadline ------------------------------------------------------------------
        def _arm(self, seconds: float) -> None:
            self._disarm()
            self._timer = asyncio.get_running_loop().call_later(seconds, self._due)

        def _disarm(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

        def _upgraded(self) -> bool:
            """Whether the connection became a websocket (another protocol reads it)."""
            return bool(self.transport.get_protocol() is not self)

        def _due(self) -> None:
            self._timer = None
            if self._upgraded() or self.transport.is_closing():
                return
            if self._phase in (_WAITING, _HEAD):
                self.transport.close()
            elif self._phase == _BODY:
                owed = self._body_start + limits.body_time + self._body_size / limits.min_rate
                left = owed - asyncio.get_running_loop().time()
                if left > 0:  # kept up so far: looked at again when that much is due
                    self._arm(left)
                else:
                    self.transport.close()

        def _refuse_head(self) -> None:
            self._disarm()
            self._phase = _DONE
            if not self.transport.is_closing():
                self.transport.write(TOO_LARGE)
                self.transport.close()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            limits.forget(self._key, self.transport)
            super().connection_lost(exc)

    return Limited


def _limited_httptools(limits: Limits, base: type[asyncio.Protocol]) -> type[asyncio.Protocol]:
    parent = _limited(limits, base)

    class Limited(parent):  # type: ignore[valid-type,misc]
        """The limits on uvicorn's httptools protocol, kept by the parser's callbacks."""

        _too_large = False

        def data_received(self, data: bytes) -> None:
            if self._too_large or self.transport.is_closing():
                return
            super().data_received(data)
            if self._upgraded():
                self._disarm()
                return
            if self._phase == _HEAD:  # a head still arriving: its bytes so far, at most
                self._head_read += len(data)
                if self._head_read > limits.max_head:
                    self._too_large = True
            if self._too_large:
                self._refuse_head()

        def send_400_response(self, msg: str) -> None:
            self._disarm()
            super().send_400_response(msg)

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._began()

        def on_url(self, url: bytes) -> None:
            self._grown(len(url))
            super().on_url(url)

        def on_header(self, name: bytes, value: bytes) -> None:
            self._grown(len(name) + len(value) + 4)
            super().on_header(name, value)

        def _grown(self, size: int) -> None:
            self._head_size += size
            if self._head_size > limits.max_head:
                self._too_large = True  # the rest of what was read is not looked at

        def on_headers_complete(self) -> None:
            if self._too_large:
                return
            super().on_headers_complete()
            self._head_done()

        def on_body(self, body: bytes) -> None:
            if self._too_large:
                return
            self._body_came(len(body))
            super().on_body(body)

        def on_message_complete(self) -> None:
            if self._too_large:
                return
            super().on_message_complete()
            self._message_done()

    return Limited


def _limited_h11(limits: Limits, base: type[asyncio.Protocol]) -> type[asyncio.Protocol]:
    """The limits on uvicorn's h11 protocol (where httptools is not installed): where the
    request is comes from h11's own state after each read; h11 caps the head itself."""
    import h11

    parent = _limited(limits, base)

    class Limited(parent):  # type: ignore[valid-type,misc]
        def data_received(self, data: bytes) -> None:
            if self.transport.is_closing():
                return
            if self.conn.their_state is h11.IDLE and self._head_over(data):
                self._refuse_head()
                return
            before = self._phase
            super().data_received(data)
            if self._upgraded():
                self._disarm()
                return
            self._follow(before, len(data))

        def _head_over(self, data: bytes) -> bool:
            """Whether the head being read, with ``data``, is over the limit."""
            pending = bytes(self.conn.trailing_data[0]) + data
            end = pending.find(b"\r\n\r\n")
            return (end + 4 if end >= 0 else len(pending)) > limits.max_head

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self._upgraded() and not self.transport.is_closing():
                self._follow(self._phase, 0)

        def _follow(self, before: int, size: int) -> None:
            state = self.conn.their_state
            if state is h11.SEND_BODY:
                if before != _BODY:
                    self._head_done()
                else:
                    self._body_came(size)
            elif state is h11.IDLE:
                if self.conn.trailing_data[0] and before not in (_WAITING, _HEAD):
                    self._began()
            elif before in (_WAITING, _HEAD, _BODY):
                self._message_done()

    return Limited
