"""Where a core complaint about a game goes in the editor: the field it concerns.

The loader names a place in the game file (``lines.rows.rates[1].label``, ``players.max``);
the editor shows the complaint under the field holding that value, so that a person sees
what to fix where they typed it. Field names are those of ``form``.

The form is read only through what ``Lists`` declares, so that the form (which calls
``field_for`` when it checks itself) and this module do not import each other.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Protocol

from scorepad.core import ScorepadError
from scorepad.core.errors import BadBounds, MissingField, TemplateError
from scorepad.core.i18n import LANGS
from scorepad.editor.parts import (
    BidsForm,
    LineForm,
    ReminderForm,
    TiebreakForm,
    VariantForm,
)
from scorepad.editor.rules import BonusForm, SetForm

Problem = tuple[str, dict[str, object]] | TemplateError
"""What is wrong with a field: a message key and its fields (a number not typed as one, a
rule with no line), or the core's error (rendered per language)."""


class Lists(Protocol):
    """The form's lists and bid rule, where the fields of a complaint are found
    (``form.GameForm``)."""

    variants: list[VariantForm]
    lines: list[LineForm]
    tiebreakers: list[TiebreakForm]
    reminders: list[ReminderForm]
    sets: list[SetForm]
    bonuses: list[BonusForm]
    bids: BidsForm | None


LINE_FIELDS = (
    "key",
    "kind",
    "variants",
    "min",
    "max",
    "per",
    "every",
    "points",
    "values",
    "places",
    "fewest",
    "fewest_from_players",
    "ties",
)
"""A line's settings that are one field each (rates and factors have fields per item)."""


def field_for(form: Lists, problem: TemplateError) -> str:
    """The editor field a core complaint is about ("form" when none fits better)."""
    path = re.sub(r"\[(\d+)\]", r".\1", str(problem.fields.get("path", "")))
    parts = path.split(".") if path else []
    inner = problem.fields.get("problem")
    value = str(inner.fields.get("value", "")) if isinstance(inner, ScorepadError) else ""
    if not parts:
        return "form"
    head, rest = parts[0], parts[1:]
    if head in ("name", "description"):
        return _text_field("", form, head, parts)
    if head in ("id", "wins"):
        return head
    if head in ("rounds", "ends", "bids"):
        return _round_field(form, parts, inner)
    if head == "floor":
        return "floor"
    if head == "players":
        return "max-players" if parts[-1] == "max" else "min-players"
    if head == "variants" and not rest:  # a variant that no line belongs to
        ids = [f'"{v.id.strip()}"' for v in form.variants]
        return f"variant-{ids.index(value)}-id" if value in ids else "form"
    lists: dict[str, tuple[str, list[Any]]] = {
        "variants": ("variant", form.variants),
        "lines": ("line", form.lines),
        "tiebreakers": ("tb", form.tiebreakers),
        "reminders": ("reminder", form.reminders),
        "sets": ("set", form.sets),
        "bonuses": ("bonus", form.bonuses),
    }
    if head not in lists or not rest:
        return "form"
    prefix, items = lists[head]
    index = _index(rest[0], [ln.key.strip() for ln in form.lines] if head == "lines" else [])
    if index is None or index >= len(items):
        return "form"
    item, where, rest = items[index], f"{prefix}-{index}-", rest[1:]
    if head == "lines":
        return _line_field(where, item, rest, inner)
    if head in ("sets", "bonuses"):
        return _rule_field(where, item, rest, inner)
    if head == "reminders":
        return _text_field(where, item, "text", ["text", *rest])
    if head == "variants":
        return _text_field(where, item, "label", rest, "id")
    return _text_field(where, item, "label", rest, "prefer" if rest[:1] == ["prefer"] else "terms")


