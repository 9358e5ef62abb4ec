"""The game editor's line cards: a line's name in the person's language, its kind
chosen in plain words (``editor.kinds``) with the setting it needs beside it, the rest
under "More options"; and the blank line that ends the list, added to the game once
its name is typed.

A line's "More options" is closed unless something in it is set (``options_set``: a
game read from a file opens those folds, ``opened_folds``), or Save finds a problem in
it; the blank line joins the game with its fold closed."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.core.awards import TIES
from scorepad.core.limits import MAX_LINES
from scorepad.editor.form import FIELDS_BY_KIND, LIST_FIELDS, GameForm, LineForm, RateForm
from scorepad.editor.kinds import KIND_CHOICES, choice_for
from scorepad.editor.parts import scored_between_players
from scorepad.ui.views.common import muted, tid
from scorepad.ui.views.game_parts import HALF, QUARTER, THIRD, EditorParts, test_id

NUMBERS = ("min", "max", "per", "every", "points", "fewest_from_players")
FLAGS = (
    ("per_round", "per_round", "manage.per_round", False),
    ("counts", "counts", "manage.not_added", True),
    ("halves", "halves", "manage.halves", False),
    ("zero_counts", "zero_counts", "manage.award_zero_counts", False),
    ("all_tied_nothing", "all_tied_nothing", "manage.award_all_tied_nothing", False),
    ("tiebreak_points", "tiebreak_on", "manage.award_tiebreak_points", False),
)
"""A line's switches: the form's attribute, the setting of the file it needs (but
``per_round`` and ``counts``, every line's), its label and whether it is shown inverted."""


def options_set(line: LineForm) -> bool:
    """Whether anything that changes how ``line`` scores is set under its "More options":
    a setting of its kind not on its card, its variants, rates, a factor's maximum, an
    award's ties or a switch turned from its default. Its key, its label in other
    languages and its hint are not (every shipped game has them on every line, and the
    preview shows the hint)."""
    shown, _main, more = LineCards.kind_fields(line)
    texts = [line.variants]
    texts += [getattr(line, name) for name in (*NUMBERS, *LIST_FIELDS) if name in more]
    if "factors" in shown:
        texts += [factor.max for factor in line.factors]
    if any(str(text).strip() for text in texts) or ("rates" in shown and line.rates):
        return True
    blank = LineForm()
    if "ties" in shown and line.ties != blank.ties:
        return True
    return any(
        getattr(line, name) != getattr(blank, name)
        for name, needs, _label, _inverted in FLAGS
        if name != "per_round" and (needs == "counts" or needs in shown)
    )


def opened_folds(form: GameForm) -> set[str]:
    """The "More options" folds a game read from a file opens: each line's whose options
    are set (``options_set``)."""
    return {test_id(f"line-{i}-more") for i, line in enumerate(form.lines) if options_set(line)}


class LineCards(EditorParts):
    sections: dict[str, ft.Column]
    between_players = True
    """Offers the kinds scored between players (``editor.parts.scored_between_players``: awards
    and tallies); off where a sheet in progress cannot show them yet."""
    line_rest: list[ft.Control]
    """The controls of the line card built last, below its name."""

    def pending_card(self) -> ft.Control:
        line, n = LineForm(auto_key=True), len(self.form.lines)
        card = self.line_card(n, line, pending=True)
        self.title.value = self.ctx.t("manage.new_line")
        controls = [self.tools.controls[1], self.tools.controls[2], *self.line_rest]
        hidden = [(control, control.visible) for control in controls]
        for control in controls:
            control.visible = False
        self.pending = (line, hidden, self.title)
        return card

    def adopt(self) -> bool:
        """The blank line was typed in: it joins the game, and a new blank one follows;
        False when the game has as many lines as a game may (the blank one stays)."""
        assert self.pending is not None
        if len(self.form.lines) >= MAX_LINES:
            return False
        line, hidden, title = self.pending
        self.form.lines.append(line)
        title.value = self.ctx.t("manage.line_n", n=len(self.form.lines))
        for control, visible in hidden:  # as built: its "More options" stays closed
            control.visible = visible
        self.sections["line"].controls.append(self.pending_card())
        return True

    def line_card(self, i: int, line: LineForm, *, pending: bool = False) -> ft.Control:
        t, where = self.ctx.t, f"line-{i}-"
        kind = self.kind_chips(f"game-line-{i + 1}-kind", line)
        shown, main, more = self.kind_fields(line)
        label, labels = self.mine_and_others(where, line, "label", col=HALF)
        settings: list[ft.Control] = [*label]
        settings += self.settings(where, line, main)
        factors, factors_more = self.factor_fields(i, line) if "factors" in shown else ([], [])
        rest: list[ft.Control] = [tid(f"game-line-{i + 1}-kind", kind)]
        if factors:
            rest.append(ft.ResponsiveRow(factors))
        if self.form.rounds:
            rest.append(ft.Row(self.flags(i, line, ("per_round",)), wrap=True))
        start = self.mark()
        folded: list[ft.Control] = [
            ft.ResponsiveRow(
                [
                    self.field(where, line, "key", t("manage.key"), col=THIRD),
                    *labels,
                    *self.in_each_language(where, line, "hint", optional=True),
                    *self.settings(where, line, more),
                    self.field(where, line, "variants", t("manage.line_variants"), col=QUARTER),
                ]
            ),
        ]
        if factors_more:
            folded.append(ft.ResponsiveRow(factors_more))
        if "rates" in shown:
            folded += [
                muted(t("manage.rates_help")),
                *(self.rate_card(i, j, rate) for j, rate in enumerate(line.rates)),
                self.add_button(
                    test_id(f"{where}add-rate"), t("manage.add_rate"), "line", line.rates, RateForm
                ),
            ]
        if "ties" in shown:
            folded.append(self.ties_chips(i, line))
        switches = ("counts", "halves", "zero_counts", "all_tied_nothing", "tiebreak_points")
        folded.append(ft.Row(self.flags(i, line, switches), wrap=True))
        rest += self.fold(test_id(f"{where}more"), folded, start)
        self.line_rest = rest
        title = t("manage.line_n", n=i + 1)
        return self.card(
            where, "line", self.form.lines, i, title, [ft.ResponsiveRow(settings), *rest]
        )

    def kind_chips(self, ident: str, line: LineForm) -> ft.Control:
        """A chip per kind of line, in plain words with its example (``<ident>-KIND``),
        the line's own kind picked."""
        t = self.ctx.t
        chips: list[ft.Control] = [
            tid(
                f"{ident}-{c.kind}",
                ft.Chip(
                    label=ft.Text(t(c.name) + (": " + t(c.example) if c.example else "")),
                    selected=c.kind == line.kind,
                    show_checkmark=False,
                    on_click=self._kind_setter(line, c.kind),
                ),
            )
            for c in KIND_CHOICES
            if self.between_players or not scored_between_players(c.kind)
        ]
        if line.kind not in {c.kind for c in KIND_CHOICES}:
            chips.append(ft.Chip(label=ft.Text(line.kind), selected=True, show_checkmark=False))
        return ft.Row(chips, wrap=True, spacing=4, run_spacing=4)

    @staticmethod
    def kind_fields(line: LineForm) -> tuple[tuple[str, ...], list[str], list[str]]:
        """The settings of ``line``'s kind: all of them, those on its card, and those
        under its "More options"."""
        choice = choice_for(line.kind)
        shown = FIELDS_BY_KIND.get(line.kind, ())
        if line.rated:
            shown = tuple(f for f in shown if f != "per")  # the rates say what an item is worth
        main = [f for f in choice.main if f in shown]
        return shown, main, [f for f in shown if f not in main]

    def settings(self, where: str, line: LineForm, names: list[str]) -> list[ft.Control]:
        """The number fields and table values among ``names``, as fields."""
        t = self.ctx.t
        boxes = [
            self.field(where, line, name, t(f"manage.field_{name}"), col=QUARTER)
            for name in NUMBERS
            if name in names
        ]
        boxes += [
            self.field(where, line, name, t(f"manage.field_{name}"))
            for name in LIST_FIELDS
            if name in names
        ]
        return boxes

    def ties_chips(self, i: int, line: LineForm) -> ft.Control:
        """How an award's tied players score: a chip per way, in plain words
        (``game-line-N-ties-split``…), the line's own way picked."""
        t = self.ctx.t
        chips: list[ft.Control] = [
            tid(
                f"game-line-{i + 1}-ties-{way}",
                ft.Chip(
                    label=ft.Text(t(f"manage.award_ties_{way}")),
                    selected=line.ties == way,
                    show_checkmark=False,
                    on_click=self._ties_setter(line, way),
                ),
            )
            for way in TIES
        ]
        return ft.Column(
            [muted(t("manage.award_ties")), ft.Row(chips, wrap=True, spacing=4, run_spacing=4)],
            spacing=2,
        )

    def factor_fields(self, i: int, line: LineForm) -> tuple[list[ft.Control], list[ft.Control]]:
        """A product line's factors: their labels in the person's language, and (for
        "More options") in the others, with each factor's maximum."""
        shown: list[ft.Control] = []
        folded: list[ft.Control] = []
        for j, factor in enumerate(line.factors):
            at, n = f"line-{i}-factor-{j}-", j + 1
            mine, others = self.mine_and_others(
                at, factor, "label", label="manage.factor", col=HALF, n=n
            )
            shown += mine
            max_label = self.ctx.t("manage.factor_max", n=n)
            folded += [*others, self.field(at, factor, "max", max_label, col=QUARTER)]
        return shown, folded

    def flags(self, i: int, line: LineForm, names: tuple[str, ...]) -> list[ft.Control]:
        shown = FIELDS_BY_KIND.get(line.kind, ())
        flags = [
            (name, label, inverted)
            for name, needs, label, inverted in FLAGS
            if name in names
            and (name != "per_round" or self.form.rounds)
            and (needs in ("per_round", "counts") or needs in shown)
        ]
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
        rates = self.form.lines[i].rates if i < len(self.form.lines) else []
        return self.card(
            where, "line", rates, j, t("manage.rate_n", n=j + 1), [ft.ResponsiveRow(fields)]
        )

    def _kind_setter(self, line: LineForm, kind: str) -> Callable[[], None]:
        return lambda: self.on_kind(line, kind)

    def _ties_setter(self, line: LineForm, way: str) -> Callable[[], None]:
        def pick() -> None:
            line.ties = way
            self.refill("line")

        return pick

    def _flag_setter(
        self, line: LineForm, name: str, inverted: bool
    ) -> Callable[[ft.Event[ft.Checkbox]], None]:
        return lambda e: self.on_flag(line, name, bool(e.control.value) != inverted)

    def on_kind(self, line: LineForm, kind: str) -> None:
        line.kind = kind
        self.refill("line")

    def on_flag(self, line: LineForm, name: str, value: bool) -> None:
        setattr(line, name, value)
        self.recheck()
