"""Undoing an edit, and finding a player as people type the name. An edit keeps the play's
previous version; ``undo_edit`` puts it back exactly (entries, sums as typed, by-hand lines,
details, first player, colours, boards, stats), refuses once the play changed again, and
takes away a player only that edit brought in. The History's player filter ignores case
and accents ("chloe" finds Chloé). Each test runs on a real SQLite file and on PostgreSQL
(``conftest.url``)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

import pytest
from store_sheets import edit

from scorepad.core import find_game
from scorepad.core.scoring import ExtraLine, PlayerSheet
from scorepad.store import PlayFilter, StoreError

AZUL = find_game("azul")
ANA_WALL = ["BYRKW", "W....", "K....", "R....", "Y...."]
BEN_GREY = ["B....", ".B...", "..B..", "...B.", "....B"]


def players(marker: int = 40, third: str = "Cléo") -> list[PlayerSheet]:
    return [
        PlayerSheet("Ana", {"marker": "30+10", "rows": 1, "columns": 1}),
        PlayerSheet("Ben", {"marker": marker, "colours": 1}, (ExtraLine("Penalty", -2),)),
        PlayerSheet(third, {"marker": 20}),
    ]


def test_an_edit_is_undone_exactly(store):
    play = store.save_play(
        AZUL,
        None,
        players(),
        played_at=datetime(2026, 3, 1, 20, 0),
        location="Club",
        duration=45,
        notes="first game",
        first_player="Ben",
        colours=("blue", None, "orange"),
        started_at=datetime(2026, 3, 1, 19, 10),
        boards=({"wall": ANA_WALL}, {"side": "grey", "wall": BEN_GREY}, None),
    )
    before = store.get_play(play)
    stats = store.game_stats("azul")
    edited = store.update_play(
        play,
        edit(
            store,
            play,
            [PlayerSheet("Ana", {"marker": 10}), PlayerSheet("Ben", {"marker": 70})],
            location="Home",
            duration=50,
            notes="recounted",
            first_player="Ana",
            colours=("black", "green"),
            boards=(),
        ),
    )
    assert [p.total for p in edited.sheet.players] == [10, 70]
    assert edited.summary.first_seat == 1 and edited.summary.location == "Home"
    assert edited.before is not None

    store.undo_edit(edited.before)
    after = store.get_play(play)
    assert after.updated_at > edited.updated_at  # changed by the undo
    assert replace(after, updated_at=before.updated_at) == before  # all else as it was
    assert after.player_sheets()[0].lines["marker"] == "30+10"
    assert store.game_stats("azul") == stats
    assert [p.id for p in store.list_plays(PlayFilter(player="Cléo")).plays] == [play]


def test_an_undo_never_overwrites_a_later_change(store):
    play = store.save_play(AZUL, None, players())
    first = store.update_play(play, edit(store, play, players(50)))
    store.update_play(play, edit(store, play, players(60)))
    assert first.before is not None
    with pytest.raises(StoreError) as refused:
        store.undo_edit(first.before)
    assert refused.value.message("en") == (
        "this play was changed again since; its earlier version was not put back"
    )
    assert store.get_play(play).sheet.players[1].total == 68  # the later change stays
    store.purge_play(play)
    with pytest.raises(StoreError, match="no play"):
        store.undo_edit(first.before)


def test_undo_takes_away_a_player_only_the_edit_brought_in(store):
    play = store.save_play(AZUL, None, players())
    store.add_player("Dora")  # in the history already, with no play
    edited = store.update_play(
        play,
        edit(store, play, [PlayerSheet("Ana", {"marker": 5}), PlayerSheet("Zoé", {"marker": 6})]),
    )
    assert "Zoé" in [p.name for p in store.players()]
    assert edited.before is not None and len(edited.before.new_players) == 1
    store.undo_edit(edited.before)
    assert [p.name for p in store.players()] == ["Ana", "Ben", "Cléo", "Dora"]


def test_a_deleted_play_stays_deleted_when_its_edit_is_undone(store):
    play = store.save_play(AZUL, None, players())
    edited = store.update_play(play, edit(store, play, players(50)))
    store.delete_play(play)
    assert edited.before is not None
    store.undo_edit(edited.before)
    assert store.list_plays().plays == ()
    assert store.get_play(play).sheet.players[1].total == 48
    assert store.game_stats("azul").plays == 0


def test_the_player_filter_ignores_case_and_accents(store):
    chloe = store.save_play(
        AZUL, None, [PlayerSheet("Chloé", {"marker": 5}), PlayerSheet("Léa", {"marker": 6})]
    )
    store.save_play(AZUL, None, [PlayerSheet("Ana", {"marker": 5}), PlayerSheet("Ben", {})])
    for typed in ("chloe", "CHLOÉ", " Chloe ", "Chloé"):
        found = store.list_plays(PlayFilter(player=typed)).plays
        assert [p.id for p in found] == [chloe], typed
    with pytest.raises(StoreError) as unknown:
        store.list_plays(PlayFilter(player="chlo"))
    assert unknown.value.message("en") == 'there is no player called "chlo" in the history'
    store.add_player("Chloe")  # another player, spelt without the accent
    assert [p.id for p in store.list_plays(PlayFilter(player="chloé")).plays] == [chloe]
    assert store.list_plays(PlayFilter(player="CHLOE")).plays == ()  # exactly Chloe's
    store.add_player("Léà")
    with pytest.raises(StoreError) as several:
        store.list_plays(PlayFilter(player="lea"))
    assert several.value.message("en") == '"lea" could be "Léa", "Léà": pick one'
