"""What to play tonight, as its screen holds it (no Flet): who is here, how many, the
time there is, and the suggestions they give (``club.suggest``).

The history is read once (its players, its counted plays, the collection and the
games); each choice then ranks again from what was read, so a tap costs no query.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from urllib.parse import quote

from scorepad.club.facts import PlayFact
from scorepad.club.suggest import Candidate, Suggestion, candidates, suggest
from scorepad.ui.history import History

TIMES = (30, 45, 60, 90, 120, 180)
"""The times offered, in minutes (beside "any time")."""
COUNTS = range(1, 13)
"""The numbers of players offered."""
SHOWN = 20
"""Suggestions listed at most: the best, not every game that fits."""
MOST_NAMES = 30
"""The history's players offered, those with the most plays first."""


@dataclass
class Tonight:
    games: list[Candidate]
    facts: Sequence[PlayFact]
    names: list[str]
    """The history's players to pick from."""
    today: date
    present: list[str] = field(default_factory=list)
    count: int = 2
    minutes: int | None = None

    @classmethod
    def read(cls, history: History, lang: str, today: date, present: Sequence[str] = ()) -> Tonight:
        """What the screen needs of the history; ``present``: those here already (a link's
        ``?players=Ana,Ben``), offered first whether the history knows them or not."""
        people = sorted(history.players(), key=lambda p: (-p.plays, p.name.casefold()))
        games = candidates(history.game_entries(), history.owned_games(), lang)
        here = list(dict.fromkeys(n.strip() for n in present if n.strip()))
        known = [p.name for p in people if p.name not in here]
        names = here + known[: max(MOST_NAMES - len(here), 0)]
        tonight = cls(games, history.facts(), names, today, present=here)
        tonight.count = len(here) or tonight.count
        return tonight

    def toggle(self, name: str) -> None:
        """``name`` is here, or no longer: the number at the table follows who is here."""
        if name in self.present:
            self.present.remove(name)
        else:
            self.present.append(name)
        if self.present:
            self.count = len(self.present)

    def suggestions(self) -> list[Suggestion]:
        return suggest(self.games, self.facts, self.count, self.minutes, self.present, self.today)[
            :SHOWN
        ]

    def start_route(self, game: str, first: str | None = None) -> str:
        """Where "Play" goes: the game's sheet for those here when every seat is named
        (``first``: who starts, when picked), else its New play form."""
        if self.present and len(self.present) == self.count:
            route = f"/new/{game}?players=" + quote(",".join(self.present), safe=",")
            return route + (f"&first={quote(first)}" if first in self.present else "")
        return f"/new/{game}"
