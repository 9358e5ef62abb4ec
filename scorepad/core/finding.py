"""Finding a game among many: the words typed (case and accents ignored, in the game's
id and its name in every language), the number of players at the table, and the games
played lately and often first. The app's picker and ``scorepad games`` both ask here.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TypeVar

from scorepad.core.game_index import Listed
from scorepad.core.i18n import pick

G = TypeVar("G", bound=Listed)


@dataclass(frozen=True)
class Played:
    """How often a game was played and when last (from the history)."""

    plays: int
    last: datetime


def fold(text: str) -> str:
    """``text`` as a search compares it: "Ñandú" and "nandu" are the same."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def sort_name(name: str) -> str:
    """Where a name is filed: folded, from its first letter or digit ("¡Aventureros al
    tren!" under A)."""
    folded = fold(name)
    return folded[next((i for i, c in enumerate(folded) if c.isalnum()), 0) :]


def matches(game: Listed, words: str) -> bool:
    """Every word of ``words`` appears in the game's id or its name in any language."""
    return has_words(game, words_of(words))


def words_of(text: str) -> list[str]:
    """The words typed into a search, folded (once for a whole list of games)."""
    return fold(text).split()


def has_words(game: Listed, wanted: list[str]) -> bool:
    """Every one of the folded words ``wanted`` (``words_of``) appears in the game's id
    or names; any game when none is wanted."""
    if not wanted:
        return True
    haystack = fold(" ".join([game.id, *game.name.values()]))
    return all(word in haystack for word in wanted)


def seats(game: Listed, players: int | None) -> bool:
    """The game takes ``players`` (any number when None)."""
    return players is None or game.min_players <= players <= game.max_players


def find_games(
    games: Iterable[G],
    words: str = "",
    players: int | None = None,
    played: Mapping[str, Played] | None = None,
    lang: str = "en",
) -> list[G]:
    """The games (templates, or their index entries) that match ``words`` and seat
    ``players``: those played first, the last played first (then the most played), then
    the others by their name in ``lang``."""
    played = played or {}
    wanted = words_of(words)  # folded once, not once a game
    found = [g for g in games if has_words(g, wanted) and seats(g, players)]
    found.sort(key=lambda g: sort_name(pick(g.name, lang)))
    found.sort(key=lambda g: played[g.id].plays if g.id in played else 0, reverse=True)
    found.sort(key=lambda g: played[g.id].last if g.id in played else datetime.min, reverse=True)
    return found
