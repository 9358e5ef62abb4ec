"""Nobody else gets in: other web sites, wrong codes, idle connections (the guards as the
ASGI middleware and uvicorn protocol they are; ``test_security_server.py`` and
``test_security_browser.py`` try them on the served app).
"""

from __future__ import annotations

import asyncio
import socket
import threading
import time
import tracemalloc

import httpx
import pytest
import uvicorn
from ui_helpers import run_async

from scorepad.ui.connections import Limits
from scorepad.ui.guard import SameOrigin, own_hosts
from scorepad.ui.share import (
    COOKIE,
    FREE_TRIES,
    MAX_DELAY,
    PENDING,
    REMEMBERED,
    AccessGate,
    network_key,
)

PHONE = ("192.0.2.77", 50000)
APP = "127.0.0.1:8550"


async def app_page(scope, receive, send) -> None:
    """Stands for the app: says which kind of request reached it, with Flet's CORS header;
    a websocket on ``/echo`` answers each message until the client closes it."""
    if scope["type"] == "websocket":
        await send({"type": "websocket.accept"})
        if scope.get("path") == "/echo":
            await receive()  # websocket.connect
            while (message := await receive())["type"] == "websocket.receive":
                await send({"type": "websocket.send", "text": message.get("text")})
            return
        await send({"type": "websocket.close", "code": 1000})
        return
    headers = [(b"access-control-allow-origin", b"*"), (b"content-type", b"text/plain")]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": b"the app"})


def get(asgi, url: str, client=("127.0.0.1", 40000), host: str = APP, **headers):
    async def go() -> httpx.Response:
        transport = httpx.ASGITransport(app=asgi, client=client)
        async with httpx.AsyncClient(transport=transport, base_url=f"http://{host}") as http:
            return await http.get(url, headers=headers)

    return run_async(go)


def websocket(asgi, headers: list[tuple[bytes, bytes]], client=("127.0.0.1", 40000)) -> list:
    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "websocket.connect"}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": "websocket", "client": client, "headers": headers, "query_string": b""}
    run_async(lambda: asgi(scope, receive, send))
    return sent


# --- item 3: other web sites --------------------------------------------------------------
def guard(lan: str | None = None) -> SameOrigin:
    return SameOrigin(app_page, own_hosts(8550, lan), lang="en")


def test_the_apps_own_addresses_are_answered_with_the_safe_headers():
    for host in ("127.0.0.1:8550", "localhost:8550", "LOCALHOST:8550"):
        answer = get(guard(), "/", host=host)
        assert answer.status_code == 200 and answer.text == "the app"
    csp = answer.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp
    assert "connect-src 'self' ws://localhost:8550" in csp
    assert "https:" not in csp and "*" not in csp  # nothing beyond this server
    assert answer.headers["x-frame-options"] == "DENY"
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["referrer-policy"] == "no-referrer"
    assert "access-control-allow-origin" not in answer.headers


def test_another_host_name_is_refused_dns_rebinding():
    for host in ("evil.example:8550", "127.0.0.1:9999", "192.0.2.2:8550", "127.0.0.1"):
        answer = get(guard(), "/", host=host)
        assert answer.status_code == 403 and "the app" not in answer.text, host
        assert "not one of Scorepad&#x27;s addresses" in answer.text
        assert answer.headers["x-frame-options"] == "DENY"
    assert get(guard("192.0.2.2"), "/", host="192.0.2.2:8550").status_code == 200  # --share


def test_a_request_from_another_sites_page_is_refused():
    for origin in (
        "http://evil.example",
        "http://127.0.0.1:9999",
        "null",
        "https://127.0.0.1:8550",
    ):
        answer = get(guard(), "/", origin=origin)
        assert answer.status_code == 403 and "the app" not in answer.text, origin
        assert "Another web site cannot use Scorepad" in answer.text
    assert get(guard(), "/", origin="http://127.0.0.1:8550").status_code == 200
    # a background request another site makes (no Origin on a plain GET): refused
    fetched = get(
        guard(), "/main.dart.js", **{"sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors"}
    )
    assert fetched.status_code == 403
    beside = get(guard(), "/ws", **{"sec-fetch-site": "same-site", "sec-fetch-mode": "cors"})
    assert beside.status_code == 403  # another port of this computer: another origin
    # following a link from elsewhere is a navigation: the page loads (its websocket is checked)
    link = {"sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate"}
    assert get(guard(), "/history", **link).status_code == 200
    own = {"sec-fetch-site": "same-origin", "sec-fetch-mode": "cors"}
    assert get(guard(), "/main.dart.js", **own).status_code == 200


