"""What the store hands back: small frozen values, free of SQL, ready for the CLI and the app."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import NamedTuple

from scorepad.core import GameTemplate, PlayerSheet, ScoredSheet
from scorepad.core.i18n import Text
from scorepad.core.numbers import Number
from scorepad.store.boards import SeatBoard


class SeatResult(NamedTuple):
    """One player's line in a listing: who, their total, rank and whether they won.

    Listings build hundreds of these per page; a named tuple is immutable and several
    times cheaper to make than a frozen dataclass.
    """

    player_id: int
    name: str
    total: Number | None
    """None: the seat has no score (a game without points, a score left blank). An
    imported score finer than a half ("3.44") is given exactly here."""
    rank: int
    winner: bool
    team: str | None = None
    """The player's team in a team play."""
    anonymous: bool = False
    """The seat is the anonymous player (anyone unnamed): shown as "Anonymous" in the
    reader's language, never a profile."""
    colour: str | None = None
    """The player's colour in the play (a palette name, ``core.colours``); None: none."""
    board: SeatBoard | None = None
    """The player's board kept with the play (``store.boards``: an Azul wall); None: none."""
    role: str | None = None
    """The player's role in the play (a character, faction or side an import gave)."""


def coop_key(outcome: str | None) -> str:
    """The message for a co-operative play's outcome: won or lost together, or "mixed"
    (some seats won, some lost: a traitor's game imported from BG Stats)."""
    if outcome == "won":
        return "store.coop_won"
    return "store.coop_mixed" if outcome == "mixed" else "store.coop_lost"


class PlaySummary(NamedTuple):
    """A play as the history lists it (no per-line detail)."""

    id: int
    uid: str
    game: str
    game_name: Text
    variant: str | None
    played_at: datetime
    location: str | None
    duration: int | None
    notes: str | None
    players: tuple[SeatResult, ...]
    result_kind: str | None = None
    """"cooperative" or "teams"; None for a play each for themselves."""
    outcome: str | None = None
    """A co-operative play's "won" or "lost" ("mixed": some seats won, some lost, as an
    import gave them); a team play without a score: the winning team."""
    modules: tuple[str, ...] = ()
    """The game's modules chosen for the play."""
    ignored: bool = False
    """Kept and listed, left out of every statistic."""
    first_seat: int | None = None
    """The seat (from 1) of the player who started; None: nobody was picked."""
    started_at: datetime | None = None
    """When the sheet was started (local time); None: not known."""

    @property
    def first_player(self) -> str | None:
        """The name of the player who started, as the play shows it now."""
        seat = self.first_seat
        return self.players[seat - 1].name if seat and seat <= len(self.players) else None

    @property
    def scored(self) -> bool:
        """Whether any seat has a score (else History shows only the winners)."""
        return any(p.total is not None for p in self.players)

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players if p.winner)


@dataclass(frozen=True, slots=True)
class PlayRecord:
    """One play in full: the sheet is re-scored from the template snapshot it was saved with."""

    summary: PlaySummary
    sheet: ScoredSheet
    template_version: int
    created_at: datetime
    updated_at: datetime
    deleted_at: datetime | None
    typed: tuple[Mapping[str, object], ...] = ()
    """Per seat, the entries that were typed as sums, as typed ("3+6+2", or a per-round
    list holding one): ``sheet`` has the numbers they came to. Empty when none was."""
    imported: Mapping[str, object] = field(default_factory=dict)
    """What an imported play carried beyond its sheet (``bgsplay.kept``): "source",
    "modified", "start" (seats from 1), "seat_order", "expansions" (names without a
    module), "rounds", "board". Empty for a play made in Scorepad."""

    @property
    def id(self) -> int:
        return self.summary.id

    def player_sheets(self) -> tuple[PlayerSheet, ...]:
        """The entries as the scoring core takes them, e.g. to edit and save again; an
        entry typed as a sum comes back as typed."""
        typed = self.typed or ({},) * len(self.sheet.players)
        teams = {name: t.name for t in self.sheet.teams for name in t.members}
        return tuple(
            PlayerSheet(p.name, {**p.entries, **sums}, tuple(p.extra), teams.get(p.name))
            for p, sums in zip(self.sheet.players, typed, strict=True)
        )


@dataclass(frozen=True, slots=True)
class PlayFilter:
    """History filters; every one is optional and they combine with "and"."""

    game: str | None = None
    player: str | None = None
    """A player's name, case, spaces and accents aside ("chloe" finds Chloé's plays)."""
    since: datetime | None = None
    until: datetime | None = None
    """Exclusive upper bound."""
    text: str | None = None
    """Found anywhere in the notes (case-insensitive)."""
    module: str | None = None
    """Only plays with this module of their game chosen (a module id)."""


