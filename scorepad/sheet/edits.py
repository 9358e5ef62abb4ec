"""The edits of a sheet: every change to what a sheet holds is one, plain immutable data
made to a draft by ``apply_to``. The same edit is made to the sheet in progress (once:
``progress.SheetInProgress.apply``) and travels to every other device showing the sheet
(``live``). A board kind's edits live in its own module (``scorepad.sheet.boards``), the
edits of lines added on the sheet in ``added``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from scorepad.core.colours import PALETTE
from scorepad.sheet.colours import swapped
from scorepad.sheet.draft import ExtraRow, RoundRow, SheetDraft
from scorepad.sheet.first_player import one_of_the_players
from scorepad.sheet.timer import Timer
from scorepad.sheet.turn import one_of_the_seats


class Edit(Protocol):
    """One change to what a sheet holds. Plain, immutable data: the same edit is made to
    the sheet in progress and travels to every other device showing the sheet."""

    def apply_to(self, draft: SheetDraft) -> None: ...


@dataclass(frozen=True)
class TextEdit:
    """Text typed in a cell of a points, count, table or penalty line."""

    key: str
    player: int
    text: str

    def apply_to(self, draft: SheetDraft) -> None:
        draft.texts[self.key][self.player] = self.text


@dataclass(frozen=True)
class CheckEdit:
    """A check line's box ticked or cleared."""

    key: str
    player: int
    ticked: bool

    def apply_to(self, draft: SheetDraft) -> None:
        draft.checks[self.key][self.player] = self.ticked


@dataclass(frozen=True)
class PairEdit:
    """One of a product line's two numbers typed: ``part`` "a" or "b"."""

    key: str
    player: int
    part: str
    text: str

    def apply_to(self, draft: SheetDraft) -> None:
        draft.pairs[self.key][self.player]["ab".index(self.part)] = self.text


@dataclass(frozen=True)
class RateEdit:
    """The rate chosen for a player on a rated count line."""

    key: str
    player: int
    rate: str

    def apply_to(self, draft: SheetDraft) -> None:
        draft.rates[self.key][self.player] = self.rate


@dataclass(frozen=True)
class ExtraLabelEdit:
    """A by-hand line's label typed."""

    row: int
    label: str

    def apply_to(self, draft: SheetDraft) -> None:
        draft.extra[self.row].label = self.label


@dataclass(frozen=True)
class ExtraPointsEdit:
    """Points typed for a player on a by-hand line."""

    row: int
    player: int
    text: str

    def apply_to(self, draft: SheetDraft) -> None:
        draft.extra[self.row].points[self.player] = self.text


@dataclass(frozen=True)
class ExtraLinesEdit:
    """By-hand lines added or removed: all of them, as (label, points per player)."""

    rows: tuple[tuple[str, tuple[str, ...]], ...]

    def apply_to(self, draft: SheetDraft) -> None:
        draft.extra = [ExtraRow(label, list(points)) for label, points in self.rows]


def round_index(draft: SheetDraft, round_id: str) -> int | None:
    for index, row in enumerate(draft.rounds):
        if row.id == round_id:
            return index
    return None


@dataclass(frozen=True)
class RoundTextEdit:
    """Text typed in a round's cell. A round deleted meanwhile takes the text with it."""

    round_id: str
    key: str
    player: int
    text: str

    def apply_to(self, draft: SheetDraft) -> None:
        index = round_index(draft, self.round_id)
        if index is None:
            return
        draft.rounds[index].texts[self.key][self.player] = self.text
        if self.round_id in draft.changed_rounds:
            return
        later = draft.rounds[index + 1 :]
        if any(t.strip() for row in later for texts in row.texts.values() for t in texts):
            draft.changed_rounds.append(self.round_id)  # rounds after it were played


@dataclass(frozen=True)
class RoundAdded:
    """A round added at the end (the "Next round" button), blank, unless the sheet holds
    ``limit`` rounds already (two devices adding the last round at once)."""

    round_id: str
    keys: tuple[str, ...]
    limit: int | None = None

    def apply_to(self, draft: SheetDraft) -> None:
        if round_index(draft, self.round_id) is not None:
            return
        if self.limit is not None and len(draft.rounds) >= self.limit:
            return
        blank = {key: [""] * len(draft.players) for key in self.keys}
        draft.rounds.append(RoundRow(self.round_id, blank))


@dataclass(frozen=True)
class RoundDeleted:
    """A round taken off the sheet; the rounds after it move up."""

    round_id: str

    def apply_to(self, draft: SheetDraft) -> None:
        index = round_index(draft, self.round_id)
        if index is not None:
            del draft.rounds[index]
        if self.round_id in draft.changed_rounds:
            draft.changed_rounds.remove(self.round_id)


@dataclass(frozen=True)
class RoundRestored:
    """A deleted round put back where it was (Undo), with what it held."""

    round_id: str
    position: int
    texts: tuple[tuple[str, tuple[str, ...]], ...]

    def apply_to(self, draft: SheetDraft) -> None:
        if round_index(draft, self.round_id) is not None:
            return
        row = RoundRow(self.round_id, {key: list(values) for key, values in self.texts})
        draft.rounds.insert(min(self.position, len(draft.rounds)), row)


@dataclass(frozen=True)
class NotesEdit:
    """The notes on the play written or changed (the whole text)."""

    text: str

    def apply_to(self, draft: SheetDraft) -> None:
        draft.notes = self.text


@dataclass(frozen=True)
class FirstPlayerEdit:
    """The player who starts was picked ("" takes the pick back). A name that is not one
    of the sheet's players picks nobody: never a first player who is not in the play."""

    player: str

    def apply_to(self, draft: SheetDraft) -> None:
        draft.first_player = one_of_the_players(self.player, draft.players)


@dataclass(frozen=True)
class TurnEdit:
    """The turn marker moved to seat ``seat`` (from 0; None: back to the first player). A
    seat the sheet does not have, or anything but a whole number, changes nothing."""

    seat: int | None

    def apply_to(self, draft: SheetDraft) -> None:
        if self.seat is None or one_of_the_seats(self.seat, len(draft.players)) is not None:
            draft.turn = self.seat


@dataclass(frozen=True)
class ColourEdit:
    """Player ``seat`` (from 0) has a new colour; a colour not in the palette, or a seat
    the sheet does not have, changes nothing."""

    seat: int
    colour: str

    def apply_to(self, draft: SheetDraft) -> None:
        if self.colour not in PALETTE or not 0 <= self.seat < len(draft.players):
            return
        colours = draft.colours or [""] * len(draft.players)
        draft.colours = swapped(colours, self.seat, self.colour)


@dataclass(frozen=True)
class TimerEdit:
    """The timer paused, resumed or corrected: its whole new state, so every device
    that makes the edit ends with the same timer whatever it had."""

    timer: Timer | None

    def apply_to(self, draft: SheetDraft) -> None:
        draft.timer = self.timer


@dataclass(frozen=True)
class OutcomeEdit:
    """The players chose the outcome ("won" / "lost") or the winning team ("2"), or took
    their choice back ("")."""

    outcome: str

    def apply_to(self, draft: SheetDraft) -> None:
        draft.outcome = self.outcome
