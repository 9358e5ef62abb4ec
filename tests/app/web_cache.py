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
    if not files.complete:
        files.build()  # returns at once when an app started earlier is making them
    deadline = time.monotonic() + 300
    while not (files.dir / "done").is_file() and time.monotonic() < deadline:
        time.sleep(0.5)
