"""The command line starts with only what the command run uses: the parser's set-up loads
no app (Flet, its server's asyncio), no history (SQLModel, SQLAlchemy, Alembic) and no
PDF library, and each command loads its own when it runs. Checked in fresh processes by
the modules loaded, never by a clock (``bench/bench_cli_start.py`` times it).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from scorepad.cli import COMMAND_GROUPS, build_parser

ROOT = Path(__file__).parents[2]
HEAVY = (
    "flet",
    "flet_web",
    "sqlmodel",
    "sqlalchemy",
    "alembic",
    "psycopg",
    "reportlab",
    "asyncio",
    "scorepad.ui.launch",
    "scorepad.ui.app",
    "scorepad.store",
    "scorepad.printing.document",
)
"""What neither ``scorepad score`` nor ``scorepad --help`` needs."""


def loaded_by(*argv: str) -> tuple[str, list[str]]:
    """What ``scorepad ARGV`` prints, and which of ``HEAVY`` it loaded, run in a fresh
    interpreter as the ``scorepad`` script runs it."""
    code = (
        "import json, sys\n"
        "from scorepad.cli import main\n"
        "try:\n"
        f"    status = main({list(argv)!r})\n"
        "except SystemExit as end:\n"
        "    status = end.code\n"
        "sys.stdout.flush()\n"
        f"heavy = {HEAVY!r}\n"
        "found = sorted(h for h in heavy if any(m == h or m.startswith(h + '.') "
        "for m in sys.modules))\n"
        "print(json.dumps({'status': status, 'loaded': found}), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    report = json.loads(done.stderr.strip().splitlines()[-1])
    assert report["status"] in (0, None), done.stderr
    return done.stdout, report["loaded"]


def test_score_loads_no_app_no_history_and_no_pdf_library():
    out, loaded = loaded_by("score", "examples/azul.json", "--lang", "en")
    assert "Ana" in out  # it scored the sheet
    assert loaded == []


def test_help_lists_every_command_and_loads_nothing_heavy():
    out, loaded = loaded_by("--help")
    assert loaded == []
    commands = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    listed = {line.split()[0] for line in out.splitlines() if line.startswith("    ")}
    assert set(commands) <= listed, set(commands) - listed
    assert {"score", "app", "games", "history", "sheet", "template"} <= set(commands)


def test_the_app_command_still_says_its_default_port_without_loading_the_app():
    out, loaded = loaded_by("app", "--help")
    assert "default 8550" in out
    assert loaded == []


def test_the_heavy_check_sees_what_a_command_loads(tmp_path):
    """The check above can fail: a command that opens the history loads SQLModel."""
    history = f"sqlite:///{tmp_path / 'history.db'}"
    _out, loaded = loaded_by("games", "--json", "--db", history)
    assert "sqlmodel" in loaded and "scorepad.store" in loaded


def commands_of(parser) -> list[str]:
    return list(parser._subparsers._group_actions[0].choices)


def test_each_group_lists_exactly_the_commands_it_adds():
    every = commands_of(build_parser())
    listed = [name for group in COMMAND_GROUPS for name in group.COMMANDS]
    assert sorted(listed) == sorted(every) and len(set(listed)) == len(listed)
    for group in COMMAND_GROUPS:
        for name in group.COMMANDS:
            assert commands_of(build_parser(name)) == list(group.COMMANDS), name
    assert commands_of(build_parser("no-such-command")) == every  # then argparse names them


def test_a_command_parses_the_same_with_its_group_alone_as_with_every_group():
    for argv in (
        ["score", "examples/azul.json", "--json", "--lang", "es"],
        ["games", "list", "--players", "3"],
        ["sheet", "azul", "--players", "Ana,Ben"],
        ["history", "--limit", "5"],
        ["app", "--port", "9001", "--no-browser"],
    ):
        alone = vars(build_parser(argv[0]).parse_args(argv))
        whole = vars(build_parser().parse_args(argv))
        assert alone == whole, argv
