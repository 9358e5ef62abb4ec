"""Where the app keeps its files and which history it opens: decided once at start-up.

``SCOREPAD_DATA_DIR`` moves every file the app writes (drafts, settings) to another
folder: tests give each run its own, and a user can keep a sheet on a USB stick.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

DATA_DIR_ENV = "SCOREPAD_DATA_DIR"
FONT_FILES = Path(__file__).resolve().parents[1] / "printing" / "fonts"
"""The fonts the package ships for printing, also served as the app's assets (its
fallback font, ``/DejaVuSans.ttf``: see ``app.FALLBACK_FONT``)."""


def data_dir() -> Path:
    """The folder for the app's files: ``SCOREPAD_DATA_DIR``, else the user's data folder."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("scorepad", appauthor=False))


@dataclass(frozen=True)
class AppConfig:
    """What the ``app`` command hands to every session of the app."""

    data_dir: Path
    db_url: str | None = None
    """``--db URL`` (or ``SCOREPAD_DB``), kept for the history store to open."""
    lang: str = "en"
    """The language to start in when the user has not chosen one in Settings."""
    share_url: str | None = None
    """With ``--share``: the address (access code included) phones on the network open."""
    public_url: str | None = None
    """``scorepad serve``: the group's server's public address (``https://…``). Then no
    device is the computer's host: every one comes through the reverse proxy, from this
    computer's own address."""
