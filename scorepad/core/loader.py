"""Game files → validated ``GameTemplate``s, with every problem named by file and place.

One schema serves the built-in catalogue, user-defined games and shared game files. The
loader takes text (or an already parsed mapping) and a ``source`` name used in messages;
callers open files. Unknown fields are refused rather than ignored: a typo such as "pre"
for "per" must not silently score differently.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, cast

from scorepad.core.colours import ColourError, check_colour
from scorepad.core.errors import (
    BadBounds,
    MissingField,
    TemplateError,
    parse_json,
    quote,
)
from scorepad.core.game_facts import FACT_FIELDS, read_facts
from scorepad.core.limits import (
    MAX_ALL_RATES,
    MAX_LINES,
    MAX_RATES,
    MAX_RULES,
    MAX_VALUES,
    MAX_VARIANTS,
)
from scorepad.core.modules import read_modules
from scorepad.core.numbers import Number
from scorepad.core.plaintext import blank
from scorepad.core.reader import KEY as KEY
from scorepad.core.reader import LANG_CODE as LANG_CODE
from scorepad.core.reader import Reader, type_name
from scorepad.core.resultrule import read_race, read_result
from scorepad.core.roundrules import MAX_ROUNDS, BidRule, Rounds, TotalEnd
from scorepad.core.ruleplan import MORE_KINDS
from scorepad.core.rules_loader import BUILDERS, RULE_FIELDS, read_rules
from scorepad.core.template import (
    LINE_KINDS,
    CheckLine,
    CountLine,
    Factor,
    GameTemplate,
    Line,
    PenaltyLine,
    PointsLine,
    ProductLine,
    Rate,
    TableLine,
    Tiebreaker,
    Variant,
    is_rated,
)

MAX_HINT = 300
MAX_REMINDER = 500
MAX_DESCRIPTION = 2000
MAX_SOURCE = 2000
"""Longest texts of a game, in characters (its name and every label: ``MAX_LABEL``): a
game file is read on every screen that lists games, and a screen must not freeze on a
name of megabytes."""
VARIANT_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,31}\Z")
SCHEMA_VERSION = 1

TOP_FIELDS = {
    "id": True,
    "version": False,
    "name": True,
    "description": False,
    "players": True,
    "wins": False,
    "variants": False,
    "lines": True,
    "tiebreakers": False,
    "reminders": False,
    "rounds": False,
    "ends": False,
    "bids": False,
    "deal": False,
    "round_starter": False,
    "bgg_id": False,
    "source": False,
    "result": False,
    "modules": False,
    "first_player": False,
    "player_colours": False,
    "board": False,
    "race": False,
    "quick": False,
    **FACT_FIELDS,
    **RULE_FIELDS,
}
ROUNDS_FIELDS = {"count": False, "by_players": False}
ENDS_FIELDS = {"reach": False, "fall_to": False}
DEAL_FIELDS = {"cards": False, "dealer": False}
CARDS_FIELDS = {"first": False, "step": False, "deck": False}
MAX_CARDS = 1000
"""The most cards a deal may give each player in any round."""
BIDS_FIELDS = {
    "key": True,
    "label": True,
    "bid": True,
    "tricks": True,
    "bonus": False,
    "hit": True,
    "miss": True,
}
HIT_FIELDS = {"base": False, "per_trick": False, "zero_per_round": False}
MISS_FIELDS = {"per_off": False, "zero_per_round": False}
COMMON_LINE_FIELDS = {
    "key": True,
    "kind": True,
    "label": True,
    "hint": False,
    "counts": False,
    "variants": False,
    "per_round": False,
}
MAX_STEPS = 6
"""The most amounts a stepped line offers (a quick game's three: 1, 5 and 10)."""
KIND_FIELDS: dict[str, Mapping[str, bool]] = {
    kind: cls.fields for kind, cls in {**LINE_KINDS, **MORE_KINDS}.items()
}
KIND_FIELDS["points"] = {**PointsLine.fields, "steps": False}
"""A points line's ``steps`` is the loader's (the editor keeps it as read)."""


def load_template(
    text: str | Mapping[str, Any], source: str, *, builtin: bool = False
) -> GameTemplate:
    """Build a template from a game file's text (or its parsed JSON), or raise TemplateError."""
    data = parse_json(text, source, TemplateError) if isinstance(text, str) else text
    return _Reader(source).game(data, builtin)


class _Reader(Reader):
    """Walks a game file, keeping the file name for messages: the game's own parts."""

    def player_colours(self, raw: object) -> None:
        """The colours of the game's pieces: palette names, each once."""
        listed = self.items(raw, "player_colours", allow_empty=False)
        for i, colour in enumerate(listed):
            try:
                check_colour(colour, f"player_colours[{i}]")
            except ColourError as problem:
                raise self.at(f"player_colours[{i}]", problem) from None
            if colour in listed[:i]:
                raise self.fail(f"player_colours[{i}]", "colour.twice", value=quote(colour))

    # --- the game -----------------------------------------------------------------------------
    def game(self, raw: object, builtin: bool) -> GameTemplate:
        data = self.obj(raw, "game", TOP_FIELDS)
        game_id = self.key(data["id"], "id")
        board = self.board(data.get("board"))
        players = self.obj(data["players"], "players", {"min": True, "max": True})
        low = self.whole(players["min"], "players.min", low=1)
        high = self.whole(players["max"], "players.max", low=1)
        if low > high:
            raise self.at("players", BadBounds(low, high))
        if high > 20:
            raise self.fail("players.max", "entry.above_max", value=high, limit=20)
        facts = read_facts(self, data, low, high)
        variants = self.variants(data.get("variants", []), (low, high))
        variant_ids = {v.id for v in variants}
        result = read_result(self, data["result"]) if "result" in data else None
        # a co-operative or team game may have no score at all: only won or lost
        lines = self.lines(data["lines"], variant_ids, allow_empty=result is not None)
        rounds = self.rounds(data, lines, low, high)
        ends = self.total_end(data) if rounds is None and "ends" in data else None
        if ends is not None and result is not None:
            raise self.fail("ends", "template.ends_with_result")
        if "quick" in data:
            self.flag(data["quick"], "quick")
        bids = self.bids(data.get("bids"), lines) if "bids" in data else None
        if bids is not None and rounds is None:
            raise self.fail("bids", "template.bids_without_rounds")
        if not any(line.counts for line in lines) and bids is None and (lines or not result):
            raise self.fail("lines", "template.no_counting_line")
        if result is not None and rounds is not None:
            raise self.fail("result", "template.result_with_rounds")
        race = read_race(self, data["race"], lines) if "race" in data else None
        if race is not None and (result is not None or rounds is not None):
            raise self.fail("race", "template.race_alone")
        for variant in variants:
            if not any(line.variants is None or variant.id in line.variants for line in lines):
                raise self.fail("variants", "template.empty_variant", value=quote(variant.id))
        keys = {line.key for line in lines}
        tiebreakers = tuple(
            self.tiebreaker(item, f"tiebreakers[{i}]", keys, rounds is not None)
            for i, item in enumerate(
                self.items(data.get("tiebreakers", []), "tiebreakers", limit=MAX_RULES)
            )
        )
        reminders = tuple(
            self.text(item, f"reminders[{i}]", MAX_REMINDER)
            for i, item in enumerate(
                self.items(data.get("reminders", []), "reminders", limit=MAX_RULES)
            )
        )
        if "bgg_id" in data:
            self.whole(data["bgg_id"], "bgg_id", low=1)
        if "source" in data and (not isinstance(data["source"], str) or blank(data["source"])):
            raise self.fail(
                "source",
                "template.wrong_type",
                value=quote(data["source"]),
                expected=type_name("text"),
            )
        if "source" in data and len(data["source"]) > MAX_SOURCE:
            source = data["source"]
            raise self.fail(
                "source",
                "plain.too_long",
                value=quote(source),
                limit=MAX_SOURCE,
                length=len(source),
            )
        if "first_player" in data:
            if not isinstance(data["first_player"], dict):
                raise self.fail("first_player", "template.first_player_text")
            self.text(data["first_player"], "first_player", MAX_REMINDER)
        if "player_colours" in data:
            self.player_colours(data["player_colours"])
        description = data.get("description")
        rules = read_rules(self, data, lines, variants)
        return GameTemplate(
            id=game_id,
            version=self.whole(data.get("version", 1), "version", low=1),
            name=self.text(data["name"], "name"),
            min_players=low,
            max_players=high,
            wins=cast(
                Any, self.choice(data.get("wins", "highest"), "wins", ("highest", "lowest"), "wins")
            ),
            lines=lines,
            tiebreakers=tiebreakers,
            variants=variants,
            reminders=reminders,
            description=(
                None
                if description is None
                else self.text(description, "description", MAX_DESCRIPTION)
            ),
            builtin=builtin,
            source=dict(data),
            rounds=rounds,
            bids=bids,
            result=result,
            race=race,
            modules=read_modules(self, data, builtin),
            rules=rules,
            board=board,
            facts=facts,
            ends=ends,
        )

    def board(self, raw: object) -> str | None:
        """The kind of board the game's players may give (``core.boards.kinds``)."""
        if raw is None:
            return None
        from scorepad.core.boards.kinds import board_kinds  # the kinds register on use

        return self.choice(raw, "board", tuple(board_kinds()), "board")

    # --- rounds ---------------------------------------------------------------------------
    def rounds(
        self, data: dict[str, Any], lines: tuple[Line, ...], low: int, high: int
    ) -> Rounds | None:
        if "rounds" not in data:
            for line in lines:
                if line.per_round:
                    raise self.fail(
                        f"lines.{line.key}.per_round", "template.per_round_without_rounds"
                    )
            if "deal" in data:
                raise self.fail("deal", "template.deal_without_rounds")
            if "round_starter" in data:
                raise self.fail("round_starter", "template.round_starter_without_rounds")
            return None
        raw = self.obj(data["rounds"], "rounds", ROUNDS_FIELDS)
        if "count" in raw and "by_players" in raw:
            raise self.fail("rounds", "template.rounds_both")
        count = self.whole(raw["count"], "rounds.count", low=1) if "count" in raw else None
        if count is not None and count > MAX_ROUNDS:
            raise self.fail("rounds.count", "entry.above_max", value=count, limit=MAX_ROUNDS)
        by_players: list[tuple[int, int]] = []
        if "by_players" in raw:
            allowed = {str(n): True for n in range(low, high + 1)}
            table = self.obj(raw["by_players"], "rounds.by_players", allowed)
            for n in range(low, high + 1):
                rounds = self.whole(table[str(n)], f"rounds.by_players.{n}", low=1)
                if rounds > MAX_ROUNDS:
                    raise self.fail(
                        f"rounds.by_players.{n}", "entry.above_max", value=rounds, limit=MAX_ROUNDS
                    )
                by_players.append((n, rounds))
        ending = target = None
        if "ends" in data:
            ending, target = self.total_end(data)
        if not any(line.per_round for line in lines):
            raise self.fail("rounds", "template.no_round_lines")
        most = max([count or 0, *(r for _, r in by_players)]) or None
        cards, deck, rotates = (
            self.deal(data["deal"], most, high) if "deal" in data else (None, None, False)
        )
        moves = True
        if "round_starter" in data:
            said = self.choice(
                data["round_starter"], "round_starter", ("next_seat", "previous_round"), "starter"
            )
            moves = said == "next_seat"
        return Rounds(
            count, tuple(by_players), cast(Any, ending), target, cards, deck, rotates, moves
        )

    def total_end(self, data: dict[str, Any]) -> TotalEnd:
        """The game file's ``ends``: the target that ends a game once someone's total (a
        round game's running total) reaches it, or falls to it."""
        ends = self.obj(data["ends"], "ends", ENDS_FIELDS)
        if len(ends) != 1:
            raise self.fail("ends", "template.ends_one")
        ending = next(iter(ends))
        return TotalEnd(cast(Any, ending), self.number(ends[ending], f"ends.{ending}"))

    def deal(
        self, raw: object, most: int | None, high: int
    ) -> tuple[tuple[int, int] | None, int | None, bool]:
        """A round game's ``deal``: the cards each player is dealt, by round, the deck
        they come from, and whether the dealer rotates. ``most``: the most rounds the game
        has (None: open rounds); ``high``: the most players."""
        data = self.obj(raw, "deal", DEAL_FIELDS)
        if not data:
            raise self.fail("deal", "template.deal_empty")
        cards = deck = None
        if "cards" in data:
            given = self.obj(data["cards"], "deal.cards", CARDS_FIELDS)
            first = self.whole(given.get("first", 1), "deal.cards.first", low=1)
            step = self.whole(given.get("step", 0), "deal.cards.step", low=0)
            if first > MAX_CARDS:
                raise self.fail("deal.cards.first", "entry.above_max", value=first, limit=MAX_CARDS)
            if step and most is None:
                raise self.fail("deal.cards.step", "template.deal_step_open")
            last = first + step * ((most or 1) - 1)
            if last > MAX_CARDS:
                raise self.fail(
                    "deal.cards.step", "template.deal_too_many", cards=last, limit=MAX_CARDS
                )
            cards = (first, step)
            if "deck" in given:
                deck = self.whole(given["deck"], "deal.cards.deck", low=high)
                if deck > MAX_CARDS * high:
                    raise self.fail(
                        "deal.cards.deck", "entry.above_max", value=deck, limit=MAX_CARDS * high
                    )
        rotates = False
        if "dealer" in data:
            rotates = (
                self.choice(data["dealer"], "deal.dealer", ("rotates",), "dealer") == "rotates"
            )
        return cards, deck, rotates

    def bids(self, raw: object, lines: tuple[Line, ...]) -> BidRule:
        data = self.obj(raw, "bids", BIDS_FIELDS)
        by_key = {line.key: line for line in lines}
        key = self.key(data["key"], "bids.key")
        if key in by_key:
            raise self.fail("bids.key", "template.duplicate_key", value=quote(key))
        names = []
        for field in ("bid", "tricks"):
            name = data[field]
            line = by_key.get(name) if isinstance(name, str) else None
            if not isinstance(line, CountLine) or not line.per_round or line.rates:
                raise self.fail(f"bids.{field}", "template.bid_line", value=quote(name))
            names.append(name)
        if names[0] == names[1]:
            raise self.fail("bids.tricks", "template.bid_same_line")
        bonus = data.get("bonus")
        if bonus is not None:
            line = by_key.get(bonus) if isinstance(bonus, str) else None
            if line is None or not line.per_round or line.counts or is_rated(line):
                raise self.fail("bids.bonus", "template.bonus_line", value=quote(bonus))
        hit = self.obj(data["hit"], "bids.hit", HIT_FIELDS)
        miss = self.obj(data["miss"], "bids.miss", MISS_FIELDS)
        return BidRule(
            key=key,
            label=self.text(data["label"], "bids.label"),
            bid=names[0],
            tricks=names[1],
            bonus=bonus,
            hit_base=self.number(hit.get("base", 0), "bids.hit.base"),
            hit_per_trick=self.number(hit.get("per_trick", 0), "bids.hit.per_trick"),
            hit_zero=self.number(hit["zero_per_round"], "bids.hit.zero_per_round")
            if "zero_per_round" in hit
            else None,
            miss_per_off=self.number(miss.get("per_off", 0), "bids.miss.per_off"),
            miss_zero=self.number(miss["zero_per_round"], "bids.miss.zero_per_round")
            if "zero_per_round" in miss
            else None,
        )

    def variant_players(self, raw: object, path: str, game: tuple[int, int]) -> tuple[int, int]:
        """A variant's own player bounds: within the game's (Concordia's Italia map, 2 to 4
        of the game's 2 to 5)."""
        players = self.obj(raw, path, {"min": True, "max": True})
        low = self.whole(players["min"], f"{path}.min", low=1)
        high = self.whole(players["max"], f"{path}.max", low=1)
        if low > high:
            raise self.at(path, BadBounds(low, high))
        if low < game[0] or high > game[1]:
            raise self.fail(path, "template.variant_players", low=game[0], high=game[1])
        return low, high

    def variants(self, raw: object, game: tuple[int, int]) -> tuple[Variant, ...]:
        variants: list[Variant] = []
        for i, item in enumerate(self.items(raw, "variants", limit=MAX_VARIANTS)):
            path = f"variants[{i}]"
            data = self.obj(item, path, {"id": True, "label": True, "players": False})
            variant = Variant(
                self.key(data["id"], f"{path}.id", VARIANT_ID),
                self.text(data["label"], f"{path}.label"),
                self.variant_players(data["players"], f"{path}.players", game)
                if "players" in data
                else None,
            )
            if any(v.id == variant.id for v in variants):
                raise self.fail(path, "template.duplicate_variant", value=quote(variant.id))
            variants.append(variant)
        return tuple(variants)

    def lines(
        self, raw: object, variant_ids: set[str], *, allow_empty: bool = False
    ) -> tuple[Line, ...]:
        lines: list[Line] = []
        seen: dict[str, list[Line]] = {}
        listed = self.items(raw, "lines", allow_empty=allow_empty, limit=MAX_LINES)
        for i, item in enumerate(listed):
            key = item.get("key") if isinstance(item, dict) else None
            path = f"lines.{key}" if isinstance(key, str) and KEY.match(key) else f"lines[{i}]"
            kind = item.get("kind") if isinstance(item, dict) else None
            if isinstance(item, dict) and (not isinstance(kind, str) or kind not in KIND_FIELDS):
                choices = ", ".join([quote(k) for k in KIND_FIELDS])
                raise self.fail(path, "template.unknown_kind", value=quote(kind), choices=choices)
            data = self.obj(item, path, {**COMMON_LINE_FIELDS, **KIND_FIELDS.get(str(kind), {})})
            line = self.line(data, path, variant_ids)
            if line.key in seen and not _apart(line, seen[line.key]):
                raise self.fail(path, "template.duplicate_key", value=quote(line.key))
            seen.setdefault(line.key, []).append(line)
            if line.steps and any(other.steps for other in lines):
                first = next(other.key for other in lines if other.steps)
                raise self.fail(f"{path}.steps", "template.steps_twice", value=quote(first))
            lines.append(line)
        rates = sum(len(line.rates) for line in lines if isinstance(line, CountLine))
        if rates > MAX_ALL_RATES:
            raise self.fail("lines", "template.too_many_rates", count=rates, limit=MAX_ALL_RATES)
        return tuple(lines)

    def line(self, data: dict[str, Any], path: str, variant_ids: set[str]) -> Line:
        common: dict[str, Any] = {
            "key": self.key(data["key"], f"{path}.key"),
            "label": self.text(data["label"], f"{path}.label"),
            "hint": self.text(data["hint"], f"{path}.hint", MAX_HINT) if "hint" in data else None,
            "counts": self.flag(data.get("counts", True), f"{path}.counts"),
            "per_round": self.flag(data.get("per_round", False), f"{path}.per_round"),
        }
        if "variants" in data:
            names = self.items(data["variants"], f"{path}.variants", allow_empty=False)
            for name in names:
                if not isinstance(name, str) or name not in variant_ids:
                    raise self.fail(
                        f"{path}.variants", "template.unknown_variant", value=quote(name)
                    )
            common["variants"] = frozenset(names)
        kind = data["kind"]
        if "steps" in data:
            common["steps"] = self.steps(data, path)
        if kind in BUILDERS:
            return BUILDERS[kind](self, data, path, common)
        build: Callable[[dict[str, Any], str, dict[str, Any]], Line] = getattr(self, f"line_{kind}")
        line = build(data, path, common)
        assert type(line) is LINE_KINDS[kind]
        return line

    def steps(self, data: dict[str, Any], path: str) -> tuple[Number, ...]:
        """A points line's ``steps``: the amounts its + and − buttons add, each above 0,
        whole unless the line takes halves, and listed once."""
        where = f"{path}.steps"
        listed = self.items(data["steps"], where, allow_empty=False, limit=MAX_STEPS)
        halves = data.get("halves") is True
        found: list[Number] = []
        for i, raw in enumerate(listed):
            step = self.number(raw, f"{where}[{i}]")
            if step <= 0:
                raise self.fail(f"{where}[{i}]", "template.step_positive", value=quote(raw))
            if not halves and not isinstance(step, int):
                raise self.fail(f"{where}[{i}]", "entry.not_whole", value=quote(raw))
            if step in found:
                raise self.fail(f"{where}[{i}]", "template.step_twice", value=quote(raw))
            found.append(step)
        return tuple(found)

    def line_points(self, data: dict[str, Any], path: str, common: dict[str, Any]) -> Line:
        low, high = self.bounds(data, path, whole=False)
        halves = self.flag(data.get("halves", False), f"{path}.halves")
        return PointsLine(min=low, max=high, halves=halves, **common)

    def line_count(self, data: dict[str, Any], path: str, common: dict[str, Any]) -> Line:
        high = self.whole(data["max"], f"{path}.max", low=0) if "max" in data else None
        rates: list[Rate] = []
        listed = self.items(data.get("rates", []), f"{path}.rates", limit=MAX_RATES)
        for i, item in enumerate(listed):
            where = f"{path}.rates[{i}]"
            rate_data = self.obj(item, where, {"id": True, "per": True, "label": True})
            rate = Rate(
                self.key(rate_data["id"], f"{where}.id"),
                self.number(rate_data["per"], f"{where}.per"),
                self.text(rate_data["label"], f"{where}.label"),
            )
            if any(r.id == rate.id for r in rates):
                raise self.fail(where, "template.duplicate_rate", value=quote(rate.id))
            rates.append(rate)
        if rates and "per" in data:
            raise self.fail(
                path, "template.unknown_field", value=quote("per"), choices=quote("rates")
            )
        return CountLine(
            per=self.number(data.get("per", 1), f"{path}.per"),
            every=self.whole(data.get("every", 1), f"{path}.every", low=1),
            max=high,
            rates=tuple(rates),
            **common,
        )

    def line_table(self, data: dict[str, Any], path: str, common: dict[str, Any]) -> Line:
        raw = self.items(data["values"], f"{path}.values", limit=MAX_VALUES)
        if not raw:
            raise self.fail(f"{path}.values", "template.empty_table")
        values = tuple(self.number(v, f"{path}.values[{i}]") for i, v in enumerate(raw))
        return TableLine(values=values, **common)

    def line_check(self, data: dict[str, Any], path: str, common: dict[str, Any]) -> Line:
        return CheckLine(points=self.number(data["points"], f"{path}.points"), **common)

    def line_product(self, data: dict[str, Any], path: str, common: dict[str, Any]) -> Line:
        raw = self.items(data["factors"], f"{path}.factors")
        if len(raw) != 2:
            raise self.fail(
                f"{path}.factors",
                "template.wrong_type",
                value=quote(raw),
                expected=type_name("list"),
            )
        factors = []
        for i, item in enumerate(raw):
            where = f"{path}.factors[{i}]"
            factor = self.obj(item, where, {"label": True, "max": False})
            high = self.whole(factor["max"], f"{where}.max", low=0) if "max" in factor else None
            factors.append(Factor(self.text(factor["label"], f"{where}.label"), high))
        per = self.number(data.get("per", 1), f"{path}.per")
        return ProductLine(factors=(factors[0], factors[1]), per=per, **common)

    def line_penalty(self, data: dict[str, Any], path: str, common: dict[str, Any]) -> Line:
        high = self.whole(data["max"], f"{path}.max", low=0) if "max" in data else None
        return PenaltyLine(max=high, **common)

    def tiebreaker(
        self, raw: object, path: str, keys: set[str], rounds: bool = False
    ) -> Tiebreaker:
        data = self.obj(
            raw, path, {"label": True, "prefer": True, "terms": False, "rounds_won": False}
        )
        label = self.text(data["label"], f"{path}.label")
        prefer = cast(
            Any, self.choice(data["prefer"], f"{path}.prefer", ("more", "fewer"), "prefer")
        )
        if "rounds_won" in data:
            if "terms" in data or not self.flag(data["rounds_won"], f"{path}.rounds_won"):
                raise self.fail(path, "template.terms_or_rounds_won")
            if not rounds:
                raise self.fail(f"{path}.rounds_won", "template.rounds_won_without_rounds")
            return Tiebreaker(label=label, prefer=prefer, terms=(), rounds_won=True)
        if "terms" not in data:
            raise self.at(path, MissingField("terms"))
        terms = self.obj(
            data["terms"],
            f"{path}.terms",
            {k: False for k in data["terms"]} if isinstance(data["terms"], dict) else {},
        )
        if not terms:
            raise self.fail(f"{path}.terms", "template.empty", value=quote("terms"))
        for key in terms:
            if key not in keys:
                raise self.fail(f"{path}.terms", "template.missing_line", value=quote(key))
        return Tiebreaker(
            label=label,
            prefer=prefer,
            terms=tuple((k, self.number(w, f"{path}.terms.{k}")) for k, w in terms.items()),
        )


def _apart(line: Line, others: list[Line]) -> bool:
    """A key may be used again by a line of other variants only (Summer Pavilion's stars:
    yes/no on side A, counts on side B)."""
    return all(
        line.variants is not None and o.variants is not None and not line.variants & o.variants
        for o in others
    )
