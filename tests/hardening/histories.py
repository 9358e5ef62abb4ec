"""A history with a bit of everything, its exports, and a way to see that a database did
not change: the base of the import fuzzing and of the hostile-text tests."""

from __future__ import annotations

import io
import json
from decimal import Decimal
from typing import Any

from sqlalchemy import select

from scorepad.core import ExtraLine, PlayerSheet, builtin_games
from scorepad.store import Store
from scorepad.store import models as m

HOUSE = {
    "id": "house-game",
    "name": {"en": "House game", "es": "Juego de casa"},
    "players": {"min": 2, "max": 6},
    "wins": "lowest",
    "lines": [
        {"key": "gold", "kind": "count", "per": 2, "max": 40, "label": {"en": "Gold", "es": "Oro"}},
        {"key": "debt", "kind": "penalty", "label": {"en": "Debt", "es": "Deuda"}},
        {
            "key": "cards",
            "kind": "count",
            "counts": False,
            "label": {"en": "Cards", "es": "Cartas"},
        },
    ],
    "tiebreakers": [
        {"label": {"en": "cards", "es": "cartas"}, "prefer": "fewer", "terms": {"cards": 1}}
    ],
}


def fill(store: Store) -> None:
    """Plays of every built-in game and kind of line, a game of the user's own, by-hand
    lines, halves, notes, a location, a duration, names in several scripts, and a round
    play with sums typed in its cells."""
    games = builtin_games()
    store.save_play(
        games["azul"],
        None,
        [
            PlayerSheet("Ana", {"marker": 61, "rows": 2, "columns": 1, "colours": 1}),
            PlayerSheet("Zoë", {"marker": 70, "rows": 1}, [ExtraLine("House rule", 3)]),
        ],
        "2024-01-05T20:00",
        location="Club",
        duration=45,
        notes="first game\nof the year",
    )
    store.save_play(
        games["azul-sintra"],
        "B",
        [
            PlayerSheet("محمد", {"marker": 50, "glass_left": 8, "windows": [4, 5]}),
            PlayerSheet("דנה", {"marker": 60, "broken_glass": 3, "windows": [2, 3]}),
            PlayerSheet("王小明", {"marker": 55, "broken_glass_resets": 1}),
        ],
        "2024-02-01",
    )
    store.save_play(
        games["azul-sintra"],
        "A",
        [
            PlayerSheet("Ana", {"marker": 40, "ornament_1": 4, "ornament_2": 3}),
            PlayerSheet("Ben", {"marker": 44, "ornament_3": 2}),
        ],
        "2024-02-02",
    )
    store.save_play(
        games["azul-summer-pavilion"],
        None,
        [
            PlayerSheet("Ben", {"marker": 80, "star_red": True, "all_2s": True, "tiles_left": 4}),
            PlayerSheet("🎲 Dani", {"marker": 90, "star_purple": True}),
        ],
        "2024-03-01",
    )
    store.save_play(
        games["glass-road"],
        None,
        [
            PlayerSheet("Ana", {"buildings": 20, "sand_left": {"count": 3, "rate": "start"}}),
            PlayerSheet("Robert'); DROP TABLE play;--", {"buildings": 21}),
        ],
        "2024-03-02T21:00",
        notes="<b>close</b>",
    )
    house = store.create_game(HOUSE)
    store.save_play(
        house,
        None,
        [
            PlayerSheet("Ana", {"gold": 3, "cards": 2}),
            PlayerSheet("Ben", {"gold": 3, "cards": 1}, [ExtraLine("Bonus", Decimal("0.5"))]),
        ],
        "2024-04-01",
    )
    store.save_play(
        builtin_games()["skull-king"],
        None,
        [
            PlayerSheet("Ana", {"bid": [1, 0, 2], "tricks": [0, 0, 1], "bonus": [0, 0, 0]}),
            PlayerSheet(
                "Zoë", {"bid": [0, 1, 1], "tricks": [1, "0+1", 1], "bonus": [0, "10+20", 0]}
            ),
        ],
        "2024-05-01",
    )


def export(store: Store, fmt: str) -> str:
    out = io.StringIO()
    store.export(out, fmt)
    return out.getvalue()


def table_rows(store: Store) -> dict[str, list[str]]:
    """Every row of every table, to compare a database before and after."""
    with store.db.engine.connect() as conn:
        return {
            table.name: sorted(repr(tuple(row)) for row in conn.execute(select(table)))
            for table in m.metadata.sorted_tables
        }


def play_by_uid(store: Store, uid: str) -> Any:
    with store.db.engine.connect() as conn:
        found = conn.execute(select(m.play.c.id).where(m.play.c.uid == uid)).scalar()
    return None if found is None else store.get_play(int(found))


def known_uids(store: Store) -> set[str]:
    with store.db.engine.connect() as conn:
        return set(conn.execute(select(m.play.c.uid)).scalars())


def parse(text: str) -> Any:
    """The document as any JSON reader sees it (a key given twice: the last one counts)."""
    return json.loads(text, parse_float=Decimal)
