"""A group's server as a member meets it (``scorepad serve``), end to end: a real
PostgreSQL history, the app behind a real nginx that ends TLS (the guide's own site,
``examples/nginx-scorepad.conf``), and Chromium. An owner's invite is taken on the join
page, a second device signs in with the password, nothing of the app answers without a
session, no device has the host's powers, and signing out everywhere ends every session."""

from __future__ import annotations

import os
import ssl
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import (
    DESKTOP,
    PHONE,
    ROOT,
    AppPage,
    free_port,
    run_scorepad,
    start_serve,
    stop,
    wait_for_port,
)
from playwright.sync_api import expect
from proxy import Nginx, missing, self_signed, site

from scorepad.accounts import members
from scorepad.accounts.audit import events
from scorepad.core.i18n import tr
from scorepad.store import open_store
from tests.store.conftest import fresh_database

pytestmark = pytest.mark.browser

SECRET = "correct horse battery"
GROUP = "Thursday Club"


@pytest.fixture
def group_server(tmp_path: Path) -> Iterator[tuple[str, str, str]]:
    """The group server at its public address, an owner's invite link into it, and its
    history's address."""
    if missing():
        pytest.skip(missing())
    with fresh_database() as url:
        env = {**os.environ, "SCOREPAD_DATA_DIR": str(tmp_path / "data"), "SCOREPAD_LANG": "en"}
        port, app_port = free_port(), free_port()
        public = f"https://localhost:{port}"
        run_scorepad("groups", "add", GROUP, "--db", url, env=env)
        said = run_scorepad(
            "invite", GROUP, "--role", "owner", "--public-url", public, "--db", url, env=env
        )
        link = said.strip().splitlines()[-1]
        process = start_serve(url, app_port, env)
        cert, key = self_signed(tmp_path)
        nginx = None
        try:
            wait_for_port(app_port, process)
            nginx = Nginx(tmp_path / "nginx", site(port, app_port, cert, key), port)
            yield public, link, url
        finally:
            if nginx is not None:
                nginx.stop()
            out = stop(process)
            assert "Traceback" not in out, out
            assert (
                tr("serve.serving", "en", url=f"http://127.0.0.1:{app_port}", public=public) in out
            )


def device(browser, size: dict[str, int], locale: str = "en-GB"):
    context = browser.new_context(viewport=size, locale=locale, ignore_https_errors=True)
    return context.new_page()


def test_a_group_joins_signs_in_through_nginx_and_signs_out_everywhere(browser, group_server):
    public, link, url = group_server
    assert link.startswith(f"{public}/join#")
    shots = Path(os.environ.get("SCOREPAD_SHOTS", ROOT / "screenshots"))
    shots.mkdir(parents=True, exist_ok=True)

    # The owner opens the invite on a phone in French, and joins with a password.
    phone = device(browser, PHONE, "fr-FR")
    phone.goto(link)
    expect(phone.get_by_role("heading", name=tr("serve.join.title", "fr"))).to_be_visible()
    assert "#" not in phone.url  # the code is out of the address bar, and of the history
    phone.screenshot(path=str(shots / "serve-join-fr-phone.png"))
    phone.locator("#name").fill("Ana")
    phone.locator("#password").fill(SECRET)
    phone.locator("#join").click()
    phone.wait_for_url(f"{public}/")
    owner = AppPage(phone, public)
    owner.open("/settings")
    expect(owner.node("lang-fr")).to_be_attached()
    # the browser's language, where the device chose none (no host chooses for it here)
    expect(phone.get_by_text(tr("app.language", "fr"), exact=True)).to_be_visible()
    expect(owner.node("export-path")).to_have_count(0)  # no host's files through the proxy
    (cookie,) = [c for c in phone.context.cookies() if c["name"] == "scorepad_member"]
    assert cookie["httpOnly"] and cookie["secure"] and cookie["sameSite"] == "Lax"

    # A laptop: nothing without signing in; then the sign-in page's form.
    laptop = device(browser, DESKTOP)
    laptop.goto(f"{public}/history")
    laptop.wait_for_url(f"{public}/signin")
    laptop.screenshot(path=str(shots / "serve-signin-en-desktop.png"))
    laptop.locator("#group").fill(GROUP)
    laptop.locator("#name").fill("ana")
    laptop.locator("#password").fill("a wrong password, twelve+")
    laptop.locator("#signin").click()
    expect(laptop.locator("#problem")).to_have_text(tr("accounts.sign_in_refused", "en"))
    expect(laptop.locator("#group")).to_have_value(GROUP)
    laptop.locator("#password").fill(SECRET)
    laptop.locator("#signin").click()
    laptop.wait_for_url(f"{public}/")
    on_laptop = AppPage(laptop, public)
    on_laptop.open("/settings")
    expect(on_laptop.node("lang-de")).to_be_attached()
    expect(on_laptop.node("export-path")).to_have_count(0)
    expect(on_laptop.node("account")).to_be_visible()
    laptop.wait_for_timeout(500)  # drawn
    laptop.screenshot(path=str(shots / "serve-settings-en-desktop.png"))
    # the history exported to the laptop: the audit log says Ana did, from the connection
    with laptop.expect_download() as got:
        on_laptop.click("export-download")
    assert got.value.suggested_filename == "scorepad-history.json"
    with open_store(url) as store:
        (ana,) = members(store, GROUP)
        noted = [(e.member_id, e.detail) for e in events(store, GROUP) if e.kind == "export"]
    assert noted == [(ana.id, {"what": "history", "format": "json", "plays": 0})]
    on_laptop.click("account")  # Settings leads to the account page
    laptop.wait_for_url(f"{public}/account")
    expect(laptop.locator("#who")).to_contain_text("Ana")

    # A websocket without a session is refused at the gate, through nginx.
    assert websocket_refused(public)

    # The phone signs out everywhere: the laptop, left open on the app, is closed and
    # shows the sign-in page within the gate's look-ups (RECHECK_S + REMEMBER_S), with
    # nothing done on it.
    on_laptop.open("/settings")
    expect(on_laptop.node("account")).to_be_visible()
    phone.goto(f"{public}/account")
    expect(phone.locator("#who")).to_contain_text("Ana")
    phone.locator("#signout-everywhere").click()
    expect(phone.locator("#said")).to_have_text(tr("serve.signed_out_everywhere", "fr", sessions=2))
    laptop.wait_for_url(f"{public}/signin", timeout=60_000)
    laptop.goto(f"{public}/settings")
    laptop.wait_for_url(f"{public}/signin")


