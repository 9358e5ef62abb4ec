"""Who starts: the game's own rule, when its file gives one, and a fair random pick.

A game file may carry ``first_player``, the rulebook's sentence saying who starts
("The player who most recently visited Portugal starts."), in one or more languages; the
sheet shows it beside the "Who starts?" button. The button itself picks a player at
random, after a few names flicked by: ``flicks`` gives the names shown on the way, the
last being the one picked, so that the view only shows them one after the other.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from scorepad.core.i18n import pick
from scorepad.core.template import GameTemplate

FLICKS = 6
"""Names shown before the pick lands: a short flicker, not a slot machine."""


def first_player_rule(template: GameTemplate, lang: str) -> str | None:
    """The rulebook's sentence on who starts, in ``lang`` (English without it), or None
    when the game's file gives none."""
    source = template.source or {}
    if template.base is not None:  # a game with modules chosen: the base game's file says
        source = template.base.source or source
    rule = source.get("first_player")
    if not isinstance(rule, dict):
        return None
    return pick(rule, lang) or None


def flicks(players: Sequence[str], rng: random.Random | None = None) -> list[str]:
    """The names the button shows, ending on the player picked (at random, each player as
    likely as any other). Two neighbours are never the same name, so the flicker is seen
    to move; with one player there is nothing to flick."""
    if not players:
        raise ValueError("no players to pick from")
    chance = rng or random.SystemRandom()
    chosen = chance.randrange(len(players))
    if len(players) == 1:
        return [players[0]]
    shown = [chosen]  # made from the end: each name differs from the one after it
    for _ in range(FLICKS):
        shown.insert(0, chance.choice([i for i in range(len(players)) if i != shown[0]]))
    return [players[i] for i in shown]
