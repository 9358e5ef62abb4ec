"""Achievements: rules over the history, kept as data files like the games.

Each file of ``club/achievements/`` names one achievement in every language and chooses
its rule: a *kind* (one function each, registered in ``KINDS`` by ``@kind``) and the
kind's parameters. ``read_achievement`` checks a file and gives every problem of it at
once, each naming the file and the field; ``earned`` works out who earned what, when and
in which play, from the history's facts alone, so it is right again after any edit, undo
or import: nothing is stored, everything is counted on demand.

A rule walks the counted plays oldest first and yields a ``Hit`` each time a player meets
it; an achievement is earned by a player at their first hit (per game, for a rule whose
hits name one), and ``Earned.times`` counts the hits since.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import NamedTuple

from scorepad.club.facts import PlayFact, SeatFact
from scorepad.core.errors import ScorepadError, quote
from scorepad.core.i18n import LANGS, Text

FOLDER = Path(__file__).resolve().parent / "achievements"
"""The shipped achievements, one JSON file each (named after the achievement's id)."""
FIELDS = ("id", "kind", "params", "name", "description")


@dataclass(frozen=True)
class RoundFact:
    """A round play's running totals: each seat's total after each round, in half-points,
    seat order as in ``PlayFact.seats`` (read by ``store.roundfacts``)."""

    play_id: int
    running: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class ClubHistory:
    """What the rules read: the counted plays oldest first, the running totals of round
    plays by play id, and the games whose lowest total wins."""

    facts: Sequence[PlayFact]
    rounds: Mapping[int, RoundFact] = field(default_factory=dict)
    lowest_wins: frozenset[str] = frozenset()


class Hit(NamedTuple):
    """A player meeting a rule in one play; ``game`` when the rule counts per game (a
    tuple: rules make one for every play a player meets them in)."""

    player_id: int
    player: str
    play: PlayFact
    game: str | None = None


Rule = Callable[[ClubHistory, Mapping[str, int]], Iterator[Hit]]


@dataclass(frozen=True)
class Kind:
    name: str
    rule: Rule
    params: Mapping[str, tuple[int, int]]
    """Each parameter's default and its least value (all parameters are whole numbers)."""


KINDS: dict[str, Kind] = {}
"""Every rule kind by name; a kind registers itself with ``@kind``."""


def kind(name: str, **params: tuple[int, int]) -> Callable[[Rule], Rule]:
    """Registers ``rule`` as the kind ``name``, with its parameters' (default, least)."""

    def register(rule: Rule) -> Rule:
        KINDS[name] = Kind(name, rule, params)
        return rule

    return register


@dataclass(frozen=True)
class Achievement:
    id: str
    kind: str
    params: Mapping[str, int]
    name: Text
    description: Text


@dataclass(frozen=True)
class Earned:
    """One player's achievement: when and in which play they first met it."""

    achievement: Achievement
    player_id: int
    player: str
    play_id: int
    played_at: datetime
    game: str | None
    """The game it was earned in, for an achievement counted per game (else None)."""
    times: int
    """How often the player has met it (the first time included)."""


class AchievementError(ScorepadError):
    """An achievement file that cannot be read; ``problems`` holds every one of them."""

    def __init__(self, source: str, problems: Sequence[ScorepadError]) -> None:
        super().__init__("achievement.bad_file", source=source, problem=problems[0])
        self.problems = tuple(problems)


def read_achievement(text: str, source: str) -> Achievement:
    """The achievement in a file's ``text``; an ``AchievementError`` with every problem."""
    found = achievement_problems(text, source)
    if found:
        raise AchievementError(source, found)
    data = json.loads(text)
    kind_of = KINDS[data["kind"]]
    params = {k: d for k, (d, _least) in kind_of.params.items()}
    params.update(data.get("params", {}))
    return Achievement(data["id"], data["kind"], params, data["name"], data["description"])


def achievement_problems(text: str, source: str) -> tuple[ScorepadError, ...]:
    """Every problem of an achievement file, each naming the file and the field."""

    def problem(where: str, key: str, **fields: object) -> ScorepadError:
        return ScorepadError(
            "achievement.problem", source=source, field=where, problem=ScorepadError(key, **fields)
        )

    try:
        data = json.loads(text, parse_float=Decimal)
    except json.JSONDecodeError as bad:
        return (problem(f"{bad.lineno}:{bad.colno}", "achievement.not_json", detail=bad.msg),)
    if not isinstance(data, dict):
        return (problem("/", "achievement.not_object"),)
    found: list[ScorepadError] = []
    for key in data:
        if key not in FIELDS:
            found.append(
                problem(
                    key, "achievement.unknown_field", value=quote(key), choices=", ".join(FIELDS)
                )
            )
    ident = data.get("id")
    if not isinstance(ident, str) or not ident or not ident.replace("-", "").isalnum():
        found.append(problem("id", "achievement.bad_id", value=quote(ident)))
    name = data.get("kind")
    chosen = KINDS.get(name) if isinstance(name, str) else None
    if chosen is None:
        found.append(
            problem("kind", "achievement.unknown_kind", value=quote(name), choices=", ".join(KINDS))
        )
    params = data.get("params", {})
    if not isinstance(params, dict):
        found.append(problem("params", "achievement.not_object"))
    elif chosen is not None:
        for key, value in params.items():
            if key not in chosen.params:
                allowed = ", ".join(chosen.params) or "-"
                found.append(
                    problem(
                        f"params.{key}",
                        "achievement.unknown_field",
                        value=quote(key),
                        choices=allowed,
                    )
                )
            elif isinstance(value, bool) or not isinstance(value, int):
                found.append(problem(f"params.{key}", "achievement.not_whole", value=quote(value)))
            elif value < chosen.params[key][1]:
                least = chosen.params[key][1]
                found.append(
                    problem(f"params.{key}", "achievement.too_small", value=value, least=least)
                )
    for text_field in ("name", "description"):
        words = data.get(text_field)
        if not isinstance(words, dict):
            found.append(problem(text_field, "achievement.missing_text", langs=", ".join(LANGS)))
            continue
        for lang in LANGS:
            said = words.get(lang)
            if not isinstance(said, str) or not said.strip():
                found.append(problem(f"{text_field}.{lang}", "achievement.missing_lang"))
        for lang in words:
            if lang not in LANGS:
                found.append(
                    problem(
                        f"{text_field}.{lang}",
                        "achievement.unknown_field",
                        value=quote(lang),
                        choices=", ".join(LANGS),
                    )
                )
    if isinstance(ident, str) and Path(source).suffix == ".json" and Path(source).stem != ident:
        found.append(
            problem("id", "achievement.id_not_file", value=quote(ident), file=Path(source).name)
        )
    return tuple(found)


@cache
def shipped() -> tuple[Achievement, ...]:
    """The shipped achievements, in file-name order; a broken file fails loudly."""
    return tuple(
        read_achievement(path.read_text(encoding="utf-8"), path.name)
        for path in sorted(FOLDER.glob("*.json"))
    )


def earned(history: ClubHistory, achievements: Sequence[Achievement] | None = None) -> list[Earned]:
    """Every achievement earned, in the order it was first earned (then by file)."""
    chosen = shipped() if achievements is None else achievements
    found: list[Earned] = []
    for achievement in chosen:
        first: dict[tuple[int, str | None], Hit] = {}
        times: dict[tuple[int, str | None], int] = {}
        for hit in KINDS[achievement.kind].rule(history, achievement.params):
            key = (hit.player_id, hit.game)
            if key not in first:
                first[key] = hit
                times[key] = 1
            else:
                times[key] += 1
        for key, hit in first.items():
            found.append(
                Earned(
                    achievement,
                    hit.player_id,
                    hit.player,
                    hit.play.id,
                    hit.play.played_at,
                    hit.game,
                    times[key],
                )
            )
    found.sort(key=lambda e: (e.played_at, e.play_id))
    return found


def of_player(found: Sequence[Earned], player: str) -> list[Earned]:
    """The achievements ``player`` earned (their name as the history shows it)."""
    return [e for e in found if e.player == player]


# --- the kinds ----------------------------------------------------------------------------


def _named(play: PlayFact) -> Iterator[SeatFact]:
    return (seat for seat in play.seats if not seat.anonymous)


def _won(play: PlayFact, seat: SeatFact) -> bool:
    if play.cooperative:
        return play.outcome == "won"
    return seat.winner


def _better(lowest: bool, total: int, than: int) -> bool:
    return total < than if lowest else total > than


@kind("first_win")
def _first_win(history: ClubHistory, params: Mapping[str, int]) -> Iterator[Hit]:
    """Every win (the achievement is a player's first)."""
    for play in history.facts:
        for seat in _named(play):
            if _won(play, seat):
                yield Hit(seat.player_id, seat.player, play)


@kind("plays_of_game", plays=(10, 2))
def _plays_of_game(history: ClubHistory, params: Mapping[str, int]) -> Iterator[Hit]:
    """A player's ``plays``-th play of one game (and every play after it)."""
    wanted = params["plays"]
    counted: dict[tuple[int, str], int] = {}
    for play in history.facts:
        for seat in _named(play):
            key = (seat.player_id, play.game)
            n = counted.get(key, 0) + 1
            counted[key] = n
            if n >= wanted:
                yield Hit(seat.player_id, seat.player, play, play.game)


@kind("shared_victory")
def _shared_victory(history: ClubHistory, params: Mapping[str, int]) -> Iterator[Hit]:
    """A co-operative play won, or a tie for first between players (of different teams,
    in a team play): every named winner shares it."""
    for play in history.facts:
        if play.cooperative:
            if play.outcome != "won":
                continue
        else:
            first = [s for s in play.seats if s.winner]
            sides = {s.team if s.team is not None else f"#{i}" for i, s in enumerate(first)}
            if len(sides) < 2:
                continue
        for seat in _named(play):
            if _won(play, seat):
                yield Hit(seat.player_id, seat.player, play)


@kind("comeback")
def _comeback(history: ClubHistory, params: Mapping[str, int]) -> Iterator[Hit]:
    """A winner who was alone in last place after some round before the last."""
    for play in history.facts:
        rounds = history.rounds.get(play.id)
        if rounds is None or play.cooperative or len(play.seats) < 2:
            continue
        if len(rounds.running) != len(play.seats):
            continue
        lowest = play.game in history.lowest_wins
        played = min((len(r) for r in rounds.running), default=0)
        behind: set[int] = set()
        for n in range(played - 1):  # after each round but the last
            totals = [r[n] for r in rounds.running]
            worst = max(totals) if lowest else min(totals)
            if totals.count(worst) == 1:
                behind.add(totals.index(worst))
        for index, seat in enumerate(play.seats):
            if index in behind and seat.winner and not seat.anonymous:
                yield Hit(seat.player_id, seat.player, play)


@kind("personal_best", after=(3, 1))
def _personal_best(history: ClubHistory, params: Mapping[str, int]) -> Iterator[Hit]:
    """A total better than every one the player had scored in that game, once they have
    scored in it ``after`` times."""
    after = params["after"]
    best: dict[tuple[int, str], tuple[int, int]] = {}  # (player, game): (best, how many)
    for play in history.facts:
        lowest = play.game in history.lowest_wins
        for seat in _named(play):
            if seat.total_halves is None:
                continue
            key = (seat.player_id, play.game)
            was = best.get(key)
            if was is None:
                best[key] = (seat.total_halves, 1)
                continue
            top, count = was
            if _better(lowest, seat.total_halves, top):
                if count >= after:
                    yield Hit(seat.player_id, seat.player, play, play.game)
                top = seat.total_halves
            best[key] = (top, count + 1)


@kind("game_best", after=(10, 1))
def _game_best(history: ClubHistory, params: Mapping[str, int]) -> Iterator[Hit]:
    """A total better than any ever scored in the game (the history's record), once the
    game has ``after`` scored plays."""
    after = params["after"]
    best: dict[str, tuple[int, int]] = {}  # game: (record, plays)
    for play in history.facts:
        lowest = play.game in history.lowest_wins
        totals = [s for s in _named(play) if s.total_halves is not None]
        if not totals:
            continue
        was = best.get(play.game)
        pick = min if lowest else max
        top_here = pick(s.total_halves for s in totals if s.total_halves is not None)
        if was is None:
            best[play.game] = (top_here, 1)
            continue
        record, count = was
        if _better(lowest, top_here, record):
            if count >= after:
                for seat in totals:
                    if seat.total_halves == top_here:
                        yield Hit(seat.player_id, seat.player, play, play.game)
            record = top_here
        best[play.game] = (record, count + 1)
