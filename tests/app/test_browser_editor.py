"""A simple game made in the editor in a real Chromium, counting what the person does.

A simple game: a name, a player range, six lines of points or counts, one tie-breaker.
An action is one tap (a button, a chip, a radio) or one field typed in (a tap into it
and the text): scrolling is not counted. Done at phone size (390×844) and desktop size,
it takes at most 20 actions; no field shows a problem before it is typed in.
"""

from __future__ import annotations

import pytest
from conftest import DESKTOP, PHONE, history_path
from playwright.sync_api import expect
from test_browser_manage import show

from scorepad.store import open_store

pytestmark = pytest.mark.browser

LINES = (
    ("Birds", None),
    ("Bonus cards", None),
    ("End-of-round goals", None),
    ("Eggs", "1"),
    ("Food on cards", "1"),
    ("Tucked cards", None),
)


def bottom_shown(app, ident: str) -> None:
    """Scroll until the bottom of ``ident`` is on the screen: Flutter puts only what is
    near the screen in the page, and a tall preview's last rows may be below it."""
    height = app.page.viewport_size["height"]
    last = None
    for _ in range(20):
        box = app.node(ident).first.bounding_box()
        assert box is not None, ident
        below = box["y"] + box["height"] - (height - 40)
        if below <= 0 or box == last:  # in sight, or the end of the screen
            return
        last = box
        app.page.mouse.move(195, height / 2)
        app.page.mouse.wheel(0, min(below, height / 2))
        app.page.wait_for_timeout(150)
    raise AssertionError(f"the bottom of {ident} never came on screen")


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_simple_game_takes_at_most_20_actions(app, data_dir, size):
    app.page.set_viewport_size(size)
    app.open("/games/new")
    actions = 0

    def type_(ident: str, text: str) -> None:
        nonlocal actions
        show(app, ident)
        # focused, not clicked by position: the screen moves as the lines join, and a
        # click aimed where the field was drawn a frame ago can land on the Rounds radios
        app.type(ident, text, focus=True)
        actions += 1

    def tap(ident: str) -> None:
        nonlocal actions
        show(app, ident)
        # the tap as the screen reader gives it, on the control itself: a section rebuilt
        # by the server a moment late can move the screen under a tap by position
        app.node(ident).locator("[role]").first.dispatch_event("click")
        actions += 1

    # the form drawn (not scrolled for blindly while it is built), with no problem shown
    expect(app.node("game-name-en")).to_be_attached()
    expect(app.page.get_by_text("a value is needed")).to_have_count(0)
    game = f"wingspan-{size['width']}"  # one history for both sizes: an id each
    type_("game-name-en", f"Wingspan {size['width']}")
    type_("game-min-players", "1")
    type_("game-max-players", "5")
    for n, (label, per) in enumerate(LINES, start=1):
        type_(f"game-line-{n}-label-en", label)  # the blank line at the end: it joins
        if per is not None:
            tap(f"game-line-{n}-kind-count")
            type_(f"game-line-{n}-per", per)
    tap("game-tb-pick-5")  # food left on cards breaks a tie
    show(app, "game-preview")
    bottom_shown(app, "game-preview")  # its last lines, the ones to check, in the page
    expect(app.node("game-preview")).to_contain_text("Tucked cards")
    expect(app.node("game-preview")).to_contain_text("Food on cards")
    tap("game-save")
    expect(app.node(f"games-edit-{game}")).to_be_attached()
    assert actions <= 20, actions
    print(f"{size['width']}x{size['height']}: {actions} actions")
    store = open_store(history_path(data_dir))
    try:
        saved = store.template(game)
    finally:
        store.close()
    assert (saved.min_players, saved.max_players) == (1, 5)
    assert [ln.key for ln in saved.lines] == [
        "birds",
        "bonus_cards",
        "end_of_round_goals",
        "eggs",
        "food_on_cards",
        "tucked_cards",
    ]
    assert [ln.kind for ln in saved.lines] == ["points"] * 3 + ["count"] * 2 + ["points"]
    assert [(dict(tb.terms), tb.prefer) for tb in saved.tiebreakers] == [
        ({"food_on_cards": 1}, "more")
    ]


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_refused_save_shows_and_focuses_the_first_problem(app, size):
    app.page.set_viewport_size(size)
    app.open("/games/new?from=azul")
    show(app, "game-line-3-max")  # open: Azul's line 3 has a minimum set under it
    app.type("game-line-3-max", "-2")
    app.click("game-line-3-more")  # folded again: Save must open it
    expect(app.node("game-line-3-max")).to_have_count(0)
    show(app, "game-save")
    app.click("game-save")
    message = app.page.get_by_text("-2 cannot be below 0")
    expect(message).to_be_visible()
    box = app.node("game-line-3-max").locator("input")
    expect(box).to_be_focused()

    def shown() -> bool:  # the screen scrolls to it: a busy machine draws that late
        where = box.bounding_box()
        return where is not None and 0 <= where["y"] <= size["height"] - where["height"]

    assert app._wait(shown, timeout=15), box.bounding_box()


