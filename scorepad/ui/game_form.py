"""The custom-game editor's state: plain text fields that become a game template.

Every field is kept as typed, so nothing is lost while the game is not valid yet.
``check()`` builds the template file's data and lets the core validate it; the core's
complaint (``TemplateError``: a path such as ``lines.rows.per`` and a problem) is
attached to the field it concerns, or to the form as a whole when no field matches.

Compact text for the list-valued settings: table values and tie-breaker terms are
separated by spaces or ";" ("0 0 3 6 10", "rows=1 broken=-1"), count rates are
"id=per" ("start=1; upgraded=3"), product factors "label[=max]" ("windows=8; pieces").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scorepad.core import GameTemplate, ScorepadError, load_template
from scorepad.core.errors import TemplateError
from scorepad.core.numbers import format_points, parse_number

KINDS = ("points", "count", "table", "check", "product", "penalty")
FIELDS_BY_KIND = {
    "points": ("min", "max", "halves"),
    "count": ("per", "every", "max", "rates"),
    "table": ("values",),
    "check": ("points",),
    "product": ("factors",),
    "penalty": ("max",),
}
NUMBER_FIELDS = ("min", "max", "per", "every", "points")
SPLIT = re.compile(r"[;\s]+")


@dataclass
class LineForm:
    key: str = ""
    kind: str = "points"
    label_en: str = ""
    label_es: str = ""
    hint_en: str = ""
    hint_es: str = ""
    min: str = ""
    max: str = ""
    per: str = ""
    every: str = ""
    rates: str = ""
    values: str = ""
    points: str = ""
    factors: str = ""
    halves: bool = False
    counts: bool = True
    variants: str = ""


@dataclass
class TiebreakForm:
    label_en: str = ""
    label_es: str = ""
    prefer: str = "more"
    terms: str = ""


@dataclass
class GameForm:
    id: str = ""
    name_en: str = ""
    name_es: str = ""
    min_players: str = "2"
    max_players: str = "4"
    wins: str = "highest"
    variants: str = ""
    lines: list[LineForm] = field(default_factory=list)
    tiebreakers: list[TiebreakForm] = field(default_factory=list)
    version: int = 1
    editing: bool = False
    """An existing user-defined game (its id is fixed) rather than a new one."""

    # --- to and from a template ---------------------------------------------------------
    def definition(self) -> tuple[dict[str, Any], dict[str, tuple[str, dict[str, object]]]]:
        """The template file's data and the fields that are not numbers (field → key, fields)."""
        bad: dict[str, tuple[str, dict[str, object]]] = {}

        def number(name: str, text: str) -> object:
            try:
                value = parse_number(text)
            except ScorepadError:
                value = None
            if value is None:
                bad[name] = ("manage.not_number", {"value": text})
                return text
            return value

        data: dict[str, Any] = {
            "id": self.id.strip(),
            "version": self.version,
            "name": {"en": self.name_en.strip(), "es": self.name_es.strip()},
            "players": {
                "min": number("min_players", self.min_players.strip()),
                "max": number("max_players", self.max_players.strip()),
            },
            "wins": self.wins,
            "lines": [],
        }
        variants = [v for v in SPLIT.split(self.variants.strip()) if v]
        if variants:
            data["variants"] = [{"id": v, "label": {"en": v, "es": v}} for v in variants]
        for i, line in enumerate(self.lines):
            data["lines"].append(self._line(i, line, number))
        tiebreakers = []
        for i, tb in enumerate(self.tiebreakers):
            terms: dict[str, object] = {}
            for term in (t for t in SPLIT.split(tb.terms.strip()) if t):
                key, _, weight = term.partition("=")
                terms[key] = number(f"tb-{i}-terms", weight) if weight else 1
            tiebreakers.append(
                {
                    "label": {"en": tb.label_en.strip(), "es": tb.label_es.strip()},
                    "prefer": tb.prefer,
                    "terms": terms,
                }
            )
        if tiebreakers:
            data["tiebreakers"] = tiebreakers
        return data, bad

    def _line(self, i: int, line: LineForm, number: Callable[[str, str], object]) -> dict[str, Any]:
        out: dict[str, Any] = {"key": line.key.strip(), "kind": line.kind}
        label = {"en": line.label_en.strip(), "es": line.label_es.strip()}
        for name in FIELDS_BY_KIND.get(line.kind, ()):
            text = str(getattr(line, name)).strip()
            if name == "halves":
                if line.halves:
                    out["halves"] = True
            elif name in NUMBER_FIELDS:
                if text:
                    out[name] = number(f"line-{i}-{name}", text)
            elif name == "values" and text:
                out["values"] = [number(f"line-{i}-values", v) for v in SPLIT.split(text) if v]
            elif name == "rates" and text:
                rates = []
                for part in (p for p in text.split(";") if p.strip()):
                    rid, _, per = part.strip().partition("=")
                    rid = rid.strip()
                    rates.append(
                        {
                            "id": rid,
                            "per": number(f"line-{i}-rates", per.strip()),
                            "label": {"en": rid, "es": rid},
                        }
                    )
                out["rates"] = rates
            elif name == "factors" and text:
                factors = []
                for part in (p for p in text.split(";") if p.strip()):
                    name_text, _, top = part.strip().partition("=")
                    factor: dict[str, Any] = {
                        "label": {"en": name_text.strip(), "es": name_text.strip()}
                    }
                    if top.strip():
                        factor["max"] = number(f"line-{i}-factors", top.strip())
                    factors.append(factor)
                out["factors"] = factors
        if not line.counts:
            out["counts"] = False
        variants = [v for v in SPLIT.split(line.variants.strip()) if v]
        if variants:
            out["variants"] = variants
        out["label"] = label
        hint = {"en": line.hint_en.strip(), "es": line.hint_es.strip()}
        if hint["en"] or hint["es"]:
            out["hint"] = {"en": hint["en"] or hint["es"], "es": hint["es"] or hint["en"]}
        return out

    @classmethod
    def from_template(cls, template: GameTemplate, *, editing: bool = True) -> GameForm:
        src = template.source
        players = src.get("players", {})
        form = cls(
            id=template.id,
            name_en=template.name.get("en", ""),
            name_es=template.name.get("es", ""),
            min_players=str(players.get("min", template.min_players)),
            max_players=str(players.get("max", template.max_players)),
            wins=template.wins,
            variants=" ".join(v.id for v in template.variants),
            version=int(template.version) + (1 if editing else 0),
            editing=editing,
        )
        for raw in src.get("lines", []):
            line = LineForm(
                key=raw.get("key", ""),
                kind=raw.get("kind", "points"),
                label_en=raw.get("label", {}).get("en", ""),
                label_es=raw.get("label", {}).get("es", ""),
                hint_en=raw.get("hint", {}).get("en", ""),
                hint_es=raw.get("hint", {}).get("es", ""),
                halves=bool(raw.get("halves", False)),
                counts=raw.get("counts", True) is not False,
                variants=" ".join(raw.get("variants", [])),
            )
            for name in NUMBER_FIELDS:
                if name in raw:
                    setattr(line, name, _text(raw[name]))
            if "values" in raw:
                line.values = " ".join(_text(v) for v in raw["values"])
            if "rates" in raw:
                line.rates = "; ".join(f"{r['id']}={_text(r['per'])}" for r in raw["rates"])
            if "factors" in raw:
                line.factors = "; ".join(
                    f.get("label", {}).get("en", "") + (f"={_text(f['max'])}" if "max" in f else "")
                    for f in raw["factors"]
                )
            form.lines.append(line)
        for raw in src.get("tiebreakers", []):
            terms = " ".join(
                k if _text(w) == "1" else f"{k}={_text(w)}" for k, w in raw.get("terms", {}).items()
            )
            form.tiebreakers.append(
                TiebreakForm(
                    raw.get("label", {}).get("en", ""),
                    raw.get("label", {}).get("es", ""),
                    raw.get("prefer", "more"),
                    terms,
                )
            )
        return form

    # --- checking -----------------------------------------------------------------------
    def check(self) -> Checked:
        data, bad = self.definition()
        if bad:
            return Checked(data, None, bad)
        try:
            template = load_template(data, "game")
        except TemplateError as problem:
            return Checked(data, None, {self.field_for(problem): problem})
        return Checked(data, template, {})

    def field_for(self, problem: TemplateError) -> str:
        """The editor field a core complaint is about ("form" when none fits better)."""
        path = re.sub(r"\[(\d+)\]", r".\1", str(problem.fields.get("path", "")))
        parts = path.split(".") if path else []
        if not parts:
            return "form"
        head = parts[0]
        if head == "name" and len(parts) > 1 and parts[1] in ("en", "es"):
            return f"name-{parts[1]}"
        if head == "name":
            return "name-es" if self.name_en.strip() else "name-en"
        if head == "id":
            return "id"
        if head == "players":
            return "max_players" if parts[-1] == "max" else "min_players"
        if head in ("wins", "variants"):
            return head
        if head == "lines" and len(parts) > 1:
            index = self._index(parts[1], [ln.key.strip() for ln in self.lines])
            if index is None:
                return "lines"
            missing = {"table": "values", "product": "factors"}.get(self.lines[index].kind, "key")
            rest = parts[2] if len(parts) > 2 else missing
            if rest == "label":
                line = self.lines[index]
                lang = parts[3] if len(parts) > 3 and parts[3] in ("en", "es") else None
                lang = lang or ("es" if line.label_en.strip() else "en")
                return f"line-{index}-label-{lang}"
            known = ("key", "kind", "variants", *NUMBER_FIELDS, "values", "rates", "factors")
            return f"line-{index}-{rest if rest in known else 'key'}"
        if head == "tiebreakers" and len(parts) > 1:
            index = self._index(parts[1], [])
            if index is None:
                return "tiebreakers"
            rest = parts[2] if len(parts) > 2 else "terms"
            if rest == "label":
                return f"tb-{index}-label-en"
            return f"tb-{index}-{'terms' if rest != 'prefer' else 'prefer'}"
        return "form"

    @staticmethod
    def _index(part: str, keys: list[str]) -> int | None:
        if part in keys:
            return keys.index(part)
        digits = part.strip("[]#")
        return int(digits) if digits.isdigit() else None


@dataclass
class Checked:
    data: dict[str, Any]
    template: GameTemplate | None
    problems: dict[str, tuple[str, dict[str, object]] | TemplateError]
    """Field → a message key and its fields, or the core's error (rendered per language)."""


def problem_text(
    problem: tuple[str, dict[str, object]] | TemplateError, lang: str, tr: Callable[..., str]
) -> str:
    if isinstance(problem, TemplateError):
        inner = problem.fields.get("problem")
        if isinstance(inner, ScorepadError):
            return inner.message(lang)
        return problem.message(lang)
    key, fields = problem
    return tr(key, **fields)


def _text(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int | float) or hasattr(value, "as_tuple"):
        return format_points(value)  # type: ignore[arg-type]
    return str(value)
