"""Screens built and driven without a browser: handlers called as Flet would call them."""

from __future__ import annotations

from pathlib import Path

import flet as ft
import pytest
from ui_helpers import click, context, find, fire, has, latest, texts, type_into, walk

from scorepad.core import ScoredSheet, find_game
from scorepad.core.play_to_save import PlayToSave
from scorepad.sheet.keeper import of_game
from scorepad.sheet.progress import SheetInProgress, new_draft
from scorepad.store import StoreError
from scorepad.ui.app import view_for
from scorepad.ui.history import StoreHistory
from scorepad.ui.newplay_model import NewPlayModel
from scorepad.ui.views.newplay import NewPlayView
from scorepad.ui.views.picker import FIRST_CARDS, PickerView
from scorepad.ui.views.settings import SettingsView
from scorepad.ui.views.sheet import SheetView


def sheet_view(ctx, game="azul", players=("Ana", "Ben"), variant=None) -> SheetView:
    template = find_game(game)
    return SheetView(ctx, SheetInProgress(template, new_draft(template, variant, list(players))))


class Recorder(StoreHistory):
    """A history that keeps what it is given, to check what the sheet hands over."""

    def __init__(self, path: Path) -> None:
        super().__init__(str(path))
        self.saved: list[tuple[ScoredSheet, str | None]] = []

    def save_play(self, play: PlayToSave) -> str:
        self.saved.append((play.sheet, play.location))
        return "7"


def test_typing_updates_totals_ranks_leader_and_result(tmp_path):
    ctx, _ = context(tmp_path)
    view = sheet_view(ctx)
    root = view.build()
    type_into(root, "line-marker-1", "40")
    type_into(root, "line-marker-2", "38")
    click(root, "plus-rows-2")
    click(root, "plus-rows-2")
    assert find(root, "line-rows-2").value == "2"
    assert find(root, "total-1").value == "40"
    assert find(root, "total-2").value == "42"
    assert [find(root, f"rank-{n}").value for n in (1, 2)] == ["#2", "#1"]
    assert view.trophies[1].visible and not view.trophies[0].visible
    assert find(root, "result").value == "Ben wins with 42 points."
    draft = latest(ctx.services.drafts, "azul")
    assert draft is not None and draft.texts["rows"] == ["", "2"]


def test_a_refused_value_is_marked_and_disables_save(tmp_path):
    ctx, _ = context(tmp_path)
    root = sheet_view(ctx).build()
    type_into(root, "line-marker-1", "40")
    type_into(root, "line-columns-1", "9")
    field = find(root, "line-columns-1")
    assert field.error == "invalid"
    assert find(root, "problem-columns-1").value == ("Ana: 9 is above the maximum, 5 (not counted)")
    assert find(root, "total-1").value == "40"
    assert find(root, "save").disabled
    type_into(root, "line-columns-1", "1")
    assert field.error is None and not find(root, "save").disabled
    assert find(root, "total-1").value == "47"


def test_saving_when_the_history_is_busy_keeps_the_sheet(tmp_path):
    class Busy(Recorder):
        def save_play(self, play):
            raise StoreError("store.busy", path="history.db")

    ctx, routes = context(tmp_path, history=Busy(tmp_path / "history.db"))
    root = sheet_view(ctx).build()
    type_into(root, "line-marker-1", "40")
    click(root, "save")
    assert "stayed busy (another program is writing)" in find(root, "save-message").value
    assert routes == []
    assert latest(ctx.services.drafts, "azul") is not None


def pick_rate(root: object, ident: str, rate_id: str) -> None:
    """Pick ``rate_id`` from the menu of the rate chip ``ident``."""
    chip = find(root, ident)
    assert isinstance(chip, ft.PopupMenuButton)
    (item,) = [
        i
        for i in chip.items
        if isinstance(i.content, ft.Semantics) and i.content.identifier == f"{ident}-{rate_id}"
    ]
    fire(item, "click")


