"""A history file carrying a custom game beyond a game's limits (``core/limits.py``) is
refused whole: the message names the file, the game and the limit, and nothing of the
file is imported."""

from __future__ import annotations

import json

import pytest

from scorepad.core import PlayerSheet
from scorepad.store import StoreError, open_store

HOUSE = {
    "id": "house-game",
    "name": {"en": "House game"},
    "players": {"min": 2, "max": 4},
    "lines": [{"key": "gold", "kind": "count", "per": 2, "label": {"en": "Gold"}}],
}


def test_a_history_carrying_a_game_of_5000_lines_is_refused_whole(store, tmp_path, pg_or_file):
    store.create_game(HOUSE)
    store.save_play(
        store.template("house-game"),
        None,
        [PlayerSheet("Ana", {"gold": 2}), PlayerSheet("Ben", {"gold": 5})],
        "2024-06-01",
    )
    exported = tmp_path / "history.json"
    store.export_file(exported)
    data = json.loads(exported.read_text(encoding="utf-8"))
    (ref,) = data["templates"]
    source = data["templates"][ref]["source"]
    source["lines"] += [
        {"key": f"l{i}", "kind": "points", "label": {"en": f"Line {i}"}} for i in range(4999)
    ]
    huge = tmp_path / "huge.json"
    huge.write_text(json.dumps(data), encoding="utf-8")
    with open_store(pg_or_file) as other:
        with pytest.raises(StoreError) as caught:
            other.import_file(huge, "json")
        said = caught.value.message("en")
        assert "templates." in said and "lines: 5000 entries; at most 100 are allowed" in said
        assert str(huge) in said or huge.name in said
        assert not other.list_plays().plays
        assert "house-game" not in other.games()
        assert other.import_file(exported, "json").plays == 1  # the same game, within them
