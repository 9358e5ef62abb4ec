"""The club's yearly and lifelong looks at a history: ``review`` and ``achievements``.

``scorepad review YEAR [--player NAME] [--json | --png FILE | --pdf FILE]`` prints a year
in review (or writes its card or printable page); ``scorepad achievements [--player NAME]
[--json]`` lists who earned what, when and in which play. Both ask the store, which
works them out from the history's facts (``scorepad.club``).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorepad.cli.io import open_history, options, print_json
from scorepad.club.review import ReviewError, best_lines, parse_year, review_lines, title
from scorepad.core.i18n import pick, tr

if TYPE_CHECKING:
    from scorepad.store import Store

COMMANDS: tuple[str, ...] = ("review", "achievements")
"""The commands ``add_commands`` adds (``scorepad.cli.build_parser``)."""


def add_commands(commands: argparse._SubParsersAction[Any]) -> None:
    review = commands.add_parser(
        "review", help="a year in review / resumen del año", description="A year of plays."
    )
    review.add_argument("year", help="the year, e.g. 2025")
    review.add_argument("--player", help="one player's year (default: everyone's)")
    out = review.add_mutually_exclusive_group()
    out.add_argument("--png", metavar="FILE", help="write the year's card (PNG)")
    out.add_argument("--pdf", metavar="FILE", help="write a printable A4 page (PDF)")
    out.add_argument("--json", action="store_true", help="print JSON")
    options(review, db=True)
    review.set_defaults(handler=cmd_review)

    earned = commands.add_parser("achievements", help="achievements earned / logros conseguidos")
    earned.add_argument("--player", help="only this player's")
    options(earned, json=True, db=True)
    earned.set_defaults(handler=cmd_achievements)


def game_names(store: Store, games: Any, lang: str) -> dict[str, str]:
    """The games' names in ``lang`` by id (a game no longer known: its id)."""
    templates = store.sheet_games()
    return {g: pick(templates[g].name, lang) if g in templates else g for g in games}


def cmd_review(args: argparse.Namespace) -> int:
    from scorepad.club.review import as_json

    year = parse_year(args.year)
    lang = args.lang
    with open_history(args.db) as store:
        review = store.review(year, args.player)
        if not review.plays:
            if review.player is None:
                raise ReviewError("review.no_plays", year=year)
            raise ReviewError("review.no_plays_player", year=year, player=review.player)
        shown = {
            *review.new_games,
            *(g for g, _ in review.top_games),
            *(b.game for b in review.best),
        }
        names = game_names(store, shown, lang)
        if args.png:
            from scorepad.cards.result import write_card
            from scorepad.cards.review import player_colours, review_png

            people = _people(review)
            colours = player_colours(people, store.last_colours(people))
            data = review_png(review, lang, names, colours)
            print(write_card(args.png, data))
            return 0
    if args.pdf:
        from scorepad.printing.document import write_pdf
        from scorepad.printing.review import review_pdf

        print(write_pdf(Path(args.pdf), review_pdf(review, lang, names)))
        return 0
    if args.json:
        print_json(as_json(review))
        return 0
    print(title(review, lang))
    for line in review_lines(review, lang, names):
        print(f"  {line.label}: {line.value}")
    best = best_lines(review, lang, names)
    if best:
        print(tr("review.best", lang))
        for line in best:
            print(f"  {line.label}: {line.value}")
    return 0


def _people(review: Any) -> list[str]:
    """The players a card names, the review's own first."""
    found = [review.player] if review.player else []
    for pair in (review.opponent, review.nemesis, review.victim, *review.players):
        if pair is not None and pair[0] not in found:
            found.append(pair[0])
    return found


def cmd_achievements(args: argparse.Namespace) -> int:
    from scorepad.club.achievements import of_player
    from scorepad.club.review import find_player

    lang = args.lang
    with open_history(args.db) as store:
        found = store.achievements()
        if args.player:
            player = find_player([p.name for p in store.players()], args.player)
            found = of_player(found, player)
        names = game_names(store, {e.game for e in found if e.game}, lang)
    if args.json:
        print_json(
            [
                {
                    "achievement": e.achievement.id,
                    "name": pick(e.achievement.name, lang),
                    "player": e.player,
                    "play": e.play_id,
                    "played_at": e.played_at.isoformat(timespec="minutes"),
                    "game": e.game,
                    "times": e.times,
                }
                for e in found
            ]
        )
        return 0
    for e in found:
        game = f" · {names.get(e.game, e.game)}" if e.game else ""
        when = tr("achievements.earned", lang, date=e.played_at.date().isoformat(), play=e.play_id)
        print(f"{e.player}: {pick(e.achievement.name, lang)}{game} ({when})")
    return 0
