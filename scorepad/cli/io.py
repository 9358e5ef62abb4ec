"""What every command shares: reading its input, printing JSON, and the common options.

The options each command can take (``--lang``, ``--json``, ``--db``) are defined here once;
a command asks for the ones it has with :func:`options`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorepad.core import ScorepadError
from scorepad.core.errors import SheetError
from scorepad.core.i18n import LANGS

if TYPE_CHECKING:
    from scorepad.store import Store

DB_ENV = "SCOREPAD_DB"
"""The history every command and the app use when no ``--db`` is given."""


def options(
    parser: argparse.ArgumentParser, *, json: bool = False, db: bool = False, action: bool = False
) -> None:
    """``--lang`` (every command), and ``--json`` and ``--db`` for the commands that have them.

    ``action``: ``parser`` is an action under a command with the same options
    (``scorepad games list``), so that ``games --db X list`` and ``games list --db X`` both
    count: an option left out here keeps the command's value instead of resetting it.
    """
    keep: dict[str, Any] = {"default": argparse.SUPPRESS} if action else {}
    if json:
        parser.add_argument("--json", action="store_true", help="print JSON", **keep)
    parser.add_argument("--lang", choices=LANGS, help="language / idioma", **keep)
    if db:
        parser.add_argument(
            "--db",
            metavar="URL",
            help=f"history file or SQLAlchemy URL (default: ${DB_ENV})",
            **keep,
        )


def named_history(args: argparse.Namespace) -> str | None:
    """The history that ``--db`` or $SCOREPAD_DB names, or None when neither does.

    Commands that only look games up read a history only when one is named, so that
    ``scorepad games`` or ``scorepad sheet azul`` never create or open the default file.
    """
    return getattr(args, "db", None) or os.environ.get(DB_ENV) or None


def open_history(url: str | None) -> Store:
    """The history at ``url`` ($SCOREPAD_DB or the default file when None). SQLAlchemy is
    loaded here, not when the command line starts."""
    from scorepad.store import open_store

    return open_store(url)


def read_text(path: str) -> str:
    """A file's text (``-`` is standard input), or a SheetError naming the file."""
    try:
        if path == "-":
            return sys.stdin.read()
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        detail: object = ScorepadError("file.not_utf8")
    except OSError as problem:
        detail = os_problem(problem)
    raise SheetError("sheet.unreadable", source=path, detail=detail)


def os_problem(problem: OSError) -> object:
    """What went wrong with a file, in the command's language where Scorepad says it."""
    if isinstance(problem, FileNotFoundError):
        return ScorepadError("file.not_found")
    if isinstance(problem, PermissionError):
        return ScorepadError("file.denied")
    if isinstance(problem, IsADirectoryError):
        return ScorepadError("file.is_folder")
    return problem.strerror or str(problem)


def print_json(data: object) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))
