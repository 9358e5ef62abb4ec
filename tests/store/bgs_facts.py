"""The facts a player knows about their BG Stats history, read two ways.

``file_facts`` reads a BG Stats export as it is, written apart from the importer (no
code of ``scorepad.store`` or ``scorepad.core``): plays, ignored plays, wins per player,
co-operative plays won, lost or mixed, the best score of each game and who holds it,
durations, locations, comments, roles, teams, expansions and start players.
``history_facts`` reads the same from a history through the store's public API. An
import is true when the two are equal.
"""

from __future__ import annotations

import re
from collections import Counter
from decimal import Decimal
from typing import Any

from scorepad.store import Store

ANONYMOUS = "Anonymous"


def _value(score: object) -> Decimal | None:
    """A score as BG Stats adds it up: signed numbers one after another ("-10+7+22",
    "86+84+", "20--0-3"); blank is no score."""
    if score is None:
        return None
    text = str(score).strip()
    if not text:
        return None
    total = Decimal(0)
    for signs, digits in re.findall(r"([-+\s]*)(\d+(?:\.\d*)?|\.\d+)", text):
        total += -Decimal(digits) if signs.count("-") % 2 else Decimal(digits)
    return total


def _team(raw: object) -> str | None:
    text = "" if raw is None else str(raw).strip()
    return None if text in ("", "0") else text


def file_facts(document: dict[str, Any]) -> dict[str, Any]:
    games = {g["id"]: g for g in document["games"]}
    people = {p["id"]: p for p in document["players"]}
    places = {p["id"]: p["name"].strip() for p in document["locations"]}
    seen: set[str] = set()
    plays = []
    for play in document["plays"]:
        key = play["uuid"].lower()
        if key not in seen:  # a play given twice (the same uuid in other case) is one play
            seen.add(key)
            plays.append(play)

    def name(ref: int) -> str:
        person = people[ref]
        return ANONYMOUS if person["isAnonymous"] else person["name"].strip()

    facts: dict[str, Any] = {
        "plays": len(plays),
        "ignored": sum(1 for p in plays if p["ignored"]),
        "wins": Counter(),
        "coop": Counter(),
        "best": {},
        "minutes": sum(p["durationMin"] or 0 for p in plays),
        "timed": sum(1 for p in plays if p["durationMin"]),
        "locations": Counter(places[p["locationRefId"]] for p in plays if p.get("locationRefId")),
        "comments": sorted(
            p["comments"].strip() for p in plays if (p.get("comments") or "").strip()
        ),
        "roles": Counter(s["role"] for p in plays for s in p["playerScores"] if s.get("role")),
        "teams": sorted(
            (p["uuid"].lower(), tuple(_team(s.get("team")) for s in p["playerScores"]))
            for p in plays
            if any(_team(s.get("team")) for s in p["playerScores"])
        ),
        "expansions": Counter(
            games[e["gameRefId"]]["name"] for p in plays for e in p.get("expansionPlays") or []
        ),
        "start": Counter(
            name(s["playerRefId"]) for p in plays for s in p["playerScores"] if s.get("startPlayer")
        ),
        "seats": Counter(len(p["playerScores"]) for p in plays),
    }
    best: dict[str, tuple[Decimal, set[str]]] = {}
    for play in plays:
        if play["ignored"]:
            continue
        game = games[play["gameRefId"]]
        seats = play["playerScores"]
        for seat in seats:
            if seat.get("winner") and not people[seat["playerRefId"]]["isAnonymous"]:
                facts["wins"][name(seat["playerRefId"])] += 1
        if game.get("cooperative"):
            won = {bool(s.get("winner")) for s in seats}
            facts["coop"]["mixed" if len(won) > 1 else "won" if True in won else "lost"] += 1
        if game.get("noPoints"):
            continue
        for seat in seats:
            value = _value(seat.get("score"))
            if value is None:
                continue
            held = best.get(game["name"])
            if held is None:
                best[game["name"]] = (value, {name(seat["playerRefId"])})
                continue
            better = value > held[0] if game.get("highestWins", True) else value < held[0]
            if better:
                best[game["name"]] = (value, {name(seat["playerRefId"])})
            elif value == held[0]:
                held[1].add(name(seat["playerRefId"]))
    facts["best"] = {g: (v, sorted(h)) for g, (v, h) in best.items()}
    return facts


def history_facts(store: Store, document: dict[str, Any]) -> dict[str, Any]:
    """The same facts from the history (``document`` only says which game each BG Stats
    game's plays went to, by the plays' uuids)."""
    plays = list(store.list_plays(limit=1_000_000).plays)
    by_uid = {p.uid: p for p in plays}
    games = {g["id"]: g["name"] for g in document["games"]}
    went: dict[str, set[str]] = {}
    for raw in document["plays"]:
        play = by_uid.get(raw["uuid"].lower())
        if play is not None:
            went.setdefault(games[raw["gameRefId"]], set()).add(play.game)
    facts: dict[str, Any] = {
        "plays": len(plays),
        "ignored": sum(1 for p in plays if p.ignored),
        "wins": Counter(),
        "coop": Counter(),
        "best": {},
        "minutes": sum(p.duration or 0 for p in plays),
        "timed": sum(1 for p in plays if p.duration),
        "locations": Counter(p.location for p in plays if p.location),
        "comments": sorted(p.notes for p in plays if p.notes),
        "roles": Counter(s.role for p in plays for s in p.players if s.role),
        "teams": sorted(
            (p.uid, tuple(s.team for s in p.players))
            for p in plays
            if any(s.team for s in p.players)
        ),
        "expansions": Counter(),
        "start": Counter(),
        "seats": Counter(len(p.players) for p in plays),
        "games": went,
    }
    for play in plays:
        record = store.get_play(play.id)
        names = [ANONYMOUS if s.anonymous else s.name for s in play.players]
        for seat in record.imported.get("start") or ():
            facts["start"][names[seat - 1]] += 1
        labels = {m.id: m.label.get("en", m.id) for m in record.sheet.template.modules}
        for module in play.modules:
            facts["expansions"][labels.get(module, module)] += 1
        for expansion in record.imported.get("expansions") or ():
            facts["expansions"][expansion] += 1
        if play.ignored:
            continue
        for seat in play.players:
            if seat.winner and not seat.anonymous:
                facts["wins"][seat.name] += 1
        if play.result_kind == "cooperative":
            facts["coop"][play.outcome] += 1
    for game, keys in went.items():
        for key in keys:
            stats = store.game_stats(key)
            if stats.best_total is not None:
                holders = {ANONYMOUS if h.name == ANONYMOUS else h.name for h in stats.holders}
                facts["best"][game] = (Decimal(stats.best_total), sorted(holders))
    return facts


def compared(file: dict[str, Any], history: dict[str, Any]) -> dict[str, tuple[Any, Any]]:
    """Each fact on which the two readings differ: {fact: (file's, history's)}."""
    return {key: (file[key], history[key]) for key in file if file[key] != history[key]}
