"""Create or edit a user-defined game, with its sheet previewed as it is typed.

Fields keep exactly what was typed (``GameForm``); after every change the form is
checked by the core and the complaint is shown under the field it concerns. Typing only
updates errors and the preview; adding, removing or changing a line's kind rebuilds the
lines (so a field being typed in never loses its focus).
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.core import GameTemplate, ScorepadError
from scorepad.core.i18n import pick
from scorepad.ui import manage_messages  # noqa: F401 - registers this screen's sentences
from scorepad.ui.context import Context
from scorepad.ui.game_form import (
    FIELDS_BY_KIND,
    KINDS,
    Checked,
    GameForm,
    LineForm,
    TiebreakForm,
    problem_text,
)
from scorepad.ui.views.common import heading, muted, players_range, screen, tid

EXTRA_FIELDS = ("min", "max", "per", "every", "rates", "values", "points", "factors")


def test_id(field: str) -> str:
    """Form field → test id: ``line-0-per`` → ``game-line-1-per`` (lines count from 1)."""
    parts = field.split("-")
    if parts[0] in ("line", "tb") and len(parts) > 1 and parts[1].isdigit():
        parts[1] = str(int(parts[1]) + 1)
    return "game-" + "-".join(parts).replace("_", "-")


class GameEditorView:
    def __init__(self, ctx: Context, form: GameForm) -> None:
        self.ctx = ctx
        self.form = form
        self.fields: dict[str, ft.TextField] = {}
        self.lines = ft.Column(spacing=8)
        self.tiebreakers = ft.Column(spacing=8)
        self.problem = ft.Text("", color=ft.Colors.ERROR, size=14)
        self.preview = ft.Column(spacing=2)
        self.checked: Checked | None = None

    # --- building -----------------------------------------------------------------------
    def text(
        self,
        field: str,
        label: str,
        value: str,
        setter: Callable[[str], None],
        *,
        col: dict | None = None,
        disabled: bool = False,
    ) -> ft.Control:
        box = ft.TextField(label=label, value=value, dense=True, disabled=disabled)

        def changed(e: ft.Event[ft.TextField]) -> None:
            setter(str(e.control.value or ""))
            self.recheck()

        box.on_change = changed
        self.fields[field] = box
        wrapped = tid(test_id(field), box)
        return ft.Container(wrapped, col=col or {"xs": 12, "md": 6})

    def build(self) -> ft.View:
        ctx, form = self.ctx, self.form
        wins = ft.RadioGroup(
            value=form.wins,
            on_change=self.on_wins,
            content=ft.Row(
                [
                    tid(f"game-wins-{w}", ft.Radio(value=w, label=ctx.t(f"manage.wins_{w}")))
                    for w in ("highest", "lowest")
                ],
                wrap=True,
            ),
        )
        head = ft.ResponsiveRow(
            [
                self.text(
                    "id", ctx.t("manage.game_id"), form.id, self._set("id"), disabled=form.editing
                ),
                self.text(
                    "variants", ctx.t("manage.variants"), form.variants, self._set("variants")
                ),
                self.text("name-en", ctx.t("manage.name_en"), form.name_en, self._set("name_en")),
                self.text("name-es", ctx.t("manage.name_es"), form.name_es, self._set("name_es")),
                self.text(
                    "min_players",
                    ctx.t("manage.min_players"),
                    form.min_players,
                    self._set("min_players"),
                    col={"xs": 6, "md": 3},
                ),
                self.text(
                    "max_players",
                    ctx.t("manage.max_players"),
                    form.max_players,
                    self._set("max_players"),
                    col={"xs": 6, "md": 3},
                ),
            ]
        )
        self.fill_lines()
        self.fill_tiebreakers()
        self.recheck()
        title = ctx.t("manage.edit_game") if form.editing else ctx.t("manage.new_game")
        body: list[ft.Control] = [
            ft.Container(head, padding=ft.Padding.only(top=8)),
            tid("game-wins", wins),
            heading(ctx.t("manage.lines")),
            muted(ctx.t("manage.lines_help")),
            self.lines,
            tid(
                "game-add-line",
                ft.OutlinedButton(
                    ctx.t("manage.add_line"), icon=ft.Icons.ADD, on_click=self.on_add_line
                ),
            ),
            heading(ctx.t("manage.tiebreakers")),
            muted(ctx.t("manage.tiebreakers_help")),
            self.tiebreakers,
            tid(
                "game-add-tiebreak",
                ft.OutlinedButton(
                    ctx.t("manage.add_tiebreak"), icon=ft.Icons.ADD, on_click=self.on_add_tiebreak
                ),
            ),
            heading(ctx.t("manage.preview")),
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
                    tid(
                        "game-save",
                        ft.FilledButton(ctx.t("manage.save_game"), on_click=self.on_save),
                    ),
                    tid(
                        "game-cancel",
                        ft.TextButton(
                            ctx.t("manage.cancel"), on_click=lambda: ctx.navigate("/games")
                        ),
                    ),
                ]
            ),
        ]
        return screen(ctx, title, body)

    def _set(self, name: str, target: object | None = None) -> Callable[[str], None]:
        def setter(value: str) -> None:
            setattr(target if target is not None else self.form, name, value)

        return setter

    def fill_lines(self) -> None:
        for name in [f for f in self.fields if f.startswith("line-")]:
            del self.fields[name]
        self.lines.controls = [self.line_card(i, line) for i, line in enumerate(self.form.lines)]

    def line_card(self, i: int, line: LineForm) -> ft.Control:
        ctx = self.ctx
        n = i + 1
        kind = ft.Row(
            [
                tid(
                    f"game-line-{n}-kind-{k}",
                    ft.Chip(
                        label=ft.Text(ctx.t(f"manage.kind_{k}")),
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
        extras = [
            self.text(
                f"line-{i}-{name}",
                ctx.t(f"manage.field_{name}"),
                getattr(line, name),
                self._set(name, line),
                col={
                    "xs": 6 if name not in ("rates", "values", "factors") else 12,
                    "md": 3 if name not in ("rates", "values", "factors") else 6,
                },
            )
            for name in EXTRA_FIELDS
            if name in shown
        ]
        checks: list[ft.Control] = [
            tid(
                f"game-line-{n}-counts",
                ft.Checkbox(
                    label=ctx.t("manage.not_added"),
                    value=not line.counts,
                    on_change=lambda e: self.on_flag(line, "counts", not e.control.value),
                ),
            )
        ]
        if "halves" in shown:
            checks.append(
                tid(
                    f"game-line-{n}-halves",
                    ft.Checkbox(
                        label=ctx.t("manage.halves"),
                        value=line.halves,
                        on_change=lambda e: self.on_flag(line, "halves", bool(e.control.value)),
                    ),
                )
            )
        tools = ft.Row(
            [
                ft.Text(ctx.t("manage.line_n", n=n), weight=ft.FontWeight.BOLD, expand=True),
                tid(
                    f"game-line-{n}-up",
                    ft.IconButton(
                        ft.Icons.ARROW_UPWARD,
                        tooltip=ctx.t("manage.move_up"),
                        disabled=i == 0,
                        on_click=lambda: self.on_move(i),
                    ),
                ),
                tid(
                    f"game-line-{n}-remove",
                    ft.IconButton(
                        ft.Icons.DELETE_OUTLINE,
                        tooltip=ctx.t("manage.remove"),
                        on_click=lambda: self.on_remove(i),
                    ),
                ),
            ]
        )
        return tid(
            f"game-line-{n}",
            ft.Container(
                ft.Column(
                    [
                        tools,
                        ft.ResponsiveRow(
                            [
                                self.text(
                                    f"line-{i}-key",
                                    ctx.t("manage.key"),
                                    line.key,
                                    self._set("key", line),
                                    col={"xs": 12, "md": 4},
                                ),
                                self.text(
                                    f"line-{i}-label-en",
                                    ctx.t("manage.label_en"),
                                    line.label_en,
                                    self._set("label_en", line),
                                    col={"xs": 12, "md": 4},
                                ),
                                self.text(
                                    f"line-{i}-label-es",
                                    ctx.t("manage.label_es"),
                                    line.label_es,
                                    self._set("label_es", line),
                                    col={"xs": 12, "md": 4},
                                ),
                            ]
                        ),
                        tid(f"game-line-{n}-kind", kind),
                        ft.ResponsiveRow(
                            [
                                *extras,
                                self.text(
                                    f"line-{i}-hint-en",
                                    ctx.t("manage.hint_en"),
                                    line.hint_en,
                                    self._set("hint_en", line),
                                ),
                                self.text(
                                    f"line-{i}-hint-es",
                                    ctx.t("manage.hint_es"),
                                    line.hint_es,
                                    self._set("hint_es", line),
                                ),
                                self.text(
                                    f"line-{i}-variants",
                                    ctx.t("manage.line_variants"),
                                    line.variants,
                                    self._set("variants", line),
                                    col={"xs": 6, "md": 3},
                                ),
                            ]
                        ),
                        ft.Row(checks, wrap=True),
                    ],
                    spacing=6,
                ),
                padding=8,
                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                border_radius=8,
            ),
        )

    def fill_tiebreakers(self) -> None:
        ctx = self.ctx
        for name in [f for f in self.fields if f.startswith("tb-")]:
            del self.fields[name]
        cards = []
        for i, tb in enumerate(self.form.tiebreakers):
            n = i + 1
            prefer = ft.RadioGroup(
                value=tb.prefer,
                on_change=self._prefer_setter(tb),
                content=ft.Row(
                    [
                        tid(
                            f"game-tb-{n}-prefer-{p}",
                            ft.Radio(value=p, label=ctx.t(f"manage.prefer_{p}")),
                        )
                        for p in ("more", "fewer")
                    ],
                    wrap=True,
                ),
            )
            cards.append(
                tid(
                    f"game-tb-{n}",
                    ft.Container(
                        ft.Column(
                            [
                                ft.Row(
                                    [
                                        ft.Text(
                                            ctx.t("manage.tiebreak_n", n=n),
                                            weight=ft.FontWeight.BOLD,
                                            expand=True,
                                        ),
                                        tid(
                                            f"game-tb-{n}-up",
                                            ft.IconButton(
                                                ft.Icons.ARROW_UPWARD,
                                                tooltip=ctx.t("manage.move_up"),
                                                disabled=i == 0,
                                                on_click=self._tb_action(self.on_move_tb, i),
                                            ),
                                        ),
                                        tid(
                                            f"game-tb-{n}-remove",
                                            ft.IconButton(
                                                ft.Icons.DELETE_OUTLINE,
                                                tooltip=ctx.t("manage.remove"),
                                                on_click=self._tb_action(self.on_remove_tb, i),
                                            ),
                                        ),
                                    ]
                                ),
                                ft.ResponsiveRow(
                                    [
                                        self.text(
                                            f"tb-{i}-label-en",
                                            ctx.t("manage.label_en"),
                                            tb.label_en,
                                            self._set("label_en", tb),
                                            col={"xs": 12, "md": 4},
                                        ),
                                        self.text(
                                            f"tb-{i}-label-es",
                                            ctx.t("manage.label_es"),
                                            tb.label_es,
                                            self._set("label_es", tb),
                                            col={"xs": 12, "md": 4},
                                        ),
                                        self.text(
                                            f"tb-{i}-terms",
                                            ctx.t("manage.terms"),
                                            tb.terms,
                                            self._set("terms", tb),
                                            col={"xs": 12, "md": 4},
                                        ),
                                    ]
                                ),
                                tid(f"game-tb-{n}-prefer", prefer),
                            ],
                            spacing=6,
                        ),
                        padding=8,
                        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                        border_radius=8,
                    ),
                )
            )
        self.tiebreakers.controls = cards

    # --- checking and preview -----------------------------------------------------------
    def recheck(self) -> Checked:
        ctx = self.ctx
        checked = self.checked = self.form.check()
        shown_at_field = False
        for name, box in self.fields.items():
            problem = checked.problems.get(name)
            box.error = problem_text(problem, ctx.lang, ctx.t) if problem is not None else None
            shown_at_field = shown_at_field or problem is not None
        if checked.problems and not shown_at_field:
            self.problem.value = "; ".join(
                problem_text(p, ctx.lang, ctx.t) for p in checked.problems.values()
            )
        else:
            self.problem.value = ""
        self.preview.controls = self.preview_rows(checked.template)
        return checked

    def preview_rows(self, template: GameTemplate | None) -> list[ft.Control]:
        ctx, lang = self.ctx, self.ctx.lang
        if template is None:
            return [muted(ctx.t("manage.preview_waiting"), size=14)]
        rows: list[ft.Control] = [
            ft.Text(pick(template.name, lang), weight=ft.FontWeight.BOLD, size=16),
            muted(
                players_range(ctx, template.min_players, template.max_players)
                + " · "
                + ctx.t(f"manage.wins_{template.wins}")
            ),
        ]
        for line in template.lines:
            label = pick(line.label, lang)
            if line.variants:
                label += " (" + ", ".join(line.variants) + ")"
            rows.append(
                ft.Row(
                    [
                        ft.Text(label, expand=True, size=14),
                        muted(line.describe(lang)),
                    ]
                )
            )
        for tb in template.tiebreakers:
            rows.append(muted(ctx.t("manage.preview_tiebreak", label=pick(tb.label, lang))))
        return rows

    # --- handlers -----------------------------------------------------------------------
    def on_wins(self, e: ft.Event[ft.RadioGroup]) -> None:
        self.form.wins = str(e.control.value)
        self.recheck()

    @staticmethod
    def _tb_action(action: Callable[[int], None], i: int) -> Callable[[], None]:
        return lambda: action(i)

    def _prefer_setter(self, tb: TiebreakForm) -> Callable[[ft.Event[ft.RadioGroup]], None]:
        return lambda e: self.on_prefer(tb, str(e.control.value))

    def _kind_setter(self, i: int, kind: str) -> Callable[[], None]:
        return lambda: self.on_kind(i, kind)

    def on_kind(self, i: int, kind: str) -> None:
        self.form.lines[i].kind = kind
        self.fill_lines()
        self.recheck()

    def on_flag(self, line: LineForm, name: str, value: bool) -> None:
        setattr(line, name, value)
        self.recheck()

    def on_prefer(self, tb: TiebreakForm, value: str) -> None:
        tb.prefer = value
        self.recheck()

    def on_add_line(self) -> None:
        self.form.lines.append(LineForm())
        self.fill_lines()
        self.recheck()

    def on_remove(self, i: int) -> None:
        del self.form.lines[i]
        self.fill_lines()
        self.recheck()

    def on_move(self, i: int) -> None:
        lines = self.form.lines
        lines[i - 1], lines[i] = lines[i], lines[i - 1]
        self.fill_lines()
        self.recheck()

    def on_add_tiebreak(self) -> None:
        self.form.tiebreakers.append(TiebreakForm())
        self.fill_tiebreakers()
        self.recheck()

    def on_remove_tb(self, i: int) -> None:
        del self.form.tiebreakers[i]
        self.fill_tiebreakers()
        self.recheck()

    def on_move_tb(self, i: int) -> None:
        tbs = self.form.tiebreakers
        tbs[i - 1], tbs[i] = tbs[i], tbs[i - 1]
        self.fill_tiebreakers()
        self.recheck()

    def on_save(self) -> None:
        ctx = self.ctx
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
