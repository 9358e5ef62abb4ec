"""Create or edit a user-defined game, with its sheet previewed as it is typed.

Fields keep exactly what was typed (``GameForm``); after every change the form is
checked by the core and the complaint is shown under the field it concerns. Typing only
updates errors and the preview; adding, removing or moving an item (a variant, a line, a
rate, a tie-breaker, a reminder) or changing a line's kind rebuilds that section, so a
field being typed in never loses its focus.

Every list of the game is edited the same way: one card per item with its fields, an
up and a remove button, and an "Add" button under the list. A round game's settings
(``game_rounds``) are a section of their own; choosing how the rounds go rebuilds it, and
the lines and tie-breakers (their "per round" and "most rounds won" boxes).

A field shows its problem once it has been typed in (a text in any of its languages), or
after Save was pressed: a new game does not open in red.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scorepad.core import ScorepadError
from scorepad.core.i18n import LANGS
from scorepad.ui.context import Context
from scorepad.ui.game_form import (
    FIELDS_BY_KIND,
    KINDS,
    Checked,
    GameForm,
    LineForm,
    RateForm,
    ReminderForm,
    TiebreakForm,
    VariantForm,
)
from scorepad.ui.game_problems import problem_text
from scorepad.ui.views.common import heading, muted, screen, tid
from scorepad.ui.views.game_preview import preview_rows
from scorepad.ui.views.game_rounds import RoundsSection

LISTS: dict[str, tuple[str, Callable[[], Any], str]] = {
    "variant": ("variants", VariantForm, "add_variant"),
    "line": ("lines", LineForm, "add_line"),
    "tb": ("tiebreakers", TiebreakForm, "add_tiebreak"),
    "reminder": ("reminders", ReminderForm, "add_reminder"),
}
"""Each list section of the editor (by its fields' prefix): the form's list it edits (also
its heading's message), how a new item starts, and its Add button's message (also its
test id, ``game-add-line``)."""
NUMBERS = ("min", "max", "per", "every", "points")
Columns = dict[str | ft.ResponsiveRowBreakpoint, int | float]
"""How many of a responsive row's 12 columns a field takes, by screen size."""
HALF: Columns = {"xs": 12, "md": 6}
THIRD: Columns = {"xs": 12, "md": 4}
QUARTER: Columns = {"xs": 6, "md": 3}


def test_id(field: str) -> str:
    """Form field → test id: ``line-0-rate-1-per`` → ``game-line-1-rate-2-per`` (items
    count from 1 on screen; a player count, ``rounds-players-4``, stays as it is)."""
    split = field.split("-")
    parts = [
        str(int(p) + 1) if p.isdigit() and split[i - 1 : i] != ["players"] else p
        for i, p in enumerate(split)
    ]
    return "game-" + "-".join(parts).replace("_", "-")


class GameEditorView:
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
        self.pickers: dict[str, tuple[ft.Dropdown, Any, str]] = {}
        """Fields picked from a menu → the menu, the item it edits, its touched name."""
        self.sections = {name: ft.Column(spacing=8) for name in LISTS}
        self.rounds = RoundsSection(self)
        self.problem = ft.Text("", color=ft.Colors.ERROR, size=14)
        self.preview = ft.Column(spacing=2)
        self.checked: Checked | None = None

    # --- building blocks ----------------------------------------------------------------
    def field(
        self,
        where: str,
        item: object,
        attr: str,
        label: str,
        *,
        col: Columns = HALF,
        disabled: bool = False,
        multiline: bool = False,
    ) -> ft.Control:
        """A text field editing ``item.attr``, named ``where`` + ``attr`` in the form."""

        def write(text: str) -> None:
            setattr(item, attr, text)

        name = where + attr.replace("_", "-")
        touched = attr.rsplit("_", 1)[0] if attr.rsplit("_", 1)[-1] in LANGS else attr
        return self.text_box(
            name,
            str(getattr(item, attr)),
            label,
            write,
            (item, touched),
            col=col,
            disabled=disabled,
            multiline=multiline,
        )

    def text_box(
        self,
        name: str,
        value: str,
        label: str,
        write: Callable[[str], None],
        touch: tuple[Any, str],
        *,
        col: Columns = HALF,
        disabled: bool = False,
        multiline: bool = False,
    ) -> ft.Control:
        """A text field named ``name`` in the form, whose text ``write`` keeps; typing in
        it touches ``touch`` (an item and a name in its ``touched``)."""
        box = ft.TextField(
            label=label, value=value, dense=True, disabled=disabled, multiline=multiline
        )

        def changed(e: ft.Event[ft.TextField]) -> None:
            write(str(e.control.value or ""))
            touch[0].touched.add(touch[1])
            self.recheck()

        box.on_change = changed
        self.fields[name] = box
        self.touch[name] = touch
        return ft.Container(tid(test_id(name), box), col=col)

    def in_each_language(
        self,
        where: str,
        item: object,
        name: str,
        *,
        col: Columns = HALF,
        multiline: bool = False,
        label: str = "",
        **fields: object,
    ) -> list[ft.Control]:
        """A field per language for ``item``'s text ``name`` (English first and required,
        the others optional), labelled by the messages ``<label>_en``, ``<label>_es``…
        (default: ``manage.<name>_en``…)."""
        label = label or f"manage.{name}"
        return [
            self.field(
                where,
                item,
                f"{name}_{lang}",
                self.ctx.t(f"{label}_{lang}", **fields),
                col=col,
                multiline=multiline,
            )
            for lang in LANGS
        ]

    def card(
        self, where: str, section: str, items: list[Any], i: int, title: str, body: list[ft.Control]
    ) -> ft.Control:
        """One item of a list: its title, up and remove buttons, then its fields."""
        ident = test_id(where.rstrip("-"))
        tools = ft.Row(
            [
                ft.Text(title, weight=ft.FontWeight.BOLD, expand=True),
                tid(
                    f"{ident}-up",
                    ft.IconButton(
                        ft.Icons.ARROW_UPWARD,
                        tooltip=self.ctx.t("manage.move_up"),
                        disabled=i == 0,
                        on_click=lambda: self.move_up(section, items, i),
                    ),
                ),
                tid(
                    f"{ident}-remove",
                    ft.IconButton(
                        ft.Icons.DELETE_OUTLINE,
                        tooltip=self.ctx.t("manage.remove"),
                        on_click=lambda: self.remove(section, items, i),
                    ),
                ),
            ]
        )
        return tid(
            ident,
            ft.Container(
                ft.Column([tools, *body], spacing=6),
                padding=8,
                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                border_radius=8,
            ),
        )

    def add_button(
        self, ident: str, label: str, section: str, items: list[Any], make: Callable[[], Any]
    ) -> ft.Control:
        return tid(
            ident,
            ft.OutlinedButton(
                label, icon=ft.Icons.ADD, on_click=lambda: self.add(section, items, make)
            ),
        )

    def section(self, name: str) -> list[ft.Control]:
        """A list of the game: heading, help, one card per item and the Add button."""
        attr, make, add = LISTS[name]
        self.fill(name)
        t, items = self.ctx.t, getattr(self.form, attr)
        return [
            heading(t(f"manage.{attr}")),
            muted(t(f"manage.{attr}_help")),
            self.sections[name],
            self.add_button(test_id(add), t(f"manage.{add}"), name, items, make),
        ]

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
        head = ft.ResponsiveRow(
            [
                self.field("", form, "id", t("manage.game_id"), disabled=form.editing),
                self.field("", form, "min_players", t("manage.min_players"), col=QUARTER),
                self.field("", form, "max_players", t("manage.max_players"), col=QUARTER),
                *self.in_each_language("", form, "name"),
                *self.in_each_language("", form, "description", multiline=True),
            ]
        )
        body: list[ft.Control] = [
            ft.Container(head, padding=ft.Padding.only(top=8)),
            tid("game-wins", wins),
            *self.rounds.build(),
            *(control for name in LISTS for control in self.section(name)),
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

    def fill(self, section: str) -> None:
        """(Re)builds the cards of ``section`` from the form."""
        for name in [f for f in self.fields if f.startswith(f"{section}-")]:
            del self.fields[name]
        build: Callable[[int, Any], ft.Control] = getattr(self, f"{section}_card")
        items = getattr(self.form, LISTS[section][0])
        self.sections[section].controls = [build(i, item) for i, item in enumerate(items)]

    def variant_card(self, i: int, variant: VariantForm) -> ft.Control:
        where = f"variant-{i}-"
        fields = [
            self.field(where, variant, "id", self.ctx.t("manage.id"), col={"xs": 12, "md": 2}),
            *self.in_each_language(where, variant, "label", col={"xs": 12, "md": 5}),
        ]
        title = self.ctx.t("manage.variant_n", n=i + 1)
        return self.card(where, "variant", self.form.variants, i, title, [ft.ResponsiveRow(fields)])

    def line_card(self, i: int, line: LineForm) -> ft.Control:
        t, where = self.ctx.t, f"line-{i}-"
        kind = ft.Row(
            [
                tid(
                    f"game-line-{i + 1}-kind-{k}",
                    ft.Chip(
                        label=ft.Text(t(f"manage.kind_{k}")),
                        selected=k == line.kind,
                        show_checkmark=False,
                        on_click=self._kind_setter(i, k),
                    ),
                )
                for k in KINDS
            ],
            wrap=True,
            spacing=4,
            run_spacing=4,
        )
        shown = FIELDS_BY_KIND.get(line.kind, ())
        if line.rated:
            shown = tuple(f for f in shown if f != "per")  # the rates say what an item is worth
        settings = [
            self.field(where, line, name, t(f"manage.field_{name}"), col=QUARTER)
            for name in NUMBERS
            if name in shown
        ]
        if "values" in shown:
            settings.append(self.field(where, line, "values", t("manage.field_values")))
        body: list[ft.Control] = [
            ft.ResponsiveRow(
                [
                    self.field(where, line, "key", t("manage.key"), col=THIRD),
                    *self.in_each_language(where, line, "label", col=THIRD),
                ]
            ),
            tid(f"game-line-{i + 1}-kind", kind),
            ft.ResponsiveRow(
                [
                    *settings,
                    *self.in_each_language(where, line, "hint"),
                    self.field(where, line, "variants", t("manage.line_variants"), col=QUARTER),
                ]
            ),
        ]
        if "rates" in shown:
            body += [
                muted(t("manage.rates_help")),
                *(self.rate_card(i, j, rate) for j, rate in enumerate(line.rates)),
                self.add_button(
                    test_id(f"{where}add-rate"), t("manage.add_rate"), "line", line.rates, RateForm
                ),
            ]
        if "factors" in shown:
            factors: list[ft.Control] = []
            for j, factor in enumerate(line.factors):
                at, n = f"{where}factor-{j}-", j + 1
                factors += self.in_each_language(
                    at, factor, "label", label="manage.factor", col={"xs": 12, "md": 5}, n=n
                )
                max_label = t("manage.factor_max", n=n)
                factors.append(self.field(at, factor, "max", max_label, col={"xs": 6, "md": 2}))
            body.append(ft.ResponsiveRow(factors))
        body.append(ft.Row(self.flags(i, line, shown), wrap=True))
        title = t("manage.line_n", n=i + 1)
        return self.card(where, "line", self.form.lines, i, title, body)

    def flags(self, i: int, line: LineForm, shown: tuple[str, ...]) -> list[ft.Control]:
        flags = [("counts", "manage.not_added", True)]
        if self.form.rounds:
            flags.insert(0, ("per_round", "manage.per_round", False))
        if "halves" in shown:
            flags.append(("halves", "manage.halves", False))
        return [
            tid(
                f"game-line-{i + 1}-{name.replace('_', '-')}",
                ft.Checkbox(
                    label=self.ctx.t(label),
                    value=getattr(line, name) != inverted,
                    on_change=self._flag_setter(line, name, inverted),
                ),
            )
            for name, label, inverted in flags
        ]

    def rate_card(self, i: int, j: int, rate: RateForm) -> ft.Control:
        t, where = self.ctx.t, f"line-{i}-rate-{j}-"
        fields = [
            self.field(where, rate, "id", t("manage.id"), col={"xs": 6, "md": 2}),
            self.field(where, rate, "per", t("manage.field_per"), col={"xs": 6, "md": 2}),
            *self.in_each_language(where, rate, "label", col=THIRD),
        ]
        rates = self.form.lines[i].rates
        return self.card(
            where, "line", rates, j, t("manage.rate_n", n=j + 1), [ft.ResponsiveRow(fields)]
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
        fields = self.in_each_language(where, tb, "label", col=THIRD)
        if not (tb.rounds_won and self.form.rounds):
            fields.append(self.field(where, tb, "terms", t("manage.terms"), col=THIRD))
        body = [ft.ResponsiveRow(fields), tid(f"game-tb-{i + 1}-prefer", prefer)]
        if self.form.rounds:
            won = ft.Checkbox(
                label=t("manage.rounds_won"), value=tb.rounds_won, on_change=self._won_setter(tb)
            )
            body.append(tid(f"game-tb-{i + 1}-rounds-won", won))
        return self.card(
            where, "tb", self.form.tiebreakers, i, t("manage.tiebreak_n", n=i + 1), body
        )

    def reminder_card(self, i: int, reminder: ReminderForm) -> ft.Control:
        where = f"reminder-{i}-"
        fields = self.in_each_language(where, reminder, "text", multiline=True)
        title = self.ctx.t("manage.reminder_n", n=i + 1)
        return self.card(
            where, "reminder", self.form.reminders, i, title, [ft.ResponsiveRow(fields)]
        )

    # --- checking and preview -----------------------------------------------------------
    def recheck(self) -> Checked:
        ctx, form = self.ctx, self.form
        self.rounds.players_changed()
        checked = self.checked = form.check()
        for name, box in self.fields.items():
            problem = checked.problems.get(name)
            item, touched = self.touch[name]
            shown = form.tried or touched in item.touched
            box.error = problem_text(problem, ctx.lang, ctx.t) if problem and shown else None
        self.rounds.refresh()
        for name, (menu, item, touched) in self.pickers.items():
            problem = checked.problems.get(name)
            shown = form.tried or touched in item.touched
            menu.error_text = problem_text(problem, ctx.lang, ctx.t) if problem and shown else None
        for name, note in self.notes.items():
            problem = checked.problems.get(name)
            note.value = problem_text(problem, ctx.lang, ctx.t) if problem is not None else ""
            note.visible = problem is not None
        elsewhere = [
            p
            for f, p in checked.problems.items()
            if f not in self.fields and f not in self.notes and f not in self.pickers
        ]
        self.problem.value = "; ".join(problem_text(p, ctx.lang, ctx.t) for p in elsewhere)
        self.preview.controls = preview_rows(self.ctx, checked.template)
        return checked

    # --- handlers -----------------------------------------------------------------------
    def add(self, section: str, items: list[Any], make: Callable[[], Any]) -> None:
        items.append(make())
        self.refill(section)

    def remove(self, section: str, items: list[Any], i: int) -> None:
        del items[i]
        self.refill(section)

    def move_up(self, section: str, items: list[Any], i: int) -> None:
        items[i - 1], items[i] = items[i], items[i - 1]
        self.refill(section)

    def refill(self, section: str) -> None:
        self.fill(section)
        self.recheck()

    def on_wins(self, e: ft.Event[ft.RadioGroup]) -> None:
        self.form.wins = str(e.control.value)
        self.recheck()

    def _prefer_setter(self, tb: TiebreakForm) -> Callable[[ft.Event[ft.RadioGroup]], None]:
        return lambda e: self.on_prefer(tb, str(e.control.value))

    def _kind_setter(self, i: int, kind: str) -> Callable[[], None]:
        return lambda: self.on_kind(i, kind)

    def _flag_setter(
        self, line: LineForm, name: str, inverted: bool
    ) -> Callable[[ft.Event[ft.Checkbox]], None]:
        return lambda e: self.on_flag(line, name, bool(e.control.value) != inverted)

    def on_kind(self, i: int, kind: str) -> None:
        self.form.lines[i].kind = kind
        self.refill("line")

    def _won_setter(self, tb: TiebreakForm) -> Callable[[ft.Event[ft.Checkbox]], None]:
        return lambda e: self.on_won(tb, bool(e.control.value))

    def on_won(self, tb: TiebreakForm, value: bool) -> None:
        tb.rounds_won = value
        self.refill("tb")

    def on_flag(self, line: LineForm, name: str, value: bool) -> None:
        setattr(line, name, value)
        self.recheck()

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
            return
        store = ctx.services.history.store
        try:
            if self.form.editing:
                store.update_game(checked.data, "game")
            else:
                store.create_game(checked.data, "game")
        except ScorepadError as problem:
            self.problem.value = problem.message(ctx.lang)
            return
        ctx.navigate("/games")
