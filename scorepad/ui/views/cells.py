"""One player's box on one line of the sheet, for each kind of line.

Each kind of line registers its cell here by its core class (``CELLS``); a line of a kind
registered nowhere gets a number cell (``TextCell``). A new kind of line adds one entry
here, not a branch.

A cell writes what is typed into the ``SheetInProgress`` and calls ``changed`` so the sheet
can re-add; ``mark`` marks the cell when the core refused its value. Cells never compute
points: the model and the core do. A change is read from the value its event carries
(``Crossings`` says why).
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.core.i18n import pick
from scorepad.core.template import CheckLine, CountLine, Line, ProductLine, is_rated
from scorepad.sheet.progress import (
    SheetInProgress,
    SheetState,
    round_key,
    shown_value,
)
from scorepad.ui.context import Context
from scorepad.ui.views.common import Crossings, tid, typed_text
from scorepad.ui.views.keypad import number_field

Changed = Callable[..., None]
"""Called after every change, with the controls the cell itself changed on screen."""


def mark_field(field: ft.TextField, problem: object, ctx: Context) -> list[ft.Control]:
    """A short word under a refused value; the sheet spells the problem out below the line.

    Returns the field when its mark changed, for the sheet to send to the browser.
    """
    error = ctx.t("app.invalid") if problem is not None else None
    if field.error == error:
        return []
    field.error = error
    return [field]


class SheetCell:
    control: ft.Control

    def __init__(self) -> None:
        self.crossed = Crossings()

    def mark(self, state: SheetState) -> list[ft.Control]:
        """Mark or clear this cell after a change anywhere on the sheet; returns what
        changed on screen."""
        return []

    def sync(self) -> list[ft.Control]:
        """Show what the sheet now holds for this cell (changed on another device);
        returns what changed on screen."""
        return []


class SumField:
    """A number field that takes a sum: the sum as typed while the field is being edited,
    its result otherwise ("3+6+2" shows 11); what the sheet holds is always the text."""

    field: ft.TextField
    crossed: Crossings
    ctx: Context
    editing: bool = False

    def text(self) -> str:
        """What the sheet holds for this field."""
        raise NotImplementedError

    def shown(self) -> str:
        text = self.text()
        return text if self.editing else shown_value(text, self.ctx.lang)

    def wire(self) -> None:
        self.field.on_focus = self.on_focus
        self.field.on_blur = self.on_blur

    def on_focus(self) -> None:
        self.editing = True
        self.ctx.update(*self.crossed.put(self.field, self.shown()))

    def on_blur(self) -> None:
        self.editing = False
        self.ctx.update(*self.crossed.put(self.field, self.shown()))


class TextCell(SumField, SheetCell):
    """Points, counts, tables and penalties: typed text, with − / + for whole counts."""

    def __init__(
        self,
        ctx: Context,
        model: SheetInProgress,
        line: Line,
        player: int,
        changed: Changed,
        *,
        ident: str | None = None,
    ) -> None:
        SheetCell.__init__(self)
        self.ctx, self.model, self.key, self.player = ctx, model, line.key, player
        self.changed = changed
        n = player + 1
        self.field = number_field("", self.on_change, line)
        self.field.value = self.shown()
        self.wire()
        self.crossed.follow(self.field)
        self.wrapper = tid(ident or f"line-{line.key}-{n}", self.field)
        # The field fills the cell's column (``expand``), between − and + for a count.
        self.control = self.wrapper
        if line.stepped and ident is None:
            parts = [
                self._stepper(f"minus-{line.key}-{n}", ft.Icons.REMOVE, "app.one_less", -1),
                self.wrapper,
                self._stepper(f"plus-{line.key}-{n}", ft.Icons.ADD, "app.one_more", 1),
            ]
            self.control = ft.Row(
                parts, spacing=0, vertical_alignment=ft.CrossAxisAlignment.START, expand=1
            )

    def _stepper(self, ident: str, icon: ft.IconData, label: str, delta: int) -> ft.Control:
        """A − or + beside the field: tapped, not a stop of the keyboard's Tab, which goes
        field to field (an IconButton took the focus, three stops a cell)."""
        size = 28 if self.ctx.compact else 36
        face = ft.Container(
            ft.Icon(icon, size=20 if self.ctx.compact else 24),  # a minus thick enough to see
            width=size,
            height=size,
            alignment=ft.Alignment.CENTER,
            border_radius=size / 2,
            tooltip=self.ctx.t(label),
        )
        return ft.Semantics(  # a button to a screen reader, tapped as one
            identifier=ident,
            button=True,
            label=self.ctx.t(label),
            on_tap=lambda: self.on_step(delta),
            content=ft.GestureDetector(
                face, on_tap=lambda: self.on_step(delta), mouse_cursor=ft.MouseCursor.CLICK
            ),
        )

    def text(self) -> str:
        return self.model.draft.texts[self.key][self.player]

    def store(self, text: str) -> None:
        self.model.set_text(self.key, self.player, text)

    def on_change(self, e: ft.Event[ft.TextField]) -> None:
        text = typed_text(e)
        self.editing = True  # typing: the field has the focus, whatever came first
        self.store(text)
        self.changed(*self.crossed.typed(self.field, text))

    def on_step(self, delta: int) -> None:
        self.model.step(self.key, self.player, delta)
        self.changed(*self.sync())

    def mark(self, state: SheetState) -> list[ft.Control]:
        return mark_field(self.field, state.problem(self.key, self.player), self.ctx)

    def sync(self) -> list[ft.Control]:
        return self.crossed.put(self.field, self.shown())


class RoundCell(TextCell):
    """One player's entry on one per-round line in one round (``round-R-KEY-n``)."""

    def __init__(
        self,
        ctx: Context,
        model: SheetInProgress,
        line: Line,
        round_id: str,
        number: int,
        player: int,
        changed: Changed,
    ) -> None:
        self.round_id = round_id
        super().__init__(
            ctx, model, line, player, changed, ident=round_ident(number, line.key, player)
        )
        self.line_key = line.key

    def renumber(self, number: int) -> None:
        """The round moved (a round before it was deleted): its test id follows."""
        self.wrapper.identifier = round_ident(number, self.line_key, self.player)

    def text(self) -> str:
        return self.model.round_text(self.round_id, self.key, self.player)

    def store(self, text: str) -> None:
        self.model.set_round_text(self.round_id, self.key, self.player, text)

    def mark(self, state: SheetState) -> list[ft.Control]:
        problem = state.problem(round_key(self.round_id, self.key), self.player)
        changed = mark_field(self.field, problem, self.ctx)
        bonus = self.model.template.bids
        lost = (
            bonus is not None
            and bonus.bonus == self.key
            and (self.round_id, self.player) in state.bonus_lost
        )
        helper = self.ctx.t("app.not_counted_word") if lost and problem is None else None
        if self.field.helper != helper:  # a bonus on a missed bid: said, under it
            self.field.helper = helper
            changed = [self.field]
        return changed


