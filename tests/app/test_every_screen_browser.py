"""Every screen and dialog in a real Chromium, as a person sees them: no Flet error box or
error text anywhere on them (scrolled through to the end), and every text and icon
legible (WCAG AA contrast, measured on screenshots: ``looks.py``).

One page of the session's served app visits them all, through the app's own routing
(Flutter loads once), at phone size (390 × 844) and laptop size (1280 × 800), in each of
the four languages and in both themes, switched on the Settings screen as a person does.
The plays it opens are saved first, dated long ago (other tests' recent plays stay the
recent ones), with names no other test uses; the custom game is one of its own, and so
is the quick game (a game outside the catalogue: its form, its sheet's buttons, its play).
"""

from __future__ import annotations

import contextlib
import io
import json
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from conftest import PHONE, SCREENSHOTS, AppPage, history_path
from looks import TEXTS, Contrast, contrasts, drawn, error_texts, luminance, too_faint
from PIL import Image
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from scorepad.core import PlayerSheet, find_game
from scorepad.core.quick import QuickGame, quick_id
from scorepad.store import open_store

pytestmark = pytest.mark.browser


def group(size: str) -> pytest.MarkDecorator:
    """With ``pytest -n``, one process runs the passes of a size (one page, one served
    app) and another process may run the other size's."""
    return pytest.mark.xdist_group(f"every-screen-{size}")


GAMES = Path(__file__).parent.parent / "core" / "games"
TEAMS = "tour-teams"
"""The custom game made for this tour (a team game, scored on points)."""
NAMES = ("Quirina", "Rasmus", "Solveig", "Torben")
QUICK = "Tour Quokka"
"""The quick game made for this tour (a total per player, a target), not kept."""

BELOW = """() => {
    // The lowest bottom edge of the accessibility tree's nodes: the tree holds what is
    // on the screen and a little past it, so a node below the window is more to scroll to.
    let low = 0;
    for (const node of document.querySelectorAll("flt-semantics[flt-semantics-identifier]"))
        low = Math.max(low, node.getBoundingClientRect().bottom);
    return low;
}"""


WHERE = """[...document.querySelectorAll("flt-semantics[flt-semantics-identifier]")]
    .map(node => { const r = node.getBoundingClientRect();
        return node.getAttribute("flt-semantics-identifier") + "@" + r.top + ":" + r.bottom;
    }).join(" ")"""
SHOWN = f"() => {WHERE}"
"""Which nodes the accessibility tree holds, and where."""
MOVED = f"before => {WHERE} !== before"
"""Whether the tree is no longer as ``before`` (``SHOWN`` before a scroll): it has followed
the scroll. Any change of its lowest edge is one, but the edge alone may stay put (a
long grid's rows come and go below the window: that wait ran out, 2 s, each time)."""

PLACES = """() => Object.fromEntries(
    [...document.querySelectorAll("flt-semantics[flt-semantics-identifier]")].map(node => {
        const r = node.getBoundingClientRect();
        return [node.getAttribute("flt-semantics-identifier"), [r.top, r.bottom]];
    }))"""
"""Where each identified node is: those that stay put while the screen scrolls are pinned
over it (the app bar, a sheet's names, the game picker's search)."""

CUT = 24
"""A node whose box starts this close below what is pinned may be cut by it (the pinned
nodes end a few pixels above the bar that holds them)."""
TALL = {"phone": {"width": 390, "height": 2400}, "desktop": {"width": 1280, "height": 1600}}
"""The phone's and the laptop's widths (the layout follows the width alone), in windows
tall enough to show most screens whole: one screenshot each, nothing under the app bar."""


@dataclass
class Stop:
    """A screen (``route``, drawn once ``ready`` is there) and the dialogs it opens: each
    a list of clicks that opens it, then the click that closes it."""

    name: str
    route: str
    ready: str
    dialogs: list[tuple[list[str], str]] = field(default_factory=list)
    before: list[str] = field(default_factory=list)
    """Clicks made on the screen before it is looked at (a round begun)."""


