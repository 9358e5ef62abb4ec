"""Autosaved sheets in progress, one per sheet, so a reload or a restart loses nothing.

Every sheet started is a draft of its own, named by its sheet id: two tables playing the
same game at one club night each keep their sheet, and starting a new one never touches
another. ``DraftStore`` is the seam: the file-backed store below keeps one JSON file per
sheet in the app's data folder.
"""

from __future__ import annotations

import json
import logging
import re
import time
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from scorepad.core import ScorepadError
from scorepad.core.numbers import format_points
from scorepad.files import write_atomic
from scorepad.ui.sheet_model import ExtraRow, SheetDraft

if TYPE_CHECKING:
    from scorepad.store import NewSheet, Store

logger = logging.getLogger(__name__)

SAFE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
"""A sheet id fit for a file name (always fullmatch: ``$`` lets a trailing newline in)."""


class DraftStore(Protocol):
    """Where sheets in progress are kept between changes."""

    def load(self, sheet_id: str) -> SheetDraft | None:
        """The draft of sheet ``sheet_id``, or None (none, or unreadable)."""
        ...

    def save(self, draft: SheetDraft) -> None: ...

    def discard(self, sheet_id: str) -> None: ...

    def all(self) -> list[SheetDraft]:
        """Every draft, most recently changed first (Home offers to continue them)."""
        ...


def of_game(drafts: DraftStore, game_id: str) -> list[SheetDraft]:
    """The sheets in progress of one game, most recently changed first."""
    return [d for d in drafts.all() if d.game_id == game_id]


class FileDraftStore:
    """One ``<sheet id>.json`` per draft in ``folder``, replaced atomically on every save."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _path(self, sheet_id: str) -> Path:
        if not SAFE_ID.fullmatch(sheet_id):
            raise ValueError(f"not a sheet id: {sheet_id!r}")
        return self.folder / f"{sheet_id}.json"

    def load(self, sheet_id: str) -> SheetDraft | None:
        try:
            path = self._path(sheet_id)
        except ValueError:
            return None
        return self._read_changed(path)[1]

    def _read_changed(self, path: Path) -> tuple[int, SheetDraft | None]:
        """The draft in ``path`` and when it was saved (nanoseconds, noted in the file:
        file times are too coarse to order saves made a moment apart)."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            changed = data["changed"]
            if not isinstance(changed, int):
                raise TypeError("the time of the last change is not a whole number")
            return changed, SheetDraft.from_dict(data)
        except FileNotFoundError:
            return 0, None
        except (OSError, ValueError, TypeError, KeyError, AttributeError) as problem:
            # Keep the file for a person to look at; the app goes on without it.
            logger.warning("ignoring unreadable draft %s: %s", path, problem)
            return 0, None

    def save(self, draft: SheetDraft) -> None:
        """Keep ``draft``; when the disk refuses (full, read-only) the previous draft stays
        as it was, the sheet keeps its values on screen, and Save says what is wrong."""
        path = self._path(draft.sheet_id)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # A file of its own per write: two devices on one sheet never interleave.
            kept = {**draft.to_dict(), "changed": time.time_ns()}
            write_atomic(path, json.dumps(kept, ensure_ascii=False))
        except OSError as problem:
            logger.warning("could not keep the draft of %s: %s", draft.game_id, problem)

    def discard(self, sheet_id: str) -> None:
        try:
            self._path(sheet_id).unlink(missing_ok=True)
        except ValueError:
            return
        except OSError as problem:
            logger.warning("could not remove the draft %s: %s", sheet_id, problem)

    def all(self) -> list[SheetDraft]:
        if not self.folder.is_dir():
            return []
        found: list[tuple[int, SheetDraft]] = []
        for path in self.folder.glob("*.json"):
            changed, draft = self._read_changed(path)
            if draft is None or path.stem != draft.sheet_id:
                continue  # not a draft this store wrote: ``load`` would not find it
            found.append((changed, draft))
        found.sort(key=lambda item: item[0], reverse=True)
        return [draft for _, draft in found]


def draft_from_sheet(sheet: NewSheet) -> SheetDraft:
    """A sheet in progress the store kept in its former drafts table (``Store.
    legacy_drafts``), as a draft of the app's, with what was typed as the text it shows.

    Its values are a sheet file's (a number, ``true``, a pair, ``{"count", "rate"}``), so
    each says what kind of line it fills, and no template is needed."""
    players = list(sheet.players)
    n = len(players)
    draft = SheetDraft(
        game_id=sheet.game,
        variant=sheet.variant,
        players=players,
        location=str(sheet.details.get("location") or ""),
    )
    rates: dict[str, list[str | None]] = {}
    for index, name in enumerate(players):
        for key, value in sheet.entries.get(name, {}).items():
            if isinstance(value, bool):
                draft.checks.setdefault(key, [False] * n)[index] = value
            elif isinstance(value, list | tuple) and len(value) == 2:
                pair = draft.pairs.setdefault(key, [["", ""] for _ in range(n)])
                pair[index] = [_as_typed(value[0]), _as_typed(value[1])]
            elif isinstance(value, dict):
                draft.texts.setdefault(key, [""] * n)[index] = _as_typed(value.get("count"))
                rate = value.get("rate")
                rates.setdefault(key, [None] * n)[index] = None if rate is None else str(rate)
            else:
                draft.texts.setdefault(key, [""] * n)[index] = _as_typed(value)
    for key, chosen in rates.items():  # a player without a choice has the first one seen
        first = next(r for r in chosen if r is not None) if any(chosen) else ""
        if first:
            draft.rates[key] = [r or first for r in chosen]
    labels: list[str] = []
    for name in players:
        labels += [str(e.get("label")) for e in sheet.extra.get(name, []) if e.get("label")]
    for label in dict.fromkeys(labels):
        points = []
        for name in players:
            found = [e.get("points") for e in sheet.extra.get(name, []) if e.get("label") == label]
            points.append(_as_typed(found[0]) if found else "")
        draft.extra.append(ExtraRow(label, points))
    return draft


def _as_typed(value: object) -> str:
    if value is None or isinstance(value, bool):
        return ""
    if isinstance(value, int | Decimal):
        return format_points(value)
    return str(value)


def take_in_legacy_drafts(store: Store, drafts: DraftStore) -> None:
    """Save the sheets in progress ``store`` kept from its former drafts table as drafts
    of the app's, then have the store forget them, so it happens once. When one cannot be
    kept (a full disk) the store keeps them all for the next time; a problem here never
    keeps the history from opening."""
    try:
        sheets = store.legacy_drafts()
        if not sheets:
            return
        kept = []
        for sheet in sheets:
            draft = draft_from_sheet(sheet)
            drafts.save(draft)
            kept.append(draft.sheet_id)
        if any(drafts.load(sheet_id) is None for sheet_id in kept):
            for sheet_id in kept:  # none twice next time
                drafts.discard(sheet_id)
            logger.warning(
                "could not keep the sheets in progress of %s: kept for later", store.label
            )
            return
        store.forget_legacy_drafts()
    except (OSError, ScorepadError) as problem:
        logger.warning("could not take in the sheets in progress of an older history: %s", problem)
