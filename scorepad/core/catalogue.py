"""The built-in games: one JSON file each in ``scorepad/games/``, each read and checked
only when asked for; listing them reads the folder's index (``game_index``)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from scorepad.core.errors import SheetError, quote
from scorepad.core.loader import load_template
from scorepad.core.template import GameTemplate

if TYPE_CHECKING:  # loaded when the games are first listed: ``import scorepad.core`` stays small
    from scorepad.core.game_index import GameEntry

GAMES_FOLDER = Path(__file__).resolve().parent.parent / "games"
"""Inside the package, so installed copies and PyInstaller bundles find it too."""


class Catalogue(Mapping[str, GameTemplate]):
    """The games of a folder by id (a game's file is named after its id), sorted. The
    ids are the file names; a game's file is read, checked and built on first use, then
    kept: opening one game, or listing ids, does not read the forty others. A broken
    file fails loudly when its game is asked for."""

    def __init__(self, folder: Path, ids: tuple[str, ...] | None = None) -> None:
        self.folder = folder
        self.ids = ids if ids is not None else tuple(sorted(p.stem for p in folder.glob("*.json")))
        self._known = frozenset(self.ids)
        self._loaded: dict[str, GameTemplate] = {}

    def __getitem__(self, game: str) -> GameTemplate:
        if game not in self._known:
            raise KeyError(game)
        template = self._loaded.get(game)
        if template is None:
            path = self.folder / f"{game}.json"
            template = load_template(path.read_text(encoding="utf-8"), path.name, builtin=True)
            self._loaded[game] = template  # two threads may both build it: the same game
        return template

    def __contains__(self, game: object) -> bool:
        return game in self._known

    def __iter__(self) -> Iterator[str]:
        return iter(self.ids)

    def __len__(self) -> int:
        return len(self.ids)

    def only(self, ids: set[str]) -> Catalogue:
        """These of the games (the others left out), sharing the games already read."""
        some = Catalogue(self.folder, tuple(g for g in self.ids if g in ids))
        some._loaded = self._loaded
        return some

    def entries(self) -> dict[str, GameEntry]:
        """Every game's listing by id, from the folder's index; a game the index lacks
        (a file added since it was generated) is read in full."""
        from scorepad.core.game_index import entry_of, read_index

        indexed = read_index(self.folder)
        return {g: indexed[g] if g in indexed else entry_of(self[g]) for g in self.ids}


@cache
def builtin_games() -> Catalogue:
    """Every shipped game by id, sorted: games filled in once at the end or round by
    round, each for themselves, co-operative or in teams alike."""
    return Catalogue(GAMES_FOLDER)


@cache
def builtin_entries() -> Mapping[str, GameEntry]:
    """Every shipped game's listing (the picker's cards, ``scorepad games``), by id."""
    return builtin_games().entries()


def find_game(game_id: object, games: Mapping[str, GameTemplate] | None = None) -> GameTemplate:
    """The game called ``game_id`` among ``games`` (the built-ins by default)."""
    games = builtin_games() if games is None else games
    if isinstance(game_id, str) and game_id in games:
        return games[game_id]
    choices = ", ".join([quote(g) for g in games])
    raise SheetError("sheet.unknown_game", value=quote(game_id), choices=choices)
