"""The game editor's building blocks: a text field that keeps what is typed, its texts
in each language (the person's own first, the others for "More options"), a folded
"More options", and a list item's card with its up and remove buttons, which add,
remove and move items the same way wherever they are used.

``GameEditorView`` (``game_editor``) and the sheet's "Add a line" dialog (``add_line``)
are built on these; they need of them only what ``EditorParts`` declares.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from typing import Any

import flet as ft

from scorepad.core.i18n import LANGS
from scorepad.core.limits import MAX_LINES, MAX_RATES, MAX_RULES, MAX_VARIANTS
from scorepad.editor.form import Checked, GameForm, LineForm, first_text
from scorepad.editor.rules import RuleForm
from scorepad.ui.context import Context
from scorepad.ui.views.common import tid

Columns = dict[str | ft.ResponsiveRowBreakpoint, int | float]
"""How many of a responsive row's 12 columns a field takes, by screen size."""
HALF: Columns = {"xs": 12, "md": 6}
THIRD: Columns = {"xs": 12, "md": 4}
QUARTER: Columns = {"xs": 6, "md": 3}
_MOST = {"line": MAX_LINES, "variant": MAX_VARIANTS}
"""The most items of an editor's list section; the rule lists' (sets, bonuses, tie-breakers,
reminders): ``MAX_RULES``."""
FITS_HALF = 18
"""The longest label that fits on one line in a field half a phone wide (390 pixels):
a longer one takes the whole width there, as its floating label would otherwise wrap
over the field's border ("Le total ne descend jamais sous")."""
FITS_QUARTER = 28
"""The longest label that fits on one line in a field a quarter of the widest screen
wide: a longer one takes half of it (``fitted``)."""


def fitted(col: Columns, label: str) -> Columns:
    """``col`` for a field labelled ``label``: a field half a phone wide whose label
    would wrap takes the whole width of a phone and half of a wider screen (a quarter
    of the widest, where the label fits there)."""
    if col.get("xs") != 6 or len(label) <= FITS_HALF:
        return col
    wider: Columns = {**col, "xs": 12, "md": 6}
    if len(label) <= FITS_QUARTER and "md" in col:
        wider["xl"] = col["md"]
    return wider


SERIAL = itertools.count(1)
"""Makes every scroll key new: Flutter keeps one global key per value, and a section
rebuilt would otherwise put a second control under the key of one still leaving."""


def test_id(field: str) -> str:
    """Form field → test id: ``line-0-rate-1-per`` → ``game-line-1-rate-2-per`` (items
    count from 1 on screen; a player count, ``rounds-players-4``, stays as it is)."""
    split = field.split("-")
    parts = [
        str(int(p) + 1) if p.isdigit() and split[i - 1 : i] != ["players"] else p
        for i, p in enumerate(split)
    ]
    return "game-" + "-".join(parts).replace("_", "-")