def test_saving_hands_the_scored_sheet_to_the_history(tmp_path):
    history = Recorder(tmp_path / "history.db")
    ctx, routes = context(tmp_path, history=history)
    template = find_game("glass-road")
    draft = new_draft(template, None, ["Ana", "Ben"])
    draft.location = "Club"
    root = SheetView(ctx, SheetInProgress(template, draft)).build()
    type_into(root, "line-sand_left-1", "3")
    pick_rate(root, "rate-glass_left-2", "upgraded")
    click(root, "save")
    ((sheet, location),) = history.saved
    assert location == "Club"
    assert sheet.players[0].entries["sand_left"] == {"count": 3, "rate": "start"}
    assert sheet.players[1].entries["glass_left"]["rate"] == "upgraded"
    assert routes == ["/play/7"]
    assert latest(ctx.services.drafts, "glass-road") is None


def test_a_store_error_is_shown_and_the_sheet_kept(tmp_path):
    class Locked(Recorder):
        def save_play(self, play):
            raise StoreError("store.read_only", path="history.db")

    ctx, routes = context(tmp_path, history=Locked(tmp_path / "history.db"), lang="es")
    root = sheet_view(ctx).build()
    type_into(root, "line-marker-1", "40")
    click(root, "save")
    assert find(root, "save-message").value.startswith("history.db es de solo lectura")
    assert routes == [] and latest(ctx.services.drafts, "azul") is not None


def test_add_a_line_by_hand(tmp_path):
    ctx, _ = context(tmp_path)
    view = sheet_view(ctx)
    root = view.build()
    click(root, "add-line")
    assert find(root, "new-line-label").error == "a by-hand line needs a label"
    type_into(root, "new-line-label", "House rule")
    click(root, "add-line")
    type_into(root, "extra-1-2", "-3")
    assert find(root, "total-2").value == "-3"
    assert find(root, "extra-label-1").value == "House rule"
    click(root, "extra-remove-1")
    assert not has(root, "extra-1-2") and find(root, "total-2").value == "0"


def test_tie_explained_in_spanish(tmp_path):
    ctx, _ = context(tmp_path, lang="es")
    root = sheet_view(ctx, players=("Hugo", "Ana")).build()
    for ident, text in {
        "line-marker-1": "60",
        "line-marker-2": "62",
        "line-rows-1": "2",
        "line-rows-2": "1",
    }.items():
        type_into(root, ident, text)
    assert find(root, "result").value == (
        "Empate a 64: gana Hugo por filas horizontales completas, 2 a 1."
    )
    assert "Filas horizontales completas" in texts(root)


def test_new_play_checks_names_and_starts_a_sheet(tmp_path):
    ctx, routes = context(tmp_path)
    view = NewPlayView(ctx, NewPlayModel(find_game("azul-sintra")))
    root = view.build()
    type_into(root, "player-1", "Ana")
    type_into(root, "player-2", "ana ")
    click(root, "start")
    assert find(root, "player-2").error == '"ana" is already playing'
    click(root, "add-player")
    click(root, "add-player")
    assert find(root, "add-player").disabled  # four is the most for Sintra
    click(root, "remove-4")
    type_into(root, "player-2", "Ben")
    type_into(root, "player-3", "Carla")
    click(root, "up-3")
    assert [find(root, f"player-{n}").value for n in (1, 2, 3)] == ["Ana", "Carla", "Ben"]
    radios = find(root, "variant")
    radios.value = find(root, "variant-B").value
    radios.on_change(ft.Event(name="change", control=radios, data=None))
    type_into(root, "location", "Casa")
    click(root, "start")
    draft = latest(ctx.services.drafts, "azul-sintra")
    assert routes == [f"/sheet/{draft.sheet_id}"]
    assert (draft.players, draft.variant, draft.location) == (["Ana", "Carla", "Ben"], "B", "Casa")