def test_a_link_from_another_site_that_would_start_a_play_is_marked_to_ask_first():
    link = {"sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate"}
    answer = get(guard(), "/new/azul?players=Mallory,Eve&location=X%20Y", **link)
    assert answer.status_code == 303 and "the app" not in answer.text
    assert answer.headers["location"] == "/new/azul?players=Mallory,Eve&location=X%20Y&ask=1"
    assert answer.headers["x-frame-options"] == "DENY"
    beside = {"sec-fetch-site": "same-site", "sec-fetch-mode": "navigate"}  # another port
    assert get(guard(), "/new/azul?players=Ana", **beside).status_code == 303
    marked = get(guard(), "/new/azul?players=Mallory,Eve&ask=1", **link)
    assert marked.status_code == 200  # followed to the marked address: the page loads
    hidden = get(guard(), "/new/azul%3Fplayers=Mallory", **link)  # the query in the path
    assert hidden.status_code == 303 and hidden.headers["location"].endswith("?&ask=1")
    for own in ("same-origin", "none"):  # the app's own page, or typed: as before
        mode = {"sec-fetch-site": own, "sec-fetch-mode": "navigate"}
        assert get(guard(), "/new/azul?players=Ana,Ben", **mode).status_code == 200


def test_a_websocket_from_another_site_or_name_is_refused():
    host = (b"host", APP.encode())
    assert websocket(guard(), [host, (b"origin", b"http://evil.example")]) == [
        {"type": "websocket.close", "code": 4403}
    ]
    assert websocket(
        guard(), [(b"host", b"rebound.example:8550"), (b"origin", b"http://rebound.example:8550")]
    ) == [{"type": "websocket.close", "code": 4403}]
    opened = websocket(guard(), [host, (b"origin", f"http://{APP}".encode())])
    assert opened[0] == {"type": "websocket.accept"}


def test_the_shared_address_and_its_code_page_carry_the_headers_too():
    gated = SameOrigin(AccessGate(app_page, "TABLE7"), own_hosts(8550, "192.0.2.2"))
    answer = get(gated, "/", client=PHONE, host="192.0.2.2:8550")
    assert answer.status_code == 401 and answer.headers["x-frame-options"] == "DENY"
    assert answer.headers["referrer-policy"] == "no-referrer"
    assert get(gated, "/", client=PHONE, host="evil.example:8550").status_code == 403


# --- item 4: wrong codes ------------------------------------------------------------------
class Gate:
    """The gate with a sleep that records what it would wait (and can be held)."""

    def __init__(self, code: str = "TABLE7") -> None:
        self.waits: list[float] = []
        self.hold: asyncio.Event | None = None

        async def sleep(seconds: float) -> None:
            self.waits.append(seconds)
            if self.hold is not None:
                await self.hold.wait()

        self.asgi = AccessGate(app_page, code, lang="en", sleep=sleep)

    def get(self, url: str, client=PHONE, **headers) -> httpx.Response:
        return get(self.asgi, url, client=client, **headers)


def test_wrong_codes_in_the_cookie_count_like_those_in_the_address():
    gate = Gate()
    for n in range(FREE_TRIES + 3):
        answer = gate.get("/", cookie=f"{COOKIE}=GUESS{n}")
        assert answer.status_code == 401 and "the app" not in answer.text
    assert gate.waits == [0.5, 1.0, 2.0]
    assert gate.get("/?code=GUESS").status_code == 401
    assert gate.waits[-1] == 4.0  # one count for both ways
    assert gate.get("/", cookie=f"{COOKIE}={gate.asgi.token()}").status_code == 200  # no wait
    assert len(gate.waits) == 4


def test_a_websocket_with_a_wrong_cookie_counts_too():
    gate = Gate()
    for _ in range(FREE_TRIES + 1):
        sent = websocket(gate.asgi, [(b"cookie", f"{COOKIE}=GUESS".encode())], client=PHONE)
        assert sent == [{"type": "websocket.close", "code": 4401}]
    assert gate.waits == [0.5]


def test_thousands_of_wrong_tries_never_overflow_and_the_wait_is_capped():
    gate = Gate()
    statuses = set()
    for n in range(2000):
        statuses.add(gate.get(f"/?code=G{n}").status_code)
    assert statuses == {401}  # never a 500 (the wait overflowed after about 1,028 tries)
    assert max(gate.waits) == MAX_DELAY and gate.waits[-1] == MAX_DELAY
    assert gate.get("/?code=TABLE7").status_code == 200  # the right code still opens, at once
    assert len(gate.waits) == 2000 - FREE_TRIES


