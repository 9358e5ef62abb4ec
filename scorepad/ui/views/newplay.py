"""New play: the players in seat order (and their teams in a team game), who starts, the
variant, and where the game is played. The quick form (``views.quick``, a game outside the
catalogue) is this form with the quick game's own fields above the players."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from scorepad.core import GameTemplate, ScorepadError
from scorepad.core.i18n import join_words, pick
from scorepad.core.quick import MAX_QUICK_NAME
from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.keeper import of_game
from scorepad.ui.context import Context
from scorepad.ui.newplay_model import NewPlayModel
from scorepad.ui.quick_model import QuickForm, placeholder
from scorepad.ui.views.colour_part import ColourSwatch, coloured, seat_colours
from scorepad.ui.views.common import muted, players_range, screen, tid
from scorepad.ui.views.first_player_part import MARK, FirstPlayerPart
from scorepad.ui.views.pdf import blank_button, offer_blank, status_line, teller
from scorepad.ui.views.quick import QuickPart, known_names

if TYPE_CHECKING:
    from scorepad.club.ratings import Ratings
    from scorepad.core.quick import QuickGame


class NewPlayView:
    def __init__(self, ctx: Context, model: NewPlayModel, quick: QuickPart | None = None) -> None:
        """``quick``: the quick form's own fields (the game is made on Start)."""
        self.ctx = ctx
        self.model = model
        self.quick = quick
        self.template: GameTemplate = model.template
        self.waiting: list[SheetDraft] = (
            [] if quick is not None else of_game(ctx.services.drafts, self.template.id)
        )
        self.fields: list[ft.TextField] = []
        self.rows = ft.Column(spacing=6)
        self.add_button = ft.TextButton(
            ctx.t("app.add_player"), icon=ft.Icons.PERSON_ADD, on_click=self.on_add
        )
        self.add_player = tid("add-player", self.add_button)
        self.variant = ft.RadioGroup(
            value=model.variant,
            on_change=self.on_variant,
            content=ft.Row(
                [
                    tid(f"variant-{v.id}", ft.Radio(value=v.id, label=pick(v.label, ctx.lang)))
                    for v in self.template.variants
                ],
                wrap=True,
            ),
        )
        self.modules: list[ft.Control] = [
            tid(
                f"module-{m.id}",
                ft.Checkbox(
                    label=pick(m.label, ctx.lang),
                    value=m.id in model.modules,
                    on_change=lambda e, key=m.id: self.model.choose_module(
                        key, bool(e.control.value)
                    ),
                ),
            )
            for m in self.template.modules
        ]
        self.location = ft.TextField(
            label=ctx.t("app.location"),
            value=model.location,
            on_change=self.on_location,
            expand=True,
        )
        self.start = tid(
            "start" if quick is None else "quick-go",
            ft.FilledButton(
                ctx.t("app.start" if quick is None else "quick.go"),
                icon=ft.Icons.PLAY_ARROW,
                on_click=self.on_start,
            ),
        )
        self.saved = _saved_players(ctx)
        if model.colours is None:
            model.colours = seat_colours(ctx, self.template, self.saved)
        model.colours.follow(model.names)
        self.swatches: list[ColourSwatch] = []
        self.message = status_line()
        self.chances = ft.Text("", size=14, visible=False)
        self.ratings: Ratings | None = None
        ctx.later(self._load_ratings, self._ratings_loaded)
        self.profiles = ft.Row(wrap=True, spacing=4, run_spacing=4)
        self.first = FirstPlayerPart(
            ctx,
            self.template,
            lambda: [model.names[i].strip() for i in model.named_seats()],
            model.first_player,
            self.on_first_player,
        )
        # a link that named the players and did not start the sheet says why, as Start does
        self.teams_said = False
        self.show_players(model.problems() if model.from_link else None, teams=model.from_link)
        if model.from_link:
            self.show_location_problem()
        if model.asks:  # another site's link: a person starts the play, or nobody does
            teller(self.message)(ctx.t("app.link_from_elsewhere"), False)

    def build(self) -> ft.View:
        ctx = self.ctx
        body: list[ft.Control] = [
            muted(players_range(ctx, self.template.min_players, self.template.max_players), size=14)
        ]
        if self.quick is not None:
            body = self.quick.controls()
        if self.waiting:
            body.append(self._waiting_banner(self.waiting))
        body += [
            self.rows,
            self.add_player,
            tid("win-chances", ft.Container(self.chances)),  # hidden inside: see tid
            self.profiles,
            *self.first.controls(),
        ]
        if self.template.variants:
            label = ft.Text(ctx.t("app.variant"), weight=ft.FontWeight.BOLD)
            body += [label, tid("variant", self.variant)]
        if self.modules:
            label = ft.Text(ctx.t("app.modules"), weight=ft.FontWeight.BOLD)
            body += [label, ft.Row(self.modules, wrap=True)]
        actions: list[ft.Control] = [self.start]
        if self.quick is None:  # a quick game has no sheet to print until it is made
            actions.append(blank_button(ctx, self.on_print_blank))
        body += [
            ft.Row([tid("location", self.location)]),
            ft.Row(actions, wrap=True, spacing=8),
            tid("newplay-message", self.message),
        ]
        title = pick(self.template.name, ctx.lang)
        if self.quick is not None:
            title = ctx.t("quick.another_game")
        return screen(ctx, title, body)

    def _waiting_banner(self, drafts: list[SheetDraft]) -> ft.Control:
        """The sheets of this game already in progress (another table's, or one left
        half done): each can be continued; starting makes a new one beside them."""
        ctx = self.ctx
        heading = ctx.tn("app.drafts_waiting", len(drafts), count=len(drafts))
        rows: list[ft.Control] = [ft.Text(heading)]
        for n, draft in enumerate(drafts, 1):
            rows.append(
                ft.Row(
                    [
                        tid(
                            f"continue-{n}",
                            ft.FilledTonalButton(
                                ctx.t(
                                    "app.continue_with", players=join_words(draft.players, ctx.lang)
                                ),
                                on_click=lambda _e=None, d=draft: ctx.navigate(
                                    f"/sheet/{d.sheet_id}"
                                ),
                            ),
                        )
                    ],
                    wrap=True,
                )
            )
        rows.append(muted(ctx.t("app.start_beside")))
        return tid(
            "draft-waiting",
            ft.Container(
                bgcolor=ft.Colors.SECONDARY_CONTAINER,
                border_radius=8,
                padding=12,
                content=ft.Column(rows, spacing=6),
            ),
        )

    # --- players ---------------------------------------------------------------------------
    def show_players(self, problems: dict | None = None, *, teams: bool = False) -> None:
        """The seats, with ``problems`` under their names and, when ``teams``, what is
        wrong with the teams (said once Start was pressed, then kept up to date)."""
        problems = problems or {}
        self.teams_said = teams
        model = self.model
        self.fields = []
        self.swatches = []
        if model.colours is not None:  # seats added, gone or moved: colours follow
            model.colours.follow(model.names)
        rows: list[ft.Control] = []
        last = len(model.names) - 1
        for index, name in enumerate(model.names):
            n = index + 1
            problem = problems.get(index)
            field = ft.TextField(
                label=self.ctx.t("app.player_n", n=n),
                value=name,
                expand=True,
                error=problem.message(self.ctx.lang) if problem else None,
                on_change=self._on_name(index),
                on_submit=self.on_start,
                autofocus=index == 0 and not self.ctx.compact,
                capitalization=ft.TextCapitalization.WORDS,
                prefix_icon=MARK if index == model.first else None,
            )
            self.fields.append(field)
            rows.append(
                ft.Row(
                    [
                        self._colour(index),
                        tid(f"player-{n}", field),
                        *self._team(index),
                        self._icon(
                            f"up-{n}",
                            ft.Icons.ARROW_UPWARD,
                            "app.move_up",
                            n,
                            index > 0,
                            self._on_move(index, -1),
                        ),
                        self._icon(
                            f"down-{n}",
                            ft.Icons.ARROW_DOWNWARD,
                            "app.move_down",
                            n,
                            index < last,
                            self._on_move(index, 1),
                        ),
                        self._icon(
                            f"remove-{n}",
                            ft.Icons.CLOSE,
                            "app.remove_player",
                            n,
                            model.can_remove,
                            self._on_remove(index),
                        ),
                    ],
                    spacing=0,
                )
            )
        team_problem = model.team_problem() if teams else None
        if team_problem is not None:
            text = team_problem.message(self.ctx.lang)
            rows.append(tid("teams-problem", ft.Text(text, color=ft.Colors.ERROR, size=12)))
        self.rows.controls = rows
        self.add_button.disabled = not model.can_add
        self._show_profiles()
        self.first.refresh()
        self._show_chances()

    # --- chances to win, from the ratings --------------------------------------------------
    def _load_ratings(self) -> Ratings | None:
        try:
            return self.ctx.services.history.ratings()
        except ScorepadError:
            return None  # no chances shown: the play can still start

    def _ratings_loaded(self, ratings: Ratings | None) -> None:
        self.ratings = ratings
        self.ctx.update(*self._show_chances())

    def _show_chances(self) -> list[ft.Control]:
        said = self.model.chances(self.ratings, self.ctx.lang)
        self.chances.value = said or ""
        self.chances.visible = said is not None
        return [self.chances]

    def _colour(self, index: int) -> ft.Control:
        """The seat's colour: a tap opens the picker (``colour_part``)."""
        colours = self.model.colours
        assert colours is not None
        swatch = ColourSwatch(
            self.ctx,
            index,
            colours.choices,
            lambda: [n.strip() for n in self.model.names],
            lambda: colours.colours,
            self.on_colour,
        )
        self.swatches.append(swatch)
        return swatch.control

    def on_colour(self, seat: int, colour: str) -> None:
        if self.model.colours is not None:
            self.model.colours.pick(seat, colour, self.model.names)
        self.ctx.update(*[c for s in self.swatches for c in s.refresh()])

    def _team(self, index: int) -> list[ft.Control]:
        """A team game: the seat's team, a tap moves the player to the next team."""
        model = self.model
        if not model.in_teams:
            return []
        names = model.team_names_for(self.ctx.lang)
        team = model.teams[index]
        button = ft.OutlinedButton(
            names[team - 1],
            icon=ft.Icons.GROUPS,
            tooltip=self.ctx.t("app.change_team", n=index + 1),
            on_click=lambda _e=None: self.on_team(index),
        )
        return [tid(f"team-{index + 1}", button)]

    def on_team(self, index: int) -> None:
        self.model.next_team(index)
        self.show_players(teams=self.teams_said)

    def _show_profiles(self) -> None:
        """Saved players not at the table yet: one tap seats them."""
        playing = {n.strip().casefold() for n in self.model.names}
        room = self.model.can_add or not all(n.strip() for n in self.model.names)
        chips: list[ft.Control] = [
            tid(
                f"saved-player-{n}",
                ft.OutlinedButton(
                    name,
                    icon=ft.Icons.PERSON_OUTLINE,
                    disabled=not room,
                    on_click=lambda _e=None, name=name: self.on_choose(name),
                ),
            )
            for n, name in enumerate(self.saved, 1)
            if name.casefold() not in playing
        ]
        if chips:
            chips.insert(0, muted(self.ctx.t("app.saved_players"), size=13))
        self.profiles.controls = chips
        self.profiles.visible = bool(chips)

    def on_choose(self, name: str) -> None:
        if self.model.choose(name):
            self.show_players()

    def _icon(
        self,
        ident: str,
        icon: ft.IconData,
        label: str,
        n: int,
        enabled: bool,
        handler: Callable[[], None],
    ) -> ft.Control:
        return tid(
            ident,
            ft.IconButton(
                icon,
                tooltip=self.ctx.t(label, n=n),
                disabled=not enabled,
                on_click=handler,
                visual_density=ft.VisualDensity.COMPACT,
            ),
        )

    def on_first_player(self, name: str) -> None:
        """The pick lands on the first seat holding ``name``, marked there."""
        model = self.model
        model.first = next((i for i in model.named_seats() if model.names[i].strip() == name), None)
        for index, field in enumerate(self.fields):
            field.prefix_icon = MARK if index == model.first else None
        self.ctx.update(*self.fields, *self.first.refresh())

    def _on_name(self, index: int) -> Callable[[ft.Event[ft.TextField]], None]:
        def changed(e: ft.Event[ft.TextField]) -> None:
            self.model.names[index] = e.control.value
            if e.control.error:
                e.control.error = None
            if index == self.model.first:  # "Ana starts" follows the name typed there
                self.first.refresh()
            if self.model.colours is not None:  # a known player gets their colour back
                self.model.colours.follow(self.model.names)
                for swatch in self.swatches:
                    swatch.refresh()
            self._show_chances()

        return changed

    def _on_move(self, index: int, delta: int) -> Callable[[], None]:
        def moved() -> None:
            self.model.move(index, delta)
            self.show_players()

        return moved

    def _on_remove(self, index: int) -> Callable[[], None]:
        def removed() -> None:
            self.model.remove(index)
            self.show_players()

        return removed

    def on_add(self) -> None:
        self.model.add()
        self.show_players()

    def on_variant(self, e: ft.Event[ft.RadioGroup]) -> None:
        self.model.variant = e.control.value

    def on_location(self, e: ft.Event[ft.TextField]) -> None:
        self.model.location = e.control.value
        if self.location.error:
            self.show_location_problem()

    def show_location_problem(self) -> bool:
        """Say what is wrong with the location, if anything; True when something is."""
        problem = self.model.location_problem()
        self.location.error = problem.message(self.ctx.lang) if problem else None
        return problem is not None

    async def on_print_blank(self) -> None:
        model = self.model
        await offer_blank(self.ctx, self.template, model.variant, teller(self.message), model.names)

    def on_start(self) -> None:
        problems = self.model.problems()
        wrong_location = self.show_location_problem()
        game = self.quick.checked() if self.quick is not None else None  # all said at once
        if problems or self.model.team_problem() is not None:
            self.show_players(problems, teams=True)
            return
        if wrong_location:
            return
        if self.quick is not None and (game is None or not self.made_quick(game)):
            return
        start_sheet(self.ctx, self.model)

    def made_quick(self, game: QuickGame) -> bool:
        """The quick form's game made (or brought up to these options) for the sheet to
        start on; False once what kept it from being made is said."""
        try:
            self.model.template = self.ctx.services.history.quick_game(game)
        except ScorepadError as problem:
            teller(self.message)(problem.message(self.ctx.lang), True)
            return False
        return True


def _saved_players(ctx: Context) -> list[str]:
    """Profiles from the history, most played first (none when it cannot be read)."""
    try:
        players = ctx.services.history.players()
    except ScorepadError:
        return []
    return [p.name for p in sorted(players, key=lambda p: (-p.plays, p.name.casefold()))]


def start_sheet(ctx: Context, model: NewPlayModel) -> SheetDraft:
    """A new sheet for the form's players (every other sheet in progress is kept), then
    the sheet."""
    draft = coloured(ctx, model).draft(ctx.lang)
    ctx.services.drafts.save(draft)
    ctx.navigate(f"/sheet/{draft.sheet_id}")
    return draft


def quick_view(ctx: Context, name: str) -> ft.View:
    """The quick form (``/quick``): New play with the quick game's own fields above the
    players, its name filled in from the picker's search."""
    form = ctx.kept("quick-form", lambda: QuickForm(name=name.strip()[:MAX_QUICK_NAME]))
    if not form.known:
        form.known = known_names(ctx)
    model = ctx.kept("new-play", lambda: NewPlayModel(placeholder()))
    return NewPlayView(ctx, model, quick=QuickPart(ctx, form)).build()
