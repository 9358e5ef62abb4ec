"""The Summer Pavilion board on the sheet: taps fill the star lines and the "all spaces of
number N" lines through the core on either side of the board (the variant side's stars
counted per colour), a pavilion is kept in the draft and travels as edits; clearing it
gives the lines back to typing."""

from __future__ import annotations

import flet as ft
import pytest
from ui_helpers import click, context, find, fire, has, shown, type_into, walk

from scorepad.core import EntryError, find_game
from scorepad.core.boards.pavilion import COLOURED, VARIANT, Pavilion
from scorepad.sheet.boards.pavilion import (
    PavilionClearEdit,
    SpaceEdit,
    colour_edit,
    from_pavilion,
    pavilions,
    tap,
)
from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.progress import SheetInProgress, new_draft
from scorepad.ui.drafts import FileDraftStore
from scorepad.ui.history import StoreHistory
from scorepad.ui.views.sheet import SheetView

GAME = find_game("azul-summer-pavilion")


def pavilion(variant: str = "A", players: list[str] | None = None) -> SheetInProgress:
    return SheetInProgress(GAME, new_draft(GAME, variant, players or ["Ana", "Ben"]))


def cover(model: SheetInProgress, player: int, star: int, spaces=range(6)) -> None:
    for space in spaces:
        model.set_board(tap(model.draft, player, star, space))


def points(model: SheetInProgress, player: int) -> dict[str, object]:
    return {k: r.points for k, r in model.state.scored.players[player].readings.items()}


def test_taps_on_the_coloured_side_fill_the_stars_and_number_bonuses_through_the_core():
    model = pavilion()
    model.set_text("marker", 0, "40")
    model.set_check("star_red", 0, True)  # ticked before the pavilion: the pavilion's wins
    cover(model, 0, 2)  # the blue star, complete
    for star in (0, 1, 3, 4, 5, 6):
        cover(model, 0, star, [0])  # the 1 of every star (the coloured side reads 1 to 6)
    core = Pavilion.read(COLOURED, pavilions(model.draft)[0].stars)
    assert core.lines() == {
        **dict.fromkeys(("star_multicolour", "star_red", "star_yellow"), False),
        **dict.fromkeys(("star_orange", "star_green", "star_purple"), False),
        "star_blue": True,
        **{"all_1s": True, "all_2s": False, "all_3s": False, "all_4s": False},
    }
    found = points(model, 0)
    assert found["star_blue"] == 15 and found["star_red"] == 0 and found["all_1s"] == 4
    assert model.state.scored.players[0].total == 40 + 15 + 4
    assert from_pavilion(model.draft, "star_red", 0) and from_pavilion(model.draft, "all_4s", 0)
    assert not from_pavilion(model.draft, "marker", 0) and not from_pavilion(
        model.draft, "star_red", 1
    )
    assert model.state.can_save


def test_a_tap_uncovers_and_clearing_gives_the_typed_lines_back():
    model = pavilion()
    model.set_check("star_purple", 0, True)
    cover(model, 0, 1, [3])
    assert pavilions(model.draft)[0].stars[1] == "...X.."
    assert points(model, 0)["star_purple"] == 0  # the pavilion fills the line meanwhile
    cover(model, 0, 1, [3])  # the same space again: uncovered
    assert not pavilions(model.draft)[0].filled
    assert points(model, 0)["star_purple"] == 20  # ticked by hand again
    cover(model, 0, 6)
    assert points(model, 0)["star_purple"] == 20  # now from the pavilion
    model.set_board(PavilionClearEdit(0))
    assert not from_pavilion(model.draft, "star_purple", 0)
    assert points(model, 0)["star_purple"] == 20


def test_the_variant_side_counts_stars_per_chosen_colour_and_waits_for_a_colour():
    model = pavilion("B")
    for star in (1, 2, 3):
        cover(model, 0, star)
    problem = model.state.problem("star_multicolour", 0)
    assert problem is not None
    assert problem.message("en") == (
        "Ana, pavilion: star 2 is complete: give it the colour it was built in"
    )
    assert not model.state.can_save
    for star in (1, 2):
        model.set_board(colour_edit(model.draft, 0, star, "green"))
    model.set_board(colour_edit(model.draft, 0, 3, "multicolour"))
    assert model.state.problem("star_multicolour", 0) is None
    core = Pavilion.read(
        VARIANT,
        pavilions(model.draft)[0].stars,
        [None, "green", "green", "multicolour", None, None, None],
    )
    assert core.lines(counts=True)["star_green"] == 2
    found = points(model, 0)
    assert found["star_green"] == 2 * 18 and found["star_multicolour"] == 12
    # the centre star shows 3s only: the 3s bonus needs it and every outer star's 3
    for star in (4, 5, 6):
        cover(model, 0, star, [0])  # the outer stars' 3s (their first space)
    assert points(model, 0)["all_3s"] == 0
    cover(model, 0, 0)
    assert points(model, 0)["all_3s"] == 12
    with pytest.raises(EntryError):
        colour_edit(model.draft, 0, 1, "pink")
    on_a = pavilion("A")
    with pytest.raises(EntryError) as printed:
        colour_edit(on_a.draft, 0, 1, "blue")  # star 2 prints red on the coloured side
    assert printed.value.key == "board.star_printed"


