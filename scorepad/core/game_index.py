"""What listing a game needs, without its lines: the picker's cards and ``scorepad games``.

Reading and checking a whole game file costs about a millisecond; listing the catalogue
by its full files cost the picker and ``scorepad games`` most of their time once there
were forty games. ``index.jsonl`` beside the game files holds each game's ``GameEntry``,
one line each, generated from the files (``scorepad games index``; a test fails when it
no longer matches them). It is only a shortcut: a game file the index lacks is read in
full, so a new game is still one data file, listed before the index is regenerated.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from scorepad.core.game_facts import NO_FACTS, GameFacts
from scorepad.core.i18n import Text
from scorepad.core.sheetrules import not_on_sheet
from scorepad.core.template import GameTemplate, Variant, Wins

INDEX_NAME = "index.jsonl"
"""The index's file name inside a games folder (not ``*.json``: it is not a game)."""


class Listed(Protocol):
    """What finding and listing a game read: a ``GameTemplate`` or a ``GameEntry``."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> Text: ...
    @property
    def min_players(self) -> int: ...
    @property
    def max_players(self) -> int: ...
    @property
    def variants(self) -> tuple[Variant, ...]: ...
    @property
    def description(self) -> Text | None: ...
    @property
    def wins(self) -> Wins: ...
    @property
    def builtin(self) -> bool: ...
    @property
    def facts(self) -> GameFacts: ...


@dataclass(frozen=True)
class GameEntry:
    """A game as a list shows it: names, table size, variants, description, facts."""

    id: str
    name: Text
    min_players: int
    max_players: int
    variants: tuple[Variant, ...]
    description: Text | None
    wins: Wins
    builtin: bool
    on_sheet: bool
    """The app's sheet shows all of the game (``not_on_sheet``): the picker offers it."""
    facts: GameFacts = NO_FACTS
    """Best player counts, playing time and weight (``game_facts``), without the file."""
    bgg_id: int | None = None
    """The game's id on BoardGameGeek, when its file gives one: what finds a collection's
    entry among the games the app knows."""
    quick: bool = False
    """A quick game not yet kept as a game of its own (``core.quick.is_quick``): the
    picker marks it."""


def entry_of(template: GameTemplate) -> GameEntry:
    """The listing of a game already loaded (the user's games, and the index's source)."""
    return GameEntry(
        id=template.id,
        name=dict(template.name),
        min_players=template.min_players,
        max_players=template.max_players,
        variants=tuple(Variant(v.id, dict(v.label)) for v in template.variants),
        description=None if template.description is None else dict(template.description),
        wins=template.wins,
        builtin=template.builtin,
        on_sheet=not_on_sheet(template) is None,
        facts=template.facts,
        bgg_id=_bgg_id(template.source.get("bgg_id")),
        quick=template.source.get("quick") is True,
    )


def _bgg_id(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def index_line(entry: GameEntry) -> str:
    """One game of the index, as one line of JSON."""
    data = {
        "id": entry.id,
        "name": entry.name,
        "players": [entry.min_players, entry.max_players],
        "variants": [{"id": v.id, "label": v.label} for v in entry.variants],
        "description": entry.description,
        "wins": entry.wins,
        "on_sheet": entry.on_sheet,
        **{name: value for name, value in entry.facts.to_json().items() if value},
        **({} if entry.bgg_id is None else {"bgg_id": entry.bgg_id}),
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def index_text(templates: Iterable[GameTemplate]) -> str:
    """The index of these built-in games, sorted by id: what ``index.jsonl`` holds."""
    entries = sorted((entry_of(t) for t in templates), key=lambda e: e.id)
    return "".join(index_line(e) + "\n" for e in entries)


def read_index(folder: Path) -> dict[str, GameEntry]:
    """The entries ``folder``'s index holds, by id (none when it has no index)."""
    path = folder / INDEX_NAME
    if not path.is_file():
        return {}
    entries: dict[str, GameEntry] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        data = json.loads(line)
        low, high = data["players"]
        entries[data["id"]] = GameEntry(
            id=data["id"],
            name=data["name"],
            min_players=low,
            max_players=high,
            variants=tuple(Variant(v["id"], v["label"]) for v in data["variants"]),
            description=data["description"],
            wins=data["wins"],
            builtin=True,
            on_sheet=data["on_sheet"],
            facts=GameFacts.from_json(data),
            bgg_id=data.get("bgg_id"),
        )
    return entries


def entries_of(games: Mapping[str, GameTemplate]) -> dict[str, GameEntry]:
    """The listing of games already loaded, by id."""
    return {key: entry_of(game) for key, game in games.items()}
