"""The live sheet: one sheet open on several devices, every change shown on all of them.

A device's change goes through ``LiveSheets.change``: it is made to the autosaved draft
(the copy every device starts from, and what survives a restart) and then handed to every
other device showing that sheet, which makes the same change to its own copy and shows
it. Flet runs every session's event handlers on one event loop, so changes are made one
at a time, in the order they arrive: changes to different cells never touch each other,
and the later of two changes to one cell is the one every device ends with.

Each sheet has a draft of its own (``drafts.py``), so the sheets of several tables are
live at once, even of one game; a device follows the sheet it opened.

Saving goes through ``save_once``: the first device to press Save stores the play; every
other device showing that sheet is taken to the saved play, and a Save pressed there
opens that same play instead of storing it twice.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass

from scorepad.core import GameTemplate
from scorepad.ui.drafts import DraftStore
from scorepad.ui.sheet_model import Edit, SheetDraft, fill_missing

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Saved:
    """The sheet was saved (on another device) as play ``play_id``."""

    play_id: str


@dataclass(frozen=True)
class Discarded:
    """The sheet was thrown away (Home's Discard)."""


@dataclass(frozen=True)
class Restored:
    """The sheet thrown away is back in progress (Undo)."""


Notice = Saved | Discarded | Restored
"""What happened to a whole sheet, as opposed to an ``Edit`` of what it holds."""

Listener = Callable[[Edit | Notice], None]
"""Receives what another device did to the sheet: an edit, or a notice."""


@dataclass
class Seat:
    """One device's view of one sheet."""

    sheet_id: str
    listener: Listener


class LiveSheets:
    """Every sheet open in this app right now, shared by all its sessions."""

    def __init__(self) -> None:
        self.lock = threading.RLock()
        self.seats: dict[object, Seat] = {}
        self.saved: dict[str, str] = {}
        """Sheet id → the id of the play it was saved as."""
        self.discarded: set[str] = set()
        """Sheets thrown away while this app runs."""

    def join(self, token: object, sheet_id: str, listener: Listener) -> None:
        """``token`` (one per view) shows sheet ``sheet_id``."""
        with self.lock:
            self.seats[token] = Seat(sheet_id, listener)

    def leave(self, token: object) -> None:
        with self.lock:
            self.seats.pop(token, None)

    def change(
        self,
        token: object,
        drafts: DraftStore,
        template: GameTemplate,
        ours: SheetDraft,
        edit: Edit,
    ) -> bool:
        """``edit``, already made to ``ours``, made to the sheet's autosaved draft too
        (``ours`` becomes it when there is none) and passed on. False when the sheet was
        saved or thrown away: then nothing is written."""
        with self.lock:
            if ours.sheet_id in self.saved or ours.sheet_id in self.discarded:
                return False
            draft = drafts.load(ours.sheet_id)
            if draft is None:
                draft = ours
            else:
                fill_missing(template, draft)
                edit.apply_to(draft)
            drafts.save(draft)
            self._tell(token, ours.sheet_id, edit)
        return True

    def discard(self, token: object, drafts: DraftStore, sheet_id: str) -> None:
        """Throw sheet ``sheet_id`` away (Home's Discard); a device still showing it is
        told, and keeps nothing it changes there."""
        with self.lock:
            self.discarded.add(sheet_id)
            drafts.discard(sheet_id)
            self._tell(token, sheet_id, Discarded())

    def restore(self, drafts: DraftStore, draft: SheetDraft) -> None:
        """A sheet thrown away is back in progress (Undo); the devices that were told it
        was thrown away, and still show it, are told it is back."""
        with self.lock:
            self.discarded.discard(draft.sheet_id)
            drafts.save(draft)
            self._tell(None, draft.sheet_id, Restored())

    def save_once(self, token: object, sheet_id: str, save: Callable[[], str]) -> str:
        """The play ``sheet_id`` was saved as: stored now by ``save`` unless another
        device already did; the others are told either way."""
        with self.lock:
            play_id = self.saved.get(sheet_id)
            if play_id is None:
                play_id = save()
                self.saved[sheet_id] = play_id
            self._tell(token, sheet_id, Saved(play_id))
            return play_id

    def _tell(self, token: object, sheet_id: str, change: Edit | Notice) -> None:
        for other, seat in list(self.seats.items()):
            if other is token or seat.sheet_id != sheet_id:
                continue
            try:
                seat.listener(change)
            except Exception:  # a device that went away must not stop the others
                logger.warning("dropping a sheet view that failed to update", exc_info=True)
                self.seats.pop(other, None)