def test_tries_sent_in_parallel_wait_in_line_and_learn_nothing():
    gate = Gate()

    async def flood() -> list[int]:
        gate.hold = asyncio.Event()
        transport = httpx.ASGITransport(app=gate.asgi, client=PHONE)
        async with httpx.AsyncClient(transport=transport, base_url=f"http://{APP}") as http:
            for n in range(FREE_TRIES):  # the free tries, answered at once
                assert (await http.get(f"/?code=F{n}")).status_code == 401
            tries = [asyncio.create_task(http.get(f"/?code=P{n}")) for n in range(50)]
            await asyncio.sleep(0.2)
            done = [t for t in tries if t.done()]
            assert len(done) == 50 - PENDING  # answered at once, unread; the rest wait
            right = await http.get("/?code=TABLE7")  # while this address's line is full
            other = httpx.ASGITransport(app=gate.asgi, client=("192.0.2.78", 1))
            async with httpx.AsyncClient(transport=other, base_url=f"http://{APP}") as phone:
                assert (await phone.get("/?code=TABLE7")).status_code == 200
            gate.hold.set()
            answers = [await t for t in tries]
            return [a.status_code for a in answers] + [right.status_code]

    statuses = run_async(flood)
    assert statuses.count(429) == 50 - PENDING + 1 and statuses.count(401) == PENDING
    assert 500 not in statuses
    assert len(gate.waits) == PENDING  # only the tries in line were looked at and counted
    assert gate.get("/?code=TABLE7").status_code == 200  # and then the right code opens


def test_memory_stays_bounded_however_many_addresses_try():
    gate = Gate()

    async def many() -> None:
        async def receive() -> dict:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message: dict) -> None:
            pass

        for n in range(40_000):
            client = (f"10.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}", 1)
            scope = {"type": "http", "client": client, "headers": [], "query_string": b"code=W"}
            await gate.asgi(scope, receive, send)

    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        run_async(many)
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert len(gate.asgi.wrong) == REMEMBERED and not gate.asgi.pending
    assert grown < 8_000_000, grown


def test_an_ipv6_device_counts_as_its_network():
    assert (
        network_key("2001:db8:1:2::7") == network_key("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    )
    assert network_key("::ffff:192.0.2.7") == "192.0.2.7"
    assert network_key("192.0.2.7") == "192.0.2.7"
    gate = Gate()
    for n in range(FREE_TRIES + 1):
        gate.get("/?code=GUESS", client=(f"2001:db8:1:2::{n + 1:x}", 1))
    assert gate.waits == [0.5]


# --- item 4: connections ------------------------------------------------------------------
class Server:
    """``app_page`` on a real socket, served by uvicorn with ``limits``, in a thread."""

    def __init__(self, limits: Limits, base: type[asyncio.Protocol] | None = None) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        config = uvicorn.Config(
            app_page,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            http=limits.protocol(base),
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> Server:
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started and time.monotonic() < deadline:
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)


def ask(sock: socket.socket) -> bytes:
    """A request on ``sock`` and its whole answer (the body comes in chunks)."""
    sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    sock.settimeout(3)
    got = b""
    while b"the app" not in got:
        part = sock.recv(4096)
        if not part:
            break
        got += part
    return got


def closed(sock: socket.socket, within: float) -> bool:
    """Whether the server closes ``sock`` within ``within`` seconds."""
    sock.settimeout(within)
    try:
        return sock.recv(1) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_a_connection_that_sends_nothing_is_closed():
    with Server(Limits(idle=0.5)) as server:
        idle = socket.create_connection(("127.0.0.1", server.port))
        start = time.monotonic()
        assert closed(idle, 3) and time.monotonic() - start < 2
        busy = socket.create_connection(("127.0.0.1", server.port))
        assert b"the app" in ask(busy)  # a request came: kept for keep-alive
        idle.close()
        busy.close()


def test_a_websocket_is_not_an_idle_connection():
    from websockets.sync.client import connect

    with (
        Server(Limits(idle=0.5)) as server,
        connect(f"ws://127.0.0.1:{server.port}/echo", open_timeout=5) as socket_,
    ):
        time.sleep(1.5)  # three idle limits: a websocket quiet that long stays open
        socket_.send("still here")
        assert socket_.recv(timeout=5) == "still here"


def test_one_address_holds_only_so_many_connections():
    with Server(Limits(per_address=8, idle=30)) as server:
        held = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(8)]
        time.sleep(0.2)
        extra = socket.create_connection(("127.0.0.1", server.port))
        assert closed(extra, 3)  # the ninth is closed at once
        assert not closed(held[0], 0.3)  # the others stay
        held.pop().close()
        time.sleep(0.2)
        again = socket.create_connection(("127.0.0.1", server.port))
        assert b"the app" in ask(again)  # a place freed is a place taken
        for each in [*held, extra, again]:
            each.close()


def test_a_trusted_proxy_is_not_held_to_one_address_share_but_its_deadlines_hold():
    """A group's server: every device comes through nginx on loopback, which holds each
    device to its share itself (the guide's ``limit_conn``)."""
    import ipaddress

    proxies = (ipaddress.ip_network("127.0.0.0/8"),)
    with Server(Limits(per_address=8, idle=0.5, proxies=proxies)) as server:
        held = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(12)]
        assert all(b"the app" in ask(each) for each in held[8:])  # beyond 8: served
        silent = socket.create_connection(("127.0.0.1", server.port))
        assert closed(silent, 5)  # one that sends nothing is still closed in time
        for each in [*held, silent]:
            each.close()


