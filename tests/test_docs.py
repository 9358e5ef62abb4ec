"""The documents in docs/ cannot silently fall behind the code: every docs/ page the code
cites exists, nothing cites the design notes that lived outside the repository, and the
game file format page names every field and choice the loader accepts."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import scorepad.core.loader as loader

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
CODE = [ROOT / "scorepad", ROOT / "tests", ROOT / "bench"]
CITED = re.compile(r"\bdocs/[\w./-]*\w\.md\b")
OUTSIDE = re.compile(r"\b(?:DESIGN|RULES)\.md\b")


def code_files() -> list[Path]:
    return sorted(
        path
        for folder in CODE
        for path in folder.rglob("*")
        if path.suffix in (".py", ".json") and path.is_file()
    )


def test_every_docs_page_the_code_cites_exists():
    cited: dict[str, list[str]] = {}
    for path in code_files():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for found in CITED.findall(line):
                cited.setdefault(found, []).append(f"{path.relative_to(ROOT)}:{n}")
    assert cited, "the code cites no docs/ page"
    missing = {page: where for page, where in cited.items() if not (ROOT / page).is_file()}
    assert not missing, f"cited but not in docs/: {missing}"


def test_the_code_cites_docs_not_notes_kept_elsewhere():
    here = Path(__file__).resolve()
    stale = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in code_files()
        if path != here
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert not stale, f"cite the page in docs/ instead: {stale}"


def test_every_page_of_the_index_exists_and_every_page_is_in_it():
    """docs/README.md (the site's home page) links every page under docs/, in its folder."""
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\]\(([\w/-]+\.md)\)", index))
    pages = {path.relative_to(DOCS).as_posix() for path in DOCS.rglob("*.md")} - {"README.md"}
    assert linked == pages


def loader_fields() -> set[str]:
    """Every field name and fixed choice the game loader accepts: the keys of its field
    tables (``{"name": required}``, written inline or as ``TOP_FIELDS`` and the like), the
    line kinds, and the choices it passes to ``choice`` (``wins``, ``prefer``)."""
    fields = set(loader.TOP_FIELDS) | set(loader.COMMON_LINE_FIELDS) | set(loader.KIND_FIELDS)
    for kind_fields in loader.KIND_FIELDS.values():
        fields |= set(kind_fields)
    tree = ast.parse(Path(loader.__file__).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Dict)
            and node.keys
            and all(isinstance(k, ast.Constant) and isinstance(k.value, str) for k in node.keys)
            and all(isinstance(v, ast.Constant) and isinstance(v.value, bool) for v in node.values)
        ):
            fields |= {k.value for k in node.keys if isinstance(k, ast.Constant)}
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "choice"
        ):
            for arg in node.args:
                if isinstance(arg, ast.Tuple):
                    fields |= {e.value for e in arg.elts if isinstance(e, ast.Constant)}
    return fields


def test_the_game_file_page_names_every_field_the_loader_accepts():
    page = (DOCS / "game-files.md").read_text(encoding="utf-8")
    fields = loader_fields()
    # the inline tables too: players {min, max}, variants {id, label}, rates, factors,
    # tie-breakers {label, prefer, terms}
    assert {"min", "max", "id", "label", "per", "prefer", "terms", "highest", "fewer"} <= fields
    missing = sorted(f for f in fields if f"`{f}`" not in page and f'`"{f}"`' not in page)
    assert not missing, f"docs/game-files.md does not mention: {missing}"


def test_the_game_file_page_gives_every_limit_of_a_games_size():
    """``core/limits.py``'s every limit, with its value, in the page's table of limits."""
    import scorepad.core.limits as limits

    page = (DOCS / "game-files.md").read_text(encoding="utf-8")
    table = page.split("## How big a game may be", 1)[1].split("\n## ", 1)[0]
    values = {name: getattr(limits, name) for name in dir(limits) if name.startswith("MAX_")}
    assert values
    rows = [row for row in table.splitlines() if row.startswith("| `")]
    missing = [n for n, v in values.items() if not any(f"| {v} (" in row for row in rows)]
    assert not missing, f"docs/game-files.md does not give: {missing}"