def round_ident(number: int, key: str, player: int) -> str:
    """The test id of a round cell: ``round-R-KEY-n`` (round and player from 1)."""
    return f"round-{number}-{key}-{player + 1}"


class RateCell(TextCell):
    """A count whose worth depends on the player's board: the count, and a rate chip that
    opens a menu of the line's rates by name (Glass Road: the start building or the
    building placed on it); one pick sets it."""

    def __init__(
        self, ctx: Context, model: SheetInProgress, line: CountLine, player: int, changed: Changed
    ) -> None:
        super().__init__(ctx, model, line, player, changed)
        self.line = line
        self.rate_label = ft.Text(size=11, text_align=ft.TextAlign.CENTER)
        ident = f"rate-{line.key}-{player + 1}"
        self.rate_items = {
            rate.id: ft.PopupMenuItem(
                content=tid(f"{ident}-{rate.id}", ft.Text(pick(rate.label, ctx.lang))),
                on_click=lambda _e, rate_id=rate.id: self.on_rate(rate_id),
            )
            for rate in line.rates
        }
        self.rate_button = ft.PopupMenuButton(
            content=ft.Container(
                ft.Row(
                    [
                        # the tooltip says the rate, once, to a screen reader
                        ft.Semantics(content=self.rate_label, exclude_semantics=True),
                        ft.Icon(ft.Icons.ARROW_DROP_DOWN, size=14),
                    ],
                    tight=True,
                    spacing=0,
                ),
                border=ft.Border.all(1, ft.Colors.OUTLINE),
                border_radius=16,
                padding=ft.Padding.symmetric(horizontal=6, vertical=2),
            ),
            items=list(self.rate_items.values()),
            padding=0,
        )
        self._label_rate()
        count = self.control
        if count is self.wrapper:  # a field that fills a row, not the column below
            count = ft.Row([count], spacing=0, vertical_alignment=ft.CrossAxisAlignment.START)
        else:
            count.expand = None
        self.control = ft.Column(
            [count, tid(ident, self.rate_button)],
            spacing=0,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        )

    def _label_rate(self) -> None:
        current = self.model.draft.rates[self.key][self.player]
        rate = self.line.rate(current)
        self.rate_label.value = pick(rate.label, self.ctx.lang)
        self.rate_button.tooltip = self.rate_label.value  # what a screen reader says of it
        for rate_id, item in self.rate_items.items():
            item.checked = rate_id == current

    def on_rate(self, rate_id: str) -> None:
        self.model.set_rate(self.key, self.player, rate_id)
        self._label_rate()
        self.changed(self.rate_label, self.rate_button)

    def sync(self) -> list[ft.Control]:
        shown = self.rate_label.value
        self._label_rate()
        moved = [self.rate_label, self.rate_button] if self.rate_label.value != shown else []
        return super().sync() + moved


