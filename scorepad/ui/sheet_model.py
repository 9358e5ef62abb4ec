"""The sheet being filled in: what was typed, kept as typed, and what the core makes of it.

Everything a player types is kept verbatim (a draft must never lose a half-typed "7,"),
so cells hold text; ``evaluate`` turns the text into line values, asks the line itself
whether the value is allowed (the core owns every bound and every rule), leaves out what
is not, and scores the rest. No Flet here: views read a ``SheetState`` and call the
setters below.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from scorepad.core import EntryError, GameTemplate, ScoredSheet, ScorepadError, score
from scorepad.core.errors import quote
from scorepad.core.numbers import Number, format_points, parse_number
from scorepad.core.scoring import ExtraLine, PlayerSheet
from scorepad.core.template import (
    CheckLine,
    CountLine,
    Line,
    PointsLine,
    ProductLine,
    TableLine,
    read_whole,
)

Cell = tuple[str, int, str]
"""Where a problem is: (line key or "extra:N", player index from 0, part: "", "a", "b")."""

LABEL = -1
"""The player index used for a by-hand line's own label."""

STEPPED_KINDS = frozenset({"count", "table", "penalty"})
"""Line kinds whose entry is a whole count ≥ 0: they get − / + steppers."""


@dataclass
class ExtraRow:
    """A by-hand line: the label the players chose and the points typed per player."""

    label: str
    points: list[str]


