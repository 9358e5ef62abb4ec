"""Every message exists in Spanish and English with the same fields, and the core stays pure."""

from __future__ import annotations

import ast
import string
import subprocess
import sys
from pathlib import Path

import pytest

import scorepad.core
from scorepad.core.i18n import LANGS, MESSAGES, choose_lang, join_words, register

CORE = Path(scorepad.core.__file__).parent


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_message_exists_in_every_language_with_the_same_fields(key):
    texts = MESSAGES[key]
    assert set(texts) == set(LANGS)
    assert all(texts[lang].strip() for lang in LANGS)
    assert fields(texts["en"]) == fields(texts["es"])


def test_register_refuses_duplicates_and_missing_languages():
    with pytest.raises(ValueError, match="registered twice"):
        register({"and": {"en": "and", "es": "y"}})
    with pytest.raises(ValueError, match="no text in es"):
        register({"test.only_english": {"en": "hello"}})
    assert "test.only_english" not in MESSAGES


def test_language_choice(monkeypatch):
    monkeypatch.delenv("SCOREPAD_LANG", raising=False)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert choose_lang() == "es"
    assert choose_lang("en") == "en"
    monkeypatch.setenv("SCOREPAD_LANG", "en")
    assert choose_lang() == "en"
    monkeypatch.setenv("SCOREPAD_LANG", "fr")
    monkeypatch.setenv("LANG", "C")
    assert choose_lang() == "en"
    assert join_words(["Ana", "Ben", "Carla"], "es") == "Ana, Ben y Carla"


def test_core_imports_only_the_standard_library_and_itself():
    allowed = set(sys.stdlib_module_names) | {"scorepad"}
    for path in CORE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert top in allowed, f"{path.name} imports {name}"
                if top == "scorepad":
                    assert name.startswith("scorepad.core"), f"{path.name} imports {name}"


def test_importing_the_core_loads_no_ui_sql_or_pdf_library():
    code = (
        "import sys, scorepad.core, scorepad.cli\n"
        "heavy = {'flet', 'sqlalchemy', 'sqlmodel', 'reportlab', 'alembic', 'psycopg'}\n"
        "print(sorted(heavy & {m.split('.')[0] for m in sys.modules}))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_the_core_type_checks_strictly():
    pytest.importorskip("mypy", reason="mypy is in the test extra: pip install -e '.[test]'")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", str(CORE)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
