"""The sheet's "Add a line" dialog: a line of any kind the game editor offers.

The kinds are the editor's (``editor.kinds``), in plain words with their example, and the
fields are the editor's own parts (``LineCards``): a label in the person's language and
the few settings of the kind chosen (7 per column, 12 if complete, 0 3 6 10). The line is
checked by the core as a line of the game (``added_lines.NewLine``), each problem shown at
its field once typed in or once Add is pressed. "Keep it for this game" puts the line in
the person's own copy of the game (a built-in game is copied, never changed); otherwise
it is on this play only. Either way the sheet hands the result on as an edit.

Test ids: ``add-line-kind-KIND``, ``add-line-label``, ``add-line-per``,
``add-line-points``, ``add-line-values``, ``add-line-factor-N-label``, ``add-line-keep``,
``add-line-keep-note``, ``add-line-problem``, ``add-line-ok``, ``add-line-cancel``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scorepad.core import ScorepadError
from scorepad.core.i18n import DEFAULT_LANG, LANGS, pick
from scorepad.editor.form import Checked, Problem
from scorepad.editor.problems import problem_text
from scorepad.sheet.added import LineAdded, line_keys, switched_to
from scorepad.sheet.edits import Edit
from scorepad.sheet.progress import SheetInProgress
from scorepad.ui.added_lines import NewLine
from scorepad.ui.context import Context
from scorepad.ui.views.common import muted, tid
from scorepad.ui.views.game_lines import LineCards
from scorepad.ui.views.game_parts import HALF


class AddLineDialog(LineCards):
    """The dialog over the sheet of ``model``; ``done`` receives the edit that adds the
    line (``LineAdded``, or ``GameSwitched`` to the copy the line was kept in) at once,
    and ``gone`` is called once the dialog has closed after that: the sheet is shown again
    then (replacing the screen while the dialog closes would leave it on the screen)."""

    between_players = False  # the sheet does not show award and tally lines yet

    def __init__(
        self,
        ctx: Context,
        model: SheetInProgress,
        done: Callable[[Edit], None],
        gone: Callable[[], None],
        label: str = "",
    ) -> None:
        self.ctx = ctx
        self.model = model
        self.done = done
        self.gone = gone
        self.added = False
        self.copy = self._own_copy()
        taken = line_keys(self.copy) if self.copy is not None else set()
        self.new = NewLine.start(model.template, ctx.lang, label, taken)
        self.form = self.new.form
        self.fields: dict[str, ft.TextField] = {}
        self.touch: dict[str, tuple[Any, str]] = {}
        self.fold_of: dict[str, str] = {}
        self.folds: dict[str, ft.Column] = {}
        self.sections: dict[str, ft.Column] = {}
        self.pending = None
        self.tried = False
        """Add was pressed: every field shows its problem, typed in or not."""
        t = ctx.t
        self.body = ft.Column(spacing=8, tight=True)
        self.problem = ft.Text("", color=ft.Colors.ERROR, size=13)
        # hidden as a whole: a test id must wrap something shown
        self.problem_box = ft.Container(tid("add-line-problem", self.problem), visible=False)
        self.keep = ft.Switch(label=t("app.add_line_keep"), value=False, on_change=self.on_keep)
        self.keep_note = muted(self._keep_text(False), size=12)
        self.fill()
        content = ft.Column(
            [
                self.body,
                tid("add-line-keep", self.keep),
                tid("add-line-keep-note", self.keep_note),
                self.problem_box,
            ],
            spacing=8,
            tight=True,
        )
        self.dialog = ft.AlertDialog(
            modal=True,
            on_dismiss=self.on_dismiss,
            scrollable=True,
            title=ft.Text(t("app.add_line")),
            content=ft.Container(content, width=None if ctx.compact else 560),
            actions=[
                tid(
                    "add-line-cancel",
                    ft.TextButton(t("manage.cancel"), on_click=lambda: ctx.close_dialog()),
                ),
                tid(
                    "add-line-ok",
                    ft.FilledButton(t("app.add_line_ok"), icon=ft.Icons.ADD, on_click=self.on_ok),
                ),
            ],
        )

    def open(self) -> None:
        self.ctx.show_dialog(self.dialog)

    # --- what it shows ------------------------------------------------------------------
    def _own_copy(self) -> Any:
        """The person's own copy of the game, if there is one (None when the history
        cannot be read: keeping the line says why then)."""
        try:
            return self.ctx.services.history.own_copy(self.model.draft.game_id)
        except ScorepadError:
            return None

    def _keep_text(self, keep: bool) -> str:
        t, lang = self.ctx.t, self.ctx.lang
        game = self.model.template.base or self.model.template
        name = pick(game.name, lang)
        if not keep:
            return t("app.add_line_this_play")
        if self.copy is not None and self.copy.id == game.id:
            return t("app.add_line_keep_own", game=name)
        if self.copy is not None:
            return t("app.add_line_keep_copy", copy=pick(self.copy.name, lang), game=name)
        return t("app.add_line_keep_new_copy", copy=t("store.copy_name", name=name), game=name)

    def fill(self) -> None:
        """The kind chips, the label and the kind's settings (again after a change of
        kind: the fields follow the kind)."""
        t, line, where = self.ctx.t, self.new.line, self.new.where
        self.fields, self.touch = {}, {}
        shown, main, _more = self.kind_fields(line)
        lang = self.ctx.lang if self.ctx.lang in LANGS else DEFAULT_LANG
        settings = [
            self.field(where, line, f"label_{lang}", t("app.line_label"), col=HALF),
            *self.settings(where, line, main),
        ]
        body: list[ft.Control] = [
            muted(t("app.add_line_kind"), size=13),
            self.kind_chips("add-line-kind", line),
            ft.ResponsiveRow(settings),
        ]
        if "factors" in shown:
            index = len(self.form.lines) - 1
            factors, _folded = self.factor_fields(index, line)
            body.append(ft.ResponsiveRow(factors))
        self.body.controls = body

    def ident(self, name: str) -> str:
        """``line-4-per`` → ``add-line-per``; ``line-4-label-es`` → ``add-line-label``;
        ``line-4-factor-0-label-en`` → ``add-line-factor-1-label``."""
        parts = name.removeprefix(self.new.where).split("-")
        if parts[-1] in LANGS:
            parts = parts[:-1]
        return "add-line-" + "-".join(str(int(p) + 1) if p.isdigit() else p for p in parts)

    # --- the editor parts' hooks ----------------------------------------------------------
    def recheck(self) -> Checked:
        """Check the line; show each problem at its field (once typed in, or after Add),
        any other under the fields."""
        ctx, new = self.ctx, self.new
        new.check()
        label = f"{new.where}label-"
        problems: dict[str, Problem] = {}
        for where, problem in new.problems.items():
            if where.startswith(label):  # the label in whatever language it is asked
                where = next((f for f in self.fields if f.startswith(label)), where)
            problems.setdefault(where, problem)
        for name, box in self.fields.items():
            found = problems.get(name)
            item, touched = self.touch[name]
            shown = self.tried or touched in item.touched
            box.error = problem_text(found, ctx.lang, ctx.t) if found and shown else None
        elsewhere = [p for f, p in problems.items() if f not in self.fields]
        self.problem.value = "; ".join(problem_text(p, ctx.lang, ctx.t) for p in elsewhere)
        self.problem_box.visible = self.tried and bool(elsewhere)
        return new.checked

    def refill(self, section: str) -> None:
        self.fill()
        self.recheck()

    def adopt(self) -> bool:
        """No blank line waits here: the dialog's line is the only one."""
        return True

    # --- changes ----------------------------------------------------------------------------
    def on_keep(self, e: ft.Event[ft.Switch]) -> None:
        self.new.keep = e.data is True  # the switch's new state, as the event carries it
        self.keep_note.value = self._keep_text(self.new.keep)

    def on_ok(self) -> None:
        self.tried = True
        self.recheck()
        line = self.new.check()
        if line is None:
            return
        edit: Edit
        if self.new.keep:
            history = self.ctx.services.history
            try:
                copy = history.keep_line(self.model.draft.game_id, line)
            except ScorepadError as problem:
                self.problem.value = problem.message(self.ctx.lang)
                self.problem_box.visible = True
                return
            edit = switched_to(self.model.template, copy)
        else:
            edit = LineAdded(line)
        self.done(edit)
        self.added = True
        self.ctx.close_dialog()

    def on_dismiss(self) -> None:
        """The dialog has closed (Flutter says so once it is off the screen)."""
        if self.added:
            self.gone()