def websocket_refused(public: str) -> bool:
    """Whether a websocket to the app, opened without a session cookie, is refused."""
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    address = public.replace("https://", "wss://") + "/ws"
    try:
        with connect(address, ssl=context, origin=public, open_timeout=20):  # type: ignore[arg-type]
            return False
    except InvalidStatus as refused:
        return refused.response.status_code == 403


def test_a_member_joins_with_a_passkey_and_signs_in_with_it_again(browser, group_server):
    public, link, _ = group_server
    phone = device(browser, PHONE, "de-DE")
    # Chromium's virtual authenticator: a platform passkey that verifies its user at once
    cdp = phone.context.new_cdp_session(phone)
    cdp.send("WebAuthn.enable")
    options = {
        "protocol": "ctap2",
        "transport": "internal",
        "hasResidentKey": True,
        "hasUserVerification": True,
        "isUserVerified": True,
        "automaticPresenceSimulation": True,
    }
    authenticator = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": options})
    phone.goto(link)
    phone.locator("#name").fill("Bea")
    expect(phone.locator("#passkey")).to_have_text(tr("serve.passkey.join", "de"))
    phone.locator("#passkey").click()
    phone.wait_for_url(f"{public}/")
    bea = AppPage(phone, public)
    bea.open("/settings")
    expect(bea.node("account")).to_be_visible()
    expect(phone.get_by_text(tr("serve.account.open", "de"), exact=True)).to_be_visible()
    phone.wait_for_timeout(500)  # drawn
    phone.screenshot(
        path=str(os.environ.get("SCOREPAD_SHOTS", ROOT / "screenshots"))
        + "/serve-settings-de-phone.png"
    )
    (kept,) = cdp.send("WebAuthn.getCredentials", authenticator)["credentials"]
    assert kept["isResidentCredential"] and kept["rpId"] == "localhost"

    phone.goto(f"{public}/account")
    expect(phone.locator("#who")).to_contain_text("Bea")
    phone.locator("#signout").click()
    expect(phone.locator("#said")).to_have_text(tr("serve.signed_out", "de"))
    phone.goto(f"{public}/")
    phone.wait_for_url(f"{public}/signin")
    phone.locator("#passkey").click()  # no group, no name: the passkey says who
    phone.wait_for_url(f"{public}/")
    AppPage(phone, public).open("/settings")
    (used,) = cdp.send("WebAuthn.getCredentials", authenticator)["credentials"]
    assert used["signCount"] > kept["signCount"]
