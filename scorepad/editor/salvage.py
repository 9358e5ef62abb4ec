"""The sheet of a game that is not valid yet, for the editor's preview: its lines with a
problem are set aside (and named with their problem), the rest is shown as it will be.

The game's other problems (its id, name or players' range, a tie-breaker, a reminder, a
set rule or a bonus, the floor) are patched or left out for the preview only; nothing
here is ever saved.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from scorepad.core import GameTemplate, load_template
from scorepad.core.errors import TemplateError
from scorepad.editor.form import Checked, GameForm
from scorepad.editor.problems import Problem

LINE = re.compile(r"^line-(\d+)-")
SPARE = ("tiebreakers", "reminders", "description", "bids", "ends", "floor", "sets", "bonuses")
"""Parts left out of the preview when they are what the core refuses."""


def salvage(form: GameForm, checked: Checked) -> tuple[GameTemplate | None, dict[int, Problem]]:
    """The sheet to preview (None when not even one line can be shown) and the lines set
    aside: their index in the form → their problem."""
    if checked.template is not None:
        return checked.template, {}
    faulty: dict[int, Problem] = {}
    for name, problem in checked.problems.items():
        found = LINE.match(name)
        if found and int(found[1]) < len(form.lines):
            faulty.setdefault(int(found[1]), problem)
    data: dict[str, Any] = copy.deepcopy(checked.data)
    lines: list[dict[str, Any]] = data.get("lines", [])
    data["id"] = "preview"
    if not isinstance(data.get("version"), int):
        data["version"] = 1
    names = data.get("name") or {}
    if not str(names.get("en", "")).strip():
        data["name"] = {"en": "…"}
    players = data.get("players", {})
    if not all(isinstance(players.get(k), int) for k in ("min", "max")):
        data["players"] = {"min": 1, "max": 20}
    rules = len(data.get("sets", [])) + len(data.get("bonuses", []))
    for _ in range(len(lines) + rules + len(SPARE) + 4):
        kept = [(i, line) for i, line in enumerate(lines) if i not in faulty]
        if not kept:
            return None, faulty
        data["lines"] = [line for _, line in kept]
        try:
            return load_template(data, "preview"), faulty
        except TemplateError as problem:
            path = str(problem.fields.get("path", ""))
            at = _line_at(path, kept)
            if at is not None:
                faulty[at] = problem
                continue
            head = re.split(r"[.\[]", path, maxsplit=1)[0]
            rule = re.match(r"^(sets|bonuses)\[(\d+)\]", path)
            if rule and int(rule[2]) < len(data.get(rule[1], [])):
                del data[rule[1]][int(rule[2])]  # that rule only: the others are shown
                continue
            if head in SPARE and head in data:
                del data[head]
                continue
            if head == "players":
                data["players"] = {"min": 1, "max": 20}
                continue
            if head == "name":
                data["name"] = {"en": "…"}
                continue
            return None, faulty
    return None, faulty


def _line_at(path: str, kept: list[tuple[int, dict[str, Any]]]) -> int | None:
    """The form index of the line a core complaint's path names (``lines.rows.max``,
    ``lines[2]``), if it names one."""
    found = re.match(r"^lines(?:\.([^.\[]+)|\[(\d+)\])", path)
    if not found:
        return None
    if found[2] is not None:
        n = int(found[2])
        return kept[n][0] if n < len(kept) else None
    for i, line in kept:
        if line.get("key") == found[1]:
            return i
    return None
