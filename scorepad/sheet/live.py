"""The live sheet: one sheet open on several devices, every change shown on all of them.

Every device showing a sheet shares one draft, the table's (``LiveSheets.share``): an edit
is made to it once, by the sheet in progress of the device where it was made
(``SheetInProgress.apply``), which is scored there; ``follow`` then has the draft kept by
the ``DraftKeeper`` the sheet was given (the copy every device starts from, and what
survives a restart) and hands the edit, with what the sheet adds up to after it, to every
other device showing the sheet, which only shows it (``Remote``). Flet runs every
session's event handlers on one event loop, so changes are made one at a time, in the
order they arrive: changes to different cells never touch each other, and the later of
two changes to one cell is the one every device ends with.

Each sheet has a draft of its own, so the sheets of several tables are live at once, even
of one game; a device follows the sheet it opened. While a sheet is open, its ``Table``
holds the draft as changed so far (never read back from the keeper).

Saving goes through ``save_once``: the first device to press Save stores the play; every
other device showing that sheet is taken to the saved play, and a Save pressed there
opens that same play instead of storing it twice.

On a group's server several processes serve one group's devices, each its own
``LiveSheets``, all with one ``SharedKeeper`` (the history's PostgreSQL). A change is kept
there in one transaction, which gives it the next version of the sheet's kept copy, and
reaches every process (``arrived``, on its event loop), in the order changes were kept:
each process makes every other process's edits to its own copy in that order, so that
all copies, the kept one too, end alike. Two processes changing one sheet at the same
moment: the one that kept its change second finds the version it expected gone; its
edit was made to the kept copy after the other's, and once the other's edit arrives
here, its own notice comes after it and the edit is made again, so both copies end
alike (a value typed, made twice, is as made once). An edit that is not (a round or a
line added) has its devices take the kept copy afresh instead (``Restored``: they open
the sheet again). Saved, thrown away and brought back travel the same way;
``save_once`` stores a play once among all the processes.

No Flet and no store here: the app passes the keeper and shows what it is told.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from scorepad.core import GameTemplate
from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.edits import Edit
from scorepad.sheet.keeper import DraftKeeper, SharedKeeper

if TYPE_CHECKING:  # progress imports nothing of this module: no circle, even for types
    from scorepad.sheet.progress import SheetInProgress, SheetState

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
    """The sheet as kept is the one to go on from: thrown away and back in progress
    (Undo), or changed by another process in a way this one takes afresh."""


Notice = Saved | Discarded | Restored
"""What happened to a whole sheet, as opposed to an ``Edit`` of what it holds."""


@dataclass(frozen=True)
class Remote:
    """An edit made on another device, with what the sheet adds up to after it: scored
    once, there, for every device showing the sheet (they share its draft)."""

    edit: Edit
    template: GameTemplate | None
    """The game the state was scored with (a device on another copy of it scores again);
    None for an edit made on another process (scored here once: ``state_for``)."""
    state: SheetState | None
    draft: SheetDraft
    """The draft the edit was made to: a device showing another (a sheet thrown away and
    brought back meanwhile) makes the edit to its own."""
    scored: dict[int, SheetState] = field(default_factory=dict, compare=False)
    """States worked out by the devices told so far, by their game (``state_for``)."""

    def state_for(self, template: GameTemplate) -> SheetState | None:
        """What the sheet adds up to after the edit on ``template``, if known: scored
        where the edit was made, or by a device of this process told before."""
        if template is self.template and self.state is not None:
            return self.state
        return self.scored.get(id(template))

    def keep_state(self, template: GameTemplate, state: SheetState) -> None:
        """``state``, worked out on ``template``, for the devices told after (an edit from
        another process is scored once per process, not once per device)."""
        self.scored[id(template)] = state


@dataclass(frozen=True)
class Kept:
    """An edit another process kept (``LiveSheets.arrived``): version ``version`` of the
    sheet's kept copy. ``edit`` None: one too big to travel, so the copy is read back."""

    version: int
    edit: Edit | None


Listener = Callable[[Remote | Notice], None]
"""Receives what another device did to the sheet: an edit, or a notice."""


@dataclass
class Table:
    """One sheet open on one or more devices."""

    seats: dict[object, Listener] = field(default_factory=dict)
    """Each device's view of the sheet (its token) → what tells it of a change."""
    draft: SheetDraft | None = None
    """The sheet as every device shows it, the one draft they all change (None until a
    device opens it, and again once it was saved, thrown away or brought back)."""
    drafts: DraftKeeper | None = None
    """Where ``draft`` is kept."""
    version: int = 0
    """The version of the shared keeper's copy ``draft`` is (a group's server)."""


