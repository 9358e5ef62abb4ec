"""How big a game may be: the limits of its lists, checked by the loader before it reads
any of their entries (docs/game-files.md lists them).

A game file is data anyone can write, paste or import, and its size multiplies the work of
every screen that shows it: a sheet draws a field per line and player, every round, rate and
option. Each limit is well above every built-in game (their largest beside it) and above
what a real game's score sheet needs; a game beyond one is refused with the file, the path
of the list and the limit, never drawn slowly.
"""

from __future__ import annotations

MAX_LINES = 100
"""Lines of a game, with every module's own lines added (the built-in games have at most
22): a sheet draws a field per line and player, so a game of thousands of lines would hold
every table up while its sheet is drawn."""
MAX_VARIANTS = 20
"""Variants of a game (built-in: 2)."""
MAX_MODULES = 40
"""Modules of a game (built-in: 18, Sushi Go Party!): each is checked by reading the game
with it chosen."""
MAX_RATES = 10
"""Rates of one count line, each a field per player (built-in: 3)."""
MAX_ALL_RATES = 50
"""Rates of all the lines of a game together, with every module's (built-in: 9, Glass
Road)."""
MAX_VALUES = 100
"""Entries of one line's list of points (a table's or tally's values, an award's places;
built-in: 9)."""
MAX_RULES = 50
"""Tiebreakers, reminders, sets, bonuses and checks: each list at most this long
(built-in: 4)."""
