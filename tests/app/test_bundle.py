"""The one-folder bundle that ``build.spec`` makes, run as a user would run it: the
version, a sheet scored, a PDF printed, a history upgraded by the Alembic migrations inside
it, and the app served (the page over HTTP, then Home in Chromium, with every request
beyond the app refused), opened in the default browser and shared on the network behind
its code (``--share``). Every check runs the built program, from a folder outside
this checkout; the build itself (``bundle`` in conftest.py) runs once per session, in the
background while the rest of the suite runs, and these tests run last.
"""

from __future__ import annotations

import importlib.metadata
import os
import re
import sqlite3
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest
from bundle_build import BUILD_TIMEOUT
from conftest import ROOT, AppPage, first_game, free_port, stop, wait_for_port
from playwright.sync_api import expect
from test_launch import read_until
from test_share import fetch

from scorepad.cli import main
from scorepad.store.backups import list_backups
from scorepad.store.database import Database, resolve_url
from scorepad.store.migrate import head, upgrade
from scorepad.ui.share import lan_address

pytestmark = [
    pytest.mark.slow,
    # pytest -n: one worker runs them all, on the one build (bundle_build.start_for_workers)
    pytest.mark.xdist_group("bundle"),
    # the first waits for the build, which overlaps the rest of the run
    pytest.mark.timeout(BUILD_TIMEOUT + 300),
]

EXAMPLE = ROOT / "examples" / "azul.json"
RIVE = "https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@"


