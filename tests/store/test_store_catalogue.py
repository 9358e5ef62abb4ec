"""The history's games: the built-in ones read one by one when asked for, the user's own
over them, and the listing the picker and ``scorepad games`` take from the index."""

from __future__ import annotations

from scorepad.core import builtin_games
from scorepad.core.game_index import entry_of
from scorepad.store import open_store

GOLF = {
    "id": "golf",
    "name": {"en": "Mini golf", "es": "Minigolf"},
    "players": {"min": 1, "max": 6},
    "wins": "lowest",
    "lines": [{"key": "strokes", "kind": "points", "min": 0, "label": {"en": "Strokes"}}],
}


def test_the_users_games_join_the_built_in_ones_in_games_and_in_their_listing(url):
    with open_store(url) as store:
        golf = store.create_game(GOLF)
        games, every = store.games(), store.sheet_games()
        shipped = list(builtin_games())
        assert list(games) == [*shipped, "golf"] == list(every)
        assert len(games) == len(shipped) + 1 and "golf" in games and "azul" in every
        assert games["golf"] is not None and games["golf"].id == "golf"
        assert every["azul"] is builtin_games()["azul"]
        assert "chess" not in every and every.get("chess") is None

        entries, listed = store.game_entries(), store.sheet_entries()
        assert list(entries) == list(games) and list(listed) == list(every)
        assert entries["golf"] == entry_of(golf) and not entries["golf"].builtin
        assert listed["azul"] == entry_of(builtin_games()["azul"]) and listed["azul"].builtin
