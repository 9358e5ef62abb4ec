"""Game nights: the history's plays grouped by the time between them.

The rule (docs/clubs.md, "Game nights"): the plays are taken oldest first (by the time each
ended). A play joins the night before it when it started less than the gap (6 hours by
default; the history's setting ``night_gap_hours``) after the latest end of that night's
plays; otherwise it starts a night of its own. A play's start is its ``started_at`` when
known, else its end minus the minutes played when those are known, else its end: a play
with neither counts as a moment.

What people decided by hand comes on top, kept by play uid (so it survives edits, exports
and imports): a night *split* before a play always starts a night at that play, a night
*merged* with the next joins that next night's first play to the night before it whatever
the gap, and a night's *name* is kept on its first play. A mark whose play is gone (deleted,
left out of statistics) is simply never met.

The tally: each play gives each player the points of the place they finished (3, 2, 1 by
default; the setting ``place_points``); players tied share the place: each gets its full
points, and the next place is the one after them (two tied for first both get 3, the next
player is third and gets 1). Teams' members each get their team's place. A co-operative
play won gives every player the first place's points; one lost gives none. The night's
winner has the most points; equal most points make co-winners; a night with no points at
all has no winner. Everything here is whole numbers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal, InvalidOperation
from itertools import pairwise
from typing import Any

from scorepad.club.facts import COOPERATIVE, PlayFact, many_objects
from scorepad.core.errors import ScorepadError, quote

GAP_SETTING = "night_gap_hours"
POINTS_SETTING = "place_points"
DEFAULT_GAP_HOURS = 6
DEFAULT_POINTS: tuple[int, ...] = (3, 2, 1)
MAX_GAP_HOURS = 7 * 24
MAX_PLACES = 20
MAX_PLACE_POINTS = 1000
NAME_LENGTH = 100


class NightError(ScorepadError):
    """A night's name, split, merge or setting that cannot be (the message says why)."""


@dataclass(frozen=True, slots=True)
class NightMark:
    """What was decided by hand at one play (by its uid): ``name`` the night's name (kept
    on its first play); ``cut`` True: a night starts here (split), False: never starts
    here (merged with the night before), None: the gap decides."""

    name: str | None = None
    cut: bool | None = None

    @property
    def empty(self) -> bool:
        return self.name is None and self.cut is None


Marks = Mapping[str, NightMark]


@dataclass(frozen=True, slots=True)
class Night:
    plays: tuple[PlayFact, ...]
    """Oldest first."""
    name: str | None
    start: datetime
    end: datetime
    players: tuple[str, ...]
    """Who came, in the order they first sat down."""
    tally: tuple[tuple[str, int], ...]
    """Each player and their points, most first (then by name)."""
    winners: tuple[str, ...]
    """The players with the most points (several: co-winners); none without any point."""

    @property
    def key(self) -> str:
        """The night's own reference: its first play's uid."""
        return self.plays[0].uid

    @property
    def first_id(self) -> int:
        return self.plays[0].id


def play_start(fact: PlayFact) -> datetime:
    """When a play began: its start when known, else its end less the minutes played,
    else its end."""
    if fact.started_at is not None:
        return fact.started_at
    if fact.minutes:
        return fact.played_at - timedelta(minutes=fact.minutes)
    return fact.played_at


def play_points(fact: PlayFact, points: Sequence[int] = DEFAULT_POINTS) -> dict[str, int]:
    """What one play gives each of its named players (see the module's doc)."""
    given: dict[str, int] = {}
    first = points[0] if points else 0
    for seat in fact.seats:
        if seat.anonymous:
            continue
        if fact.cooperative:
            earned = first if fact.outcome == "won" else 0
        else:
            earned = points[seat.rank - 1] if 1 <= seat.rank <= len(points) else 0
        given[seat.player] = max(given.get(seat.player, 0), earned)
    return given


def night_of(
    plays: Sequence[PlayFact], marks: Marks, points: Sequence[int] = DEFAULT_POINTS
) -> Night:
    """The night made of ``plays`` (oldest first, at least one). The tally is counted
    here seat by seat, as ``play_points`` counts one play (a player sits once in a play)."""
    scores: dict[str, int] = {}
    """Who came, in the order they first sat down, with their points."""
    name = None
    places = len(points)
    first = points[0] if places else 0
    start = end = plays[0].played_at
    for fact in plays:
        began = play_start(fact)
        if began < start:
            start = began
        if fact.played_at > end:
            end = fact.played_at
        coop = fact.kind == COOPERATIVE
        won = first if fact.outcome == "won" else 0
        for seat in fact.seats:
            if seat.anonymous:
                continue
            if coop:
                earned = won
            else:
                rank = seat.rank
                earned = points[rank - 1] if 0 < rank <= places else 0
            scores[seat.player] = scores.get(seat.player, 0) + earned
        if name is None and marks:
            mark = marks.get(fact.uid)
            if mark is not None and mark.name:
                name = mark.name
    tally = tuple(sorted(scores.items(), key=lambda item: (-item[1], item[0].casefold())))
    best = tally[0][1] if tally else 0
    winners = tuple(player for player, score in tally if score == best) if best > 0 else ()
    return Night(tuple(plays), name, start, end, tuple(scores), tally, winners)


def group_nights(
    facts: Iterable[PlayFact],
    gap: timedelta = timedelta(hours=DEFAULT_GAP_HOURS),
    marks: Marks | None = None,
    points: Sequence[int] = DEFAULT_POINTS,
) -> list[Night]:
    """Every night of ``facts`` (oldest first, as ``Store.facts`` gives them), oldest
    first."""
    with many_objects():  # a night per few plays: tens of thousands of small values
        return _grouped(facts, gap, marks or {}, points)


