"""ASGI's shapes, and the few things every piece in front of the app does with them."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def header(scope: Scope, name: bytes) -> str | None:
    """The request's first ``name`` header (lower case), as text; None without one."""
    for key, value in scope.get("headers", []):
        if bytes(key).lower() == name:
            return bytes(value).decode("latin-1")
    return None


def cookie(scope: Scope, name: str) -> str | None:
    """The value of the request's cookie ``name``; None without one."""
    for key, value in scope.get("headers", []):
        if bytes(key).lower() != b"cookie":
            continue
        for part in bytes(value).decode("latin-1").split(";"):
            found, _, text = part.strip().partition("=")
            if found == name:
                return text
    return None


class TooLarge(Exception):
    """A request's body is larger than the piece reading it takes."""


async def read_body(receive: Receive, limit: int) -> bytes:
    """The request's body, or TooLarge as soon as it passes ``limit`` bytes."""
    body = bytearray()
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise TooLarge()  # gone before it ended: nothing to take
        body += message.get("body", b"")
        if len(body) > limit:
            raise TooLarge()
        if not message.get("more_body", False):
            return bytes(body)


async def respond(
    send: Send,
    status: int,
    body: bytes,
    content_type: str,
    headers: Iterable[tuple[bytes, bytes]] = (),
) -> None:
    """A whole answer, never cached."""
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", content_type.encode("latin-1")),
                (b"content-length", str(len(body)).encode()),
                (b"cache-control", b"no-store"),
                *headers,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
