"""Lines of any kind added to a sheet in progress ("Add a line"), with a real history.

A line for this play only is kept in the draft and folded into the game for this sheet;
a line kept for the game goes into the person's own copy of it (a built-in game is
copied, never changed) and the sheet goes on as a sheet of that copy. The core scores an
added line as any line of the game, and the saved play records it with its kind.
"""

from __future__ import annotations

import json

import pytest
from ui_helpers import click, context, find, has, texts, type_into

from scorepad.core import builtin_games, find_game
from scorepad.core.i18n import LANGS, tr
from scorepad.sheet.added import LineAdded, with_lines
from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.progress import SheetInProgress, new_draft
from scorepad.store import open_store
from scorepad.ui.added_lines import NewLine
from scorepad.ui.app import view_for
from scorepad.ui.drafts import FileDraftStore

COLUMNS = {"key": "columns_bonus", "kind": "count", "per": 7, "label": {"en": "Columns bonus"}}


class Screen:
    """The app's screens as a session shows them: a route, rebuilt on ``rebuild``."""

    def __init__(self, tmp_path, lang="en", compact=False):
        self.ctx, self.routes = context(tmp_path, lang=lang, compact=compact)
        self.dialogs: list[object] = []
        self.ctx.show_dialog = self.dialogs.append
        self.ctx.close_dialog = self.close_dialog
        self.ctx.rebuild = lambda: self.go(self.ctx.route)
        self.ctx.navigate = self.go
        self.root: object = None

    def close_dialog(self) -> None:
        """As Flet does: the dialog closes, then says it was dismissed."""
        dialog = self.dialogs.pop()
        if dialog.on_dismiss is not None:
            dialog.on_dismiss()

    def go(self, route: str) -> None:
        self.routes.append(route)
        self.root = view_for(self.ctx, route)

    @property
    def dialog(self) -> object:
        assert self.dialogs, "no dialog open"
        return self.dialogs[-1]

    def draft(self) -> SheetDraft:
        drafts = self.ctx.services.drafts
        (one,) = drafts.all()
        return one

    def store(self):
        return self.ctx.services.history.store


def keys(game) -> list[str]:
    return [line.key for line in game.lines]


def start_azul(screen: Screen) -> None:
    screen.go("/new/azul?players=Ana,Ben")
    assert has(screen.root, "line-marker-1")


def add_line(screen: Screen, label: str, kind: str, fields: dict[str, str], keep=False):
    click(screen.root, "add-line-kinds")
    dialog = screen.dialog
    click(dialog, f"add-line-kind-{kind}")
    type_into(dialog, "add-line-label", label)
    for ident, text in fields.items():
        type_into(dialog, ident, text)
    if keep:
        type_into(dialog, "add-line-keep", True)
    click(dialog, "add-line-ok")
    return dialog


# --- the model ------------------------------------------------------------------------------
def test_a_line_for_this_play_is_scored_by_the_core_as_a_line_of_the_game():
    azul = find_game("azul")
    game = with_lines(azul, [COLUMNS])
    assert (game.id, game.version) == (azul.id, azul.version)
    assert [line.key for line in game.lines][-1] == "columns_bonus"
    draft = new_draft(azul, None, ["Ana", "Ben"])
    draft.added.append(dict(COLUMNS))
    model = SheetInProgress(azul, draft)
    state = model.set_text("columns_bonus", 0, "3")
    assert state.scored.players[0].lines["columns_bonus"] == 21
    assert state.scored.players[0].total == 21
    assert model.set_text("columns_bonus", 1, "2,5").problem("columns_bonus", 1) is not None


def test_a_line_the_game_has_already_is_not_added_twice():
    azul = find_game("azul")
    assert with_lines(azul, [{**COLUMNS, "key": "rows"}]) is azul


