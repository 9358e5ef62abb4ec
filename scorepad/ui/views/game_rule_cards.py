"""The game editor's rules between lines, in plain words: "Sets of different kinds"
(7 per complete set of science symbols; each kind squared), "Bonus when lines reach a
total" (35 when ones…sixes reach 63) and "The total never goes below" (1).

A rule's lines are picked from the game's own lines, a chip per line (named as typed,
following the lines as they change); a set rule offers the count lines it can take. The
rule's label and its numbers are on its card, its key, a set's size and the label in
other languages under "More options". A rule with no line picked says so under its
chips once they were touched or Save was pressed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scorepad.editor.parts import LineForm
from scorepad.editor.rules import BonusForm, RuleForm, SetForm
from scorepad.ui.views.common import heading, muted, tid
from scorepad.ui.views.game_parts import (
    HALF,
    QUARTER,
    THIRD,
    EditorParts,
    test_id,
)


class RuleCards(EditorParts):
    sections: dict[str, ft.Column]
    notes: dict[str, ft.Text]
    """Places that are not a field (a section's settings as a whole) → their problem."""
    pickers: dict[str, tuple[ft.Dropdown, Any, str]]
    """Fields picked from a menu (the bid rule's lines, ``game_rounds``) → the menu, the
    item it edits, its touched name."""
    note_touch: dict[str, tuple[Any, str]]
    """Notes shown only once their item's ``touched`` has the name, or after Save."""
    rule_picks: dict[str, tuple[ft.Row, RuleForm, Callable[[LineForm], bool]]]
    """A rule's fields' prefix (``set-0-``) → its row of line chips, the rule, and which
    lines it offers."""

    def fill(self, section: str) -> None:
        raise NotImplementedError

    def rules_section(self) -> list[ft.Control]:
        """Heading, help, the set rules and bonuses, a button to add each, the floor."""
        t, form = self.ctx.t, self.form
        self.fill("set")
        self.fill("bonus")
        sets = t("manage.rule_sets_plain") + ": " + t("manage.rule_sets_example")
        bonus = t("manage.rule_bonus_plain") + ": " + t("manage.rule_bonus_example")
        floor = t("manage.rule_floor_plain")
        return [
            heading(t("manage.rules")),
            muted(t("manage.rules_help")),
            self.sections["set"],
            self.sections["bonus"],
            self.add_button("game-add-set", sets, "set", form.sets, new_set),
            self.add_button("game-add-bonus", bonus, "bonus", form.bonuses, new_bonus),
            ft.ResponsiveRow([self.field("", form, "floor", floor, col=QUARTER)]),
            muted(t("manage.rule_floor_example")),
        ]

    def set_card(self, i: int, rule: SetForm) -> ft.Control:
        t, where = self.ctx.t, f"set-{i}-"
        mine, others = self.mine_and_others(where, rule, "label", col=HALF)
        per_set = self.field(where, rule, "per_set", t("manage.field_per_set"), col=QUARTER)
        squares = ft.Checkbox(
            label=t("manage.rule_squares"), value=rule.squares, on_change=self._squares(rule)
        )
        picks = self.picks(where, rule, "manage.rule_set_lines", self.set_offers)
        start = self.mark()
        folded = [
            self.field(where, rule, "size", t("manage.field_size"), col=QUARTER),
            self.field(where, rule, "key", t("manage.key"), col=THIRD),
            *others,
        ]
        body: list[ft.Control] = [
            ft.ResponsiveRow([*mine, per_set]),
            tid(test_id(f"{where}squares"), squares),
            *picks,
            *self.fold(test_id(f"{where}more"), [ft.ResponsiveRow(folded)], start),
        ]
        title = t("manage.set_n", n=i + 1)
        return self.card(where, "set", self.form.sets, i, title, body)

    def bonus_card(self, i: int, rule: BonusForm) -> ft.Control:
        t, where = self.ctx.t, f"bonus-{i}-"
        mine, others = self.mine_and_others(where, rule, "label", col=HALF)
        numbers = [
            self.field(where, rule, "reach", t("manage.field_reach"), col=QUARTER),
            self.field(where, rule, "points", t("manage.field_bonus_points"), col=QUARTER),
        ]
        picks = self.picks(where, rule, "manage.rule_bonus_lines", self.bonus_offers)
        start = self.mark()
        folded = [self.field(where, rule, "key", t("manage.key"), col=THIRD), *others]
        body: list[ft.Control] = [
            ft.ResponsiveRow([*mine, *numbers]),
            *picks,
            *self.fold(test_id(f"{where}more"), [ft.ResponsiveRow(folded)], start),
        ]
        title = t("manage.bonus_n", n=i + 1)
        return self.card(where, "bonus", self.form.bonuses, i, title, body)

    # --- the lines a rule reads ---------------------------------------------------------
    def set_offers(self, line: LineForm) -> bool:
        """A set takes count lines without rates, filled in once."""
        return line.item_count and not line.rated and not self.per_round(line)

    def bonus_offers(self, line: LineForm) -> bool:
        return not self.per_round(line)

    def per_round(self, line: LineForm) -> bool:
        return line.per_round and bool(self.form.rounds)

    def picks(
        self, where: str, rule: RuleForm, label: str, offers: Callable[[LineForm], bool]
    ) -> list[ft.Control]:
        """The rule's line chips (``game-set-1-line-3`` for the game's third line) and,
        under them, its lines' problem (``game-set-1-lines-problem``)."""
        row = ft.Row(wrap=True, spacing=4, run_spacing=4)
        note = ft.Text("", color=ft.Colors.ERROR, size=12, visible=False)
        self.notes[f"{where}lines"] = note
        self.note_touch[f"{where}lines"] = (rule, "lines")
        self.rule_picks[where] = (row, rule, offers)
        self.fill_picks(where)
        ident = test_id(f"{where}lines")
        return [
            muted(self.ctx.t(label)),
            tid(ident, row),
            tid(f"{ident}-problem", self.keyed(f"{where}lines", ft.Container(note))),
        ]

    def fill_picks(self, where: str) -> None:
        """A chip per line the rule may read (and any it reads already), picked or not."""
        row, rule, offers = self.rule_picks[where]
        chips: list[ft.Control] = []
        for j, line in enumerate(self.form.lines):
            chosen = any(line is ln for ln in rule.lines)
            if not (chosen or offers(line)):
                continue
            name = self.named(line, "label") or self.ctx.t("manage.line_n", n=j + 1)
            chip = ft.Chip(
                label=ft.Text(name),
                selected=chosen,
                on_click=self._toggle(where, rule, line),
            )
            chips.append(tid(test_id(f"{where}line-{j}"), chip))
        if not chips:
            chips.append(muted(self.ctx.t("manage.rule_no_offers")))
        row.controls = chips

    def refresh_rules(self) -> None:
        """The chips follow the lines as they are typed, added or removed."""
        for where in list(self.rule_picks):
            self.fill_picks(where)

    def _toggle(self, where: str, rule: RuleForm, line: LineForm) -> Callable[[], None]:
        def toggle() -> None:
            kept = [ln for ln in rule.lines if ln is not line]
            rule.lines = kept if len(kept) < len(rule.lines) else [*rule.lines, line]
            rule.touched.add("lines")
            self.fill_picks(where)
            self.recheck()

        return toggle

    def _squares(self, rule: SetForm) -> Callable[[ft.Event[ft.Checkbox]], None]:
        def change(e: ft.Event[ft.Checkbox]) -> None:
            rule.squares = bool(e.control.value)
            self.recheck()

        return change


def new_set() -> SetForm:
    return SetForm(auto_key=True)


def new_bonus() -> BonusForm:
    return BonusForm(auto_key=True)
