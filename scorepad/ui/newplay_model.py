"""The New play form: who plays, in which order, in which team, which variant and where.

Plain Python so that tests can drive it without a page; the view only mirrors it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from scorepad.core import GameTemplate, ScorepadError, resolve_variant
from scorepad.core.errors import quote
from scorepad.core.plaintext import location_problem, name_problem
from scorepad.sheet.colours import SeatColours
from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.first_player import seat_after_move, seat_after_remove
from scorepad.sheet.progress import new_draft
from scorepad.sheet.result import default_teams, grouping_problem, team_names, team_rule
from scorepad.ui.errors import AppError
from scorepad.ui.guard import LINK_ASKS
from scorepad.ui.ratings_model import chances_line

if TYPE_CHECKING:
    from scorepad.club.ratings import Ratings


@dataclass
class NewPlayModel:
    template: GameTemplate
    names: list[str] = field(default_factory=list)
    variant: str | None = None
    location: str = ""
    modules: list[str] = field(default_factory=list)
    """The game's modules chosen (ids, in the game's order)."""
    from_link: bool = False
    """Filled from a link that names the players: its problems show at once."""
    asks: bool = False
    """Filled from a link another site sent (``scorepad.ui.guard``): nothing starts
    until a person taps Start."""
    teams: list[int] = field(default_factory=list)
    """A team game: each seat's team, numbered from 1 (none for other games)."""
    team_names: list[str] = field(default_factory=list)
    """Names given to teams 1, 2, … (a rematch keeps the play's); the others are "Team N"."""
    first: int | None = None
    """The seat (from 0) picked to start: it follows the name typed there and goes when
    the seat does (``sheet.first_player``)."""
    colours: SeatColours | None = None
    """Each seat's colour (``sheet.colours``): set by the view, which knows who had which."""

    def __post_init__(self) -> None:
        self.names = self.names[: self.template.max_players]
        wanted = max(self.template.min_players, min(2, self.template.max_players))
        while len(self.names) < wanted:
            self.names.append("")
        if self.template.variants and self.variant is None:
            self.variant = self.template.variants[0].id
        rule = team_rule(self.template)
        if rule is None:
            self.teams = []
        elif len(self.teams) != len(self.names):
            self.teams = default_teams(rule, len(self.names))

    @property
    def in_teams(self) -> bool:
        return team_rule(self.template) is not None

    def team_choices(self) -> list[int]:
        """The team numbers a seat may pick: as many teams as the game allows, no more
        than there are seats."""
        rule = team_rule(self.template)
        if rule is None:
            return []
        count = min(rule.max_teams, max(rule.min_teams, len(self.names), *self.teams))
        return list(range(1, count + 1))

    def set_team(self, index: int, team: int) -> None:
        if team in self.team_choices():
            self.teams[index] = team

    def next_team(self, index: int) -> None:
        """The seat's player moves to the next team (after the last: the first)."""
        choices = self.team_choices()
        current = self.teams[index]
        at = choices.index(current) + 1 if current in choices else 0
        self.teams[index] = choices[at % len(choices)]

    def team_names_for(self, lang: str) -> list[str]:
        """The names of the teams a seat may pick, in ``lang`` where no one named them."""
        return team_names(self.team_names, len(self.team_choices()), lang)

    def team_problem(self) -> AppError | None:
        """What is wrong with the teams: too few or too many for the game."""
        return grouping_problem(self.template, self.teams) if self.in_teams else None

    def draft(self, lang: str) -> SheetDraft:
        """A new sheet for the form: its players, variant, modules, location and teams
        (named in ``lang`` where no one named them)."""
        draft = new_draft(self.template, self.variant, self.players(), self.modules)
        draft.location = self.location.strip()
        draft.first_player = self.first_player() or ""
        if self.colours is not None:
            self.colours.follow(self.names)
            draft.colours = self.colours.for_draft()
        if self.in_teams:
            draft.teams = list(self.teams)
            draft.team_names = team_names(self.team_names, max(self.teams), lang)
        return draft

    @classmethod
    def from_query(cls, template: GameTemplate, query: dict[str, str]) -> NewPlayModel:
        """The form filled from ``?variant=A&players=Ana,Ben`` (a variant it does not have
        is dropped; names are kept as given, for ``problems`` to say what is wrong)."""
        variant = None
        if template.variants and query.get("variant"):
            try:
                variant = resolve_variant(template, query["variant"])
            except ScorepadError:
                variant = None
        names = [n.strip() for n in query.get("players", "").split(",") if n.strip()]
        known = [m.id for m in template.modules]
        asked = {m.strip() for m in query.get("modules", "").split(",")}
        modules = [m for m in known if m in asked]
        teams, named = _linked_teams(template, query.get("teams", ""), len(names))
        model = cls(
            template,
            names,
            variant,
            query.get("location", ""),
            modules,
            from_link=bool(names),
            asks=LINK_ASKS in query,
            teams=teams,
            team_names=named,
        )
        model.first = _seat_of(names, query.get("first", ""))
        return model

    def choose_module(self, module: str, chosen: bool) -> None:
        """Choose a module of the game, or leave it out (kept in the game's order)."""
        wanted = (set(self.modules) | {module}) if chosen else set(self.modules) - {module}
        self.modules = [m.id for m in self.template.modules if m.id in wanted]

    @property
    def can_add(self) -> bool:
        return len(self.names) < self.template.max_players

    @property
    def can_remove(self) -> bool:
        return len(self.names) > self.template.min_players

    def add(self) -> None:
        if self.can_add:
            self.names.append("")
            self._seat_added()

    def _seat_added(self) -> None:
        """A new seat's team: the next in turn (alternating, as at first)."""
        rule = team_rule(self.template)
        if rule is not None:
            self.teams.append(default_teams(rule, len(self.names))[-1])

    def choose(self, name: str) -> bool:
        """A saved player joins: in the first empty seat, else a new one; False when the
        table is full or they already play."""
        if name.strip().casefold() in {n.strip().casefold() for n in self.names}:
            return False
        for index, current in enumerate(self.names):
            if not current.strip():
                self.names[index] = name
                return True
        if not self.can_add:
            return False
        self.names.append(name)
        self._seat_added()
        return True

    def remove(self, index: int) -> None:
        if self.can_remove:
            del self.names[index]
            self.first = seat_after_remove(self.first, index)
            if self.colours is not None:
                self.colours.remove(index)
            if self.teams:
                del self.teams[index]

    def move(self, index: int, delta: int) -> None:
        other = index + delta
        if 0 <= other < len(self.names):
            self.names[index], self.names[other] = self.names[other], self.names[index]
            self.first = seat_after_move(self.first, index, other)
            if self.colours is not None:
                self.colours.move(index, other)
            if self.teams:  # a player keeps their team
                self.teams[index], self.teams[other] = self.teams[other], self.teams[index]

    def problems(self) -> dict[int, ScorepadError]:
        """What is wrong with each name, by position: empty, not plain text (a tab, a
        control character), too long, or already playing. The sheet refuses the same."""
        found: dict[int, ScorepadError] = {}
        seen: set[str] = set()
        for index, name in enumerate(self.names):
            cleaned = name.strip()
            problem = name_problem(name) if cleaned else None
            if not cleaned:
                found[index] = AppError("app.name_missing")
            elif problem is not None:
                found[index] = problem
            elif cleaned.casefold() in seen:
                found[index] = AppError("app.name_repeated", value=quote(cleaned))
            seen.add(cleaned.casefold())
        return found

    def chances(self, ratings: Ratings | None, lang: str) -> str | None:
        """Each player's chance to win this game from the ratings, once two or more are
        named and each has enough rated plays of it (``ratings_model.chances_line``);
        None for a game played in teams or together, or with nothing to say."""
        result = self.template.result
        if result is not None and result.kind in ("teams", "cooperative"):
            return None
        return chances_line(ratings, self.names, self.template.id, lang)

    def location_problem(self) -> ScorepadError | None:
        """What is wrong with the location (a control character, too long), as the
        history says."""
        return location_problem(self.location)

    def ready(self) -> bool:
        """Nothing wrong: a sheet may start (and a draft be written)."""
        return (
            not self.problems() and self.location_problem() is None and self.team_problem() is None
        )

    def players(self) -> list[str]:
        return [name.strip() for name in self.names]

    def named_seats(self) -> list[int]:
        """The seats with a name typed: the ones "Who starts?" picks from."""
        return [index for index, name in enumerate(self.names) if name.strip()]

    def first_player(self) -> str | None:
        """The name at the seat picked to start, as typed there now (None: nobody picked,
        or the name there was cleared)."""
        if self.first is None or self.first >= len(self.names):
            return None
        return self.names[self.first].strip() or None


def _seat_of(names: list[str], name: str) -> int | None:
    """The seat of ``name`` among ``names`` (a link's ``?first=Ben``), case aside; None
    when nobody of that name plays."""
    wanted = name.strip().casefold()
    folded = [n.casefold() for n in names]
    return folded.index(wanted) if wanted and wanted in folded else None


def _linked_teams(template: GameTemplate, text: str, seats: int) -> tuple[list[int], list[str]]:
    """A link's teams (``?teams=Red,Blue,Red,Blue``, a rematch's: one name per player in
    seat order) as team numbers and names; none when they do not fit the players."""
    given = [t.strip() for t in text.split(",")]
    fits = team_rule(template) is not None and len(given) == seats
    if not fits or not all(t and name_problem(t) is None for t in given):
        return [], []
    folded = list(dict.fromkeys(t.casefold() for t in given))
    named = [next(t for t in given if t.casefold() == f) for f in folded]
    return [folded.index(t.casefold()) + 1 for t in given], named
