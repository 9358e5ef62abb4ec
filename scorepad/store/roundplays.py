"""Round plays in the exports: the running totals after each round, worked out again.

The history stores what was entered, round by round, and each player's final total; the
running totals are the core's to work out (a bid rule turns a bid and the tricks taken
into points), so the CSV and BG Stats exports score the round plays again, with the
template snapshot each was saved with. Only round plays are scored: a history of plays
filled in once is exported as fast as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from sqlalchemy import Connection, select

import scorepad.store.models as m
from scorepad.core import GameTemplate, PlayerSheet, score
from scorepad.core.numbers import Number
from scorepad.store.values import load, snapshot_template


class PlayedRounds(NamedTuple):
    """A round play's rounds: how many were played, and each player's running totals
    (seat order)."""

    played: int
    running: tuple[tuple[Number, ...], ...]


def round_snapshots(conn: Connection) -> dict[int, GameTemplate]:
    """The template snapshots of round games, by snapshot id."""
    found: dict[int, GameTemplate] = {}
    for sid, source in conn.execute(select(m.snapshot.c.id, m.snapshot.c.source)):
        if '"rounds"' not in source:  # most snapshots: no round game, nothing to load
            continue
        template = snapshot_template(source, f"snapshot {sid}")
        if template.rounds is not None:
            found[int(sid)] = template
    return found


def played_rounds(conn: Connection) -> dict[int, PlayedRounds]:
    """Every live round play's rounds, by play id (empty when the history has none)."""
    templates = round_snapshots(conn)
    if not templates:
        return {}
    p, r = m.play, m.result
    heads = {
        int(i): (int(s), v)
        for i, s, v in conn.execute(
            select(p.c.id, p.c.snapshot_id, p.c.variant).where(
                p.c.deleted_at.is_(None), p.c.snapshot_id.in_(list(templates))
            )
        )
    }
    if not heads:
        return {}
    seats: dict[int, list[PlayerSheet]] = {i: [] for i in heads}
    for play_id, name, entries in conn.execute(
        select(r.c.play_id, m.player.c.name, r.c.entries)
        .join(m.player, m.player.c.id == r.c.player_id)
        .where(r.c.play_id.in_(list(heads)))
        .order_by(r.c.play_id, r.c.seat)
    ):
        seats[int(play_id)].append(PlayerSheet(name, load(entries)))
    found: dict[int, PlayedRounds] = {}
    for play_id, (sid, variant) in heads.items():
        # by-hand lines only change the final total, which the running totals leave out
        sheet = score(templates[sid], variant, seats[play_id])
        running = tuple(p.rounds for p in sheet.players)
        found[play_id] = PlayedRounds(sheet.played_rounds, running)
    return found


def uid_rounds(conn: Connection, rounds: Mapping[int, PlayedRounds]) -> dict[str, PlayedRounds]:
    """The same, by the plays' uids (the exports' rows name plays by uid)."""
    if not rounds:
        return {}
    query = select(m.play.c.id, m.play.c.uid).where(m.play.c.id.in_(list(rounds)))
    return {uid: rounds[int(i)] for i, uid in conn.execute(query)}
