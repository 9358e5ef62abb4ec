"""Autosaved sheets in progress, one per sheet, so a reload or a restart loses nothing.

Every sheet started is a draft of its own, named by its sheet id: two tables playing the
same game at one club night each keep their sheet, and starting a new one never touches
another. ``DraftStore`` (the sheet's ``DraftKeeper``) is the seam: the file-backed store
below keeps one JSON file per sheet in the app's data folder.
"""

from __future__ import annotations

import atexit
import json
import logging
import re
import threading
import time
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from scorepad.core import ScorepadError
from scorepad.core.numbers import format_points
from scorepad.files import write_atomic
from scorepad.sheet.draft import ExtraRow, SheetDraft
from scorepad.sheet.keeper import DraftKeeper

if TYPE_CHECKING:
    from scorepad.store import NewSheet, Store

logger = logging.getLogger(__name__)

SAFE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
"""A sheet id fit for a file name (always fullmatch: ``$`` lets a trailing newline in)."""


DraftStore = DraftKeeper
"""Where sheets in progress are kept (the sheet's ``DraftKeeper``)."""


WRITE_EVERY_S = 0.2
"""The app writes a sheet's draft file at most once per this many seconds: a change is on
disk within this window (plus the time of one write), so a process killed outright loses
at most what was typed in its last moment; a sheet saved or left, and the app stopping,
write at once."""


class _Kept:
    """A draft as saved: when, its JSON, and that read back (once, when asked)."""

    __slots__ = ("_data", "changed", "text")

    def __init__(self, changed: int, text: str) -> None:
        self.changed, self.text = changed, text
        self._data: dict[str, object] | None = None

    def data(self) -> dict[str, object]:
        if self._data is None:
            self._data = json.loads(self.text)
        return self._data


