"""Optional modules of a game (expansions, promos, variants of a part): data only.

A module adds lines to the sheet, or replaces some values of a line (a new maximum, new
points), and a play chooses any of its game's modules. The game with modules chosen is
the game file with the modules folded in (``combine``) and read by the same loader, so
a module is checked by the same rules as any line and scores by the same code.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from scorepad.core.errors import quote
from scorepad.core.i18n import Text
from scorepad.core.limits import MAX_ALL_RATES, MAX_LINES, MAX_MODULES

MODULE_FIELDS = {"id": True, "label": True, "lines": False, "replace": False}
FIXED_LINE_FIELDS = ("key", "kind")
"""A module may change a line's values, never what the line is."""


class Module(NamedTuple):
    """One optional module: its id (a key), its name, and what it changes."""

    id: str
    label: Text


def read_modules(reader: Any, data: Mapping[str, Any], builtin: bool) -> tuple[Module, ...]:
    """The game file's ``modules``, each checked by loading the game with it chosen.

    ``reader`` is the loader's reader of this file (its shape checks and messages)."""
    raw = data.get("modules")
    if raw is None:
        return ()
    modules: list[Module] = []
    base_keys = {line.get("key") for line in data["lines"] if isinstance(line, dict)}
    added: set[object] = set()
    listed = reader.items(raw, "modules", limit=MAX_MODULES)
    extra = [
        line
        for item in listed
        if isinstance(item, dict) and isinstance(item.get("lines"), list)
        for line in item["lines"]
    ]
    count = len(data["lines"]) + len(extra)
    if count > MAX_LINES:
        raise reader.fail("modules", "template.too_many_lines", count=count, limit=MAX_LINES)
    rates = sum(
        len(line["rates"])
        for line in [*data["lines"], *extra]
        if isinstance(line, dict) and isinstance(line.get("rates"), list)
    )
    if rates > MAX_ALL_RATES:
        raise reader.fail("modules", "template.too_many_rates", count=rates, limit=MAX_ALL_RATES)
    for i, item in enumerate(listed):
        path = f"modules[{i}]"
        found = reader.obj(item, path, MODULE_FIELDS)
        module = Module(
            reader.key(found["id"], f"{path}.id"), reader.text(found["label"], f"{path}.label")
        )
        if any(m.id == module.id for m in modules):
            raise reader.fail(f"{path}.id", "template.duplicate_module", value=quote(module.id))
        lines = reader.items(found.get("lines", []), f"{path}.lines")
        replace = reader.obj(
            found.get("replace", {}), f"{path}.replace", {str(k): False for k in base_keys}
        )
        if not lines and not replace:
            raise reader.fail(path, "template.empty_module", value=quote(module.id))
        for key, fields in replace.items():
            reader.obj(fields, f"{path}.replace.{key}", {f: False for f in _changeable(fields)})
        for line in lines:
            key = line.get("key") if isinstance(line, dict) else None
            if key in base_keys or key in added:
                raise reader.fail(f"{path}.lines", "template.duplicate_key", value=quote(key))
            added.add(key)
        modules.append(module)
        one = type(reader)(f"{reader.source}, {path}")
        one.game(combine(data, (module.id,)), builtin)  # refuses what the module makes wrong
    return tuple(modules)


def _changeable(fields: object) -> list[str]:
    if not isinstance(fields, dict):
        return []
    return [f for f in fields if f not in FIXED_LINE_FIELDS]


def combine(data: Mapping[str, Any], chosen: Sequence[str]) -> dict[str, Any]:
    """The game file with the ``chosen`` modules folded in, in the game's order: each
    module's replacements merged into its lines, its own lines added at the end."""
    lines = [dict(line) for line in data["lines"]]
    by_key = {line.get("key"): line for line in lines}
    for module in data.get("modules", []):
        if module["id"] not in chosen:
            continue
        for key, fields in module.get("replace", {}).items():
            by_key[key].update(fields)
        lines.extend(module.get("lines", []))
    combined = {name: value for name, value in data.items() if name != "modules"}
    combined["lines"] = lines
    return combined
