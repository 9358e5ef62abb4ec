"""Phones at the table: ``--share`` on the local network, behind an access code.

The gate is tested as the ASGI middleware it is (requests from a network address, through
httpx's ASGI transport), then for real: the served app reached through this machine's
network address with urllib and with Chromium.
"""

from __future__ import annotations

import socket
import urllib.error
import urllib.request

import httpx
import pytest
import segno
from conftest import CHROMIUM, AppPage, first_game, start_app, stop, wait_for_port
from playwright.sync_api import expect
from test_launch import read_until
from ui_helpers import run_async

from scorepad.ui.errors import AppError
from scorepad.ui.share import (
    COOKIE,
    FREE_TRIES,
    QR_BORDER,
    AccessGate,
    check_code,
    lan_address,
    new_code,
    qr_runs,
    qr_text,
)

PHONE = ("192.0.2.77", 50000)
"""A phone on the network, as the server sees it."""


async def app_page(scope, receive, send) -> None:
    """Stands for the app: says which kind of request reached it."""
    if scope["type"] == "websocket":
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": 1000})
        return
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"the app"})


class Gate:
    def __init__(self, code: str = "TABLE7") -> None:
        self.waits: list[float] = []

        async def sleep(seconds: float) -> None:
            self.waits.append(seconds)

        self.asgi = AccessGate(app_page, code, lang="es", sleep=sleep)

    def get(self, url: str, client: tuple[str, int] = PHONE, **kwargs) -> httpx.Response:
        async def go() -> httpx.Response:
            transport = httpx.ASGITransport(app=self.asgi, client=client)
            async with httpx.AsyncClient(transport=transport, base_url="http://t") as http:
                return await http.get(url, **kwargs)

        return run_async(go)


def test_without_the_code_a_phone_gets_a_page_asking_for_it_and_nothing_else():
    gate = Gate()
    for path in ("/", "/history", "/main.dart.js", "/play/1"):
        answer = gate.get(path)
        assert answer.status_code == 401 and "the app" not in answer.text
    assert "código de acceso" in answer.text and "access code" in answer.text
    assert "<form" in answer.text and "TABLE7" not in answer.text


def session(answer: httpx.Response) -> str:
    """The session cookie an answer sets, as a request sends it back."""
    return answer.headers["set-cookie"].split(";", 1)[0]


def test_the_right_code_opens_the_app_and_is_remembered_in_a_cookie():
    gate = Gate()
    answer = gate.get("/?code=TABLE7")
    assert answer.status_code == 200 and answer.text == "the app"
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie
    later = gate.get("/assets/fonts.json", headers={"cookie": session(answer)})
    assert later.status_code == 200
    assert gate.get("/", headers={"cookie": f"{COOKIE}=TABLE8"}).status_code == 401


def test_the_cookie_is_a_session_token_never_the_code():
    """The cookie holds a random token tied to the current code: never the code, a new
    one for each device, refused once the code is changed, Secure over https."""
    gate = Gate()
    first, second = gate.get("/?code=TABLE7"), gate.get("/?code=TABLE7")
    cookie = first.headers["set-cookie"]
    assert "TABLE7" not in cookie and session(first) != session(second)
    assert "SameSite=Strict" in cookie and "HttpOnly" in cookie and "Secure" not in cookie
    assert gate.get("/", headers={"cookie": f"{COOKIE}=TABLE7"}).status_code == 401  # the code
    name, token = session(first).split("=", 1)
    forged = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
    assert gate.get("/", headers={"cookie": f"{name}={forged}"}).status_code == 401
    assert gate.get("/", headers={"cookie": session(second)}).status_code == 200
    gate.asgi.code = "NEW999"  # a new code: every session before it ends
    for old in (first, second):
        assert gate.get("/", headers={"cookie": session(old)}).status_code == 401
    assert gate.get("/?code=TABLE7").status_code == 401
    renewed = gate.get("/?code=NEW999")
    assert gate.get("/", headers={"cookie": session(renewed)}).status_code == 200
    other = Gate()  # another run of the app, with the same code: its own sessions
    assert other.get("/", headers={"cookie": session(renewed)}).status_code == 401
    secure = Gate()
    over_https = secure.get("https://t/?code=TABLE7")
    assert "; Secure" in over_https.headers["set-cookie"]


def test_this_computer_needs_no_code():
    assert Gate().get("/", client=("127.0.0.1", 40000)).status_code == 200
    assert Gate().get("/", client=("::1", 40000)).status_code == 200


def test_wrong_codes_from_one_address_are_slowed_down_and_others_are_not():
    gate = Gate()
    for n in range(FREE_TRIES + 4):
        answer = gate.get(f"/?code=GUESS{n}")
        assert answer.status_code == 401 and "no es correcto" in answer.text
    assert gate.waits == [0.5, 1.0, 2.0, 4.0]  # after three free tries, doubling
    assert gate.get("/?code=GUESS", client=("192.0.2.78", 1)).status_code == 401
    assert gate.waits == [0.5, 1.0, 2.0, 4.0]  # another phone is not punished
    assert gate.get("/?code=TABLE7").status_code == 200  # the right code still opens
    gate.waits.clear()
    assert gate.get("/?code=AGAIN").status_code == 401
    assert gate.waits == []  # the right code forgave the earlier tries


