"""Writing BG Stats play files (``.bgsplay``); reading them is ``bgsread``'s.

Export writes the same shape (docs/bgstats.md): the games, players and locations with the
uuids and fields of the file they came from (a game or location Scorepad made gets a
uuid of its own, the same at every export), one score per seat as typed (the total where
none was typed; empty for a seat without one), the winner flags and ranks (0 for a place
past the last, as BG Stats writes a solo loss), each seat's team and role and the fields
an import kept, the play's rounds (BG Stats' own count), and the games an import brought
without a play.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any, TextIO

from sqlalchemy import Connection, select

import scorepad.store.models as m
from scorepad.core import GameTemplate
from scorepad.core.i18n import pick
from scorepad.core.numbers import format_points, is_half_multiple, json_number
from scorepad.core.results import has_score as scored
from scorepad.store.bgsread import DECIMAL
from scorepad.store.games import all_templates
from scorepad.store.roundplays import played_rounds
from scorepad.store.values import from_halves, load

NAMESPACE = uuid.UUID("6f1c2a8e-6a55-4c1b-9f0e-5c0de9ad0001")


def _kind(template: GameTemplate | None) -> str | None:
    return template.result.kind if template is not None and template.result is not None else None


STAMP = "%Y-%m-%d %H:%M:%S"


def write_bgsplay(conn: Connection, out: TextIO) -> int:
    """Every live play (ignored ones marked so) in BG Stats' shape, with what an import
    from BG Stats kept: the round trip gives the same plays, ids and fields back."""
    p, r, pl = m.play, m.result, m.player
    live = p.c.deleted_at.is_(None)
    games = conn.execute(
        select(m.game.c.id, m.game.c.key, m.game.c.name)
        .where(m.game.c.id.in_(select(p.c.game_id).where(live)))
        .order_by(m.game.c.key)
    ).all()
    templates = all_templates(conn)
    kept_objects = _source_objects(conn)
    players = conn.execute(
        select(pl.c.id, pl.c.name, pl.c.anonymous, pl.c.bgs_uuid, pl.c.bgg_username).order_by(
            pl.c.anonymous.is_not(None), pl.c.name_key
        )
    ).all()
    player_refs = {row.id: n for n, row in enumerate(players, 1)}
    places = sorted(
        {
            t
            for t in conn.execute(
                select(p.c.location).where(live, p.c.location.is_not(None))
            ).scalars()
        }
    )
    place_refs = {name: n for n, name in enumerate(places, 1)}
    rounds = played_rounds(conn)
    seats: dict[int, list[Any]] = {}
    scored_games: set[int] = set()
    for row in conn.execute(
        select(
            r.c.play_id,
            r.c.player_id,
            r.c.total_halves,
            r.c.rank,
            r.c.winner,
            r.c.seat,
            r.c.team,
            r.c.game_id,
            r.c.role,
            r.c.score_text,
        )
        .select_from(r.join(p, p.c.id == r.c.play_id))
        .where(live)
        .order_by(r.c.play_id, r.c.seat)
    ):
        seats.setdefault(row.play_id, []).append(row)
        if row.total_halves is not None or row.score_text is not None:
            scored_games.add(row.game_id)
    no_points = {
        gid
        for gid, key, _ in games
        if gid not in scored_games or (key in templates and not scored(templates[key]))
    }
    refs = _Refs(games, templates, kept_objects, no_points)
    plays = []
    for row in conn.execute(select(p).where(live).order_by(p.c.played_at, p.c.uid)):
        kept: dict[str, Any] = load(row.imported) if row.imported else {}
        key = next(k for g, k, _ in games if g == row.game_id)
        template = templates.get(key)
        start = set(kept.get("start") or ())
        if row.first_seat is not None:  # who started, picked in Scorepad
            start.add(row.first_seat)
        order = kept.get("seat_order") or []
        more_seats = kept.get("seats") or []
        no_points_scores = kept.get("no_points_scores") or []
        people = []
        count = len(seats.get(row.id, []))
        for n, seat in enumerate(seats.get(row.id, [])):
            rest = dict(more_seats[n]) if n < len(more_seats) else {}
            rank = rest.pop("rank", None)
            person: dict[str, Any] = {
                "playerRefId": player_refs[seat.player_id],
                "score": _score(seat, row.game_id in no_points, no_points_scores, n),
                "winner": bool(seat.winner),
                "rank": rank if rank is not None else seat.rank if seat.rank <= count else 0,
                "seatOrder": order[n] if n < len(order) and order[n] is not None else n,
                "newPlayer": False,
                "startPlayer": seat.seat in start,
            }
            if seat.team is not None:
                person["team"] = seat.team
            if seat.role is not None:
                person["role"] = seat.role
            person.update(rest)
            people.append(person)
        names = list(kept.get("expansions") or [])
        if row.modules and template is not None:
            labels = {mod.id: pick(mod.label, "en") for mod in (template.base or template).modules}
            names = [labels.get(i, i) for i in load(row.modules)] + names
        modified = kept.get("modified") or row.updated_at.strftime(STAMP)
        play: dict[str, Any] = {
            "uuid": row.uid,
            "gameRefId": refs.game(row.game_id, key, kept.get("game")),
            "playDate": row.played_at.strftime(STAMP),
            "entryDate": row.created_at.strftime(STAMP),
            "modificationDate": modified,
            "durationMin": row.duration or 0,
            "comments": row.notes or "",
            "ignored": bool(row.ignored),
            "manualWinner": bool(kept.get("manual_winner")),
            "usesTeams": bool(kept.get("uses_teams")) or row.result_kind == "teams",
            "rounds": rounds[row.id].played if row.id in rounds else kept.get("rounds", 0),
            "board": kept.get("board", ""),
            "expansionPlays": [{"gameRefId": refs.expansion(n)} for n in names],
            "playerScores": people,
        }
        play.update(kept.get("bgs") or {})
        if row.location:
            play["locationRefId"] = place_refs[row.location]
        plays.append(play)
    anonymous = next(iter(kept_objects.get("player", {}).values()), None)
    document = {
        "about": "Exported by Scorepad",
        "games": refs.listed(),
        "players": [_player(n, row, anonymous) for n, row in enumerate(players, 1)],
        "locations": [
            _location(n, name, kept_objects.get("location", {})) for name, n in place_refs.items()
        ],
        "plays": plays,
    }
    marked = [False]
    document = _unkept(document, marked)
    if not marked[0]:
        json.dump(document, out, ensure_ascii=False, indent=1, default=_exact)
    else:  # numbers finer than a half: written as the file had them, never through a float
        text = json.dumps(document, ensure_ascii=False, indent=1, default=_exact)
        out.write(_PLACED.sub(lambda found: found.group(1), text))
    out.write("\n")
    return len(plays)


_PLACED = re.compile(r'"\\u0000D([-+0-9.eE]+)\\u0000"')


def _unkept(value: Any, marked: list[bool]) -> Any:
    """The kept fields as written: a number kept as ``{DECIMAL: text}`` becomes a
    placeholder text, replaced by the number's own text once the document is written."""
    if isinstance(value, dict):
        if len(value) == 1 and DECIMAL in value:
            marked[0] = True
            return f"\x00D{value[DECIMAL]}\x00"
        return {k: _unkept(v, marked) for k, v in value.items()}
    if isinstance(value, list):
        return [_unkept(v, marked) for v in value]
    return value


