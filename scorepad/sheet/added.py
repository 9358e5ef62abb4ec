"""Lines added to a sheet in progress ("Add a line"), of any kind the game editor offers.

A line added on a sheet is a line of the game's file, so the core scores it with the same
code as the game's own lines. A line for this play only is kept in the draft
(``SheetDraft.added``) and folded into the game for this sheet (``with_lines``); the play
is saved with that template, so it records the line, its kind and its values. A line kept
for the game goes into the person's own copy of the game, and the sheet goes on as a sheet
of that copy (``GameSwitched``), every value typed kept: the lines it had are in the copy
with the same keys. The form that writes the line is the app's (``ui.added_lines``).

The edits here travel like every other edit of a sheet (``edits.Edit``): made to the
sheet in progress and to the copy of every device showing the sheet.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from scorepad.core import GameTemplate, load_template
from scorepad.core.numbers import json_number
from scorepad.core.sheetrules import MORE_KINDS
from scorepad.core.template import LINE_KINDS
from scorepad.sheet.draft import SheetDraft

LineData = Mapping[str, Any]
"""A line as a game file writes it (``{"key", "kind", "label", "per"…}``)."""


def file_lines(template: GameTemplate) -> list[dict[str, Any]]:
    """The game's lines as its file writes them."""
    lines: list[dict[str, Any]] = (template.base or template).source.get("lines", [])  # type: ignore[assignment]
    return lines


def line_keys(template: GameTemplate) -> set[str]:
    """Every line key the game uses: its lines in every variant and its modules' lines."""
    modules: list[dict[str, Any]] = (template.base or template).source.get("modules", [])  # type: ignore[assignment]
    keys = {str(line.get("key")) for line in file_lines(template)}
    for module in modules:
        keys |= {str(line.get("key")) for line in module.get("lines", [])}
    return keys


def with_lines(template: GameTemplate, lines: Iterable[LineData]) -> GameTemplate:
    """``template`` (a game, without modules chosen) with ``lines`` after its own, same
    id and version. A line whose key the game has already is left out: it was kept in the
    game meanwhile, and the values typed on it are the game's line's now."""
    game = template.base or template
    known = line_keys(game)
    fresh = [dict(line) for line in lines if str(line.get("key")) not in known]
    if not fresh:
        return game
    data = dict(game.source)
    data["lines"] = [*file_lines(game), *fresh]
    return load_template(data, f"game {game.id}", builtin=game.builtin)


def plain(value: object) -> Any:
    """``value`` as JSON holds it (a draft is JSON): exact numbers as JSON numbers."""
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, Decimal):
        return json_number(value)
    return value


def add_slots(draft: SheetDraft, line: LineData) -> None:
    """Give ``line`` a cell per player in ``draft`` (as ``progress.fill_missing``
    does for a template's lines), so that edits of it never meet a missing cell."""
    key, kind, n = str(line.get("key")), line.get("kind"), len(draft.players)
    cls = (LINE_KINDS.get(kind) or MORE_KINDS.get(kind)) if isinstance(kind, str) else None
    entered = "number" if cls is None else cls.entered_as
    if entered == "yes_no":
        draft.checks.setdefault(key, [False] * n)
    elif entered == "pair":
        draft.pairs.setdefault(key, [["", ""] for _ in range(n)])
    else:
        draft.texts.setdefault(key, [""] * n)
        rates = line.get("rates")
        if rates:
            draft.rates.setdefault(key, [str(rates[0].get("id"))] * n)


# --- edits ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class LineAdded:
    """A line added to this play only (``line`` as a game file writes it)."""

    line: LineData

    def apply_to(self, draft: SheetDraft) -> None:
        key = self.line.get("key")
        if all(known.get("key") != key for known in draft.added):
            draft.added.append(dict(self.line))
        add_slots(draft, self.line)


@dataclass(frozen=True)
class LineTakenOff:
    """A line added to this play taken off the sheet again: what it held is cleared (its
    cells stay, blank, for a device still showing it until it shows the sheet again)."""

    key: str

    def apply_to(self, draft: SheetDraft) -> None:
        draft.added = [line for line in draft.added if line.get("key") != self.key]
        n = len(draft.players)
        if self.key in draft.texts:
            draft.texts[self.key] = [""] * n
        if self.key in draft.checks:
            draft.checks[self.key] = [False] * n
        if self.key in draft.pairs:
            draft.pairs[self.key] = [["", ""] for _ in range(n)]


@dataclass(frozen=True)
class GameSwitched:
    """The sheet is of game ``game_id`` from now on: the person's own copy of its game,
    which a line was just kept in. ``lines``: the copy's lines the sheet did not have
    (they get their cells); every value typed stays, under the same keys."""

    game_id: str
    lines: tuple[LineData, ...] = ()

    def apply_to(self, draft: SheetDraft) -> None:
        draft.game_id = self.game_id
        for line in self.lines:
            add_slots(draft, line)


def switched_to(current: GameTemplate, game: GameTemplate) -> GameSwitched:
    """The edit that makes a sheet of ``current`` a sheet of ``game`` (its copy)."""
    known = line_keys(current)
    lines = tuple(plain(line) for line in file_lines(game) if line["key"] not in known)
    return GameSwitched(game.id, lines)
