"""Files a device uploads (a history to import): over HTTP, not the websocket.

Flet's file picker can hand a picked file's bytes over the websocket, but a websocket
message has a limit (16 MiB) and one over it drops the device's connection without a
word. So a device picks a file without its bytes first: its size comes back, and a file
over ``MAX_BYTES`` is refused at once with a sentence saying so. Otherwise the app asks
for one upload (``Uploads.expect``: a random token, good for that one file, for
``EXPIRES`` seconds) and the device's browser sends the file to ``/upload/<token>``,
where ``receiving`` streams it to a temporary file, refusing it past the size it was
announced with or past ``MAX_BYTES``. The upload passes the same guards as every request
(other sites, the access code, the deadlines of ``scorepad.ui.connections``).

On a group's server the proxy sends the upload to any of the server's processes, not
necessarily the one whose page asked for it: each upload asked for is noted where every
process finds it (``Elsewhere``: the history, ``scorepad.ui.shared_uploads``), and a
process that gets an upload another one waits for passes the request on to it, on this
machine's loopback, as it came (the other process's guards check it again).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from scorepad.core.errors import ScorepadError
from scorepad.ui.connections import BODY_TIME, HEAD_TIME, MIN_RATE
from scorepad.ui.host_files import MAX_BYTES
from scorepad.ui.share import ASGIApp, Receive, Scope, Send

if TYPE_CHECKING:
    import flet as ft

PREFIX = "/upload/"
EXPIRES = 600.0
"""Seconds an upload may take to start once asked for."""
PENDING = 64
"""Uploads asked for and not finished, at most (the oldest is dropped beyond)."""


class UploadFailed(Exception):
    """The file did not arrive: ``reason`` is ``too_big`` or ``failed``."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass
class Upload:
    """One file expected: where its bytes go, and when it has come."""

    token: str
    limit: int
    asked: float = field(default_factory=time.monotonic)
    arrived: Future[Path] = field(default_factory=Future)
    started: bool = False

    def fail(self, reason: str) -> None:
        if not self.arrived.done():
            self.arrived.set_exception(UploadFailed(reason))


class Elsewhere(Protocol):
    """Where the processes of a group's server find each other's uploads."""

    here: str
    """This process's address, where the others pass an upload on to it."""

    def wait(self, token: str, seconds: float) -> None:
        """This process waits for the upload of ``token`` for ``seconds``."""

    def waiting(self, token: str) -> str | None:
        """The address of the process waiting for the upload of ``token``, if any."""

    def done(self, token: str) -> None:
        """The upload of ``token`` is no longer waited for."""


HOP_BY_HOP = frozenset(
    (b"connection", b"keep-alive", b"transfer-encoding", b"te", b"trailer", b"upgrade")
)
"""Headers of one connection, not passed on with an upload (``Uploads._pass_on``)."""
PASS_ON_SECONDS = (5.0, 30.0)
"""How long an upload passed on may wait to reach the process that asked for it, and
then for each step of sending it and hearing the answer."""