class FileDraftStore:
    """One ``<sheet id>.json`` per draft in ``folder``, replaced atomically.

    With ``every`` (seconds, the app's ``WRITE_EVERY_S``) the writes are coalesced: the
    store keeps each sheet's latest draft in memory, where ``load`` and ``all`` find it
    at once, and a thread of its own writes a changed sheet at most once per ``every``
    seconds (``flush`` writes at once; so does the process ending normally). Without it
    every ``save`` writes before it returns. Reading, a file unchanged since it was last
    read (same size and time) is not parsed again."""

    def __init__(self, folder: Path, *, every: float = 0.0) -> None:
        self.folder = folder
        self.every = every
        self._lock = threading.Lock()
        """Guards what is below (the event loop saves, the writer thread writes)."""
        self._writing = threading.Lock()
        """Held for the whole of a write or a removal, so that neither ever lands after a
        later one of the same sheet."""
        self._latest: dict[str, _Kept] = {}
        """Every draft saved here (while coalescing), by sheet id."""
        self._due: dict[str, float] = {}
        """Sheets whose latest draft is not on disk yet → when it is to be written."""
        self._read: dict[Path, tuple[tuple[int, int, int], int, dict[str, object]]] = {}
        """Files read: (size, time) as read, the time of the change they hold, contents."""
        self._wake = threading.Condition(self._lock)
        self._writer: threading.Thread | None = None

    def _path(self, sheet_id: str) -> Path:
        if not SAFE_ID.fullmatch(sheet_id):
            raise ValueError(f"not a sheet id: {sheet_id!r}")
        return self.folder / f"{sheet_id}.json"

    def load(self, sheet_id: str) -> SheetDraft | None:
        try:
            path = self._path(sheet_id)
        except ValueError:
            return None
        kept = self._still_kept(sheet_id, path)
        if kept is not None:
            return SheetDraft.from_dict(kept.data())
        return self._read_changed(path)[1]

    def _still_kept(self, sheet_id: str, path: Path) -> _Kept | None:
        """The draft of ``sheet_id`` kept here, unless it was written and its file has
        gone since (removed by hand, or with the folder): then it is gone here too."""
        with self._lock:
            kept = self._latest.get(sheet_id)
            if kept is None or sheet_id in self._due or path.exists():
                return kept
            del self._latest[sheet_id]
            return None

    def _read_changed(self, path: Path) -> tuple[int, SheetDraft | None]:
        """The draft in ``path`` and when it was saved (nanoseconds, noted in the file:
        file times are too coarse to order saves made a moment apart)."""
        try:
            stat = path.stat()
            seen = (stat.st_ino, stat.st_size, stat.st_mtime_ns)
            known = self._read.get(path)
            if known is not None and known[0] == seen:
                return known[1], SheetDraft.from_dict(known[2])
            data = json.loads(path.read_text(encoding="utf-8"))
            changed = data["changed"]
            if not isinstance(changed, int):
                raise TypeError("the time of the last change is not a whole number")
            draft = SheetDraft.from_dict(data)  # refuses a malformed file before it is kept
            self._read[path] = (seen, changed, data)
            return changed, draft
        except FileNotFoundError:
            self._read.pop(path, None)
            return 0, None
        except (OSError, ValueError, TypeError, KeyError, AttributeError) as problem:
            # Keep the file for a person to look at; the app goes on without it.
            logger.warning("ignoring unreadable draft %s: %s", path, problem)
            return 0, None

    def save(self, draft: SheetDraft) -> None:
        """Keep ``draft``; when the disk refuses (full, read-only) the previous draft stays
        as it was, the sheet keeps its values on screen, and Save says what is wrong."""
        path = self._path(draft.sheet_id)
        changed = time.time_ns()
        text = json.dumps({**draft.to_dict(), "changed": changed}, ensure_ascii=False)
        if not self.every:
            self._write(path, text, draft.game_id)
            return
        with self._lock:
            self._latest[draft.sheet_id] = _Kept(changed, text)
            due = self._due.get(draft.sheet_id)
            if due is None:
                if not self._due:  # the writer waits for nothing: wake it
                    self._wake.notify()
                self._due[draft.sheet_id] = self._tick()
            if self._writer is None:
                self._writer = threading.Thread(target=self._write_due, name="drafts", daemon=True)
                self._writer.start()
                atexit.register(self.flush)
            overdue = due is not None and time.monotonic() >= due
        if overdue:
            # In a burst of changes the writer thread may not get its turn in time (the
            # typing thread keeps the interpreter busy): the change that finds its sheet's
            # write overdue writes it, so the window holds however busy the process is.
            self.flush(draft.sheet_id)

    def _write(self, path: Path, text: str, about: str) -> None:
        try:
            try:
                # A file of its own per write: two writers of one sheet never interleave.
                write_atomic(path, text)
            except FileNotFoundError:  # no folder yet, or it was removed: made again
                path.parent.mkdir(parents=True, exist_ok=True)
                write_atomic(path, text)
        except OSError as problem:
            logger.warning("could not keep the draft of %s: %s", about, problem)

    def _tick(self) -> float:
        """When a draft saved now is due: the next whole multiple of ``every`` seconds (of
        the monotonic clock), so that every sheet changed meanwhile is due at once and
        the writer wakes once for them all, not once per sheet; none waits longer than
        ``every``."""
        return (time.monotonic() // self.every + 1) * self.every

    def _write_due(self) -> None:
        """The writer thread: every sheet whose latest draft is due, each time some are."""
        while True:
            with self._lock:
                while not self._due:
                    self._wake.wait()
                now = time.monotonic()
                first = min(self._due.values())
                if first > now:
                    self._wake.wait(first - now)
                    continue
                ready = [sheet_id for sheet_id, due in self._due.items() if due <= now]
            for sheet_id in ready:
                self.flush(sheet_id)

    def flush(self, sheet_id: str | None = None) -> None:
        """Write now what is not on disk yet, of sheet ``sheet_id`` or of every sheet."""
        with self._lock:
            waiting = [sheet_id] if sheet_id is not None else list(self._due)
        for one in waiting:
            with self._writing:
                with self._lock:
                    if one not in self._due:
                        continue
                    kept = self._latest[one]
                self._write(self._path(one), kept.text, one)
                with self._lock:  # due until written (a file on its way is no file gone)
                    if self._latest.get(one) is kept:
                        del self._due[one]
                    elif one in self._due:  # saved again meanwhile: written in turn
                        self._due[one] = self._tick()

    def discard(self, sheet_id: str) -> None:
        try:
            path = self._path(sheet_id)
        except ValueError:
            return
        with self._writing:
            with self._lock:
                self._latest.pop(sheet_id, None)
                self._due.pop(sheet_id, None)
            try:
                path.unlink(missing_ok=True)
            except OSError as problem:
                logger.warning("could not remove the draft %s: %s", sheet_id, problem)

    def all(self, game_id: str | None = None) -> list[SheetDraft]:
        """Each phone joining a table looks for its game's sheets: only theirs are read
        back, not every table's."""
        with self._lock:
            sheet_ids = list(self._latest)
        kept = {}
        for sheet_id in sheet_ids:
            one = self._still_kept(sheet_id, self._path(sheet_id))
            if one is not None:
                kept[sheet_id] = one
        found = {
            sheet_id: (one.changed, SheetDraft.from_dict(one.data()))
            for sheet_id, one in kept.items()
            if game_id is None or one.data().get("game") == game_id
        }
        if self.folder.is_dir():
            for path in self.folder.glob("*.json"):
                if path.stem in kept:
                    continue  # this store wrote it, and holds its latest
                changed, draft = self._read_changed(path)
                if draft is None or path.stem != draft.sheet_id:
                    continue  # not a draft this store wrote: ``load`` would not find it
                if game_id is not None and draft.game_id != game_id:
                    continue
                found[draft.sheet_id] = (changed, draft)
        ordered = sorted(found.values(), key=lambda item: item[0], reverse=True)
        return [draft for _, draft in ordered]


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
