"""One sheet on several devices at once: the app's sessions share one ``LiveSheets``.

Each device here is a session of its own (a ``Context`` over the same services) showing
the sheet through the real router, as the served app does.
"""

from __future__ import annotations

import pytest
from ui_helpers import click, context, find, fire, has, latest, type_into

from scorepad.sheet.edits import TextEdit
from scorepad.sheet.keeper import of_game
from scorepad.ui.app import view_for
from scorepad.ui.context import Context
from scorepad.ui.live import FIELD_NAMES
from scorepad.ui.settings import Settings
from scorepad.ui.views.common import Crossings


class Device:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.routes: list[str] = []
        ctx.navigate = self.routes.append
        self.sent: list[object] = []
        ctx.update = lambda *controls: self.sent.extend(controls)
        self.root = None

    def open(self, route: str) -> None:
        self.root = view_for(self.ctx, route)

    def value(self, ident: str) -> object:
        return find(self.root, ident).value


@pytest.fixture
def table(tmp_path, history):
    """Three devices on one app; the first started an Azul sheet for Ana, Ben and Carla."""
    ctx, _ = context(tmp_path, history=history)
    devices = [Device(ctx)] + [
        Device(Context(ctx.services, Settings(), navigate=lambda r: None)) for _ in range(2)
    ]
    devices[0].open("/new/azul?players=Ana,Ben,Carla")
    for device in devices[1:]:
        device.open("/sheet/azul")
    return devices


@pytest.fixture
def history(tmp_path):
    from scorepad.ui.history import StoreHistory

    opened = StoreHistory(str(tmp_path / "history.db"))
    yield opened
    opened.close()


def test_a_value_typed_on_one_device_shows_on_every_other(table):
    ana, ben, carla = table
    type_into(ana.root, "line-marker-1", "61")
    for device in (ben, carla):
        assert device.value("line-marker-1") == "61"
        assert device.value("total-1") == "61"
        assert device.value("result") == "Ana wins with 61 points."
        assert find(device.root, "line-marker-1") in device.sent  # sent to that browser
    assert latest(ana.ctx.services.drafts, "azul").texts["marker"] == ["61", "", ""]


def test_an_edit_is_made_once_for_every_device_and_the_kept_draft(table, monkeypatch):
    """The devices showing a sheet share its draft: a value typed is made to it once, on
    the device where it was typed, never again for the keeper or for the other devices."""
    made: list[object] = []
    real = TextEdit.apply_to

    def counted(edit: TextEdit, draft: object) -> None:
        made.append(edit)
        real(edit, draft)  # type: ignore[arg-type]

    monkeypatch.setattr(TextEdit, "apply_to", counted)
    ana, _, carla = table
    type_into(ana.root, "line-marker-1", "61")
    assert made == [TextEdit("marker", 0, "61")]
    type_into(carla.root, "line-marker-2", "58")
    assert len(made) == 2
    for device in table:
        assert [device.value("line-marker-1"), device.value("line-marker-2")] == ["61", "58"]
    assert latest(ana.ctx.services.drafts, "azul").texts["marker"] == ["61", "58", ""]


def test_different_cells_at_once_keep_both_and_one_cell_ends_with_the_last(table):
    ana, ben, carla = table
    type_into(ana.root, "line-marker-1", "61")
    type_into(ben.root, "line-marker-2", "58")
    type_into(carla.root, "line-rows-3", "2")
    type_into(ana.root, "line-colours-2", "1")
    type_into(ben.root, "line-colours-2", "2")  # the same cell, later
    for device in table:
        shown = [device.value(i) for i in ("line-marker-1", "line-marker-2", "line-rows-3")]
        assert shown == ["61", "58", "2"]
        assert device.value("line-colours-2") == "2"
        assert device.value("total-2") == "78"
    draft = latest(ana.ctx.services.drafts, "azul")
    assert draft.texts["colours"] == ["", "2", ""] and draft.texts["marker"][:2] == ["61", "58"]


def test_steppers_checks_and_by_hand_lines_travel_too(table):
    ana, ben, _ = table
    click(ana.root, "plus-rows-1")
    click(ana.root, "plus-rows-1")
    assert ben.value("line-rows-1") == "2"
    type_into(ben.root, "new-line-label", "Bonus")
    click(ben.root, "add-line")
    type_into(ben.root, "extra-1-1", "5")
    assert ana.value("extra-1-1") == "5" and ana.value("total-1") == "9"
    type_into(ana.root, "extra-label-1", "Bonus tiles")
    assert ben.value("extra-label-1") == "Bonus tiles"


