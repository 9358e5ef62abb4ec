"""Challenges as data: one JSON file each in ``club/challenges/``, like the games.

A challenge file::

    {"id": "ten-by-ten",
     "name": {"en": "10×10", "es": "10×10", "fr": "10×10", "de": "10×10"},
     "kind": "games_times", "games": 10, "plays": 10}

Kinds, and the fields each takes (whole numbers from 1 to 1000):

``games_times``: ``games`` different games played ``plays`` times each (10×10);
``different_games``: ``games`` different games played at least once;
``h_index``: an H-index of ``target`` (``target`` games played at least ``target`` times
each).

A player's progress is worked out within a period (a season or a year): only the plays
of that period count, every play the player sat in (co-operative ones too). The reader
checks every field and reports every problem at once, each naming the file and the field;
an unknown field is a problem too (a typo would otherwise be silently ignored).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from scorepad.club.facts import PlayFact
from scorepad.core.errors import ScorepadError, quote
from scorepad.core.i18n import LANGS, Text, tr

FOLDER = Path(__file__).resolve().parent / "challenges"
KINDS: dict[str, tuple[str, ...]] = {
    "games_times": ("games", "plays"),
    "different_games": ("games",),
    "h_index": ("target",),
}
"""Each kind and the numbers it takes."""
COMMON = ("id", "name", "kind")
MOST = 1000


class ChallengeError(ScorepadError):
    """A challenge file that cannot be read: every problem, each with its file and field."""


@dataclass(frozen=True, slots=True)
class Challenge:
    id: str
    name: Text
    kind: str
    numbers: Mapping[str, int]

    @property
    def target(self) -> int:
        """How many to reach: games for the games kinds, the H-index for ``h_index``."""
        return self.numbers["target"] if self.kind == "h_index" else self.numbers["games"]


@dataclass(frozen=True, slots=True)
class Progress:
    player: str
    done: int
    """Capped at the target."""
    target: int
    games: tuple[str, ...]
    """The games that count towards it (game ids), most played first."""

    @property
    def complete(self) -> bool:
        return self.done >= self.target


def read_challenge(text: str, source: str) -> Challenge:
    """One challenge from its file's text; ``source`` names the file in messages."""
    try:
        raw = json.loads(text)
    except ValueError as problem:
        raise ChallengeError("challenges.unreadable", source=source, detail=str(problem)) from None
    problems = _problems(raw)
    if problems:
        raise ChallengeError("challenges.bad_file", source=source, problems=_said(problems))
    kind = raw["kind"]
    return Challenge(
        raw["id"], dict(raw["name"]), kind, {field: raw[field] for field in KINDS[kind]}
    )


Problem = tuple[str, str, dict[str, object]]
"""Where (a field), the message saying what is wrong, and its fields."""


def _said(problems: list[Problem]) -> dict[str, str]:
    """Every problem, in every language (the error shows the reader's)."""
    return {
        lang: "; ".join(f"{where}: {tr(key, lang, **fields)}" for where, key, fields in problems)
        for lang in LANGS
    }


def _problems(raw: object) -> list[Problem]:
    if not isinstance(raw, dict):
        return [("{}", "challenges.p_object", {})]
    found: list[Problem] = []
    for field in COMMON:
        if field not in raw:
            found.append((field, "challenges.p_missing", {}))
    ident = raw.get("id")
    if "id" in raw and (not isinstance(ident, str) or not ident.strip()):
        found.append(("id", "challenges.p_text", {"value": quote(ident)}))
    name = raw.get("name")
    if "name" in raw:
        if not isinstance(name, dict):
            found.append(("name", "challenges.p_names", {"value": quote(name)}))
        else:
            for lang in LANGS:
                if not isinstance(name.get(lang), str) or not name[lang].strip():
                    found.append(
                        (f"name.{lang}", "challenges.p_text", {"value": quote(name.get(lang))})
                    )
            for lang in name:
                if lang not in LANGS:
                    found.append((f"name.{lang}", "challenges.p_language", {}))
    kind = raw.get("kind")
    wanted: tuple[str, ...] = ()
    if "kind" in raw:
        if kind in KINDS:
            wanted = KINDS[kind]
        else:
            found.append(
                ("kind", "challenges.p_kind", {"kinds": ", ".join(KINDS), "value": quote(kind)})
            )
    for field in wanted:
        value = raw.get(field)
        if field not in raw:
            found.append((field, "challenges.p_missing", {}))
        elif isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MOST:
            found.append((field, "challenges.p_number", {"most": MOST, "value": quote(value)}))
    known = set(COMMON) | {f for fields in KINDS.values() for f in fields}
    for field in raw:
        if field not in known or (kind in KINDS and field not in (*COMMON, *wanted)):
            found.append((field, "challenges.p_unknown", {}))
    return found


def load_challenges(folder: Path = FOLDER) -> tuple[Challenge, ...]:
    """Every challenge file of ``folder``, by file name; every file's problems at once."""
    found: list[Challenge] = []
    problems: list[ChallengeError] = []
    ids: dict[str, str] = {}
    for path in sorted(folder.glob("*.json")):
        try:
            challenge = read_challenge(path.read_text(encoding="utf-8"), path.name)
            if challenge.id in ids:
                same: dict[str, object] = {"value": quote(challenge.id), "other": ids[challenge.id]}
                said = _said([("id", "challenges.p_same_id", same)])
                raise ChallengeError("challenges.bad_file", source=path.name, problems=said)
        except ChallengeError as problem:
            problems.append(problem)
            continue
        ids[challenge.id] = path.name
        found.append(challenge)
    if problems:
        every = {lang: " | ".join(p.message(lang) for p in problems) for lang in LANGS}
        raise ChallengeError("challenges.bad_files", problems=every)
    return tuple(found)


def plays_by_game(facts: Iterable[PlayFact]) -> dict[str, dict[str, int]]:
    """For each named player, how many plays of each game."""
    counts: dict[str, dict[str, int]] = {}
    for fact in facts:
        for player in set(fact.players):
            games = counts.setdefault(player, {})
            games[fact.game] = games.get(fact.game, 0) + 1
    return counts


def h_index(counts: Mapping[str, int]) -> int:
    """The most h such that h games were played at least h times each."""
    h = 0
    for n, count in enumerate(sorted(counts.values(), reverse=True), 1):
        if count >= n:
            h = n
        else:
            break
    return h


def progress_of(challenge: Challenge, player: str, counts: Mapping[str, int]) -> Progress:
    """``player``'s progress in ``challenge`` from their plays per game in the period."""
    ranked = sorted(counts, key=lambda g: (-counts[g], g))
    if challenge.kind == "games_times":
        games = tuple(g for g in ranked if counts[g] >= challenge.numbers["plays"])
        done = len(games)
    elif challenge.kind == "different_games":
        games, done = tuple(ranked), len(ranked)
    else:
        done = h_index(counts)
        games = tuple(ranked[:done])
    target = challenge.target
    return Progress(player, min(done, target), target, games[:target])


def progress(
    challenges: Sequence[Challenge], facts: Iterable[PlayFact]
) -> dict[str, list[Progress]]:
    """Each challenge's progress (by id) for every named player who played in ``facts``
    (the period's plays), furthest along first (then by name)."""
    counts = plays_by_game(facts)
    found: dict[str, list[Progress]] = {}
    for challenge in challenges:
        rows = [progress_of(challenge, player, games) for player, games in counts.items()]
        rows.sort(key=lambda p: (-p.done, p.player.casefold()))
        found[challenge.id] = rows
    return found