def _exact(value: object) -> object:
    """Numbers the source wrote with a fraction, kept as halves, written as such."""
    if isinstance(value, Decimal) and is_half_multiple(value):
        return json_number(value)
    raise TypeError(f"{value!r} cannot be written")


def _score(seat: Any, no_points: bool, kept: list[Any], n: int) -> str:
    """A seat's score as BG Stats keeps it: as typed where it was ("-10+7+22"), empty
    for none; a no-points game's seat as the file had it (kept apart, out of the stats)."""
    if no_points:
        value = kept[n] if n < len(kept) else None
        return "" if value is None else str(value)
    if seat.score_text is not None:
        return str(seat.score_text)
    return "" if seat.total_halves is None else format_points(from_halves(seat.total_halves))


def _player(n: int, row: Any, anonymous: dict[str, Any] | None) -> dict[str, Any]:
    if row.anonymous and anonymous is not None:  # the file's anonymous player, as it was
        return {"id": n, "uuid": anonymous["uuid"], "name": anonymous["name"], "isAnonymous": True}
    found = {
        "id": n,
        "uuid": row.bgs_uuid or str(uuid.uuid5(NAMESPACE, "player:" + row.name)),
        "name": row.name,
        "isAnonymous": bool(row.anonymous),
    }
    return found | ({"bggUsername": row.bgg_username} if row.bgg_username else {})


