"""``scorepad sheet``: printable A4 sheets from the command line.

Only argument handling lives here; reportlab is imported inside the handler, so that
registering the command costs the CLI's start-up nothing. ``GAME`` is a built-in id, a
game file, or (with ``--db`` or $SCOREPAD_DB) one of the user's own games.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from scorepad.cli.io import named_history, open_history, options
from scorepad.cli.lookup import find_template
from scorepad.core import GameTemplate, resolve_variant
from scorepad.core.combined import with_modules
from scorepad.core.errors import SheetError, quote
from scorepad.printing.errors import PrintError

PRINTABLES = Path("printables")


COMMANDS: tuple[str, ...] = ("sheet",)
"""The commands ``add_commands`` adds (``scorepad.cli.build_parser``)."""


def add_commands(commands: argparse._SubParsersAction[Any]) -> None:
    sheet = commands.add_parser(
        "sheet",
        help="printable A4 score sheet (PDF) / hoja de puntuación imprimible (PDF)",
        description="Writes an A4 PDF with two copies of a game's score sheet.",
    )
    sheet.add_argument(
        "game", nargs="?", help="game id (e.g. azul; yours with --db) or a game file (.json)"
    )
    sheet.add_argument("--variant", help="variant, e.g. A or B for azul-sintra")
    sheet.add_argument(
        "--module", action="append", help="a module of the game chosen (repeat for several)"
    )
    sheet.add_argument("--players", help="number of player columns (default: the game's most)")
    sheet.add_argument("--names", help='player names, comma-separated: "Ana,Ben,Carla"')
    sheet.add_argument(
        "-o",
        "--output",
        help="the PDF to write (default GAME.LANG.pdf here); with --all, a folder",
    )
    sheet.add_argument(
        "--all",
        action="store_true",
        help="every built-in game and variant in every language, plus a booklet "
        "per language, into the -o folder (default printables/)",
    )
    sheet.add_argument(
        "--play",
        type=int,
        metavar="ID",
        help="a saved play filled in (id from `scorepad history`) / una partida guardada",
    )
    options(sheet, db=True)
    sheet.set_defaults(handler=cmd_sheet)


def cmd_sheet(args: argparse.Namespace) -> int:
    from scorepad.printing import document

    if args.all:
        extra = [args.game, args.variant, args.players, args.names, args.play, args.module]
        if any(value is not None for value in extra):
            raise PrintError("print.all_and_game")
        folder = Path(args.output) if args.output else PRINTABLES
        for path in document.write_printables(folder):
            print(path)
        return 0
    if args.play is not None:
        given = (args.game, args.variant, args.players, args.names, args.module)
        if any(v is not None for v in given):
            raise PrintError("print.play_and_game")
        return print_play(args)
    if args.game is None:
        raise PrintError("print.need_game")
    template = with_modules(
        find_template(args.game, named_history(args), _unknown_game), args.module
    )
    variant = resolve_variant(template, args.variant)
    names = split_names(args.names)
    players = player_count(args.players, template)
    data = document.sheet_pdf(template, variant, args.lang, players, names)
    path = output_path(args.output, document.page_name(template, variant, args.lang))
    print(document.write_pdf(path, data))
    return 0


def print_play(args: argparse.Namespace) -> int:
    """A saved play filled in, as it was scored (from the template snapshot it was saved with)."""
    from scorepad.printing import document
    from scorepad.store import read_boards

    with open_history(args.db) as store:
        record = store.get_play(args.play)
    summary = record.summary
    data = document.played_sheet_pdf(
        record.sheet,
        args.lang,
        summary.played_at.date(),
        summary.location,
        read_boards([p.board for p in summary.players], summary.variant),
    )
    path = output_path(args.output, f"play-{summary.id}.{args.lang}.pdf")
    print(document.write_pdf(path, data))
    return 0


def output_path(output: str | None, default: str) -> Path:
    """Where ``-o`` says (a file, or a folder to put ``default`` in), else ``default`` here."""
    path = Path(output) if output else Path(default)
    return path / default if path.is_dir() else path


def _unknown_game(value: str, choices: str) -> PrintError:
    return PrintError("print.unknown_game", value=value, choices=choices)


def split_names(text: str | None) -> list[str]:
    if text is None:
        return []
    return text.split(",")


def player_count(text: str | None, template: GameTemplate) -> int | None:
    if text is None:
        return None
    try:
        return int(text.strip())
    except ValueError:
        raise SheetError(
            "sheet.player_count",
            game=quote(template.id),
            low=template.min_players,
            high=template.max_players,
            count=quote(text),
        ) from None
