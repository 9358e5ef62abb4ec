"""A game's facts from its box and its players: the player counts it plays best at, how
long a play takes and how heavy it is (``players_best``, ``minutes``, ``weight``).

They score nothing: the picker shows them and the suggestion weighs them. All three are
optional, and a file holds only what a source confirms. The weight is kept exactly as
written (``Decimal("2.4575")``, never a float), as every number of a game file is.

The three are read together and every problem among them is named at once (a person
fixing a file's facts by hand sees them all), each with the file and its place.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from scorepad.core.errors import BadBounds, TemplateError, quote
from scorepad.core.i18n import decimal_mark, tr
from scorepad.core.reader import Reader, type_name

FACT_FIELDS = {"players_best": False, "minutes": False, "weight": False}
"""The game file's optional fields this module reads (the loader's ``TOP_FIELDS``)."""

MAX_PLAYERS = 20
"""A game's most players (``players.max``): the longest list of best counts."""

MAX_MINUTES = 10_000
"""The longest playing time a file may give, in minutes (about a week of play)."""

WEIGHT_LOW = Decimal(1)
WEIGHT_HIGH = Decimal(5)
WEIGHT_PLACES = 4
"""Decimals a weight may have (BoardGameGeek gives four: 2.4575)."""


@dataclass(frozen=True)
class GameFacts:
    """What a game's box and its players say about it; empty when the file says nothing."""

    players_best: tuple[int, ...] = ()
    """The player counts it plays best at, smallest first (none: not known)."""
    minutes: tuple[int, int] | None = None
    """How long a play takes, the box's shortest and longest, in minutes."""
    weight: Decimal | None = None
    """How heavy it is, 1 (light) to 5 (heavy), exactly as written."""

    def to_json(self) -> dict[str, object]:
        """The facts as JSON values (the game index): the weight as text, so that it
        reads back exactly ("2.4575") whatever reads it."""
        return {
            "players_best": list(self.players_best),
            "minutes": None if self.minutes is None else list(self.minutes),
            "weight": None if self.weight is None else format(self.weight, "f"),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameFacts:
        """``to_json``'s values back (the index's own, written by ``to_json``)."""
        minutes = data.get("minutes")
        weight = data.get("weight")
        return cls(
            players_best=tuple(data.get("players_best") or ()),
            minutes=None if minutes is None else (minutes[0], minutes[1]),
            weight=None if weight is None else Decimal(weight),
        )


NO_FACTS = GameFacts()


def read_facts(reader: Reader, data: Mapping[str, Any], low: int, high: int) -> GameFacts:
    """The facts of a game file's ``data`` (for ``low`` to ``high`` players); every problem
    among them at once: one ``TemplateError``, or ``FactProblems`` for several."""
    problems: list[TemplateError] = []
    best = _players_best(reader, data.get("players_best"), low, high, problems)
    minutes = _minutes(reader, data["minutes"], problems) if "minutes" in data else None
    weight = _weight(reader, data["weight"], problems) if "weight" in data else None
    if len(problems) == 1:
        raise problems[0]
    if problems:
        raise FactProblems(problems)
    return GameFacts(best, minutes, weight)


class FactProblems(TemplateError):
    """Several problems among a game file's facts, each naming the file and its place:
    its message is theirs, one line each; ``problems`` holds them one by one, and its
    own key and fields are the first's (what finds the place of a single complaint)."""

    def __init__(self, problems: list[TemplateError]) -> None:
        self.problems = tuple(problems)
        super().__init__(problems[0].key, **problems[0].fields)

    def message(self, lang: str) -> str:
        return "\n".join(problem.message(lang) for problem in self.problems)


def _players_best(
    reader: Reader, raw: object, low: int, high: int, problems: list[TemplateError]
) -> tuple[int, ...]:
    if raw is None:
        return ()
    try:
        listed = reader.items(raw, "players_best", allow_empty=False, limit=MAX_PLAYERS)
    except TemplateError as problem:
        problems.append(problem)
        return ()
    counts: list[int] = []
    for i, item in enumerate(listed):
        path = f"players_best[{i}]"
        try:
            count = reader.whole(item, path, low=1)
        except TemplateError as problem:
            problems.append(problem)
            continue
        if not low <= count <= high:
            problems.append(
                reader.fail(path, "template.best_outside", value=count, low=low, high=high)
            )
        elif count in counts:
            problems.append(reader.fail(path, "template.best_twice", value=count))
        else:
            counts.append(count)
    return tuple(sorted(counts))


def _minutes(reader: Reader, raw: object, problems: list[TemplateError]) -> tuple[int, int] | None:
    if not isinstance(raw, list) or len(raw) != 2:
        problems.append(
            reader.fail(
                "minutes", "template.wrong_type", value=quote(raw), expected=type_name("minutes")
            )
        )
        return None
    found: list[int] = []
    for i, item in enumerate(raw):
        try:
            value = reader.whole(item, f"minutes[{i}]", low=1)
        except TemplateError as problem:
            problems.append(problem)
            continue
        if value > MAX_MINUTES:
            problems.append(
                reader.fail(f"minutes[{i}]", "entry.above_max", value=value, limit=MAX_MINUTES)
            )
            continue
        found.append(value)
    if len(found) < 2:
        return None
    if found[0] > found[1]:
        problems.append(reader.at("minutes", BadBounds(found[0], found[1])))
        return None
    return found[0], found[1]


def _weight(reader: Reader, raw: object, problems: list[TemplateError]) -> Decimal | None:
    """A weight as written: an int or a JSON number read as ``Decimal`` (never a float,
    which would not keep 2.47 exactly), from 1 to 5 with at most four decimals."""
    value = Decimal(raw) if isinstance(raw, int) and not isinstance(raw, bool) else raw
    exponent = value.as_tuple().exponent if isinstance(value, Decimal) else None
    if (
        not isinstance(value, Decimal)
        or not isinstance(exponent, int)  # infinity and NaN have none
        or not WEIGHT_LOW <= value <= WEIGHT_HIGH
        or exponent < -WEIGHT_PLACES
    ):
        problems.append(reader.fail("weight", "template.weight", value=quote(raw)))
        return None
    return value


# --- shown: the picker's cards and ``scorepad games`` -------------------------------------
def counts_text(counts: tuple[int, ...]) -> str:
    """Player counts as a person writes them: runs joined ("3–4", "2, 4")."""
    runs: list[list[int]] = []
    for count in counts:
        if runs and count == runs[-1][-1] + 1:
            runs[-1].append(count)
        else:
            runs.append([count])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)


