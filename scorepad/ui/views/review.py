"""Year in review and Achievements: two screens over the history's facts.

``/review?year=2025&player=Ana`` shows one year (the latest with a play by default) for
a player or everyone, with pickers for both, and hands its card (PNG) or its printable
page (PDF) to the browser, which on a phone saves or opens it. ``/achievements?player=Ana``
lists what each player earned, when and in which play (a tap opens the play), and what
they have not earned yet. Both are worked out afresh on every visit: an edit, an undo or
an import shows at once.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from urllib.parse import urlencode

import flet as ft

from scorepad.club.achievements import Earned, of_player, shipped
from scorepad.club.review import Line, Review, best_lines, parse_year, review_lines, title
from scorepad.core import ScorepadError
from scorepad.core.i18n import pick
from scorepad.ui.context import Context
from scorepad.ui.views.common import heading, muted, screen, tid
from scorepad.ui.views.pdf import offer, status_line, teller

EVERYONE = ""
"""The player picker's key for the whole history."""


def _names(ctx: Context, games: Iterable[str]) -> dict[str, str]:
    entries = ctx.services.history.game_entries()
    found: dict[str, str] = {}
    for game in games:
        entry = entries.get(game)
        found[game] = pick(entry.name, ctx.lang) if entry is not None else game
    return found


def _link(route: str, **query: str | None) -> str:
    given = {k: v for k, v in query.items() if v}
    return f"{route}?{urlencode(given)}" if given else route


def review_view(ctx: Context, query: dict[str, str]) -> ft.View:
    """The Year in review screen (``query``: ``year`` and ``player``, both optional)."""
    history = ctx.services.history
    heading_text = ctx.t("app.review")
    try:
        years = history.review_years()
        people = [p.name for p in history.players()]
        year = parse_year(query["year"]) if query.get("year") else (years[0] if years else None)
        wanted = query.get("player") or None
        review = history.review(year, wanted) if year is not None else None
    except ScorepadError as problem:
        return screen(
            ctx,
            heading_text,
            [tid("review", ft.Column([tid("review-error", ft.Text(problem.message(ctx.lang)))]))],
        )
    if year is None or review is None:
        empty = tid("review-empty", muted(ctx.t("review.none_yet"), size=16))
        return screen(ctx, heading_text, [tid("review", ft.Column([empty]))])
    player = review.player

    def go(new_year: int, new_player: str | None) -> None:
        ctx.navigate(_link("/review", year=str(new_year), player=new_player))

    shown_years = sorted({*years, year}, reverse=True)
    year_picker = ft.Dropdown(
        label=ctx.t("review.year"),
        value=str(year),
        options=[ft.DropdownOption(key=str(y), text=str(y)) for y in shown_years],
        on_select=lambda e: go(int(e.control.value or year), player),
        dense=True,
        width=130,
    )
    player_picker = ft.Dropdown(
        label=ctx.t("review.player"),
        value=player or EVERYONE,
        options=[ft.DropdownOption(key=EVERYONE, text=ctx.t("review.everyone"))]
        + [ft.DropdownOption(key=n, text=n) for n in people],
        on_select=lambda e: go(year, e.control.value or None),
        dense=True,
        expand=True,
    )
    pickers = ft.Row(
        [tid("review-year", year_picker), tid("review-player", player_picker)], spacing=8
    )
    body: list[ft.Control] = [heading(title(review, ctx.lang)), pickers]
    if not review.plays:
        key = "review.no_plays" if player is None else "review.no_plays_player"
        body.append(tid("review-none", muted(ctx.t(key, year=year, player=player), size=16)))
        return screen(ctx, heading_text, [tid("review", ft.Column(body, spacing=12))])
    shown = {*review.new_games, *(g for g, _ in review.top_games), *(b.game for b in review.best)}
    names = _names(ctx, shown)
    body.append(_figures(ctx, review, names))
    best = best_lines(review, ctx.lang, names)
    if best:
        body.append(heading(ctx.t("review.best")))
        body.append(_rows(best, "review"))
    body.append(_files(ctx, review, names))
    if player is not None:
        body.append(
            tid(
                "review-achievements",
                ft.TextButton(
                    ctx.t("achievements.of_player", player=player),
                    icon=ft.Icons.EMOJI_EVENTS,
                    on_click=lambda: ctx.navigate(_link("/achievements", player=player)),
                ),
            )
        )
    return screen(ctx, heading_text, [tid("review", ft.Column(body, spacing=12))])


