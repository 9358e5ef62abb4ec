"""The game editor's rules between lines: set rules (``sets``), bonuses when lines reach
a total (``bonuses``) and the floor under the total (``floor``), as fields of the form.

A rule's lines are picked from the game's own lines (``LineForm`` items, never keys
typed): a line renamed carries its new key into the rule, and a line removed from the
game leaves the rule. A setting with a default is written only when typed, or when the
file read wrote it (``written``), so a game read and saved again is the same game.

Field names: ``set-0-label-en``, ``set-0-lines``, ``set-0-per-set``, ``set-0-size``,
``bonus-0-reach``, ``bonus-0-points``, ``floor``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from scorepad.editor.parts import LineForm
from scorepad.editor.words import Item, as_text, first_text, fresh_key, read_item, slug, words


@dataclass
class RuleForm(Item):
    """What a set rule and a bonus share: a key no line uses (following the label until
    typed), a label and the lines it reads."""

    key: str = ""
    label_en: str = ""
    label_es: str = ""
    label_fr: str = ""
    label_de: str = ""
    lines: list[LineForm] = field(default_factory=list)
    """The lines picked, in the order picked (the file's order when read)."""
    auto_key: bool = field(default=False, compare=False, kw_only=True)


@dataclass
class SetForm(RuleForm):
    """Points from several count lines together (7 Wonders' science)."""

    squares: bool = False
    per_set: str = ""
    size: str = ""
    written: frozenset[str] = field(default=frozenset(), compare=False, kw_only=True)
    """``squares`` when the file read wrote it while false: written again then."""


@dataclass
class BonusForm(RuleForm):
    """Points when the points of the lines picked add up to ``reach`` (Yahtzee's 35 for
    63 in the upper section)."""

    reach: str = ""
    points: str = ""


RULE_LISTS = (("set", "sets"), ("bonus", "bonuses"))
"""Each rule list: its fields' prefix, the form's list and the file's field."""


class Ruled(Protocol):
    """What the rules read and write of a form (``form.GameForm``): its lines, its rules
    and its floor. Declared here so that the form, built on this module, is not imported
    by it."""

    lines: list[LineForm]
    sets: list[SetForm]
    bonuses: list[BonusForm]
    floor: str


def picked(form: Ruled, rule: RuleForm) -> list[str]:
    """The keys of the rule's lines that are still lines of the game."""
    return [line.key.strip() for line in rule.lines if any(line is ln for ln in form.lines)]


def rules_data(
    form: Ruled, number: Callable[[str, str], object], bad: dict[str, Any]
) -> dict[str, Any]:
    """The file's ``sets``, ``bonuses`` and ``floor`` (each only when there is one); a
    rule with no line picked is noted in ``bad``."""
    out: dict[str, Any] = {}
    for prefix, attr in RULE_LISTS:
        for i, rule in enumerate(getattr(form, attr)):
            if not picked(form, rule):
                bad[f"{prefix}-{i}-lines"] = ("manage.rule_no_lines", {})
    sets = []
    for i, rule in enumerate(form.sets):
        where = f"set-{i}-"
        data: dict[str, Any] = {"key": rule.key.strip(), "label": words(rule, "label")}
        data["lines"] = picked(form, rule)
        if rule.squares or "squares" in rule.written:
            data["squares"] = rule.squares
        if rule.per_set.strip():
            data["per_set"] = number(where + "per-set", rule.per_set)
        if rule.size.strip():
            data["size"] = number(where + "size", rule.size)
        sets.append(data)
    if sets:
        out["sets"] = sets
    bonuses = [
        {
            "key": rule.key.strip(),
            "label": words(rule, "label"),
            "lines": picked(form, rule),
            "reach": number(f"bonus-{i}-reach", rule.reach),
            "points": number(f"bonus-{i}-points", rule.points),
        }
        for i, rule in enumerate(form.bonuses)
    ]
    if bonuses:
        out["bonuses"] = bonuses
    if form.floor.strip():
        out["floor"] = number("floor", form.floor)
    return out


def read_rules(form: Ruled, src: Mapping[str, Any]) -> None:
    """The form's rules from a game file's (its lines already read)."""
    by_key: dict[str, LineForm] = {}
    for line in form.lines:
        by_key.setdefault(line.key, line)  # lines of different variants may share a key

    def lines(raw: Mapping[str, Any]) -> list[LineForm]:
        return [by_key[k] for k in raw.get("lines", []) if k in by_key]

    for raw in src.get("sets", []):
        written = frozenset({"squares"} & set(raw))
        form.sets.append(read_item(SetForm(lines=lines(raw), written=written), raw))
    for raw in src.get("bonuses", []):
        form.bonuses.append(read_item(BonusForm(lines=lines(raw)), raw))
    if "floor" in src:
        form.floor = as_text(src["floor"])


def derive_rule_keys(form: Ruled) -> list[str]:
    """Sets the keys of rules with ``auto_key`` from their labels, apart from every line's
    key and every other rule's; returns the fields it changed (``set-0-key``…)."""
    taken = {line.key.strip() for line in form.lines}
    rules = [
        (prefix, i, rule)
        for prefix, attr in RULE_LISTS
        for i, rule in enumerate(getattr(form, attr))
    ]
    taken |= {rule.key.strip() for _, _, rule in rules if not rule.auto_key}
    changed = []
    for prefix, i, rule in rules:
        if rule.auto_key:
            key = fresh_key(slug(first_text(rule, "label"), "_") or prefix, taken)
            taken.add(key)
            if key != rule.key:
                rule.key = key
                changed.append(f"{prefix}-{i}-key")
    return changed