@dataclass
class Seen:
    measure: bool
    """Whether contrasts are measured (screenshots) or only error texts read."""
    errors: dict[str, list[str]] = field(default_factory=dict)
    faint: dict[str, list[Contrast]] = field(default_factory=dict)
    measured: int = 0
    lowest: dict[str, float] = field(default_factory=dict)
    last: bytes | None = field(default=None, repr=False)
    """The last frame seen: the next screen is drawn once the window shows another."""


@pytest.fixture(scope="session")
def plays(data_dir: Path) -> dict[str, int]:
    """Plays to open: an Azul, a Skull King (rounds), a lost Pandemic (co-op), a team
    game made by hand; their ids by name. Made once per process (and served app), even
    where a process runs the tour twice (both sizes' groups, with other tests between)."""
    store = open_store(history_path(data_dir))
    try:
        data = json.loads((GAMES / "team-dice.json").read_text(encoding="utf-8"))
        data = {k: v for k, v in data.items() if k != "modules"} | {"id": TEAMS}
        data["name"] = {"en": "Tour teams"}
        teams = store.import_game(json.dumps(data), f"{TEAMS}.json")
        quick = store.quick_game(QuickGame(QUICK, target=50))
        a, b, c, _ = NAMES
        when = "2020-01-0{} 20:00"
        return {
            "azul": store.save_play(
                find_game("azul"),
                None,
                [PlayerSheet(a, {"marker": 61}), PlayerSheet(b, {"marker": 48})],
                when.format(1),
                boards=[
                    {"side": "coloured", "wall": ["BYR..", ".B...", ".....", ".....", "....."]},
                    None,
                ],
            ),
            "skull": store.save_play(
                find_game("skull-king"),
                None,
                [
                    PlayerSheet(a, {"bid": [1, 0], "tricks": [0, 1], "bonus": [0, 0]}),
                    PlayerSheet(b, {"bid": [0, 1], "tricks": [1, 1], "bonus": [0, 10]}),
                ],
                when.format(2),
            ),
            "pandemic": store.save_play(
                find_game("pandemic"),
                None,
                [PlayerSheet(a), PlayerSheet(c)],
                when.format(3),
                outcome="lost",
            ),
            "teams": store.save_play(
                teams,
                None,
                [
                    PlayerSheet(a, {"points": 12}, team="1"),
                    PlayerSheet(b, {"points": 9}, team="2"),
                    PlayerSheet(c, {"points": 4}, team="1"),
                ],
                when.format(4),
            ),
            "quick": store.save_play(
                quick,
                None,
                [PlayerSheet(a, {"points": 16}), PlayerSheet(b, {"points": 9})],
                when.format(5),
            ),
        }
    finally:
        store.close()


