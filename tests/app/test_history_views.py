"""History, the play screen, editing, rematch and the store's parts of other screens,
driven without a browser over a real SQLite history file."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

import flet as ft
import pytest
from ui_helpers import click, context, find, fire, has, latest, run_async, texts, type_into

from scorepad.core import PlayerSheet, find_game
from scorepad.core.finding import sort_name
from scorepad.core.scoring import ExtraLine
from scorepad.sheet.progress import SheetInProgress, new_draft
from scorepad.store import PlayFilter
from scorepad.ui.app import view_for
from scorepad.ui.history import StoreHistory
from scorepad.ui.newplay_model import NewPlayModel
from scorepad.ui.play_model import HistoryQuery, draft_from_play, history_row
from scorepad.ui.views.history import HistoryView
from scorepad.ui.views.home import home_view
from scorepad.ui.views.newplay import NewPlayView
from scorepad.ui.views.play import play_view, rematch, rematch_route
from scorepad.ui.views.play_edit import edit_view
from scorepad.ui.views.sheet import SheetView


@pytest.fixture
def history(tmp_path):
    plays = StoreHistory(str(tmp_path / "history.db"))
    yield plays
    plays.close()


def save(history, game="azul", players=None, variant=None, when=None, **extra):
    sheets = players or [PlayerSheet("Ana", {"marker": 62}), PlayerSheet("Ben", {"marker": 60})]
    return history.store.save_play(find_game(game), variant, sheets, played_at=when, **extra)


def test_saving_from_the_sheet_stores_the_play_and_opens_it(tmp_path, history):
    ctx, routes = context(tmp_path, history=history)
    template = find_game("azul")
    draft = new_draft(template, None, ["Ana", "Ben"])
    draft.location = "Casa"
    ctx.services.drafts.save(draft)
    root = SheetView(ctx, SheetInProgress(template, draft)).build()
    type_into(root, "line-marker-1", "40")
    type_into(root, "line-marker-2", "45")
    click(root, "save")
    (route,) = routes
    play_id = int(route.removeprefix("/play/"))
    record = history.store.get_play(play_id)
    assert [p.total for p in record.sheet.players] == [40, 45]
    assert record.summary.location == "Casa"
    assert latest(ctx.services.drafts, "azul") is None
    recent = history.recent_plays(5, "en")
    assert [(r.id, r.title, r.winners) for r in recent] == [(str(play_id), "Azul", ("Ben",))]


def test_a_history_that_cannot_open_is_reported_and_the_sheet_kept(tmp_path):
    broken = tmp_path / "not-a-db.db"
    broken.write_text("these are my notes, not a database\n")
    ctx, routes = context(tmp_path, history=StoreHistory(str(broken)), lang="es")
    view = SheetView(
        ctx, SheetInProgress(find_game("azul"), new_draft(find_game("azul"), None, ["A", "B"]))
    )
    root = view.build()
    type_into(root, "line-marker-1", "12")
    click(root, "save")
    assert routes == []
    assert "no es un archivo de historial" in find(root, "save-message").value
    assert find(root, "line-marker-1").value == "12"
    assert broken.read_text() == "these are my notes, not a database\n"
    assert ctx.services.history.games()["azul"].id == "azul"  # the picker still has the built-ins


def test_a_saved_play_comes_back_as_the_same_sheet(history):
    sintra = find_game("azul-sintra")
    sheets = [
        PlayerSheet("Pilar", {"marker": 30, "windows": [3, 4], "broken_glass": 2}),
        PlayerSheet("Tomás", {"marker": 28}, [ExtraLine("Bonus", 2.5)]),
    ]
    play = history.store.save_play(sintra, "B", sheets)
    glass = find_game("glass-road")
    rated = [
        PlayerSheet("Ana", {"buildings": 10, "sand_left": {"count": 3, "rate": "start"}}),
        PlayerSheet("Ben", {"buildings": 9, "glass_left": {"count": 2, "rate": "upgraded"}}),
    ]
    other = history.store.save_play(glass, None, rated)
    for play_id in (play, other):
        record = history.store.get_play(play_id)
        draft = draft_from_play(record)
        again = SheetInProgress(record.sheet.template, draft).state
        assert not again.problems
        assert [p.total for p in again.scored.players] == [p.total for p in record.sheet.players]
    draft = draft_from_play(history.store.get_play(play))
    assert draft.pairs["windows"] == [["3", "4"], ["", ""]]
    assert [(e.label, e.points) for e in draft.extra] == [("Bonus", ["", "2.5"])]
    assert draft_from_play(history.store.get_play(other)).rates["glass_left"] == [
        "start",
        "upgraded",
    ]


def test_history_query_reads_dates_and_includes_the_last_day():
    query = HistoryQuery(game="azul", player=" Ana ", since="2026-03-01", until="2026-03-31")
    assert query.to_filter() == PlayFilter(
        game="azul",
        player="Ana",
        since=datetime(2026, 3, 1),
        until=datetime(2026, 4, 1),
        text=None,
    )
    bad = HistoryQuery(since="31/03/2026")
    assert bad.problems()["since"].message("es") == (
        '"31/03/2026" no es una fecha (escríbela así: 2026-03-31)'
    )


def test_history_lists_newest_first_filters_and_loads_more(tmp_path, history):
    start = datetime(2026, 3, 1, 20, 0)
    for day in range(23):
        save(history, when=start + timedelta(days=day))
    save(
        history,
        "glass-road",
        [PlayerSheet("Carla", {"buildings": 20}), PlayerSheet("Ana", {"buildings": 21})],
        when=datetime(2026, 2, 1, 18, 0),
        notes="rainy evening",
    )
    ctx, routes = context(tmp_path, history=history, lang="es")
    view = HistoryView(ctx)
    root = view.build()
    assert find(root, "history-row-1") is not None and has(root, "history-row-20")
    assert not has(root, "history-row-21") and view.more.visible
    row = history_row(
        history.store.list_plays(limit=1).plays[0], "es", ctx.services.history.games()
    )
    assert (row.when, row.title, row.scores, row.winners) == (
        "2026-03-23 20:00",
        "Azul",
        "Ana 62 · Ben 60",
        ("Ana",),
    )
    click(root, "load-more")
    assert has(root, "history-row-24") and not view.more.visible
    find(root, "history-row-1").content.on_click()
    assert routes[-1].startswith("/play/")
    type_into(root, "filter-player", "Carla")
    click(root, "filter")
    assert has(root, "history-row-1") and not has(root, "history-row-2")
    type_into(root, "filter-player", "")
    type_into(root, "filter-since", "2026-03-10")
    type_into(root, "filter-until", "2026-03-11")
    click(root, "filter")
    assert has(root, "history-row-2") and not has(root, "history-row-3")
    type_into(root, "filter-since", "ayer")
    click(root, "filter")
    assert find(root, "filter-since").error.startswith('"ayer" no es una fecha')
    click(root, "clear-filters")
    type_into(root, "filter-text", "RAINY")
    click(root, "filter")
    assert has(root, "history-row-1") and not has(root, "history-row-2")
    type_into(root, "filter-text", "snow")
    click(root, "filter")
    assert find(root, "history-status").value == (
        "Ninguna partida guardada coincide con estos filtros."
    )


def test_the_play_screen_shows_the_sheet_and_deletes_with_undo(tmp_path, history):
    play = save(history, location="Club", when=datetime(2026, 3, 1, 20, 0))
    ctx, routes = context(tmp_path, history=history)
    shown: list[ft.DialogControl] = []
    ctx.show_dialog = shown.append
    root = play_view(ctx, str(play))
    assert find(root, "result").value == "Ana wins with 62 points."
    assert [find(root, f"total-{n}").value for n in (1, 2)] == ["62", "60"]
    assert [find(root, f"rank-{n}").value for n in (1, 2)] == ["#1", "#2"]
    assert "Score track" in texts(root)
    click(root, "play-delete")
    assert routes == ["/history"]
    assert history.store.list_plays().plays == ()
    (bar,) = shown
    assert "Deleted: Azul · 2026-03-01 · Ana and Ben." in texts(bar)  # as the players know it
    click(bar, "undo")
    assert [p.id for p in history.store.list_plays().plays] == [play]
    assert routes[-1] == f"/play/{play}"


def test_editing_a_play_saves_it_back_rescored(tmp_path, history):
    play = save(history)
    ctx, routes = context(tmp_path, history=history)
    ctx.route = f"/play/{play}/edit"
    root = edit_view(ctx, str(play))
    assert find(root, "line-marker-1").value == "62"
    type_into(root, "line-marker-2", "70")
    assert find(root, "total-2").value == "70"
    assert latest(ctx.services.drafts, "azul") is None  # a new sheet of Azul is not touched
    ctx.leave()  # the page is reloaded: the first view is gone
    root = edit_view(ctx, str(play))  # a reload keeps the change
    assert find(root, "line-marker-2").value == "70"
    click(root, "save")
    assert routes == [f"/play/{play}"]
    record = history.store.get_play(play)
    assert [p.total for p in record.sheet.players] == [62, 70]
    assert record.summary.winners == ("Ben",)
    root = edit_view(ctx, str(play))  # the next edit starts from the saved play
    assert find(root, "line-marker-2").value == "70"


def test_rematch_starts_a_sheet_with_the_same_game_variant_and_players(tmp_path, history):
    save(history)
    sintra = find_game("azul-sintra")
    save(history, "azul-sintra", [PlayerSheet("Pilar", {}), PlayerSheet("Tomás", {})], "B")
    ctx, routes = context(tmp_path, history=history)
    home = home_view(ctx)
    assert has(home, "recent-2")
    click(home, "rematch")
    assert routes == [rematch_route("azul-sintra", "B", ("Pilar", "Tomás"))]
    ctx.route = routes[0]
    from scorepad.ui.app import view_for

    sheet = view_for(ctx, routes[0])
    assert has(sheet, "line-windows-2-a")
    assert latest(ctx.services.drafts, sintra.id).players == ["Pilar", "Tomás"]


def test_by_hand_labels_are_offered_again_for_the_same_game(tmp_path, history):
    save(
        history,
        players=[PlayerSheet("Ana", {}, [ExtraLine("House rule", 3)]), PlayerSheet("Ben", {})],
    )
    ctx, _ = context(tmp_path, history=history)
    template = find_game("azul")
    view = SheetView(ctx, SheetInProgress(template, new_draft(template, None, ["Ana", "Ben"])))
    root = view.build()
    assert find(root, "used-label-1").content == "House rule"
    click(root, "used-label-1")
    assert [e.label for e in view.model.draft.extra] == ["House rule"]
    assert not view.label_chips.visible  # already on the sheet
    other = SheetView(
        ctx,
        SheetInProgress(
            find_game("glass-road"), new_draft(find_game("glass-road"), None, ["A", "B"])
        ),
    )
    assert not has(other.build(), "used-label-1")


def test_new_play_seats_saved_players(tmp_path, history):
    save(history)
    save(history, players=[PlayerSheet("Carla", {}), PlayerSheet("Ben", {})])
    ctx, _ = context(tmp_path, history=history)
    view = NewPlayView(ctx, NewPlayModel(find_game("azul")))
    root = view.build()
    names = [find(root, f"saved-player-{n}").content for n in (1, 2, 3)]
    assert names == ["Ben", "Ana", "Carla"]  # most played first
    click(root, "saved-player-3")
    click(root, "saved-player-1")
    assert [find(root, f"player-{n}").value for n in (1, 2)] == ["Carla", "Ben"]
    assert has(root, "saved-player-2") and not has(root, "saved-player-3")
    click(root, "saved-player-2")
    assert find(root, "player-3").value == "Ana"


def test_print_hands_pdfs_to_the_browser(tmp_path, history):
    play = save(history)
    ctx, _ = context(tmp_path, history=history)
    files: list[tuple[str, bytes]] = []

    async def download(name: str, data: bytes) -> None:
        files.append((name, data))

    ctx.download = download
    root = play_view(ctx, str(play))
    for ident in ("play-print", "print-blank"):
        run_async(find(root, ident).on_click)
    assert [name for name, _ in files][1] == "azul-en.pdf"
    assert files[0][0].startswith("azul-") and files[0][0].endswith(f"-{play}.pdf")
    assert all(data.startswith(b"%PDF-") for _, data in files)
    assert find(root, "play-message").value == "azul-en.pdf is ready."


def test_new_play_prints_a_blank_sheet_for_the_table_as_set(tmp_path, history):
    """Any game, before any play: the chosen side, a column per seat, typed names."""
    import io

    import pypdf

    ctx, _ = context(tmp_path, history=history)
    files: list[tuple[str, bytes]] = []

    async def download(name: str, data: bytes) -> None:
        files.append((name, data))

    ctx.download = download
    model = NewPlayModel(find_game("azul-sintra"), ["Ana", "", "Carla"], "B")
    root = NewPlayView(ctx, model).build()
    run_async(find(root, "print-blank").on_click)
    model.names = ["", ""]
    run_async(find(root, "print-blank").on_click)

    assert [name for name, _ in files] == ["azul-sintra-B-en.pdf"] * 2
    named, blank = (pypdf.PdfReader(io.BytesIO(data)).pages[0].extract_text() for _, data in files)
    assert "side B" in named and "completed windows" in named
    assert named.count("Ana") == 2 and named.count("Carla") == 2  # both copies on the page
    assert "Ana" not in blank
    assert find(root, "newplay-message").value == "azul-sintra-B-en.pdf is ready."


def blocks_printed(data: bytes) -> int:
    """How many players' blocks a round game's blank sheet has on its page: its turned
    "Total" labels, one per block in each copy."""
    import io

    import pypdf

    found: list[str] = []

    def seen(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if text.strip() == "Total" and abs(cm[1] * tm[0] + cm[3] * tm[1]) == 1:
            found.append(text)

    pypdf.PdfReader(io.BytesIO(data)).pages[0].extract_text(visitor_text=seen)
    return len(found)


def test_a_blank_round_sheet_has_a_block_for_each_seat_asked_for(tmp_path, history):
    """Three seats, no name typed yet: three blocks in each of the two copies, not the
    game's most (six); the play screen's blank sheet is for the play's players."""
    ctx, _ = context(tmp_path, history=history)
    files: list[tuple[str, bytes]] = []

    async def download(name: str, data: bytes) -> None:
        files.append((name, data))

    ctx.download = download
    model = NewPlayModel(find_game("skull-king"), ["", "", ""])
    root = NewPlayView(ctx, model).build()
    run_async(find(root, "print-blank").on_click)
    model.names = ["Ana", "", "", ""]
    run_async(find(root, "print-blank").on_click)
    bids = [{"bid": [1], "tricks": [1]}, {"bid": [0], "tricks": [0]}, {"bid": [0], "tricks": [0]}]
    names = ("Léa", "Hugo", "Zoé")
    play = save(
        history, "skull-king", [PlayerSheet(n, b) for n, b in zip(names, bids, strict=True)]
    )
    run_async(find(play_view(ctx, str(play)), "print-blank").on_click)
    assert [blocks_printed(data) for _, data in files] == [3 * 2, 4 * 2, 3 * 2]
    assert "Hugo" in pdf_text(files[2][1]) and "Ana" in pdf_text(files[1][1])