def sent_to_browser(control) -> list:
    """What Flet's diff would send the browser for ``control`` now (and marks it sent)."""
    from flet.controls.base_control import BaseControl
    from flet.controls.object_patch import ObjectPatch

    patch, _, _ = ObjectPatch.from_diff(control, control, control_cls=BaseControl)
    return [(op[2], op[3]) for op in patch.to_message()[1:]]


def browser_types(device: Device, ident: str, value: object) -> None:
    """As a browser reports a change: the value lands without marking it to send back."""
    from flet.utils.object_model import patch_dataclass

    control = find(device.root, ident)
    patch_dataclass(control, {"value": value})
    fire(control, "change", value)


@pytest.mark.parametrize(
    ("ident", "first", "second"),
    [
        ("line-marker-1", "41", "42"),
        ("line-star_red-1", True, False),
        ("line-windows-1-a", "3", "4"),
        ("extra-1-1", "5", "6"),
        ("extra-label-1", "Tiles", "Bonus tiles"),
    ],
)
def test_a_value_that_crossed_another_on_the_way_is_set_straight(
    tmp_path, history, monkeypatch, ident, first, second
):
    """Ben types while Ana's value for the same cell is on its way to him: his browser
    shows hers, the server holds his. His value is sent back to his own field, so every
    screen ends with the last value (his), as the server and the draft have it."""
    game = (
        "azul-sintra?variant=B&"
        if "windows" in ident
        else ("azul-summer-pavilion?" if "star" in ident else "azul?")
    )
    ctx, _ = context(tmp_path, history=history)
    ana = Device(ctx)
    ben = Device(Context(ctx.services, Settings(), navigate=lambda r: None))
    ana.open(f"/new/{game}players=Ana,Ben")
    gid = game.split("?")[0]
    if ident.startswith("extra"):
        type_into(ana.root, "new-line-label", "Bonus")
        click(ana.root, "add-line")
    ben.open(f"/sheet/{gid}")
    for device in (ana, ben):
        sent_to_browser(device.root)  # the screens as first shown
    browser_types(ana, ident, first)
    assert ("value", first) in sent_to_browser(find(ben.root, ident))  # on its way to Ben
    browser_types(ben, ident, second)  # typed before Ana's value reached his browser
    assert ("value", second) in sent_to_browser(find(ben.root, ident))  # set straight
    assert ("value", second) in sent_to_browser(find(ana.root, ident))
    browser_types(ben, ident, first)  # typed at once: it may have crossed the one sent back
    assert ("value", first) in sent_to_browser(find(ben.root, ident))
    monkeypatch.setattr(Crossings, "ECHO_WINDOW_S", -1.0)  # long after anything was sent
    browser_types(ben, ident, second)  # nothing can have crossed it: nothing sent back
    assert sent_to_browser(find(ben.root, ident)) == []
    browser_types(ben, ident, first)
    assert ana.value(ident) == ben.value(ident) == first


def test_saving_from_one_device_saves_once_and_takes_the_others_to_the_play(table, history):
    ana, ben, carla = table
    type_into(ana.root, "line-marker-1", "61")
    type_into(ben.root, "line-marker-2", "58")
    click(carla.root, "save")
    (play,) = history.store.list_plays().plays
    assert carla.routes == [f"/play/{play.id}"]
    assert ana.routes == [f"/play/{play.id}"] and ben.routes == [f"/play/{play.id}"]
    click(ana.root, "save")  # pressed before the play screen came up
    assert len(history.store.list_plays().plays) == 1
    assert ana.routes[-1] == f"/play/{play.id}"
    assert [s.total for s in play.players] == [61, 58, 0]


def test_a_sheet_opened_after_it_was_saved_shows_its_play_and_goes_there(table, history):
    """A page back from a lost link opens the sheet's address again, fresh: the sheet
    was saved on another device meanwhile, so it is the play it became."""
    ana = table[0]
    sheet_id = latest_id(ana)
    type_into(ana.root, "line-marker-1", "61")
    click(ana.root, "save")
    (play,) = history.store.list_plays().plays
    late = Device(Context(ana.ctx.services, Settings(), navigate=lambda r: None))
    late.open(f"/sheet/{sheet_id}")
    assert late.routes == [f"/play/{play.id}"]
    assert not has(late.root, "line-marker-1")  # no sheet to type into
    assert has(late.root, "play-edit")  # the play itself, at once


def latest_id(device: Device) -> str:
    found = latest(device.ctx.services.drafts, "azul")
    assert found is not None
    return found.sheet_id