def _grouped(
    facts: Iterable[PlayFact], gap: timedelta, marks: Marks, points: Sequence[int]
) -> list[Night]:
    nights: list[Night] = []
    current: list[PlayFact] = []
    end: datetime | None = None
    for fact in facts:
        if end is not None:
            mark = marks.get(fact.uid) if marks else None
            cut = mark.cut if mark is not None else None
            if cut is None:
                cut = play_start(fact) - end >= gap
            if cut:
                nights.append(night_of(current, marks, points))
                current, end = [], None
        current.append(fact)
        end = fact.played_at if end is None or fact.played_at > end else end
    if current:
        nights.append(night_of(current, marks, points))
    return nights


def history_nights(
    facts: Iterable[PlayFact],
    settings: Mapping[str, Any],
    marks: Marks,
    gap: timedelta | None = None,
) -> list[Night]:
    """Every night of a history, with its settings (``gap`` given: in place of the
    history's own)."""
    return group_nights(facts, gap_of(settings) if gap is None else gap, marks, points_of(settings))


# --- what a change by hand writes ----------------------------------------------------------
def renamed(night: Night, name: str | None, marks: Marks) -> dict[str, NightMark]:
    """The marks that name ``night`` (None or blank: forget its name): the name goes on its
    first play, and any name one of its other plays held is forgotten."""
    text = (name or "").strip() or None
    if text is not None and len(text) > NAME_LENGTH:
        raise NightError("nights.name_too_long", most=NAME_LENGTH)
    changes: dict[str, NightMark] = {}
    for n, fact in enumerate(night.plays):
        mark = marks.get(fact.uid, NightMark())
        wanted = text if n == 0 else None
        if mark.name != wanted:
            changes[fact.uid] = NightMark(wanted, mark.cut)
    return changes


def split_before(night: Night, play_id: int, marks: Marks) -> dict[str, NightMark]:
    """The mark that splits ``night`` so that a new night starts at its play ``play_id``
    (refused for its first play, or a play not in it)."""
    ids = [f.id for f in night.plays]
    if play_id not in ids:
        raise NightError("nights.not_in_night", play=play_id)
    if ids.index(play_id) == 0:
        raise NightError("nights.split_first")
    fact = night.plays[ids.index(play_id)]
    return {fact.uid: NightMark(marks.get(fact.uid, NightMark()).name, True)}


def merged(nights: Sequence[Night], key: str, marks: Marks) -> dict[str, NightMark]:
    """The mark that merges the night ``key`` with the next one (refused for the last)."""
    keys = [n.key for n in nights]
    if key not in keys:
        raise NightError("nights.unknown", night=quote(key))
    at = keys.index(key)
    if at + 1 >= len(nights):
        raise NightError("nights.merge_last")
    following = nights[at + 1].plays[0]
    return {following.uid: NightMark(marks.get(following.uid, NightMark()).name, False)}


# --- the history's settings ------------------------------------------------------------------
def check_gap_hours(value: object) -> int:
    """The gap in whole hours (1 to a week), from a number or its text."""
    hours = _whole(value)
    if hours is None or not 1 <= hours <= MAX_GAP_HOURS:
        raise NightError("nights.bad_gap", value=quote(value), most=MAX_GAP_HOURS)
    return hours


def parse_gap(text: str) -> timedelta:
    """A gap in hours as typed on the command line: "6", "4.5" (whole minutes)."""
    try:
        hours = Decimal(text.strip().replace(",", "."))
    except InvalidOperation:
        hours = Decimal(-1)
    minutes = hours * 60 if hours.is_finite() else Decimal(-1)
    if minutes <= 0 or minutes != minutes.to_integral_value() or hours > MAX_GAP_HOURS:
        raise NightError("nights.bad_gap", value=quote(text), most=MAX_GAP_HOURS)
    return timedelta(minutes=int(minutes))


def check_points(value: object) -> tuple[int, ...]:
    """Points per place, first place first: whole numbers (0 to 1000), not rising,
    from a list or a text like "3, 2, 1"."""
    items: list[object]
    if isinstance(value, str):
        items = [part for part in value.replace(";", ",").split(",") if part.strip()]
    elif isinstance(value, list | tuple):
        items = list(value)
    else:
        items = []
    numbers = [_whole(item) for item in items]
    if (
        not numbers
        or len(numbers) > MAX_PLACES
        or any(n is None or not 0 <= n <= MAX_PLACE_POINTS for n in numbers)
    ):
        raise NightError("nights.bad_points", value=quote(value), most=MAX_PLACE_POINTS)
    checked = tuple(n for n in numbers if n is not None)
    if any(b > a for a, b in pairwise(checked)):
        raise NightError("nights.points_rising", value=quote(value))
    return checked


def gap_of(settings: Mapping[str, Any]) -> timedelta:
    """The history's gap (the default when never set or unreadable)."""
    try:
        return timedelta(hours=check_gap_hours(settings.get(GAP_SETTING, DEFAULT_GAP_HOURS)))
    except NightError:
        return timedelta(hours=DEFAULT_GAP_HOURS)


def points_of(settings: Mapping[str, Any]) -> tuple[int, ...]:
    """The history's points per place (the default when never set or unreadable)."""
    try:
        return check_points(settings.get(POINTS_SETTING, list(DEFAULT_POINTS)))
    except NightError:
        return DEFAULT_POINTS


def _whole(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value.strip())
    return None
