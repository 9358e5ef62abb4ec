"""Fixtures for the app's tests: a served app per test session, and a real Chromium.

The server is the real ``scorepad app`` command in a subprocess, on a free port, with its
own data folder (``SCOREPAD_DATA_DIR``); the browser is Debian's Chromium driven by
Playwright, with the Flutter accessibility tree switched on so test ids can be found.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from bundle_build import TESTS as BUNDLE_TESTS
from bundle_build import BundleBuild
from bundle_build import missing as bundle_missing
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect
from web_cache import web_files_made

from scorepad.ui.drafts import WRITE_EVERY_S

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("SCOREPAD_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SCREENSHOTS = ROOT / "screenshots"
# A loaded CI machine can take a few seconds to answer a change: waiting longer costs
# nothing when the app is quick, and a real failure still fails.
expect.set_options(timeout=15_000)


def first_game(lang: str = "en") -> str:
    """The id of the game the picker shows first on a history with no plays (by name)."""
    from scorepad.core import builtin_games
    from scorepad.core.finding import sort_name
    from scorepad.core.i18n import pick

    games = builtin_games().values()
    return min(games, key=lambda g: sort_name(pick(g.name, lang))).id


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, process: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the app exited early: {process.stdout.read()}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"the app did not listen on {port} within {timeout} s")


def history_path(data_dir: Path) -> str:
    """The served app's history: an SQLite file next to its drafts."""
    return str(data_dir / "history.db")