def _location(n: int, name: str, kept: dict[str, dict[str, Any]]) -> dict[str, Any]:
    found = next((d for d in kept.values() if str(d.get("name")).strip() == name), None)
    if found is not None:  # as the file had it (without the game marker of ``_source_objects``)
        return {"id": n, **{k: v for k, v in found.items() if k != "\x00game"}}
    return {"id": n, "uuid": str(uuid.uuid5(NAMESPACE, "location:" + name)), "name": name}


def _source_objects(conn: Connection) -> dict[str, dict[str, dict[str, Any]]]:
    """The source's records kept by imports, by kind and uuid (``data`` with the game
    they went to as ``"\x00game"``)."""
    found: dict[str, dict[str, dict[str, Any]]] = {}
    table = m.source_object
    for kind, uid, game_id, name, data in conn.execute(
        select(table.c.kind, table.c.uuid, table.c.game_id, table.c.name, table.c.data).order_by(
            table.c.kind, table.c.name, table.c.uuid
        )
    ):
        item = load(data)
        item.setdefault("uuid", uid)
        item.setdefault("name", name)
        item["\x00game"] = game_id
        found.setdefault(kind, {})[uid] = item
    return found


class _Refs:
    """The export's games list: each Scorepad game played (as the BG Stats game it came
    from, when an import kept it), the expansions played, and the games an import
    brought without a play (a collection's unplayed games), each with its number."""

    def __init__(
        self,
        games: Sequence[Any],
        templates: Mapping[str, GameTemplate],
        kept: dict[str, dict[str, dict[str, Any]]],
        no_points: set[int],
    ) -> None:
        self.templates = templates
        self.no_points = no_points
        self.names = {gid: name for gid, _, name in games}
        self.kept = kept.get("game", {})
        self.entries: list[dict[str, Any]] = []
        self.by_key: dict[object, int] = {}

    def _add(self, key: object, entry: dict[str, Any]) -> int:
        if key not in self.by_key:
            entry = {k: v for k, v in entry.items() if k != "\x00game"}
            self.entries.append({"id": len(self.entries) + 1, **entry})
            self.by_key[key] = len(self.entries)
        return self.by_key[key]

    def game(self, game_id: int, key: str, source: object) -> int:
        if isinstance(source, str) and source in self.kept:
            return self._add(source, self.kept[source])
        found = next((u for u, item in self.kept.items() if item["\x00game"] == game_id), None)
        if found is not None:
            return self._add(found, self.kept[found])
        return self._add(
            ("game", game_id),
            _game(key, self.names[game_id], self.templates.get(key), game_id in self.no_points),
        )

    def expansion(self, name: str) -> int:
        found = next((u for u, item in self.kept.items() if item.get("name") == name), None)
        if found is not None:
            return self._add(found, self.kept[found])
        return self._add(
            ("expansion", name),
            {
                "uuid": str(uuid.uuid5(NAMESPACE, "expansion:" + name)),
                "name": name,
                "isBaseGame": 0,
                "isExpansion": 1,
            },
        )

    def listed(self) -> list[dict[str, Any]]:
        """Every game numbered, then the kept games no play refers to."""
        for uid, item in self.kept.items():
            self._add(uid, item)
        return self.entries


def _game(key: str, name: str, template: GameTemplate | None, no_points: bool) -> dict[str, Any]:
    game: dict[str, Any] = {
        "uuid": str(uuid.uuid5(NAMESPACE, "game:" + key)),
        "name": pick(load(name), "en"),
        "highestWins": template is None or template.wins == "highest",
        "noPoints": no_points,
        "cooperative": _kind(template) == "cooperative",
        "usesTeams": _kind(template) == "teams",
        "isBaseGame": 1,
        "isExpansion": 0,
    }
    if template is not None:
        game["minPlayerCount"] = template.min_players
        game["maxPlayerCount"] = template.max_players
        bgg = template.source.get("bgg_id")
        if isinstance(bgg, int):
            game["bggId"] = bgg
    return game
