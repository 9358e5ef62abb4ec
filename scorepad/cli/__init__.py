"""The ``scorepad`` command: parses arguments, calls the layers below, prints.

This package is the only place that knows argparse. Each group of commands is a module
with an ``add_commands(subparsers)`` and the ``COMMANDS`` it adds: ``games`` (games and
templates), ``scoring`` (``score``), ``history`` (history, stats, export, import,
players), ``printing`` (``sheet``), ``share`` (a play's result card), ``suggest`` (what to
play tonight), ``groups`` (a group server's groups, invites and members) and ``app``. What
they share: ``io`` (input, JSON output, the common options), ``lookup`` (finding the game
a command names), ``render`` and ``as_json`` (what they print).
Domain errors become one clear line on stderr and exit status 2; nothing here scores,
stores or draws by itself.

A command starts with only what it uses: the groups import their heavy parts (the app,
the history, the PDF library) inside the commands that use them, and a command run sets
up only its own group's parsers (``build_parser(command)``); ``--help``, ``--version``
and a command no group lists get every group's.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, Protocol

from scorepad import __version__
from scorepad.cli import (
    app,
    games,
    groups,
    history,
    nights,
    printing,
    ratings,
    review,
    scoring,
    share,
    suggest,
)
from scorepad.core import ScorepadError
from scorepad.core.i18n import choose_lang

EXIT_BAD_INPUT = 2
DEFAULT_COMMAND = "app"
"""What a bare ``scorepad`` runs: the app, served in the browser."""

Handler = Callable[[argparse.Namespace], int]


class CommandGroup(Protocol):
    """A module of commands: ``add_commands`` adds the ``COMMANDS`` it names."""

    COMMANDS: tuple[str, ...]

    def add_commands(self, commands: argparse._SubParsersAction[Any], /) -> None: ...


COMMAND_GROUPS: tuple[CommandGroup, ...] = (
    games,
    scoring,
    printing,
    history,
    nights,
    ratings,
    share,
    review,
    suggest,
    groups,
    app,
)
"""Every command, group by group, in the order ``scorepad --help`` lists them."""


def main(argv: Sequence[str] | None = None) -> int:
    argv = with_command(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv[0])
    args = parser.parse_args(argv)
    args.lang = choose_lang(getattr(args, "lang", None))
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        build_parser().print_help()
        return 0
    try:
        return handler(args)
    except ScorepadError as error:
        fail(error.message(args.lang))
    except BrokenPipeError:  # `scorepad history | head`: the reader left, nothing to say
        return 0


def with_command(argv: Sequence[str]) -> list[str]:
    """``scorepad`` alone, or with only the app's options (``scorepad --port 9000``), runs
    the app; ``--help`` and ``--version`` still answer for the whole command."""
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help", "--version")):
        return [DEFAULT_COMMAND, *argv]
    return list(argv)


def fail(message: str) -> NoReturn:
    print(f"scorepad: {message}", file=sys.stderr)
    raise SystemExit(EXIT_BAD_INPUT)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command; with ``command`` (a command's name), of that command's
    group only, when a group lists it (setting up the other groups' parsers was most of
    a command's work before it started)."""
    parser = argparse.ArgumentParser(
        prog="scorepad",
        description="Score sheets for board games / Hojas de puntuación para juegos de mesa.",
    )
    parser.add_argument("--version", action="version", version=f"scorepad {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    groups = [group for group in COMMAND_GROUPS if command in group.COMMANDS]
    for group in groups or COMMAND_GROUPS:
        group.add_commands(commands)
    return parser