class Uploads:
    """The uploads asked for and not yet received, by token."""

    def __init__(self, max_bytes: int = MAX_BYTES) -> None:
        self.max_bytes = max_bytes
        self.waiting: dict[str, Upload] = {}
        self.elsewhere: Elsewhere | None = None
        """On a group's server: where its processes note the uploads they wait for."""

    def expect(self, size: int) -> Upload:
        """One upload of a file of ``size`` bytes (``UploadFailed('too_big')`` when it is
        over the limit: nothing is asked of the device)."""
        if size > self.max_bytes:
            raise UploadFailed("too_big")
        self._forget_old()
        upload = Upload(secrets.token_urlsafe(24), size)
        self.waiting[upload.token] = upload
        return upload

    def url(self, upload: Upload) -> str:
        return f"{PREFIX}{upload.token}"

    @staticmethod
    def patience(upload: Upload) -> float:
        """Seconds to wait for ``upload`` to arrive: it starts within ``EXPIRES``, and
        the server closes an upload slower than the connections' least rate."""
        return EXPIRES + HEAD_TIME + BODY_TIME + upload.limit / MIN_RATE

    def drop(self, upload: Upload) -> None:
        """An upload no longer waited for (received, failed or given up)."""
        self.waiting.pop(upload.token, None)
        upload.fail("failed")

    async def take(
        self,
        picker: ft.FilePicker,
        picked: ft.FilePickerFile,
        watching: Callable[[Upload | None], None],
    ) -> bytes:
        """The bytes of the file ``picked`` on the device of ``picker``: one upload asked
        for, the device's browser told to send it, waited for (``watching`` is told the
        upload under way, so that the page's upload events can end it early), then read
        and its temporary file removed. ``UploadFailed`` or ``TimeoutError`` when it did
        not come."""
        import flet as ft

        upload = self.expect(picked.size)
        watching(upload)
        elsewhere = self.elsewhere
        try:
            if elsewhere is not None:  # whichever process the upload reaches finds it
                await asyncio.to_thread(elsewhere.wait, upload.token, self.patience(upload))
            url = self.url(upload)
            await picker.upload([ft.FilePickerUploadFile(url, method="PUT", id=picked.id)])
            arrived = asyncio.wrap_future(upload.arrived)
            path = await asyncio.wait_for(arrived, self.patience(upload))
        finally:
            watching(None)
            self.drop(upload)
            if elsewhere is not None:
                with contextlib.suppress(ScorepadError):  # its row goes once its time is up
                    await asyncio.to_thread(elsewhere.done, upload.token)
        try:
            return await asyncio.to_thread(path.read_bytes)
        finally:
            path.unlink(missing_ok=True)

    def _forget_old(self) -> None:
        now = time.monotonic()
        for each in list(self.waiting.values()):
            if not each.started and now - each.asked > EXPIRES:
                self.drop(each)
        while len(self.waiting) >= PENDING:
            self.drop(next(iter(self.waiting.values())))

    def receiving(self, app: ASGIApp) -> ASGIApp:
        """``app``, with ``/upload/<token>`` taking the files asked for."""

        async def uploads(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] != "http" or not scope["path"].startswith(PREFIX):
                await app(scope, receive, send)
                return
            token = scope["path"][len(PREFIX) :]
            upload = self.waiting.get(token)
            if upload is None and scope["method"] in ("PUT", "POST"):
                address = await self._waited_elsewhere(token)
                if address is not None:  # another process of the server asked for it
                    await self._pass_on(address, scope, receive, send)
                    return
            if upload is None or upload.started or scope["method"] not in ("PUT", "POST"):
                await _answer(send, 404, b"no such upload")
                return
            upload.started = True
            try:
                status = await self._receive(upload, scope, receive)
            finally:
                self.waiting.pop(upload.token, None)
                upload.fail("failed")  # unless it arrived
            await _answer(send, status, b"received" if status == 200 else b"refused")

        return uploads

    async def _waited_elsewhere(self, token: str) -> str | None:
        """The address of the other process of the server waiting for ``token``, if any."""
        elsewhere = self.elsewhere
        if elsewhere is None or not token or len(token) > 64:
            return None
        try:
            address = await asyncio.to_thread(elsewhere.waiting, token)
        except ScorepadError:  # the history out of reach: no upload is known here
            return None
        return address if address != elsewhere.here else None

    async def _pass_on(self, address: str, scope: Scope, receive: Receive, send: Send) -> None:
        """The upload request, as it came, to the process at ``address`` (on loopback), and
        its answer back to the device; 502 when that process does not answer."""
        import httpx  # a group's server's only: the laptop never loads it for this

        async def body() -> AsyncIterator[bytes]:
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    raise UploadFailed("failed")
                yield message.get("body", b"")
                if not message.get("more_body", False):
                    return

        headers = [
            (bytes(name), bytes(value))
            for name, value in scope.get("headers", [])
            if bytes(name).lower() not in HOP_BY_HOP
        ]
        url = f"http://{address}{scope['path']}"
        try:
            connect, step = PASS_ON_SECONDS
            async with httpx.AsyncClient(timeout=httpx.Timeout(step, connect=connect)) as client:
                answer = await client.request(scope["method"], url, headers=headers, content=body())
            status, said = answer.status_code, answer.content[:200]
        except (httpx.HTTPError, UploadFailed):
            status, said = 502, b"refused"
        await _answer(send, status, said)

    async def _receive(self, upload: Upload, scope: Scope, receive: Receive) -> int:
        """The request's body into a temporary file for ``upload``; the answer's status."""
        limit = min(upload.limit, self.max_bytes)
        declared = _content_length(scope)
        if declared is not None and declared > limit:
            upload.fail("too_big")
            return 413
        handle, name = tempfile.mkstemp(prefix="scorepad-upload-")
        path = Path(name)
        size = 0
        try:
            with os.fdopen(handle, "wb") as out:
                while True:
                    message = await receive()
                    if message["type"] == "http.disconnect":
                        raise UploadFailed("failed")
                    chunk = message.get("body", b"")
                    size += len(chunk)
                    if size > limit:
                        raise UploadFailed("too_big")
                    out.write(chunk)
                    if not message.get("more_body", False):
                        break
        except UploadFailed as problem:
            path.unlink(missing_ok=True)
            upload.fail(problem.reason)
            return 413 if problem.reason == "too_big" else 400
        except BaseException:
            path.unlink(missing_ok=True)
            raise
        if upload.arrived.done():  # given up meanwhile: nobody will read it
            path.unlink(missing_ok=True)
            return 410
        upload.arrived.set_result(path)
        return 200


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", []):
        if bytes(name).lower() == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def _answer(send: Send, status: int, body: bytes) -> None:
    headers = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(body)).encode()),
        (b"cache-control", b"no-store"),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


UPLOADS = Uploads()
"""The app's uploads: asked for by its pages (``scorepad.ui.app``), received by its
server (``scorepad.ui.server``), which run in one process."""
