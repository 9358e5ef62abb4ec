"""Serving the app: a free port on 127.0.0.1, the browser (or a desktop window), Ctrl+C.

Flet is imported here only inside ``serve``, so the rest of the command line never pays
for it. The web server is uvicorn run by ``scorepad.ui.server`` with the guards in front
(other web sites, the access code, idle connections); the app opens the browser itself
once the port answers, and only when asked to.
"""

from __future__ import annotations

import asyncio
import os
import socket
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from scorepad.core.i18n import tr
from scorepad.ui import DEFAULT_PORT, collector
from scorepad.ui import share as sharing
from scorepad.ui.config import AppConfig
from scorepad.ui.errors import AppError

HOST = "127.0.0.1"
PORT_TRIES = 50


def free_port(port: int, host: str = HOST, tries: int = PORT_TRIES) -> int:
    """``port`` if nothing listens there, else the next free one above it."""
    if not 0 < port < 65536:
        raise AppError("app.bad_port", value=port)
    last = min(port + tries - 1, 65535)
    for candidate in range(port, last + 1):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            if os.name == "posix":  # as the server will: a port in TIME_WAIT is free
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind((host, candidate))
            except OSError:
                continue
            return candidate
    raise AppError("app.no_free_port", port=port, last=last, host=host)


def wait_for_port(port: int, host: str = HOST, timeout: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            socket.create_connection((host, port), timeout=0.2).close()
            return True
        except OSError:
            time.sleep(0.05)
    return False


def desktop_client() -> Path | None:
    """The folder of Flet's desktop client when it is already on this machine, else None.

    flet-desktop downloads its client at first use; Scorepad never triggers that, so only
    a client already present counts: ``FLET_VIEW_PATH``, or the one Flet has cached.
    """
    try:
        import flet_desktop.version
    except ImportError:
        return None
    executable = "flet.exe" if sys.platform == "win32" else "flet"
    candidates: list[Path] = []
    if os.environ.get("FLET_VIEW_PATH"):
        candidates.append(Path(os.environ["FLET_VIEW_PATH"]))
    version = flet_desktop.version.version
    cache = Path.home() / ".flet" / "client"
    if cache.is_dir():
        candidates += [d / "flet" for d in sorted(cache.glob(f"flet-desktop-*-{version}*"))]
    for folder in candidates:
        if sys.platform == "darwin":
            if any(folder.glob("*.app")) or any(folder.parent.glob("*.app")):
                return folder if any(folder.glob("*.app")) else folder.parent
        elif (folder / executable).is_file():
            return folder
    return None


def window_problem(lang: str) -> str | None:
    """Why a desktop window cannot open here (one clause), or None when it can."""
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        return tr("app.no_window.display", lang)
    if desktop_client() is None:
        return tr("app.no_window.client", lang)
    return None


def serve(
    config: AppConfig,
    port: int = DEFAULT_PORT,
    *,
    browser: bool = True,
    window: bool = False,
    share: bool = False,
    code: str | None = None,
    say: Callable[[str], None] = print,
) -> int:
    """Run the app until Ctrl+C (or SIGTERM); returns the exit status.

    With ``share`` it listens on every interface too, behind the access ``code`` (a
    random one when None), and says the address phones open (see ``scorepad.ui.share``).
    """
    lan: str | None = None
    if share:
        code = sharing.check_code(code) if code is not None else sharing.new_code()
        lan = sharing.lan_address()
        if lan is None:
            say(tr("share.no_network", config.lang))
    chosen = free_port(port, "0.0.0.0" if lan else HOST)  # before Flet even loads
    if lan and code:
        config = replace(config, share_url=sharing.share_url(lan, chosen, code))
    import flet as ft

    from scorepad.ui.context import build_services

    services = build_services(config)
    first_visit = threading.Event()
    collector.turn_on()

    async def main(page: ft.Page) -> None:
        from scorepad.ui import app  # the screens load after the port opens, not before

        try:
            await app.main(page, services)
        finally:
            first_visit.set()

    lang = config.lang
    if window:
        problem = window_problem(lang)
        if problem is None:
            os.environ["FLET_VIEW_PATH"] = str(desktop_client())
            ft.run(main, view=ft.AppView.FLET_APP)
            return 0
        say(tr("app.no_window", lang, reason=problem))
    if chosen != port:
        say(tr("app.port_taken", lang, port=port, free=chosen))
    url = f"http://{HOST}:{chosen}"
    os.environ["FLET_WEB_NO_CDN"] = "1"

    def announce() -> None:
        if wait_for_port(chosen):
            say(tr("app.serving", lang, url=url))
            if config.share_url:
                say(tr("share.serving", lang, url=config.share_url))
                say(sharing.qr_text(config.share_url))
            if browser:
                import webbrowser

                webbrowser.open(url)
            from scorepad.ui.app import warm_up

            warm_up(services, first_visit)  # while the browser loads Flutter
            collector.settled()

    threading.Thread(target=announce, daemon=True).start()
    from scorepad.ui import server

    shared = bool(config.share_url and code)
    app = server.guarded_app(
        main,
        chosen,
        lan=lan if shared else None,
        code=code if shared else None,
        lang=lang,
        page_lang=services.default_lang,
    )
    server.run(app, "0.0.0.0" if shared else HOST, chosen)
    say(tr("app.stopped", lang))
    return 0


def serve_group(
    config: AppConfig,
    port: int,
    public: str,
    group_id: int,
    *,
    say: Callable[[str], None] = print,
) -> int:
    """Run a group's server (``scorepad serve``) until Ctrl+C (or SIGTERM): the app on
    this computer's loopback at ``port``, for the reverse proxy that serves it at
    ``public`` (https); every device signs in as a member of the group ``group_id``."""
    import flet as ft

    from scorepad.store import open_store
    from scorepad.ui.context import build_services
    from scorepad.ui.shared_drafts import SharedDrafts
    from scorepad.ui.shared_uploads import SharedUploads
    from scorepad.ui.uploads import UPLOADS

    config = replace(config, public_url=public)
    chosen = free_port(port, HOST, tries=1)
    store = open_store(config.db_url)  # the members' gate's: one it cannot open stops it here
    shared = SharedDrafts(store)  # sheets in progress, shared with the other processes
    UPLOADS.elsewhere = SharedUploads(store, f"{HOST}:{chosen}")  # taken by any process
    services = build_services(config, shared)
    collector.turn_on()

    async def main(page: ft.Page) -> None:
        from scorepad.serve.gate import signed_in_audit
        from scorepad.ui import app

        audit = signed_in_audit(store)  # the gate's member, on this session's own websocket
        shared.attach(services.live, asyncio.get_running_loop())
        await app.main(page, services, audit=audit)

    os.environ["FLET_WEB_NO_CDN"] = "1"

    def announce() -> None:
        if wait_for_port(chosen):
            say(tr("serve.serving", config.lang, url=f"http://{HOST}:{chosen}", public=public))
            collector.settled()

    threading.Thread(target=announce, daemon=True).start()
    from scorepad.ui import server

    app = server.group_app(
        main, store, public, group_id, lang=config.lang, page_lang=services.default_lang
    )
    from scorepad.serve.forwarded import LOOPBACK
    from scorepad.ui.connections import Limits

    try:  # every connection comes from nginx: it holds each device to its share
        server.run(app, HOST, chosen, Limits(proxies=LOOPBACK))
    finally:
        shared.stop()
    say(tr("app.stopped", config.lang))
    return 0
