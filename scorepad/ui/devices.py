"""Which device a session is, from its connection alone; and what a guest device may do.

The computer running the app is the host; every other device at the table (a phone that
joined over the network) is a guest. Which one a session is comes from the address its
websocket connected from, as the server saw it (the ASGI scope of that connection,
``record_peers``), looked up again each time a session asks (``is_host``): never from
the page, whose every property a browser may patch (``page.client_ip`` among them, which
Flet fills in from the same address but then lets the client overwrite). A session whose
connection is unknown, or gone, is a guest.

What a guest may do is a rule of its own (``GUEST_MAY``): none of the host's powers
(``Power``). Views ask ``Context.may`` both when they draw a screen (a guest is not shown
what it may not use) and again at every host-only action, since a screen drawn for one
connection can be used from another one later (a reconnection).
"""

from __future__ import annotations

import enum
from typing import Any

import flet as ft

from scorepad.core.i18n import accepted_lang
from scorepad.ui.share import is_local


class Power(enum.Enum):
    """What only the host may do."""

    HOST_FILES = "host_files"
    """Name a file on the host: read or import it, write an export to it."""
    HOST_PATHS = "host_paths"
    """See where the history, the app's data and the backups live on the host."""
    BACKUPS = "backups"
    """Make a copy of the history, list the copies and restore one."""


GUEST_MAY: frozenset[Power] = frozenset()
"""The host's powers a guest device has: none. A guest plays, scores, saves plays and
browses the history like the host, downloads an export and uploads a file of its own."""


def may(host: bool, power: Power) -> bool:
    """Whether a device (the host, or a guest) has ``power``."""
    return host or power in GUEST_MAY


PEER = "_scorepad_peer"
"""The attribute of Flet's connection object that holds the address it connected from."""
LANGUAGE = "_scorepad_language"
"""The attribute that holds the app's language its browser asked for first, or None."""


def record_peers() -> None:
    """Make each of Flet's websocket connections keep the address of its peer, from the
    connection's ASGI scope, where no message of the client's can reach. Called again,
    it changes nothing."""
    from flet_web.fastapi.flet_app import FletApp

    if getattr(FletApp, "_scorepad_records_peers", False):
        return
    handle = FletApp.handle

    async def handling(self: Any, websocket: Any) -> None:
        client = websocket.scope.get("client")
        setattr(self, PEER, str(client[0]) if client else None)
        setattr(self, LANGUAGE, accepted_lang(websocket.headers.get("accept-language")))
        await handle(self, websocket)

    FletApp.handle = handling
    FletApp._scorepad_records_peers = True


def peer_address(page: ft.Page) -> str | None:
    """The address the page's current connection came from, as the server saw it; None
    when the page has no connection (closed, or not one of the app's server)."""
    try:
        connection = page.session.connection
    except Exception:  # no session, or it is gone: nobody to trust
        return None
    if _same_machine_only(connection):
        return "127.0.0.1"
    address = getattr(connection, PEER, None)
    return address if isinstance(address, str) else None


def browser_lang(page: ft.Page) -> str | None:
    """The app's language the page's browser asked for first when it connected, or None
    (none of the app's, or no connection)."""
    try:
        connection = page.session.connection
    except Exception:  # no session, or it is gone
        return None
    found = getattr(connection, LANGUAGE, None)
    return found if isinstance(found, str) else None


def _same_machine_only(connection: object) -> bool:
    """Whether ``connection`` is Flet's socket server for the desktop window, which
    listens on a Unix socket or on localhost only."""
    from flet.messaging.flet_socket_server import FletSocketServer

    return isinstance(connection, FletSocketServer)


def is_host(page: ft.Page) -> bool:
    """Whether the page is shown on the computer running the app, now."""
    return is_local(peer_address(page))
