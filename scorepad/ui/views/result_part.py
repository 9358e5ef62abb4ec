"""What a co-operative or team play's sheet shows besides the lines: who won, as the
players say or as the teams' totals decide.

- a co-operative game (Pandemic, Hanabi): "We won" / "We lost" (``outcome-won``,
  ``outcome-lost``), chosen by the players, and the table's score when the game has one
  (``table-score``);
- a team game: each team with its members, its total when the game has a score
  (``team-total-T``) and which team won (``team-won-T``): a trophy on the teams' totals,
  or the players' choice where the game has no score (Codenames).

The choice is an edit of the sheet (``OutcomeEdit``) like a typed value: it goes to the
draft and to every other device showing the sheet. Nothing here decides a winner: the
model's scored state says who won.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.core.i18n import join_words
from scorepad.core.results import has_score, table_score
from scorepad.core.scoring import show
from scorepad.sheet.progress import SheetInProgress, SheetState
from scorepad.sheet.result import needs_choice, teams_in_play
from scorepad.ui.context import Context
from scorepad.ui.views.common import TROPHY, muted, tid

CHOSEN = ft.Icons.RADIO_BUTTON_CHECKED
NOT_CHOSEN = ft.Icons.RADIO_BUTTON_UNCHECKED


class ResultPart:
    """The outcome or the teams of one sheet (nothing for a game each for themselves)."""

    def __init__(self, ctx: Context, model: SheetInProgress, changed: Callable[..., None]) -> None:
        self.ctx, self.model, self.changed = ctx, model, changed
        template = model.template
        self.rule = template.result
        self.scored = has_score(template)
        self.choosing = needs_choice(template)
        self.choices: dict[str, ft.OutlinedButton] = {}
        """The buttons the players choose with, by the outcome they choose."""
        self.team_totals: dict[int, ft.Text] = {}
        self.trophies: dict[int, ft.Control] = {}
        """What shows each team's win: its trophy, or the trophy's test id wrapper."""
        self.table_score = ft.Text(weight=ft.FontWeight.BOLD)
        self.parts: list[ft.Control] = []
        if self.rule is not None:
            self.parts = self._cooperative() if self.rule.kind == "cooperative" else self._teams()

    @property
    def shown(self) -> bool:
        return self.rule is not None

    def controls(self) -> list[ft.Control]:
        return self.parts

    def _choice(self, ident: str, outcome: str, text: str) -> ft.Control:
        button = ft.OutlinedButton(
            text, icon=NOT_CHOSEN, on_click=lambda _e=None: self.on_choose(outcome)
        )
        self.choices[outcome] = button
        return tid(ident, button)

    def _cooperative(self) -> list[ft.Control]:
        t = self.ctx.t
        found: list[ft.Control] = [
            ft.Text(t("app.outcome"), weight=ft.FontWeight.BOLD),
            ft.Row(
                [
                    self._choice("outcome-won", "won", t("app.outcome_won")),
                    self._choice("outcome-lost", "lost", t("app.outcome_lost")),
                ],
                wrap=True,
            ),
        ]
        if self.scored:
            found.append(
                ft.Row(
                    [ft.Text(t("app.table_score")), tid("table-score", self.table_score)],
                    wrap=True,
                )
            )
        return found

    def _teams(self) -> list[ft.Control]:
        draft = self.model.draft
        rows: list[ft.Control] = [ft.Text(self.ctx.t("app.teams"), weight=ft.FontWeight.BOLD)]
        for team in teams_in_play(draft):
            members = [p for p, t in zip(draft.players, draft.teams, strict=True) if t == team]
            trophy = ft.Icon(ft.Icons.EMOJI_EVENTS, color=TROPHY, size=18)
            if self.choosing:  # its place kept while hidden
                place: ft.Control = ft.Container(trophy, width=18)
                trophy.visible = False
                self.trophies[team] = trophy
            else:  # the wrapper hidden: a Semantics must show its content
                place = tid(f"team-won-{team}", trophy)
                place.visible = False
                self.trophies[team] = place
            parts: list[ft.Control] = [
                place,
                ft.Column(
                    [
                        ft.Text(draft.team_names[team - 1], weight=ft.FontWeight.W_500),
                        muted(join_words(members, self.ctx.lang), size=12),
                    ],
                    spacing=0,
                    expand=True,
                ),
            ]
            if self.scored:
                total = ft.Text(size=18, weight=ft.FontWeight.BOLD)
                self.team_totals[team] = total
                parts.append(tid(f"team-total-{team}", total))
            if self.choosing:
                parts.append(
                    self._choice(f"team-won-{team}", str(team), self.ctx.t("app.team_won"))
                )
            rows.append(ft.Row(parts, spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER))
        return rows

    def on_choose(self, outcome: str) -> None:
        if self.model.draft.outcome == outcome:
            return
        self.model.set_outcome(outcome)
        self.changed()

    def refresh(self, state: SheetState) -> list[ft.Control]:
        """Show the choice the sheet holds and what the state adds up to; returns the
        controls whose look changed."""
        out: list[ft.Control] = []
        if self.rule is None:
            return out
        for outcome, button in self.choices.items():
            icon = CHOSEN if self.model.draft.outcome == outcome else NOT_CHOSEN
            if button.icon != icon:
                button.icon = icon
                out.append(button)
        scored = state.scored
        lang = self.ctx.lang
        if self.rule.kind == "cooperative":
            found = table_score(scored)
            text = "" if found is None else show(found, lang)
            if self.table_score.value != text:
                self.table_score.value = text
                out.append(self.table_score)
            return out
        teams = {team.name: team for team in scored.teams}
        names = self.model.draft.team_names
        for number, trophy in self.trophies.items():
            result = teams.get(names[number - 1])
            winner = result is not None and result.winner and not state.empty
            if trophy.visible != winner:
                trophy.visible = winner
                out.append(trophy)
            total = self.team_totals.get(number)
            value = show(result.total, lang) if result is not None else ""
            if total is not None and total.value != value:
                total.value = value
                out.append(total)
        return out