class EditorParts:
    ctx: Context
    form: GameForm
    problem: ft.Text
    """What is wrong, over the whole form."""
    fields: dict[str, ft.TextField]
    touch: dict[str, tuple[Any, str]]
    """Field → the item it edits and the name it is touched by."""
    fold_of: dict[str, str]
    """Field → the "More options" fold it is in."""
    folds: dict[str, ft.Column]
    pending: tuple[LineForm, list[tuple[ft.Control, bool]], ft.Text] | None
    scroll_keys: dict[str, str] | None = None
    """The form's names of what a refused Save may scroll to (fields, a rule's lines) →
    the scroll key of the control showing it now (``keyed``); None where nothing is
    scrolled to (the sheet's "Add a line" dialog)."""
    title: ft.Text
    """The title of the card built last."""
    tools: ft.Row
    """The title and buttons of the card built last."""

    def recheck(self) -> Checked:
        raise NotImplementedError

    def adopt(self) -> bool:
        raise NotImplementedError

    def refill(self, section: str) -> None:
        """Rebuilds ``section``'s cards from the form, then rechecks."""
        raise NotImplementedError

    # --- a list's buttons: each changes the list, then rebuilds its section -------------
    def add(self, section: str, items: list[Any], make: Callable[[], Any]) -> None:
        if self.full(section, items):
            return
        items.append(make())
        self.refill(section)

    def full(self, section: str, items: list[Any]) -> bool:
        """Whether ``items`` holds as many as a game may (``core/limits.py``): then the
        editor says so and adds none (a game file past it would be refused on Save)."""
        limit = _MOST.get(section, MAX_RULES)
        if section == "line" and items is not self.form.lines:
            limit = MAX_RATES  # a line's rates
        if len(items) < limit:
            return False
        self.problem.value = self.ctx.t("template.too_many", count=len(items) + 1, limit=limit)
        return True

    def remove(self, section: str, items: list[Any], i: int) -> None:
        del items[i]
        self.refill(section)

    def move_up(self, section: str, items: list[Any], i: int) -> None:
        items[i - 1], items[i] = items[i], items[i - 1]
        self.refill(section)

    def named(self, item: Any, name: str) -> str:
        """``item``'s text ``name`` as typed in the person's language, else in English,
        else in the first language typed in."""
        own = getattr(item, f"{name}_{self.ctx.lang}", "") if self.ctx.lang in LANGS else ""
        return str(own).strip() or first_text(item, name)

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
        it touches ``touch`` (an item and a name in its ``touched``); wider than ``col``
        where its label would wrap (``fitted``)."""
        col = fitted(col, label)
        box = ft.TextField(
            label=label, value=value, dense=True, disabled=disabled, multiline=multiline
        )

        def changed(e: ft.Event[ft.TextField]) -> None:
            write(str(e.control.value or ""))
            item = touch[0]
            item.touched.add(touch[1])
            if touch[1] == "id" and item is self.form:
                self.form.auto_id = False
            if touch[1] == "key" and isinstance(item, LineForm | RuleForm):
                item.auto_key = False  # typed: it no longer follows the label
            adopted = True
            if self.pending is not None and item is self.pending[0]:
                adopted = self.adopt()
            self.recheck()
            if not adopted:  # said after the check, which says what else is wrong
                self.full("line", self.form.lines)

        box.on_change = changed
        self.fields[name] = box
        self.touch[name] = touch
        # the scroll key: a refused Save scrolls the field into view by it (show_first)
        return self.keyed(name, ft.Container(tid(self.ident(name), box), col=col))

    def keyed(self, name: str, control: ft.Control) -> ft.Control:
        """``control`` with a new scroll key, noted as the one to scroll to for ``name``."""
        if self.scroll_keys is not None:
            key = self.scroll_keys[name] = f"{name}@{next(SERIAL)}"
            control.key = ft.ScrollKey(key)  # type: ignore[call-arg]  # made when first used
        return control

    def ident(self, name: str) -> str:
        """The test id of the form's field ``name`` (``test_id``)."""
        return test_id(name)

    def in_each_language(
        self,
        where: str,
        item: object,
        name: str,
        *,
        col: Columns = HALF,
        multiline: bool = False,
        label: str = "",
        optional: bool = False,
        fields: Mapping[str, object] | None = None,
    ) -> list[ft.Control]:
        """A field per language for ``item``'s text ``name``, labelled by the messages
        ``<label>_en``, ``<label>_es``… (default: ``manage.<name>_en``…) with ``fields``
        in them. The text is needed in one language, the person's own: the others are
        labelled "(optional)" (they read it while left blank). With ``optional`` (a hint,
        a description) it may be left out in every language, and its messages say so."""
        label = label or f"manage.{name}"
        own = self.ctx.lang if self.ctx.lang in LANGS else LANGS[0]
        boxes = []
        for lang in LANGS:
            text = self.ctx.t(f"{label}_{lang}", **(fields or {}))
            if lang != own and not optional:
                text = self.ctx.t("manage.optional", label=text)
            boxes.append(
                self.field(where, item, f"{name}_{lang}", text, col=col, multiline=multiline)
            )
        return boxes

    def mine_and_others(
        self,
        where: str,
        item: object,
        name: str,
        *,
        col: Columns = HALF,
        multiline: bool = False,
        label: str = "",
        **fields: object,
    ) -> tuple[list[ft.Control], list[ft.Control]]:
        """``in_each_language`` split: the field in the person's language, and the
        others (optional, for "More options")."""
        boxes = self.in_each_language(
            where, item, name, col=col, multiline=multiline, label=label, fields=fields
        )
        lang = self.ctx.lang if self.ctx.lang in LANGS else LANGS[0]
        i = LANGS.index(lang)
        return [boxes[i]], boxes[:i] + boxes[i + 1 :]

    def mark(self) -> int:
        """Where the fields built from now on start (for ``fold``)."""
        return len(self.fields)

    def fold(self, ident: str, controls: list[ft.Control], start: int) -> list[ft.Control]:
        """A "More options" button and ``controls`` under it, shown while the fold is in
        the form's ``open`` (pressed open, or opened for what is set or wrong in it, and
        kept so while the form lives); the fields built since ``start`` are in it."""
        for name in list(self.fields)[start:]:
            self.fold_of[name] = ident
        body = ft.Column(controls, spacing=6, visible=ident in self.form.open)
        self.folds[ident] = body

        def toggle() -> None:
            body.visible = not body.visible
            (self.form.open.add if body.visible else self.form.open.discard)(ident)

        button = ft.TextButton(
            self.ctx.t("manage.more_options"), icon=ft.Icons.TUNE, on_click=toggle
        )
        return [tid(ident, button), body]

    def card(
        self, where: str, section: str, items: list[Any], i: int, title: str, body: list[ft.Control]
    ) -> ft.Control:
        """One item of a list: its title, up and remove buttons, then its fields."""
        ident = test_id(where.rstrip("-"))
        self.title = ft.Text(title, weight=ft.FontWeight.BOLD, expand=True)
        self.tools = tools = ft.Row(
            [
                self.title,
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
