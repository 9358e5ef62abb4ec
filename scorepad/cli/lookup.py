"""Finding the game a command names: a built-in id, a game file, or one of the user's games.

The user's own games live in a history, and opening one loads SQLAlchemy and may create
or upgrade a file: a history is read only when a command names one (``--db`` or
$SCOREPAD_DB) and only when the built-in games do not already answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

from scorepad.cli.io import open_history, read_text
from scorepad.core import GameTemplate, ScorepadError, builtin_games, load_template
from scorepad.core.errors import quote

Unknown = Callable[[str, str], ScorepadError]
"""Makes the command's own error for an unknown game from the quoted id and choices."""


class KnownGames(Mapping[str, GameTemplate]):
    """The built-in games, then the games of the history at ``url`` (read on first miss)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.builtin = shipped_games()
        self._everything: Mapping[str, GameTemplate] | None = None

    def everything(self) -> Mapping[str, GameTemplate]:
        if self._everything is None:
            with open_history(self.url) as store:
                self._everything = store.sheet_games()
        return self._everything

    def __getitem__(self, game: str) -> GameTemplate:
        if game in self.builtin:
            return self.builtin[game]
        return self.everything()[game]

    def __iter__(self) -> Iterator[str]:
        return iter(self.everything())

    def __len__(self) -> int:
        return len(self.everything())


def shipped_games() -> Mapping[str, GameTemplate]:
    """The games shipped with Scorepad, by id (co-operative and team games among them),
    each read when first asked for."""
    return builtin_games()


def known_games(url: str | None) -> Mapping[str, GameTemplate]:
    """Every game a sheet may name: the shipped ones, and the history's when one is named."""
    return shipped_games() if url is None else KnownGames(url)


def find_template(game: str, url: str | None, unknown: Unknown) -> GameTemplate:
    """A built-in game by id, a game file (``my-game.json``), or a game of the history."""
    builtin = shipped_games()
    if game in builtin:
        return builtin[game]
    if game.endswith(".json") and Path(game).is_file():
        return load_template(read_text(game), game)
    games = known_games(url)
    if game in games:
        return games[game]
    raise unknown(quote(game), ", ".join(quote(g) for g in games))
