"""Create or edit a user-defined game, with its sheet previewed as it is typed.

Made to take a minute: the name, the players' range and the lines are asked first, each
text in the person's language only; the id and the line keys follow the names; the lines
end with a blank one that joins the game once its name is typed (``game_lines``); a
line's kind is chosen in plain words; tie-breakers are picked from the lines. Everything
else a game file holds is under a "More options" fold (the game's, a line's, a
tie-breaker's…), closed but where a line read from a file has settings there
(``game_lines.options_set``) or Save finds a problem there, and kept as the person left
it. Saved, the game is said on the games screen with "Play it now" (New play for it).

Fields keep exactly what was typed (``GameForm``); after every change the form is
checked by the core and the complaint is shown under the field it concerns, once that
field was typed in or Save was pressed (a new game does not open in red). A refused Save
opens every fold with a problem, scrolls to the first field with one and focuses it
(below).
The preview shows what can be shown even while there are problems, the faulty lines
marked (``editor.salvage``). Typing only updates errors and the preview; adding, removing
or moving an item or changing a line's kind rebuilds that section, so a field being
typed in never loses its focus.

A round game's settings (``game_rounds``) are a section of their own; choosing how the
rounds go rebuilds it, and the lines and tie-breakers (their "per round" and "most rounds
won" boxes). So are the rules between lines (``game_rule_cards``): set rules, bonuses and
the floor under the total, their lines picked from the game's.

A refused Save opens the fold of the first problem, scrolls to it by its scroll key
(``EditorParts.keyed``) once the fold is laid out, and only then focuses it: a focused
field that Flutter scrolls to by itself can land far off when the fold has just opened.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

import flet as ft

from scorepad.core import ScorepadError
from scorepad.editor.form import (
    Checked,
    GameForm,
    LineForm,
    ReminderForm,
    TiebreakForm,
    VariantForm,
)
from scorepad.editor.problems import problem_text
from scorepad.editor.salvage import salvage
from scorepad.ui.context import Context
from scorepad.ui.views.common import heading, muted, screen, tid
from scorepad.ui.views.game_lines import LineCards
from scorepad.ui.views.game_parts import QUARTER, THIRD, test_id
from scorepad.ui.views.game_preview import preview_rows
from scorepad.ui.views.game_rounds import RoundsSection
from scorepad.ui.views.game_rule_cards import RuleCards, new_bonus, new_set

LISTS: dict[str, tuple[str, Callable[[], Any], str]] = {
    "variant": ("variants", VariantForm, "add_variant"),
    "line": ("lines", lambda: LineForm(auto_key=True), "add_line"),
    "set": ("sets", new_set, "add_set"),
    "bonus": ("bonuses", new_bonus, "add_bonus"),
    "tb": ("tiebreakers", TiebreakForm, "add_tiebreak"),
    "reminder": ("reminders", ReminderForm, "add_reminder"),
}
"""Each list section of the editor (by its fields' prefix): the form's list it edits (also
its heading's message), how a new item starts, and its Add button's message (also its
test id, ``game-add-line``), in screen order."""
ORDER = ("name", "min", "max", "id", "description", "rounds", "ends", "bids")
"""Where the head's fields and the round settings stand on screen."""
SCREEN = (*ORDER, "variant", "line", "set", "bonus", "floor", "tb", "reminder")
"""Every part of the screen, in order (a field's name starts with its part): the first
problem in this order is the one Save shows."""


class GameEditorView(RuleCards, LineCards):
    def __init__(self, ctx: Context, form: GameForm) -> None:
        self.ctx = ctx
        self.form = form
        self.fields: dict[str, ft.TextField] = {}
        self.touch: dict[str, tuple[Any, str]] = {}
        """Field → the item it edits and the name it is touched by."""
        self.notes: dict[str, ft.Text] = {}
        """Places that are not a field (a section's settings as a whole) → their problem,
        shown only when there is one (each in a container: a test id needs something
        visible to wrap)."""
        self.note_touch: dict[str, tuple[Any, str]] = {}
        self.scroll_keys = {}
        self.rule_picks = {}
        self.pickers: dict[str, tuple[ft.Dropdown, Any, str]] = {}
        """Fields picked from a menu → the menu, the item it edits, its touched name."""
        self.sections = {name: ft.Column(spacing=8) for name in LISTS}
        self.rounds = RoundsSection(self)
        self.problem = ft.Text("", color=ft.Colors.ERROR, size=14)
        self.preview = ft.Column(spacing=2)
        self.checked: Checked | None = None
        self.fold_of: dict[str, str] = {}
        """Field → the "More options" fold it is in."""
        self.folds: dict[str, ft.Column] = {}
        self.pending: tuple[LineForm, list[tuple[ft.Control, bool]], ft.Text] | None = None
        """The blank line at the end of the lines: typing its name adds it to the game
        (its other settings are shown then)."""
        self.tb_picks = ft.Row(wrap=True, spacing=4, run_spacing=4)
        self.tb_titles: list[tuple[ft.Text, TiebreakForm, int]] = []
        if not form.editing and not form.id.strip():
            form.auto_id = True

    # --- building blocks ----------------------------------------------------------------
    # --- the screen ---------------------------------------------------------------------
    def build(self) -> ft.View:
        ctx, form = self.ctx, self.form
        t = ctx.t
        wins = ft.RadioGroup(
            value=form.wins,
            on_change=self.on_wins,
            content=ft.Row(
                [
                    tid(f"game-wins-{w}", ft.Radio(value=w, label=t(f"manage.wins_{w}")))
                    for w in ("highest", "lowest")
                ],
                wrap=True,
            ),
        )
        name, names = self.mine_and_others("", form, "name")
        head = ft.ResponsiveRow(
            [
                *name,
                self.field("", form, "min_players", t("manage.min_players"), col=QUARTER),
                self.field("", form, "max_players", t("manage.max_players"), col=QUARTER),
            ]
        )
        start = self.mark()
        more = ft.ResponsiveRow(
            [
                self.field("", form, "id", t("manage.game_id"), disabled=form.editing),
                *names,
                *self.in_each_language("", form, "description", multiline=True, optional=True),
            ]
        )
        body: list[ft.Control] = [
            ft.Container(head, padding=ft.Padding.only(top=8)),
            tid("game-wins", wins),
            *self.fold("game-more", [more], start),
            *self.rounds.build(),
            *self.section("variant"),
            *self.section("line"),
            *self.rules_section(),
            *self.section("tb"),
            *self.section("reminder"),
            heading(t("manage.preview")),
            tid(
                "game-preview",
                ft.Container(
                    self.preview,
                    padding=8,
                    border_radius=8,
                    bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                ),
            ),
            tid("game-problem", self.problem),
            ft.Row(
                [
                    tid("game-save", ft.FilledButton(t("manage.save_game"), on_click=self.on_save)),
                    tid(
                        "game-cancel",
                        ft.TextButton(t("manage.cancel"), on_click=lambda: ctx.navigate("/games")),
                    ),
                ]
            ),
        ]
        self.recheck()
        return screen(ctx, t("manage.edit_game") if form.editing else t("manage.new_game"), body)

    def section(self, name: str) -> list[ft.Control]:
        """A list of the game: heading, help, one card per item and the Add button (the
        tie-breakers are picked from the lines; a weighted sum is under "More options")."""
        attr, make, add = LISTS[name]
        self.fill(name)
        t, items = self.ctx.t, getattr(self.form, attr)
        button = self.add_button(test_id(add), t(f"manage.{add}"), name, items, make)
        if name == "tb":
            return [
                heading(t(f"manage.{attr}")),
                muted(t("manage.tiebreakers_pick")),
                tid("game-tb-picks", self.tb_picks),
                self.sections[name],
                *self.fold(
                    "game-tb-more", [muted(t("manage.tiebreakers_help")), button], self.mark()
                ),
            ]
        return [
            heading(t(f"manage.{attr}")),
            muted(t(f"manage.{attr}_help")),
            self.sections[name],
            button,
        ]

    def fill(self, section: str) -> None:
        """(Re)builds the cards of ``section`` from the form (the lines end with a blank
        one, added to the game once its name is typed)."""
        for name in [f for f in self.fields if f.startswith(f"{section}-")]:
            del self.fields[name]
        for name in [f for f in self.notes if f.startswith(f"{section}-")]:
            del self.notes[name]
            self.note_touch.pop(name, None)
        for name in [f for f in self.rule_picks if f.startswith(f"{section}-")]:
            del self.rule_picks[name]
        build: Callable[[int, Any], ft.Control] = getattr(self, f"{section}_card")
        items = getattr(self.form, LISTS[section][0])
        if section == "tb":
            self.tb_titles = []
        self.sections[section].controls = [build(i, item) for i, item in enumerate(items)]
        if section == "line":
            self.sections["line"].controls.append(self.pending_card())

    def variant_card(self, i: int, variant: VariantForm) -> ft.Control:
        where = f"variant-{i}-"
        mine, others = self.mine_and_others(where, variant, "label", col={"xs": 12, "md": 8})
        fields = [
            self.field(where, variant, "id", self.ctx.t("manage.id"), col={"xs": 12, "md": 4}),
            *mine,
        ]
        start = self.mark()
        more = self.fold(test_id(f"{where}more"), [ft.ResponsiveRow(others)], start)
        title = self.ctx.t("manage.variant_n", n=i + 1)
        return self.card(
            where, "variant", self.form.variants, i, title, [ft.ResponsiveRow(fields), *more]
        )

    def tb_card(self, i: int, tb: TiebreakForm) -> ft.Control:
        t, where = self.ctx.t, f"tb-{i}-"
        prefer = ft.RadioGroup(
            value=tb.prefer,
            on_change=self._prefer_setter(tb),
            content=ft.Row(
                [
                    tid(
                        f"game-tb-{i + 1}-prefer-{p}",
                        ft.Radio(value=p, label=t(f"manage.prefer_{p}")),
                    )
                    for p in ("more", "fewer")
                ],
                wrap=True,
            ),
        )
        note = ft.Text("", color=ft.Colors.ERROR, size=12, visible=False)
        self.notes[f"{where}line"] = note
        body: list[ft.Control] = [tid(f"game-tb-{i + 1}-prefer", prefer), note]
        if self.form.rounds:
            won = ft.Checkbox(
                label=t("manage.rounds_won"), value=tb.rounds_won, on_change=self._won_setter(tb)
            )
            body.append(tid(f"game-tb-{i + 1}-rounds-won", won))
        start = self.mark()
        fields = self.in_each_language(where, tb, "label", col=THIRD)
        if not (tb.rounds_won and self.form.rounds):
            fields.append(self.field(where, tb, "terms", t("manage.terms"), col=THIRD))
        body += self.fold(test_id(f"{where}more"), [ft.ResponsiveRow(fields)], start)
        card = self.card(
            where, "tb", self.form.tiebreakers, i, t("manage.tiebreak_n", n=i + 1), body
        )
        self.tb_titles.append((self.title, tb, i))
        return card

    def reminder_card(self, i: int, reminder: ReminderForm) -> ft.Control:
        where = f"reminder-{i}-"
        mine, others = self.mine_and_others(where, reminder, "text", multiline=True)
        start = self.mark()
        more = self.fold(test_id(f"{where}more"), [ft.ResponsiveRow(others)], start)
        title = self.ctx.t("manage.reminder_n", n=i + 1)
        return self.card(
            where, "reminder", self.form.reminders, i, title, [ft.ResponsiveRow(mine), *more]
        )

    # --- checking and preview -----------------------------------------------------------
    def recheck(self) -> Checked:
        ctx, form = self.ctx, self.form
        self.rounds.players_changed()
        for name in form.derive():
            if name in self.fields:
                self.fields[name].value = form.id if name == "id" else self._key(name)
        checked = self.checked = form.check()
        problems = dict(checked.problems)
        for i, tb in enumerate(form.tiebreakers):  # a picked line gone: said on its card
            if f"tb-{i}-terms" in problems and tb.line is not None and not tb.terms.strip():
                problems[f"tb-{i}-line"] = problems[f"tb-{i}-terms"]
        for name, box in self.fields.items():
            problem = problems.get(name)
            item, touched = self.touch[name]
            shown = form.tried or touched in item.touched
            box.error = problem_text(problem, ctx.lang, ctx.t) if problem and shown else None
        self.rounds.refresh()
        for name, (menu, item, touched) in self.pickers.items():
            problem = problems.get(name)
            shown = form.tried or touched in item.touched
            menu.error_text = problem_text(problem, ctx.lang, ctx.t) if problem and shown else None
        for name, note in self.notes.items():
            problem = problems.get(name)
            if name in self.note_touch:  # a rule's lines: once touched, or after Save
                item, touched = self.note_touch[name]
                problem = problem if form.tried or touched in item.touched else None
            note.value = problem_text(problem, ctx.lang, ctx.t) if problem is not None else ""
            note.visible = problem is not None
        elsewhere = [
            p
            for f, p in problems.items()
            if f not in self.fields and f not in self.notes and f not in self.pickers
        ]
        self.problem.value = "; ".join(problem_text(p, ctx.lang, ctx.t) for p in elsewhere)
        self.refresh_tiebreakers()
        self.refresh_rules()
        template, faulty = salvage(form, checked)
        marked = {
            i: (
                self.named(form.lines[i], "label") or ctx.t("manage.line_n", n=i + 1),
                problem_text(p, ctx.lang, ctx.t),
            )
            for i, p in faulty.items()
        }
        self.preview.controls = preview_rows(self.ctx, template, marked)
        return checked

    def _key(self, name: str) -> str:
        """The key now in the form of the line or rule whose key field is ``name``."""
        prefix, index, _ = name.split("-")
        items = getattr(self.form, LISTS[prefix][0])
        return str(items[int(index)].key)

    def refresh_tiebreakers(self) -> None:
        """The lines to pick a tie-breaker from, and each tie-breaker's title (its line's
        name as typed)."""
        t = self.ctx.t
        self.tb_picks.controls = [
            tid(
                f"game-tb-pick-{i + 1}",
                ft.Chip(
                    label=ft.Text(self.named(line, "label") or t("manage.line_n", n=i + 1)),
                    leading=ft.Icon(ft.Icons.ADD),
                    on_click=self._picker(line),
                ),
            )
            for i, line in enumerate(self.form.lines)
        ]
        for title, tb, i in self.tb_titles:
            named = self.named(tb, "label") or (
                self.named(tb.line, "label") if tb.line is not None else ""
            )
            title.value = f"{i + 1}. {named}" if named else t("manage.tiebreak_n", n=i + 1)

    def _picker(self, line: LineForm) -> Callable[[], None]:
        return lambda: self.pick_tiebreaker(line)

    def pick_tiebreaker(self, line: LineForm) -> None:
        """A tie-breaker comparing ``line`` (more wins, which the person may turn)."""
        self.form.tiebreakers.append(TiebreakForm(line=line))
        self.refill("tb")

    # --- handlers -----------------------------------------------------------------------
    def refill(self, section: str) -> None:
        self.fill(section)
        self.recheck()

    def on_wins(self, e: ft.Event[ft.RadioGroup]) -> None:
        self.form.wins = str(e.control.value)
        self.recheck()

    def _prefer_setter(self, tb: TiebreakForm) -> Callable[[ft.Event[ft.RadioGroup]], None]:
        return lambda e: self.on_prefer(tb, str(e.control.value))

    def _won_setter(self, tb: TiebreakForm) -> Callable[[ft.Event[ft.Checkbox]], None]:
        return lambda e: self.on_won(tb, bool(e.control.value))

    def on_won(self, tb: TiebreakForm, value: bool) -> None:
        tb.rounds_won = value
        self.refill("tb")

    def on_prefer(self, tb: TiebreakForm, value: str) -> None:
        tb.prefer = value
        self.recheck()

    def on_save(self) -> None:
        ctx = self.ctx
        self.form.tried = True
        checked = self.recheck()
        if checked.template is None:
            if not self.problem.value:
                self.problem.value = ctx.t("manage.fix_first")
            self.show_first()
            return
        history = ctx.services.history
        try:
            if self.form.editing:
                history.update_game(checked.data, "game")
            else:
                history.create_game(checked.data, "game")
        except ScorepadError as problem:
            self.problem.value = problem.message(ctx.lang)
            return
        # the games, saying it is saved, with "Play it now" (New play for it)
        ctx.navigate("/games?" + urlencode({"saved": checked.template.id}))

    def first_problem(self) -> str | None:
        """The first field with a problem in screen order (a rule's lines count as a
        field), or None."""
        problems = self.checked.problems if self.checked is not None else {}
        order = [*self.fields, *self.note_touch]
        names = [name for name in order if name in problems]

        def place(name: str) -> tuple[int, int, int]:
            head, *rest = name.split("-")
            index = int(rest[0]) if head in LISTS and rest and rest[0].isdigit() else 0
            return SCREEN.index(head) if head in SCREEN else len(SCREEN), index, order.index(name)

        return min(names, key=place) if names else None

    def show_first(self) -> None:
        """Save was refused: every fold with a problem opens, and the first field with a
        problem is scrolled to and focused; its message is under it."""
        first = self.first_problem()
        if first is None:
            return
        problems = self.checked.problems if self.checked is not None else {}
        for name in problems:  # every fold with a problem in it opens, the first's too
            fold = self.fold_of.get(name)
            if fold in self.folds:
                self.folds[fold].visible = True
                self.form.open.add(fold)
        box, keys = self.fields.get(first), self.scroll_keys or {}
        try:
            page = self.problem.page
        except RuntimeError:  # not on a page (a test without a browser)
            return
        page.update()

        async def reveal() -> None:
            # Flutter scrolls to a key after its next frame, the one that lays out the
            # fold just opened: the field is where the scroll lands, and focusing it
            # then has nothing left to scroll.
            if first in keys:
                await page.scroll_to(scroll_key=keys[first], duration=0)
            if box is not None:
                await box.focus()

        page.run_task(reveal)
