"""``scorepad score FILE``: a sheet file scored, printed, and with ``--save`` kept.

A sheet may name a built-in game or one of the user's own: those are read from the
history that ``--db`` or $SCOREPAD_DB names (only when the game is not a built-in one),
or, with ``--save``, from the history the play goes into.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from scorepad.cli.as_json import scored_json
from scorepad.cli.io import named_history, open_history, options, print_json, read_text
from scorepad.cli.lookup import known_games
from scorepad.cli.render import render_boards, render_scored
from scorepad.core.boards.kinds import Reading
from scorepad.core.i18n import tr
from scorepad.core.sheetfile import read_sheet

COMMANDS: tuple[str, ...] = ("score",)
"""The commands ``add_commands`` adds (``scorepad.cli.build_parser``)."""


def add_commands(commands: argparse._SubParsersAction[Any]) -> None:
    score = commands.add_parser("score", help="score a sheet file / puntúa un archivo de hoja")
    score.add_argument("file", help="a sheet file (.json), or - for standard input")
    options(score, json=True, db=True)
    score.add_argument("--save", action="store_true", help="save the play in the history")
    score.add_argument("--played-at", help="with --save: when (YYYY-MM-DDTHH:MM; default: now)")
    score.add_argument("--location", help="with --save: where")
    score.add_argument("--duration", type=int, help="with --save: minutes")
    score.add_argument("--notes", help="with --save: notes")
    score.add_argument("--first-player", help="with --save: who started (one of the players)")
    score.set_defaults(handler=cmd_score)


def cmd_score(args: argparse.Namespace) -> int:
    text = read_text(args.file)
    if args.save:
        return cmd_score_save(args, text)
    given = read_sheet(text, args.file, known_games(named_history(args)))
    sheet = given.score()
    if args.json:
        print_json(scored_json(given, sheet, args.lang))
    else:
        print(render_scored(sheet, args.lang) + render_boards(given, sheet, args.lang))
    return 0


def kept_boards(boards: Sequence[Reading | None]) -> tuple[dict[str, object] | None, ...]:
    """Each player's board as the history keeps it (``Reading.kept``: a tracked game's,
    the wall it built), or none when no player gave one."""
    found = tuple(b.kept if b is not None else None for b in boards)
    return found if any(found) else ()


def cmd_score_save(args: argparse.Namespace, text: str) -> int:
    from scorepad.core.play_to_save import PlayToSave
    from scorepad.store import parse_when

    with open_history(args.db) as store:
        given = read_sheet(text, args.file, store.sheet_games())
        if given.quick is not None:  # the history's game for it, made or updated
            given = given._replace(template=store.quick_game(given.quick))
        sheet = given.score()
        play = store.save_scored(
            PlayToSave(
                sheet,
                tuple(given.players),
                played_at=None if args.played_at is None else parse_when(args.played_at),
                duration=args.duration,
                location=args.location,
                notes=args.notes,
                first_player=args.first_player,
                boards=kept_boards(given.boards),
            )
        )
        if args.json:
            print_json({**scored_json(given, sheet, args.lang), "play": play})
        else:
            print(render_scored(sheet, args.lang) + render_boards(given, sheet, args.lang))
            print(tr("store.saved", args.lang, play=play, path=store.label))
    return 0