def test_picker_search_filters_games(tmp_path):
    ctx, routes = context(tmp_path)
    view = PickerView(ctx)
    root = view.build()
    type_into(root, "search", "pavil")
    assert games_listed(root) == ["game-azul-summer-pavilion"]
    type_into(root, "search", "zzz")
    assert 'No game matches "zzz".' in texts(root)
    type_into(root, "search", "")
    find(root, "game-glass-road").content.on_click()
    assert routes == ["/new/glass-road"]


def games_listed(root: object) -> list[str]:
    return [
        c.identifier
        for c in walk(root)
        if isinstance(c, ft.Semantics)
        and (c.identifier or "").startswith("game-")
        and c.visible is not False
    ]


def test_picker_finds_by_table_size_and_accents_and_puts_the_games_played_first(tmp_path):
    from scorepad.core.scoring import PlayerSheet

    history = StoreHistory(str(tmp_path / "history.db"))
    two = [PlayerSheet("Ana", {}), PlayerSheet("Ben", {})]
    store = history.store
    store.save_play(find_game("kingdomino"), None, two, "2026-01-01 20:00")
    store.save_play(find_game("kingdomino"), None, two, "2026-01-02 20:00")
    store.save_play(find_game("splendor"), None, two, "2026-01-03 20:00")  # the last played
    ctx, _ = context(tmp_path, history=history, lang="es")
    root = PickerView(ctx).build()
    listed = games_listed(root)
    assert listed[:3] == ["game-splendor", "game-kingdomino", "game-6-nimmt"]
    assert "2 partidas" in " ".join(texts(find(root, "game-kingdomino")))
    click(root, "players-7")  # a table of seven
    listed = games_listed(root)
    assert "game-splendor" not in listed and "game-7-wonders" in listed
    assert all(find_game(g[5:]).min_players <= 7 <= find_game(g[5:]).max_players for g in listed)
    type_into(root, "search", "CODIGO secreto")  # Código Secreto, its Spanish name
    listed = games_listed(root)
    assert listed == ["game-codenames"]
    click(root, "players-any")
    type_into(root, "search", "")
    assert len(games_listed(root)) == len(store.games())


def test_picker_opens_with_a_screenful_of_games_and_the_rest_join_just_after(tmp_path):
    ctx, _ = context(tmp_path)
    waiting: list = []
    ctx.later = lambda load, then: waiting.append((load, then))  # the app: off the loop
    updated: list = []
    ctx.update = lambda *controls: updated.extend(controls)
    every = len(ctx.services.history.games())
    assert every > FIRST_CARDS  # the catalogue is more than a screenful
    root = PickerView(ctx).build()
    assert len(games_listed(root)) == FIRST_CARDS
    [(load, then)] = waiting
    then(load())  # the rest, made off the loop, join in one update of the list
    assert len(games_listed(root)) == every and len(updated) == 1
    assert len(set(games_listed(root))) == every

    waiting.clear()
    root = PickerView(ctx).build()  # searched for before the rest joined
    assert "game-wingspan" not in games_listed(root)  # not in the first screenful
    type_into(root, "search", "wingspan")
    assert games_listed(root) == ["game-wingspan"]
    [(load, then)] = waiting
    then(load())  # arriving late, they are not added twice
    assert games_listed(root) == ["game-wingspan"]
    type_into(root, "search", "")
    assert len(games_listed(root)) == every


