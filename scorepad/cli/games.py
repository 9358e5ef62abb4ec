"""``scorepad games`` (the built-in games and the user's own), and ``template``.

One noun holds every game command::

    games [list]             the games: built-in, and the history's own with --db/$SCOREPAD_DB
    games show GAME          a game's lines and how each scores (also ``template GAME``)
    games validate FILE      checks a game file
    games new FILE           adds a game file to the history as the user's own game
    games import FILE        adds a game file, or replaces the user's game of that id
    games export GAME [FILE] writes a game as a game file
    games delete GAME        removes the user's game (its saved plays stay)
    games restore GAME       brings a removed game back
    games index [FOLDER]     writes the built-in games' index (after changing a game file)

The older spellings stay: ``game`` (the user's games, one ``id<TAB>name`` per line),
``game add`` (new), ``game edit`` (import), ``game remove`` (delete), ``game restore`` and
``game export``.

What only one command needs (finding games, the index, writing files) is imported by that
command, so that every other command starts without it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorepad.cli.as_json import game_summary, template_json
from scorepad.cli.io import (
    named_history,
    open_history,
    options,
    os_problem,
    print_json,
    read_text,
)
from scorepad.cli.lookup import find_template
from scorepad.cli.render import describe_template, render_games
from scorepad.core import load_template
from scorepad.core.catalogue import GAMES_FOLDER, Catalogue, builtin_entries
from scorepad.core.combined import with_modules
from scorepad.core.errors import SheetError, quote
from scorepad.core.i18n import pick, tr
from scorepad.core.scoring import resolve_variant

if TYPE_CHECKING:
    from scorepad.core.finding import Played

Handler = Callable[[argparse.Namespace], int]


COMMANDS: tuple[str, ...] = ("games", "template", "game")
"""The commands ``add_commands`` adds (``scorepad.cli.build_parser``)."""


def add_commands(commands: argparse._SubParsersAction[Any]) -> None:
    games = commands.add_parser(
        "games", help="the games, built-in and your own / los juegos, incluidos y tuyos"
    )
    options(games, json=True, db=True)
    _finding(games)
    games.set_defaults(handler=cmd_list)
    actions = games.add_subparsers(title="games commands", metavar="ACTION")
    listing = actions.add_parser("list", help="the games (the default action)")
    options(listing, json=True, db=True, action=True)
    _finding(listing, action=True)
    listing.set_defaults(handler=cmd_list)
    show = actions.add_parser("show", help="a game's lines and how each scores (= template)")
    _template_arguments(show, action=True)
    validate = actions.add_parser(
        "validate", help="check a game file / comprueba un archivo de juego"
    )
    validate.add_argument("file", help="a game file (.json)")
    options(validate, json=True, action=True)
    validate.set_defaults(handler=cmd_validate)
    for name, action in OWN_GAME_ACTIONS.items():
        _own_game_action(actions, name, *action)
    index = actions.add_parser(
        "index", help="write the built-in games' index (after changing a game file)"
    )
    index.add_argument(
        "folder", nargs="?", help="a folder of game files (default: the built-in games')"
    )
    options(index, action=True)
    index.set_defaults(handler=cmd_index)

    template = commands.add_parser(
        "template", help="the lines of a game and how each scores / las líneas de un juego"
    )
    _template_arguments(template)

    game = commands.add_parser(
        "game", help="your own games (older spelling of `games`) / tus juegos"
    )
    options(game, json=True, db=True)
    game.set_defaults(handler=cmd_your_games)
    old = game.add_subparsers(title="game commands", metavar="ACTION")
    for old_name, name in OLD_SPELLINGS.items():
        handler, takes, helptext = OWN_GAME_ACTIONS[name]
        _own_game_action(old, old_name, handler, takes, f"{helptext} (= games {name})")


def _template_arguments(parser: argparse.ArgumentParser, *, action: bool = False) -> None:
    parser.add_argument("game", help="game id (built-in, or yours with --db), or a game file")
    parser.add_argument("--variant", help="variant, e.g. A or B for azul-sintra")
    parser.add_argument(
        "--module", action="append", help="a module of the game chosen (repeat for several)"
    )
    options(parser, json=True, db=True, action=action)
    parser.set_defaults(handler=cmd_template)


def _own_game_action(
    actions: argparse._SubParsersAction[Any],
    name: str,
    handler: Handler,
    takes: tuple[str, ...],
    helptext: str,
) -> None:
    action = actions.add_parser(name, help=helptext)
    for argument in takes:
        dest, settings = ARGUMENTS[argument]
        action.add_argument(dest, **settings)
    options(action, json=True, db=True, action=True)
    action.set_defaults(handler=handler)


def _finding(parser: argparse.ArgumentParser, *, action: bool = False) -> None:
    keep: dict[str, Any] = {"default": argparse.SUPPRESS} if action else {}
    parser.add_argument("--players", type=int, metavar="N", help="only games for N players", **keep)
    parser.add_argument(
        "--search", metavar="TEXT", help="only games whose name holds these words", **keep
    )


def cmd_list(args: argparse.Namespace) -> int:
    """The built-in games, and the user's own when a history is named (none is opened
    otherwise: listing the games needs no database), as the app's picker finds them:
    ``--search`` words (case and accents ignored), ``--players`` at the table, and with
    a history the games played last and most first."""
    from scorepad.core.finding import find_games

    players = getattr(args, "players", None)
    if players is not None and players < 1:
        raise SheetError("cli.players_at_least_one", value=players)
    url = named_history(args)
    played: dict[str, Played] = {}
    if url is None:
        every = list(builtin_entries().values())
    else:
        with open_history(url) as store:
            every = list(store.sheet_entries().values())
            played = store.played_games()
    words = getattr(args, "search", None) or ""
    games = find_games(every, words, players, played, args.lang)
    if not games and not args.json:  # nothing found is an answer, not an error: status 1
        print(
            f"scorepad: {tr('cli.no_game_found', args.lang, value=_asked(words, players))}",
            file=sys.stderr,
        )
        return 1
    if args.json:
        print_json([game_summary(g) for g in games])
    else:
        print(render_games(games, args.lang))
    return 0


def _asked(words: str, players: int | None) -> str:
    """What was asked for, said back as typed: "azul" --players 7."""
    parts = [quote(words)] if words else []
    if players is not None:
        parts.append(f"--players {players}")
    return " ".join(parts)


def cmd_template(args: argparse.Namespace) -> int:
    template = find_template(args.game, named_history(args), _unknown_game)
    template = with_modules(template, args.module)
    variant = resolve_variant(template, args.variant) if args.variant is not None else None
    if args.json:
        print_json(template_json(template, variant, args.lang))
    else:
        print(describe_template(template, variant, args.lang))
    return 0


def _unknown_game(value: str, choices: str) -> SheetError:
    return SheetError("sheet.unknown_game", value=value, choices=choices)


def cmd_validate(args: argparse.Namespace) -> int:
    template = load_template(read_text(args.file), args.file)
    lines = len(template.lines)
    if args.json:
        print_json({"valid": True, **game_summary(template), "lines": lines})
    else:
        name = pick(template.name, args.lang)
        print(tr("template.valid", args.lang, source=args.file, name=name, lines=lines))
    return 0


def cmd_index(args: argparse.Namespace) -> int:
    """Writes ``index.jsonl`` beside a folder's game files, each file read and checked
    (a broken one stops it, by name, before anything is written)."""
    from scorepad.core.game_index import INDEX_NAME, index_text
    from scorepad.files import write_atomic

    folder = Path(args.folder) if args.folder else GAMES_FOLDER
    games = Catalogue(folder)
    text = index_text(games[game] for game in games)
    try:
        write_atomic(folder / INDEX_NAME, text)
    except OSError as problem:
        raise SheetError(
            "store.cannot_write", path=str(folder / INDEX_NAME), detail=os_problem(problem)
        ) from None
    return 0


def cmd_your_games(args: argparse.Namespace) -> int:
    """``scorepad game``: only the user's games, one ``id<TAB>name`` per line, as before."""
    with open_history(args.db) as store:
        games = store.custom_games()
    if args.json:
        print_json([{"id": g.template.id, "name": dict(g.template.name)} for g in games])
    else:
        for game in games:
            print(f"{game.template.id}\t{pick(game.template.name, args.lang)}")
    return 0