def _figures(ctx: Context, review: Review, names: dict[str, str]) -> ft.Control:
    lines = review_lines(review, ctx.lang, names)
    size = 18 if ctx.compact else 22
    tiles: list[ft.Control] = [
        ft.Container(
            ft.Column(
                [muted(line.label), tid(f"review-{line.key}", ft.Text(line.value, size=size))],
                spacing=2,
            ),
            padding=8,
            border_radius=8,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
            col={"xs": 6, "md": 4},
        )
        for line in lines
    ]
    return ft.ResponsiveRow(tiles, spacing=8, run_spacing=8)


def _rows(lines: list[Line], prefix: str) -> ft.Control:
    rows: list[ft.Control] = []
    for key, label, value in lines:
        rows.append(
            ft.Row(
                [
                    ft.Text(label, expand=True),
                    tid(f"{prefix}-{key}", ft.Text(value, weight=ft.FontWeight.BOLD)),
                ],
                vertical_alignment=ft.CrossAxisAlignment.START,
            )
        )
    return ft.Column(rows, spacing=4)


def _files(ctx: Context, review: Review, names: dict[str, str]) -> ft.Control:
    """The card and the printable page, each handed to the browser."""
    line = status_line()
    say = teller(line)
    who = review.player or "all"
    stem = f"review-{review.year}-{who}-{ctx.lang}".replace(" ", "-")
    history = ctx.services.history

    def card() -> bytes:
        from scorepad.cards.review import player_colours, review_png

        people = [review.player] if review.player else []
        for pair in (review.opponent, review.nemesis, review.victim, *review.players):
            if pair is not None and pair[0] not in people:
                people.append(pair[0])
        colours = player_colours(people, history.last_colours(people))
        return review_png(review, ctx.lang, names, colours)

    def page() -> bytes:
        from scorepad.printing.review import review_pdf

        return review_pdf(review, ctx.lang, names)

    def hand_over(name: str, make: Callable[[], bytes]) -> Callable[[], Awaitable[None]]:
        async def handler() -> None:  # a coroutine function: Flet awaits it
            await offer(ctx, name, make, say)

        return handler

    png = tid(
        "review-png",
        ft.FilledButton(
            ctx.t("review.save_png"),
            icon=ft.Icons.DOWNLOAD,
            on_click=hand_over(f"{stem}.png", card),
        ),
    )
    pdf = tid(
        "review-pdf",
        ft.OutlinedButton(
            ctx.t("review.save_pdf"),
            icon=ft.Icons.PRINT,
            on_click=hand_over(f"{stem}.pdf", page),
        ),
    )
    return ft.Column([ft.Row([png, pdf], wrap=True, run_spacing=8), tid("review-status", line)])


