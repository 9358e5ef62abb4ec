"""The served app's websocket sends its frames as they are: a browser offering to compress
them (per-message deflate, as Chromium does) is answered without it."""

from __future__ import annotations

from conftest import start_app, stop, wait_for_port
from websockets.sync.client import connect


def test_a_browser_offering_compression_gets_plain_frames(tmp_path):
    process, port = start_app(tmp_path, "--no-browser")
    try:
        wait_for_port(port, process)
        with connect(
            f"ws://127.0.0.1:{port}/ws",
            origin=f"http://127.0.0.1:{port}",
            compression="deflate",
            open_timeout=30,
        ) as ws:
            offered = ws.request.headers.get("Sec-WebSocket-Extensions", "")
            assert "permessage-deflate" in offered
            assert ws.response.headers.get("Sec-WebSocket-Extensions") is None
            assert ws.protocol.extensions == []
    finally:
        out = stop(process)
        assert "Traceback" not in out, out
