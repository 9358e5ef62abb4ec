"""The custom-game editor's state: plain text fields that become a game template.

Every field is kept as typed, so nothing is lost while the game is not valid yet.
``check()`` builds the template file's data and lets the core validate it; the core's
complaint (``TemplateError``: a path such as ``lines.rows.per`` and a problem) is
attached to the field it concerns (``problems.field_for``), or to the form as a whole.
The form's parts (a line, a variant, a tie-breaker…) are in ``parts``, its rules between
lines in ``rules``, their texts in each language in ``words``.

The form holds everything a game file can say (description, variants, rates, factors,
reminders, every text in each language the app speaks: English required, the others
optional), so a game read from a file and saved again is the same game. Texts in further
languages, which the app does not speak, are kept in each item's ``others`` and written
back unchanged.

An award line's places, fewest places, ties and switches, and a tally's values, are
fields like a table's (a setting left at its default is left out, unless the file read
wrote it).

A round game's settings (``rounds``, ``ends``, ``bids``, each line's ``per_round`` and a
tie-breaker's ``rounds_won``) are fields like the others, and so are the rules between
lines (``sets``, ``bonuses``, ``floor``: ``rules``); fields the editor does not
show (``bgg_id``, ``source``, ``checks``, the game's facts ``players_best``, ``minutes``
and ``weight``, and a game's ``result`` and ``modules``, which it cannot edit yet) are
kept as they were read and written back.

Field names: ``name-en``, ``min-players``, ``line-0-per``, ``line-0-rate-1-label-es``,
``variant-0-id``, ``tb-0-terms``, ``reminder-0-text-es``, ``rounds-count``,
``rounds-players-4``, ``ends-target``, ``bids-hit-base``, ``set-0-per-set``, ``floor``: a
list's prefix and index, then the attribute with ``_`` written ``-``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from scorepad.core import GameTemplate, load_template
from scorepad.core.errors import TemplateError
from scorepad.core.loader import KIND_FIELDS
from scorepad.core.numbers import parse_number
from scorepad.editor.parts import (
    FIELDS_BY_KIND,
    KINDS,
    LIST_FIELDS,
    REQUIRED,
    BidsForm,
    FactorForm,
    LineForm,
    RateForm,
    ReminderForm,
    TiebreakForm,
    VariantForm,
)
from scorepad.editor.problems import Problem, field_for
from scorepad.editor.rules import (
    BonusForm,
    SetForm,
    derive_rule_keys,
    read_rules,
    rules_data,
)
from scorepad.editor.words import (
    Item,
    Others,
    T,
    first_text,
    fresh_key,
    read_item,
    read_words,
    slug,
    words,
)
from scorepad.editor.words import as_text as _text

SPLIT = re.compile(r"[;\s]+")
__all__ = [
    "FIELDS_BY_KIND",
    "KINDS",
    "LIST_FIELDS",
    "BidsForm",
    "BonusForm",
    "FactorForm",
    "Item",
    "LineForm",
    "Others",
    "Problem",
    "RateForm",
    "ReminderForm",
    "SetForm",
    "T",
    "TiebreakForm",
    "VariantForm",
    "first_text",
    "read_words",
    "slug",
]
"""Also the form's parts and text helpers, kept in ``parts``, ``rules`` and ``words``."""
ROUND_MODES = ("", "count", "by_players", "open")
"""How a game's rounds go: not a round game, a fixed number, a number by player count,
as many as the table plays."""
ENDINGS = ("", "reach", "fall_to")
"""When a round game ends early: never (after its last round), when someone's total
reaches a target, when it falls to a limit."""
KEPT = (
    "bgg_id",
    "source",
    "result",
    "modules",
    "checks",
    "rates_required",
    "default_variant",
    "first_player",
    "player_colours",
    "deal",
    "round_starter",
    "board",
    "race",
    "players_best",
    "minutes",
    "weight",
)
"""Fields of a game file the editor does not show, written back as they were read."""
BID_NUMBERS = (
    ("hit", "base", "hit_base"),
    ("hit", "per_trick", "hit_per_trick"),
    ("hit", "zero_per_round", "hit_zero"),
    ("miss", "per_off", "miss_per_off"),
    ("miss", "zero_per_round", "miss_zero"),
)
"""The bid rule's numbers: (part of the rule, field in the file, attribute of the form)."""


