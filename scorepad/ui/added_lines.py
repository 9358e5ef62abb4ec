"""Lines added to a sheet in progress ("Add a line"), of any kind the game editor offers.

A line added on a sheet is a line of the game's file, written by the editor's own form
(``GameForm``, ``LineForm``: the same kinds, fields and checks), so the core scores it
with the same code as the game's own lines. A line for this play only is kept in the
draft (``SheetDraft.added``) and folded into the game for this sheet (``with_lines``);
the play is saved with that template, so it records the line, its kind and its values.
A line kept for the game goes into the person's own copy of the game
(``Store.keep_line``), and the sheet goes on as a sheet of that copy (``GameSwitched``),
every value typed kept: the lines it had are in the copy with the same keys.

The edits here travel like every other edit of a sheet (``sheet_model.Edit``): made to
the autosaved draft and to the copy of every device showing the sheet.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from scorepad.core import GameTemplate, load_template
from scorepad.core.i18n import DEFAULT_LANG, LANGS
from scorepad.core.numbers import json_number
from scorepad.editor.form import Checked, GameForm, LineForm, Problem, first_text, slug
from scorepad.editor.words import fresh_key

if TYPE_CHECKING:
    from scorepad.ui.sheet_model import SheetDraft

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
    """Give ``line`` a cell per player in ``draft`` (as ``sheet_model.fill_missing``
    does for a template's lines), so that edits of it never meet a missing cell."""
    key, kind, n = str(line.get("key")), line.get("kind"), len(draft.players)
    if kind == "check":
        draft.checks.setdefault(key, [False] * n)
    elif kind == "product":
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


# --- the line being added ------------------------------------------------------------------
@dataclass
class NewLine:
    """The line being added in the "Add a line" dialog: a ``LineForm`` at the end of the
    game's own ``GameForm``, so the whole game with it is checked by the core, and every
    problem is found under the field it concerns (the editor's ``field_for``)."""

    form: GameForm
    line: LineForm
    taken: frozenset[str]
    """Keys the line's key must not be: the game's, and those of the person's own copy."""
    keep: bool = False
    """Kept for the game (in the person's own copy of it), not for this play only."""
    problems: dict[str, Problem] = field(default_factory=dict)
    checked: Checked = field(default_factory=lambda: Checked({}, None, {}))
    """The game with the line, as the core last checked it."""

    @classmethod
    def start(
        cls, template: GameTemplate, lang: str, label: str = "", taken: Iterable[str] = ()
    ) -> NewLine:
        """A new line (a points line until another kind is picked) for the game of
        ``template``, its label in the person's language ``lang``."""
        game = template.base or template
        form = GameForm.from_template(game, editing=False)
        line = LineForm()
        setattr(line, f"label_{lang if lang in LANGS else DEFAULT_LANG}", label.strip())
        form.lines.append(line)
        return cls(form, line, frozenset({*line_keys(game), *taken}))

    @property
    def where(self) -> str:
        """The line's fields' prefix in the form (``line-4-``)."""
        return f"line-{len(self.form.lines) - 1}-"

    def key(self) -> str:
        """The line's key, from its label ("Bonus cards": ``bonus_cards``), not one of
        ``taken``."""
        return fresh_key(slug(first_text(self.line, "label"), "_") or "line", self.taken)

    def check(self) -> LineData | None:
        """The line as the game file writes it, or None with ``problems`` noted (by the
        form's field names: ``line-4-per``, ``line-4-label-es``)."""
        self.line.key = self.key()
        checked = self.checked = self.form.check()
        self.problems = dict(checked.problems)
        if checked.template is None:
            return None
        line: dict[str, Any] = plain(checked.data["lines"][-1])
        return line
