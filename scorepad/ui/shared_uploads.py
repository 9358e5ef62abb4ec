"""The uploads a group's server waits for, noted in its PostgreSQL history so that every
process finds them (``scorepad.ui.uploads.Elsewhere`` over ``Store.uploads``): the proxy
sends a device's upload to any process, which passes it on to the one whose page asked
for it. No Flet here.
"""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

from scorepad.ui.shared_drafts import utc_now

if TYPE_CHECKING:
    from scorepad.store import Store


class SharedUploads:
    """``Elsewhere`` for the process at ``here`` (``host:port`` on loopback)."""

    def __init__(self, store: Store, here: str) -> None:
        self.store = store
        self.here = here

    def wait(self, token: str, seconds: float) -> None:
        now = utc_now()
        until = now + timedelta(seconds=seconds)
        self.store.uploads(lambda rows: rows.wait(token, self.here, until, now))

    def waiting(self, token: str) -> str | None:
        return self.store.uploads(lambda rows: rows.waiting(token, utc_now()))

    def done(self, token: str) -> None:
        self.store.uploads(lambda rows: rows.done(token))
