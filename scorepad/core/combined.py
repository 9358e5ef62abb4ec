"""A game with some of its modules chosen: built once per choice and kept."""

from __future__ import annotations

from scorepad.core.errors import SheetError, quote
from scorepad.core.loader import load_template
from scorepad.core.modules import combine
from scorepad.core.template import GameTemplate


def with_modules(template: GameTemplate, chosen: object) -> GameTemplate:
    """``template`` with the modules ``chosen`` (ids, as a sheet file lists them), or a
    SheetError naming the module that the game does not have. ``None`` keeps the
    template as it is; a list (even empty) applies to the game without modules."""
    if chosen is None:
        return template
    base = template.base or template
    if not isinstance(chosen, list | tuple) or not all(isinstance(c, str) for c in chosen):
        raise SheetError("sheet.modules_not_list", value=quote(chosen))
    known = [m.id for m in base.modules]
    seen: set[str] = set()
    for module in chosen:
        if module not in known:
            choices = ", ".join([quote(k) for k in known]) or "—"
            raise SheetError(
                "sheet.unknown_module", game=quote(base.id), value=quote(module), choices=choices
            )
        if module in seen:
            raise SheetError("sheet.duplicate_module", value=quote(module))
        seen.add(module)
    ids = tuple(k for k in known if k in seen)
    if not ids:
        return base
    found = base._combined.get(ids)
    if found is None:
        found = load_template(combine(base.source, ids), base.id, builtin=base.builtin)
        found.base = base
        found.chosen = ids
        base._combined[ids] = found
    return found