def run(program: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The built program, started from ``cwd`` with none of this checkout on its path."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["SCOREPAD_LANG"] = "en"
    env["SCOREPAD_DATA_DIR"] = str(cwd / "data")
    return subprocess.run(
        [str(program), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    """The source run in this process speaks the language the bundle is started with."""
    monkeypatch.setenv("SCOREPAD_LANG", "en")


def in_process(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """What the same command prints when run from the source, in this process."""
    capsys.readouterr()
    try:
        status = main(list(args))
    except SystemExit as exit:
        status = exit.code
    out, err = capsys.readouterr()
    return status, out, err


def test_the_bundle_answers_version_from_the_package_metadata(bundle, tmp_path):
    done = run(bundle, "--version", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"scorepad {importlib.metadata.version('scorepad')}\n"


def test_the_bundle_scores_the_readme_example_as_the_source_does(bundle, tmp_path, capsys):
    for extra in ([], ["--json"], ["--lang", "es"]):
        done = run(bundle, "score", str(EXAMPLE), *extra, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert (0, done.stdout, "") == in_process(capsys, "score", str(EXAMPLE), *extra)
    english = run(bundle, "score", str(EXAMPLE), cwd=tmp_path).stdout
    assert english.splitlines()[-1] == "Ana wins with 77 points."

    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "azul", "players": [{"name": "Ana", "lines": {"rows": 9}}]}')
    done = run(bundle, "score", str(broken), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert (2, "", done.stderr) == in_process(capsys, "score", str(broken))
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1


def test_the_bundle_prints_the_same_pdf_with_the_shipped_fonts(bundle, tmp_path, capsys):
    names = "Zoë,Дарья,Ἀθηνᾶ"
    done = run(bundle, "sheet", "azul", "--names", names, "-o", "bundle.pdf", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    made = tmp_path / "bundle.pdf"
    source = tmp_path / "source.pdf"
    assert in_process(capsys, "sheet", "azul", "--names", names, "-o", str(source))[0] == 0
    assert made.read_bytes() == source.read_bytes()
    assert b"DejaVuSans" in made.read_bytes()


def test_the_bundle_upgrades_an_old_history_and_saves_a_play(bundle, tmp_path):
    path = tmp_path / "history.sqlite3"
    db = Database(resolve_url(str(path)))
    db.check_file()
    upgrade(db, "0001")
    db.dispose()
    saved = run(bundle, "score", str(EXAMPLE), "--save", "--db", str(path), cwd=tmp_path)
    assert saved.returncode == 0, saved.stderr
    listed = run(bundle, "history", "--db", str(path), cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert "Ana" in listed.stdout and "Azul" in listed.stdout
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchone()[0] == head()
        assert conn.execute("SELECT count(*) FROM play").fetchone()[0] == 1
    assert [b for b in list_backups(path) if b.kind == "upgrade"]  # copied before upgrading


class Served(NamedTuple):
    url: str
    opened: Path
    """What the bundle's default browser was asked to open."""
    said: str
    """The app's first lines in the terminal."""


CODE = "MESA42"


@pytest.fixture(scope="module")
def served(bundle: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The bundle's app on a free port, shared on the network behind ``CODE``; its default
    browser a script that notes what it was asked to open (and the library path it was
    started with)."""
    home = tmp_path_factory.mktemp("bundle-app")
    opened = home / "opened.txt"
    browser = home / "browser.sh"
    browser.write_text(f'#!/bin/sh\necho "$1 ${{LD_LIBRARY_PATH:-unset}}" >> {opened}\n')
    browser.chmod(0o755)
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(
        SCOREPAD_LANG="en",
        SCOREPAD_DATA_DIR=str(home / "data"),
        SCOREPAD_DB=str(home / "history.sqlite3"),
        BROWSER=f"{browser} %s",
    )
    env.pop("DISPLAY", None)  # Python's webbrowser then takes $BROWSER alone
    env.pop("WAYLAND_DISPLAY", None)
    process = subprocess.Popen(
        [str(bundle), "app", "--port", str(port), "--share", "--code", CODE],
        cwd=home,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        wait_for_port(port, process)
        said = read_until(process, rf"running at http://127\.0\.0\.1:{port}\b")
        if lan_address() is not None:
            said += read_until(process, r"^▀+$")  # the QR code's last line
        yield Served(f"http://127.0.0.1:{port}", opened, said)
    finally:
        out = stop(process)
        assert "Traceback" not in out, out


def test_the_bundle_serves_the_flet_page_and_its_web_client(served, bundle):
    url, opened = served.url, served.opened
    with urllib.request.urlopen(url + "/", timeout=30) as answer:
        page = answer.read().decode()
    assert "flutter_bootstrap.js" in page
    # the web client at its versioned address, compressed from the copies the bundle carries
    base = re.search(r'flet\.canvasKitBaseUrl="(/_v/[0-9a-f]{16}/)canvaskit/";', page)
    assert "flet.noCdn=true;" in page and base is not None
    for asset in ("flutter_bootstrap.js", "main.dart.js", "canvaskit/canvaskit.wasm"):
        asked = urllib.request.Request(url + base[1] + asset, headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(asked, timeout=30) as answer:
            assert answer.status == 200 and len(answer.read()) > 1000, asset
            assert answer.headers["Content-Encoding"] == "gzip", asset
        with urllib.request.urlopen(f"{url}/{asset}", timeout=30) as answer:
            assert answer.status == 200 and len(answer.read()) > 1000, asset
    # The default browser was asked to open the address, with the user's library path.
    wait_for_text(opened)
    target, library_path = opened.read_text().split()
    assert target == url
    assert str(bundle.parent) not in library_path


def test_the_bundle_shares_the_app_behind_its_code(served):
    host = lan_address()
    if host is None:
        pytest.skip("this machine has no local-network address")
    port = served.url.rpartition(":")[2]
    assert f"http://{host}:{port}/?code={CODE}" in served.said
    assert "█" in served.said  # the QR code, drawn by segno inside the bundle
    assert fetch(f"http://{host}:{port}/")[0] == 401
    status, _, page = fetch(f"http://{host}:{port}/?code={CODE}")
    assert status == 200 and "flutter_bootstrap.js" in page


def wait_for_text(path: Path) -> None:
    deadline = time.monotonic() + 30
    while not (path.exists() and path.read_text().strip()):
        assert time.monotonic() < deadline, f"nothing written to {path}"
        time.sleep(0.05)


def test_the_bundle_shows_home_in_chromium(served, browser):
    url = served.url
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    elsewhere: list[str] = []  # every request beyond the app is refused, as offline

    def local_only(route) -> None:
        if route.request.url.startswith(url):
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    context.route("**/*", local_only)
    try:
        app = AppPage(context.new_page(), url)
        app.open("/")
        expect(app.node("new-game")).to_be_attached(timeout=30_000)
        app.click("new-game")
        expect(app.node(f"game-{first_game()}")).to_be_attached()  # the first card
        # Flet's client always asks a CDN for Rive's runtime (the app shows no Rive
        # animation): refused, nothing changes; nothing else is asked for.
        assert all(u.startswith(RIVE) for u in elsewhere), elsewhere
    finally:
        context.close()
