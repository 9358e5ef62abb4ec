"""The documents as a reader meets them: the short README at the top of the repository, and
docs/ built into a site by MkDocs (mkdocs.yml). The site builds with ``--strict`` and no
warning (a broken link or anchor, a page left out of the navigation), fetches nothing from
the network, and the README keeps its two commands, its screenshot and its links true."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import yaml

from scorepad.core import builtin_games

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
README = ROOT / "README.md"
CONFIG = ROOT / "mkdocs.yml"

START = "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/scorepad"
TESTS = (
    "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && "
    ".venv/bin/python -m pytest -n auto --dist loadgroup"
)
LINK = re.compile(r"\]\(([^)\s]+)\)")
REPO_PATH = re.compile(
    r"(?<![\w/.-])((?:scorepad|tests|bench|tools|examples|printables|docs)/[^\s`'\"),;:]*)"
)


def nav_pages(nav: list) -> list[str]:
    pages: list[str] = []
    for item in nav:
        value = next(iter(item.values())) if isinstance(item, dict) else item
        pages.extend(nav_pages(value) if isinstance(value, list) else [value])
    return pages


def config() -> dict:
    return yaml.safe_load(CONFIG.read_text(encoding="utf-8"))


def test_the_site_builds_strictly_without_a_warning(tmp_path):
    """``mkdocs build --strict`` over docs/: any warning fails the build, and the config
    turns every kind of bad link (to a page, to a heading) and every page left out of the
    navigation into a warning."""
    site = tmp_path / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "--strict",
            "--config-file",
            str(CONFIG),
            "--site-dir",
            str(site),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "WARNING" not in output, output
    for page in nav_pages(config()["nav"]):
        built = page.removesuffix(".md") + ".html"
        built = "index.html" if built == "README.html" else built
        assert (site / built).is_file(), f"{page} was not built as {built}"
    html = "".join(path.read_text(encoding="utf-8") for path in site.rglob("*.html"))
    assert "sheet.png" in (site / "guide" / "playing.html").read_text(encoding="utf-8")
    assert (site / "images" / "sheet.png").is_file()
    # nothing fetched when the site is read: no web fonts, no script from elsewhere
    assert "fonts.googleapis.com" not in html and "fonts.gstatic.com" not in html
    assert not re.search(r"<script[^>]+src=\"https?://", html)


def test_the_config_warns_on_every_bad_link_and_loads_nothing_from_the_network():
    cfg = config()
    assert cfg["strict"] is True
    assert cfg["theme"]["name"] == "material" and cfg["theme"]["font"] is False
    assert cfg["plugins"] == ["search"]  # Material's own search, built offline
    assert {key: cfg["validation"][key] for key in cfg["validation"]} == {
        "omitted_files": "warn",
        "absolute_links": "warn",
        "unrecognized_links": "warn",
        "anchors": "warn",
    }


def test_the_navigation_holds_every_page_of_docs_once():
    pages = nav_pages(config()["nav"])
    assert len(pages) == len(set(pages))
    assert set(pages) == {path.relative_to(DOCS).as_posix() for path in DOCS.rglob("*.md")}


def test_the_readme_is_short_and_gives_the_two_commands_word_for_word():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) < 200
    blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
    assert f"{START}\n" in blocks and f"{TESTS}\n" in blocks
    # CI runs the README's test command, word for word
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1] == TESTS


def test_the_readme_shows_a_screenshot_small_enough_to_load_at_once():
    text = README.read_text(encoding="utf-8")
    images = re.findall(r"!\[[^\]]+\]\(([^)]+)\)", text)
    assert images, "the README shows no screenshot"
    for image in images:
        path = ROOT / image
        assert path.suffix == ".png" and path.is_file(), image
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", image
        assert path.stat().st_size < 200_000, f"{image}: {path.stat().st_size} bytes"


def test_every_link_of_the_readme_leads_to_a_file_of_the_repository():
    text = README.read_text(encoding="utf-8")
    links = [link for link in LINK.findall(text) if "://" not in link]
    assert len(links) > 20
    missing = [link for link in links if not (ROOT / link.split("#")[0]).exists()]
    assert not missing, f"the README links to files that do not exist: {missing}"
    linked = {(ROOT / link.split("#")[0]).resolve() for link in links}
    guide = {path.resolve() for path in (DOCS / "guide").glob("*.md")}
    develop = {path.resolve() for path in (DOCS / "develop").glob("*.md")}
    assert guide <= linked, f"the README does not point to: {sorted(guide - linked)}"
    assert develop <= linked, f"the README does not point to: {sorted(develop - linked)}"


def test_every_path_of_the_repository_the_documents_name_exists():
    """A file or folder named in the README or a docs page (``scorepad/ui/live.py``,
    ``bench/bench_live.py``, ``tests/app/``) is there: a module moved or renamed takes its
    mentions with it. Patterns (``scorepad/games/*.json``, ``<lang>``) are left out."""
    missing: dict[str, list[str]] = {}
    for page in [README, *sorted(DOCS.rglob("*.md"))]:
        for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            for found in REPO_PATH.findall(line):
                found = found.split("#")[0].rstrip(".")
                if any(mark in found for mark in "*<>…{}[]") or found.endswith("_"):
                    continue
                if not (ROOT / found).exists():
                    missing.setdefault(found, []).append(f"{page.relative_to(ROOT)}:{n}")
    assert not missing, f"named in the documents but not in the repository: {missing}"


def test_the_games_page_lists_every_built_in_game():
    page = (DOCS / "guide" / "games.md").read_text(encoding="utf-8")
    listed = re.findall(r"^\| [^|]+ \| `([\w-]+)` \|", page, re.M)
    assert sorted(listed) == sorted(builtin_games())
    count = f"{len(listed)} games"
    assert count in page and count in README.read_text(encoding="utf-8")
