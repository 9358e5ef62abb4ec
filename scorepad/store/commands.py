"""The history's commands: ``score --save``, ``history``, ``stats``, ``export``, ``import``,
``players`` and ``game`` (the user's own games). Each parses, calls the store, prints.

Every ``scorepad`` command builds this parser, the app included: what only these
commands use (the store's records and renderers) loads in their handlers.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorepad.core.i18n import pick, tr
from scorepad.core.sheetfile import read_sheet
from scorepad.store.errors import StoreError

if TYPE_CHECKING:
    from scorepad.store.api import Store

FORMATS = ("json", "csv", "bgsplay")


def add_commands(commands: Any) -> None:
    score = commands.choices.get("score")
    if score is not None:
        _extend_score(score)

    history = commands.add_parser("history", help="saved plays, newest first / partidas guardadas")
    history.add_argument("--game", help="only this game (id)")
    history.add_argument("--player", help="only plays with this player")
    history.add_argument("--since", help="from this date (YYYY-MM-DD)")
    history.add_argument("--until", help="before this date (YYYY-MM-DD)")
    history.add_argument("--text", help="text found in the notes")
    history.add_argument("--limit", type=int, default=50, help="plays per page (50)")
    history.add_argument("--offset", type=int, default=0, help="skip this many plays")
    _common(history)
    history.set_defaults(handler=cmd_history)

    stats = commands.add_parser("stats", help="player and game statistics / estadísticas")
    stats.add_argument("--game", help="a game's statistics (or a player's in that game)")
    stats.add_argument("--player", help="a player's statistics")
    stats.add_argument("--versus", help="with --player: head-to-head against this player")
    _common(stats)
    stats.set_defaults(handler=cmd_stats)

    export = commands.add_parser("export", help="write the history to a file / exporta")
    export.add_argument("file", help="the file to write")
    export.add_argument("--format", choices=FORMATS, default="json")
    _common(export)
    export.set_defaults(handler=cmd_export)

    imp = commands.add_parser("import", help="read plays from a file / importa partidas")
    imp.add_argument("file", help="a Scorepad history (.json) or BG Stats (.bgsplay) file")
    imp.add_argument("--format", choices=("json", "bgsplay"), help="default: from the file")
    _common(imp)
    imp.set_defaults(handler=cmd_import)

    players = commands.add_parser("players", help="the players in the history / jugadores")
    _common(players)
    players.set_defaults(handler=cmd_players)
    actions = players.add_subparsers(title="players commands", metavar="ACTION")
    rename = actions.add_parser("rename", help="rename a player / renombra")
    rename.add_argument("old")
    rename.add_argument("new")
    _common(rename)
    rename.set_defaults(handler=cmd_rename)
    merge = actions.add_parser("merge", help="merge two profiles of one person / fusiona")
    merge.add_argument("source", help="the profile that goes away")
    merge.add_argument("target", help="the profile that keeps every play")
    _common(merge)
    merge.set_defaults(handler=cmd_merge)

    game = commands.add_parser("game", help="your own games / tus juegos")
    _common(game)
    game.set_defaults(handler=cmd_game_list)
    game_actions = game.add_subparsers(title="game commands", metavar="ACTION")
    for name, handler, helptext in (
        ("add", cmd_game_add, "add a game from a template file"),
        ("edit", cmd_game_edit, "replace your game with a template file"),
    ):
        action = game_actions.add_parser(name, help=helptext)
        action.add_argument("file", help="a game template file (.json)")
        _common(action)
        action.set_defaults(handler=handler)
    for name, handler, helptext in (
        ("remove", cmd_game_remove, "remove your game (saved plays stay)"),
        ("restore", cmd_game_restore, "bring a removed game back"),
    ):
        action = game_actions.add_parser(name, help=helptext)
        action.add_argument("game", help="game id")
        _common(action)
        action.set_defaults(handler=handler)
    action = game_actions.add_parser("export", help="write a game as a template file")
    action.add_argument("game", help="game id")
    action.add_argument("file", nargs="?", default="-", help="file to write (- for output)")
    _common(action)
    action.set_defaults(handler=cmd_game_export)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--lang", choices=["es", "en"], help="language / idioma")
    _db(parser)


def _db(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db", metavar="URL", help="history file or SQLAlchemy URL (default: $SCOREPAD_DB)"
    )


def _extend_score(score: argparse.ArgumentParser) -> None:
    score.add_argument("--save", action="store_true", help="save the play in the history")
    _db(score)
    score.add_argument("--played-at", help="when (YYYY-MM-DDTHH:MM; default: now)")
    score.add_argument("--location", help="where")
    score.add_argument("--duration", type=int, help="minutes")
    score.add_argument("--notes", help="notes")
    plain = score.get_default("handler")
    score.set_defaults(handler=lambda args: cmd_score_save(args) if args.save else plain(args))


def cmd_score_save(args: argparse.Namespace) -> int:
    from scorepad.cli import print_json, read_text
    from scorepad.textsheet import render_scored

    text = read_text(args.file)
    with _open(args) as store:
        sheet = read_sheet(text, args.file, store.games()).score()
        play = store.save_scored(sheet, args.played_at, args.location, args.duration, args.notes)
        if args.json:
            print_json({**sheet.to_json(args.lang), "play": play})
        else:
            print(render_scored(sheet, args.lang))
            print(tr("store.saved", args.lang, play=play, path=store.label))
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    from scorepad.store.records import PlayFilter
    from scorepad.store.render import render_history, summary_json
    from scorepad.store.values import parse_when

    filters = PlayFilter(
        game=args.game,
        player=args.player,
        since=parse_when(args.since) if args.since else None,
        until=parse_when(args.until) if args.until else None,
        text=args.text,
    )
    with _open(args) as store:
        page = store.list_plays(filters, max(1, args.limit), max(0, args.offset))
    if args.json:
        _print_json([summary_json(p) for p in page.plays])
    else:
        print(render_history(page.plays, args.lang))
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    from scorepad.store.render import (
        game_stats_json,
        h2h_json,
        player_stats_json,
        render_game_stats,
        render_h2h,
        render_player_stats,
    )

    with _open(args) as store:
        if args.player and args.versus:
            h2h = store.head_to_head(args.player, args.versus, args.game)
            data: Any = h2h_json(h2h)
            text = render_h2h(h2h, args.lang)
        elif args.player:
            stats = store.player_stats(args.player, args.game)
            data, text = player_stats_json(stats), render_player_stats([stats], args.lang)
        elif args.game:
            game = store.game_stats(args.game)
            data, text = game_stats_json(game), render_game_stats(game, args.lang)
        else:
            everyone = [store.player_stats(p.name) for p in store.players()]
            data = [player_stats_json(s) for s in everyone]
            text = render_player_stats(everyone, args.lang)
    if args.json:
        _print_json(data)
    else:
        print(text)
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    with _open(args) as store:
        count = store.export_file(args.file, args.format)
    print(tr("store.exported", args.lang, plays=count, path=args.file))
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    with _open(args) as store:
        done = store.import_file(args.file, args.format)
    if args.json:
        _print_json({"imported": done.plays, "skipped": done.skipped})
    else:
        print(
            tr(
                "store.imported",
                args.lang,
                plays=done.plays,
                skipped=done.skipped,
                source=args.file,
            )
        )
    return 0


def cmd_players(args: argparse.Namespace) -> int:
    with _open(args) as store:
        people = store.players()
    if args.json:
        _print_json([{"id": p.id, "name": p.name, "plays": p.plays} for p in people])
    else:
        for person in people:
            print(f"{person.name}\t{person.plays}")
    return 0


def cmd_rename(args: argparse.Namespace) -> int:
    with _open(args) as store:
        store.rename_player(args.old, args.new)
    return 0


def cmd_merge(args: argparse.Namespace) -> int:
    with _open(args) as store:
        store.merge_players(args.source, args.target)
    return 0


def cmd_game_list(args: argparse.Namespace) -> int:
    with _open(args) as store:
        games = store.custom_games()
    if args.json:
        _print_json([{"id": g.template.id, "name": dict(g.template.name)} for g in games])
    else:
        for game in games:
            print(f"{game.template.id}\t{pick(game.template.name, args.lang)}")
    return 0


def cmd_game_add(args: argparse.Namespace) -> int:
    from scorepad.cli import read_text

    with _open(args) as store:
        store.create_game(read_text(args.file), args.file)
    return 0


def cmd_game_edit(args: argparse.Namespace) -> int:
    from scorepad.cli import read_text

    with _open(args) as store:
        store.update_game(read_text(args.file), args.file)
    return 0


def cmd_game_remove(args: argparse.Namespace) -> int:
    with _open(args) as store:
        store.delete_game(args.game)
    return 0


def cmd_game_restore(args: argparse.Namespace) -> int:
    with _open(args) as store:
        store.restore_game(args.game)
    return 0


def cmd_game_export(args: argparse.Namespace) -> int:
    with _open(args) as store:
        text = store.export_game(args.game)
    if args.file == "-":
        print(text, end="")
        return 0
    try:
        Path(args.file).write_text(text, encoding="utf-8")
    except OSError as problem:
        detail = problem.strerror or str(problem)
        raise StoreError("store.cannot_write", path=args.file, detail=detail) from None
    return 0


def _open(args: argparse.Namespace) -> Store:
    """The history named by --db (SQLAlchemy is loaded here, not when the CLI starts)."""
    from scorepad.store.api import open_store

    return open_store(args.db)


def _print_json(data: object) -> None:
    from scorepad.cli import print_json

    print_json(data)