def pdf_text(data: bytes) -> str:
    import io

    import pypdf

    return pypdf.PdfReader(io.BytesIO(data)).pages[0].extract_text()


def test_sheets_in_progress_an_older_history_kept_join_home(tmp_path):
    """A history from before revision 0004 kept sheets in progress in its own table: the
    first time the app opens it they become sheets in progress of the app's, once."""
    from sqlalchemy import text

    from scorepad.store.database import Database, resolve_url
    from scorepad.store.migrate import upgrade

    path = tmp_path / "history.db"
    db = Database(resolve_url(str(path)))
    db.check_file()
    upgrade(db, "0003")
    typed = (
        '{"game": "glass-road", "variant": null, "players": ["Ana", "Ben"], '
        '"entries": {"Ana": {"sand_left": {"count": 3, "rate": "upgraded"}, "buildings": 7.5},'
        ' "Ben": {"glass_left": 2}}, '
        '"extra": {"Ben": [{"label": "Bonus", "points": 2}]}, "details": {"location": "Club"}}'
    )
    sintra = '{"game": "azul-sintra", "variant": "B", "players": ["Carla", "Dan"], ' + (
        '"entries": {"Dan": {"windows": [2, 3]}}}'
    )
    with db.engine.begin() as conn:
        for device, sheet in (("tablet", typed), ("phone", sintra)):
            conn.execute(
                text("INSERT INTO draft (device, sheet, updated_at) VALUES (:d, :s, :t)"),
                {"d": device, "s": sheet, "t": "2024-05-01 20:30:00"},
            )
    db.dispose()

    ctx, _ = context(tmp_path)
    home = view_for(ctx, "/")
    assert "Sheets in progress" in texts(home)
    assert "Glass Road" in texts(home) and any("Sintra" in t for t in texts(home))
    assert has(home, "continue-1") and has(home, "continue-2") and not has(home, "continue-3")
    glass = latest(ctx.services.drafts, "glass-road")
    assert glass is not None and glass.location == "Club"
    assert glass.texts["sand_left"] == ["3", ""] and glass.texts["buildings"] == ["7.5", ""]
    assert glass.rates["sand_left"] == ["upgraded", "upgraded"]
    assert [(row.label, row.points) for row in glass.extra] == [("Bonus", ["", "2"])]
    sheet = view_for(ctx, f"/sheet/{glass.sheet_id}")
    assert find(sheet, "line-sand_left-1").value == "3"
    assert find(sheet, "extra-1-2").value == "2"
    windows = latest(ctx.services.drafts, "azul-sintra")
    assert windows is not None and windows.pairs["windows"] == [["", ""], ["2", "3"]]
    assert not (tmp_path / "history.db.drafts.json").exists()
    ctx.services.history.close()

    again, _ = context(tmp_path)  # the app starts again: nothing taken in twice
    view_for(again, "/")
    assert len(again.services.drafts.all()) == 2
    again.services.history.close()


