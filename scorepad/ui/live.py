"""The live sheet: one sheet open on several devices, every change shown on all of them.

A device's change goes through ``LiveSheets.change``: it is made to the autosaved draft
(the copy every device starts from, and what survives a restart) and then handed to every
other device showing that sheet, which makes the same change to its own copy and shows
it. Flet runs every session's event handlers on one event loop, so changes are made one
at a time, in the order they arrive: changes to different cells never touch each other,
and the later of two changes to one cell is the one every device ends with.

Each sheet has a draft of its own (``drafts.py``), so the sheets of several tables are
live at once, even of one game; a device follows the sheet it opened. While a sheet is
open, its ``Table`` holds the draft as changed so far (never read back from the store),
and the sheet is scored once per change, on the device that made it: the others receive
that state with the edit (``Remote``) and only show it.

Saving goes through ``save_once``: the first device to press Save stores the play; every
other device showing that sheet is taken to the saved play, and a Save pressed there
opens that same play instead of storing it twice.
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from scorepad.core import GameTemplate
from scorepad.ui.drafts import DraftStore
from scorepad.ui.sheet_model import Edit, SheetDraft, SheetState, fill_missing

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


@dataclass(frozen=True)
class Remote:
    """An edit made on another device, with what the sheet adds up to after it: scored
    once, there, for every device showing the sheet (their copies hold the same values)."""

    edit: Edit
    template: GameTemplate
    """The game the state was scored with (a device on another copy of it scores again)."""
    state: SheetState


Listener = Callable[[Remote | Notice], None]
"""Receives what another device did to the sheet: an edit, or a notice."""


@dataclass
class Table:
    """One sheet open on one or more devices."""

    seats: dict[object, Listener] = field(default_factory=dict)
    """Each device's view of the sheet (its token) → what tells it of a change."""
    draft: SheetDraft | None = None
    """The sheet as every device shows it, kept in the draft store after each change
    (None until the first change: until then it is the store's)."""
    drafts: DraftStore | None = None
    """Where ``draft`` is kept."""


