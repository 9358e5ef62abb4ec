"""The built-in games: one JSON file each in ``scorepad/games/``, loaded once on demand."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path

from scorepad.core.errors import SheetError, quote
from scorepad.core.loader import load_template
from scorepad.core.template import GameTemplate

GAMES_FOLDER = Path(__file__).resolve().parent.parent / "games"
"""Inside the package, so installed copies and PyInstaller bundles find it too."""


@cache
def builtin_games() -> Mapping[str, GameTemplate]:
    """Every shipped game by id, sorted: games filled in once at the end or round by
    round, each for themselves, co-operative or in teams alike. A broken file fails loudly
    here."""
    return _load_folder(GAMES_FOLDER)


def _load_folder(folder: Path) -> Mapping[str, GameTemplate]:
    games: dict[str, GameTemplate] = {}
    for path in sorted(folder.glob("*.json")):
        template = load_template(path.read_text(encoding="utf-8"), path.name, builtin=True)
        games[template.id] = template
    return dict(sorted(games.items()))


def find_game(game_id: object, games: Mapping[str, GameTemplate] | None = None) -> GameTemplate:
    """The game called ``game_id`` among ``games`` (the built-ins by default)."""
    games = builtin_games() if games is None else games
    if isinstance(game_id, str) and game_id in games:
        return games[game_id]
    choices = ", ".join([quote(g) for g in games])
    raise SheetError("sheet.unknown_game", value=quote(game_id), choices=choices)
