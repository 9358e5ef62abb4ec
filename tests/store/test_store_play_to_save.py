"""A play to save travels as one value, the core's ``PlayToSave``: the store saves a new
play from it (``save_scored``) and edits a saved one with it (``update_play``), keeping
everything it holds; a detail left None is none for a new play and kept by an edit. Each
test runs on a real SQLite file and on PostgreSQL (``conftest.url``)."""

from __future__ import annotations

import dataclasses
import typing
from datetime import datetime

import pytest

from scorepad.core import PlayerSheet, find_game, score
from scorepad.core.play_to_save import PlayToSave
from scorepad.store import StoreError

AZUL = find_game("azul")
ENDED = datetime(2026, 5, 2, 22, 15)
BEGAN = datetime(2026, 5, 2, 21, 0)
WALL = ["B....", ".....", ".....", ".....", "....."]


def entries(ana: object = "30+11", ben: object = 30) -> tuple[PlayerSheet, ...]:
    return (
        PlayerSheet("Ana", {"marker": ana}),
        PlayerSheet("Ben", {"marker": ben}),
        PlayerSheet("Cleo", {"marker": 12}),
    )


def whole(players: tuple[PlayerSheet, ...] = entries()) -> PlayToSave:
    """A play with every detail the sheet can give."""
    return PlayToSave(
        score(AZUL, None, players),
        players,
        played_at=ENDED,
        started_at=BEGAN,
        duration=75,
        location="Club",
        notes="close game",
        first_player="Ben",
        colours=("red", None, "blue"),
        boards=(None, None, {"side": "coloured", "wall": WALL}),
    )


def test_a_new_play_keeps_everything_its_value_holds(store):
    play = store.save_scored(whole())
    record = store.get_play(play)
    summary = record.summary
    assert [p.total for p in record.sheet.players] == [41, 30, 12]
    assert record.player_sheets()[0].lines["marker"] == "30+11"  # the sum as typed
    assert (summary.played_at, summary.started_at, summary.duration) == (ENDED, BEGAN, 75)
    assert (summary.location, summary.notes, summary.first_player) == (
        "Club",
        "close game",
        "Ben",
    )
    assert [p.colour for p in summary.players] == ["red", None, "blue"]
    assert summary.players[2].board is not None
    assert summary.players[2].board.fields == {"side": "coloured", "wall": WALL}
    assert [p.board for p in summary.players[:2]] == [None, None]


def test_blank_details_of_a_new_play_are_saved_as_none_and_its_time_is_now(store):
    before = datetime.now().replace(microsecond=0)
    blank = PlayToSave(
        score(AZUL, None, entries()),
        entries(),
        location="",
        notes="",
        first_player="",
        colours=(),
        boards=(),
    )
    summary = store.get_play(store.save_scored(blank)).summary
    assert (summary.location, summary.notes, summary.first_player) == (None, None, None)
    assert [p.colour for p in summary.players] == [None, None, None]
    assert (summary.duration, summary.started_at) == (None, None)
    assert summary.played_at >= before


def test_an_edit_keeps_each_detail_left_none_and_changes_each_one_given(store):
    play = store.save_scored(whole())
    changed = PlayToSave(score(AZUL, None, entries(ben="40+2")), entries(ben="40+2"))
    edited = store.update_play(play, changed)
    summary = edited.summary
    assert [p.total for p in edited.sheet.players] == [41, 42, 12]
    assert edited.player_sheets()[1].lines["marker"] == "40+2"
    assert (summary.played_at, summary.started_at, summary.duration) == (ENDED, BEGAN, 75)
    assert (summary.location, summary.notes, summary.first_player) == (
        "Club",
        "close game",
        "Ben",
    )
    assert [p.colour for p in summary.players] == ["red", None, "blue"]
    assert summary.players[2].board is not None
    again = dataclasses.replace(
        changed, location="", notes="", first_player="", colours=(), boards=(), duration=80
    )
    summary = store.update_play(play, again).summary
    assert (summary.location, summary.notes, summary.first_player) == (None, None, None)
    assert [p.colour for p in summary.players] == [None, None, None]
    assert [p.board for p in summary.players] == [None, None, None]
    assert (summary.duration, summary.played_at) == (80, ENDED)


def test_an_edit_takes_the_times_it_is_given(store):
    play = store.save_scored(whole())
    later = PlayToSave(
        score(AZUL, None, entries()),
        entries(),
        played_at=datetime(2026, 5, 3, 20, 0),
        started_at=datetime(2026, 5, 3, 19, 0),
        duration=60,
    )
    summary = store.update_play(play, later).summary
    assert (summary.played_at, summary.started_at, summary.duration) == (
        datetime(2026, 5, 3, 20, 0),
        datetime(2026, 5, 3, 19, 0),
        60,
    )


def test_an_edit_without_the_entries_as_typed_takes_the_sheet_s(store):
    play = store.save_scored(whole())
    sheet = score(AZUL, None, entries(ana=50))
    edited = store.update_play(play, PlayToSave(sheet, notes="recounted"))
    assert [p.total for p in edited.sheet.players] == [50, 30, 12]
    assert edited.summary.notes == "recounted"


def test_a_detail_refused_saves_nothing_and_edits_nothing(store):
    with pytest.raises(StoreError):
        store.save_scored(dataclasses.replace(whole(), first_player="Dora"))
    assert store.list_plays().plays == ()
    play = store.save_scored(whole())
    with pytest.raises(StoreError):
        store.update_play(play, dataclasses.replace(whole(), colours=("mauve", None, None)))
    assert [p.colour for p in store.get_play(play).summary.players] == ["red", None, "blue"]


def test_the_value_is_frozen_and_holds_no_float():
    play = whole()
    with pytest.raises(dataclasses.FrozenInstanceError):
        play.notes = "changed"  # type: ignore[misc]
    hints = typing.get_type_hints(PlayToSave)
    assert not [name for name, hint in hints.items() if "float" in repr(hint)]
