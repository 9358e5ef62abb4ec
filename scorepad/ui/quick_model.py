"""The quick form ("Another game" at New play): a game outside the catalogue, its name (or
one suggested from the collection and the quick games played before, which bring their
BoardGameGeek id and options), how it is scored, and its options. The players are New
play's own (``NewPlayModel``).

Plain Python so that tests can drive it without a page; the view only mirrors it. What
the options must be is the core's word (``scorepad.core.quick``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorepad.core import GameTemplate, ScorepadError
from scorepad.core.errors import EntryError, quote
from scorepad.core.finding import fold
from scorepad.core.numbers import plain_number
from scorepad.core.quick import QuickGame, QuickProblem, quick_of, quick_problems, quick_template

SHOWN = 6
"""The most suggestions shown under the name at once."""


@dataclass(frozen=True)
class Suggestion:
    """A name the form offers: a quick game played before (with its options) or a game
    of the collection that the app has no sheet for (with its BoardGameGeek id)."""

    name: str
    bgg_id: int | None = None
    options: QuickGame | None = None


def suggestions_from(
    quick: Sequence[GameTemplate], owned: Iterable[Mapping[str, Any]]
) -> list[Suggestion]:
    """Every name the form may suggest: the quick games (most recently played first),
    then the collection's games that no other game of the app is, each name once."""
    found: list[Suggestion] = []
    seen: set[str] = set()
    quick_ids = {t.id for t in quick}
    for template in quick:
        options = quick_of(template)
        if fold(options.name) not in seen:
            seen.add(fold(options.name))
            found.append(Suggestion(options.name, options.bgg_id, options))
    for item in owned:
        name = str(item.get("name") or "").strip()
        known = item.get("game")
        if not name or not item.get("owned") or (known and known not in quick_ids):
            continue
        if fold(name) not in seen:
            seen.add(fold(name))
            bgg = item.get("bgg_id")
            found.append(Suggestion(name, bgg if isinstance(bgg, int) else None))
    return found


@dataclass
class QuickForm:
    name: str = ""
    bgg_id: int | None = None
    """The game's BoardGameGeek id, brought by a suggestion (kept while the name is its)."""
    named_by: str = ""
    """The name the id came with."""
    rounds: bool = False
    """Rounds of points, rather than one total per player built by taps and sums."""
    lowest_wins: bool = False
    target: str = ""
    """The score that ends the game, as typed ("" for none)."""
    cooperative: bool = False
    known: list[Suggestion] = field(default_factory=list)

    def set_name(self, text: str) -> None:
        """The name typed: an id brought by a suggestion stays only with its name."""
        self.name = text
        if fold(text.strip()) != fold(self.named_by):
            self.bgg_id = None

    def suggestions(self) -> list[Suggestion]:
        """The known names holding every word typed (all of them, at first), but the
        one typed in full, at most ``SHOWN``."""
        words = fold(self.name).split()
        typed = fold(self.name.strip())
        found = [
            s
            for s in self.known
            if fold(s.name) != typed and all(word in fold(s.name) for word in words)
        ]
        return found[:SHOWN]

    def choose(self, suggestion: Suggestion) -> None:
        """A suggestion taken: its name and id, and a quick game's options."""
        self.name = self.named_by = suggestion.name
        self.bgg_id = suggestion.bgg_id
        options = suggestion.options
        if options is not None:
            self.rounds = options.rounds
            self.lowest_wins = options.lowest_wins
            self.cooperative = options.cooperative
            self.target = "" if options.target is None else str(options.target)

    def game(self) -> QuickGame | tuple[QuickProblem, ...]:
        """The quick game the form gives, or every problem of it (by field: "name",
        "target", "lowest_wins", "rounds", …)."""
        typed = self.target.strip()
        target = plain_number(typed) if typed else None
        game = QuickGame(
            name=self.name,
            bgg_id=self.bgg_id,
            rounds=self.rounds,
            lowest_wins=self.lowest_wins,
            target=target,
            cooperative=self.cooperative,
        )
        problems = quick_problems(game)
        if typed and target is None:  # not a number at all: said as the core says it
            problems += (QuickProblem("target", EntryError("quick.target", value=quote(typed))),)
        return problems or game


def placeholder() -> GameTemplate:
    """A quick game before it is named: what New play's players part is made for (the
    table sizes every quick game takes)."""
    return quick_template(QuickGame(name="?"))


def problem_of(problems: tuple[QuickProblem, ...], field: str) -> ScorepadError | None:
    """The first problem about ``field``, if any."""
    return next((p.error for p in problems if p.field == field), None)