@dataclass
class GameForm(Item):
    id: str = ""
    name_en: str = ""
    name_es: str = ""
    description_en: str = ""
    description_es: str = ""
    min_players: str = "2"
    max_players: str = "4"
    wins: str = "highest"
    variants: list[VariantForm] = field(default_factory=list)
    lines: list[LineForm] = field(default_factory=list)
    tiebreakers: list[TiebreakForm] = field(default_factory=list)
    reminders: list[ReminderForm] = field(default_factory=list)
    version: int = 1
    editing: bool = False
    """An existing user-defined game (its id is fixed) rather than a new one."""
    tried: bool = field(default=False, compare=False, kw_only=True)
    """Save was pressed: every field shows its problem, touched or not."""
    left_out: frozenset[str] = field(default=frozenset(), compare=False, kw_only=True)
    """Fields with a default (``version``, ``wins``) that the file read did not write:
    left out again while they hold their default."""
    name_fr: str = ""
    name_de: str = ""
    description_fr: str = ""
    description_de: str = ""
    rounds: str = ""
    """One of ``ROUND_MODES``: "" is a game scored once, after the last round."""
    rounds_count: str = ""
    rounds_by_players: dict[str, str] = field(default_factory=dict)
    """Player count (as text) → its number of rounds, as typed; counts outside the
    players' range are kept while they are typed but not written."""
    ends: str = ""
    """One of ``ENDINGS``."""
    ends_target: str = ""
    bids: BidsForm | None = None
    kept: dict[str, Any] = field(default_factory=dict)
    """``KEPT`` fields as read from the file."""
    auto_id: bool = field(default=False, compare=False, kw_only=True)
    """Its id follows its name (a new game whose id was not typed)."""
    open: set[str] = field(default_factory=set, compare=False, kw_only=True)
    """The editor's "More options" folds left open (kept across a change of layout)."""
    sets: list[SetForm] = field(default_factory=list)
    bonuses: list[BonusForm] = field(default_factory=list)
    floor: str = ""
    """The total never goes below it ("" for no floor)."""

    def derive(self) -> list[str]:
        """Sets the id (``auto_id``) and the keys of lines with ``auto_key`` from their
        names as typed; returns the fields it changed (``id``, ``line-0-key``…)."""
        changed = []
        if self.auto_id and not self.editing:
            wanted = slug(first_text(self, "name"), "-") or "game"
            if wanted != self.id:
                self.id = wanted
                changed.append("id")
        taken = {ln.key.strip() for ln in self.lines if not ln.auto_key}
        for i, line in enumerate(self.lines):
            if not line.auto_key:
                continue
            key = fresh_key(slug(first_text(line, "label"), "_") or "line", taken)
            taken.add(key)
            if key != line.key:
                line.key = key
                changed.append(f"line-{i}-key")
        return changed + derive_rule_keys(self)

    def player_counts(self) -> list[int]:
        """Every player count the game allows as typed (none while min or max is not a
        whole number from 1 to 20, or min is above max)."""
        low, high = parse_number(self.min_players.strip()), parse_number(self.max_players.strip())
        if not isinstance(low, int) or not isinstance(high, int) or not 1 <= low <= high <= 20:
            return []
        return list(range(low, high + 1))

    # --- to a template ------------------------------------------------------------------
    def definition(self) -> tuple[dict[str, Any], dict[str, Problem]]:
        """The template file's data, and the number fields not a number or left blank."""
        bad: dict[str, Problem] = {}

        def number(name: str, text: str) -> object:
            text = text.strip()
            value = parse_number(text)
            if value is None:
                bad[name] = (
                    ("manage.not_number", {"value": text}) if text else ("manage.required", {})
                )
                return text
            return value

        data: dict[str, Any] = {"id": self.id.strip(), "version": self.version}
        if "version" in self.left_out and self.version == 1:
            del data["version"]
        data["name"] = words(self, "name")
        description = words(self, "description", optional=True)
        if description is not None:
            data["description"] = description
        data["players"] = {
            "min": number("min-players", self.min_players),
            "max": number("max-players", self.max_players),
        }
        if not ("wins" in self.left_out and self.wins == "highest"):
            data["wins"] = self.wins
        if self.variants:
            data["variants"] = [
                {"id": v.id.strip(), "label": words(v, "label")}
                | ({} if v.players is None else {"players": v.players})
                for v in self.variants
            ]
        data["lines"] = [self._line(i, line, number) for i, line in enumerate(self.lines)]
        if self.rounds:
            data.update(self._rounds(number))
        tiebreakers = []
        for i, tb in enumerate(self.tiebreakers):
            label = words(tb, "label")
            if tb.line is not None and not first_text(tb, "label"):
                label = words(tb.line, "label")
            tiebreaker: dict[str, Any] = {"label": label, "prefer": tb.prefer}
            if tb.rounds_won and self.rounds:
                tiebreaker["rounds_won"] = True
            elif tb.line is not None and not tb.terms.strip():
                tiebreaker["terms"] = {tb.line.key.strip(): 1}
            else:
                terms: dict[str, object] = {}
                for term in (t for t in SPLIT.split(tb.terms.strip()) if t):
                    key, _, weight = term.partition("=")
                    terms[key] = number(f"tb-{i}-terms", weight) if weight else 1
                tiebreaker["terms"] = terms
            tiebreakers.append(tiebreaker)
        if tiebreakers:
            data["tiebreakers"] = tiebreakers
        if self.reminders:
            data["reminders"] = [words(r, "text") for r in self.reminders]
        data.update(rules_data(self, number, bad))
        # a target without rounds (a quick game's) is kept as read; with rounds, the form's
        data.update({k: v for k, v in self.kept.items() if not (k == "ends" and self.rounds)})
        if not self.rounds:  # a deal is a round game's: gone with the rounds
            data.pop("deal", None)
            data.pop("round_starter", None)
        return data, bad

    def _rounds(self, number: Callable[..., object]) -> dict[str, Any]:
        """A round game's ``rounds``, ``ends`` and ``bids``."""
        rounds: dict[str, Any] = {}
        if self.rounds == "count":
            rounds["count"] = number("rounds-count", self.rounds_count)
        elif self.rounds == "by_players":
            rounds["by_players"] = {
                str(n): number(f"rounds-players-{n}", self.rounds_by_players.get(str(n), ""))
                for n in self.player_counts()
            }
        out: dict[str, Any] = {"rounds": rounds}
        if self.ends:
            out["ends"] = {self.ends: number("ends-target", self.ends_target)}
        bids = self.bids
        if bids is not None:
            rule: dict[str, Any] = {
                "key": bids.key.strip(),
                "label": words(bids, "label"),
                "bid": bids.bid.strip(),
                "tricks": bids.tricks.strip(),
            }
            if bids.bonus.strip():
                rule["bonus"] = bids.bonus.strip()
            rule["hit"], rule["miss"] = {}, {}
            for part, name, attr in BID_NUMBERS:
                if getattr(bids, attr).strip():
                    where = "bids-" + attr.replace("_", "-")
                    rule[part][name] = number(where, getattr(bids, attr))
            out["bids"] = rule
        return out

    def _line(self, i: int, line: LineForm, number: Callable[..., object]) -> dict[str, Any]:
        out: dict[str, Any] = {"key": line.key.strip(), "kind": line.kind}
        where = f"line-{i}"
        for name in FIELDS_BY_KIND.get(line.kind, ()):
            if name == "halves":
                if line.halves:
                    out["halves"] = True
            elif name == "rates":
                if line.rates:
                    out["rates"] = [
                        {
                            "id": r.id.strip(),
                            "per": number(f"{where}-rate-{j}-per", r.per),
                            "label": words(r, "label"),
                        }
                        for j, r in enumerate(line.rates)
                    ]
            elif name == "factors":
                out["factors"] = []
                for j, f in enumerate(line.factors):
                    factor: dict[str, Any] = {"label": words(f, "label")}
                    if f.max.strip():
                        factor["max"] = number(f"{where}-factor-{j}-max", f.max)
                    out["factors"].append(factor)
            elif name in LIST_FIELDS:
                values = [v for v in SPLIT.split(getattr(line, name).strip()) if v]
                if values or name != "fewest" or name in line.written:
                    out[name] = [number(f"{where}-{name}", v) for v in values]
            elif name in AWARD_CHOICES:
                attr, default, value = AWARD_CHOICES[name]
                if getattr(line, attr) != default or name in line.written:
                    out[name] = value(getattr(line, attr))
            elif name == "per" and line.rated:
                continue  # the rates say what an item is worth
            elif getattr(line, name).strip() or name in REQUIRED.get(line.kind, ()):
                out[name] = number(f"{where}-{name.replace('_', '-')}", getattr(line, name))
        if not line.counts:
            out["counts"] = False
        if line.per_round and self.rounds:
            out["per_round"] = True
        if line.steps is not None and "steps" in KIND_FIELDS.get(line.kind, {}):
            out["steps"] = line.steps
        variants = [v for v in SPLIT.split(line.variants.strip()) if v]
        if variants:
            out["variants"] = variants
        out["label"] = words(line, "label")
        hint = words(line, "hint", optional=True)
        if hint is not None:
            out["hint"] = hint
        return out

    # --- from a template ----------------------------------------------------------------
    @classmethod
    def from_template(cls, template: GameTemplate, *, editing: bool = True) -> GameForm:
        src: dict[str, Any] = template.source  # the game file, as the loader validated it
        players = src.get("players", {})
        form = cls(
            id=template.id,
            min_players=_text(players.get("min", template.min_players)),
            max_players=_text(players.get("max", template.max_players)),
            wins=template.wins,
            version=int(template.version) + (1 if editing else 0),
            editing=editing,
            left_out=frozenset(name for name in ("version", "wins") if name not in src),
        )
        read_words(form, "name", src.get("name"))
        read_words(form, "description", src.get("description"))
        form.variants = [
            read_item(VariantForm(players=raw.get("players")), raw)
            for raw in src.get("variants", [])
        ]
        form.lines = [_line_form(raw) for raw in src.get("lines", [])]
        for raw in src.get("tiebreakers", []):
            terms = " ".join(
                k if _text(w) == "1" else f"{k}={_text(w)}" for k, w in raw.get("terms", {}).items()
            )
            tb = read_item(TiebreakForm(terms=terms), raw)
            picked = [ln for ln in form.lines if terms and ln.key == terms]
            if picked:  # one line, weight 1: the line picked
                tb.line, tb.terms = picked[0], ""
            form.tiebreakers.append(tb)
        form.reminders = [read_words(ReminderForm(), "text", r) for r in src.get("reminders", [])]
        form.kept = {name: src[name] for name in KEPT if name in src}
        if "ends" in src and "rounds" not in src:
            form.kept["ends"] = src["ends"]
        if "rounds" in src:
            form._read_rounds(src)
        read_rules(form, src)
        return form

    def _read_rounds(self, src: Mapping[str, Any]) -> None:
        rounds = src["rounds"]
        if "count" in rounds:
            self.rounds, self.rounds_count = "count", _text(rounds["count"])
        elif "by_players" in rounds:
            self.rounds = "by_players"
            self.rounds_by_players = {n: _text(r) for n, r in rounds["by_players"].items()}
        else:
            self.rounds = "open"
        for ending, target in src.get("ends", {}).items():
            self.ends, self.ends_target = ending, _text(target)
        if "bids" in src:
            raw = src["bids"]
            bids = read_item(BidsForm(), raw)
            for part, name, attr in BID_NUMBERS:
                if name in raw.get(part, {}):
                    setattr(bids, attr, _text(raw[part][name]))
            self.bids = bids

    # --- checking -----------------------------------------------------------------------
    def check(self) -> Checked:
        data, bad = self.definition()
        if bad:
            return Checked(data, None, bad)
        try:
            template = load_template(data, "game")
        except TemplateError as problem:
            return Checked(data, None, {field_for(self, problem): problem})
        return Checked(data, template, {})


