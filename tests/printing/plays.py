"""Full plays of every shipped game, for the printing tests: every line entered by
someone, as large as the game allows (rates, halves, products, award quantities, every
round of a round game), in teams or with an outcome where the game wants one."""

from __future__ import annotations

from decimal import Decimal

from scorepad.core import PlayerSheet, ScorepadError, builtin_games, score
from scorepad.core.results import has_score
from scorepad.core.template import GameTemplate, Line

NAMES = ("Anastasia", "Bartholomew", "Clementine", "Dmitri", "Eulalia")
TEAMS = ("Crimson Foxes", "Sapphire Owls")
OPEN_ROUNDS = 6
"""Rounds played on a game without a fixed number of them."""
GAMES = builtin_games()


def entry(line: Line, n: int) -> object:
    """A large but legal entry of ``line`` for player ``n``: the numbers that make cells
    crowded (a count with its rate, a half, a product's two factors, an award's quantity)."""
    high = getattr(line, "max", None)
    if line.kind == "points":
        value = Decimal("123.5") if getattr(line, "halves", False) else 123 + n
        return value if high is None else high - n % 2
    if line.kind == "count":
        count = min(high, 12) if high is not None else 12
        rates = getattr(line, "rates", ())
        if rates:
            return {"count": count, "rate": rates[n % len(rates)].id}
        return Decimal(count) + Decimal("0.5") if getattr(line, "halves", False) else count
    if line.kind == "check":
        return n % 2 == 0
    if line.kind == "table":
        return len(line.values) - 1
    if line.kind == "product":
        return [f.max if f.max is not None else 13 for f in line.factors]
    if line.kind == "penalty":
        return min(high, 14) if high is not None else 14
    if line.kind == "award":  # players apart and two tied, so every place is given
        quantity = 20 - min(n, 3) * 5
        return quantity if high is None else min(high, quantity)
    if line.kind == "tally":
        return len(line.values) + n
    raise LookupError(line.kind)


def rounds_of(template: GameTemplate, players: int) -> int:
    assert template.rounds is not None
    return template.rounds.limit(players) or OPEN_ROUNDS


def tries(template: GameTemplate, line: Line, n: int, players: int) -> list[object]:
    """The entries to try on a line, largest first (a round game's per-round line takes a
    list: every round entered; smaller ones when its bid rule refuses the large ones)."""
    value = entry(line, n)
    if not line.per_round:
        return [value, smaller(value), smaller(smaller(value))]
    rounds = rounds_of(template, players)
    return [[value] * rounds, [r % 3 for r in range(rounds)], [1] * rounds]


def smaller(value: object) -> object:
    """An entry one step smaller (Azul: 5 complete rows would mean a full wall)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | Decimal):
        return max(value - 1, 1)
    if isinstance(value, dict):
        return {**value, "count": max(value["count"] - 1, 1)}
    if isinstance(value, list):
        return [smaller(v) for v in value]
    return value


def one(value: object) -> object:
    """The smallest entry of the same shape that is not blank."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int | Decimal):
        return 1
    if isinstance(value, dict):
        return {**value, "count": 1}
    if isinstance(value, list):
        return [one(v) for v in value]
    return value


def twins(template: GameTemplate, variant: str | None, key: str) -> list[str]:
    """The lines a ``sum`` check ties ``key`` to, each weighed against it."""
    if template.rules is None:
        return []
    found: list[str] = []
    for check in template.rules.plan(template, variant).checks:
        weights = dict(check.weights)
        if key in weights:
            found += [k for k in weights if k != key and k not in found]
    return found


BLANK = (None, 0, False, [], ())
"""Entries that leave a line as if no one had entered it."""


def filled(template: GameTemplate, variant: str | None):
    """The fullest play of ``template``: as many players as it takes, every line entered
    (a line whose entries the core refuses is entered smaller, or left blank), in teams or
    with an outcome where the game wants one."""
    most = template.max_players
    if variant is not None and template.variant(variant).players is not None:
        most = template.variant(variant).players[1]  # Concordia's Italia map: 4
    count = min(most, len(NAMES))
    kind = template.result.kind if template.result is not None else None
    teams = [TEAMS[n % 2] if kind == "teams" else None for n in range(count)]
    outcome = None
    if kind == "cooperative":
        outcome = "won"
    elif kind == "teams" and not has_score(template):
        outcome = TEAMS[1]
    lines: list[dict[str, object]] = [{} for _ in range(count)]

    def scores(entries: list[dict[str, object]]) -> bool:
        """Whether the core takes the table with these entries."""
        sheets = [PlayerSheet(NAMES[i], entries[i], team=teams[i]) for i in range(count)]
        try:
            score(template, variant, sheets, outcome=outcome)
        except (LookupError, ScorepadError):
            return False
        return True

    every = template.lines_for(variant)
    for first, line in [(True, line) for line in every] + [(False, line) for line in every]:
        # small entries first, then as large as the checks between lines allow
        for n in range(count):
            choices = tries(template, line, n, count)
            for value in [one(v) for v in choices] if first else [*choices, one(choices[0])]:
                trial = [dict(found) for found in lines]
                trial[n][line.key] = value
                if scores(trial):
                    lines = trial
                    break
    for line in every:
        # a line no one could take alone: with the lines a sum check ties it to (Five
        # Tribes' Viziers typed twice) at the same value, or on a player who has nothing
        # else (Clank!'s knocked out in the depths, which rules out every other line)
        if count < 2 or any(found.get(line.key) not in BLANK for found in lines):
            continue
        keys = [line.key, *twins(template, variant, line.key)]
        choices = tries(template, line, count - 1, count)
        values = [v for v in [*choices, *(one(v) for v in choices)] if v not in BLANK]
        for value, n, alone in [
            (v, n, a) for a in (False, True) for v in values for n in range(count)
        ]:
            trial = [dict(found) for found in lines]
            trial[n] = {**({} if alone else trial[n]), **dict.fromkeys(keys, value)}
            if scores(trial):
                lines = trial
                break
    sheets = [PlayerSheet(NAMES[i], lines[i], team=teams[i]) for i in range(count)]
    return score(template, variant, sheets, outcome=outcome)


PAGES = [
    (template.id, variant)
    for template in GAMES.values()
    for variant in ([v.id for v in template.variants] or [None])
]
"""Every shipped game and variant."""