def stops(plays: dict[str, int]) -> list[Stop]:
    four = ",".join(NAMES)
    return [
        Stop("home", "/", "new-game"),
        Stop("picker", "/new", "game-azul"),
        Stop("new-play", "/new/azul", "player-1", [(["colour-1"], "colour-close")]),
        Stop(
            "sheet-azul",
            f"/new/azul?players={four}",
            "total-4",
            [(["wall-1"], "wall-done"), (["add-line-kinds"], "add-line-cancel")],
        ),
        Stop(
            "sheet-skull-king",
            f"/new/skull-king?players={four}",
            "dealer",  # round 1 is open, with its cards and dealer
        ),
        Stop("sheet-pandemic", f"/new/pandemic?players={NAMES[0]},{NAMES[1]}", "outcome-lost"),
        Stop("sheet-teams", f"/new/{TEAMS}?players={four}", "team-total-1"),
        Stop(
            "sheet-pavilion",
            f"/new/azul-summer-pavilion?players={NAMES[0]},{NAMES[1]}",
            "total-2",
            [(["pavilion-1"], "pavilion-done")],
        ),
        Stop(
            "sheet-sintra",
            f"/new/azul-sintra?variant=B&players={NAMES[0]},{NAMES[1]}",
            "total-2",
            [(["palace-1"], "palace-done")],
        ),
        Stop("quick", f"/quick?name={QUICK}", "quick-go"),
        Stop("sheet-quick", f"/new/{quick_id(QUICK)}?players={four}", "quick-add-4-10"),
        Stop("history", "/history", "filter"),
        Stop("play-azul", f"/play/{plays['azul']}", "play-edit"),
        Stop("play-skull-king", f"/play/{plays['skull']}", "play-rounds"),
        Stop("play-pandemic", f"/play/{plays['pandemic']}", "play-edit"),
        Stop("play-teams", f"/play/{plays['teams']}", "play-edit"),
        Stop("play-quick", f"/play/{plays['quick']}", "quick-keep"),
        Stop("play-edit", f"/play/{plays['azul']}/edit", "save"),
        Stop("stats", "/stats", "stats-player"),
        Stop("stats-player", f"/stats?player={NAMES[0]}", "stats-player-plays"),
        Stop("players", "/players", "players-list"),
        Stop("games", "/games", "games-import-source"),
        Stop("game-editor", "/games/new?from=azul", "game-save"),
        Stop("game-editor-own", f"/games/edit/{TEAMS}", "game-save"),
        Stop("nights", "/nights", "nights-save-settings"),
        Stop("night", f"/nights/{plays['azul']}", "night-rename"),
        Stop("seasons", "/seasons", "season-new"),
        Stop("settings", "/settings", "language"),
    ]


@pytest.fixture(scope="module")
def tour(server: str, browser, data_dir: Path, plays: dict[str, int]) -> Iterator[AppPage]:
    (data_dir / "settings.json").unlink(missing_ok=True)
    context = browser.new_context(viewport=PHONE, color_scheme="light")
    app = AppPage(context.new_page(), server, data_dir)
    app.open("/")
    try:
        yield app
    finally:
        context.close()
        (data_dir / "settings.json").unlink(missing_ok=True)


def arrive(app: AppPage, route: str, ready: str) -> None:
    """Move to ``route`` inside the running app and wait for its control ``ready``. The
    tour's one page lives through every pass: on a busy machine its connection may have
    been dropped and taken up again meanwhile (a phone's does the same), and a move
    sent then is lost; so a screen that has not come is asked for once more by loading
    its address afresh, as a person would. A screen that never shows still fails."""
    app.go(route)
    try:
        expect(app.node(ready).first).to_be_attached()
    except AssertionError:
        app.open(route)
        expect(app.node(ready).first).to_be_attached()


def choose(app: AppPage, lang: str, theme: str) -> None:
    """Language and theme, chosen on the Settings screen."""
    arrive(app, "/settings", f"lang-{lang}")
    for ident, key, value in ((f"lang-{lang}", "lang", lang), (f"theme-{theme}", "theme", theme)):
        expect(app.node(ident)).to_be_attached()
        app.click(ident)
        # each device keeps its own choice in its browser (Flet's SharedPreferences)
        stored = f"flutter.scorepad.{key}"
        deadline = time.monotonic() + 30
        tapped = time.monotonic()
        while time.monotonic() < deadline:
            kept = app.page.evaluate("k => localStorage.getItem(k)", stored)
            if kept is not None and json.loads(kept) == value:
                break
            if time.monotonic() - tapped > 10:  # a tap a busy page never took: again
                app.click(ident)
                tapped = time.monotonic()
            app.page.wait_for_timeout(50)
        else:
            raise AssertionError(f"{ident} was not taken: {stored} = {kept!r}")


