"""The sheets in progress of a group's server, kept in its PostgreSQL history and shared by
all its processes (``scorepad serve``): the sheet's ``SharedKeeper`` over the store's
sheet rows, and the notices of every process carried to this one's ``LiveSheets`` on the
app's event loop.

Each change a device makes is kept before the app takes the next (one transaction: the
row locked, the draft written, its version one more, a notice sent), so that a process
killed mid-game loses nothing the app had taken. Its notice carries the edit itself
(``scorepad.sheet.wire``); one too long for PostgreSQL's notices says to read the row.

No Flet here: the app's server hands its event loop to ``attach``.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from scorepad.core.template import GameTemplate
from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.edits import Edit
from scorepad.sheet.live import Discarded, Kept, LiveSheets, Restored, Saved
from scorepad.sheet.progress import fill_missing
from scorepad.sheet.wire import WireError, edit_from_json, edit_to_json

if TYPE_CHECKING:
    from scorepad.store import KeptSheet, Listening, SheetRows, Store

logger = logging.getLogger(__name__)

NOTICE_CHARS = 7000
"""An edit whose notice is longer travels as "read the row" (PostgreSQL carries 8000
bytes; a character of JSON's ``ensure_ascii`` is one byte)."""


def utc_now() -> datetime:
    """This moment as the history keeps times: UTC, without its zone."""
    return datetime.now(UTC).replace(tzinfo=None)


def _draft(kept: KeptSheet) -> SheetDraft | None:
    try:
        return SheetDraft.from_dict(json.loads(kept.body))
    except (ValueError, TypeError, KeyError):
        logger.warning("the kept draft of sheet %s cannot be read", kept.sheet_id)
        return None


def _body(draft: SheetDraft) -> str:
    return json.dumps(draft.to_dict(), separators=(",", ":"))


def _notice(**fields: Any) -> str:
    return json.dumps(fields, separators=(",", ":"))


class SharedDrafts:
    """Sheets in progress kept in ``store`` (PostgreSQL), shared by every process of it."""

    def __init__(self, store: Store, now: Callable[[], datetime] = utc_now) -> None:
        self.store = store
        self.now = now
        self.listening: Listening | None = None
        self.saving: set[str] = set()
        """Sheets whose Save is under way here (``save_once`` holds their row)."""

    # --- news from every process ---------------------------------------------------------
    def attach(self, live: LiveSheets, loop: asyncio.AbstractEventLoop) -> None:
        """Every process's notices passed to ``live`` on ``loop`` (once)."""
        if self.listening is not None:
            return

        def heard(payload: str) -> None:
            loop.call_soon_threadsafe(self.arrive, live, payload)

        def lost() -> None:
            loop.call_soon_threadsafe(live.resync)

        self.listening = self.store.listen(heard, lost)

    def stop(self) -> None:
        if self.listening is not None:
            self.listening.stop()
            self.listening = None

    @staticmethod
    def arrive(live: LiveSheets, payload: str) -> None:
        """One notice (``SheetRows.tell``) passed to ``live``."""
        try:
            data = json.loads(payload)
            kind, sheet_id = data["k"], str(data["s"])
            if kind == "e":
                edit = edit_from_json(data["e"]) if "e" in data else None
                live.arrived(sheet_id, Kept(int(data["v"]), edit))
            elif kind == "r":
                live.arrived(sheet_id, Kept(int(data["v"]), None))
            elif kind == "s":
                live.arrived(sheet_id, Saved(str(data["p"])))
            elif kind == "d":
                live.arrived(sheet_id, Discarded())
            elif kind == "b":
                live.arrived(sheet_id, Restored())
            else:  # a kind this process does not know (a newer one's): not a sheet's
                logger.debug("a notice of a kind not known here: %.200s", payload)
        except (ValueError, TypeError, KeyError, WireError):
            logger.warning("a notice of the sheets could not be read: %.200s", payload)
            live.resync()

    # --- DraftKeeper -------------------------------------------------------------------
    def load(self, sheet_id: str) -> SheetDraft | None:
        kept = self.load_version(sheet_id)
        return kept[0] if kept is not None else None

    def load_version(self, sheet_id: str) -> tuple[SheetDraft, int] | None:
        kept = self.store.sheets(lambda rows: rows.get(sheet_id), write=False)
        if kept is None or kept.fate is not None:
            return None
        draft = _draft(kept)
        return (draft, kept.version) if draft is not None else None

    def save(self, draft: SheetDraft) -> None:
        """``draft`` kept whole (a sheet started, or taken afresh): the other processes
        read it back."""
        body = _body(draft)

        def work(rows: SheetRows) -> None:
            kept = rows.get(draft.sheet_id, lock=True)
            if kept is not None and kept.fate is not None:
                return  # saved or thrown away: only Undo (``restore``) brings it back
            version = rows.put(draft.sheet_id, draft.game_id, body, self.now())
            rows.tell(_notice(k="r", s=draft.sheet_id, v=version))

        self.store.sheets(work)

    def discard(self, sheet_id: str) -> None:
        if sheet_id in self.saving:
            return  # the Save storing it marks it saved, in the transaction holding its row

        def work(rows: SheetRows) -> None:
            kept = rows.get(sheet_id, lock=True)
            if kept is not None and kept.fate is None:
                rows.end(sheet_id, "discarded", self.now())
                rows.tell(_notice(k="d", s=sheet_id))

        self.store.sheets(work)

    def flush(self, sheet_id: str | None = None) -> None:
        """Nothing is held back: every change was kept when it was made."""

    def all(self, game_id: str | None = None) -> list[SheetDraft]:
        kept = self.store.sheets(lambda rows: rows.in_progress(game_id), write=False)
        return [draft for draft in map(_draft, kept) if draft is not None]

    # --- SharedKeeper ------------------------------------------------------------------
    def keep(
        self, draft: SheetDraft, edit: Edit, template: GameTemplate, version: int
    ) -> int | None:
        ours = _body(draft)
        wire = edit_to_json(edit)
        # the edit's notice, split around its version (which keeping it gives)
        head = '{"k":"e","s":' + json.dumps(draft.sheet_id) + ',"v":'
        tail = ',"e":' + json.dumps(wire, separators=(",", ":")) + "}"
        if len(head) + len(tail) > NOTICE_CHARS:
            tail = "}"

        def work(rows: SheetRows) -> int | None:
            # the kept copy as this process has it (nearly always): one statement
            done = rows.put_at(draft.sheet_id, ours, self.now(), version, head, tail)
            if done is not None:
                return done
            kept = rows.get(draft.sheet_id, lock=True)
            if kept is not None and kept.fate is not None:
                return None
            body = ours
            if kept is not None and kept.version != version:  # another process's first
                theirs = _draft(kept)
                if theirs is not None:
                    fill_missing(template, theirs)
                    try:
                        edit.apply_to(theirs)
                        body = _body(theirs)
                    except (LookupError, ValueError, TypeError):
                        logger.warning("an edit did not fit sheet %s as kept", draft.sheet_id)
            new = rows.put(draft.sheet_id, draft.game_id, body, self.now())
            rows.tell(head + str(new) + tail)
            return new

        return self.store.sheets(work)

    def save_once(self, sheet_id: str, save: Callable[[], str]) -> tuple[str, bool]:
        stored: list[str] = []  # a transaction tried again never saves the play twice

        def work(rows: SheetRows) -> tuple[str, bool]:
            kept = rows.get(sheet_id, lock=True)
            if kept is not None and kept.fate == "saved" and kept.play_id is not None:
                return kept.play_id, False
            if not stored:
                self.saving.add(sheet_id)
                try:
                    stored.append(save())
                finally:
                    self.saving.discard(sheet_id)
            if kept is not None:
                rows.end(sheet_id, "saved", self.now(), stored[0])
            rows.tell(_notice(k="s", s=sheet_id, p=stored[0]))
            return stored[0], True

        return self.store.sheets(work)

    def restore(self, draft: SheetDraft) -> None:
        body = _body(draft)

        def work(rows: SheetRows) -> None:
            rows.put(draft.sheet_id, draft.game_id, body, self.now())
            rows.tell(_notice(k="b", s=draft.sheet_id))

        self.store.sheets(work)