def test_two_devices_tapping_one_pavilion_keep_every_tap_and_the_later_wins_per_space():
    here = pavilion()
    there = SheetInProgress(GAME, SheetDraft.from_dict(here.draft.to_dict()))
    a = tap(here.draft, 0, 0, 0)
    b = tap(there.draft, 0, 0, 1)
    for edit in (a, b):  # both made on both copies, as live.py hands them on
        here.apply(edit)
        there.apply(edit)
    assert pavilions(here.draft)[0].stars[0] == pavilions(there.draft)[0].stars[0] == "XX...."
    for edit in (SpaceEdit(0, 0, 0, False), SpaceEdit(0, 0, 0, True)):
        here.apply(edit)
        there.apply(edit)
    assert pavilions(here.draft) == pavilions(there.draft)
    assert pavilions(here.draft)[0].stars[0] == "XX...."


def test_the_pavilion_is_kept_in_the_draft_file_and_only_on_a_summer_pavilion_sheet(tmp_path):
    store = FileDraftStore(tmp_path / "drafts")
    model = pavilion("B")
    cover(model, 1, 4)
    model.set_board(colour_edit(model.draft, 1, 4, "purple"))
    store.save(model.draft)
    again = store.load(model.draft.sheet_id)
    assert again == model.draft
    assert again is not None and pavilions(again)[1].colours[4] == "purple"
    reopened = SheetInProgress(GAME, again)
    assert reopened.state.scored.players[1].total == model.state.scored.players[1].total == 20
    azul = find_game("azul")
    other = SheetInProgress(azul, new_draft(azul, None, ["Ana", "Ben"]))
    assert pavilions(other.draft) == [] and "pavilions" not in other.draft.to_dict()
    broken = model.draft.to_dict()
    broken["pavilions"] = [{"stars": ["XXXXXX"] * 7, "colours": ["pink"] * 7}] * 2
    with pytest.raises(ValueError):
        SheetDraft.from_dict(broken)


def test_the_pavilion_dialog_in_french_read_only_cells_and_save(tmp_path):
    """The view without a browser: the dialog's words in French, a star's colour chosen on
    the variant side, the cells read-only "du plateau", and the play saved with the lines
    the pavilion filled."""
    history = StoreHistory(str(tmp_path / "history.db"))
    try:
        ctx, routes = context(tmp_path, history=history, lang="fr", compact=True)
        dialogs: list[object] = []
        ctx.show_dialog = dialogs.append
        model = pavilion("B")
        view = SheetView(ctx, model)
        root = view.build()
        assert find(root, "pavilion-2").content == "Pavillon"
        click(root, "pavilion-2")
        dialog = dialogs[-1]
        for space in range(1, 7):
            click(dialog, f"star-2-3-{space}")
        said = {c.identifier: c.label for c in walk(dialog) if isinstance(c, ft.Semantics)}
        assert said["star-2-3-1"] == "Étoile 3, case 1, nombre 3 : couverte"
        assert said["star-2-1-4"] == "Étoile 1, case 4, nombre 3 : vide"
        assert find(dialog, "pavilion-message-2").value == (
            "Ben, pavillon : l'étoile 3 est complète : donnez-lui la couleur dans laquelle "
            "elle a été construite"
        )
        menu = find(dialog, "star-colour-2-3")
        item = next(i for i in menu.items if has(i, "star-colour-2-3-orange"))
        fire(item, "click")
        assert pavilions(model.draft)[1].colours[2] == "orange"
        assert find(dialog, "pavilion-message-2").value == ""
        assert any(isinstance(c, ft.Text) and c.value == "Étoile 3 : orange" for c in walk(dialog))
        stars = find(root, "line-star_orange-2")
        assert stars.value == "1" and stars.read_only and shown(root, "note-star_orange-2")
        assert find(root, "note-star_orange-2").value == "du plateau"
        assert find(dialog, "pavilion-total-2").value == (
            "Étoiles complètes 1, bonus de nombre 0 : total 17"
        )
        click(dialog, "pavilion-done")
        type_into(root, "line-marker-1", "30")
        type_into(root, "line-marker-2", "28")
        click(root, "save")
        play = int(routes[-1].rsplit("/", 1)[1])
        saved = history.store.get_play(play)
        assert {p.name: p.total for p in saved.sheet.players} == {"Ana": 30, "Ben": 45}
    finally:
        history.close()


def test_a_star_line_ticked_by_the_pavilion_is_a_read_only_box(tmp_path):
    ctx, _ = context(tmp_path)
    model = pavilion("A")
    view = SheetView(ctx, model)
    root = view.build()
    box = find(root, "line-star_green-1")
    assert isinstance(box, ft.Checkbox) and box.value is False and not box.disabled
    dialogs: list[object] = []
    ctx.show_dialog = dialogs.append
    click(root, "pavilion-1")
    for space in range(1, 7):
        click(dialogs[-1], f"star-1-6-{space}")  # star 6: green on the coloured side
    assert box.value is True and box.disabled
    type_into(root, "line-star_green-1", False)  # refused while the pavilion fills it
    assert box.value is True and model.state.scored.players[0].total == 18
    click(dialogs[-1], "pavilion-clear-1")
    assert box.value is False and not box.disabled