def test_the_draft_keeps_its_added_lines_and_old_drafts_still_load():
    azul = find_game("azul")
    draft = new_draft(azul, None, ["Ana", "Ben"])
    LineAdded(COLUMNS).apply_to(draft)
    assert draft.texts["columns_bonus"] == ["", ""]
    again = SheetDraft.from_dict(json.loads(json.dumps(draft.to_dict())))
    assert again.added == [COLUMNS]
    old = draft.to_dict()
    del old["added"]
    old["extra"] = [{"label": "House rule", "points": ["3", ""]}]
    loaded = SheetDraft.from_dict(old)
    assert loaded.added == [] and loaded.extra[0].label == "House rule"
    assert "added" not in SheetDraft.from_dict(old).to_dict()
    with pytest.raises(TypeError):
        SheetDraft.from_dict({**draft.to_dict(), "added": ["not a line"]})


@pytest.mark.parametrize("lang", LANGS)
def test_a_new_line_is_checked_by_the_core_in_every_language(lang):
    azul = find_game("azul")
    new = NewLine.start(azul, lang, "Bonus")
    new.line.kind = "table"
    new.line.values = "0 x 3"
    assert new.check() is None
    (where,) = new.problems
    assert where == f"{new.where}values"
    new.line.values = "0 1 3"
    line = new.check()
    assert line is not None and line["kind"] == "table" and line["values"] == [0, 1, 3]
    assert line["key"] == "bonus" and line["label"]["en"] == "Bonus"
    assert line["label"].get(lang) == "Bonus"
    taken = NewLine.start(azul, lang, "Rows")
    assert taken.check() is not None and taken.line.key == "rows_2"  # rows is Azul's


# --- the store: the person's own copy --------------------------------------------------------
def test_keeping_a_line_copies_a_built_in_game_and_leaves_it_as_it_is(tmp_path):
    store = open_store(str(tmp_path / "history.db"))
    try:
        assert store.own_copy("azul") is None
        copy = store.keep_line("azul", COLUMNS)
        assert copy.id == "azul-mine" and copy.version == 1
        assert {lang: copy.name[lang] for lang in LANGS} == {
            lang: tr("store.copy_name", lang, name="Azul") for lang in LANGS
        }
        assert copy.name["es"] == "Azul (mi copia)"
        assert [line.key for line in copy.lines] == [
            "marker",
            "rows",
            "columns",
            "colours",
            "columns_bonus",
        ]
        assert store.template("azul").lines == builtin_games()["azul"].lines
        assert [ln.key for ln in store.games()["azul"].lines] == [
            "marker",
            "rows",
            "columns",
            "colours",
        ]
        # the next line kept goes into the same copy, its version up
        bonus = {"key": "bonus", "kind": "check", "points": 4, "label": {"en": "Bonus"}}
        again = store.keep_line("azul", bonus)
        assert again.id == "azul-mine" and again.version == 2
        assert [ln.key for ln in store.own_copy("azul").lines][-2:] == ["columns_bonus", "bonus"]
        # the person's own game: the line is added to it
        mine = store.keep_line("azul-mine", {"key": "x", "kind": "points", "label": {"en": "X"}})
        assert mine.id == "azul-mine" and mine.version == 3
        # a copy that no longer holds Azul's lines is not taken for one: a new copy
        data = dict(mine.source)
        data["lines"] = [{**data["lines"][0], "min": -100}, *data["lines"][1:]]
        data["version"] = 4
        store.update_game(data)
        other = store.keep_line("azul", COLUMNS)
        assert other.id == "azul-mine-2"
    finally:
        store.close()


def test_a_line_whose_key_the_copy_has_is_refused_with_a_message(tmp_path):
    store = open_store(str(tmp_path / "history.db"))
    try:
        store.keep_line("azul", COLUMNS)
        with pytest.raises(Exception) as refused:
            store.keep_line("azul", COLUMNS)
        assert "columns_bonus" in str(refused.value.message("en"))
        assert len(store.own_copy("azul").lines) == 5
    finally:
        store.close()


