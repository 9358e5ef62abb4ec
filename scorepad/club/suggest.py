"""What to play tonight: the games that fit the table and the time, best first.

``suggest`` is a pure function of the games offered (``Candidate``: the collection's and
the catalogue's), the history's counted plays (``club.facts``, oldest first), who is
here (a number of seats, and the names of those known to the history) and the day: the
same history on the same day gives the same list. A random pick among the suggestions
is the caller's, not this module's.

A game fits when it seats the players at the table and, when the time there is is
given, its shortest playing time fits in it (a game whose box gives no time is kept,
after the others of its score). Among those that fit, points are whole numbers:

- ``BEST`` when the number at the table is one the game plays best at;
- ``OWNED`` when the group owns it (the collection: it is on the shelf, so it weighs
  more than any one other reason);
- not played lately: ``NEVER_HERE`` for a game the history never saw, else a point a
  month since its last play, up to ``MOST_MONTHS``, and ``PLAYED_LATELY`` off when it
  was played in the last ``LATELY_DAYS``;
- ``NEW_TO`` for each player present who has never played it (up to ``MOST_NEW``);
- ``SNUG`` when its longest playing time also fits in the time there is.

Ties go by name, folded as the picker files it, then by id. Each suggestion carries the
reasons a person reads (``Reason``: a message key and its fields, rendered in the
reader's language by the caller).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from scorepad.club.facts import PlayFact
from scorepad.core.finding import sort_name
from scorepad.core.game_index import GameEntry
from scorepad.core.i18n import join_words, pick, tr

BEST = 3
OWNED = 4
NEVER_HERE = 3
MOST_MONTHS = 3
NEW_TO = 1
MOST_NEW = 3
SNUG = 1
DAYS_A_MONTH = 30
LATELY_DAYS = 30
PLAYED_LATELY = 2
"""A game played within this many days was played lately: ``PLAYED_LATELY`` points off."""
MOST_PLAYERS = 20
"""The most players a suggestion is asked for (a game's most, ``game_facts.MAX_PLAYERS``)."""
MOST_MINUTES = 10_000


@dataclass(frozen=True)
class Candidate:
    """A game that could be played: a catalogue game (``game`` its id), or a collection
    game outside it (``game`` "bgg-<id>" or the collection's own key)."""

    game: str
    name: str
    players: tuple[int, int]
    minutes: tuple[int, int] | None = None
    best: tuple[int, ...] = ()
    owned: bool = False
    playable: bool = True
    """A game with a sheet here (the catalogue's or the user's): "Play" starts it."""


@dataclass(frozen=True)
class Reason:
    """Why a game is suggested: a message key (``suggest.*``) and its fields."""

    key: str
    fields: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Suggestion:
    candidate: Candidate
    points: int
    reasons: tuple[Reason, ...]
    last_played: datetime | None
    """The game's latest counted play; None: never played here."""


@dataclass(frozen=True)
class _Seen:
    last: datetime
    players: frozenset[str]
    """Folded names of everyone who played it."""


def _key(name: str) -> str:
    return name.strip().casefold()


def seen_games(facts: Iterable[PlayFact]) -> dict[str, _Seen]:
    """Each game's latest play and who has played it (the facts oldest first)."""
    seen: dict[str, tuple[datetime, set[str]]] = {}
    for fact in facts:
        last, players = seen.setdefault(fact.game, (fact.played_at, set()))
        players.update(_key(name) for name in fact.players)
        seen[fact.game] = (max(last, fact.played_at), players)
    return {game: _Seen(last, frozenset(names)) for game, (last, names) in seen.items()}


def fits(candidate: Candidate, players: int, minutes: int | None) -> bool:
    """The game seats ``players`` and its shortest time fits in ``minutes`` (any time
    when None; a game with no time known fits any)."""
    low, high = candidate.players
    if not low <= players <= high:
        return False
    return minutes is None or candidate.minutes is None or candidate.minutes[0] <= minutes


def suggest(
    candidates: Iterable[Candidate],
    facts: Sequence[PlayFact],
    players: int,
    minutes: int | None = None,
    present: Sequence[str] = (),
    today: date | None = None,
) -> list[Suggestion]:
    """The candidates that fit ``players`` and ``minutes``, best first (module doc).
    ``present``: the names of those at the table the history knows; ``today``: the day
    lateness is counted from (the latest play's day when None, so that the list depends
    on the history alone)."""
    seen = seen_games(facts)
    if today is None:
        today = max((s.last for s in seen.values()), default=datetime(2000, 1, 1)).date()
    here = [(name, _key(name)) for name in dict.fromkeys(n.strip() for n in present if n.strip())]
    found: list[Suggestion] = []
    for candidate in dict((c.game, c) for c in candidates).values():
        if not fits(candidate, players, minutes):
            continue
        found.append(_rate(candidate, seen.get(candidate.game), players, minutes, here, today))
    found.sort(key=lambda s: (-s.points, sort_name(s.candidate.name), s.candidate.game))
    return found


def _rate(
    candidate: Candidate,
    seen: _Seen | None,
    players: int,
    minutes: int | None,
    here: list[tuple[str, str]],
    today: date,
) -> Suggestion:
    points = 0
    reasons: list[Reason] = []
    if players in candidate.best:
        points += BEST
        reasons.append(Reason("suggest.best_at", {"n": players}))
    if seen is None:
        points += NEVER_HERE
        reasons.append(Reason("suggest.never_here"))
    else:
        days = (today - seen.last.date()).days
        points += min(max(days, 0) // DAYS_A_MONTH, MOST_MONTHS)
        if days < LATELY_DAYS:
            points -= PLAYED_LATELY
        else:
            reasons.append(Reason("suggest.not_since", {"when": seen.last.date()}))
        new = [name for name, key in here if key not in seen.players]
        if new:
            points += min(len(new), MOST_NEW) * NEW_TO
            reasons.append(Reason("suggest.new_to_many", {"names": tuple(new)}))
    if candidate.owned:
        points += OWNED
        reasons.append(Reason("suggest.owned"))
    if minutes is not None and candidate.minutes is not None and candidate.minutes[1] <= minutes:
        points += SNUG
    return Suggestion(candidate, points, tuple(reasons), None if seen is None else seen.last)


def reason_text(reason: Reason, lang: str, today: date | None = None) -> str:
    """A reason as a person reads it: "best at 3", "not played since March" (with the
    year when it is not ``today``'s), "Ben has never played it"."""
    if reason.key == "suggest.not_since":
        when = reason.fields["when"]
        assert isinstance(when, date)
        month = tr(f"month.{when.month}", lang)
        if today is None or when.year != today.year:
            month = tr("suggest.month_year", lang, month=month, year=when.year)
        return tr("suggest.not_since", lang, when=month)
    if reason.key == "suggest.new_to_many":  # one name or several
        names = reason.fields["names"]
        assert isinstance(names, tuple)
        key = "suggest.new_to_one" if len(names) == 1 else "suggest.new_to_many"
        return tr(key, lang, names=join_words(list(names), lang))
    return tr(reason.key, lang, **reason.fields)


def candidates(
    entries: Mapping[str, GameEntry], owned: Sequence[Mapping[str, Any]], lang: str
) -> list[Candidate]:
    """The games to choose from: each game of ``entries`` (the app's, with a sheet here),
    marked owned when the collection holds it, and each collection game outside them
    whose table size is known (``owned``: ``Store.owned_games``' entries)."""
    held = {str(item["game"]) for item in owned if item.get("owned") and item.get("game")}
    found = [
        Candidate(
            game=entry.id,
            name=pick(entry.name, lang),
            players=(entry.min_players, entry.max_players),
            minutes=entry.facts.minutes,
            best=entry.facts.players_best,
            owned=entry.id in held,
        )
        for entry in entries.values()
        if entry.on_sheet
    ]
    for item in owned:
        players, minutes = item.get("players"), item.get("minutes")
        if item.get("game") in entries or not item.get("owned") or not players:
            continue
        found.append(
            Candidate(
                game=f"bgg-{item['bgg_id']}" if item.get("bgg_id") else str(item["collid"]),
                name=str(item["name"]),
                players=(players[0], players[1]),
                minutes=None if not minutes else (minutes[0], minutes[1]),
                owned=True,
                playable=False,
            )
        )
    return found


def as_json(suggestions: Sequence[Suggestion]) -> list[dict[str, object]]:
    """``scorepad suggest --json``: {"game", "name", "players": [min, max], "minutes"}."""
    return [
        {
            "game": s.candidate.game,
            "name": s.candidate.name,
            "players": list(s.candidate.players),
            "minutes": None if s.candidate.minutes is None else list(s.candidate.minutes),
        }
        for s in suggestions
    ]
