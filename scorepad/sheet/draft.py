"""The sheet's draft: everything entered on one sheet, kept as typed (a draft must never
lose a half-typed "7,"), and written and read as JSON (the autosaved draft, and what every
device showing the sheet starts from). Plain data: the edits (``edits``) change it, the
sheet in progress (``progress``) reads it.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scorepad.core.plaintext import location_problem
from scorepad.sheet.colours import draft_colours
from scorepad.sheet.first_player import one_of_the_players
from scorepad.sheet.kinds import board_kinds
from scorepad.sheet.timer import Timer
from scorepad.sheet.turn import one_of_the_seats


@dataclass
class ExtraRow:
    """A by-hand line: the label the players chose and the points typed per player."""

    label: str
    points: list[str]


@dataclass
class RoundRow:
    """One round of a round game: typed text per per-round line, one per player. Its
    ``id`` stays the same when rounds before it are deleted, so an edit made on one device
    lands in the same round on every other whatever rounds came or went meanwhile."""

    id: str
    texts: dict[str, list[str]]


@dataclass
class SheetDraft:
    """Everything entered on one sheet, as typed; the autosaved draft is this, as JSON."""

    game_id: str
    variant: str | None
    players: list[str]
    location: str = ""
    notes: str = ""
    """Notes on the play, saved with it (several lines allowed)."""
    first_player: str = ""
    """The player who starts, one of ``players`` ("" when nobody was picked)."""
    turn: int | None = None
    """Whose turn it is, a seat from 0 (``sheet.turn``); None: never moved, so the turn
    is the first player's (nobody's when nobody was picked)."""
    colours: list[str] = field(default_factory=list)
    """Each player's colour, a palette name ("" for none); empty: no colours at all."""
    timer: Timer | None = None
    """How long the play has been going (``sheet.timer``); None: a sheet without one."""
    texts: dict[str, list[str]] = field(default_factory=dict)
    """Typed text per line key, one per player (counts, points, tables, penalties)."""
    checks: dict[str, list[bool]] = field(default_factory=dict)
    pairs: dict[str, list[list[str]]] = field(default_factory=dict)
    """Product lines: the two typed numbers per player."""
    rates: dict[str, list[str]] = field(default_factory=dict)
    """Rated count lines: the rate id chosen per player."""
    extra: list[ExtraRow] = field(default_factory=list)
    added: list[dict[str, Any]] = field(default_factory=list)
    """Lines added to this play only, of any kind, as a game file writes them
    (``added_lines``): on this sheet they are lines of the game like the others."""
    rounds: list[RoundRow] = field(default_factory=list)
    """A round game: its rounds played so far, oldest first."""
    changed_rounds: list[str] = field(default_factory=list)
    """Rounds changed once a later round had something entered (the sheet notes them)."""
    modules: list[str] = field(default_factory=list)
    """The game's modules chosen at New play (ids): their lines are on the sheet."""
    sheet_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    """This sheet among every sheet ever started: a device still showing a sheet that was
    saved or thrown away elsewhere can tell; names its draft file."""
    teams: list[int] = field(default_factory=list)
    """A team game: each player's team, numbered from 1 (``sheet.result``)."""
    team_names: list[str] = field(default_factory=list)
    """A team game: the names of team 1, 2, …"""
    outcome: str = ""
    """What the players chose: "won" / "lost", or the winning team's number; "" none."""
    boards: dict[str, Any] = field(default_factory=dict)
    """The players' boards, by board kind (``kinds``: an Azul sheet's ``"walls"``, a
    Summer Pavilion sheet's ``"pavilions"``…), each kept as its kind's module says."""

    def to_dict(self) -> dict[str, object]:
        return {
            "id": self.sheet_id,
            "game": self.game_id,
            "variant": self.variant,
            "players": list(self.players),
            "location": self.location,
            "texts": self.texts,
            "checks": self.checks,
            "pairs": self.pairs,
            "rates": self.rates,
            "extra": [{"label": e.label, "points": e.points} for e in self.extra],
            "rounds": [{"id": r.id, "texts": r.texts} for r in self.rounds],
            "changed_rounds": list(self.changed_rounds),
            **({"modules": list(self.modules)} if self.modules else {}),
            **({"notes": self.notes} if self.notes else {}),
            **({"first_player": self.first_player} if self.first_player else {}),
            **({"turn": self.turn} if self.turn is not None else {}),
            **({"colours": list(self.colours)} if self.colours else {}),
            **({"timer": self.timer.to_dict()} if self.timer is not None else {}),
            **({"added": [dict(line) for line in self.added]} if self.added else {}),
            **({"teams": list(self.teams)} if self.teams else {}),
            **({"team_names": list(self.team_names)} if self.team_names else {}),
            **({"outcome": self.outcome} if self.outcome else {}),
            **{k: v for kind in board_kinds() for k, v in kind.to_json(self).items()},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> SheetDraft:
        """A draft read back from JSON; raises ValueError/TypeError/KeyError when malformed."""
        players = [str(p) for p in _list(data["players"])]
        count = len(players)

        def per_player(values: object, convert: type) -> list[Any]:
            items = [convert(v) for v in _list(values)]
            if len(items) != count:
                raise ValueError("a line does not have one value per player")
            return items

        extra = []
        for item in _list(data.get("extra", [])):
            if not isinstance(item, dict):
                raise TypeError("a by-hand line is not an object")
            extra.append(ExtraRow(str(item["label"]), per_player(item["points"], str)))
        rounds = []
        for item in _list(data.get("rounds", [])):
            if not isinstance(item, dict):
                raise TypeError("a round is not an object")
            texts = {str(k): per_player(v, str) for k, v in _dict(item.get("texts")).items()}
            rounds.append(RoundRow(str(item["id"]), texts))
        variant = data.get("variant")
        location = str(data.get("location") or "")
        if location_problem(location) is not None:  # as New play, a link and the history
            raise ValueError("the location is not one a play may have")
        return cls(
            game_id=str(data["game"]),
            variant=None if variant is None else str(variant),
            players=players,
            location=location,
            notes=str(data.get("notes") or ""),
            first_player=one_of_the_players(data.get("first_player"), players),
            turn=one_of_the_seats(data.get("turn"), count),
            colours=draft_colours(data.get("colours"), count),
            timer=Timer.from_dict(data["timer"]) if data.get("timer") is not None else None,
            texts={str(k): per_player(v, str) for k, v in _dict(data.get("texts")).items()},
            checks={str(k): per_player(v, bool) for k, v in _dict(data.get("checks")).items()},
            pairs={
                str(k): [_pair(p) for p in per_player(v, list)]
                for k, v in _dict(data.get("pairs")).items()
            },
            rates={str(k): per_player(v, str) for k, v in _dict(data.get("rates")).items()},
            extra=extra,
            rounds=rounds,
            changed_rounds=[str(r) for r in _list(data.get("changed_rounds", []))],
            modules=[str(m) for m in _list(data.get("modules", []))],
            added=[_line_data(line) for line in _list(data.get("added", []))],
            sheet_id=str(data["id"]),
            teams=per_player(data["teams"], int) if "teams" in data else [],
            team_names=[str(n) for n in _list(data.get("team_names", []))],
            outcome=str(data.get("outcome") or ""),
            boards={k: v for kind in board_kinds() for k, v in kind.from_json(data, count).items()},
        )


def _list(value: object) -> list[object]:
    if not isinstance(value, list):
        raise TypeError("expected a list")
    return value


def _dict(value: object) -> dict[object, object]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise TypeError("expected an object")
    return value


def _line_data(value: object) -> dict[str, Any]:
    if not isinstance(value, dict) or not isinstance(value.get("key"), str):
        raise TypeError("an added line is not a line with a key")
    return {str(k): v for k, v in value.items()}


def _pair(value: list[object]) -> list[str]:
    if len(value) != 2:
        raise ValueError("a product needs two numbers")
    return [str(value[0]), str(value[1])]