def test_a_websocket_without_the_code_is_refused():
    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "websocket.connect"}

    async def send(message: dict) -> None:
        sent.append(message)

    gate = Gate().asgi
    scope = {"type": "websocket", "client": PHONE, "headers": [], "query_string": b""}
    run_async(lambda: gate(scope, receive, send))
    assert sent == [{"type": "websocket.close", "code": 4401}]
    sent.clear()
    scope["headers"] = [(b"cookie", f"{COOKIE}={gate.token()}".encode())]
    run_async(lambda: gate(scope, receive, send))
    assert sent[0] == {"type": "websocket.accept"}


def test_codes_are_random_readable_and_checked():
    codes = {new_code() for _ in range(50)}
    assert len(codes) == 50 and all(len(c) == 6 and c.isalnum() for c in codes)
    assert not any(set(c) & set("O0I1") for c in codes)
    assert check_code("mesa-2") == "mesa-2"
    for bad in ("abc", "x" * 65, "dos palabras", "ñandú", "a/b?c"):
        with pytest.raises(AppError) as refused:
            check_code(bad)
        assert refused.value.message("en") == "--code must be 4 to 64 letters, digits, - or _"


def test_the_qr_code_holds_the_address():
    url = "http://192.0.2.2:8550/?code=TABLE7"
    size, runs = qr_runs(url)
    matrix = segno.make(url, error="m").matrix
    assert size == len(matrix) + 2 * QR_BORDER
    drawn = [[False] * size for _ in range(size)]
    for row, column, length in runs:
        for c in range(column, column + length):
            assert not drawn[row][c]
            drawn[row][c] = True
    framed = [[False] * size for _ in range(QR_BORDER)]
    framed += [
        [False] * QR_BORDER + [bool(m) for m in line] + [False] * QR_BORDER for line in matrix
    ]
    framed += [[False] * size for _ in range(QR_BORDER)]
    assert drawn == framed  # every dark module, and nothing else, in a quiet zone
    text = qr_text(url)
    assert text.count("\n") > 10 and "█" in text


# --- the real server ---------------------------------------------------------------------
def network_address() -> str:
    address = lan_address()
    if address is None:
        pytest.skip("this machine has no local-network address")
    return address


def fetch(url: str, cookie: str | None = None) -> tuple[int, str, str]:
    request = urllib.request.Request(url, headers={"cookie": cookie} if cookie else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.headers.get("set-cookie", ""), answer.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, "", refused.read().decode()


def test_share_serves_the_network_behind_the_code(tmp_path):
    host = network_address()
    process, port = start_app(tmp_path, "--no-browser", "--share", "--code", "MESA42")
    try:
        wait_for_port(port, process)
        said = read_until(process, r"scan the QR code")
        assert f"http://{host}:{port}/?code=MESA42" in said
        assert fetch(f"http://{host}:{port}/")[0] == 401
        status, cookie, page = fetch(f"http://{host}:{port}/?code=MESA42")
        assert status == 200 and "flutter" in page.lower()
        assert cookie.startswith(f"{COOKIE}=") and "MESA42" not in cookie
        token = cookie.split(";", 1)[0]
        assert fetch(f"http://{host}:{port}/main.dart.js", token)[0] == 200
        assert fetch(f"http://{host}:{port}/main.dart.js", f"{COOKIE}=MESA42")[0] == 401
        assert fetch(f"http://127.0.0.1:{port}/")[0] == 200  # this computer, as before
    finally:
        stop(process)


def test_without_share_nothing_listens_on_the_network(tmp_path):
    host = network_address()
    process, port = start_app(tmp_path, "--no-browser")
    try:
        wait_for_port(port, process)
        with pytest.raises(OSError), socket.create_connection((host, port), timeout=2):
            pass
    finally:
        stop(process)


def test_a_phone_browser_opens_the_shared_app_from_its_address(tmp_path, browser):
    if not CHROMIUM:
        pytest.skip("no Chromium")
    host = network_address()
    process, port = start_app(tmp_path, "--no-browser", "--share", "--code", "MESA42")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        wait_for_port(port, process)
        page = context.new_page()
        page.goto(f"http://{host}:{port}/history")
        code = page.get_by_label("Access code")
        code.fill("WRONG1")
        code.press("Enter")
        expect(page.get_by_text("That access code is not right.")).to_be_visible()
        page.get_by_label("Access code").fill("MESA42")
        page.get_by_role("button", name="Open").click()
        phone = AppPage(page, f"http://{host}:{port}")
        phone.semantics()
        expect(phone.node("share")).to_be_attached()
        expect(phone.node("new-game")).to_be_attached()
        page.wait_for_timeout(1500)  # the QR picture decodes after the first frame
        phone.screenshot("home-shared")
        phone.click("new-game")
        expect(phone.node(f"game-{first_game()}")).to_be_attached()  # the first card
    finally:
        context.close()
        stop(process)
