"""Lines added to a sheet in progress ("Add a line"), of any kind the game editor offers.

A line added on a sheet is a line of the game's file, written by the editor's own form
(``GameForm``, ``LineForm``: the same kinds, fields and checks), so the core scores it
with the same code as the game's own lines. A line for this play only is kept in the
draft (``SheetDraft.added``) and folded into the game for this sheet (``with_lines``);
the play is saved with that template, so it records the line, its kind and its values.
A line kept for the game goes into the person's own copy of the game
(``Store.keep_line``), and the sheet goes on as a sheet of that copy (``GameSwitched``),
every value typed kept: the lines it had are in the copy with the same keys.

The line's edits, and the game with it, are the sheet's (``scorepad.sheet.added``); the
form that writes the line is here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from scorepad.core import GameTemplate
from scorepad.core.i18n import DEFAULT_LANG, LANGS
from scorepad.editor.form import Checked, GameForm, LineForm, Problem, first_text, slug
from scorepad.editor.words import fresh_key
from scorepad.sheet.added import LineData, line_keys, plain


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
