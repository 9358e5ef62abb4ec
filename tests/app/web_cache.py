"""The served app's compressed web client, made once per test session before any app
starts (by the first process of a session run with ``pytest -n`` too)."""

from __future__ import annotations

import time


def web_files_made() -> None:
    """The compressed copies of the web client, made before the served app starts: on a
    first start the app makes them in the background, a minute of processor time that
    would slow the first browser tests down until they time out."""
    from scorepad.ui.config import FONT_FILES
    from scorepad.ui.web_files import WebFiles

    files = WebFiles(FONT_FILES / "DejaVuSans.ttf")
    while not (files.dir / "done").is_file():
        # Made here, unless another process is at it (its lock is fresh): then waited for,
        # and taken over once its lock goes stale (a builder killed with its test run
        # leaves the lock behind, and nobody would finish the copies).
        files.build()
        time.sleep(0.5)
