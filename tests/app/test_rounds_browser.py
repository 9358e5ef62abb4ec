"""A round game's sheet in Chromium, at phone and desktop size, with pictures in screenshots/."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import DESKTOP, PHONE, AppPage, history_path, start_app, stop, wait_for_port
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SIX = "Ana,Ben,Carla,Dan,Eve,Finn"


@pytest.fixture(scope="module")
def round_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    data_dir = tmp_path_factory.mktemp("scorepad-rounds")
    process, port = start_app(data_dir, "--no-browser", "--db", history_path(data_dir))
    try:
        wait_for_port(port, process)
        yield f"http://127.0.0.1:{port}", data_dir
    finally:
        out = stop(process)
        assert "Traceback" not in out, out


@pytest.fixture
def rapp(round_server, browser) -> Iterator[AppPage]:
    base, data_dir = round_server
    context = browser.new_context(viewport=PHONE)
    try:
        yield AppPage(context.new_page(), base, data_dir)
    finally:
        context.close()


def enter_round(app: AppPage, game: str, ident: str, text: str) -> None:
    """Type into ``round-R-KEY-n`` and wait for the draft to hold it. The field is focused
    as a keyboard does, not clicked where its accessibility node says: once the rounds'
    list has scrolled, Flutter may leave that node where the field was drawn before (a
    click there found round 2's field in the place of round 3's)."""
    _, r, key, n = ident.split("-")

    def stored() -> object:
        rounds = app.draft(game).get("rounds", [])
        index = int(r) - 1
        return rounds[index]["texts"][key][int(n) - 1] if index < len(rounds) else None

    bring_round(app, ident)
    app.type(ident, text, saved=stored, focus=True)


def bring_round(app: AppPage, ident: str) -> None:
    """Scroll the rounds' list until the field ``ident`` is in sight: the list builds only
    the rounds near the screen (older ones are above, newer below)."""
    number = int(ident.split("-")[1])
    field = app.node(ident)
    for _ in range(60):
        listed = app.node("rounds").bounding_box(timeout=5_000)
        assert listed is not None, ident
        top, bottom = listed["y"], listed["y"] + listed["height"]
        step = 0
        built = app.page.evaluate(
            "() => [...document.querySelectorAll('[flt-semantics-identifier]')]"
            ".map(e => e.getAttribute('flt-semantics-identifier'))"
            ".filter(i => /^round-\\d+-delete$/.test(i)).map(i => +i.split('-')[1])"
        )  # every round has its delete button (a blank round's totals are blank)
        box = None
        if not built or min(built) <= number <= max(built):
            # its round is built, or none is yet: the field may be a moment from coming
            # (a round far above or below is scrolled to at once)
            try:
                field.wait_for(state="attached", timeout=1_000)
                box = field.bounding_box(timeout=1_000)
            except PlaywrightTimeout:
                box = None
        if box is not None and box["y"] >= top and box["y"] + box["height"] <= bottom:
            return
        if box is not None:
            step = -100 if box["y"] < top else 100
        elif built:
            step = -150 if number < min(built) else 150
        if step:
            app.page.mouse.move(listed["x"] + listed["width"] / 2, (top + bottom) / 2)
            app.page.mouse.wheel(0, step)
            app.page.wait_for_timeout(250)  # let the list settle before looking again
    raise AssertionError(f"{ident} never came into the rounds' list")


def on_screen(app: AppPage, ident: str) -> bool:
    box = app.node(ident).bounding_box(timeout=5_000)
    size = app.page.viewport_size
    return (
        box is not None
        and box["y"] >= 0
        and box["y"] + box["height"] <= size["height"]
        and box["x"] + box["width"] <= size["width"]
    )


def test_the_picker_lists_the_round_games_and_opens_one_as_any_game(rapp):
    """Skull King, Wizard, Flip 7 and Uno are ordinary built-in games: listed, found by
    search, and a tap then New play's Start opens the round sheet."""
    app = rapp
    app.open("/new")
    for game, words in (
        ("skull-king", "skull"),
        ("wizard", "wiz"),
        ("flip-7", "flip"),
        ("uno", "uno"),
    ):
        app.type("search", words)
        expect(app.node(f"game-{game}")).to_be_attached()
    app.type("search", "wiz")
    expect(app.node("game-azul")).not_to_be_attached()
    app.click("game-wizard")
    expect(app.node("player-1")).to_be_attached()
    for n, name in enumerate(["Ana", "Ben", "Carla"], 1):
        app.type(f"player-{n}", name)
    app.click("start")
    expect(app.node("dealer")).to_contain_text("Ana deals")  # round 1 open, dealt by seat 1
    for n, (bid, took) in enumerate([("1", "1"), ("0", "0"), ("0", "0")], 1):
        enter_round(app, "wizard", f"round-1-bid-{n}", bid)
        enter_round(app, "wizard", f"round-1-tricks-{n}", took)
    expect(app.node("round-1-total-1")).to_have_text("30")
    expect(app.node("round-note")).to_contain_text("1 of 20")