def look(app: AppPage, where: str, seen: Seen) -> None:
    """Read the screen (or dialog) from top to bottom, a windowful at a time: its error
    texts, and with ``seen.measure`` the contrast of what each windowful shows (below
    what is pinned over the screen, once it has scrolled)."""
    page = app.page
    size = page.viewport_size
    page.mouse.move(size["width"] / 2, size["height"] / 2)
    pinned = 0.0
    for _turn in range(12):  # the longest screen is a few windowfuls
        if seen.measure:
            measure(page, where, pinned, seen)
        errors = error_texts(page.evaluate(TEXTS))
        if errors:
            seen.errors.setdefault(where, []).extend(errors)
        low = page.evaluate(BELOW)
        if low <= size["height"] + 1:
            break  # nothing below the window
        before = page.evaluate(PLACES)
        shown = page.evaluate(SHOWN)
        page.mouse.wheel(0, size["height"] * 0.7)
        with contextlib.suppress(PlaywrightTimeout):  # the tree follows the scroll
            page.wait_for_function(MOVED, arg=shown, timeout=2_000)
        after = page.evaluate(PLACES)
        stayed = [box[1] for ident, box in after.items() if before.get(ident) == box]
        pinned = max([pinned, *stayed])
    # Left where it is: the next screen's late frame is the last one measured here.


def measure(page, where: str, pinned: float, seen: Seen) -> None:
    """The contrast of every text and icon in the window, as it is drawn, below
    ``pinned``: what is pinned over a scrolled screen (measured before it scrolled) hides
    what went under it."""
    png, nodes = drawn(page, seen.last)
    seen.last = png
    # (and a node just below it may be the part left of one cut by it)
    nodes = [n for n in nodes if not pinned or n["y"] >= pinned + CUT]
    found = contrasts(png, nodes)
    seen.measured += len(found)
    if found:
        low = min(c.ratio for c in found)
        seen.lowest[where] = min(low, seen.lowest.get(where, low))
    faint = too_faint(found)
    if faint:
        # a busy machine may hold a frame of an animation (a page sliding in, a button's
        # colour fading) long enough to be taken twice alike: what is faint is faint in a
        # second drawing too, taken a moment later
        page.wait_for_timeout(700)
        png, again = drawn(page)
        again = [n for n in again if not pinned or n["y"] >= pinned + CUT]
        still = {(c.ident, c.label) for c in too_faint(contrasts(png, again))}
        faint = [c for c in faint if (c.ident, c.label) in still]
    if faint:
        seen.faint.setdefault(where, []).extend(faint)
        SCREENSHOTS.mkdir(exist_ok=True)
        (SCREENSHOTS / f"faint-{where.replace(' ', '_')}-{int(pinned)}.png").write_bytes(png)


def tap(app: AppPage, ident: str) -> None:
    """Tap ``ident``: the node itself where it is the button, else the button in it."""
    app.reveal(ident)
    at = f'[flt-semantics-identifier="{ident}"]'
    app.page.locator(f"{at}[role], {at} [role]").first.click()


def visit(app: AppPage, stop: Stop, where: str, seen: Seen) -> None:
    arrive(app, stop.route, stop.ready)
    for ident in stop.before:
        tap(app, ident)
    look(app, where, seen)
    for opening, closing in stop.dialogs:
        for ident in opening:
            tap(app, ident)
        expect(app.node(closing)).to_be_attached()
        look(app, f"{where} {opening[-1]}", seen)
        tap(app, closing)
        expect(app.node(closing)).to_have_count(0)
        if seen.measure:
            seen.last = drawn(app.page, seen.last)[0]  # the screen again, as it is left


def report(seen: Seen) -> str:
    lines = [f"{where}: {', '.join(sorted(set(texts)))}" for where, texts in seen.errors.items()]
    for where, faint in seen.faint.items():
        lines += [f"{where}: {c}" for c in sorted(set(faint), key=lambda c: c.ratio)]
    return "\n".join(lines)