def _round_field(form: Lists, parts: list[str], problem: object) -> str:
    """The field of a round game's settings a complaint about ``parts`` concerns; a
    complaint about the settings as a whole (no per-round line) goes under the section:
    "rounds", "bids"."""
    head, rest = parts[0], parts[1:]
    if head == "ends":
        return "ends-target"
    if head == "rounds":
        if rest[:1] == ["count"]:
            return "rounds-count"
        if rest[:1] == ["by_players"]:
            if len(rest) > 1:
                return f"rounds-players-{rest[1]}"
            if isinstance(problem, MissingField):
                return f"rounds-players-{problem.name}"
        return "rounds"
    if not rest:
        if isinstance(problem, MissingField) and problem.name in ("key", "bid", "tricks"):
            return f"bids-{problem.name}"
        if isinstance(problem, MissingField) and problem.name == "label":
            return "bids-label-en"
        return "bids"
    if rest[0] == "label" and form.bids is not None:
        return _text_field("bids-", form.bids, "label", rest)
    if rest[0] in ("hit", "miss") and len(rest) > 1:
        name = "zero" if rest[1] == "zero_per_round" else rest[1]  # form.BID_NUMBERS
        return f"bids-{rest[0]}-{name}".replace("_", "-")
    return f"bids-{rest[0]}" if rest[0] in ("key", "bid", "tricks", "bonus") else "bids"


def _rule_field(where: str, rule: Any, rest: list[str], problem: object) -> str:
    """The field of a set rule or a bonus a complaint about ``rest`` concerns (its lines
    are a place of their own: ``set-0-lines``)."""
    if not rest:
        name = problem.name if isinstance(problem, MissingField) else "key"
        return where + name.replace("_", "-")
    if rest[0] == "label":
        return _text_field(where, rule, "label", rest)
    return where + rest[0].replace("_", "-")


def problem_text(problem: Problem, lang: str, tr: Callable[..., str]) -> str:
    if isinstance(problem, TemplateError):
        inner = problem.fields.get("problem")
        if isinstance(inner, ScorepadError):
            return inner.message(lang)
        return problem.message(lang)
    key, fields = problem
    return tr(key, **fields)


def _line_field(where: str, line: LineForm, rest: list[str], problem: object) -> str:
    """The field of ``line`` a complaint (``problem``) about ``rest`` (the path inside it)
    concerns."""
    if not rest:  # the whole line: a missing field, its minimum above its maximum, its key
        if isinstance(problem, MissingField) and problem.name in LINE_FIELDS:
            return where + problem.name.replace("_", "-")
        return where + ("min" if isinstance(problem, BadBounds) else "key")
    name, rest = rest[0], rest[1:]
    if name in ("label", "hint"):
        return _text_field(where, line, name, [name, *rest])
    items: list[Any] = line.rates if name == "rates" else line.factors
    index = _index(rest[0], []) if name in ("rates", "factors") and rest else None
    if index is not None and index < len(items):
        sub, at = rest[1:], f"{where}{name[:-1]}-{index}-"
        if name == "rates":
            return _text_field(
                at, items[index], "label", sub, sub[0] if sub[:1] in (["id"], ["per"]) else "id"
            )
        return _text_field(at, items[index], "label", sub, "max" if sub[:1] == ["max"] else "")
    return where + (name.replace("_", "-") if name in LINE_FIELDS else "key")


def _text_field(where: str, item: Any, name: str, rest: list[str], other: str = "") -> str:
    """The field a complaint about ``rest`` (a path inside ``item``) concerns: ``other``,
    unless the path names the text ``name`` (or there is no ``other``); then the
    language it names, else the first one left blank."""
    if other and rest[:1] != [name]:
        return where + other
    langs = [p for p in rest[1:] if p in LANGS]
    langs += [lang for lang in LANGS if not str(getattr(item, f"{name}_{lang}")).strip()]
    return f"{where}{name}-{(langs or list(LANGS))[0]}"


def _index(part: str, keys: list[str]) -> int | None:
    if part in keys:
        return keys.index(part)
    digits = part.strip("[]#")
    return int(digits) if digits.isdigit() else None