class LiveSheets:
    """Every sheet open in this app right now, shared by all its sessions."""

    def __init__(self) -> None:
        self.lock = threading.RLock()
        self.tables: dict[str, Table] = {}
        """Sheet id → the devices showing it and its latest draft."""
        self.where: dict[object, str] = {}
        """Each device's view (token) → the sheet it shows."""
        self.saved: dict[str, str] = {}
        """Sheet id → the id of the play it was saved as."""
        self.discarded: set[str] = set()
        """Sheets thrown away while this app runs."""

    def join(self, token: object, sheet_id: str, listener: Listener) -> None:
        """``token`` (one per view) shows sheet ``sheet_id``."""
        with self.lock:
            self.leave(token)
            self.tables.setdefault(sheet_id, Table()).seats[token] = listener
            self.where[token] = sheet_id

    def leave(self, token: object) -> None:
        """``token`` no longer shows its sheet; the last device to leave a sheet has its
        draft written at once."""
        with self.lock:
            sheet_id = self.where.pop(token, None)
            table = self.tables.get(sheet_id) if sheet_id is not None else None
            if sheet_id is None or table is None:
                return
            table.seats.pop(token, None)
            if table.drafts is not None:
                table.drafts.flush(sheet_id)
            if not table.seats:
                del self.tables[sheet_id]  # its draft is the store's again

    def change(
        self,
        token: object,
        drafts: DraftStore,
        template: GameTemplate,
        ours: SheetDraft,
        edit: Edit,
        state: SheetState,
    ) -> bool:
        """``edit``, already made to ``ours`` (which then adds up to ``state``), made to
        the sheet's autosaved draft too (a copy of ``ours`` when there is none) and
        passed on with ``state``. False when the sheet was saved or thrown away: then
        nothing is written."""
        sheet_id = ours.sheet_id
        with self.lock:
            if sheet_id in self.saved or sheet_id in self.discarded:
                return False
            table = self.tables.setdefault(sheet_id, Table())
            if table.draft is None or table.drafts is not drafts:
                draft = drafts.load(sheet_id)
                if draft is None:
                    draft = SheetDraft.from_dict(ours.to_dict())
                else:
                    fill_missing(template, draft)
                    edit.apply_to(draft)
                table.draft, table.drafts = draft, drafts
            else:
                edit.apply_to(table.draft)
            drafts.save(table.draft)
            self._tell(token, sheet_id, Remote(edit, template, state))
        return True

    def discard(self, token: object, drafts: DraftStore, sheet_id: str) -> None:
        """Throw sheet ``sheet_id`` away (Home's Discard); a device still showing it is
        told, and keeps nothing it changes there."""
        with self.lock:
            self.discarded.add(sheet_id)
            self._forget_draft(sheet_id)
            drafts.discard(sheet_id)
            self._tell(token, sheet_id, Discarded())

    def restore(self, drafts: DraftStore, draft: SheetDraft) -> None:
        """A sheet thrown away is back in progress (Undo); the devices that were told it
        was thrown away, and still show it, are told it is back."""
        with self.lock:
            self.discarded.discard(draft.sheet_id)
            self._forget_draft(draft.sheet_id)
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
                self._forget_draft(sheet_id)
            self._tell(token, sheet_id, Saved(play_id))
            return play_id

    def follows(self, token: object, sheet_id: str) -> bool:
        """Whether ``token`` shows sheet ``sheet_id`` and a change made there is kept.
        Read without the lock (each look-up is atomic): the app's event loop asks, and a
        save under way holds the lock while it stores the play."""
        return (
            self.where.get(token) == sheet_id
            and sheet_id not in self.saved
            and sheet_id not in self.discarded
        )

    def _forget_draft(self, sheet_id: str) -> None:
        """The store's draft of ``sheet_id`` is the one to go on from (it was saved,
        thrown away or brought back)."""
        table = self.tables.get(sheet_id)
        if table is not None:
            table.draft = table.drafts = None

    def _tell(self, token: object, sheet_id: str, change: Remote | Notice) -> None:
        table = self.tables.get(sheet_id)
        if table is None:
            return
        for other, listener in list(table.seats.items()):
            if other is token:
                continue
            try:
                listener(change)
            except Exception:  # a device that went away must not stop the others
                logger.warning("dropping a sheet view that failed to update", exc_info=True)
                table.seats.pop(other, None)
                self.where.pop(other, None)


@dataclass(frozen=True)
class FieldName:
    """A sheet's field as a player names it, and whether it takes a value now."""

    player: str
    line: str
    taken: Callable[[], bool]
    """False once a value typed there would not be kept: its sheet was saved or thrown
    away, or the field is no longer on the sheet its device shows."""


class FieldNames:
    """The sheets' fields by Flet's control id (unique in the app's process), most recent
    last: a page that lost its link and sends again what it typed is told which of its
    values could not be taken (``scorepad.ui.heartbeat``), by player and line."""

    KEPT = 8192
    """Fields remembered (about 200 sheets of 40 fields); the oldest are forgotten."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.names: OrderedDict[int, FieldName] = OrderedDict()

    def name(self, fields: Iterable[tuple[int, FieldName]]) -> None:
        with self.lock:
            for control_id, name in fields:
                self.names[control_id] = name
                self.names.move_to_end(control_id)
            while len(self.names) > self.KEPT:
                self.names.popitem(last=False)

    def untaken(self, control_id: int) -> tuple[str, str] | None:
        """The player and line of a sheet field that would not take a value now."""
        with self.lock:
            name = self.names.get(control_id)
        if name is None or name.taken():
            return None
        return name.player, name.line


FIELD_NAMES = FieldNames()
"""Every sheet field shown in this app's process (the page's link reads it)."""


def taken_while(
    live: LiveSheets, view: object, sheet_id: str, current: Callable[[object], bool]
) -> Callable[[], bool]:
    """Whether a field of ``view`` takes a value now: the view still shows ``sheet_id``,
    which is neither saved nor thrown away, and ``current(view)`` (its fields are the
    ones it shows). The view is held weakly: a view gone takes nothing."""
    ref = weakref.ref(view)

    def taken() -> bool:
        shown = ref()
        return shown is not None and live.follows(shown, sheet_id) and current(shown)

    return taken
