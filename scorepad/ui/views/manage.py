"""Routes of the screens that manage the history: ``/stats[?player=Ana]``, ``/players``,
``/games``, ``/games/new[?from=<game id>]``, ``/games/edit/<game id>``."""

from __future__ import annotations

import flet as ft

from scorepad.core import ScorepadError
from scorepad.core.errors import quote
from scorepad.ui.context import Context
from scorepad.ui.game_form import GameForm
from scorepad.ui.views.game_editor import GameEditorView
from scorepad.ui.views.games import GamesView
from scorepad.ui.views.placeholder import coming_view, message_view
from scorepad.ui.views.players import PlayersView

TITLES = {"/stats": "app.stats", "/players": "app.players", "/games": "app.games"}


def manage_view(ctx: Context, path: str, query: dict[str, str]) -> ft.View | None:
    """The screen for ``path`` when it is one of these, else None."""
    match = ft.TemplateRoute(path)
    is_games = path == "/games" or path.startswith("/games/")
    if path not in TITLES and not is_games:
        return None
    if ctx.services.history is None:
        return coming_view(ctx, TITLES.get(path, "app.games"))
    try:
        if match.match("/stats"):
            # Its charts (flet_charts: a third of a second to import) load with the first
            # Stats screen, not with the app.
            from scorepad.ui.views.stats import StatsView

            return StatsView(ctx, query.get("player")).build()
        if match.match("/players"):
            return PlayersView(ctx).build()
        if match.match("/games"):
            return GamesView(ctx).build()
        if match.match("/games/new"):
            form = ctx.kept("game-form", lambda: new_form(ctx, query.get("from")))
            return GameEditorView(ctx, form).build()
        if match.match("/games/edit/:game"):
            store = ctx.services.history.store
            if match.game not in {c.template.id for c in store.custom_games()}:
                return _unknown(ctx, match.game)
            form = ctx.kept("game-form", lambda: GameForm.from_template(store.template(match.game)))
            return GameEditorView(ctx, form).build()
    except ScorepadError as problem:
        return message_view(ctx, ctx.t("app.games"), problem.message(ctx.lang))
    return None


def new_form(ctx: Context, base: str | None) -> GameForm:
    """A blank game, or a copy of ``base`` to change (with a new id to choose)."""
    template = ctx.services.games().get(base) if base else None
    if template is None:
        return GameForm()
    form = GameForm.from_template(template, editing=False)
    form.id, form.version = f"{template.id}-mine", 1
    return form


def _unknown(ctx: Context, game: str) -> ft.View:
    return message_view(ctx, ctx.t("app.games"), ctx.t("app.unknown_game", value=quote(game)))
