"""The built-in games: one JSON file each in ``scorepad/games/``, loaded once on demand."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib import resources

from scorepad.core.errors import SheetError, quote
from scorepad.core.loader import load_template
from scorepad.core.template import GameTemplate


@cache
def builtin_games() -> Mapping[str, GameTemplate]:
    """Every shipped game by id, in file-name order. A broken file fails loudly here."""
    folder = resources.files("scorepad") / "games"
    games: dict[str, GameTemplate] = {}
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            template = load_template(entry.read_text(encoding="utf-8"), entry.name, builtin=True)
            games[template.id] = template
    return dict(sorted(games.items()))


def find_game(game_id: object, games: Mapping[str, GameTemplate] | None = None) -> GameTemplate:
    """The game called ``game_id`` among ``games`` (the built-ins by default)."""
    games = builtin_games() if games is None else games
    if isinstance(game_id, str) and game_id in games:
        return games[game_id]
    choices = ", ".join([quote(g) for g in games])
    raise SheetError("sheet.unknown_game", value=quote(game_id), choices=choices)