def cmd_new(args: argparse.Namespace) -> int:
    text = read_text(args.file)
    with open_history(args.db) as store:
        store.create_game(text, args.file)
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    text = read_text(args.file)
    with open_history(args.db) as store:
        store.import_game(text, args.file)
    return 0


def cmd_delete(args: argparse.Namespace) -> int:
    with open_history(args.db) as store:
        store.delete_game(args.game)
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    with open_history(args.db) as store:
        store.restore_game(args.game)
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    with open_history(args.db) as store:
        if args.file != "-":
            store.export_game_file(args.game, args.file)  # whole, or not at all
            return 0
        text = store.export_game(args.game)
    print(text, end="")
    return 0


ARGUMENTS: dict[str, tuple[str, dict[str, Any]]] = {
    "file": ("file", {"help": "a game file (.json)"}),
    "game": ("game", {"help": "game id"}),
    "output": ("file", {"nargs": "?", "default": "-", "help": "file to write (- for output)"}),
}

OWN_GAME_ACTIONS: dict[str, tuple[Handler, tuple[str, ...], str]] = {
    "new": (cmd_new, ("file",), "add a game file to your games"),
    "import": (cmd_import, ("file",), "add a game file, or replace your game with the same id"),
    "export": (cmd_export, ("game", "output"), "write a game as a game file"),
    "delete": (cmd_delete, ("game",), "remove your game (saved plays stay)"),
    "restore": (cmd_restore, ("game",), "bring a removed game back"),
}
"""The ``games`` actions on the user's games in the history: handler, arguments, help."""

OLD_SPELLINGS = {
    "add": "new",
    "edit": "import",
    "remove": "delete",
    "restore": "restore",
    "export": "export",
}
"""``scorepad game ACTION``: the older spelling of each ``scorepad games`` action."""