def test_a_rematch_moves_the_first_player_on(tmp_path, history):
    """Who starts moves one seat on at each rematch, the last seat handing to the first;
    a play where nobody was picked hands nobody on."""
    players = [PlayerSheet("Ana", {}), PlayerSheet("Ben", {}), PlayerSheet("Chloé", {})]
    ctx, routes = context(tmp_path, history=history)
    from scorepad.ui.app import view_for

    for started, starts_next in (("Ana", "Ben"), ("Chloé", "Ana"), (None, None)):
        play = save(history, players=players, first_player=started)
        routes.clear()
        rematch(ctx, play)
        assert routes == [rematch_route("azul", None, ("Ana", "Ben", "Chloé"), first=starts_next)]
        view_for(ctx, routes[0])
        draft = latest(ctx.services.drafts, "azul")
        assert (draft.first_player or None) == starts_next
        ctx.services.drafts.discard(draft.sheet_id)


def as_before(after, before) -> bool:
    """The play as it was, but for the time it was last changed (by the undo)."""
    return (
        after.updated_at > before.updated_at
        and replace(after, updated_at=before.updated_at) == before
    )


def test_an_edit_saved_offers_undo_that_brings_the_play_back(tmp_path, history):
    play = save(
        history,
        when=datetime(2026, 3, 1, 20, 0),
        players=[
            PlayerSheet("Ana", {"marker": "60+2"}),
            PlayerSheet("Ben", {"marker": 60}, (ExtraLine("Bonus", 3),)),
        ],
        notes="close one",
        first_player="Ben",
        colours=("blue", "orange"),
    )
    before = history.store.get_play(play)
    ctx, routes = context(tmp_path, history=history, lang="fr")
    shown: list[ft.DialogControl] = []
    ctx.show_dialog = shown.append
    ctx.route = f"/play/{play}/edit"
    root = edit_view(ctx, str(play))
    assert "Modification de Azul · 2026-03-01 · Ana et Ben" in " ".join(texts(root))
    type_into(root, "line-marker-2", "70")
    click(root, "save")
    assert routes == [f"/play/{play}"]
    assert [p.total for p in history.store.get_play(play).sheet.players] == [62, 73]
    (bar,) = shown
    assert "Modifications enregistrées : Azul · 2026-03-01 · Ana et Ben." in texts(bar)
    rebuilt: list[str] = []
    ctx.rebuild = lambda: rebuilt.append(ctx.route)
    ctx.route = f"/play/{play}"  # the saved play is shown
    click(bar, "undo")
    assert as_before(history.store.get_play(play), before)  # exactly as it was
    assert rebuilt == [f"/play/{play}"]  # and shown as it is now
    root = play_view(ctx, str(play))
    assert [find(root, f"total-{n}").value for n in (1, 2)] == ["62", "63"]
    undone = history.store.get_play(play)
    click(bar, "undo")  # a second tap changes nothing and says so
    assert history.store.get_play(play) == undone
    said = shown[-1]
    assert isinstance(said, ft.SnackBar) and said.content.value.startswith("cette partie a été")