# --- the sheet --------------------------------------------------------------------------------
def test_a_count_line_and_a_yes_no_line_for_this_play_are_scored_and_saved(tmp_path):
    screen = Screen(tmp_path)
    start_azul(screen)
    add_line(screen, "Columns bonus", "count", {"add-line-per": "7"})
    assert screen.dialogs == []
    add_line(screen, "Finished first", "check", {"add-line-points": "2"})
    root = screen.root
    type_into(root, "line-marker-1", "40")
    type_into(root, "line-columns_bonus-1", "2")
    assert find(root, "total-1").value == "54"
    type_into(root, "line-finished_first-2", True)
    assert find(root, "total-2").value == "2"
    assert [line["key"] for line in screen.draft().added] == ["columns_bonus", "finished_first"]
    click(root, "save")
    play_id = int(screen.routes[-1].removeprefix("/play/"))
    record = screen.store().get_play(play_id)
    assert record.summary.game == "azul"
    assert record.sheet.template.version == 1
    ana, ben = record.sheet.players
    assert ana.lines["columns_bonus"] == 14 and ana.total == 54
    assert ben.lines["finished_first"] == 2 and ben.entries["finished_first"] is True
    kinds = {ln.key: ln.kind for ln in record.sheet.template.lines}
    assert kinds["columns_bonus"] == "count" and kinds["finished_first"] == "check"
    assert keys(screen.store().template("azul")) == keys(find_game("azul"))
    assert screen.store().own_copy("azul") is None  # nothing kept for the game


def test_a_line_for_this_play_can_be_taken_off_again(tmp_path):
    screen = Screen(tmp_path)
    start_azul(screen)
    add_line(screen, "Columns bonus", "count", {"add-line-per": "7"})
    type_into(screen.root, "line-columns_bonus-1", "2")
    assert find(screen.root, "total-1").value == "14"
    click(screen.root, "added-remove-columns_bonus")
    assert not has(screen.root, "line-columns_bonus-1")
    assert find(screen.root, "total-1").value == "0"
    assert screen.draft().added == [] and screen.draft().texts["columns_bonus"] == ["", ""]
    add_line(screen, "Columns bonus", "count", {"add-line-per": "7"})  # back, blank
    assert find(screen.root, "line-columns_bonus-1").value == ""


def test_a_kept_line_makes_the_sheet_one_of_the_persons_copy_keeping_every_value(tmp_path):
    screen = Screen(tmp_path, lang="es")
    start_azul(screen)
    type_into(screen.root, "line-marker-1", "40")
    type_into(screen.root, "line-rows-2", "2")
    add_line(screen, "Extra", "count", {"add-line-per": "3"})  # this play only
    type_into(screen.root, "line-extra-1", "1")
    dialog = add_line(screen, "Bonus de columnas", "count", {"add-line-per": "7"}, keep=True)
    assert "Azul (mi copia)" in find(dialog, "add-line-keep-note").value
    draft = screen.draft()
    assert draft.game_id == "azul-mine"
    assert screen.routes[-1] == f"/sheet/{draft.sheet_id}"
    root = screen.root
    assert find(root, "line-marker-1").value == "40" and find(root, "line-rows-2").value == "2"
    assert find(root, "line-extra-1").value == "1"
    type_into(root, "line-bonus_de_columnas-1", "2")
    assert find(root, "total-1").value == str(40 + 3 + 14)
    click(root, "save")
    play_id = int(screen.routes[-1].removeprefix("/play/"))
    record = screen.store().get_play(play_id)
    assert record.summary.game == "azul-mine"
    assert record.sheet.template.version == 1
    assert record.sheet.players[0].lines["bonus_de_columnas"] == 14
    assert record.sheet.players[0].lines["extra"] == 3
    copy = screen.store().template("azul-mine")
    assert [ln.key for ln in copy.lines][-1] == "bonus_de_columnas"
    assert "extra" not in {ln.key for ln in copy.lines}  # not kept: on that play only
    assert keys(screen.store().template("azul")) == keys(find_game("azul"))
    # a new sheet of the copy has the kept line
    screen.go("/new/azul-mine?players=Ana,Ben")
    assert has(screen.root, "line-bonus_de_columnas-1")
    assert not has(screen.root, "line-extra-1")
    screen.go("/new/azul?players=Cy,Di")
    assert not has(screen.root, "line-bonus_de_columnas-1")


