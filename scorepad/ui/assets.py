"""What a phone downloads: Flet's web client, compressed, cached and pruned
(``scorepad.ui.web_files`` makes the copies once), served by the ASGI layer ``Assets``
in front of Flet's app:

- the big files live under ``/_v/<digest>/`` and may be kept a year (``immutable``):
  a new version has a new digest, so a phone never mixes old and new;
- the page and every unversioned address revalidate on each visit (``no-cache``), so a
  new version reaches phones on their next visit;
- each answer carries an ``ETag`` and ``Last-Modified`` (``If-None-Match`` and
  ``If-Modified-Since`` give 304) and ``Vary: Accept-Encoding``; Brotli goes to browsers
  that take it, gzip to the others (a phone on plain http to a network address), the
  plain file to the rest;
- files are found in a table made at start-up, never from the path a request names;
- the page, the web app manifest and the icons are Scorepad's (``web_files.OWN``), at
  the addresses where Flet's web client has its own.
"""

from __future__ import annotations

import mimetypes
import os
from collections.abc import Iterable
from email.utils import formatdate, parsedate_to_datetime
from pathlib import Path

from scorepad.ui.share import ASGIApp, Receive, Scope, Send
from scorepad.ui.web_files import PREFIX, Entry, WebFiles, unused

FOREVER = b"public, max-age=31536000, immutable"
REVALIDATE = b"no-cache"
CHUNK = 256 * 1024
MANIFEST = "application/manifest+json"
BY_NAME = {"manifest.json": MANIFEST}
"""Types a file's suffix does not tell (the web app manifest's own)."""


def codings(header: bytes) -> set[str]:
    """The content codings an ``Accept-Encoding`` header takes (``q=0`` refuses one)."""
    taken = set()
    for part in header.decode("latin-1").lower().split(","):
        name, _, params = part.strip().partition(";")
        q = params.strip()
        if q.startswith("q="):
            try:
                if float(q[2:]) <= 0:
                    continue
            except ValueError:
                continue
        taken.add(name.strip())
    return taken


def matches(header: bytes, etag: bytes) -> bool:
    """Whether ``If-None-Match`` names ``etag`` (weak comparison, as for GET)."""
    tags = [t.strip().removeprefix(b"W/") for t in header.split(b",")]
    return b"*" in tags or etag in tags


def unchanged_since(header: bytes, mtime: float) -> bool:
    try:
        since = parsedate_to_datetime(header.decode("latin-1")).timestamp()
    except (TypeError, ValueError, IndexError, OverflowError):
        return False
    return int(mtime) <= since


class Assets:
    """ASGI layer in front of Flet's app that serves ``files`` (see the module doc)."""

    PASSED = ("/ws", "/upload", "/oauth_callback")

    def __init__(self, app: ASGIApp, files: WebFiles) -> None:
        self.app = app
        self.files = files

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        versioned = path.startswith(f"{PREFIX}{self.files.tag}/")
        rel = path.split("/", 3)[3] if versioned else path.lstrip("/")
        if path.startswith(PREFIX) and not versioned:  # another version's page
            rel = path.split("/", 3)[3] if path.count("/") >= 3 else ""
        entry = self.files.current(rel)
        if entry is not None:
            await self.serve(scope, send, entry, FOREVER if versioned else REVALIDATE)
        elif unused(rel):
            await self.not_found(send)
        elif _route(rel) and path not in self.PASSED:
            page = self.files.entries["index.html"]
            await self.serve(scope, send, page, REVALIDATE)
        else:
            await self.app(scope, receive, send)

    async def serve(self, scope: Scope, send: Send, entry: Entry, cache: bytes) -> None:
        headers = dict(_headers(scope))
        path, coding = entry.path, None
        if entry.variants:
            taken = codings(headers.get(b"accept-encoding", b""))
            for name in ("br", "gzip"):
                if name in taken and name in entry.variants:
                    path, coding = entry.variants[name], name
                    break
        try:
            stat = path.stat()
        except OSError:
            await self.not_found(send)
            return
        variant = f"-{coding}{stat.st_size}" if coding else ""  # a copy made anew differs
        etag = f'"{entry.etag}{variant}"'.encode()
        out = [
            (b"etag", etag),
            (b"last-modified", formatdate(stat.st_mtime, usegmt=True).encode()),
            (b"cache-control", cache),
            (b"cross-origin-opener-policy", b"same-origin"),
            (b"cross-origin-embedder-policy", b"require-corp"),
        ]
        if entry.compress:
            out.append((b"vary", b"Accept-Encoding"))
        if b"if-none-match" in headers:
            fresh = matches(headers[b"if-none-match"], etag)
        else:
            fresh = b"if-modified-since" in headers and unchanged_since(
                headers[b"if-modified-since"], stat.st_mtime
            )
        if fresh:
            await send({"type": "http.response.start", "status": 304, "headers": out})
            await send({"type": "http.response.body", "body": b""})
            return
        kind = (
            BY_NAME.get(entry.path.name)
            or mimetypes.guess_type(entry.path.name)[0]
            or "application/octet-stream"
        )
        if kind.startswith("text/") or kind in ("application/json", MANIFEST):
            kind += "; charset=utf-8"
        out += [(b"content-type", kind.encode()), (b"content-length", str(stat.st_size).encode())]
        if coding:
            out.append((b"content-encoding", coding.encode()))
        await send({"type": "http.response.start", "status": 200, "headers": out})
        if scope["method"] == "HEAD":
            await send({"type": "http.response.body", "body": b""})
            return
        await _send_file(path, send)

    async def not_found(self, send: Send) -> None:
        body = b"Not Found"
        headers = [
            (b"content-type", b"text/plain; charset=utf-8"),
            (b"content-length", str(len(body)).encode()),
        ]
        await send({"type": "http.response.start", "status": 404, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def _route(rel: str) -> bool:
    """A path the Flutter client routes itself (no extension, or ``.html``)."""
    suffix = os.path.splitext(rel)[1].lower()
    return suffix in ("", ".html")


def _headers(scope: Scope) -> Iterable[tuple[bytes, bytes]]:
    seen = set()
    for name, value in scope.get("headers", []):
        key = bytes(name).lower()
        if key not in seen:
            seen.add(key)
            yield key, bytes(value)


async def _send_file(path: Path, send: Send) -> None:
    import anyio.to_thread

    with path.open("rb") as handle:
        while True:
            chunk = await anyio.to_thread.run_sync(handle.read, CHUNK)
            more = len(chunk) == CHUNK
            await send({"type": "http.response.body", "body": chunk, "more_body": more})
            if not more:
                return


mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("font/otf", ".otf")
mimetypes.add_type("font/ttf", ".ttf")
mimetypes.add_type("font/woff2", ".woff2")
