"""``scorepad suggest --players N [--minutes M] [--json]``: what to play tonight, the games
of the catalogue and the collection that fit, best first (``club.suggest``).

The history is the one ``--db`` or $SCOREPAD_DB names; lateness is counted from today.
"""

from __future__ import annotations

import argparse
from datetime import date
from typing import Any

from scorepad.cli.io import open_history, options, print_json
from scorepad.cli.render import table
from scorepad.core import ScorepadError
from scorepad.core.errors import quote
from scorepad.core.game_facts import minutes_text
from scorepad.core.i18n import tr

COMMANDS: tuple[str, ...] = ("suggest",)
"""The commands ``add_commands`` adds (``scorepad.cli.build_parser``)."""


def add_commands(commands: argparse._SubParsersAction[Any]) -> None:
    suggest = commands.add_parser("suggest", help="what to play tonight / qué jugar esta noche")
    suggest.add_argument("--players", required=True, help="how many play")
    suggest.add_argument("--minutes", help="the time there is, in minutes")
    options(suggest, json=True, db=True)
    suggest.set_defaults(handler=cmd_suggest)


def whole(text: str | None, key: str, limit: int) -> int | None:
    """A whole number from 1 to ``limit`` typed for an option (None: not given)."""
    if text is None:
        return None
    if not text.strip().isdigit() or not 1 <= int(text) <= limit:
        raise ScorepadError(key, value=quote(text), limit=limit)
    return int(text)


def cmd_suggest(args: argparse.Namespace) -> int:
    from scorepad.club.suggest import (
        MOST_MINUTES,
        MOST_PLAYERS,
        as_json,
        candidates,
        reason_text,
        suggest,
    )

    players = whole(args.players, "suggest.bad_players", MOST_PLAYERS)
    minutes = whole(args.minutes, "suggest.bad_minutes", MOST_MINUTES)
    assert players is not None
    with open_history(args.db) as store:
        games = candidates(store.game_entries(), store.owned_games(), args.lang)
        found = suggest(games, store.facts(), players, minutes, today=date.today())
    if args.json:
        print_json(as_json(found))
        return 0
    if not found:
        print(tr("suggest.none", args.lang))
        return 0
    rows = [[tr("text.game", args.lang), tr("text.minutes", args.lang), ""]]
    for s in found:
        time = "" if s.candidate.minutes is None else minutes_text(s.candidate.minutes, args.lang)
        why = "; ".join(reason_text(r, args.lang, date.today()) for r in s.reasons)
        rows.append([s.candidate.name, time, why])
    print(table(rows))
    return 0
