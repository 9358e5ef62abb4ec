"""The ``scorepad`` command: parses arguments, calls the layers below, prints.

Domain errors become one clear line on stderr and exit status 2; nothing here scores,
stores or draws by itself.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from scorepad import __version__
from scorepad.core import GameTemplate, ScorepadError, builtin_games, find_game, load_template
from scorepad.core.errors import SheetError
from scorepad.core.i18n import choose_lang, pick, tr
from scorepad.core.numbers import json_number
from scorepad.core.scoring import resolve_variant
from scorepad.core.sheetfile import score_sheet_text
from scorepad.printing.commands import add_commands as add_printing_commands
from scorepad.store.commands import add_commands as add_store_commands
from scorepad.textsheet import describe_template, render_games, render_scored
from scorepad.ui.commands import add_commands as add_app_commands

EXIT_BAD_INPUT = 2
DEFAULT_COMMAND = "app"
"""What a bare ``scorepad`` runs: the app, served in the browser."""

Handler = Callable[[argparse.Namespace], int]

COMMAND_GROUPS: tuple[Callable[..., None], ...] = (
    add_app_commands,
    add_store_commands,
    add_printing_commands,
)
"""Each layer above the core adds its commands here: a function taking the subparsers."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    argv = sys.argv[1:] if argv is None else argv
    args = parser.parse_args(with_command(argv))
    args.lang = choose_lang(getattr(args, "lang", None))
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="scorepad",
        description="Score sheets for board games / Hojas de puntuación para juegos de mesa.",
    )
    parser.add_argument("--version", action="version", version=f"scorepad {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")

    games = commands.add_parser("games", help="list the games / lista los juegos")
    _common(games)
    games.set_defaults(handler=cmd_games)
    games_sub = games.add_subparsers(title="games commands", metavar="ACTION")
    validate = games_sub.add_parser(
        "validate", help="check a game file / comprueba un archivo de juego"
    )
    validate.add_argument("file", help="a game file (.json)")
    _common(validate)
    validate.set_defaults(handler=cmd_validate)

    template = commands.add_parser(
        "template", help="the lines of a game and how each scores / las líneas de un juego"
    )
    template.add_argument("game", help="game id, e.g. azul")
    template.add_argument("--variant", help="variant, e.g. A or B for azul-sintra")
    _common(template)
    template.set_defaults(handler=cmd_template)

    score = commands.add_parser("score", help="score a sheet file / puntúa un archivo de hoja")
    score.add_argument("file", help="a sheet file (.json), or - for standard input")
    _common(score)
    score.set_defaults(handler=cmd_score)
    for add_commands in COMMAND_GROUPS:
        add_commands(commands)
    return parser


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--lang", choices=["es", "en"], help="language / idioma")


def read_text(path: str) -> str:
    """A file's text (``-`` is standard input), or a SheetError naming the file."""
    try:
        if path == "-":
            return sys.stdin.read()
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        detail: object = ScorepadError("file.not_utf8")
    except FileNotFoundError:
        detail = ScorepadError("file.not_found")
    except PermissionError:
        detail = ScorepadError("file.denied")
    except IsADirectoryError:
        detail = ScorepadError("file.is_folder")
    except OSError as problem:
        detail = problem.strerror or str(problem)
    raise SheetError("sheet.unreadable", source=path, detail=detail)


def print_json(data: object) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def cmd_games(args: argparse.Namespace) -> int:
    games = list(builtin_games().values())
    if args.json:
        print_json([game_summary(g) for g in games])
    else:
        print(render_games(games, args.lang))
    return 0


def game_summary(game: GameTemplate) -> dict[str, object]:
    return {
        "id": game.id,
        "name": dict(game.name),
        "variants": [{"id": v.id, "name": dict(v.label)} for v in game.variants],
        "players": {"min": game.min_players, "max": game.max_players},
        "wins": game.wins,
        "builtin": game.builtin,
    }


def cmd_validate(args: argparse.Namespace) -> int:
    template = load_template(read_text(args.file), args.file)
    lines = len(template.lines)
    if args.json:
        print_json({"valid": True, **game_summary(template), "lines": lines})
    else:
        name = pick(template.name, args.lang)
        print(tr("template.valid", args.lang, source=args.file, name=name, lines=lines))
    return 0


def cmd_template(args: argparse.Namespace) -> int:
    template = find_game(args.game)
    variant = resolve_variant(template, args.variant) if args.variant is not None else None
    if args.json:
        print_json(template_json(template, variant, args.lang))
    else:
        print(describe_template(template, variant, args.lang))
    return 0


def template_json(template: GameTemplate, variant: str | None, lang: str) -> dict[str, object]:
    variants = [variant] if variant or not template.variants else [v.id for v in template.variants]
    return {
        **game_summary(template),
        "lines": [
            {
                "key": line.key,
                "kind": line.kind,
                "label": pick(line.label, lang),
                "scores": line.describe(lang),
                "counts": line.counts,
                "variants": sorted(line.variants) if line.variants else None,
            }
            for line in template.lines
            if any(line in template.lines_for(v) for v in variants)
        ],
        "tiebreakers": [
            {
                "label": pick(tb.label, lang),
                "prefer": tb.prefer,
                "terms": {k: json_number(w) for k, w in tb.terms},
            }
            for tb in template.tiebreakers
        ],
        "reminders": [pick(r, lang) for r in template.reminders],
    }


def cmd_score(args: argparse.Namespace) -> int:
    sheet = score_sheet_text(read_text(args.file), args.file)
    if args.json:
        print_json(sheet.to_json(args.lang))
    else:
        print(render_scored(sheet, args.lang))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
