"""What a game's sheet is: its lines, variants, tie-breakers, reminders and rules.

Templates are immutable values built by ``scorepad.core.loader`` from data files; nothing
here knows about files. The line kinds and the small values a game is made of live in
``lines`` (imported here under their old names too); a game's rules between lines
(``ruleplan``), its rounds (``roundrules``), its result (``resultrule``) and its modules
(``modules``) are values from modules below this one.
"""

from __future__ import annotations

from scorepad.core.errors import EntryError
from scorepad.core.game_facts import NO_FACTS, GameFacts
from scorepad.core.i18n import Text, pick
from scorepad.core.lines import (
    LINE_KINDS,
    MEMO_SIZE,
    TABLE_SIZE,
    BlankRow,
    CheckLine,
    CountLine,
    Factor,
    Line,
    PenaltyLine,
    PointsLine,
    Prefer,
    ProductLine,
    Rate,
    Reading,
    RoundPlan,
    TableLine,
    Tiebreaker,
    TiePlan,
    Variant,
    Wins,
    is_rated,
    new_reading,
    read_number,
    read_whole,
    signed,
    worked_from_entry,
)
from scorepad.core.modules import Module
from scorepad.core.numbers import Number, normalize
from scorepad.core.resultrule import RaceRule, ResultRule
from scorepad.core.roundrules import BidRule, Rounds, TotalEnd
from scorepad.core.ruleplan import SheetRules

__all__ = [
    "LINE_KINDS",
    "MEMO_SIZE",
    "TABLE_SIZE",
    "BlankRow",
    "CheckLine",
    "CountLine",
    "Factor",
    "GameTemplate",
    "Line",
    "PenaltyLine",
    "PointsLine",
    "Prefer",
    "ProductLine",
    "Rate",
    "Reading",
    "RoundPlan",
    "TableLine",
    "TiePlan",
    "Tiebreaker",
    "Variant",
    "Wins",
    "is_rated",
    "new_reading",
    "read_number",
    "read_whole",
    "signed",
    "worked_from_entry",
]


