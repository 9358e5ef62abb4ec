"""``scorepad ratings [--game ID] [--json]``: the players by rating (``club.ratings``).

JSON: a list of ``{"player", "mu", "sigma", "ordinal", "plays"}`` (openskill's names), best
first, the numbers rounded to two decimals; a history with ratings turned off, or with
nobody rated, says so (as text, or an empty list in JSON after the message on stderr).
"""

from __future__ import annotations

import argparse
import sys
from decimal import Decimal
from typing import Any

from scorepad.cli.io import open_history, options, print_json
from scorepad.core.i18n import tr

COMMANDS: tuple[str, ...] = ("ratings",)


def add_commands(commands: argparse._SubParsersAction[Any]) -> None:
    ratings = commands.add_parser("ratings", help="players by rating / clasificación")
    ratings.add_argument("--game", help="ratings in this game only (id)")
    options(ratings, json=True, db=True)
    ratings.set_defaults(handler=cmd_ratings)


def cmd_ratings(args: argparse.Namespace) -> int:
    with open_history(args.db) as store:
        if args.game:
            store.template(args.game)  # an unknown game is said as such
        ratings = store.ratings()
        table = ratings.table(args.game) if ratings is not None else []
    if ratings is None or not table:
        said = tr("ratings.off" if ratings is None else "ratings.nobody", args.lang)
        if args.json:
            print(said, file=sys.stderr)
            print_json([])
        else:
            print(said)
        return 0
    if args.json:
        print_json(
            [
                {
                    "player": r.player,
                    "mu": _two(r.mu),
                    "sigma": _two(r.sigma),
                    "ordinal": _two(r.ordinal),
                    "plays": r.plays,
                }
                for r in table
            ]
        )
        return 0
    for place, r in enumerate(table, 1):
        print(
            tr(
                "ratings.row",
                args.lang,
                place=place,
                player=r.player,
                ordinal=r.ordinal,
                mu=r.mu,
                sigma=r.sigma,
                plays=r.plays,
            )
        )
    return 0


def _two(value: Decimal) -> float:
    """A number of two decimals as JSON writes it: the float nearest to it, which JSON
    prints back as those same two decimals (22.69, not 22.690000000000001)."""
    return float(value)