@dataclass
class SheetDraft:
    """Everything entered on one sheet, as typed; the autosaved draft is this, as JSON."""

    game_id: str
    variant: str | None
    players: list[str]
    location: str = ""
    texts: dict[str, list[str]] = field(default_factory=dict)
    """Typed text per line key, one per player (counts, points, tables, penalties)."""
    checks: dict[str, list[bool]] = field(default_factory=dict)
    pairs: dict[str, list[list[str]]] = field(default_factory=dict)
    """Product lines: the two typed numbers per player."""
    rates: dict[str, list[str]] = field(default_factory=dict)
    """Rated count lines: the rate id chosen per player."""
    extra: list[ExtraRow] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        return {
            "game": self.game_id,
            "variant": self.variant,
            "players": list(self.players),
            "location": self.location,
            "texts": self.texts,
            "checks": self.checks,
            "pairs": self.pairs,
            "rates": self.rates,
            "extra": [{"label": e.label, "points": e.points} for e in self.extra],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> SheetDraft:
        """A draft read back from JSON; raises ValueError/TypeError/KeyError when malformed."""
        players = [str(p) for p in _list(data["players"])]
        count = len(players)

        def per_player(values: object, convert: type) -> list:
            items = [convert(v) for v in _list(values)]
            if len(items) != count:
                raise ValueError("a line does not have one value per player")
            return items

        extra = []
        for item in _list(data.get("extra", [])):
            if not isinstance(item, dict):
                raise TypeError("a by-hand line is not an object")
            extra.append(ExtraRow(str(item["label"]), per_player(item["points"], str)))
        variant = data.get("variant")
        return cls(
            game_id=str(data["game"]),
            variant=None if variant is None else str(variant),
            players=players,
            location=str(data.get("location") or ""),
            texts={str(k): per_player(v, str) for k, v in _dict(data.get("texts")).items()},
            checks={str(k): per_player(v, bool) for k, v in _dict(data.get("checks")).items()},
            pairs={
                str(k): [_pair(p) for p in per_player(v, list)]
                for k, v in _dict(data.get("pairs")).items()
            },
            rates={str(k): per_player(v, str) for k, v in _dict(data.get("rates")).items()},
            extra=extra,
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


def _pair(value: list[object]) -> list[str]:
    if len(value) != 2:
        raise ValueError("a product needs two numbers")
    return [str(value[0]), str(value[1])]


@dataclass(frozen=True)
class SheetState:
    """What the sheet shows after the latest change."""

    scored: ScoredSheet
    """The sheet scored from every allowed value (problems left out)."""
    problems: dict[Cell, ScorepadError]
    empty: bool
    """Nothing entered yet: the result sentence would only state the obvious."""

    @property
    def can_save(self) -> bool:
        return not self.problems

    def problem(self, key: str, player: int, part: str = "") -> ScorepadError | None:
        return self.problems.get((key, player, part))


class SheetModel:
    """One sheet in progress: setters change the draft, ``state`` says what it adds up to."""

    def __init__(self, template: GameTemplate, draft: SheetDraft) -> None:
        self.template = template
        self.draft = draft
        self.lines: tuple[Line, ...] = template.lines_for(draft.variant)
        self._fill_missing()
        self.state = self.evaluate()

    @property
    def players(self) -> list[str]:
        return self.draft.players

    def _fill_missing(self) -> None:
        """Give every line a slot per player, so views never meet a missing cell."""
        n = len(self.draft.players)
        for line in self.lines:
            if isinstance(line, CheckLine):
                self.draft.checks.setdefault(line.key, [False] * n)
            elif isinstance(line, ProductLine):
                self.draft.pairs.setdefault(line.key, [["", ""] for _ in range(n)])
            else:
                self.draft.texts.setdefault(line.key, [""] * n)
                if isinstance(line, CountLine) and line.rates:
                    self.draft.rates.setdefault(line.key, [line.rates[0].id] * n)

    # --- changes -----------------------------------------------------------------------
    def set_text(self, key: str, player: int, text: str) -> SheetState:
        self.draft.texts[key][player] = text
        return self._changed()

    def set_check(self, key: str, player: int, value: bool) -> SheetState:
        self.draft.checks[key][player] = bool(value)
        return self._changed()

    def set_pair(self, key: str, player: int, part: str, text: str) -> SheetState:
        self.draft.pairs[key][player]["ab".index(part)] = text
        return self._changed()

    def set_rate(self, key: str, player: int, rate_id: str) -> SheetState:
        line = self.template.line(key)
        assert isinstance(line, CountLine)
        line.rate(rate_id)  # refuses an id the line does not have
        self.draft.rates[key][player] = rate_id
        return self._changed()

    def next_rate(self, key: str, player: int) -> SheetState:
        """The rate after the current one (the sheet's rate button cycles through them)."""
        line = self.template.line(key)
        assert isinstance(line, CountLine)
        ids = [r.id for r in line.rates]
        current = self.draft.rates[key][player]
        following = ids[(ids.index(current) + 1) % len(ids)] if current in ids else ids[0]
        return self.set_rate(key, player, following)

    def step(self, key: str, player: int, delta: int) -> SheetState:
        """The − / + buttons: one less or one more, kept within what the line allows.

        A cell holding something that is not a whole number is left alone, so a stray tap
        never overwrites what the player is fixing.
        """
        text = self.draft.texts[key][player]
        value = parse_number(text) if text.strip() else 0
        if not isinstance(value, int):
            return self.state
        line = self.template.line(key)
        high = len(line.values) - 1 if isinstance(line, TableLine) else getattr(line, "max", None)
        wanted = max(0, value + delta)
        if high is not None:
            wanted = min(wanted, int(high))
        if wanted == value and text.strip():
            return self.state
        return self.set_text(key, player, format_points(wanted))

    def add_extra(self, label: str) -> SheetState:
        self.draft.extra.append(ExtraRow(label.strip(), [""] * len(self.players)))
        return self._changed()

    def set_extra_label(self, index: int, label: str) -> SheetState:
        self.draft.extra[index].label = label
        return self._changed()

    def set_extra_points(self, index: int, player: int, text: str) -> SheetState:
        self.draft.extra[index].points[player] = text
        return self._changed()

    def remove_extra(self, index: int) -> SheetState:
        del self.draft.extra[index]
        return self._changed()

    def set_location(self, location: str) -> None:
        self.draft.location = location

    def _changed(self) -> SheetState:
        self.state = self.evaluate()
        return self.state

    # --- reading -----------------------------------------------------------------------
    def evaluate(self) -> SheetState:
        problems: dict[Cell, ScorepadError] = {}
        entered = False
        sheets = []
        for index, name in enumerate(self.players):
            lines: dict[str, object] = {}
            for line in self.lines:
                raw, cell_entered = self._raw(line, index, problems)
                entered = entered or cell_entered
                if raw is not None:
                    lines[line.key] = raw
            extra = []
            for row_index, row in enumerate(self.draft.extra):
                points = self._extra_points(row_index, row, index, problems)
                entered = entered or bool(row.points[index].strip())
                if points is not None and row.label.strip():
                    extra.append(ExtraLine(row.label.strip(), points))
            sheets.append(PlayerSheet(name, lines, extra))
        for row_index, row in enumerate(self.draft.extra):
            if not row.label.strip():
                problems[(f"extra:{row_index}", LABEL, "")] = EntryError("entry.extra_label")
        scored = score(self.template, self.draft.variant, sheets)
        return SheetState(scored, problems, not entered)

    def _raw(
        self, line: Line, player: int, problems: dict[Cell, ScorepadError]
    ) -> tuple[object | None, bool]:
        """The line value for the core (None when blank or refused) and whether anything
        was entered in the cell."""
        key = line.key
        if isinstance(line, CheckLine):
            checked = self.draft.checks[key][player]
            return (True if checked else None), checked
        if isinstance(line, ProductLine):
            texts = self.draft.pairs[key][player]
            pair: list[int] = []
            for part, factor, text in zip("ab", line.factors, texts, strict=True):
                try:
                    pair.append(read_whole(_typed(text), 0, factor.max) if text.strip() else 0)
                except EntryError as problem:
                    problems[(key, player, part)] = problem
            entered = any(t.strip() for t in texts)
            return (pair if len(pair) == 2 and entered else None), entered
        text = self.draft.texts[key][player]
        if not text.strip():
            if isinstance(line, CountLine) and line.rates:
                rate = self.draft.rates[key][player]
                if rate != line.rates[0].id:  # keep the choice even with nothing counted
                    return {"count": 0, "rate": rate}, False
            return None, False
        try:
            raw: object = _typed(text)
            if isinstance(line, CountLine) and line.rates:
                raw = {"count": raw, "rate": self.draft.rates[key][player]}
            line.read(raw)
        except EntryError as problem:
            problems[(key, player, "")] = problem
            return None, True
        return raw, True

    def _extra_points(
        self, row_index: int, row: ExtraRow, player: int, problems: dict[Cell, ScorepadError]
    ) -> Number | None:
        text = row.points[player]
        if not text.strip():
            return None
        try:
            return BY_HAND.read(_typed(text)).points
        except EntryError as problem:
            problems[(f"extra:{row_index}", player, "")] = problem
            return None


BY_HAND = PointsLine(key="by_hand", label={"en": "by hand", "es": "a mano"}, halves=True)
"""A by-hand line is a points line that takes halves: the core's rules for one apply."""


def _typed(text: str) -> Number:
    """Typed text as a number, or the core's "not a number" error quoting it."""
    value = parse_number(text)
    if value is None:
        raise EntryError("entry.not_number", value=quote(text.strip()))
    return value


def new_draft(template: GameTemplate, variant: str | None, players: list[str]) -> SheetDraft:
    return SheetDraft(game_id=template.id, variant=variant, players=list(players))
