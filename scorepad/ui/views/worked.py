"""What the sheet shows beside and under the lines that the core works out between them.

- an award line (Ticket to Ride's longest path): beside each player's quantity, the
  points it earned among all the players (``earned-KEY-n``; in a round game's rounds,
  ``views.rounds`` puts them beside each round's quantity with ``with_earned``);
- a line whose points are worked out from the entry (7 Wonders' coins, 1 per 3, and
  science symbols, squared; Azul's rows × 2; a table, a product, a rate, a penalty):
  beside each cell, or under it on a phone, "= points" as it is typed (``points-KEY-n``);
- a set rule's points (7 Wonders' science sets) and a bonus (Yahtzee's upper section):
  a read-only row of their own right under the last line they read (``worked-KEY-n``);
- a floor under the total (Summer Pavilion): a read-only row of the points it added,
  under the lines (``worked-floor-n``).

Nothing here computes points: the model's ``earned`` and ``worked`` read the scored sheet.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import flet as ft

from scorepad.core.i18n import pick
from scorepad.core.numbers import Number
from scorepad.core.scoring import show
from scorepad.core.sets import SetRule
from scorepad.core.sheetrules import WorkedRule
from scorepad.core.template import signed
from scorepad.sheet.progress import FLOOR, SheetInProgress, SheetState, earned, worked
from scorepad.ui.context import Context
from scorepad.ui.views.common import muted, tid

RowMaker = Callable[[ft.Control, list[ft.Control]], ft.Control]
"""The sheet's own row layout: a label beside (or above, on a phone) one cell per player."""


class WorkedPart:
    """The earned points beside the award lines and the worked-out rows of one sheet."""

    def __init__(self, ctx: Context, model: SheetInProgress, row: RowMaker) -> None:
        self.ctx, self.model, self.row = ctx, model, row
        self.earned: dict[str, list[ft.Text]] = {}
        self.worked: dict[str, list[ft.Text]] = {}
        self.priced: dict[str, list[ft.Text]] = {}
        """The points beside (or under) each cell of a line worked out from its entry."""

    def beside(self, key: str, controls: list[ft.Control]) -> list[ft.Control]:
        """An award line's cells with the points each earned beside them, a line worked
        out from its entry with the points each cell gives (other lines' cells as they
        are)."""
        if key in self.model.priced:
            idents = [f"points-{key}-{n}" for n in range(1, len(controls) + 1)]
            found = with_earned(controls, idents, under=self.ctx.compact)
            self.priced[key] = found.texts
            return found.cells
        if key not in self.model.awards:
            return controls
        idents = [f"earned-{key}-{n}" for n in range(1, len(controls) + 1)]
        found = with_earned(controls, idents)
        self.earned[key] = found.texts
        return found.cells

    def label_note(self, key: str) -> list[ft.Control]:
        """Under an award line's label: what the number beside each quantity is."""
        if key not in self.model.awards:
            return []
        return [muted(self.ctx.t("app.award_earned"), size=11)]

    def rows_after(self, key: str) -> list[ft.Control]:
        """The rows of the rules whose last line is ``key``."""
        return [
            self._row(rule.key, pick(rule.label, self.ctx.lang), self._hint(rule))
            for rule in self.model.worked.get(key, [])
        ]

    def floor_rows(self) -> list[ft.Control]:
        """The points a floor under the total added, under every line."""
        rules = self.model.template.rules
        if rules is None or rules.floor is None:
            return []
        lang = self.ctx.lang
        label = self.ctx.t("text.floor", floor=show(rules.floor, lang))
        return [self._row(FLOOR, label, self.ctx.t("hint.floor", floor=signed(rules.floor, lang)))]

    def refresh(self, state: SheetState) -> list[ft.Control]:
        """Show the latest points; returns the texts that changed."""
        out: list[ft.Control] = []
        for key, texts in self.earned.items():
            out += put(texts, earned(state, key), self.ctx.lang)
        for key, texts in self.worked.items():
            values = (None,) * len(texts) if state.empty else worked(state, key)
            out += put(texts, values, self.ctx.lang)
        said = self.ctx.t("app.cell_points", points="{}")
        for key, texts in self.priced.items():
            out += put(texts, earned(state, key), self.ctx.lang, said)
        return out

    def _hint(self, rule: WorkedRule) -> str:
        lang = self.ctx.lang
        if isinstance(rule, SetRule):
            return self.ctx.t("hint.set_per_set", points=signed(rule.per_set, lang), size=rule.size)
        return rule.describe(lang)

    def _row(self, key: str, label: str, hint: str) -> ft.Control:
        texts = [_value_text(size=16) for _ in self.model.players]
        self.worked[key] = texts
        title = ft.Column(
            [ft.Text(label, weight=ft.FontWeight.W_500, italic=True), muted(hint, size=11)],
            spacing=0,
        )
        cells: list[ft.Control] = [
            tid(f"worked-{key}-{n}", text) for n, text in enumerate(texts, 1)
        ]
        return self.row(title, cells)


class Earned(NamedTuple):
    """Quantity cells with the points each earned beside it."""

    cells: list[ft.Control]
    """What to lay out, one per player."""
    texts: list[ft.Text]
    """Where the points go (``put``)."""
    ids: list[ft.Semantics]
    """The texts' test ids (a round's move renames them)."""


def with_earned(controls: list[ft.Control], idents: list[str], *, under: bool = False) -> Earned:
    """Each quantity's cell with a text beside it for the points it earned, its test id
    taken from ``idents``; with ``under``, the text goes under the cell, across the
    player's column (a phone's column has no room beside a − field +)."""
    texts = [_value_text(size=15) for _ in controls]
    ids = [tid(ident, text) for text, ident in zip(texts, idents, strict=True)]
    if under:
        for control in controls:
            control.expand = None  # the column below fills the player's column
        return Earned(
            [
                ft.Column(
                    [control, wrapper],
                    spacing=0,
                    tight=True,
                    expand=1,
                    horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                )
                for control, wrapper in zip(controls, ids, strict=True)
            ],
            texts,
            ids,
        )
    for control in controls:  # the cell takes what the points leave of the column
        control.expand = control.expand or 1
    cells: list[ft.Control] = [
        ft.Row(
            [control, ft.Container(wrapper, width=34)],
            spacing=2,
            expand=1,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        for control, wrapper in zip(controls, ids, strict=True)
    ]
    return Earned(cells, texts, ids)


def _value_text(*, size: float) -> ft.Text:
    return ft.Text("", size=size, weight=ft.FontWeight.W_600, text_align=ft.TextAlign.CENTER)


def put(
    texts: list[ft.Text], values: tuple[Number | None, ...], lang: str, said: str = "{}"
) -> list[ft.Control]:
    """Show ``values`` in ``texts`` (blank for None), each in ``said`` ("= {}"); returns
    the texts that changed."""
    changed: list[ft.Control] = []
    for text, value in zip(texts, values, strict=True):
        wanted = "" if value is None else said.format(show(value, lang))
        if text.value != wanted:
            text.value = wanted
            changed.append(text)
    return changed
