"""Settings' import says what the import did, in Chromium at phone size (390x844): a BG
Stats export holding plays given twice and fields kept only to be written back shows
how many plays were added and already there, the plays given twice (how many, which)
and the fields kept back (each with its count); importing it again finds every play
already there; a file with refused plays says how many were refused and that nothing
was imported. In French and German, light and dark, with screenshots to look at."""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import PHONE, ROOT, AppPage, start_app, stop, wait_for_port
from playwright.sync_api import expect

from scorepad.core.i18n import first_few, tr
from scorepad.store import open_store
from scorepad.store.errors import StoreError
from tests.store.bgs_export import realistic_export

pytestmark = pytest.mark.browser

SURNAME = " Kerbriand"
"""Added to every player's name in the files: names no other browser test uses."""


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """The app with a history of its own (the imports must not reach other tests')."""
    process, port = start_app(tmp_path / "app", "--no-browser")
    try:
        wait_for_port(port, process)
        yield f"http://127.0.0.1:{port}"
    finally:
        out = stop(process)
        assert "Traceback" not in out, out


def renamed(document: dict[str, Any]) -> dict[str, Any]:
    for person in document["players"]:
        person["name"] = person["name"] + SURNAME
    return document


def with_duplicates() -> dict[str, Any]:
    """A realistic export holding two plays given twice (their uuids in capitals)."""
    document = renamed(realistic_export(60, seed=5))
    twin = copy.deepcopy(document["plays"][10])
    twin["uuid"] = twin["uuid"].upper()
    document["plays"].append(twin)
    return document


def with_refused_plays() -> dict[str, Any]:
    """A realistic export three plays of which have a score that is no number."""
    document = renamed(realistic_export(40, seed=6, quirks=False))
    for position in (3, 8, 12):
        document["plays"][position]["playerScores"][0]["score"] = "lots"
    return document


def written(folder: Path, name: str, document: dict[str, Any]) -> Path:
    path = folder / name
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


def to_the_end(app: AppPage) -> None:
    """Settings scrolled to its foot, where the import's report ends (for the screenshot)."""
    app.reveal("history-message")
    app.page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
    for _ in range(4):
        app.page.mouse.wheel(0, PHONE["height"])
        app.page.wait_for_timeout(300)


def imported(app: AppPage, path: Path) -> None:
    app.type("import-path", str(path))
    app.click("import")


@pytest.mark.parametrize(("lang", "scheme"), [("fr", "light"), ("de", "dark")])
def test_settings_shows_the_plays_given_twice_and_the_fields_kept_back(
    browser, served, tmp_path, lang, scheme
):
    good = written(tmp_path, "twice.bgsplay", with_duplicates())
    bad = written(tmp_path, "refused.bgsplay", with_refused_plays())
    with open_store(str(tmp_path / "check.sqlite3")) as check:  # what the app must say
        done = check.import_file(good)
        try:
            check.import_file(bad)
            raise AssertionError("the broken file was imported")
        except StoreError as problem:
            refused = problem.message(lang)
    assert len(done.duplicates) == 2 and done.kept_back and done.skipped == 0

    shots = Path(os.environ.get("SCOREPAD_SHOTS", ROOT / "screenshots"))
    shots.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport=PHONE, color_scheme=scheme)
    app = AppPage(context.new_page(), served)
    app.open("/settings")
    app.click(f"lang-{lang}")
    expect(app.page.get_by_text(tr("app.language", lang), exact=True)).to_be_visible()

    imported(app, good)
    message = app.node("history-message")
    added = tr("manage.imported", lang, path=str(good), added=done.plays, skipped=0)
    twice = tr("manage.import_duplicates", lang, count=2, what=first_few(done.duplicates, lang))
    kept = tr(
        "manage.import_kept_back",
        lang,
        count=len(done.kept_back),
        what=", ".join(done.kept_back),
    )
    expect(message).to_contain_text(added, timeout=60_000)
    expect(message).to_contain_text(twice)
    expect(message).to_contain_text(kept)
    assert any(line.startswith("playerScores.") for line in done.kept_back), done.kept_back
    to_the_end(app)
    app.page.screenshot(path=str(shots / f"import-report-{lang}-{scheme}-phone.png"))
    box = message.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]

    imported(app, good)  # again: every play is in the history already
    again = tr("manage.imported", lang, path=str(good), added=0, skipped=done.plays)
    expect(message).to_contain_text(again, timeout=60_000)

    imported(app, bad)
    expect(message).to_contain_text(refused, timeout=60_000)
    assert tr("store.import_refused", lang, source=str(bad), count=3, problems="") in refused
    to_the_end(app)
    app.page.screenshot(path=str(shots / f"import-refused-{lang}-{scheme}-phone.png"))
    context.close()