def test_picker_lists_the_users_games_too_and_reads_no_built_in_game_file(tmp_path, monkeypatch):
    import scorepad.core.catalogue as catalogue

    history = StoreHistory(str(tmp_path / "history.db"))
    golf = {
        "id": "golf",
        "name": {"en": "Mini golf", "es": "Minigolf"},
        "players": {"min": 1, "max": 6},
        "wins": "lowest",
        "description": {"en": "Strokes on each hole."},
        "lines": [{"key": "strokes", "kind": "points", "min": 0, "label": {"en": "Strokes"}}],
    }
    history.store.create_game(golf)
    read: list[str] = []
    real = catalogue.load_template
    monkeypatch.setattr(
        catalogue,
        "load_template",
        lambda text, source, **kw: read.append(source) or real(text, source, **kw),
    )
    ctx, routes = context(tmp_path, history=history)
    root = PickerView(ctx).build()
    assert read == []  # the built-in games are listed from their index
    catalogue.Catalogue(catalogue.GAMES_FOLDER)["glass-road"]  # a game opened: its file read
    assert read == ["glass-road.json"]
    type_into(root, "search", "MINIGOLF")  # its Spanish name, in any case
    assert games_listed(root) == ["game-golf"]
    assert "1–6 players" in " ".join(texts(find(root, "game-golf")))
    assert "Strokes on each hole." in " ".join(texts(find(root, "game-golf")))
    click(root, "players-7")
    assert games_listed(root) == []
    click(root, "players-any")
    type_into(root, "search", "pabellon")
    assert games_listed(root) == ["game-azul-summer-pavilion"]
    find(root, "game-azul-summer-pavilion").content.on_click()
    assert routes == ["/new/azul-summer-pavilion"]


def test_settings_switch_language_and_theme(tmp_path):
    """On the host: both kept in its browser; its language is also the app's."""
    ctx, _ = context(tmp_path)
    rebuilt = []
    kept: list[tuple[str, str]] = []
    ctx.rebuild = lambda: rebuilt.append(ctx.lang)
    ctx.remember = lambda key, value: kept.append((key, value))
    root = SettingsView(ctx).build()
    assert f"History: {tmp_path / 'history.db'}" in texts(root)
    group = find(root, "language")
    group.value = "es"
    group.on_change(ft.Event(name="change", control=group, data=None))
    theme = find(root, "theme")
    theme.value = "dark"
    theme.on_change(ft.Event(name="change", control=theme, data=None))
    assert rebuilt == ["es", "es"]
    assert kept == [("scorepad.lang", "es"), ("scorepad.theme", "dark")]
    assert ctx.settings.theme == "dark"
    saved = ctx.services.settings_file.load()
    assert (saved.lang, saved.theme) == ("es", "system")  # the theme is the device's only


@pytest.mark.parametrize(
    ("route", "ident"),
    [
        ("/", "new-game"),
        ("/new", "search"),
        ("/new/azul", "player-1"),
        ("/new/azul?players=Ana,Ben", "line-marker-2"),
        ("/new/azul-sintra?variant=b&players=Ana,Ben", "line-windows-2-b"),
        ("/new/azul?players=Ana", "player-2"),  # too few players: the form, pre-filled
        ("/new/azul-sintra?variant=C&players=Ana,Ben", "player-2"),  # no side C: the form
        ("/new/azul?variant=A&players=Ana,Ben", "player-2"),  # Azul has no variants
        ("/sheet/azul", "player-1"),  # no sheet in progress: the form
        ("/settings", "language"),
        ("/history", "history-status"),  # an empty history: says so
        ("/play/12", "message"),  # no such play
        ("/play/12/edit", "message"),
        ("/play/twelve", "message"),
        ("/stats", "stats-empty"),
        ("/stats?player=Ana", "stats-empty"),
        ("/players", "players-empty"),
        ("/games", "games-none"),
        ("/games/new", "game-save"),
        ("/games/new?from=azul", "game-save"),
        ("/games/edit/azul", "message"),  # a built-in game is not edited
        ("/play", "message"),  # an unknown route
        ("/nowhere", "message"),
        ("/new/chess", "message"),
    ],
)
def test_routes_open_their_screen(tmp_path, route, ident):
    ctx, _ = context(tmp_path)
    ctx.route = route
    assert has(view_for(ctx, route), ident)


