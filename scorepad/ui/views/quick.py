"""The quick form, ``/quick[?name=…]`` ("Another game" in the game picker): a game outside
the catalogue scored at once. Its name (suggested from the collection and the quick
games played before, which bring their BoardGameGeek id and options), a total per player
or rounds of points, lowest wins, a target that ends the game, co-operative; the players
are New play's own part (``newplay.quick_view`` puts the two together). "Go" makes the
quick game (``History.quick_game``) and opens its sheet, as New play's Start does for any
game.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.core import ScorepadError
from scorepad.core.quick import MAX_QUICK_NAME, QuickGame
from scorepad.ui.context import Context
from scorepad.ui.quick_model import QuickForm, Suggestion, problem_of, suggestions_from
from scorepad.ui.views.common import muted, tid
from scorepad.ui.views.pdf import status_line, teller


def known_names(ctx: Context) -> list[Suggestion]:
    """What the name field suggests (none when the history cannot answer)."""
    history = ctx.services.history
    try:
        return suggestions_from(history.quick_games(), history.owned_games())
    except ScorepadError:
        return []


class QuickPart:
    """The quick game's own fields on the New play form (the players are the form's)."""

    def __init__(self, ctx: Context, form: QuickForm) -> None:
        self.ctx = ctx
        self.form = form
        t = ctx.t
        self.name = ft.TextField(
            label=t("quick.name"),
            value=form.name,
            on_change=self.on_name,
            autofocus=not ctx.compact,
            capitalization=ft.TextCapitalization.WORDS,
            max_length=MAX_QUICK_NAME,
            expand=True,
        )
        self.suggested = ft.Row(wrap=True, spacing=4, run_spacing=4)
        self.bgg = muted("", size=13)
        self.scoring = ft.RadioGroup(
            value="rounds" if form.rounds else "totals",
            on_change=self.on_scoring,
            content=ft.Column(
                [
                    tid("quick-totals", ft.Radio(value="totals", label=t("quick.totals"))),
                    tid("quick-rounds", ft.Radio(value="rounds", label=t("quick.rounds"))),
                ],
                spacing=0,
            ),
        )
        self.lowest = ft.Checkbox(
            label=t("quick.lowest_wins"), value=form.lowest_wins, on_change=self.on_lowest
        )
        self.cooperative = ft.Checkbox(
            label=t("quick.cooperative"), value=form.cooperative, on_change=self.on_cooperative
        )
        self.target = ft.TextField(
            label=t("quick.target_score"),
            value=form.target,
            on_change=self.on_target,
            keyboard_type=ft.KeyboardType.NUMBER,
            helper=t("quick.target_help"),
            expand=ctx.compact,
            width=None if ctx.compact else 360,
        )
        self.message = status_line()
        self.show_suggestions()
        self.show_bgg()

    def controls(self) -> list[ft.Control]:
        return [
            ft.Row([tid("quick-name", self.name)]),
            self.suggested,
            tid("quick-bgg", ft.Container(self.bgg)),
            tid("quick-scoring", self.scoring),
            ft.Row([tid("quick-target", self.target)]),
            ft.Row(
                [tid("quick-lowest", self.lowest), tid("quick-cooperative", self.cooperative)],
                wrap=True,
            ),
            tid("quick-message", self.message),
            ft.Divider(height=1),
            ft.Text(self.ctx.t("app.players"), weight=ft.FontWeight.BOLD),
        ]

    # --- the name and its suggestions ------------------------------------------------------
    def show_suggestions(self) -> list[ft.Control]:
        found = self.form.suggestions()
        chips: list[ft.Control] = [
            tid(
                f"quick-suggest-{n}",
                ft.OutlinedButton(
                    s.name,
                    icon=ft.Icons.HISTORY if s.options is not None else ft.Icons.SHELVES,
                    on_click=self._chosen(s),
                ),
            )
            for n, s in enumerate(found, 1)
        ]
        self.suggested.controls = chips
        self.suggested.visible = bool(chips)
        return [self.suggested]

    def show_bgg(self) -> list[ft.Control]:
        bgg = self.form.bgg_id
        self.bgg.value = self.ctx.t("quick.bgg", id=bgg) if bgg is not None else ""
        self.bgg.visible = bgg is not None
        return [self.bgg]

    def _chosen(self, suggestion: Suggestion) -> Callable[[], None]:
        def chosen() -> None:
            self.form.choose(suggestion)
            form = self.form
            self.name.value, self.name.error = form.name, None
            self.scoring.value = "rounds" if form.rounds else "totals"
            self.lowest.value, self.cooperative.value = form.lowest_wins, form.cooperative
            self.target.value, self.target.error = form.target, None
            self.show_suggestions()
            self.show_bgg()

        return chosen

    def on_name(self, e: ft.Event[ft.TextField]) -> None:
        self.form.set_name(e.control.value or "")
        self.name.error = None
        self.show_suggestions()
        self.show_bgg()

    # --- options ---------------------------------------------------------------------------
    def on_scoring(self, e: ft.Event[ft.RadioGroup]) -> None:
        self.form.rounds = e.control.value == "rounds"

    def on_lowest(self, e: ft.Event[ft.Checkbox]) -> None:
        self.form.lowest_wins = bool(e.control.value)

    def on_cooperative(self, e: ft.Event[ft.Checkbox]) -> None:
        self.form.cooperative = bool(e.control.value)

    def on_target(self, e: ft.Event[ft.TextField]) -> None:
        self.form.target = e.control.value or ""
        self.target.error = None

    def checked(self) -> QuickGame | None:
        """The quick game the fields give, or None once every problem is said under its
        field (the others, between two options, in the message line)."""
        found = self.form.game()
        if isinstance(found, QuickGame):
            self.message.value = ""
            return found
        lang = self.ctx.lang
        name, target = problem_of(found, "name"), problem_of(found, "target")
        self.name.error = name.message(lang) if name is not None else None
        self.target.error = target.message(lang) if target is not None else None
        rest = [p.error.message(lang) for p in found if p.field not in ("name", "target")]
        if rest:
            teller(self.message)("\n".join(rest), True)
        return None