def test_a_game_with_an_award_line_at_phone_size(app, data_dir):
    """Sushi Go's maki in the editor at phone size: "Most wins", the places typed on the
    card, ties and "a player with none" under "More options"; the preview says how the
    line scores, and the saved game has the award."""
    app.page.set_viewport_size(PHONE)
    app.open("/games/new")
    expect(app.node("game-name-en")).to_be_attached()  # drawn: no scrolling for it blindly
    show(app, "game-name-en")
    app.type("game-name-en", "Maki night")
    show(app, "game-line-1-label-en")
    app.type("game-line-1-label-en", "Maki rolls")
    show(app, "game-line-1-kind-award")
    award = app.node("game-line-1-kind-award")
    expect(award.get_by_role("checkbox", name="Most wins: most 6, second 3")).to_be_attached()
    app.click("game-line-1-kind-award")
    show(app, "game-line-1-places")
    app.type("game-line-1-places", "6 3")
    show(app, "game-line-1-more")
    app.click("game-line-1-more")
    show(app, "game-line-1-ties-skip")
    app.click("game-line-1-ties-skip")
    show(app, "game-preview")
    expect(app.node("game-preview")).to_contain_text("Maki rolls")
    expect(app.node("game-preview")).to_contain_text(
        "place 1: 6 · place 2: 3 · ties: each gets the place, the next is skipped"
    )
    show(app, "game-save")
    app.click("game-save")
    expect(app.node("games-edit-maki-night")).to_be_attached()
    store = open_store(history_path(data_dir))
    try:
        saved = store.template("maki-night")
    finally:
        store.close()
    maki = saved.lines[0]
    assert (maki.key, maki.kind, maki.places, maki.ties) == ("maki_rolls", "award", (6, 3), "skip")


def test_a_bonus_rule_added_in_the_editor_shows_in_the_preview(app):
    """At phone size: "Bonus when lines reach a total", its line picked from the game's
    own, and the preview's row for it."""
    app.page.set_viewport_size(PHONE)
    app.open("/games/new")
    expect(app.node("game-name-en")).to_be_attached()  # drawn: no scrolling for it blindly
    for ident, text in (("game-name-en", "Dice night"), ("game-line-1-label-en", "Ones")):
        show(app, ident)
        app.type(ident, text)
    show(app, "game-add-bonus")
    app.click("game-add-bonus")
    show(app, "game-bonus-1-label-en")
    app.type("game-bonus-1-label-en", "Upper bonus")
    show(app, "game-bonus-1-line-1")
    app.click("game-bonus-1-line-1")
    for ident, text in (("game-bonus-1-reach", "3"), ("game-bonus-1-points", "35")):
        show(app, ident)
        app.type(ident, text)
    show(app, "game-preview-bonus-1")
    row = app.node("game-preview-bonus-1")
    expect(row).to_contain_text("Upper bonus")
    expect(row).to_contain_text("35 when the lines add up to 3 or more")


def test_a_game_made_on_a_phone_is_saved_and_played_now(app, data_dir):
    """At phone size: a new game's lines join with their "More options" closed (the
    button shows, its fields do not until it is pressed); Save says the game is saved and
    offers "Play it now", which opens New play for it; its sheet scores."""
    app.page.set_viewport_size(PHONE)
    app.open("/games/new")
    expect(app.node("game-name-en")).to_be_attached()  # drawn: no scrolling for it blindly
    for ident, text in (
        ("game-name-en", "Dice night"),
        ("game-line-1-label-en", "Ones"),
        ("game-line-2-label-en", "Twos"),
    ):
        show(app, ident)
        app.type(ident, text, focus=True)
    show(app, "game-line-1-more")
    expect(app.node("game-line-1-kind")).to_be_attached()
    for folded in ("key", "min", "max", "hint-en", "counts"):
        expect(app.node(f"game-line-1-{folded}")).to_have_count(0)
    app.click("game-line-1-more")  # pressed: now its fields show
    expect(app.node("game-line-1-key")).to_be_attached()
    show(app, "game-save")
    app.click("game-save")
    expect(app.node("games-message")).to_have_text("Dice night saved.")
    show(app, "games-play-now")
    app.click("games-play-now")
    expect(app.node("add-player")).to_be_attached()
    assert app.page.url.endswith("/new/dice-night")
    for n, name in enumerate(("Ana", "Ben"), 1):
        app.type(f"player-{n}", name)
    app.click("start")
    expect(app.node("total-1")).to_have_text("0")
    for key, values in (("ones", ("3", "4")), ("twos", ("6", "2"))):
        for n, text in enumerate(values, 1):
            app.enter("dice-night", f"line-{key}-{n}", text)
    expect(app.node("total-1")).to_have_text("9")
    expect(app.node("total-2")).to_have_text("6")
