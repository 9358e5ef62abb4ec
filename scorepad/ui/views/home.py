"""Home: start a game, pick up a sheet in progress, see the latest plays."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.core import ScorepadError
from scorepad.core.i18n import join_words
from scorepad.core.numbers import format_points
from scorepad.sheet.draft import SheetDraft
from scorepad.ui.context import Context
from scorepad.ui.history import RecentPlay
from scorepad.ui.views.common import heading, muted, screen, tid
from scorepad.ui.views.play import rematch, undo_bar
from scorepad.ui.views.share_card import share_card

SECTIONS = (
    ("/history", "app.history", ft.Icons.HISTORY),
    ("/stats", "app.stats", ft.Icons.BAR_CHART),
    ("/review", "app.review", ft.Icons.AUTO_AWESOME),
    ("/ratings", "app.ratings", ft.Icons.LEADERBOARD),
    ("/nights", "app.nights", ft.Icons.NIGHTLIGHT_OUTLINED),
    ("/seasons", "app.seasons", ft.Icons.EMOJI_EVENTS),
    ("/players", "app.players", ft.Icons.PEOPLE_OUTLINE),
    ("/games", "app.games", ft.Icons.EDIT_NOTE),
    ("/collection", "collection.title", ft.Icons.SHELVES),
)


def home_view(ctx: Context) -> ft.View:
    """Home is on screen at once; what comes from the history (sheets in progress of
    your own games, the latest plays, the quick rematch) joins it as soon as the
    history has answered, which on a first start, a big file or a distant server can
    take a moment, or never come: Home never waits for it."""
    new_game = tid(
        "new-game",
        ft.FilledButton(
            ctx.t("app.new_game"),
            icon=ft.Icons.ADD,
            on_click=lambda: ctx.navigate("/new"),
        ),
    )
    actions = ft.Row([new_game], wrap=True, run_spacing=8)
    body: list[ft.Control] = [actions]
    shared = share_card(ctx)
    if shared is not None:
        body.append(shared)
    parts = ft.Column(spacing=8)
    body.append(parts)
    body.append(
        ft.Row(
            [
                tid(
                    f"nav-{route.strip('/')}",
                    ft.TextButton(ctx.t(key), icon=icon, on_click=_go(ctx, route)),
                )
                for route, key, icon in SECTIONS
            ],
            wrap=True,
        )
    )
    token = object()  # this Home: one built again since then fills in its own
    ctx.keep("home", token)

    def fill_in(found: tuple[list[ft.Control], list[ft.Control]]) -> None:
        if ctx.screen.get("home") is not token:
            return  # another screen, or this one built again, by then
        sections, buttons = found
        parts.controls = sections
        actions.controls = [new_game, *buttons]
        ctx.update(parts, actions)

    if ctx.services.history.ready:
        fill_in(_from_history(ctx))
    else:
        parts.controls = [
            heading(ctx.t("app.recent")),
            tid("recent", muted(ctx.t("app.recent_loading"), size=14)),
        ]
        ctx.later(lambda: _from_history(ctx), fill_in)
    return screen(ctx, ctx.t("app.title"), body, home=False)


def _from_history(ctx: Context) -> tuple[list[ft.Control], list[ft.Control]]:
    """Home's sections that come from the history, and the buttons beside New game."""
    sections: list[ft.Control] = []
    games = ctx.services.history.games()
    waiting = [d for d in ctx.services.drafts.all() if d.game_id in games]
    if waiting:
        sections.append(heading(ctx.t("app.in_progress")))
        for n, draft in enumerate(waiting, 1):
            title = games[draft.game_id].title(ctx.lang, draft.variant)
            sections.append(_draft_card(ctx, n, draft, title))
    recent, buttons = _recent(ctx)
    sections += [heading(ctx.t("app.recent")), tid("recent", recent)]
    return sections, buttons


def _draft_card(ctx: Context, n: int, draft: SheetDraft, title: str) -> ft.Control:
    """A sheet in progress: continue it, or throw it away (with Undo)."""
    open_it = _go(ctx, f"/sheet/{draft.sheet_id}")
    return ft.Card(
        content=ft.ListTile(
            title=ft.Text(title),
            subtitle=ft.Text(join_words(draft.players, ctx.lang)),
            on_click=open_it,
            trailing=ft.Row(
                [
                    tid(f"continue-{n}", ft.TextButton(ctx.t("app.continue"), on_click=open_it)),
                    tid(
                        f"discard-{n}",
                        ft.IconButton(
                            ft.Icons.DELETE_OUTLINE,
                            tooltip=ctx.t("app.discard_sheet"),
                            on_click=lambda: _discard(ctx, draft),
                        ),
                    ),
                ],
                tight=True,
                spacing=0,
            ),
        )
    )


def _discard(ctx: Context, draft: SheetDraft) -> None:
    live, drafts = ctx.services.live, ctx.services.drafts
    live.discard(object(), drafts, draft.sheet_id)

    def undo() -> None:
        live.restore(drafts, draft)
        ctx.close_dialog()
        ctx.rebuild()  # Home again, with the sheet back

    players = join_words(draft.players, ctx.lang)
    ctx.show_dialog(undo_bar(ctx, ctx.t("app.sheet_discarded", players=players), undo))
    ctx.rebuild()


def _recent(ctx: Context) -> tuple[ft.Control, list[ft.Control]]:
    """The latest plays, and the quick rematch of the very latest (shown beside New game)."""
    try:
        plays = ctx.services.history.recent_plays(5, ctx.lang)
    except ScorepadError as problem:
        return ft.Text(problem.message(ctx.lang), color=ft.Colors.ERROR), []
    if not plays:
        return muted(ctx.t("app.recent_empty"), size=14), []
    latest = plays[0]
    rows: list[ft.Control] = [
        tid(
            f"recent-{n}",
            ft.ListTile(
                title=ft.Text(_who_won(ctx, play)),
                on_click=_go(ctx, f"/play/{play.id}"),
            ),
        )
        for n, play in enumerate(plays, 1)
    ]
    again = tid(
        "rematch",
        ft.FilledTonalButton(
            ctx.t(
                "app.rematch_of",
                title=f"{latest.title} ({join_words(list(latest.players), ctx.lang)})",
            ),
            icon=ft.Icons.REPLAY,
            on_click=lambda: rematch(ctx, int(latest.id)),
        ),
    )
    return ft.Column(rows, spacing=0), [again]


def _who_won(ctx: Context, play: RecentPlay) -> str:
    """ "2026-12-01 · Azul · Ana wins, 84" (several winners share it); "2026-12-01 ·
    Pandemic · lost together" (and the score, for a co-operative game that has one)."""
    when = f"{play.played_at:%Y-%m-%d}"
    if play.together:
        score = f", {format_points(play.total)}" if play.total is not None else ""
        return f"{when} · {play.title} · {play.together}{score}"
    if play.winners and play.total is None:  # a team game without a score (Codenames)
        names = join_words(list(play.winners), ctx.lang)
        return f"{when} · {play.title} · {ctx.t('app.won_by', names=names)}"
    if not play.winners or play.total is None:
        return f"{when} · {play.title}"
    total = format_points(play.total)
    if len(play.winners) == 1:
        return ctx.t(
            "app.recent_won", when=when, game=play.title, name=play.winners[0], total=total
        )
    names = join_words(list(play.winners), ctx.lang)
    return ctx.t("app.recent_shared", when=when, game=play.title, names=names, total=total)


def _go(ctx: Context, route: str) -> Callable[[], None]:
    return lambda: ctx.navigate(route)