def minutes_text(minutes: tuple[int, int], lang: str) -> str:
    """ "30–45 min" (or "20 min" when the box gives one time)."""
    low, high = minutes
    if low == high:
        return tr("app.minutes", lang, n=low)
    return tr("app.minutes_range", lang, low=low, high=high)


def weight_figure(weight: Decimal, lang: str) -> str:
    """The weight to two decimals, halves up ("2.46", "1.20"; a whole weight as it is,
    "3"), with the language's decimal mark: the file keeps it exactly, a card need not
    show four."""
    shown = weight.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    text = str(int(shown)) if shown == shown.to_integral_value() else format(shown, "f")
    return text.replace(".", decimal_mark(lang))


def weight_text(weight: Decimal, lang: str) -> str:
    """ "weight 2.46/5"."""
    return tr("app.weight", lang, weight=weight_figure(weight, lang))


def players_text(players: str, facts: GameFacts, span: tuple[int, int], lang: str) -> str:
    """The table size with the best counts when known: "2–4 players (best 3)"; not when
    they are every count the game's ``span`` allows (Jaipur's 2, best at 2)."""
    if not facts.players_best or facts.players_best == tuple(range(span[0], span[1] + 1)):
        return players
    return tr("app.players_best", lang, players=players, best=counts_text(facts.players_best))


def facts_texts(facts: GameFacts, lang: str) -> list[str]:
    """The playing time and weight as a card shows them, those known."""
    shown = [] if facts.minutes is None else [minutes_text(facts.minutes, lang)]
    return shown + ([] if facts.weight is None else [weight_text(facts.weight, lang)])
