"""Autosaved sheets in progress, one per game, so a reload or a restart loses nothing.

``DraftStore`` is the seam: the file-backed store below keeps one JSON file per game in
the app's data folder; the history store may later keep drafts in the database instead.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import tempfile
from pathlib import Path
from typing import Protocol

from scorepad.ui.sheet_model import SheetDraft

logger = logging.getLogger(__name__)

SAFE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
"""A game id fit for a file name (always fullmatch: ``$`` lets a trailing newline in)."""


class DraftStore(Protocol):
    """Where sheets in progress are kept between changes."""

    def load(self, game_id: str) -> SheetDraft | None:
        """The draft for ``game_id``, or None (none yet, or unreadable)."""
        ...

    def save(self, draft: SheetDraft) -> None: ...

    def discard(self, game_id: str) -> None: ...

    def all(self) -> list[SheetDraft]:
        """Every draft, most recently changed first (Home offers to continue them)."""
        ...


class FileDraftStore:
    """One ``<game id>.json`` per draft in ``folder``, replaced atomically on every save."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _path(self, game_id: str) -> Path:
        if not SAFE_ID.fullmatch(game_id):
            raise ValueError(f"not a game id: {game_id!r}")
        return self.folder / f"{game_id}.json"

    def load(self, game_id: str) -> SheetDraft | None:
        try:
            path = self._path(game_id)
        except ValueError:
            return None
        return self._read(path)

    def _read(self, path: Path) -> SheetDraft | None:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return SheetDraft.from_dict(data)
        except FileNotFoundError:
            return None
        except (OSError, ValueError, TypeError, KeyError) as problem:
            # Keep the file for a person to look at; the app goes on without it.
            logger.warning("ignoring unreadable draft %s: %s", path, problem)
            return None

    def save(self, draft: SheetDraft) -> None:
        """Keep ``draft``; when the disk refuses (full, read-only) the previous draft stays
        as it was, the sheet keeps its values on screen, and Save says what is wrong."""
        path = self._path(draft.game_id)
        temporary: str | None = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # A file of its own per write: two tabs on one game never interleave half-files.
            with tempfile.NamedTemporaryFile(
                "w", encoding="utf-8", dir=path.parent, suffix=".tmp", delete=False
            ) as handle:
                temporary = handle.name
                handle.write(json.dumps(draft.to_dict(), ensure_ascii=False))
            os.replace(temporary, path)
        except OSError as problem:
            logger.warning("could not keep the draft of %s: %s", draft.game_id, problem)
            if temporary is not None:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)

    def discard(self, game_id: str) -> None:
        try:
            self._path(game_id).unlink(missing_ok=True)
        except ValueError:
            return

    def all(self) -> list[SheetDraft]:
        if not self.folder.is_dir():
            return []
        paths = sorted(self.folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        drafts = [self._read(p) for p in paths]
        return [d for d in drafts if d is not None]
