"""The history's commands: ``history``, ``stats``, ``export``, ``import``, ``collection``
and ``players``.

Each opens the history that ``--db`` or $SCOREPAD_DB names (the default file otherwise),
asks the store, and prints. The store's records load in the handlers, so that building
the parser (every ``scorepad`` command does) loads no SQLAlchemy.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from scorepad.cli.as_json import game_stats_json, h2h_json, play_json, player_stats_json
from scorepad.cli.io import open_history, options, print_json
from scorepad.cli.render import (
    render_collection,
    render_game_stats,
    render_history,
    render_player_stats,
)
from scorepad.core.i18n import first_few, tr

if TYPE_CHECKING:
    from scorepad.store import Imported

EXPORT_FORMATS = ("json", "csv", "bgsplay", "zip")
IMPORT_FORMATS = ("json", "bgsplay", "bggplays", "bggcollection", "zip")
"""``zip``: the JSON history with the photos of the table, as one archive."""


COMMANDS: tuple[str, ...] = ("history", "stats", "export", "import", "collection", "players")
"""The commands ``add_commands`` adds (``scorepad.cli.build_parser``)."""


def add_commands(commands: argparse._SubParsersAction[Any]) -> None:
    history = commands.add_parser("history", help="saved plays, newest first / partidas guardadas")
    history.add_argument("--game", help="only this game (id)")
    history.add_argument("--player", help="only plays with this player")
    history.add_argument("--since", help="from this date (YYYY-MM-DD)")
    history.add_argument("--until", help="before this date (YYYY-MM-DD)")
    history.add_argument("--text", help="text found in the notes")
    history.add_argument("--module", help="only plays with this module of their game (id)")
    history.add_argument("--limit", type=int, default=50, help="plays per page (50)")
    history.add_argument("--offset", type=int, default=0, help="skip this many plays")
    options(history, json=True, db=True)
    history.set_defaults(handler=cmd_history)

    stats = commands.add_parser("stats", help="player and game statistics / estadísticas")
    stats.add_argument("--game", help="a game's statistics (or a player's in that game)")
    stats.add_argument("--player", help="a player's statistics")
    stats.add_argument("--versus", help="with --player: head-to-head against this player")
    stats.add_argument("--period", help="only a year (2024) or a month (2024-05)")
    options(stats, json=True, db=True)
    stats.set_defaults(handler=cmd_stats)

    export = commands.add_parser("export", help="write the history to a file / exporta")
    export.add_argument("file", help="the file to write")
    export.add_argument(
        "--format", choices=EXPORT_FORMATS, help="default: zip for a .zip file, else json"
    )
    options(export, json=True, db=True)
    export.set_defaults(handler=cmd_export)

    imp = commands.add_parser("import", help="read plays from a file / importa partidas")
    imp.add_argument(
        "file",
        help="a Scorepad history (.json, or .zip with its photos), a BG Stats (.bgsplay) "
        "file, or BoardGameGeek's plays XML or collection CSV",
    )
    imp.add_argument("--format", choices=IMPORT_FORMATS, help="default: from the file")
    options(imp, json=True, db=True)
    imp.set_defaults(handler=cmd_import)

    owned = commands.add_parser(
        "collection", help="the games the group owns / la colección del grupo"
    )
    options(owned, json=True, db=True)
    owned.set_defaults(handler=cmd_collection)

    players = commands.add_parser("players", help="the players in the history / jugadores")
    options(players, json=True, db=True)
    players.set_defaults(handler=cmd_players)
    actions = players.add_subparsers(title="players commands", metavar="ACTION")
    rename = actions.add_parser("rename", help="rename a player / renombra")
    rename.add_argument("old")
    rename.add_argument("new")
    options(rename, json=True, db=True, action=True)
    rename.set_defaults(handler=cmd_rename)
    merge = actions.add_parser("merge", help="merge two profiles of one person / fusiona")
    merge.add_argument("source", help="the profile that goes away")
    merge.add_argument("target", help="the profile that keeps every play")
    options(merge, json=True, db=True, action=True)
    merge.set_defaults(handler=cmd_merge)


def cmd_history(args: argparse.Namespace) -> int:
    from scorepad.store import PlayFilter, parse_when

    filters = PlayFilter(
        game=args.game,
        player=args.player,
        since=parse_when(args.since) if args.since else None,
        until=parse_when(args.until) if args.until else None,
        text=args.text,
        module=args.module,
    )
    with open_history(args.db) as store:
        page = store.list_plays(filters, max(1, args.limit), max(0, args.offset))
    if args.json:
        print_json([play_json(p) for p in page.plays])
    else:
        print(render_history(page.plays, args.lang))
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    from scorepad.core.periods import parse_period
    from scorepad.store import render_h2h

    period = parse_period(args.period)
    with open_history(args.db) as store:
        if args.player and args.versus:
            h2h = store.head_to_head(args.player, args.versus, args.game, period)
            data: Any = h2h_json(h2h)
            text = render_h2h(h2h, args.lang)
        elif args.player:
            stats = store.player_stats(args.player, args.game, period)
            data, text = player_stats_json(stats), render_player_stats([stats], args.lang)
        elif args.game:
            game = store.game_stats(args.game, period)
            data, text = game_stats_json(game), render_game_stats(game, args.lang)
        else:
            people = store.players(period)
            shown = [p for p in people if p.plays or period is None]
            everyone = [store.player_stats(p.name, None, period) for p in shown]
            data = [player_stats_json(s) for s in everyone]
            text = render_player_stats(everyone, args.lang)
    if args.json:
        print_json(data)
    else:
        print(text)
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    with open_history(args.db) as store:
        fmt = args.format or ("zip" if args.file.lower().endswith(".zip") else "json")
        count = store.export_file(args.file, fmt)
    print(tr("store.exported", args.lang, plays=count, path=args.file))
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    with open_history(args.db) as store:
        done = store.import_file(args.file, args.format)
    if done.collection or done.collection_held:
        if args.json:
            print_json({"collection": done.collection, "updated": done.collection_held})
        else:
            print(
                tr(
                    "store.import_collection",
                    args.lang,
                    source=args.file,
                    added=done.collection,
                    held=done.collection_held,
                )
            )
        return 0
    if args.json and not done.bgstats:
        photos = {"photos": done.photos} if done.photos else {}
        print_json({"imported": done.plays, "skipped": done.skipped, **photos, **kept_json(done)})
        return 0
    if args.json:
        print_json(
            {
                "imported": done.plays,
                "skipped": done.skipped,
                "updated": done.updated,
                "players_added": list(done.players_added),
                "games_added": list(done.games_added),
                "locations_added": list(done.locations_added),
                "matched": dict(done.matched),
                "left_out": list(done.left_out),
                "kept_back": list(done.kept_back),
                "duplicates": list(done.duplicates),
                "same_bgg_play": list(done.same_bgg_play),
            }
        )
        return 0
    print(tr("store.imported", args.lang, plays=done.plays, skipped=done.skipped, source=args.file))
    lang = args.lang
    if done.photos:
        print(tr("store.import_photos", lang, count=done.photos))
    if done.updated:
        print(tr("store.import_updated", lang, count=done.updated))
    for key, items in (
        ("store.import_players", done.players_added),
        ("store.import_games", done.games_added),
        ("store.import_locations", done.locations_added),
    ):
        if items:
            print(tr(key, lang, count=len(items), names=", ".join(items)))
    for name, game in done.matched:
        print(tr("store.import_matched", lang, name=name, game=game))
    for why in done.left_out:
        print(tr("store.import_left_out", lang, why=why))
    for what in done.kept_back:
        print(tr("store.import_kept_back", lang, what=what))
    for what in done.duplicates:
        print(tr("store.import_duplicate", lang, what=what))
    if done.same_bgg_play:
        print(tr("store.import_same_bgg", lang, what=first_few(done.same_bgg_play, lang)))
    from scorepad.store import kept_lines

    kept = (done.settings_added, done.settings_kept, done.players_kept)
    for line in kept_lines(*kept, lambda key, /, **f: tr(key, lang, **f)):
        print(line)
    return 0


def kept_json(done: Imported) -> dict[str, object]:
    """What became of a history file's settings and players' fields, when anything did."""
    found: dict[str, object] = {}
    if done.settings_added:
        found["settings_added"] = list(done.settings_added)
    if done.settings_kept:
        found["settings_kept"] = [
            {"key": key, "here": json.loads(here), "file": json.loads(there)}
            for key, here, there in done.settings_kept
        ]
    if done.players_kept:
        found["players_kept"] = [
            {"player": name, "field": what, "here": here, "file": there}
            for name, what, here, there in done.players_kept
        ]
    return found


def cmd_collection(args: argparse.Namespace) -> int:
    with open_history(args.db) as store:
        found = store.owned_games()
    if args.json:
        print_json(found)
    elif not found:
        print(tr("store.collection_empty", args.lang))
    else:
        print(render_collection(found, args.lang))
    return 0


def cmd_players(args: argparse.Namespace) -> int:
    with open_history(args.db) as store:
        people = store.players()
    if args.json:
        print_json([{"id": p.id, "name": p.name, "plays": p.plays} for p in people])
    else:
        for person in people:
            print(f"{person.name}\t{person.plays}")
    return 0


def cmd_rename(args: argparse.Namespace) -> int:
    with open_history(args.db) as store:
        store.rename_player(args.old, args.new)
    return 0


def cmd_merge(args: argparse.Namespace) -> int:
    with open_history(args.db) as store:
        store.merge_players(args.source, args.target)
    return 0