def test_the_player_filter_picks_players_whatever_the_case_and_accents(tmp_path, history):
    save(history, players=[PlayerSheet("Chloé", {"marker": 5}), PlayerSheet("Léa", {})])
    save(history, players=[PlayerSheet("Ana", {"marker": 5}), PlayerSheet("Léa", {})])
    history.store.add_player("Zed")  # no play: not offered
    ctx, _ = context(tmp_path, history=history, compact=True)
    root = HistoryView(ctx).build()
    assert not has(root, "player-pick-1")
    fire(find(root, "filter-player"), "focus")  # focused: the players to pick from
    assert find(root, "player-pick-1").content == "Léa" and has(root, "player-pick-3")
    type_into(root, "filter-player", "chloe")
    assert find(root, "player-pick-1").content == "Chloé"
    assert not has(root, "player-pick-2")
    click(root, "player-pick-1")
    assert find(root, "filter-player").value == "Chloé"
    assert has(root, "history-row-1") and not has(root, "history-row-2")
    type_into(root, "filter-player", "")  # nothing typed: the most played first
    assert [find(root, f"player-pick-{n}").content for n in (1, 2, 3)] == [
        "Léa",
        "Ana",
        "Chloé",
    ]
    assert not has(root, "player-pick-4")
    type_into(root, "filter-player", "LEA")  # typed and filtered without picking
    click(root, "filter")
    assert has(root, "history-row-2") and find(root, "history-status").value == ""


