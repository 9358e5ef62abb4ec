"""Every catalogue holds every message of the English one with the same fields, the compiled
catalogues are current, and the core stays pure.

The catalogues are read from the files (not from what other tests happened to import), so
these checks cover every message in any subset of the suite.
"""

from __future__ import annotations

import ast
import datetime as dt
import io
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest
from babel.dates import format_date
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import get_decimal_symbol

import scorepad
import scorepad.core
from scorepad.core.i18n import (
    DOMAIN,
    LANGS,
    LOCALE_DIR,
    PLURAL,
    choose_lang,
    decimal_mark,
    join_words,
    ntr,
    tr,
)

CORE = Path(scorepad.core.__file__).parent
PACKAGE = Path(scorepad.__file__).parent
ROOT = PACKAGE.parent


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def catalogue(lang: str):
    with po_path(lang).open("rb") as handle:
        return read_po(handle, locale=lang)


def messages(lang: str) -> dict[str, object]:
    """Key → its text, or the tuple of its plural forms."""
    found = {}
    for message in catalogue(lang):
        if not message.id:
            continue
        key = message.id[0] if message.pluralizable else message.id
        found[key] = tuple(message.string) if message.pluralizable else message.string
    return found


ENGLISH = messages("en")


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_language_has_a_catalogue_and_english_is_the_first():
    assert LANGS[0] == "en"
    assert sorted(path.parent.parent.name for path in LOCALE_DIR.glob("*/LC_MESSAGES/*.po")) == (
        sorted(LANGS)
    )
    assert len(ENGLISH) > 400


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalogue_holds_every_english_message_with_the_same_fields(lang):
    found = messages(lang)
    assert set(found) == set(ENGLISH), lang
    problems = []
    for key, english in ENGLISH.items():
        text = found[key]
        if isinstance(english, tuple):
            if not isinstance(text, tuple):
                problems.append(f"{key}: not plural")
                continue
            wanted = set().union(*map(fields, english))
            if not all(form.strip() for form in text):
                problems.append(f"{key}: a plural form is empty")
            if set().union(*map(fields, text)) != wanted or fields(text[-1]) != fields(english[-1]):
                problems.append(f"{key}: fields {[sorted(fields(f)) for f in text]}")
        elif not isinstance(text, str) or not text.strip():
            problems.append(f"{key}: empty")
        elif fields(text) != fields(english):
            problems.append(f"{key}: fields {sorted(fields(text))} != {sorted(fields(english))}")
    assert not problems, problems


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalogue_is_complete_and_has_its_language_plural_rule(lang):
    found = catalogue(lang)
    assert not found.fuzzy, f"{lang}: the catalogue is marked fuzzy (compile would skip it)"
    assert [m.id for m in found if m.id and m.fuzzy] == []
    assert str(found.locale) == lang
    for message in found:
        if message.pluralizable:
            assert message.id[1] == message.id[0] + PLURAL
            assert len(message.string) == found.num_plurals, message.id


@pytest.mark.parametrize("lang", LANGS)
def test_the_compiled_catalogues_are_current(lang):
    """The .mo beside each .po is what ``pybabel compile`` makes of it now."""
    compiled = io.BytesIO()
    write_mo(compiled, catalogue(lang))
    committed = po_path(lang).with_suffix(".mo").read_bytes()
    assert committed == compiled.getvalue(), (
        f"{lang}: run `pybabel compile -d scorepad/locale -D scorepad` (docs/develop/translations.md)"
    )


def test_the_template_is_what_extraction_makes_of_the_english_catalogue():
    """``scorepad.pot`` carries every key, with its English text as a translator's note."""
    extracted = {
        (ids if isinstance(ids, str) else tuple(ids)): " ".join(comments)
        for _, ids, comments, _ in extract_from_file(
            "scorepad.locale.extract:extract_english", str(po_path("en"))
        )
    }
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("rb") as handle:
        template = {
            (m.id if isinstance(m.id, str) else tuple(m.id)): " ".join(m.auto_comments)
            for m in read_po(handle)
            if m.id
        }
    assert template == extracted, (
        "run `pybabel extract -F babel.cfg …` (docs/develop/translations.md)"
    )
    assert template["app.save"] == "English: Save"
    for lang in LANGS:
        comments = {
            (m.id if isinstance(m.id, str) else tuple(m.id)): " ".join(m.auto_comments)
            for m in catalogue(lang)
            if m.id
        }
        assert comments == template, (
            f"{lang}: run `pybabel update …` (docs/develop/translations.md)"
        )


