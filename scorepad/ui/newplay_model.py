"""The New play form: who plays, in which order, which variant and where.

Plain Python so that tests can drive it without a page; the view only mirrors it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorepad.core import GameTemplate, ScorepadError, resolve_variant
from scorepad.core.errors import quote
from scorepad.core.plaintext import name_problem, plain_problem
from scorepad.ui.errors import AppError


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

    def __post_init__(self) -> None:
        self.names = self.names[: self.template.max_players]
        wanted = max(self.template.min_players, min(2, self.template.max_players))
        while len(self.names) < wanted:
            self.names.append("")
        if self.template.variants and self.variant is None:
            self.variant = self.template.variants[0].id

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
        return cls(
            template,
            names,
            variant,
            query.get("location", ""),
            modules,
            from_link=bool(names),
        )

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
        return True

    def remove(self, index: int) -> None:
        if self.can_remove:
            del self.names[index]

    def move(self, index: int, delta: int) -> None:
        other = index + delta
        if 0 <= other < len(self.names):
            self.names[index], self.names[other] = self.names[other], self.names[index]

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

    def location_problem(self) -> ScorepadError | None:
        """What is wrong with the location (a control character), as the history says."""
        return plain_problem(self.location.strip())

    def ready(self) -> bool:
        """Nothing wrong: a sheet may start (and a draft be written)."""
        return not self.problems() and self.location_problem() is None

    def players(self) -> list[str]:
        return [name.strip() for name in self.names]