@dataclass(frozen=True, slots=True)
class Page:
    plays: tuple[PlaySummary, ...]
    offset: int
    has_more: bool


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    id: int
    name: str
    plays: int
    wins: int = 0


@dataclass(frozen=True, slots=True)
class PlayerStats:
    name: str
    game: str | None
    plays: int
    wins: int
    win_rate: Decimal | None
    """Wins per play, 0 to 1, two decimals; None before the first play."""
    average_total: Decimal | None
    best_total: Number | None
    """The highest total (the lowest for a game won by the lowest total). Both are per
    game: for all games together they are given only when the player's scores are all of
    one game, never adding different games' points; plays without a score are left out."""
    last_played: datetime | None
    coop_plays: int = 0
    """Co-operative plays, counted apart: ``plays`` and ``wins`` are the others (a team's
    win counts for each of its members)."""
    coop_wins: int = 0
    """Co-operative plays the table won."""
    coop_win_rate: Decimal | None = None


@dataclass(frozen=True, slots=True)
class RoleStats:
    """How a role (a character, faction or side an import gave) fared: plays counted in
    stats, and wins."""

    role: str
    plays: int
    wins: int


@dataclass(frozen=True, slots=True)
class Holder:
    name: str
    play_id: int
    played_at: datetime


@dataclass(frozen=True, slots=True)
class GameStats:
    game: str
    name: Text
    plays: int
    best_total: Number | None
    holders: tuple[Holder, ...]
    average_winning_total: Decimal | None
    distribution: tuple[tuple[Number, int], ...]
    """Each total reached and how many times, from the lowest total up."""
    average_duration: int | None = None
    """Minutes a play took, on average over the plays that say (None: none does)."""
    scored: bool = True
    """Whether the game's sheet adds up to a score: without one (Pandemic) there is no
    best, average or distribution of totals."""
    coop_wins: int = 0
    """A co-operative game's plays the table won together, and lost together."""
    coop_losses: int = 0


@dataclass(frozen=True, slots=True)
class HeadToHead:
    a: str
    b: str
    plays: int
    a_ahead: int
    b_ahead: int
    level: int
    a_wins: int
    b_wins: int
    a_average: Decimal | None
    b_average: Decimal | None
    last_played: datetime | None
    coop_plays: int = 0
    """Of ``plays``, the co-operative ones, won or lost together: neither was ahead, and
    ``level``, ``a_ahead``, ``b_ahead`` and the wins count the other plays only."""
    coop_wins: int = 0
    """The co-operative plays they won together."""


@dataclass(frozen=True, slots=True)
class CustomGame:
    template: GameTemplate
    labels: tuple[str, ...] = ()
    deleted: bool = False


@dataclass(frozen=True, slots=True)
class NewSheet:
    """A sheet ready to fill in: what a rematch or a stored draft hands to the app."""

    game: str
    variant: str | None
    players: tuple[str, ...]
    entries: dict[str, dict[str, object]] = field(default_factory=dict)
    """Per player name, the line values typed so far (a draft); empty for a rematch."""
    extra: dict[str, list[dict[str, object]]] = field(default_factory=dict)
    details: dict[str, object] = field(default_factory=dict)
    """Location, notes and the like typed so far."""
    modules: tuple[str, ...] = ()
    """The game's modules chosen (a rematch keeps the play's)."""


@dataclass(frozen=True, slots=True)
class PlayVersion:
    """A play as it was before an edit, kept whole (its row, its seats with their entries,
    colours and boards, its by-hand lines, all as stored) so that ``Store.undo_edit`` puts
    it back exactly as it was."""

    play_id: int
    play: Mapping[str, object]
    """The play's columns but its id and whether it is deleted or ignored (an undo of the
    edit leaves those as they are now; ``updated_at`` becomes the undo's time)."""
    results: tuple[Mapping[str, object], ...]
    extras: tuple[Mapping[str, object], ...]
    edited_at: datetime
    """When the edit replaced it: an undo refuses to overwrite a later change."""
    new_players: tuple[int, ...] = ()
    """The players the edit brought into the history, removed again by the undo when no
    other play has them."""


@dataclass(frozen=True, slots=True)
class EditedPlay(PlayRecord):
    """A play just edited (``Store.update_play``), with the version it replaced."""

    before: PlayVersion | None = None
