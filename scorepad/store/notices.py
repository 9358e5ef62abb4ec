"""Listening for what the other processes of a history tell (``SheetRows.tell``): a
thread of its own with a connection of its own to PostgreSQL, ``LISTEN``ing on the
sheets' channel.

PostgreSQL hands each notice to every connection listening when the transaction that sent
it commits, in the order transactions commit, the sender's own too. A connection that
breaks misses what was sent meanwhile: the thread connects again (waiting longer each
time, up to ``RETRY_MAX_S``) and then says so (``lost``), so that its owner reads again
what it holds.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from sqlalchemy.engine import URL

from scorepad.store.sheetrows import CHANNEL

logger = logging.getLogger(__name__)

WAIT_S = 0.5
"""How long the thread waits for a notice before it looks whether it is to stop."""
RETRY_MIN_S = 0.2
RETRY_MAX_S = 5.0


class Listening:
    """Notices on ``CHANNEL`` passed to ``heard`` (a thread of its own) until ``stop``."""

    def __init__(self, url: URL, heard: Callable[[str], None], lost: Callable[[], None]) -> None:
        if url.get_backend_name() != "postgresql":
            raise ValueError("only PostgreSQL tells the processes of a history of changes")
        self.conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
        self.heard = heard
        self.lost = lost
        self.ready = threading.Event()
        """Set once the thread listens (again after each break)."""
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="scorepad-notices", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        self._thread.join(timeout)

    def _run(self) -> None:
        import psycopg

        wait = RETRY_MIN_S
        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.conninfo, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    if not first:
                        self._tell_lost()
                    first, wait = False, RETRY_MIN_S
                    while not self._stop.is_set():
                        for notice in conn.notifies(timeout=WAIT_S):
                            self._hear(notice.payload)
            except psycopg.Error as problem:
                self.ready.clear()
                first = False
                logger.warning("listening for the other processes' sheets: %s", problem)
                self._stop.wait(wait)
                wait = min(RETRY_MAX_S, wait * 2)

    def _hear(self, payload: str) -> None:
        try:
            self.heard(payload)
        except Exception:  # one notice its owner could not take must not stop the others
            logger.exception("a notice of the sheets could not be taken")

    def _tell_lost(self) -> None:
        try:
            self.lost()
        except Exception:
            logger.exception("the sheets could not be read again after a break")