AWARD_CHOICES: dict[str, tuple[str, object, Callable[[Any], object]]] = {
    "ties": ("ties", "split", str),
    "zero_counts": ("zero_counts", True, bool),
    "all_tied_nothing": ("all_tied_nothing", False, bool),
    "tiebreak_on": ("tiebreak_points", False, lambda on: "points" if on else "quantity"),
}
"""An award's settings that are not numbers: name in the file → the form's attribute,
its default, and its value in the file."""


@dataclass
class Checked:
    data: dict[str, Any]
    template: GameTemplate | None
    problems: dict[str, Problem]
    """Field → a message key and its fields, or the core's error (rendered per language)."""


def _line_form(raw: Mapping[str, Any]) -> LineForm:
    line = read_item(LineForm(), raw)
    if "ties" in FIELDS_BY_KIND.get(line.kind, ()):  # an award's settings
        line.tiebreak_points = raw.get("tiebreak_on") == "points"
        line.written = frozenset(n for n in ("fewest", *AWARD_CHOICES) if n in raw)
    line.rates = [read_item(RateForm(), rate) for rate in raw.get("rates", [])]
    line.steps = raw.get("steps")
    if "factors" in raw:
        line.factors = [read_item(FactorForm(), factor) for factor in raw["factors"]]
    return line