def test_the_babel_mapping_names_the_english_catalogue():
    mapping = (ROOT / "babel.cfg").read_text(encoding="utf-8")
    assert "scorepad.locale.extract:extract_english" in mapping
    assert "scorepad/locale/en/LC_MESSAGES/scorepad.po" in mapping


@pytest.mark.parametrize("lang", LANGS)
def test_number_and_date_formats_are_the_languages_own(lang):
    assert decimal_mark(lang) == get_decimal_symbol(lang)
    pattern = tr("format.date", lang)
    shown = format_date(dt.date(2026, 3, 31), pattern, locale=lang)
    assert "31" in shown and "2026" in shown and "3" in shown.replace("31", "")
    assert tr("language.name", lang)[0].isupper()


FILE_NAMES = (".json", ".jsonl", ".png", ".pdf", ".zip", ".csv", ".xml")


def test_every_message_key_in_the_code_is_in_the_catalogue():
    """A literal key passed anywhere in the package (``ctx.t("app.save")``,
    ``StoreError("store.busy", …)``) names a message that exists."""
    prefixes = {key.split(".")[0] for key in ENGLISH}
    keyish = re.compile(r"^[a-z]+(\.[a-z0-9_]+)+$")
    missing = []
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        parts = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in parts
            ):
                text = node.value
                if (
                    keyish.match(text)
                    and not text.endswith(FILE_NAMES)  # "photos.json": a file, not a message
                    and text.split(".")[0] in prefixes
                    and text not in ENGLISH
                    and not all(f"{text}_{lang}" in ENGLISH for lang in LANGS)  # one per language
                ):
                    missing.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {text}")
    assert not missing, missing


def test_plurals_follow_each_language():
    assert [ntr("result.points", n, "en", points=n) for n in (0, 1, 2)] == [
        "0 points",
        "1 point",
        "2 points",
    ]
    assert [ntr("result.points", n, "fr", points=n) for n in (0, 1, 2)] == [
        "0 point",
        "1 point",
        "2 points",
    ]
    assert ntr("result.points", 1, "de", points=1) == "1 Punkt"
    assert ntr("app.rank_n", 1, "fr", rank=1) == "1er"
    assert ntr("app.rank_n", 2, "fr", rank=2) == "2e"
    assert ntr("manage.play_count", 1000000, "es", n=1000000) == "1000000 partidas"


def test_an_unknown_key_is_an_error_and_an_unknown_language_reads_english():
    with pytest.raises(KeyError):
        tr("no.such_message", "fr")
    with pytest.raises(KeyError):
        ntr("no.such_message", 2, "de")
    assert tr("app.save", "xx") == "Save"


def test_language_choice(monkeypatch):
    monkeypatch.delenv("SCOREPAD_LANG", raising=False)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert choose_lang() == "es"
    assert choose_lang("en") == "en"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert choose_lang() == "de"
    monkeypatch.setenv("SCOREPAD_LANG", "en")
    assert choose_lang() == "en"
    monkeypatch.setenv("SCOREPAD_LANG", "fr")
    assert choose_lang() == "fr"
    monkeypatch.setenv("SCOREPAD_LANG", "it")
    monkeypatch.setenv("LANG", "C")
    assert choose_lang() == "en"
    assert join_words(["Ana", "Ben", "Carla"], "es") == "Ana, Ben y Carla"
    assert join_words(["Ana", "Ben", "Carla"], "fr") == "Ana, Ben et Carla"
    assert join_words(["Ana", "Ben"], "de") == "Ana und Ben"


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


def test_importing_the_core_loads_no_ui_sql_pdf_or_babel_library():
    code = (
        "import sys, scorepad.core, scorepad.cli\n"
        "from scorepad.core.i18n import tr\n"
        "from scorepad.core import builtin_games\n"
        "[tr('app.save', lang) for lang in ('en', 'es', 'fr', 'de')]\n"
        "heavy = {'flet', 'sqlalchemy', 'sqlmodel', 'reportlab', 'alembic', 'psycopg', 'babel'}\n"
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
