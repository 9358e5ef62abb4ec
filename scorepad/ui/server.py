"""The web server: Flet's app behind the guards, run by uvicorn until Ctrl+C.

The same FastAPI app ``ft.run`` serves in web mode (Flet's own builder), run by uvicorn
directly so that every request and websocket passes the guards first: ``SameOrigin``
(``scorepad.ui.guard``) always, the access code's gate (``scorepad.ui.share``) with
``--share``, and the connection limits (``scorepad.ui.connections``) below them all;
as a group's server (``scorepad serve``), the members' gate (``scorepad.serve``) stands
where the access code's would, behind the proxy's forwarded headers. Behind the guards,
Flet's web client is served compressed, cached and pruned (``scorepad.ui.assets``), a
device's uploads are taken (``scorepad.ui.uploads``); the rest (the websocket) is Flet's.
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Callable
from types import FrameType
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from scorepad.ui.client_patches import refusing_foreign_patches
from scorepad.ui.connections import Limits
from scorepad.ui.devices import record_peers
from scorepad.ui.flet_patches import keep_the_starting_session
from scorepad.ui.guard import SameOrigin, own_hosts
from scorepad.ui.share import AccessGate, ASGIApp

if TYPE_CHECKING:
    from scorepad.serve.forwarded import Network
    from scorepad.store import Store

KEEP_ALIVE = 5
"""Seconds an idle connection is kept after an answer."""
SHUTDOWN_WAIT = 3
"""Seconds a stopping app waits for its connections to end. Flet's handler of a
websocket closed before its page registered waits for ever, so without a bound one such
phone kept the app from stopping at Ctrl+C (drafts are written at exit all the same)."""
PING_EVERY = 20.0
"""Seconds between the app's pings on a websocket (uvicorn's keep-alive, its default)."""
PING_TIMEOUT = 20.0
"""Seconds the app waits for a ping's answer before it gives the socket up: a phone whose
Wi-Fi dropped with its socket open is let go within ``PING_EVERY + PING_TIMEOUT`` s
(``scorepad.ui.heartbeat``: the page sends again, on a new socket, what it typed)."""
PING_ENV = "SCOREPAD_WS_PING"
"""``EVERY,TIMEOUT`` in seconds instead of the two above: the tests' phone is let go
after seconds of being offline, not most of a minute."""
OPEN_FILES = 8192
"""Open files the server asks the system for, where its soft limit is lower (macOS gives
a program 256) and the hard limit allows: each connection is one, so a low limit let a
few devices holding connections lock every other device out."""
COMPRESSED_FRAMES = False
"""Whether the websocket's frames are compressed (per-message deflate). They are not: on
a live sheet each value typed is a message of a few hundred bytes to every phone of the
table, and compressing each one took about a tenth of the server's time per value
(``bench/bench_live.py``), for bytes a home network does not miss (a phone joining a
sheet receives about 25 KB instead of about 4 KB; Flet's web client itself is served
compressed, ``scorepad.ui.assets``). Each connection also keeps no compressor's memory."""


def guarded_app(
    main: Callable[..., Any],
    port: int,
    *,
    lan: str | None = None,
    code: str | None = None,
    lang: str = "en",
    page_lang: Callable[[], str] | None = None,
) -> ASGIApp:
    """Flet's web app for ``main`` behind the guards: the network address ``lan`` and
    its access ``code`` only with ``--share``. ``page_lang`` is the language the app
    shows now (the Settings' choice), for the page's own words (``scorepad.ui.heartbeat``);
    ``lang`` by default."""
    app = served_app(main, lang, page_lang)
    if lan and code:
        app = AccessGate(app, code, lang=lang)
    return SameOrigin(app, own_hosts(port, lan if code else None), lang=lang)


def group_app(
    main: Callable[..., Any],
    store: Store,
    public: str,
    group_id: int,
    *,
    lang: str = "en",
    page_lang: Callable[[], str] | None = None,
) -> ASGIApp:
    """Flet's web app for ``main`` as the server of the group ``group_id`` (``scorepad
    serve``), behind ``group_guards``."""
    app = served_app(main, lang, page_lang)
    return group_guards(app, store, public, group_id, lang=lang)