def achievements_view(ctx: Context, query: dict[str, str]) -> ft.View:
    """The Achievements screen: a player's (``query["player"]``, else the first player's).

    Worked out over the whole history, which takes seconds for a club's hundred thousand
    plays: the screen comes at once and its list joins it once the history has answered
    (``Context.later``; at once where there is no page)."""
    history = ctx.services.history
    column = ft.Column(
        [tid("achievements-loading", muted(ctx.t("achievements.loading"), size=16))], spacing=8
    )
    token = object()  # this screen: one built again since then fills in its own
    ctx.keep("achievements", token)

    def load() -> tuple[list[str], list[Earned]] | ScorepadError:
        try:
            return [p.name for p in history.players()], history.achievements()
        except ScorepadError as problem:
            return problem

    def fill(found: tuple[list[str], list[Earned]] | ScorepadError) -> None:
        if ctx.screen.get("achievements") is not token:
            return  # another screen, or this one built again, by then
        if isinstance(found, ScorepadError):
            column.controls = [tid("achievements-error", ft.Text(found.message(ctx.lang)))]
        else:
            column.controls = _achievements(ctx, query.get("player"), *found)
        ctx.update(column)

    ctx.later(load, fill)
    return screen(ctx, ctx.t("app.achievements"), [tid("achievements", column)])


def _achievements(
    ctx: Context, wanted: str | None, people: list[str], found: list[Earned]
) -> list[ft.Control]:
    """The player picker, what the player earned and what they have not yet."""
    if not people:
        return [tid("achievements-empty", muted(ctx.t("achievements.none"), size=16))]
    folded = {n.casefold(): n for n in people}
    player = folded.get((wanted or "").casefold(), people[0])
    picker = ft.Dropdown(
        label=ctx.t("review.player"),
        value=player,
        options=[ft.DropdownOption(key=n, text=n) for n in people],
        on_select=lambda e: ctx.navigate(_link("/achievements", player=e.control.value)),
        dense=True,
    )
    mine = of_player(found, player)
    names = _names(ctx, {e.game for e in mine if e.game})
    body: list[ft.Control] = [tid("achievements-player", picker)]
    if not mine:
        body.append(
            tid(
                "achievements-none",
                muted(ctx.t("achievements.none_player", player=player), size=16),
            )
        )
    for n, earned in enumerate(mine, 1):
        body.append(_earned(ctx, earned, names, n))
    got = {e.achievement.id for e in mine}
    missing = [a for a in shipped() if a.id not in got]
    if missing:
        body.append(heading(ctx.t("achievements.not_earned")))
        for achievement in missing:
            body.append(
                tid(
                    f"achievement-todo-{achievement.id}",
                    ft.ListTile(
                        leading=ft.Icon(ft.Icons.STAR_BORDER, color=ft.Colors.OUTLINE),
                        title=ft.Text(
                            pick(achievement.name, ctx.lang), color=ft.Colors.ON_SURFACE_VARIANT
                        ),
                        subtitle=muted(pick(achievement.description, ctx.lang)),
                    ),
                )
            )
    return body


def _earned(ctx: Context, earned: Earned, names: dict[str, str], n: int) -> ft.Control:
    achievement = earned.achievement
    name = pick(achievement.name, ctx.lang)
    if earned.game:
        name += f" · {names.get(earned.game, earned.game)}"
    when = ctx.t(
        "achievements.earned", date=earned.played_at.date().isoformat(), play=earned.play_id
    )
    if earned.times > 1:
        when += " · " + ctx.t("achievements.times", times=earned.times)
    tile = ft.ListTile(
        leading=ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.AMBER),
        title=ft.Text(name, weight=ft.FontWeight.BOLD),
        subtitle=ft.Column(
            [ft.Text(pick(achievement.description, ctx.lang)), muted(when)], spacing=2
        ),
        tooltip=ctx.t("achievements.open_play"),
        on_click=lambda: ctx.navigate(f"/play/{earned.play_id}"),
    )
    return ft.Card(tid(f"achievement-n-{n}", tile))


def achievements_link(ctx: Context, player: str) -> ft.Control:
    """A way to a player's achievements (the Stats screen's player part shows it)."""
    return tid(
        "stats-achievements",
        ft.TextButton(
            ctx.t("achievements.of_player", player=player),
            icon=ft.Icons.EMOJI_EVENTS,
            on_click=lambda: ctx.navigate(_link("/achievements", player=player)),
        ),
    )
