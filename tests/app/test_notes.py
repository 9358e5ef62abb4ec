"""Notes on a play: written on the sheet (kept in the draft, shared live) or when editing
the play, saved with it, shown on the play screen and in History, found by its filter."""

from __future__ import annotations

import pytest
from ui_helpers import click, context, find, has, latest, type_into

from scorepad.core import PlayerSheet, find_game
from scorepad.core.plaintext import MAX_NOTES
from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.edits import NotesEdit
from scorepad.sheet.progress import LABEL, NOTES, SheetInProgress, new_draft
from scorepad.ui.drafts import FileDraftStore
from scorepad.ui.history import StoreHistory
from scorepad.ui.views.history import HistoryView
from scorepad.ui.views.play import play_view
from scorepad.ui.views.play_edit import edit_view
from scorepad.ui.views.sheet import SheetView

AZUL = find_game("azul")
NOTE = "Ben's first game.\nNext time: the Sintra box."


@pytest.fixture
def history(tmp_path):
    plays = StoreHistory(str(tmp_path / "history.db"))
    yield plays
    plays.close()


def model() -> SheetInProgress:
    return SheetInProgress(AZUL, new_draft(AZUL, None, ["Ana", "Ben"]))


def test_notes_are_kept_in_the_draft_and_reach_a_copy_of_the_sheet(tmp_path):
    sheet = model()
    edits = []
    sheet.on_change = edits.append
    sheet.set_notes(NOTE)
    assert edits == [NotesEdit(NOTE)]
    assert sheet.draft.to_dict()["notes"] == NOTE
    store = FileDraftStore(tmp_path / "drafts")
    store.save(sheet.draft)
    again = store.load(sheet.draft.sheet_id)
    assert again is not None and again.notes == NOTE
    other = SheetInProgress(AZUL, SheetDraft.from_dict(model().draft.to_dict()))
    other.apply(edits[0], announce=False)
    assert other.draft.notes == NOTE
    assert "notes" not in model().draft.to_dict()  # a draft without notes is as before


@pytest.mark.parametrize(
    ("text", "words"),
    [("x" * (MAX_NOTES + 1), f"at most {MAX_NOTES}"), ("beep\x07", "U+0007")],
)
def test_bad_notes_are_marked_and_block_saving(text, words):
    sheet = model()
    sheet.set_text("marker", 0, "40")
    state = sheet.set_notes(text)
    problem = state.problem(NOTES, LABEL)
    assert problem is not None and words in problem.message("en")
    assert not state.can_save
    state = sheet.set_notes("two\nlines\tand a tab")
    assert state.problem(NOTES, LABEL) is None and state.can_save


def test_notes_written_on_the_sheet_are_saved_shown_and_found(tmp_path, history):
    ctx, routes = context(tmp_path, history=history)
    view = SheetView(ctx, model())
    root = view.build()
    type_into(root, "line-marker-1", "40")
    type_into(root, "notes", "x" * (MAX_NOTES + 1))
    assert "at most" in (find(root, "notes").error or "")
    assert find(root, "save").disabled
    type_into(root, "notes", NOTE)
    assert find(root, "notes").error is None
    draft = latest(ctx.services.drafts, "azul")
    assert draft is not None and draft.notes == NOTE
    click(root, "save")
    play = int(routes[-1].rsplit("/", 1)[1])
    assert history.store.get_play(play).summary.notes == NOTE

    shown = play_view(ctx, str(play))
    assert find(shown, "play-notes").value == NOTE

    listed = HistoryView(ctx).build()
    assert find(listed, "history-notes-1").value == NOTE
    type_into(listed, "filter-text", "sintra BOX")
    click(listed, "filter")
    assert has(listed, "history-row-1") and find(listed, "history-notes-1").value == NOTE
    type_into(listed, "filter-text", "nowhere")
    click(listed, "filter")
    assert not has(listed, "history-row-1")


def test_notes_are_written_and_cleared_when_editing_a_play(tmp_path, history):
    sheets = [PlayerSheet("Ana", {"marker": 62}), PlayerSheet("Ben", {"marker": 60})]
    play = history.store.save_play(AZUL, None, sheets, notes="first words")
    ctx, routes = context(tmp_path, history=history)
    ctx.route = f"/play/{play}/edit"
    root = edit_view(ctx, str(play))
    assert find(root, "notes").value == "first words"
    type_into(root, "notes", "second words")
    ctx.leave()  # a reload keeps the note typed
    root = edit_view(ctx, str(play))
    assert find(root, "notes").value == "second words"
    click(root, "save")
    assert routes == [f"/play/{play}"]
    assert history.store.get_play(play).summary.notes == "second words"
    root = edit_view(ctx, str(play))
    type_into(root, "notes", "  ")
    click(root, "save")
    assert history.store.get_play(play).summary.notes is None
    assert not has(play_view(ctx, str(play)), "play-notes")