def test_a_device_that_left_the_sheet_hears_nothing_more(table):
    ana, ben, carla = table
    carla.open("/history")  # Carla moved on
    sheet_before = carla.sent[:]
    type_into(ana.root, "line-marker-1", "40")
    assert carla.sent == sheet_before
    assert ben.value("line-marker-1") == "40"


def test_two_tables_playing_one_game_each_keep_their_sheet(table, tmp_path):
    """A second table starts Azul on its own devices: the first table's sheet is not
    touched, each device hears only its own table, and both save a play of their own."""
    ana, ben, carla = table
    ctx = ana.ctx
    dan, eva = (Device(Context(ctx.services, Settings(), navigate=lambda r: None)) for _ in "de")
    dan.open("/new/azul?players=Dan,Eva")
    eva.open("/new/azul?players=Dan,Eva")  # the same link on the other phone: that sheet
    type_into(dan.root, "line-marker-1", "70")
    type_into(ana.root, "line-marker-1", "61")
    assert eva.value("line-marker-1") == "70" and eva.value("total-1") == "70"
    assert ben.value("line-marker-1") == "61" and carla.value("total-1") == "61"
    assert find(ben.root, "save").disabled is False
    click(eva.root, "save")
    click(carla.root, "save")
    plays = ctx.services.history.store.list_plays().plays
    assert sorted((p.players[0].name, p.players[0].total) for p in plays) == [
        ("Ana", 61),
        ("Dan", 70),
    ]
    assert of_game(ctx.services.drafts, "azul") == []


def test_a_sheet_thrown_away_on_one_device_is_let_go_on_the_others(table):
    ana, ben, _ = table
    sheet_id = latest(ana.ctx.services.drafts, "azul").sheet_id
    ana.ctx.services.live.discard(object(), ana.ctx.services.drafts, sheet_id)
    assert "thrown away on another device" in ben.value("save-message")
    type_into(ben.root, "line-marker-1", "99")  # Ben still shows it: nothing is kept
    assert find(ben.root, "save").disabled
    assert latest(ana.ctx.services.drafts, "azul") is None


def test_a_sheet_brought_back_by_undo_is_followed_again_on_the_others(table):
    """Home's Undo after a bin tapped by mistake: every device that was told the sheet
    was thrown away shows it again as it was, and shares changes again."""
    ana, ben, carla = table
    drafts, live = ana.ctx.services.drafts, ana.ctx.services.live
    type_into(ana.root, "line-marker-1", "61")
    draft = latest(drafts, "azul")
    route = f"/sheet/{draft.sheet_id}"
    carla.open(route)
    shown_again: list[str] = []
    carla.ctx.rebuild = lambda: shown_again.append(carla.ctx.route)
    live.discard(object(), drafts, draft.sheet_id)
    type_into(ben.root, "line-marker-1", "99")  # not kept: the sheet is gone
    live.restore(drafts, draft)
    assert ana.routes[-1] == ben.routes[-1] == route  # each opens the sheet again
    assert shown_again == [route]  # Carla already shows it: her screen is rebuilt
    for device in table:
        device.open(route)
        assert device.value("line-marker-1") == "61"
        assert device.value("save-message") == ""
        assert not find(device.root, "save").disabled
    type_into(ben.root, "line-marker-2", "58")
    assert ana.value("line-marker-2") == carla.value("line-marker-2") == "58"


def test_a_field_is_named_once_a_value_typed_there_would_not_be_kept(table):
    """What a page sends again after its link came back is named, by player and line,
    where the app would not keep it (``scorepad.ui.heartbeat``)."""
    ana, ben, carla = table
    marker, rows = find(ben.root, "line-marker-1")._i, find(ben.root, "line-rows-3")._i
    assert FIELD_NAMES.untaken(marker) is None and FIELD_NAMES.untaken(rows) is None
    assert FIELD_NAMES.untaken(find(ben.root, "notes")._i) is None  # not a cell: never named
    left = find(carla.root, "line-rows-3")._i
    carla.open("/history")  # Carla left the sheet: her fields take nothing any more
    assert FIELD_NAMES.untaken(left) == ("Carla", "Complete horizontal rows")
    assert FIELD_NAMES.untaken(rows) is None  # Ben still shows it
    type_into(ana.root, "line-marker-1", "61")
    click(ana.root, "save")  # saved on one device: the others' fields take nothing
    assert ana.ctx.services.history.store.list_plays().plays
    assert FIELD_NAMES.untaken(marker) == ("Ana", "Score track")
    assert FIELD_NAMES.untaken(rows) == ("Carla", "Complete horizontal rows")
