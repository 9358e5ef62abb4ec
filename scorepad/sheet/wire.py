"""Edits as JSON, for the processes of a group's server that share a sheet.

An edit made on one process travels to the others (``scorepad.sheet.live``, through the
history's database) as ``{"edit": <its class's name>, <field>: <value>, …}`` and is made
again there. Every edit is a frozen dataclass of plain values (text, numbers, booleans,
tuples of them, a line as a game file writes it, a ``Timer``), so one reading of its
fields' types turns the JSON back into the edit: no list of edits is kept by hand. The
edits are the classes with ``apply_to`` in ``edits``, ``added`` and the board kinds'
modules (``scorepad.sheet.boards``, imported once).

What does not read back as an edit of a known class, with fields of the right types,
raises ``WireError``: a message between processes of one server, never a person's input,
but still checked.
"""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any

from scorepad.sheet import added, edits
from scorepad.sheet.edits import Edit
from scorepad.sheet.kinds import board_kinds


class WireError(ValueError):
    """Data that is not an edit this sheet knows."""


@cache
def edit_classes() -> dict[str, type]:
    """Every edit a sheet can make, by class name."""
    board_kinds()  # the board kinds' modules imported
    modules = [edits, added] + [
        module
        for name, module in sorted(sys.modules.items())
        if name.startswith("scorepad.sheet.boards.") and module is not None
    ]
    found: dict[str, type] = {}
    for module in modules:
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and value.__module__ == module.__name__
                and dataclasses.is_dataclass(value)
                and callable(getattr(value, "apply_to", None))
            ):
                if value.__name__ in found:
                    raise TypeError(f"two edits are named {value.__name__}")
                found[value.__name__] = value
    return found


def edit_to_json(edit: Edit) -> dict[str, Any]:
    """``edit`` as JSON data."""
    name = type(edit).__name__
    if edit_classes().get(name) is not type(edit):
        raise WireError(f"not an edit of the sheet: {name}")
    assert dataclasses.is_dataclass(edit) and not isinstance(edit, type)
    data = {f.name: _plain(getattr(edit, f.name)) for f in dataclasses.fields(edit)}
    return {"edit": name, **data}


def edit_from_json(data: object) -> Edit:
    """The edit ``edit_to_json`` wrote; raises ``WireError`` for anything else."""
    if not isinstance(data, Mapping) or not isinstance(data.get("edit"), str):
        raise WireError("not an edit")
    cls = edit_classes().get(data["edit"])
    if cls is None:
        raise WireError(f"no edit is named {data['edit']!r}")
    hints = _hints(cls)
    values = {}
    for field in dataclasses.fields(cls):
        if field.name not in data:
            raise WireError(f"{cls.__name__} without its {field.name}")
        values[field.name] = _read(data[field.name], hints[field.name], field.name)
    unknown = set(data) - {"edit"} - set(values)
    if unknown:
        raise WireError(f"{cls.__name__} has no {', '.join(sorted(unknown))}")
    edit: Edit = cls(**values)
    return edit


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _plain(value: object) -> object:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if value is None or isinstance(value, str | int | bool):
        return value
    raise WireError(f"a value an edit cannot carry: {type(value).__name__}")


def _read(value: object, hint: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        for option in args:
            try:
                return _read(value, option, where)
            except WireError:
                continue
        raise WireError(f"{where}: {value!r} is none of {hint}")
    if hint is type(None):
        if value is None:
            return None
        raise WireError(f"{where}: {value!r} is not empty")
    if origin is typing.Literal:
        if value in args:
            return value
        raise WireError(f"{where}: {value!r} is not one of {args}")
    if origin is tuple:
        if not isinstance(value, list):
            raise WireError(f"{where}: {value!r} is not a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_read(v, args[0], where) for v in value)
        if len(args) != len(value):
            raise WireError(f"{where}: {value!r} does not have {len(args)} items")
        return tuple(_read(v, a, where) for v, a in zip(value, args, strict=True))
    if origin is not None and issubclass(origin, Mapping):
        if not isinstance(value, dict):
            raise WireError(f"{where}: {value!r} is not an object")
        return value  # a line as a game file writes it: JSON as it is
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        if not isinstance(value, dict):
            raise WireError(f"{where}: {value!r} is not an object")
        inner = _hints(hint)
        try:
            return hint(**{k: _read(v, inner[k], f"{where}.{k}") for k, v in value.items()})
        except (KeyError, TypeError) as problem:
            raise WireError(f"{where}: {problem}") from None
    if hint is bool:
        if isinstance(value, bool):
            return value
        raise WireError(f"{where}: {value!r} is not true or false")
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise WireError(f"{where}: {value!r} is not a whole number")
    if hint is str:
        if isinstance(value, str):
            return value
        raise WireError(f"{where}: {value!r} is not text")
    raise WireError(f"{where}: an edit's field of a type the wire does not carry: {hint}")
