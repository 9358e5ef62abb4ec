"""Notes on a play: checked like names, found by the notes filter, kept by exports."""

from __future__ import annotations

import io

import pytest
from store_sheets import edit

from scorepad.core import find_game
from scorepad.core.plaintext import MAX_NOTES
from scorepad.core.scoring import PlayerSheet
from scorepad.store import PlayFilter, StoreError, open_store

AZUL = find_game("azul")


def players(a: int, b: int) -> list[PlayerSheet]:
    return [PlayerSheet("Ana", {"marker": a}), PlayerSheet("Ben", {"marker": b})]


def test_notes_are_saved_found_edited_and_cleared(tmp_path):
    store = open_store(str(tmp_path / "history.db"))
    note = "Ben's first game.\nWe played on the terrace 🌙"
    play = store.save_play(AZUL, None, players(40, 30), notes=note)
    other = store.save_play(AZUL, None, players(20, 30))
    assert store.get_play(play).summary.notes == note
    found = store.list_plays(PlayFilter(text="TERRACE")).plays
    assert [p.id for p in found] == [play]
    assert other not in [p.id for p in found]
    store.update_play(play, edit(store, play, players(41, 30), notes="rematch soon"))
    assert store.get_play(play).summary.notes == "rematch soon"
    store.update_play(play, edit(store, play, players(41, 30)))  # None keeps the notes
    assert store.get_play(play).summary.notes == "rematch soon"
    store.update_play(play, edit(store, play, players(41, 30), notes=""))
    assert store.get_play(play).summary.notes is None


@pytest.mark.parametrize(
    ("notes", "words"),
    [
        ("x" * (MAX_NOTES + 1), f"at most {MAX_NOTES} are allowed"),
        ("bell\x07", "U+0007"),
        ("escape \x1b[31m", "U+001B"),
    ],
)
def test_notes_too_long_or_with_control_characters_are_refused(tmp_path, notes, words):
    store = open_store(str(tmp_path / "history.db"))
    with pytest.raises(StoreError) as refused:
        store.save_play(AZUL, None, players(40, 30), notes=notes)
    assert words in refused.value.message("en")
    assert refused.value.message("en").startswith("notes: ")
    assert store.list_plays().plays == ()
    kept = store.save_play(AZUL, None, players(40, 30), notes="x" * MAX_NOTES)
    with pytest.raises(StoreError):
        store.update_play(kept, edit(store, kept, players(40, 30), notes=notes))
    assert store.get_play(kept).summary.notes == "x" * MAX_NOTES


def test_notes_go_both_ways_through_the_json_export(tmp_path):
    source = open_store(str(tmp_path / "a.db"))
    note = "Line one\n\tindented «quotes» 🎲"
    source.save_play(AZUL, None, players(40, 30), notes=note)
    source.save_play(AZUL, None, players(10, 30))
    out = io.StringIO()
    assert source.export(out, "json") == 2
    target = open_store(str(tmp_path / "b.db"))
    target.import_text(out.getvalue(), "export.json")
    notes = sorted((p.notes or "") for p in target.list_plays().plays)
    assert notes == ["", note]
    found = target.list_plays(PlayFilter(text="«quotes»")).plays
    assert len(found) == 1 and found[0].notes == note


def test_an_export_with_a_bad_note_imports_nothing(tmp_path):
    source = open_store(str(tmp_path / "a.db"))
    source.save_play(AZUL, None, players(40, 30), notes="fine")
    out = io.StringIO()
    source.export(out, "json")
    text = out.getvalue().replace('"fine"', '"bad \\u0000 note"')
    target = open_store(str(tmp_path / "b.db"))
    with pytest.raises(StoreError) as refused:
        target.import_text(text, "export.json")
    assert "U+0000" in refused.value.message("en")
    assert target.list_plays().plays == ()