def test_a_direct_link_never_replaces_a_sheet_in_progress(tmp_path):
    """The same link finds its sheet again (a reload, a phone of that table); a link with
    other players starts a sheet of their own beside it, as a second table would."""
    ctx, _ = context(tmp_path)
    root = view_for(ctx, "/new/azul?players=Ana,Ben")
    type_into(root, "line-marker-1", "33")
    again = view_for(ctx, "/new/azul?players=Ana,Ben")
    assert find(again, "line-marker-1").value == "33"
    other = view_for(ctx, "/new/azul?players=Carla,Dan")
    assert find(other, "line-marker-1").value == ""
    type_into(other, "line-marker-1", "41")
    sheets = of_game(ctx.services.drafts, "azul")
    assert [(d.players, d.texts["marker"][0]) for d in sheets] == [
        (["Carla", "Dan"], "41"),
        (["Ana", "Ben"], "33"),
    ]
    form = view_for(ctx, "/new/azul")  # New play lists both, to continue either
    assert has(form, "draft-waiting") and has(form, "continue-1") and has(form, "continue-2")


def test_home_offers_the_sheets_in_progress_and_an_empty_history(tmp_path):
    ctx, routes = context(tmp_path)
    view_for(ctx, "/new/glass-road?players=Ana,Ben")
    view_for(ctx, "/new/glass-road?players=Carla,Dan")
    _newest, older = of_game(ctx.services.drafts, "glass-road")
    root = view_for(ctx, "/")
    find(root, "continue-2").on_click()
    assert routes == [f"/sheet/{older.sheet_id}"]
    shown = [getattr(c, "value", None) for c in walk(view_for(ctx, routes[-1]))]
    assert "Ana" in shown and "Carla" not in shown
    assert find(root, "recent").value == "No saved plays yet."


def test_a_sheet_thrown_away_from_home_comes_back_with_undo(tmp_path):
    ctx, _ = context(tmp_path)
    shown: list = []
    ctx.show_dialog = shown.append
    ctx.close_dialog = lambda: None
    view_for(ctx, "/new/azul?players=Ana,Ben")
    table = view_for(ctx, "/new/azul?players=Carla,Dan")
    type_into(table, "line-marker-1", "12")
    root = view_for(ctx, "/")
    find(root, "discard-1").on_click()  # the newest: Carla and Dan's
    assert [d.players for d in of_game(ctx.services.drafts, "azul")] == [["Ana", "Ben"]]
    assert "Carla and Dan" in shown[-1].content.controls[0].value
    find(shown[-1], "undo").on_click()
    back = [d for d in of_game(ctx.services.drafts, "azul") if d.players == ["Carla", "Dan"]]
    assert back and back[0].texts["marker"][0] == "12"


def test_an_old_link_to_a_games_sheet_opens_its_latest(tmp_path):
    """``/sheet/<game id>``, the link of earlier versions, opens that game's latest sheet;
    an unknown sheet id says so."""
    ctx, _ = context(tmp_path)
    root = view_for(ctx, "/new/azul?players=Ana,Ben")
    type_into(root, "line-marker-1", "7")
    assert find(view_for(ctx, "/sheet/azul"), "line-marker-1").value == "7"
    gone = view_for(ctx, "/sheet/0123456789abcdef")
    assert "no sheet in progress" in find(gone, "message").value


def test_phone_layout_puts_labels_above_the_cells(tmp_path):
    ctx, _ = context(tmp_path, compact=True)
    root = sheet_view(ctx, players=("A", "B", "C", "D")).build()
    assert has(root, "line-marker-4")
    assert find(root, "minus-rows-1").content.width == 28


def test_warming_up_writes_nothing(tmp_path):
    from scorepad.ui.app import warm_up

    app = tmp_path / "app"  # the app's folder; the history (opened) is beside it
    app.mkdir()
    ctx, _ = context(app, history=StoreHistory(str(tmp_path / "history.db")))
    warm_up(ctx.services)
    assert list(app.iterdir()) == []