class GameTemplate:
    """A game's sheet, built by the loader and shared read-only by every play of it.

    ``source`` is the validated data it was built from, kept so that a saved play can
    store the exact template it was scored with.
    """

    __slots__ = (
        "_blank_rows",
        "_by_variant",
        "_combined",
        "_keys_by_variant",
        "_plans",
        "_round_plans",
        "_tie_plans",
        "base",
        "bids",
        "board",
        "builtin",
        "chosen",
        "description",
        "ends",
        "facts",
        "id",
        "lines",
        "max_players",
        "min_players",
        "modules",
        "name",
        "race",
        "reminders",
        "result",
        "rounds",
        "rules",
        "source",
        "tiebreakers",
        "variants",
        "version",
        "wins",
    )

    def __init__(
        self,
        *,
        id: str,
        version: int,
        name: Text,
        min_players: int,
        max_players: int,
        wins: Wins,
        lines: tuple[Line, ...],
        tiebreakers: tuple[Tiebreaker, ...] = (),
        variants: tuple[Variant, ...] = (),
        reminders: tuple[Text, ...] = (),
        description: Text | None = None,
        builtin: bool = False,
        source: dict[str, object] | None = None,
        rounds: Rounds | None = None,
        bids: BidRule | None = None,
        result: ResultRule | None = None,
        race: RaceRule | None = None,
        modules: tuple[Module, ...] = (),
        rules: SheetRules | None = None,
        board: str | None = None,
        facts: GameFacts = NO_FACTS,
        ends: TotalEnd | None = None,
    ) -> None:
        self.id = id
        self.ends = ends
        """A game without rounds that ends once someone's total reaches (or falls to) a
        target (a game file's ``ends`` without ``rounds``); None: it ends when the table
        stops. A round game's target is its ``rounds``'s."""
        self.facts = facts
        """Best player counts, playing time and weight (``scorepad.core.game_facts``)."""
        self.board = board
        """The kind of board its players may give (``scorepad.core.boards.kinds``: a
        name of ``BOARD_KINDS``); None: the game has none."""
        self.rules = rules
        """Checks, sets, awards, bonuses and floor (``sheetrules``); None when the sheet
        only adds up its lines."""
        self.result = result
        """Co-operative or team play (``scorepad.core.results``); None: each for themselves."""
        self.race = race
        """Won by whoever ends the game (``scorepad.core.results.race``); None: by the totals."""
        self.modules = modules
        """Optional modules a play may choose (``scorepad.core.modules``)."""
        self.base: GameTemplate | None = None
        """For a game with modules chosen: the game without them (what a play keeps)."""
        self.chosen: tuple[str, ...] = ()
        """For a game with modules chosen: their ids, in the game's order."""
        self._combined: dict[tuple[str, ...], GameTemplate] = {}
        self.rounds = rounds
        """How a round game's rounds go; None for a game filled in once, at the end."""
        self.bids = bids
        """A round game's bid rule (Skull King, Wizard), if it has one."""
        self.version = version
        self.name = name
        self.min_players = min_players
        self.max_players = max_players
        self.wins: Wins = wins
        self.lines = lines
        self.tiebreakers = tiebreakers
        self.variants = variants
        self.reminders = reminders
        self.description = description
        self.builtin = builtin
        self.source = source if source is not None else {}
        self._by_variant: dict[str | None, tuple[Line, ...]] = {}
        self._keys_by_variant: dict[str | None, frozenset[str]] = {}
        self._plans: dict[str | None, tuple[tuple[str, Line, dict[object, Reading]], ...]] = {}
        self._tie_plans: dict[str | None, TiePlan] = {}
        self._round_plans: dict[str | None, RoundPlan] = {}
        self._blank_rows: dict[str | None, BlankRow | None] = {}
        variant_ids: list[str | None] = [v.id for v in self.variants] or [None]
        for variant_id in variant_ids:
            lines = tuple(
                line
                for line in self.lines
                if variant_id is None or line.variants is None or variant_id in line.variants
            )
            self._by_variant[variant_id] = lines
            self._plans[variant_id] = tuple((line.key, line, line._memo) for line in lines)
            keys = self._keys_by_variant[variant_id] = frozenset(line.key for line in lines)
            self._tie_plans[variant_id] = tuple(
                (1 if tb.prefer == "more" else -1, tuple((k, w) for k, w in tb.terms if k in keys))
                for tb in tiebreakers
            )

        default = rules.default_variant if rules is not None else None
        if default is not None:  # a sheet naming no variant is the default's
            self._by_variant[None] = self._by_variant[default]
            self._keys_by_variant[None] = self._keys_by_variant[default]
            self._plans[None] = self._plans[default]
            self._tie_plans[None] = self._tie_plans[default]

    def __repr__(self) -> str:
        return f"GameTemplate(id={self.id!r}, version={self.version})"

    def keys_for(self, variant: str | None) -> frozenset[str]:
        """The line keys of one variant, for checking what a sheet names."""
        return self._keys_by_variant[variant]

    def plan(self, variant: str | None) -> tuple[tuple[str, Line, dict[object, Reading]], ...]:
        """Each line of a variant with its key and its memory of readings, for scoring."""
        return self._plans[variant]

    def blank_row(self, variant: str | None) -> BlankRow | None:
        """What a player who entered nothing on a variant's lines scores: each line's
        reading of a blank, their points and each tie-breaker's value (worked out on first
        use; None when a line refuses a blank, which scoring then words for the player)."""
        if variant in self._blank_rows:
            return self._blank_rows[variant]
        found: BlankRow | None = None
        try:
            readings = {key: line.reading(None) for key, line, _ in self._plans[variant]}
        except EntryError:
            pass
        else:
            total: Number = 0
            for reading in readings.values():
                total += reading.points
            measured: list[Number] = []
            for _, terms in self._tie_plans[variant]:
                value: Number = 0
                for key, weight in terms:
                    value += readings[key].measure * weight
                measured.append(value if type(value) is int else normalize(value))
            found = BlankRow(
                readings, total if type(total) is int else normalize(total), tuple(measured)
            )
        self._blank_rows[variant] = found
        return found

    def round_plan(self, variant: str | None) -> RoundPlan:
        """The per-round lines of a variant, each with its ``Line.whole_range`` (or else its
        ``Line.whole_table``), for scoring a round game (worked out on first use: most
        games have none)."""
        found = self._round_plans.get(variant)
        if found is None:
            lines = self._by_variant[variant]
            found = tuple(
                (line, plain, line.whole_table() if plain is None else None)
                for line in lines
                if line.per_round
                for plain in (line.whole_range(),)
            )
            self._round_plans[variant] = found
        return found

    def tie_plan(self, variant: str | None) -> TiePlan:
        """Each tie-breaker as (1 if more is better else -1, its terms on this variant)."""
        return self._tie_plans[variant]

    def lines_for(self, variant: str | None) -> tuple[Line, ...]:
        """The lines of one variant (``None`` for a game without variants), in sheet order."""
        return self._by_variant[variant]

    def line(self, key: str) -> Line:
        for line in self.lines:
            if line.key == key:
                return line
        raise KeyError(key)

    def variant(self, variant_id: str) -> Variant:
        for variant in self.variants:
            if variant.id == variant_id:
                return variant
        raise KeyError(variant_id)

    def title(self, lang: str, variant: str | None = None) -> str:
        """The game's name, with the variant's when there is one: "Azul: Sintra (side A)",
        and the modules chosen after it ("… + Bonus dice")."""
        name = pick(self.name, lang)
        if variant is not None:
            name = f"{name} ({pick(self.variant(variant).label, lang)})"
        if self.base is not None:
            chosen = [pick(m.label, lang) for m in self.base.modules if m.id in self.chosen]
            name = " + ".join([name, *chosen])
        return name