class CheckCell(SheetCell):
    def __init__(
        self, ctx: Context, model: SheetInProgress, line: Line, player: int, changed: Changed
    ) -> None:
        super().__init__()
        self.model, self.key, self.player, self.changed = model, line.key, player, changed
        self.box = ft.Checkbox(
            value=model.draft.checks[line.key][player],
            on_change=self.on_change,
            semantics_label=f"{pick(line.label, ctx.lang)}: {model.players[player]}",
        )
        self.crossed.follow(self.box)
        self.control = ft.Row(
            [tid(f"line-{line.key}-{player + 1}", self.box)],
            alignment=ft.MainAxisAlignment.CENTER,
        )

    def on_change(self, e: ft.Event[ft.Checkbox]) -> None:
        ticked = e.data is True  # the box's new state, as the event carries it
        self.model.set_check(self.key, self.player, ticked)
        self.changed(*self.crossed.typed(self.box, ticked))

    def sync(self) -> list[ft.Control]:
        return self.crossed.put(self.box, self.model.draft.checks[self.key][self.player])


class ProductCell(SheetCell):
    """Both numbers of a product line side by side: "a × b"."""

    def __init__(
        self, ctx: Context, model: SheetInProgress, line: Line, player: int, changed: Changed
    ) -> None:
        super().__init__()
        self.ctx, self.model, self.key, self.player = ctx, model, line.key, player
        self.changed = changed
        a, b = model.draft.pairs[line.key][player]
        self.fields = {
            "a": number_field(a, self._on_change("a"), line),
            "b": number_field(b, self._on_change("b"), line),
        }
        for field in self.fields.values():
            self.crossed.follow(field)
        n = player + 1
        self.control = ft.Row(
            [
                tid(f"line-{line.key}-{n}-a", self.fields["a"]),
                ft.Container(ft.Text("×"), padding=ft.Padding.only(top=8)),
                tid(f"line-{line.key}-{n}-b", self.fields["b"]),
            ],
            spacing=2,
            vertical_alignment=ft.CrossAxisAlignment.START,
        )

    def _on_change(self, part: str) -> Callable[[ft.Event[ft.TextField]], None]:
        def changed(e: ft.Event[ft.TextField]) -> None:
            text = typed_text(e)
            self.model.set_pair(self.key, self.player, part, text)
            self.changed(*self.crossed.typed(self.fields[part], text))

        return changed

    def mark(self, state: SheetState) -> list[ft.Control]:
        return [
            control
            for part, field in self.fields.items()
            for control in mark_field(field, state.problem(self.key, self.player, part), self.ctx)
        ]

    def sync(self) -> list[ft.Control]:
        pair = self.model.draft.pairs[self.key][self.player]
        return self.crossed.put(self.fields["a"], pair[0]) + self.crossed.put(
            self.fields["b"], pair[1]
        )


class ExtraCell(SumField, SheetCell):
    """Points typed by hand on a line the players added."""

    def __init__(
        self, ctx: Context, model: SheetInProgress, row: int, player: int, changed: Changed
    ) -> None:
        SheetCell.__init__(self)
        self.ctx, self.model, self.row, self.player = ctx, model, row, player
        self.changed = changed
        self.field = number_field("", self.on_change, None)
        self.field.value = self.shown()
        self.wire()
        self.crossed.follow(self.field)
        self.control = tid(f"extra-{row + 1}-{player + 1}", self.field)

    def text(self) -> str:
        return self.model.draft.extra[self.row].points[self.player]

    def on_change(self, e: ft.Event[ft.TextField]) -> None:
        text = typed_text(e)
        self.editing = True
        self.model.set_extra_points(self.row, self.player, text)
        self.changed(*self.crossed.typed(self.field, text))

    def mark(self, state: SheetState) -> list[ft.Control]:
        return mark_field(self.field, state.problem(f"extra:{self.row}", self.player), self.ctx)

    def sync(self) -> list[ft.Control]:
        return self.crossed.put(self.field, self.shown())


MakeCell = Callable[[Context, SheetInProgress, Line, int, Changed], SheetCell]
"""Builds one player's cell on a line: (ctx, model, line, player from 0, changed)."""


def _count_cell(
    ctx: Context, model: SheetInProgress, line: Line, player: int, changed: Changed
) -> SheetCell:
    """A count with rates gets a rate chip beside its number (``RateCell``)."""
    if is_rated(line):
        return RateCell(ctx, model, line, player, changed)
    return TextCell(ctx, model, line, player, changed)


CELLS: dict[type[Line], MakeCell] = {
    CheckLine: CheckCell,
    ProductLine: ProductCell,
    CountLine: _count_cell,
}
"""Each kind of line's cell, by its core class (others: ``TextCell``)."""


def make_cell(
    ctx: Context, model: SheetInProgress, line: Line, player: int, changed: Changed
) -> SheetCell:
    """The cell of a line's kind (its class's, or the nearest base class's)."""
    for cls in type(line).__mro__:
        found = CELLS.get(cls)
        if found is not None:
            return found(ctx, model, line, player, changed)
    return TextCell(ctx, model, line, player, changed)