def group_guards(
    app: ASGIApp,
    store: Store,
    public: str,
    group_id: int,
    *,
    lang: str = "en",
    trusted: tuple[Network, ...] | None = None,
) -> ASGIApp:
    """``app`` behind the reverse proxy at ``public`` (its forwarded headers taken from
    ``trusted`` addresses only: loopback when None), for the app's own address and pages
    only, and nothing without the session of a member of ``group_id`` (``scorepad.serve``)."""
    from scorepad.serve.forwarded import LOOPBACK, Forwarded
    from scorepad.serve.gate import MemberGate

    app = MemberGate(app, store, public, group_id, lang=lang)
    app = SameOrigin(app, [urlsplit(public).netloc], lang=lang, public=public)
    return Forwarded(app, LOOPBACK if trusted is None else trusted)


def served_app(main: Callable[..., Any], lang: str, page_lang: Callable[[], str] | None) -> ASGIApp:
    """Flet's web app for ``main``, with what every way of serving it has: the link
    check, the web client's files and a device's uploads."""
    from flet_web.fastapi.serve_fastapi_web_app import get_fastapi_web_app

    from scorepad.ui import boundary
    from scorepad.ui.assets import Assets
    from scorepad.ui.config import FONT_FILES
    from scorepad.ui.heartbeat import answering_pings
    from scorepad.ui.live import FIELD_NAMES
    from scorepad.ui.uploads import UPLOADS
    from scorepad.ui.web_files import WebFiles

    record_peers()  # who a device is: from its connection
    refusing_foreign_patches()  # what a browser may change: what a person does there
    boundary.install()  # before any session: no traceback ever reaches a device
    ending_unregistered_sockets()
    sending_without_writing_it_out()
    keep_the_starting_session()  # a device gone during its first screen: no traceback
    logging.getLogger("flet_web.fastapi").addFilter(_no_receive_loop_end)
    app: ASGIApp = get_fastapi_web_app(
        main, None, page_name="", assets_dir=str(FONT_FILES), upload_dir=None, no_cdn=True
    )
    files = WebFiles(FONT_FILES / "DejaVuSans.ttf")
    files.start()  # the first start writes the compressed copies, in the background
    app = answering_pings(closing_quietly(app), page_lang or (lambda: lang), FIELD_NAMES.untaken)
    app = Assets(app, files)
    return UPLOADS.receiving(app)  # a device's files, over HTTP (``scorepad.ui.uploads``)


def ending_unregistered_sockets() -> None:
    """Make Flet end the handler of a websocket closed before its page registered.

    Flet's handler waits for its sending loop, which only a registered session's end
    stops: a socket opened and closed at once (a page reloaded while it connects, a
    probe) left a task waiting for ever, each holding its socket's memory, and kept the
    app from stopping. Its receiving loop now stops the sending one in that case too,
    and the handler's last step (leaving a session it never had) is skipped."""
    from flet_web.fastapi.flet_app import FletApp

    if getattr(FletApp, "_scorepad_ends_unregistered", False):
        return
    receive_loop = FletApp._FletApp__receive_loop
    handle = FletApp.handle

    async def receiving(self: Any) -> None:
        try:
            await receive_loop(self)
        finally:
            queue = self._FletApp__send_queue
            if self._FletApp__session is None and queue is not None:
                queue.put_nowait(None)

    async def handling(self: Any, websocket: Any) -> None:
        try:
            await handle(self, websocket)
        except AttributeError:
            if self._FletApp__session is not None:
                raise

    FletApp._FletApp__receive_loop = receiving
    FletApp.handle = handling
    FletApp._scorepad_ends_unregistered = True


