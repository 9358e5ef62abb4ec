"""The screens that manage the history: ``/stats[?player=Ana][&period=2024-05]``,
``/players``, ``/games``, ``/games/new[?from=<game id>]``, ``/games/edit/<game id>``
(routed by ``ui/app.py``)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.core import GameTemplate, ScorepadError, builtin_games
from scorepad.core.errors import quote
from scorepad.editor.form import GameForm
from scorepad.ui.context import Context
from scorepad.ui.views.game_editor import GameEditorView
from scorepad.ui.views.game_lines import opened_folds
from scorepad.ui.views.games import GamesView
from scorepad.ui.views.message import message_view
from scorepad.ui.views.players import PlayersView


def _reported(ctx: Context, title_key: str, build: Callable[[], ft.View]) -> ft.View:
    """The screen ``build`` makes, or what kept the history from giving it."""
    try:
        return build()
    except ScorepadError as problem:
        return message_view(ctx, ctx.t(title_key), problem.message(ctx.lang))


def stats_view(ctx: Context, player: str | None, period: str | None = None) -> ft.View:
    """``period``: "2024", "2024-05" or "" (all time); None: the one chosen last."""
    # Its charts (flet_charts: a third of a second to import) load with the first Stats
    # screen, not with the app.
    from scorepad.ui.views.stats import StatsView

    return _reported(ctx, "app.stats", lambda: StatsView(ctx, player, period).build())


def players_view(ctx: Context) -> ft.View:
    return _reported(ctx, "app.players", lambda: PlayersView(ctx).build())


def games_view(ctx: Context, saved: str | None = None) -> ft.View:
    """The games; ``saved``: the game the editor has just saved, to play it now."""
    return _reported(ctx, "app.games", lambda: GamesView(ctx, saved).build())


def new_game_view(ctx: Context, base: str | None) -> ft.View:
    def build() -> ft.View:
        form = ctx.kept("game-form", lambda: new_form(ctx, base))
        return GameEditorView(ctx, form).build()

    return _reported(ctx, "app.games", build)


def edit_game_view(ctx: Context, game: str) -> ft.View:
    def build() -> ft.View:
        history = ctx.services.history
        if game not in {c.template.id for c in history.custom_games()}:
            return message_view(
                ctx, ctx.t("app.games"), ctx.t("app.unknown_game", value=quote(game))
            )
        form = ctx.kept("game-form", lambda: read_form(history.template(game)))
        return GameEditorView(ctx, form).build()

    return _reported(ctx, "app.games", build)


def new_form(ctx: Context, base: str | None) -> GameForm:
    """A blank game, or a copy of ``base`` to change (with a new id to choose)."""
    games = ctx.services.history.games()
    # a built-in game the app does not offer yet is found too, so the form can say why it
    # cannot copy it
    template = (games.get(base) or builtin_games().get(base)) if base else None
    if template is None:
        return GameForm()
    form = read_form(template, editing=False)
    form.id, form.version = f"{template.id}-mine", 1
    return form


def read_form(template: GameTemplate, *, editing: bool = True) -> GameForm:
    """``template`` in the editor's form, the "More options" with something set open."""
    form = GameForm.from_template(template, editing=editing)
    form.open |= opened_folds(form)
    return form
