"""CSV export: one row per player per play, safe to open in a spreadsheet.

When the export holds round plays (Skull King, Uno...), two kinds of columns follow the
others: ``rounds``, the number of rounds played (blank for a play filled in once), and
``round_1`` … ``round_N`` (N the most rounds of any play), the player's running total after
each round, as ``scorepad score --json`` gives them; blank past the play's last round.
When it holds co-operative or team plays, or plays with modules, ``team``, ``outcome``
and ``modules`` come before those (``RESULT_COLUMNS``); when it holds plays that kept a
player's board, a column per player field of a kept board follows them
(``board_columns``, ``store.boards.kept_fields``): an Azul wall's ``side`` and ``wall`` (its
five rows joined by ``/``, ``BYRKW/WBYRK/…``), a Kingdomino ``kingdom`` (its rows joined
by ``/``), a Summer Pavilion's ``pavilion`` (its stars joined by ``/``) and
``star_colours`` (blank for a star not chosen), a Sintra palace's ``palace`` (its windows
joined by ``/``); blank for a player without one.
End-of-game and by-hand lines are in ``total`` only.

A spreadsheet runs a cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
return as a formula; such text (a name, a note, a by-hand label) is written with a leading
apostrophe so that it shows as text. Numbers are written as numbers.
"""

from __future__ import annotations

import csv
from typing import Any, TextIO

from sqlalchemy import Connection, or_, select

import scorepad.store.models as m
from scorepad.core.numbers import format_points
from scorepad.store.bgsread import exact_total
from scorepad.store.boards import kept_fields
from scorepad.store.jsonfile import iter_plays
from scorepad.store.roundplays import played_rounds, uid_rounds
from scorepad.store.values import dump

COLUMNS = (
    "play",
    "played_at",
    "game",
    "variant",
    "location",
    "duration",
    "notes",
    "first_player",
    "player",
    "colour",
    "total",
    "rank",
    "winner",
    "lines",
    "extra",
)
RESULT_COLUMNS = ("team", "outcome", "modules")
"""A team play's team, a co-operative play's "won"/"lost" (or the winning team of a team
game without a score), and the modules chosen (ids, space-separated)."""
IMPORTED_COLUMNS = ("role", "score_text")
"""An imported seat's role and its score as typed ("-10+7+22"), when any seat has one."""
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe(text: str | None) -> str:
    """Text a spreadsheet shows as it is, never runs."""
    if not text:
        return ""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def write_csv(conn: Connection, out: TextIO) -> int:
    writer = csv.writer(out, lineterminator="\n")
    rounds = uid_rounds(conn, played_rounds(conn))
    most = max((r.played for r in rounds.values()), default=0)
    results = _has_results(conn)
    boards = _has_boards(conn)
    kept = _has_imported(conn)
    header = (
        *COLUMNS,
        *(RESULT_COLUMNS if results else ()),
        *(kept_fields() if boards else ()),
        *(IMPORTED_COLUMNS if kept else ()),
    )
    if rounds:
        writer.writerow((*header, "rounds", *(f"round_{n}" for n in range(1, most + 1))))
    else:
        writer.writerow(header)
    count = 0
    for play in iter_plays(conn, refs=_AnyRef()):
        count += 1
        played = rounds.get(play["uid"])
        for seat, person in enumerate(play["players"]):
            more: list[object] = []
            if rounds:
                more = [""] * (most + 1)
                if played is not None:
                    more[0] = played.played
                    for n, total in enumerate(played.running[seat], 1):
                        more[n] = format_points(total)
            writer.writerow(
                [
                    play["uid"],
                    play["played_at"],
                    safe(play["game"]),
                    safe(play["variant"]),
                    safe(play["location"]),
                    "" if play["duration"] is None else play["duration"],
                    safe(play["notes"]),
                    safe(play.get("first_player")),
                    safe(person["name"]),
                    person.get("colour") or "",
                    _total(person),
                    person["rank"],
                    "yes" if person["winner"] else "no",
                    safe(dump(person["lines"])),
                    safe(dump(person["extra"])) if person["extra"] else "",
                    *(_results(play, person) if results else ()),
                    *(_board(person) if boards else ()),
                    *(_imported(person) if kept else ()),
                    *more,
                ]
            )
    return count


def _has_results(conn: Connection) -> bool:
    """Whether any play is co-operative, in teams or with modules (then the export has
    their columns; without such plays it has the columns it always had)."""
    p = m.play
    query = select(p.c.id).where(
        or_(p.c.result_kind.is_not(None), p.c.outcome.is_not(None), p.c.modules.is_not(None))
    )
    return conn.execute(query.limit(1)).first() is not None


def _has_imported(conn: Connection) -> bool:
    """Whether any seat has a role or a score as typed (then the export has their columns)."""
    r = m.result
    query = select(r.c.play_id).where(or_(r.c.role.is_not(None), r.c.score_text.is_not(None)))
    return conn.execute(query.limit(1)).first() is not None


def _total(person: dict[str, Any]) -> str:
    """The seat's total; blank for a seat without a score. A score finer than a half is
    kept as typed only, and written exactly from there."""
    total = person["total"]
    if total is None and person.get("score_text"):
        total = exact_total(None, person["score_text"])
    return "" if total is None else format_points(total)


def _imported(person: dict[str, Any]) -> list[str]:
    return [safe(person.get("role")), safe(person.get("score_text"))]


def _has_boards(conn: Connection) -> bool:
    """Whether any player's board was kept (then the export has its columns)."""
    query = select(m.result.c.play_id).where(m.result.c.board_kind.is_not(None))
    return conn.execute(query.limit(1)).first() is not None


def _board(person: dict[str, Any]) -> list[str]:
    return [_board_cell(person.get(field)) for field in kept_fields()]


def _board_cell(value: object) -> str:
    """A board field as one cell: a list's items joined by ``/`` (None blank)."""
    if isinstance(value, list):
        return "/".join("" if item is None else str(item) for item in value)
    return "" if value is None else str(value)


def _results(play: dict[str, Any], person: dict[str, Any]) -> list[str]:
    return [
        safe(person.get("team")),
        safe(play.get("outcome")),
        " ".join(play.get("modules", ())),
    ]


class _AnyRef(dict[int, str]):
    """CSV rows do not name template snapshots."""

    def __missing__(self, key: int) -> str:
        return ""
