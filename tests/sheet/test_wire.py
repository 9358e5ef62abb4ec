"""Edits as JSON between the processes of a group's server (``scorepad.sheet.wire``):
every edit the sheet can make reads back as itself, made to a draft it changes the draft
as the edit itself does, and what is not an edit is refused."""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from typing import Any

import pytest

from scorepad.sheet.edits import TextEdit, TimerEdit
from scorepad.sheet.timer import Timer
from scorepad.sheet.wire import WireError, edit_classes, edit_from_json, edit_to_json


def sample(hint: Any, salt: int) -> Any:
    """A value of type ``hint``, different for each ``salt``."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return sample(next(a for a in args if a is not type(None)), salt)
    if origin is typing.Literal:
        return args[salt % len(args)]
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(sample(args[0], salt + i) for i in range(2))
        return tuple(sample(a, salt + i) for i, a in enumerate(args))
    if origin is not None and origin.__name__ == "Mapping":
        return {"key": f"line{salt}", "kind": "points", "label": f"Bonus {salt}"}
    if dataclasses.is_dataclass(hint):
        inner = typing.get_type_hints(hint)
        return hint(**{f.name: sample(inner[f.name], salt + 1) for f in dataclasses.fields(hint)})
    return {bool: salt % 2 == 1, int: salt, str: f"t{salt}é"}[hint]


def test_every_edit_of_the_sheet_is_found_the_board_kinds_too():
    names = set(edit_classes())
    assert {"TextEdit", "RoundAdded", "LineAdded", "GameSwitched", "TimerEdit"} <= names
    # one of each board kind's modules (scorepad/sheet/boards)
    assert {"TileEdit", "SpaceEdit", "FrameEdit", "SquareEdit", "FloorEdit"} <= names
    assert len(names) >= 34


@pytest.mark.parametrize("name", sorted(edit_classes()))
def test_each_edit_reads_back_as_itself_through_json_text(name):
    cls = edit_classes()[name]
    hints = typing.get_type_hints(cls)
    for salt in (0, 1):
        edit = cls(**{f.name: sample(hints[f.name], salt) for f in dataclasses.fields(cls)})
        text = json.dumps(edit_to_json(edit))
        back = edit_from_json(json.loads(text))
        assert type(back) is cls
        assert back == edit


def test_a_timer_and_an_empty_one_read_back():
    for timer in (Timer(1_700_000_000, breaks=30, paused_at=1_700_000_100, adjust=-5), None):
        assert edit_from_json(json.loads(json.dumps(edit_to_json(TimerEdit(timer))))) == (
            TimerEdit(timer)
        )


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ([], "not an edit"),
        ({"edit": "Nothing"}, "no edit is named 'Nothing'"),
        ({"edit": "TextEdit", "key": "a", "player": 0}, "TextEdit without its text"),
        ({"edit": "TextEdit", "key": "a", "player": "0", "text": "1"}, "not a whole number"),
        ({"edit": "TextEdit", "key": "a", "player": True, "text": "1"}, "not a whole number"),
        ({"edit": "TextEdit", "key": 5, "player": 0, "text": "1"}, "is not text"),
        ({"edit": "TextEdit", "key": "a", "player": 0, "text": "1", "x": 1}, "has no x"),
        ({"edit": "CheckEdit", "key": "a", "player": 0, "ticked": 1}, "not true or false"),
        ({"edit": "WallSideEdit", "player": 0, "side": "blue"}, "is not one of"),
        ({"edit": "RoundAdded", "round_id": "r", "keys": "ab", "limit": None}, "not a list"),
        ({"edit": "TimerEdit", "timer": {"start": 1}}, "timer"),
    ],
)
def test_what_is_not_an_edit_is_refused_saying_what(data, says):
    with pytest.raises(WireError, match=says):
        edit_from_json(data)


def test_an_edit_of_no_known_class_is_not_written():
    @dataclasses.dataclass(frozen=True)
    class TextEdit2:
        text: str

        def apply_to(self, draft: object) -> None: ...

    with pytest.raises(WireError, match="not an edit of the sheet"):
        edit_to_json(TextEdit2("x"))  # type: ignore[arg-type]
    assert edit_to_json(TextEdit("k", 1, "4")) == {
        "edit": "TextEdit",
        "key": "k",
        "player": 1,
        "text": "4",
    }
