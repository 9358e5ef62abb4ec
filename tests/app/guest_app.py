"""``scorepad app`` as the command runs it, where a browser can be a guest device.

Every device of a browser test connects from this computer (loopback), so each is the
host. A browser context that carries the cookie ``GUEST_COOKIE`` is seen as a phone that
joined over the network instead: its connection's address reads as ``GUEST_ADDRESS``, a
documentation address (RFC 5737) that nothing is ever sent to. Only this test program
does that; the app's own code is the one the command runs.

    python tests/app/guest_app.py app --port P --no-browser ...
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

GUEST_COOKIE = "scorepad_test_guest=1"
GUEST_ADDRESS = "192.0.2.7"


def as_guest_when_marked(app: Any) -> Any:
    """``app``, with a marked browser's requests and websockets coming from a guest."""

    async def marked(scope: Any, receive: Any, send: Any) -> None:
        if scope.get("type") in ("http", "websocket"):
            cookies = b";".join(v for k, v in scope.get("headers", []) if k == b"cookie")
            if GUEST_COOKIE.encode() in cookies.replace(b" ", b""):
                scope = {**scope, "client": (GUEST_ADDRESS, 50000)}
        await app(scope, receive, send)

    return marked


def main() -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from scorepad.cli import main as command
    from scorepad.ui import server

    guarded = server.guarded_app

    def guarded_with_guests(*args: Any, **kwargs: Any) -> Any:
        return as_guest_when_marked(guarded(*args, **kwargs))

    server.guarded_app = guarded_with_guests
    return command(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