def test_problems_show_at_their_field_only_once_typed_in_or_on_add(tmp_path):
    screen = Screen(tmp_path, lang="fr")
    start_azul(screen)
    click(screen.root, "add-line-kinds")
    dialog = screen.dialog
    click(dialog, "add-line-kind-table")
    assert find(dialog, "add-line-values").error is None
    click(dialog, "add-line-ok")
    assert screen.dialogs == [dialog]  # refused: still open
    assert find(dialog, "add-line-label").error  # the first problem the core finds
    type_into(dialog, "add-line-label", "Ornements")
    assert find(dialog, "add-line-label").error is None
    assert find(dialog, "add-line-values").error  # then the next
    type_into(dialog, "add-line-values", "0 0 3 6 10")
    assert find(dialog, "add-line-values").error is None
    click(dialog, "add-line-ok")
    assert screen.dialogs == []
    type_into(screen.root, "line-ornements-1", "4")
    assert find(screen.root, "total-1").value == "10"


def test_the_dialog_starts_from_the_label_typed_and_speaks_every_language(tmp_path):
    for lang in LANGS:
        screen = Screen(tmp_path / lang, lang=lang)
        start_azul(screen)
        type_into(screen.root, "new-line-label", "Bonus")
        click(screen.root, "add-line-kinds")
        dialog = screen.dialog
        assert find(dialog, "add-line-label").value == "Bonus"
        assert find(dialog, "add-line-keep").label == tr("app.add_line_keep", lang)
        note = find(dialog, "add-line-keep-note").value
        assert note == tr("app.add_line_this_play", lang)
        type_into(dialog, "add-line-keep", True)
        assert tr("store.copy_name", lang, name="Azul") in find(dialog, "add-line-keep-note").value


def test_editing_a_saved_play_offers_no_kinds(tmp_path):
    screen = Screen(tmp_path)
    start_azul(screen)
    type_into(screen.root, "line-marker-1", "40")
    click(screen.root, "save")
    play_id = screen.routes[-1].removeprefix("/play/")
    screen.go(f"/play/{play_id}/edit")
    assert has(screen.root, "add-line") and not has(screen.root, "add-line-kinds")


def test_another_device_shows_the_added_line(tmp_path):
    one = Screen(tmp_path)
    start_azul(one)
    two_ctx, _ = context(tmp_path)
    two_ctx.services = one.ctx.services  # the same app: the same drafts and live sheets
    two = Screen.__new__(Screen)
    two.ctx, two.routes, two.dialogs, two.root = two_ctx, [], [], None
    two.ctx.rebuild = lambda: two.go(two.ctx.route)
    two.ctx.navigate = two.go
    two.go(one.routes[-1])
    add_line(one, "Columns bonus", "count", {"add-line-per": "7"})
    draft = one.draft()
    assert two.routes[-1] == f"/sheet/{draft.sheet_id}"
    type_into(two.root, "line-columns_bonus-2", "1")
    assert find(two.root, "total-2").value == "7"
    stored = FileDraftStore(tmp_path / "drafts").load(draft.sheet_id)
    assert stored is not None


def test_the_play_screen_shows_the_added_lines_with_their_points(tmp_path):
    screen = Screen(tmp_path)
    start_azul(screen)
    add_line(screen, "Columns bonus", "count", {"add-line-per": "7"})
    add_line(screen, "Finished first", "check", {"add-line-points": "2"}, keep=True)
    type_into(screen.root, "line-columns_bonus-1", "2")
    type_into(screen.root, "line-finished_first-2", True)
    click(screen.root, "save")
    shown = texts(screen.root)
    assert "Columns bonus" in shown and "Finished first" in shown
    assert "14" in shown
    assert any("Azul (my copy)" in text for text in shown)


def test_the_kinds_scored_between_players_wait_for_the_sheet(tmp_path):
    """Award and tally lines are offered by the game editor, not yet on a sheet in
    progress (the sheet does not show them yet)."""
    screen = Screen(tmp_path)
    start_azul(screen)
    click(screen.root, "add-line-kinds")
    dialog = screen.dialog
    assert has(dialog, "add-line-kind-table") and has(dialog, "add-line-kind-penalty")
    assert not has(dialog, "add-line-kind-award") and not has(dialog, "add-line-kind-tally")