PARSERS = ["httptools", "h11"]
"""uvicorn's two HTTP protocols: httptools where installed (the default), h11 otherwise."""


def parser(name: str) -> type[asyncio.Protocol]:
    if name == "h11":
        from uvicorn.protocols.http.h11_impl import H11Protocol

        return H11Protocol
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    return HttpToolsProtocol


@pytest.mark.parametrize("name", PARSERS)
def test_every_request_of_a_kept_alive_connection_has_a_deadline(name):
    limits = Limits(idle=0.5, body=0.5, min_rate=1000)
    with Server(limits, parser(name)) as server:
        head = socket.create_connection(("127.0.0.1", server.port))
        assert b"the app" in ask(head) and b"the app" in ask(head)
        head.sendall(b"GET / HT")  # the third request's head, never finished
        assert closed(head, 10)
        body = socket.create_connection(("127.0.0.1", server.port))
        assert b"the app" in ask(body)
        body.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\nab")
        assert closed_after_answer(body, 10)  # answered, then its body came too slowly
        kept = socket.create_connection(("127.0.0.1", server.port))
        for _ in range(3):  # requests sent whole keep the connection as long as they come
            assert b"the app" in ask(kept)
        for each in (head, body, kept):
            each.close()


@pytest.mark.parametrize("name", PARSERS)
def test_a_head_over_the_limit_gets_431(name):
    with Server(Limits(), parser(name)) as server:
        for head in (
            b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 17_000 + b"\r\n\r\n",  # whole
            b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 17_000,  # still coming
            b"GET /" + b"a" * 17_000,  # the request line alone
        ):
            sock = socket.create_connection(("127.0.0.1", server.port))
            sock.sendall(head)
            sock.settimeout(10)
            assert sock.recv(100).startswith(b"HTTP/1.1 431"), head[:40]
            assert closed_after_answer(sock, 10)
            sock.close()
        sock = socket.create_connection(("127.0.0.1", server.port))
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Fine: " + b"a" * 15_000 + b"\r\n\r\n")
        sock.settimeout(10)
        assert sock.recv(100).startswith(b"HTTP/1.1 200")
        sock.close()


def closed_after_answer(sock: socket.socket, within: float) -> bool:
    """Whether the server closes ``sock`` within ``within`` seconds, after any answer."""
    sock.settimeout(within)
    try:
        for _ in range(100):
            if sock.recv(65536) == b"":
                return True
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True
    return False


@pytest.mark.parametrize("code", ["TABLE7"])
def test_the_ask_page_never_tells_the_code(code):
    answer = Gate(code).get("/?code=WRONG")
    assert code not in answer.text and "WRONG" not in answer.text


def test_a_websocket_closed_while_flet_sends_ends_quietly():
    """A phone gone (or the server stopping) while Flet still sends on its websocket is
    no error to report: the device reconnects to its sheet. Any other failure, and the
    same failure on a page request, still surfaces."""
    from starlette.websockets import WebSocketDisconnect

    from scorepad.ui.server import closing_quietly

    async def gone(scope, receive, send):
        raise WebSocketDisconnect(code=1006)

    async def broken(scope, receive, send):
        raise RuntimeError("a real bug")

    async def nothing():
        return {}

    async def ignore(message):
        return None

    run_async(lambda: closing_quietly(gone)({"type": "websocket"}, nothing, ignore))
    with pytest.raises(WebSocketDisconnect):
        run_async(lambda: closing_quietly(gone)({"type": "http"}, nothing, ignore))
    with pytest.raises(RuntimeError):
        run_async(lambda: closing_quietly(broken)({"type": "websocket"}, nothing, ignore))