MEASURED = [
    ("en", "light", "phone"),
    ("fr", "dark", "phone"),
    ("es", "dark", "desktop"),
    ("de", "light", "desktop"),
]
"""Passes that measure contrast (a screenshot of every windowful) and read error texts:
each theme at both sizes, each language once. Colours follow the theme and the layout
the size, not the language."""
READ = [
    ("en", "dark", "desktop"),
    ("fr", "light", "desktop"),
    ("es", "light", "phone"),
    ("de", "dark", "phone"),
]
"""Passes that read error texts only (no screenshots, a few seconds): with the ones
above, each language in both themes and at both sizes, and each theme at both sizes,
in eight passes rather than sixteen."""
PASSES = [pytest.param(*p, marks=group(p[2])) for p in sorted(MEASURED + READ, key=lambda p: p[2])]
"""A size's passes one after the other (the window resized once), each size a group."""


GROUPS = {
    "start": ("home", "picker", "new-play", "sheet-azul"),
    "sheets": (
        "sheet-skull-king",
        "sheet-pandemic",
        "sheet-teams",
        "sheet-pavilion",
        "sheet-sintra",
        "quick",
        "sheet-quick",
    ),
    "plays": (
        "history",
        "play-azul",
        "play-skull-king",
        "play-pandemic",
        "play-teams",
        "play-quick",
        "play-edit",
    ),
    "manage": ("stats", "stats-player", "players", "games", "game-editor", "game-editor-own"),
    "clubs": ("nights", "night", "seasons"),
    "settings": ("settings",),
}
"""The screens, a test each per pass: each test stays short on a busy machine."""


@pytest.fixture(scope="module")
def chosen() -> dict[str, tuple[str, str, str]]:
    """The language, theme and size the tour's page shows now."""
    return {}


@pytest.mark.parametrize("group", GROUPS)
@pytest.mark.parametrize(("lang", "theme", "size"), PASSES)
def test_every_screen_and_dialog_has_no_error_box_and_reads_clearly(
    tour: AppPage,
    plays: dict[str, int],
    chosen: dict[str, tuple[str, str, str]],
    lang: str,
    theme: str,
    size: str,
    group: str,
):
    if chosen.get("now") != (lang, theme, size):
        tour.resize(TALL[size])
        choose(tour, lang, theme)
        chosen["now"] = (lang, theme, size)
    seen = Seen(measure=(lang, theme, size) in MEASURED)
    if seen.measure:
        seen.last = drawn(tour.page)[0]  # the screen shown before this group's
    for stop in stops(plays):
        if stop.name in GROUPS[group]:
            visit(tour, stop, f"{stop.name} ({lang}, {theme}, {size})", seen)
    assert not seen.errors and not seen.faint, report(seen)
    assert seen.measured > 5 or not seen.measure  # every screen has texts to measure


def test_every_screen_is_in_a_group(plays: dict[str, int]):
    assert sorted(stop.name for stop in stops(plays)) == sorted(
        name for names in GROUPS.values() for name in names
    )


def background(app: AppPage) -> float:
    """The luminance of the page's background, beside the screen's content."""
    png = app.page.screenshot(clip={"x": 0, "y": 300, "width": 4, "height": 4})
    return luminance(Image.open(io.BytesIO(png)).convert("RGB").getpixel((1, 1)))


@group("phone")
def test_system_follows_the_devices_light_or_dark_theme(
    tour: AppPage, chosen: dict[str, tuple[str, str, str]]
):
    """Settings' "System" (the default) follows the device: the browser's
    ``prefers-color-scheme``, changed while the app is open."""
    tour.resize(PHONE)
    choose(tour, "de", "system")
    chosen.clear()
    expect(tour.node("theme-light")).to_be_attached()  # the three choices
    expect(tour.node("theme-dark")).to_be_attached()
    tour.go("/")
    expect(tour.node("new-game")).to_be_attached()
    try:
        for scheme, dark in (("dark", True), ("light", False), ("dark", True)):
            tour.page.emulate_media(color_scheme=scheme)
            deadline = time.monotonic() + 15
            while (background(tour) < 0.05) != dark and time.monotonic() < deadline:
                tour.page.wait_for_timeout(100)
            assert (background(tour) < 0.05) == dark, (scheme, background(tour))
            assert background(tour) < 0.05 or background(tour) > 0.8
    finally:
        tour.page.emulate_media(color_scheme="light")