def run_scorepad(*args: str, env: dict[str, str]) -> str:
    """A ``scorepad`` command run to its end with ``env``: what it printed (it must
    succeed)."""
    done = subprocess.run(
        [sys.executable, "-m", "scorepad.cli", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def start_serve(url: str, port: int, env: dict[str, str]) -> subprocess.Popen:
    """``scorepad serve`` on the history at ``url``, on ``port`` of loopback."""
    return subprocess.Popen(
        [sys.executable, "-m", "scorepad.cli", "serve", "--db", url, "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def start_app(
    data_dir: Path, *extra: str, port: int | None = None, program: tuple[str, ...] = ()
) -> tuple[subprocess.Popen, int]:
    """``scorepad app`` on a free port (or ``port``), with its own data folder; ``program``
    runs it instead of ``python -m scorepad.cli`` (a test's wrapper of the command)."""
    port = port or free_port()
    env = {**os.environ, "SCOREPAD_DATA_DIR": str(data_dir), "SCOREPAD_LANG": "en"}
    env["SCOREPAD_DB"] = history_path(data_dir)  # never the user's own history
    command = program or (sys.executable, "-m", "scorepad.cli")
    process = subprocess.Popen(
        [*command, "app", "--port", str(port), *extra],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    return process, port


def stop(process: subprocess.Popen) -> str:
    process.terminate()
    try:
        out, _ = process.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        out, _ = process.communicate()
    return out


BUNDLE_BUILD = pytest.StashKey["BundleBuild | None"]()


@pytest.hookimpl(trylast=True)  # after -k and --deselect have dropped what will not run
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The bundle's tests run last, and its build starts now, in the background
    (``bundle_build.py``): PyInstaller's minute overlaps the rest of the suite."""
    bundle = [item for item in items if item.path.name == BUNDLE_TESTS]
    if bundle and not config.option.collectonly:
        items[:] = [item for item in items if item.path.name != BUNDLE_TESTS] + bundle
        if hasattr(config, "workerinput"):  # pytest -n: see bundle_build.start_for_workers
            return
        if not os.environ.get("SCOREPAD_BUNDLE") and bundle_missing() is None:
            # build.spec takes the compressed copies from the user's cache: made first,
            # here, at full speed (the build runs at a low priority), and only once
            web_files_made()
        config.stash[BUNDLE_BUILD] = BundleBuild.start()


def pytest_unconfigure(config: pytest.Config) -> None:
    build = config.stash.get(BUNDLE_BUILD, None)
    if build is not None:
        build.close()


@pytest.fixture(scope="session")
def bundle(pytestconfig: pytest.Config) -> Path:
    """The program ``pyinstaller build.spec`` built for this session."""
    build = pytestconfig.stash.get(BUNDLE_BUILD, None)
    if build is None and hasattr(pytestconfig, "workerinput"):
        # pytest -n: the session's first process started it, or this worker builds it now
        build = BundleBuild.of_session() or BundleBuild.start()
        pytestconfig.stash[BUNDLE_BUILD] = build
    if build is None:
        pytest.skip(f"no bundle: {bundle_missing()}")
    return build.wait()


@pytest.fixture(scope="session")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("scorepad-data")


@contextlib.contextmanager
def serving(data_dir: Path, **env: str) -> Iterator[str]:
    """The served app on ``data_dir`` (with ``env`` added to its environment), its address
    while the block runs; its output is checked after."""
    web_files_made()
    with pytest.MonkeyPatch.context() as patch:
        for name, value in env.items():
            patch.setenv(name, value)
        process, port = start_app(data_dir, "--no-browser", "--db", history_path(data_dir))
    try:
        wait_for_port(port, process)
        yield f"http://127.0.0.1:{port}"
    finally:
        out = stop(process)
        assert "Traceback" not in out, out
        assert "no browser sets it" not in out, out  # Chromium's own patches all pass


@pytest.fixture(scope="session")
def server(data_dir: Path) -> Iterator[str]:
    with serving(data_dir) as base:
        yield base


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(autouse=True)
def no_page_left_open(request: pytest.FixtureRequest) -> Iterator[None]:
    """A browser test's pages are closed after it, whoever opened them: a page left open
    goes on drawing the app (Flutter's frames, the live sheet's updates) and takes
    processor time from every test after it."""
    if "browser" not in request.fixturenames:
        yield
        return
    browser = request.getfixturevalue("browser")
    before = set(browser.contexts)  # a module's shared page among them: left open
    yield
    for context in browser.contexts:
        if context not in before:
            context.close()


def open_to(port: int) -> set[str]:
    """The TCP connections to ``port`` on this machine that are open or closing on the
    server's side, by their client's address and port (Linux's ``/proc/net/tcp``; none
    where there is none to read)."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                local, remote, state = line.split()[1:4]
                if int(local.rsplit(":", 1)[1], 16) == port and state in ("01", "08"):
                    found.add(remote)  # ESTABLISHED, CLOSE_WAIT
    return found


def connections_to(port: int) -> int:
    """How many TCP connections to ``port`` are open or closing on the server's side."""
    return len(open_to(port))


def earlier_pages_gone(base: str, drafts: Path) -> None:
    """Wait until the pages of earlier tests are gone from the server (their sockets
    closed on its side: what they sent is handled), then remove the sheets they left, and
    again if a last write of theirs lands meanwhile: a sheet of an earlier test with the
    same game and players would otherwise be the one this test's page joins."""
    port = int(base.rsplit(":", 1)[1])
    deadline = time.monotonic() + 30
    while connections_to(port) and time.monotonic() < deadline:
        time.sleep(0.1)
    shutil.rmtree(drafts, ignore_errors=True)
    quiet_until = time.monotonic() + 3 * WRITE_EVERY_S
    while time.monotonic() < quiet_until:
        time.sleep(WRITE_EVERY_S / 2)
        if drafts.exists():
            shutil.rmtree(drafts, ignore_errors=True)
            quiet_until = time.monotonic() + 3 * WRITE_EVERY_S


@pytest.fixture
def app(server: str, browser, data_dir: Path) -> Iterator[AppPage]:
    # Every test starts with no sheet in progress and the default settings.
    earlier_pages_gone(server, data_dir / "drafts")
    (data_dir / "settings.json").unlink(missing_ok=True)
    context = browser.new_context(viewport=DESKTOP)
    try:
        yield AppPage(context.new_page(), server, data_dir)
    finally:
        context.close()


@pytest.fixture
def phone(app: AppPage, browser) -> Iterator[AppPage]:
    """A second device on the same app: a phone-sized page of its own."""
    context = browser.new_context(viewport=PHONE)
    try:
        yield AppPage(context.new_page(), app.base, app.data_dir)
    finally:
        context.close()


def on_screen(page, text: object):
    """The text drawn on the page, not the copy Flutter holds for a moment in a live
    region of its own as it says a dialog's title aloud: both at once made one text two
    elements. (A snack bar's message is in that live region only: looked for as is.)"""
    said = "flt-announcement-polite, flt-announcement-assertive"
    return page.get_by_text(text).and_(page.locator(f":not({said})"))


ATTACHED = """(e, timeout) => new Promise(done => {
    // Focused, and configured by Flutter's text editing (it turns autocorrect on).
    const start = performance.now();
    const check = () => {
        const ready = document.activeElement === e && e.getAttribute("autocorrect") === "on";
        if (ready || performance.now() - start > timeout) done(ready);
        else setTimeout(check, 10);
    };
    check();
})"""


SEMANTICS_AT_ONCE = """new MutationObserver((_, watch) => {
    // Flutter's accessibility toggle, clicked the moment the engine puts it in the page
    const toggle = document.querySelector("flt-semantics-placeholder");
    if (toggle) { watch.disconnect(); toggle.click(); }
}).observe(document, {childList: true, subtree: true});"""
"""Switched on in the page itself, before the app's first frame: a field the app focuses
on its own (New play's first name, on a desktop) is otherwise wired to Flutter's hidden
editing box, and the accessibility tree's field for it then never takes typing. From
Playwright, a round trip later, a busy machine lost that race."""


SEMANTICS_ON = """() => {
    if (document.querySelector("flt-semantics")) return true;
    document.querySelector("flt-semantics-placeholder")?.click();
    return false;
}"""


CLEAR_BELOW = """() => {
    // Where the screen stops being the sheet's: the top of the totals' bar at its bottom
    // (a round game's, a board game's), which a field scrolled under it is hidden by.
    let low = innerHeight;
    for (const node of document.querySelectorAll('[flt-semantics-identifier^="total-"]')) {
        const r = node.getBoundingClientRect();
        if (r.height && r.bottom > innerHeight - 80) low = Math.min(low, r.top - 30);
    }
    return low;
}"""


class AppPage:
    """The served app in one browser tab, addressed by the app's test ids."""

    def __init__(self, page, base: str, data_dir: Path | None = None) -> None:
        self.page = page
        self.base = base
        self.data_dir = data_dir
        page.add_init_script(SEMANTICS_AT_ONCE)

    def open(self, route: str) -> None:
        self.page.goto(self.base + route)
        self.semantics()

    def semantics(self) -> None:
        """Wait for Flutter's accessibility tree, switched on by ``SEMANTICS_AT_ONCE`` (a real
        click cannot reach its toggle), or here on a page loaded before this object had it."""
        self.page.wait_for_function(SEMANTICS_ON, timeout=30_000)
        self.page.locator("flt-semantics").first.wait_for(state="attached", timeout=30_000)

    def node(self, ident: str):
        return self.page.locator(f'[flt-semantics-identifier="{ident}"]')

    def reveal(self, ident: str) -> None:
        """Scroll ``ident`` onto the screen, as a person scrolls before tapping it: Flutter's
        accessibility tree holds only what is on screen or near it (a field far down a
        long sheet is not in the page until the sheet is scrolled to it), and a field
        tapped at the edge scrolls itself in, rebuilding the tree under the tap."""
        node = self.node(ident)
        size = self.page.viewport_size
        self.page.mouse.move(size["width"] / 2, size["height"] / 2)  # where the wheel turns
        if not self._there_or_still(node) and not self._scrolled_to(node, size):
            # Not on the screen, nor found by scrolling it: a screen still coming (a busy
            # machine's server answers late) is waited for, and scrolled through again.
            with contextlib.suppress(PlaywrightTimeout):
                node.first.wait_for(state="attached", timeout=5_000)
            self._scrolled_to(node, size)
        low = size["height"] if ident.startswith("total-") else self.page.evaluate(CLEAR_BELOW)
        for _ in range(10):
            box = node.first.bounding_box() if node.count() else None
            if box is None or (box["y"] >= 0 and box["y"] + box["height"] <= low):
                return
            self.page.mouse.wheel(0, size["height"] / 3 * (1 if box["y"] > 0 else -1))
            self.page.wait_for_timeout(200)

    def _there_or_still(self, node, timeout: float = 5.0) -> bool:
        """Wait until ``node`` is in the page (True), or the accessibility tree holds
        something and has not changed for half a second (False: the screen is drawn and
        the node is off it, to be scrolled to), at most ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        seen, since = None, time.monotonic()
        while time.monotonic() < deadline:
            if node.count():
                return True
            now = self._shown()
            if now != seen:
                seen, since = now, time.monotonic()
            elif now and time.monotonic() - since >= 0.5:
                return False
            self.page.wait_for_timeout(100)
        return bool(node.count())

    def _scrolled_to(self, node, size: dict[str, int]) -> bool:
        """Wheel the screen down, then up, until ``node`` is in the page (True) or the
        screen stops moving both ways (False)."""
        for step in (size["height"] / 2, -size["height"] / 2):
            # A busy machine's Flutter takes the wheel late, so the end is seen, not counted.
            still, seen = 0, self._shown()
            for _ in range(80):
                if node.count() or still >= 4:
                    break
                self.page.mouse.wheel(0, step)
                self.page.wait_for_timeout(150)
                now = self._shown()
                still, seen = (still + 1 if now == seen else 0), now
            if node.count():
                return True
        return False

    def _shown(self) -> str:
        """Which nodes the accessibility tree holds, and where: it changes as the screen
        scrolls, and stays the same once the screen is at its end."""
        return self.page.evaluate(
            """() => [...document.querySelectorAll("[flt-semantics-identifier]")].map(e => {
                const box = e.getBoundingClientRect();
                return e.getAttribute("flt-semantics-identifier") + "@" + Math.round(box.y);
            }).join(" ")"""
        )

    def type(
        self,
        ident: str,
        text: str,
        *,
        saved: Callable[[], object] | None = None,
        focus: bool = False,
    ) -> None:
        """Replace a text field's text, as a player would: focus it, then type.

        Flutter wires its editing to the input only after focus has moved there, and
        then writes its own text into it: text typed before that is wiped. So the text
        goes in once the input is focused and configured, and is checked afterwards, in
        the field and, with ``saved`` (what the app should have stored), in the app;
        when it did not take, it is typed again.

        With ``focus`` the field is focused as a keyboard or a screen reader does, not
        clicked where it is drawn: on a long screen that the app rebuilds as it is typed
        in (the game editor), Flutter may still be scrolling when Playwright aims at the
        position its accessibility tree gives, and the click lands on what scrolled there.
        """
        self.reveal(ident)
        box = self.node(ident).locator("input, textarea")
        try:
            box.first.wait_for(state="attached", timeout=15_000)
        except PlaywrightTimeout:
            raise AssertionError(
                f"no field {ident} on the screen: it shows {self._shown()}"
            ) from None

        def done() -> bool:
            try:  # a field Flutter has just taken out of the page is no answer yet
                shown = box.input_value(timeout=1000)
            except PlaywrightTimeout:
                return False
            return shown == text and (saved is None or saved() == text)

        deadline = time.monotonic() + 90  # a machine busy with other work is slow
        again = False
        while time.monotonic() < deadline:
            if again:
                # Focus and typing start over: focusing a field that has the focus already
                # does nothing (Flutter would never wire it), and the same text typed over
                # itself changes nothing the app hears of, so the field is emptied first.
                with contextlib.suppress(PlaywrightTimeout):  # gone meanwhile: found below
                    box.evaluate("e => e.blur()", timeout=2000)
            again = True
            try:
                if focus:
                    box.focus(timeout=10_000)
                else:
                    box.click(timeout=10_000)
                if not box.evaluate(ATTACHED, 6000, timeout=10_000):
                    continue  # Flutter has not taken the field over yet: typing now is wiped
                if box.input_value(timeout=2000) == text and not done():
                    box.fill("", timeout=10_000)
                box.fill(text, timeout=10_000)
            except PlaywrightTimeout:
                continue  # covered or rebuilt for a moment (a rebuild, a scroll): tried again
            self.page.wait_for_timeout(50)
            # not taken within 2 s: typed again; a slow app still takes it, and the next
            # look sees it
            if self._wait(done, timeout=2.0):
                return
        raise AssertionError(
            f"the app never took {text!r} typed into {ident}: {self._state(box, saved)}"
        )

    def _state(self, box, saved: Callable[[], object] | None) -> str:
        """What the page and the app showed when typing failed: which element had the focus,
        what the field and the app held, and any word of a lost link over the page."""
        seen = self.page.evaluate(
            """() => {
                const a = document.activeElement;
                const link = document.getElementById("scorepad-link");
                return {
                    focus: a && (a.closest("[flt-semantics-identifier]")?.getAttribute(
                        "flt-semantics-identifier") || a.tagName),
                    link: link && link.style.display !== "none" ? link.textContent : null,
                };
            }"""
        )
        field = box.input_value() if box.count() else None
        stored = saved() if saved is not None else "(not checked)"
        return f"focus on {seen['focus']}, field {field!r}, app {stored!r}, link {seen['link']!r}"

    def _wait(self, condition: Callable[[], bool], timeout: float = 2.0) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if condition():
                return True
            self.page.wait_for_timeout(25)
        return False

    def draft(self, game: str) -> dict:
        """The latest sheet in progress of ``game`` as the app autosaved it ({} if none
        yet): each sheet is a ``drafts/<sheet id>.json`` of its own."""
        found = []
        for path in (self.data_dir / "drafts").glob("*.json"):
            try:
                found.append(json.loads(path.read_text(encoding="utf-8")))
            except (OSError, ValueError):
                continue  # caught half-replaced, or saved meanwhile
        ours = sorted((d for d in found if d.get("game") == game), key=lambda d: d["changed"])
        return ours[-1] if ours else {}

    def draft_when(self, game: str, condition: Callable[[dict], bool]) -> dict:
        """The latest draft of ``game`` once ``condition`` holds on it: the app writes a
        draft shortly after a change (writes are coalesced), not at the same instant; a
        loaded machine may take seconds, so the deadline is generous."""
        if not self._wait(lambda: condition(self.draft(game)), timeout=30.0):
            raise AssertionError(
                f"the draft of {game} never became as expected: {self.draft(game)}"
            )
        return self.draft(game)

    def enter(self, game: str, ident: str, text: str) -> None:
        """Type into a sheet cell (``line-KEY-n``, ``line-KEY-n-a``, ``extra-I-n``) and
        wait for the app to have autosaved it."""
        parts = ident.split("-")

        def stored() -> object:
            draft = self.draft(game)
            if parts[0] == "extra":
                rows = draft.get("extra", [])
                index = int(parts[1]) - 1
                return rows[index]["points"][int(parts[2]) - 1] if index < len(rows) else None
            key, n = parts[1], int(parts[2]) - 1
            if len(parts) == 4:
                return draft.get("pairs", {}).get(key, [[None, None]] * (n + 1))[n][
                    "ab".index(parts[3])
                ]
            return draft.get("texts", {}).get(key, [None] * (n + 1))[n]

        self.type(ident, text, saved=stored)

    def expect_value(self, ident: str, text: str) -> None:
        """A text field shows ``text``: Flutter fills the DOM input only while it has focus."""
        self.reveal(ident)
        box = self.node(ident).locator("input, textarea")
        for _ in range(5):  # a click as a dialog closes may land on its fading barrier
            box.click()
            if box.evaluate(ATTACHED, 3000):
                break
        expect(box).to_have_value(text)

    def click(self, ident: str) -> None:
        self.reveal(ident)
        self.node(ident).locator("[role]").first.click()

    def text(self, ident: str) -> str:
        return self.node(ident).inner_text()

    def go(self, route: str) -> None:
        """Move to ``route`` inside the running app, as its own links do (no reload)."""
        self.page.evaluate(
            "r => { history.pushState(null, '', r);"
            " dispatchEvent(new PopStateEvent('popstate', {state: null})); }",
            route,
        )

    def resize(self, size: dict[str, int]) -> None:
        self.page.set_viewport_size(size)
        self.page.wait_for_timeout(700)  # the app switches layout on the resize event

    def screenshot(self, name: str) -> Path:
        SCREENSHOTS.mkdir(exist_ok=True)
        self.page.wait_for_timeout(400)  # let the new screen's transition finish
        kind = "phone" if self.page.viewport_size["width"] < 700 else "desktop"
        path = SCREENSHOTS / f"{name}-{kind}.png"
        self.page.screenshot(path=str(path))
        return path
