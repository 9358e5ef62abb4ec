"""The page's side of the link check (``scorepad/ui/web/heartbeat.js``) in Chromium, on a
socket the test drives itself: what happens at a close is then in the test's hands, to
the frame (a served app's socket closes when the network says, never between two given
frames)."""

from __future__ import annotations

import base64
from collections.abc import Iterator

import pytest

from scorepad.ui.heartbeat import link_script

pytestmark = pytest.mark.browser

PAGE = "http://scorepad.test/"

# A WebSocket the page script wraps in place of the browser's: it opens, closes and
# answers when the test says, and keeps what the page sends on it.
FAKE_SOCKET = """<script>
window.sockets = [];
class Fake extends EventTarget {
  constructor(url) { super(); this.url = url; this.readyState = 0; this.out = []; window.sockets.push(this); }
  send(data) {
    if (this.readyState === 0) throw new DOMException("still connecting", "InvalidStateError");
    if (this.readyState === 1) this.out.push(typeof data === "string" ? data : Array.from(new Uint8Array(data.buffer || data)));
  }
  close() { this.readyState = 3; }
  set onmessage(listener) { this.listener = listener; }
  get onmessage() { return this.listener; }
}
Fake.OPEN = 1;
window.WebSocket = Fake;
</script>
"""

OPEN = """() => {
    const socket = new WebSocket("ws://scorepad.test/ws");
    socket.addEventListener("message", () => {});  // Flet's client listens
    socket.readyState = 1;
    socket.dispatchEvent(new Event("open"));
    return window.sockets.length - 1;
}"""


@pytest.fixture
def page(browser) -> Iterator[object]:
    """A page with the link script and the fake socket, served again on a reload (the
    script's check that the app is back, then the page)."""
    context = browser.new_context()
    html = f"<html><head>{FAKE_SOCKET}{link_script()}</head><body></body></html>"

    def serve(route) -> None:
        route.fulfill(status=200, content_type="text/html", body=html)

    context.route("http://scorepad.test/**", serve)
    page = context.new_page()
    page.goto(PAGE)
    try:
        yield page
    finally:
        context.close()


def sent_on(page, n: int) -> list[object]:
    """What the page sent on socket ``n``, its pings left out (they come every 2 s)."""
    return [m for m in page.evaluate("(n) => window.sockets[n].out", n) if m != "scorepad:ping"]


def frames_kept(page) -> list[list[int]]:
    kept = page.evaluate("JSON.parse(sessionStorage.getItem('scorepad-replay'))")
    return [list(base64.b64decode(frame)) for frame in kept["frames"]]


def test_a_frame_flet_sends_after_the_close_is_kept_and_sent_again_on_the_next_socket(page):
    first = page.evaluate(OPEN)
    link = page.evaluate("(n) => window.sockets[n].link", first)
    with page.expect_navigation():  # the page starts afresh once the app serves it
        page.evaluate(
            """(n) => {
                const socket = window.sockets[n];
                socket.send(new Uint8Array([0, 1, 2]));  // typed before the network went
                socket.readyState = 3;
                socket.dispatchEvent(new Event("close"));
                socket.send(new Uint8Array([0, 3, 4]));  // a key the page took, sent late
            }""",
            first,
        )
    assert frames_kept(page) == [[0, 1, 2], [0, 3, 4]]

    # The reloaded page's socket says which link it takes up; the app had the first frame.
    second = page.evaluate(OPEN)
    assert sent_on(page, second)[1:] == [f"scorepad:resume:{link}"]
    assert page.evaluate("document.documentElement.dataset.scorepadLink") == "sending"
    page.evaluate(
        """(n) => window.sockets[n].dispatchEvent(
            new MessageEvent("message", {data: "scorepad:had:1"}))""",
        second,
    )
    # the late frame, and only it
    assert sent_on(page, second)[2:] == [[0, 3, 4], "scorepad:replayed"]


def test_a_socket_closed_with_nothing_unconfirmed_keeps_nothing(page):
    first = page.evaluate(OPEN)
    with page.expect_navigation():
        page.evaluate(
            """(n) => {
                const socket = window.sockets[n];
                socket.readyState = 3;
                socket.dispatchEvent(new Event("close"));
            }""",
            first,
        )
    assert page.evaluate("sessionStorage.getItem('scorepad-replay')") is None
    second = page.evaluate(OPEN)
    assert [m[:14] for m in sent_on(page, second)] == ["scorepad:link:"]  # no resume
