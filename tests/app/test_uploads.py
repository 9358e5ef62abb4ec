"""A device's uploads over HTTP (``scorepad.ui.uploads``): only to an upload asked for,
once, never past its size or the limit, into a temporary file the app reads."""

from __future__ import annotations

import httpx
import pytest
from ui_helpers import run_async

from scorepad.ui.uploads import PENDING, UploadFailed, Uploads


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
