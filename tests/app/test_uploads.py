"""A device's uploads over HTTP (``scorepad.ui.uploads``): only to an upload asked for,
once, never past its size or the limit, into a temporary file the app reads; on a group's
server, whichever of its processes the upload reaches (real servers on real sockets, the
uploads waited for noted in a real history: SQLite and PostgreSQL)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn
from ui_helpers import run_async

from scorepad.store import Store, open_store
from scorepad.ui.shared_uploads import SharedUploads
from scorepad.ui.uploads import PENDING, UploadFailed, Uploads
from tests.store.conftest import fresh_database


async def nothing_else(scope, receive, send) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"the app"})


def put(uploads: Uploads, url: str, body: bytes, **headers: str) -> int:
    async def go() -> int:
        transport = httpx.ASGITransport(app=uploads.receiving(nothing_else))
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as http:
            return (await http.put(url, content=body, headers=headers)).status_code

    return run_async(go)


def test_an_upload_asked_for_arrives_once_in_a_temporary_file():
    uploads = Uploads(max_bytes=1000)
    upload = uploads.expect(5)
    assert put(uploads, uploads.url(upload), b"hello") == 200
    path = upload.arrived.result(timeout=1)
    try:
        assert path.read_bytes() == b"hello"
    finally:
        path.unlink()
    assert put(uploads, uploads.url(upload), b"again") == 404  # used: gone
    assert put(uploads, "/upload/guessed-token", b"x") == 404


def test_a_file_over_the_limit_is_refused_before_and_while_it_comes():
    uploads = Uploads(max_bytes=1000)
    with pytest.raises(UploadFailed) as refused:
        uploads.expect(1001)  # its size, known from the picker: nothing is asked
    assert refused.value.reason == "too_big"
    upload = uploads.expect(10)
    assert put(uploads, uploads.url(upload), b"x" * 11) == 413  # more than it announced
    with pytest.raises(UploadFailed):
        upload.arrived.result(timeout=1)
    upload = uploads.expect(1000)
    big = uploads.url(upload)
    assert put(uploads, big, b"x" * 10, **{"content-length": "2000"}) == 413


def test_other_requests_pass_and_what_is_waited_for_is_bounded():
    uploads = Uploads(max_bytes=1000)
    assert put(uploads, "/settings", b"") == 200
    asked = [uploads.expect(1) for _ in range(PENDING * 2)]
    assert len(uploads.waiting) <= PENDING
    with pytest.raises(UploadFailed):
        asked[0].arrived.result(timeout=1)  # the oldest, given up


# --- a group's server: the upload reaches any of its processes -----------------------------
@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def history(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        with open_store(str(tmp_path / "history.db")) as store:
            yield store
        return
    with fresh_database() as url, open_store(url) as store:
        yield store


class Process:
    """One process of a group's server, as far as uploads go: its own ``Uploads`` on a
    real socket (uvicorn, in a thread), noting what it waits for in ``history``."""

    def __init__(self, history: Store) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.uploads = Uploads(max_bytes=1000)
        self.uploads.elsewhere = SharedUploads(history, f"127.0.0.1:{self.port}")
        self.seen: list[dict[bytes, bytes]] = []
        config = uvicorn.Config(
            self.uploads.receiving(self.app),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    async def app(self, scope, receive, send) -> None:
        await nothing_else(scope, receive, send)

    def __enter__(self) -> Process:
        self.thread.start()
        deadline = time.monotonic() + 60  # a busy machine starts it late; only failing waits
        while not self.server.started:
            assert self.thread.is_alive() and time.monotonic() < deadline, "not started"
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(30)

    def ask(self, size: int):
        """An upload this process's page asked for, noted for the other processes."""
        upload = self.uploads.expect(size)
        assert self.uploads.elsewhere is not None
        self.uploads.elsewhere.wait(upload.token, 60)
        return upload

    def put(self, path: str, body: bytes, **headers: str) -> httpx.Response:
        with httpx.Client(base_url=f"http://127.0.0.1:{self.port}", timeout=60) as http:
            return http.put(path, content=body, headers=headers)


def arrived(upload) -> bytes:
    path = upload.arrived.result(timeout=60)
    try:
        return path.read_bytes()
    finally:
        path.unlink()


def test_an_upload_that_reaches_another_process_is_passed_on_to_the_one_that_asked(history):
    with Process(history) as asking, Process(history) as other:
        upload = asking.ask(5)
        url = asking.uploads.url(upload)
        answer = other.put(url, b"hello", **{"x-forwarded-for": "203.0.113.9"})
        assert (answer.status_code, answer.text) == (200, "received")
        assert arrived(upload) == b"hello"
        assert other.put(url, b"again").status_code == 404  # once: the asking one says so
        assert asking.uploads.elsewhere is not None
        asking.uploads.elsewhere.done(upload.token)
        assert other.put(url, b"again").status_code == 404  # and then nobody knows it
        assert other.put("/upload/guessed-token", b"x").status_code == 404

        big = asking.ask(10)
        answer = other.put(asking.uploads.url(big), b"x" * 11)
        assert answer.status_code == 413  # the asking process's limits hold
        with pytest.raises(UploadFailed) as refused:
            big.arrived.result(timeout=60)
        assert refused.value.reason == "too_big"


def test_an_upload_for_a_process_gone_or_out_of_time_is_refused(history):
    with Process(history) as asking:
        upload = asking.ask(5)
        late = asking.uploads.expect(5)
        assert asking.uploads.elsewhere is not None
        asking.uploads.elsewhere.wait(late.token, -1)  # its time is up already
    with Process(history) as other:
        answer = other.put(asking.uploads.url(upload), b"hello")
        assert answer.status_code == 502  # the process that asked is gone: said, not hung
        assert other.put(asking.uploads.url(late), b"hello").status_code == 404