def test_a_six_player_round_sheet_keeps_its_totals_in_sight(rapp):
    app = rapp
    app.open(f"/new/uno?players={SIX}")
    for r in range(1, 9):
        if r > 1:  # the sheet opens on round 1
            app.click("next-round")
        expect(app.node(f"round-{r}-points-1")).to_be_attached()
    for r in range(1, 8):  # one player goes out each round: only they score
        enter_round(app, "uno", f"round-{r}-points-{(r % 6) + 1}", str(40 + r))
    enter_round(app, "uno", "round-8-points-1", "30+12")
    # player 1 scored 46 in round 6 and 30+12 in round 8; player 2 41 and 47
    expect(app.node("round-5-total-1")).to_have_text("0")
    expect(app.node("round-8-total-1")).to_have_text("88")
    expect(app.node("total-1")).to_have_text("88")
    expect(app.node("total-2")).to_have_text("88")
    app.page.keyboard.press("Tab")  # leaves the sum's cell: it shows the result
    for size in (PHONE, DESKTOP):
        app.resize(size)
        app.page.mouse.wheel(0, -5000)
        app.page.wait_for_timeout(300)
        for n in range(1, 7):  # the layout is rebuilt for the new size: give it time
            assert app._wait(lambda n=n: on_screen(app, f"total-{n}"), timeout=10), (size, n)
        app.screenshot("sheet-rounds-uno")
        width = app.page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"]
    app.draft_when("uno", lambda d: d["rounds"][7]["texts"]["points"][0] == "30+12")


def test_skull_king_rounds_a_deleted_round_and_undo_and_the_end(rapp):
    app = rapp
    app.open("/new/skull-king?players=Ana,Ben,Carla,Dan")
    app.click("next-round")  # round 1 is open: this is round 2
    # bids met, tricks as bid; Ben's bid of 1 still fits round 1's one card once round 1
    # is deleted and his round becomes the first
    rounds = {1: ["1", "0", "0", "0"], 2: ["0", "1", "0", "0"]}
    for r, bids in rounds.items():
        for n, bid in enumerate(bids, 1):
            enter_round(app, "skull-king", f"round-{r}-bid-{n}", bid)
            enter_round(app, "skull-king", f"round-{r}-tricks-{n}", bid)
    enter_round(app, "skull-king", "round-1-bonus-1", "10+20")
    # a met zero scores 10 × the round's number
    expect(app.node("round-1-total-1")).to_have_text("50")
    expect(app.node("round-2-total-2")).to_have_text("30")  # 10 for a zero, then 20
    expect(app.node("round-note")).to_contain_text("2 of 10")
    for size in (PHONE, DESKTOP):
        app.resize(size)
        app.screenshot("sheet-rounds-skull-king")
    app.click("round-1-delete")
    expect(app.node("total-1")).to_have_text("10")
    expect(app.node("round-1-total-2")).to_have_text("20")
    app.click("round-undo")
    expect(app.node("total-1")).to_have_text("70")  # 50, then 20 for round 2's zero
    expect(app.node("round-2-total-2")).to_have_text("30")


def test_a_saved_round_play_shows_its_rounds_and_chart(rapp):
    app = rapp
    app.open("/new/uno?players=Ana,Ben,Carla")
    scores = [("120", "0", "0"), ("0", "85", "0"), ("0", "0", "64"), ("210", "0", "0")]
    for r, row in enumerate(scores, 1):
        if r > 1:  # the sheet opens on round 1
            app.click("next-round")
        for n, points in enumerate(row, 1):
            if points != "0":
                enter_round(app, "uno", f"round-{r}-points-{n}", points)
    expect(app.node("total-1")).to_have_text("330")
    app.click("save")
    expect(app.node("play-rounds-chart")).to_be_attached()
    expect(app.node("play-round-4-total-1")).to_have_text("330")
    expect(app.node("play-round-2-total-2")).to_have_text("85")
    for size in (PHONE, DESKTOP):
        app.resize(size)
        app.screenshot("play-rounds-uno")
