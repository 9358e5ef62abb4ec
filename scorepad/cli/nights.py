"""The game nights' command: ``scorepad nights [--gap HOURS] [--json]``.

It opens the history, groups its counted plays into nights (``scorepad.club.nights``:
the history's gap and points per place, the names, splits and merges kept with it) and
prints them oldest first. ``--gap`` takes hours for this listing only ("4.5" is four and
a half); the history's own setting is unchanged.
"""

from __future__ import annotations

import argparse
from typing import Any

from scorepad.cli.io import open_history, options, print_json
from scorepad.club.nights import Night, history_nights, parse_gap
from scorepad.core.i18n import join_words, tr
from scorepad.l10n import date_text

COMMANDS: tuple[str, ...] = ("nights",)


def add_commands(commands: argparse._SubParsersAction[Any]) -> None:
    nights = commands.add_parser("nights", help="game nights, oldest first / noches de juego")
    nights.add_argument(
        "--gap", metavar="HOURS", help="hours without a play that end a night (default: 6)"
    )
    options(nights, json=True, db=True)
    nights.set_defaults(handler=cmd_nights)


def cmd_nights(args: argparse.Namespace) -> int:
    gap = parse_gap(args.gap) if args.gap is not None else None
    with open_history(args.db) as store:
        found = history_nights(store.facts(), store.settings(), store.night_marks(), gap)
    if args.json:
        print_json([night_json(n) for n in found])
        return 0
    for night in found:
        print(night_line(night, args.lang))
    return 0


def night_json(night: Night) -> dict[str, object]:
    """A night as ``--json`` prints it (docs/clubs.md): the contract's fields, then
    ``winners`` (co-winners all named: ``winner`` is null unless one player alone won),
    ``tally`` and ``name`` (only for a night named)."""
    data: dict[str, object] = {
        "start": night.start.isoformat(timespec="minutes"),
        "end": night.end.isoformat(timespec="minutes"),
        "players": list(night.players),
        "plays": [f.id for f in night.plays],
        "winner": night.winners[0] if len(night.winners) == 1 else None,
        "winners": list(night.winners),
        "tally": dict(night.tally),
    }
    if night.name is not None:
        data["name"] = night.name
    return data


def night_line(night: Night, lang: str) -> str:
    if not night.winners:
        winner = tr("nights.no_winner", lang)
    else:
        key = "nights.winner" if len(night.winners) == 1 else "nights.co_winners"
        winner = tr(key, lang, names=join_words(list(night.winners), lang))
    return tr(
        "nights.line",
        lang,
        when=f"{night.start:%Y-%m-%d %H:%M}",
        name=night.name or tr("nights.night_of", lang, date=date_text(night.start, lang)),
        count=len(night.plays),
        players=join_words(list(night.players), lang),
        winner=winner,
    )