class LiveSheets:
    """Every sheet open in this app right now, shared by all its sessions."""

    def __init__(self, shared: SharedKeeper | None = None) -> None:
        self.shared = shared
        """The keeper this app's processes share (a group's server), else None."""
        self.lock = threading.RLock()
        self.tables: dict[str, Table] = {}
        """Sheet id → the devices showing it and its draft."""
        self.where: dict[object, str] = {}
        """Each device's view (token) → the sheet it shows."""
        self.saved: dict[str, str] = {}
        """Sheet id → the id of the play it was saved as."""
        self.discarded: set[str] = set()
        """Sheets thrown away while this app runs."""

    def share(self, draft: SheetDraft, drafts: DraftKeeper) -> SheetDraft:
        """The draft every device showing ``draft``'s sheet changes: the table's when the
        sheet is open already (kept by ``drafts``), else ``draft``, which becomes it."""
        with self.lock:
            table = self.tables.setdefault(draft.sheet_id, Table())
            if table.draft is None or table.drafts is not drafts:
                table.draft, table.drafts, table.version = draft, drafts, 0
                shared = self._shared_by(drafts)
                if shared is not None:
                    kept = shared.load_version(draft.sheet_id)
                    if kept is not None:
                        table.draft, table.version = kept
            return table.draft

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
                del self.tables[sheet_id]  # its draft is the keeper's again

    def change(
        self,
        token: object,
        drafts: DraftKeeper,
        template: GameTemplate,
        ours: SheetDraft,
        edit: Edit,
        state: SheetState,
    ) -> bool:
        """``edit``, already made to ``ours`` (which then adds up to ``state``): the
        sheet's draft kept by ``drafts`` and the edit passed on with ``state``. False when
        the sheet was saved or thrown away: then nothing is kept."""
        sheet_id = ours.sheet_id
        with self.lock:
            if sheet_id in self.saved or sheet_id in self.discarded:
                return False
            table = self.tables.setdefault(sheet_id, Table())
            if table.draft is None or table.drafts is not drafts:
                table.draft, table.drafts = ours, drafts
            elif table.draft is not ours:  # a device on a draft it no longer shares
                edit.apply_to(table.draft)
            shared = self._shared_by(drafts)
            if shared is None:
                drafts.save(table.draft)
            else:
                version = shared.keep(table.draft, edit, template, table.version)
                if version is None:
                    return False
                if version == table.version + 1:
                    table.version = version
                elif not _alike_twice(edit, table.draft):
                    self._take_kept(sheet_id)  # another process kept a change first
                    return True
                # else another process kept a change first, and this edit (made again
                # once the others' edits before it arrive, as its own notice) puts the
                # copy here where the kept one is: the devices go on as they are
            self._tell(token, sheet_id, Remote(edit, template, state, ours))
        return True

    def discard(self, token: object, drafts: DraftKeeper, sheet_id: str) -> None:
        """Throw sheet ``sheet_id`` away (Home's Discard); a device still showing it is
        told, and keeps nothing it changes there."""
        with self.lock:
            self.discarded.add(sheet_id)
            self._forget_draft(sheet_id)
            drafts.discard(sheet_id)
            self._tell(token, sheet_id, Discarded())

    def restore(self, drafts: DraftKeeper, draft: SheetDraft) -> None:
        """A sheet thrown away is back in progress (Undo); the devices that were told it
        was thrown away, and still show it, are told it is back."""
        with self.lock:
            self.discarded.discard(draft.sheet_id)
            self._forget_draft(draft.sheet_id)
            shared = self._shared_by(drafts)
            if shared is not None:
                shared.restore(draft)
            else:
                drafts.save(draft)
            self._tell(None, draft.sheet_id, Restored())

    def save_once(self, token: object, sheet_id: str, save: Callable[[], str]) -> str:
        """The play ``sheet_id`` was saved as: stored now by ``save`` unless another
        device already did (of any process, on a group's server); the others are told
        either way."""
        with self.lock:
            play_id = self.saved.get(sheet_id)
            if play_id is None:
                if self.shared is not None and self.shared_sheet(sheet_id):
                    play_id, _ = self.shared.save_once(sheet_id, save)
                else:
                    play_id = save()
                self.saved[sheet_id] = play_id
                self._forget_draft(sheet_id)
            self._tell(token, sheet_id, Saved(play_id))
            return play_id

    def shared_sheet(self, sheet_id: str) -> bool:
        """Whether sheet ``sheet_id`` is kept by the shared keeper (not an edited play's
        keeper of its own)."""
        table = self.tables.get(sheet_id)
        return table is None or table.drafts is None or table.drafts is self.shared

    def arrived(self, sheet_id: str, news: Kept | Notice) -> None:
        """What a process (this one too) kept of sheet ``sheet_id``, in the order it was
        kept: passed on to the devices of this process that show the sheet, unless they
        have it already."""
        with self.lock:
            table = self.tables.get(sheet_id)
            if isinstance(news, Kept):
                if table is None or table.draft is None or self._shared_by(table.drafts) is None:
                    return  # no device here has the sheet: one that opens it reads it
                if news.version <= table.version:
                    return  # this process's own change, or one it took with the copy
                if news.version > table.version + 1 or news.edit is None:
                    self._take_kept(sheet_id)  # a change missed, or one too big to travel
                    return
                news.edit.apply_to(table.draft)
                table.version = news.version
                self._tell(None, sheet_id, Remote(news.edit, None, None, table.draft))
            elif isinstance(news, Saved):
                if self.saved.get(sheet_id) != news.play_id:
                    self.saved[sheet_id] = news.play_id
                    self._forget_draft(sheet_id)
                    self._tell(None, sheet_id, news)
            elif isinstance(news, Discarded):
                if sheet_id not in self.discarded:
                    self.discarded.add(sheet_id)
                    self._forget_draft(sheet_id)
                    self._tell(None, sheet_id, news)
            elif sheet_id in self.discarded:  # brought back on another process
                self.discarded.discard(sheet_id)
                self._forget_draft(sheet_id)
                self._tell(None, sheet_id, news)

    def resync(self) -> None:
        """Every sheet open here taken afresh from the shared keeper where it changed
        since (news may have been lost: the keeper's link to the others was down)."""
        with self.lock:
            for sheet_id, table in list(self.tables.items()):
                shared = self._shared_by(table.drafts)
                if table.draft is None or shared is None:
                    continue
                kept = shared.load_version(sheet_id)
                if kept is None or kept[1] != table.version:
                    self._take_kept(sheet_id)

    def _shared_by(self, drafts: DraftKeeper | None) -> SharedKeeper | None:
        """The shared keeper, when ``drafts`` is it (not an edited play's own keeper)."""
        return self.shared if drafts is not None and drafts is self.shared else None

    def _take_kept(self, sheet_id: str) -> None:
        """The shared keeper's copy of ``sheet_id`` is the one to go on from: every
        device here showing the sheet opens it again."""
        self._forget_draft(sheet_id)
        self._tell(None, sheet_id, Restored())

    def saved_as(self, sheet_id: str) -> str | None:
        """The play sheet ``sheet_id`` was saved as, where this process knows (it saved
        it, or heard another process did); read without the lock, as ``follows``."""
        return self.saved.get(sheet_id)

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
        """The keeper's draft of ``sheet_id`` is the one to go on from (it was saved,
        thrown away or brought back)."""
        table = self.tables.get(sheet_id)
        if table is not None:
            table.draft = table.drafts = None
            table.version = 0

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


def _alike_twice(edit: Edit, draft: SheetDraft) -> bool:
    """Whether ``edit``, made to ``draft`` already, leaves it as it is when made again (a
    value typed into a cell; not a round or a line added)."""
    before = draft.to_dict()
    again = SheetDraft.from_dict(before)
    try:
        edit.apply_to(again)
    except (LookupError, ValueError, TypeError):
        return False
    return again.to_dict() == before


def follow(
    live: LiveSheets,
    token: object,
    model: SheetInProgress,
    drafts: DraftKeeper,
    listener: Listener,
) -> None:
    """``model`` (shown by ``token``) on its sheet's shared draft, every edit made to it
    kept by ``drafts`` and passed on to the other devices showing the sheet, and theirs
    passed to ``listener``. Once the sheet was saved or thrown away the model is ``gone``:
    nothing changed there is kept."""
    model.share(live.share(model.draft, drafts))
    live.join(token, model.draft.sheet_id, listener)

    def kept(edit: Edit) -> None:
        if not live.change(token, drafts, model.template, model.draft, edit, model.state):
            model.gone = True

    model.on_change = kept