def test_the_game_filter_lists_the_games_played_first(tmp_path, history):
    save(history, "glass-road", [PlayerSheet("Ana", {"buildings": 20})], when=datetime(2026, 1, 1))
    save(history, when=datetime(2026, 2, 1))
    ctx, _ = context(tmp_path, history=history)
    root = HistoryView(ctx).build()
    keys = [o.key for o in find(root, "filter-game").options]
    assert keys[:3] == ["*", "azul", "glass-road"]  # the last played first
    assert len(keys) == len(ctx.services.history.games()) + 1  # then all the others
    names = [o.text for o in find(root, "filter-game").options[3:]]
    assert names == sorted(names, key=sort_name)


@pytest.mark.parametrize(
    ("lang", "word"),
    [("en", "tied 1"), ("fr", "égalité 1"), ("de", "Gleichstand 1"), ("es", "empate 1")],
)
def test_head_to_head_says_tied_as_players_do(lang, word):
    from scorepad.store import HeadToHead
    from scorepad.store.render import render_h2h

    h2h = HeadToHead("Ana", "Ben", 3, 1, 1, 1, 1, 1, None, None, None)
    said = render_h2h(h2h, lang)
    assert word in said and "level" not in said and "gleichauf" not in said


def test_a_play_edited_again_after_an_undo_saves(tmp_path, history):
    """The second edit of a play whose first was undone is a sheet of its own: it saves."""
    play = save(history)
    ctx, routes = context(tmp_path, history=history)
    shown: list[ft.DialogControl] = []
    ctx.show_dialog = shown.append
    for marker, after in (("70", "70"), ("65", "65")):
        ctx.route = f"/play/{play}/edit"
        root = edit_view(ctx, str(play))
        type_into(root, "line-marker-2", marker)
        assert not find(root, "save").disabled
        click(root, "save")
        assert routes[-1] == f"/play/{play}"
        assert str(history.store.get_play(play).sheet.players[1].total) == after
        click(shown[-1], "undo")
        assert history.store.get_play(play).sheet.players[1].total == 60
