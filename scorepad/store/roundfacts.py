"""What the club's rules read beside the facts: round plays' running totals, and which of
the played games the lowest total wins.

The history keeps what was entered round by round and each player's final total; the
running totals are the core's to work out again (``roundplays.played_rounds``, as the
exports do). Only round plays are scored: a history without any costs two small queries.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import Connection, select

import scorepad.store.models as m
from scorepad.club.achievements import ClubHistory, RoundFact
from scorepad.club.facts import PlayFact
from scorepad.core.numbers import Number
from scorepad.store.database import Database
from scorepad.store.games import all_templates
from scorepad.store.roundplays import played_rounds


def _halves(value: Number) -> int:
    return int(value * 2)


def read_round_facts(db: Database) -> tuple[dict[int, RoundFact], frozenset[str]]:
    """Every live round play's running totals by play id, and the played games whose
    lowest total wins."""
    with db.reading(snapshot=True) as conn:
        rounds = played_rounds(conn)
        keys = [
            key
            for (key,) in conn.execute(
                select(m.game.c.key).where(
                    m.game.c.id.in_(
                        select(m.play.c.game_id).where(m.play.c.deleted_at.is_(None)).distinct()
                    )
                )
            )
        ]
        lowest = lowest_wins(conn, keys)
    found = {
        play_id: RoundFact(
            play_id,
            tuple(
                tuple(_halves(total) for total in seat[: played.played]) for seat in played.running
            ),
        )
        for play_id, played in rounds.items()
    }
    return found, lowest


def lowest_wins(conn: Connection, keys: Iterable[str]) -> frozenset[str]:
    """Those of the games ``keys`` whose lowest total wins (a game no longer known: none)."""
    templates = all_templates(conn)
    return frozenset(k for k in keys if k in templates and templates[k].wins == "lowest")


def club_history(db: Database, facts: tuple[PlayFact, ...]) -> ClubHistory:
    """The facts with the round plays' running totals and the games' directions."""
    rounds, lowest = read_round_facts(db)
    return ClubHistory(facts, rounds, lowest)
