"""A game's result other than each for themselves, as a value (a game file's ``result``:
co-operative, or teams; its ``race``: won by whoever ends it), read from the game file;
``results`` settles a scored sheet with it. A ``GameTemplate`` holds it, so nothing here
knows of templates or sheets."""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from scorepad.core.errors import BadBounds, quote
from scorepad.core.numbers import Number

ResultKind = Literal["cooperative", "teams"]
RESULT_FIELDS = {"kind": True, "teams": False, "won_at": False}
OUTCOMES = ("won", "lost")
MAX_TEAMS = 20
HERE = "result"
"""The game file's field, as messages name its place."""


class ResultRule(NamedTuple):
    """How a game is won when not each for themselves (a game file's ``result``)."""

    kind: ResultKind
    min_teams: int = 0
    max_teams: int = 0
    won_at: Number | None = None
    """A co-operative game that ends at once in victory when the table's score reaches
    this (Hanabi: the five fireworks made, 25): a play "lost" with it is refused."""


RACE_FIELDS = {"line": True, "reach": False}
RACE = "race"
"""The game file's field of a race, as messages name its place."""


class RaceRule(NamedTuple):
    """A race (a game file's ``race``): the player who ends the game wins it, whatever the
    others' totals (Catan: 10 points on your own turn wins, even if another player went
    from 9 to 11 during it). ``line`` is a yes/no line not added to the total, ticked for
    the player who ended the game; ``reach``, when given, is the total that player needs."""

    line: str
    reach: Number | None = None


class TeamResult(NamedTuple):
    """One team of a scored team play, ranked like a player."""

    name: str
    members: tuple[str, ...]
    total: Number
    tiebreak: tuple[Number, ...]
    rank: int
    winner: bool


def read_race(reader: Any, raw: object, lines: Any) -> RaceRule:
    """A game file's ``race``: a yes/no line that does not count names who ended the game."""
    data = reader.obj(raw, RACE, RACE_FIELDS)
    name = data["line"]
    line = next((ln for ln in lines if ln.key == name), None)
    if line is None or line.entered_as != "yes_no" or line.counts or line.per_round:
        raise reader.fail(f"{RACE}.line", "template.race_line", value=quote(name))
    reach = reader.number(data["reach"], f"{RACE}.reach") if "reach" in data else None
    return RaceRule(name, reach)


def read_result(reader: Any, raw: object) -> ResultRule:
    """A game file's ``result``, read with the loader's ``reader`` (its checks and messages)."""
    data = reader.obj(raw, HERE, RESULT_FIELDS)
    kind = data["kind"]
    if kind not in ("cooperative", "teams"):
        raise reader.fail(f"{HERE}.kind", "template.result_kind", value=quote(kind))
    other = "teams" if kind == "cooperative" else "won_at"  # the other kind's field
    if other in data:
        mine = "won_at" if kind == "cooperative" else "teams"
        raise reader.fail(
            HERE,
            "template.unknown_field",
            value=quote(other),
            choices=", ".join([quote("kind"), quote(mine)]),
        )
    if kind == "cooperative":
        won_at = reader.number(data["won_at"], f"{HERE}.won_at") if "won_at" in data else None
        return ResultRule("cooperative", won_at=won_at)
    where = f"{HERE}.teams"
    teams = reader.obj(data.get("teams", {"min": 2, "max": 2}), where, {"min": True, "max": True})
    low = reader.whole(teams["min"], f"{where}.min", low=2)
    high = reader.whole(teams["max"], f"{where}.max", low=2)
    if low > high:
        raise reader.at(where, BadBounds(low, high))
    if high > MAX_TEAMS:
        raise reader.fail(f"{where}.max", "entry.above_max", value=high, limit=MAX_TEAMS)
    return ResultRule("teams", low, high)