def sending_without_writing_it_out() -> None:
    """Make Flet's web server write a message it sends into its debug log only when that
    log is on. Its ``send_message`` made the debug line before asking: the text of the
    whole message, every control of a screen with every field, for every phone joining
    (a fifth of the server's time for a join) and for every value shown on every phone.
    The message is sent exactly as Flet sends it; to a device already gone (Flet has let
    go of its queue) nothing is sent, as Flet's own data-channel frames do, where Flet's
    ``send_message`` raised."""
    import msgpack
    from flet.controls.base_control import BaseControl
    from flet.messaging.protocol import configure_encode_object_for_msgpack
    from flet_web.fastapi import flet_app

    app = flet_app.FletApp
    if getattr(app, "_scorepad_sends_quietly", False):
        return
    send = app.send_message
    encode = configure_encode_object_for_msgpack(BaseControl)

    def send_message(self: Any, message: Any) -> None:
        if flet_app.transport_log.isEnabledFor(logging.DEBUG):
            send(self, message)
            return
        queue = self._FletApp__send_queue
        if queue is None:
            return  # the device left while its screen was being drawn: nothing to tell it
        queue.put_nowait(b"\x00" + msgpack.packb([message.action, message.body], default=encode))

    app._flet_send_message = send  # as it was, for a debug log and for the tests
    app.send_message = send_message
    app._scorepad_sends_quietly = True


def _no_receive_loop_end(record: logging.LogRecord) -> bool:
    """Flet logs the end of a websocket's receiving with a traceback when its sending
    side saw the socket close first (a phone gone, the app stopping): nothing is lost
    (the device reconnects to its sheet), so it is not printed."""
    return not str(record.msg).startswith("Receive loop error")


def closing_quietly(app: ASGIApp) -> ASGIApp:
    """``app``, with a websocket closed while Flet still sends on it (a phone gone, the
    server stopping) ended quietly: nothing lost (the device reconnects to its sheet),
    so no traceback in the terminal."""
    from starlette.websockets import WebSocketDisconnect

    async def quietly(scope: Any, receive: Any, send: Any) -> None:
        try:
            await app(scope, receive, send)
        except WebSocketDisconnect:
            if scope.get("type") != "websocket":
                raise

    return quietly


def more_open_files(wanted: int = OPEN_FILES) -> None:
    """Raise this process's soft limit on open files to ``wanted``, or to its hard limit
    when that is lower (nothing where the system has no such limits, Windows)."""
    try:
        import resource
    except ImportError:
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return
    with contextlib.suppress(ValueError, OSError):  # a system cap below the hard limit
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def pings() -> tuple[float, float]:
    """How often the app pings a websocket, and how long it waits for the answer:
    ``PING_EVERY`` and ``PING_TIMEOUT``, or what ``SCOREPAD_WS_PING`` says."""
    text = os.environ.get(PING_ENV)
    if not text:
        return PING_EVERY, PING_TIMEOUT
    try:
        every, timeout = (float(part) for part in text.split(","))
    except ValueError:
        every = timeout = 0.0
    if not (0 < every <= 3600 and 0 < timeout <= 3600):
        raise SystemExit(
            f"{PING_ENV}={text!r}: expected two numbers of seconds, EVERY,TIMEOUT "
            f"(each above 0 and at most 3600), such as {PING_EVERY:g},{PING_TIMEOUT:g}"
        )
    return every, timeout


def run(app: ASGIApp, host: str, port: int, limits: Limits | None = None) -> None:
    """Serve ``app`` on ``host``:``port`` until Ctrl+C (or SIGTERM)."""
    import uvicorn

    more_open_files()
    ping_every, ping_timeout = pings()

    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws="websockets-sansio",
        ws_per_message_deflate=COMPRESSED_FRAMES,
        ws_ping_interval=ping_every,
        ws_ping_timeout=ping_timeout,
        http=(limits or Limits()).protocol(),
        timeout_keep_alive=KEEP_ALIVE,
        proxy_headers=False,  # no proxy in front: a device's address is its connection's
        timeout_graceful_shutdown=SHUTDOWN_WAIT,
    )

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            super().handle_exit(sig, frame)
            self._captured_signals.clear()  # stopped as asked: not raised again after

    Server(config).run()
