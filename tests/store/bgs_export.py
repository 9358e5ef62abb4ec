"""Realistic BG Stats exports, made up here (no user's file is committed).

``realistic_export(plays, seed)`` writes a document shaped as BG Stats 6.x exports are
(the fields and their forms as found in exports people published; docs/bgstats.md), with
every quirk the importer must take, at least once whatever the number of plays:

- team "0" on every seat of a play without teams; a game with plays in teams and plays
  without; teams on co-operative plays and on plays not marked ``usesTeams``;
- ``maxPlayerCount`` 100 and 99; plays outside a built-in game's player range (7 Wonders
  with 8 players);
- "3.44" (a timed score), "-10+7+22", "86+84+" and "20--0-3" (as typed in BG Stats),
  blank scores, scores in ``noPoints`` games;
- solo losses (rank 0 or 2 of 1), mixed co-operative results, manual winners whose best
  total is not the winner's;
- ``role``, ``teamRole``, ``metaData``, ``startPosition``, ``scoringSetting``,
  ``bggId``/``bggLastSync`` of plays, tags, groups, challenges, ``deletedObjects``,
  ``userInfo``, games in the collection without a play;
- the anonymous player, a BGG id differing from the built-in game's (Castles of
  Burgundy 271320, the built-in being 84876), locations;
- with ``quirks=True`` (the default), a play given twice with the same uuid in other
  letter case (the same play), which the import reports.

``broken_export`` adds what must be refused: two different plays with one uuid and a
player id listed twice.
"""

from __future__ import annotations

import copy
import random
import uuid
from datetime import datetime, timedelta
from typing import Any

GAMES: tuple[dict[str, Any], ...] = (
    # id, name, bggId, flags, player range as BG Stats declares it
    {"name": "7 Wonders", "bggId": 68448, "min": 2, "max": 7},
    {"name": "Quacks of Quedlinburg", "bggId": 244521, "min": 2, "max": 4},
    {"name": "Castles of Burgundy", "bggId": 271320, "min": 1, "max": 4},
    {"name": "Cards Against Humanity", "bggId": 50381, "min": 4, "max": 30},
    {"name": "Ricochet Robots", "bggId": 51, "min": 1, "max": 99},
    {"name": "Wavelength", "bggId": 262543, "min": 2, "max": 12, "usesTeams": True},
    {"name": "Dune", "bggId": 121, "min": 2, "max": 6, "noPoints": True},
    {"name": "6 nimmt!", "bggId": 432, "min": 2, "max": 10, "highestWins": False},
    {"name": "Pandemic", "bggId": 30549, "min": 2, "max": 4, "cooperative": True, "noPoints": True},
    {
        "name": "Betrayal at House on the Hill",
        "bggId": 10547,
        "min": 3,
        "max": 6,
        "cooperative": True,
        "noPoints": True,
    },
    {"name": "Mansions of Madness", "bggId": 205059, "min": 1, "max": 5, "cooperative": True},
    {"name": "Speed Cups", "bggId": 97903, "min": 2, "max": 4, "highestWins": False},
    {"name": "Mage Knight", "bggId": 96848, "min": 1, "max": 4},
    {"name": "Πλατεία", "bggId": 0, "min": 2, "max": 5},
)
EXPANSIONS = (
    {"name": "7 Wonders: Leaders", "bggId": 92539, "base": "7 Wonders"},
    {
        "name": "Quacks of Quedlinburg: The Herb Witches",
        "bggId": 269594,
        "base": "Quacks of Quedlinburg",
    },
)
UNPLAYED = ({"name": "Gloomhaven", "bggId": 174430, "min": 1, "max": 4},)
PEOPLE = ("Ana", "Ben", "Carla", "Dimitris", "Eva", "Femi", "Gosia", "Hiro", "Ines")
PLACES = ("Home", "Club Meeple", "Café Ludo")
ROLES = ("Atreides", "Harkonnen", "Fremen", "Emperor", "Spacing Guild", "Bene Gesserit")
STAMP = "%Y-%m-%d %H:%M:%S"


def _uuid(rnd: random.Random) -> str:
    """A version-4 uuid from the generator's own random numbers (the same every run)."""
    return str(uuid.UUID(int=rnd.getrandbits(128), version=4))


def _game(
    n: int, spec: dict[str, Any], rnd: random.Random, expansion: bool = False
) -> dict[str, Any]:
    return {
        "id": n,
        "uuid": _uuid(rnd),
        "name": spec["name"],
        "modificationDate": "2023-01-01 10:00:00",
        "cooperative": spec.get("cooperative", False),
        "highestWins": spec.get("highestWins", True),
        "noPoints": spec.get("noPoints", False),
        "usesTeams": spec.get("usesTeams", False),
        "urlThumb": "",
        "urlImage": "",
        "bggName": spec["name"],
        "bggYear": 2018,
        "bggId": spec.get("bggId", 0),
        "designers": "",
        "isBaseGame": 0 if expansion else 1,
        "isExpansion": 1 if expansion else 0,
        "rating": 0,
        "minPlayerCount": spec.get("min", 0),
        "maxPlayerCount": spec.get("max", 0),
        "minPlayTime": 30,
        "maxPlayTime": 60,
        "minAge": 10,
        "preferredImage": 0,
        "previouslyPlayedAmount": 0,
        "copies": [],
        "metaData": '{"kind":"game"}',
        "tags": [1] if n == 1 else [],
    }


def _seat(player: int, score: str, winner: bool, rank: int, seat: int) -> dict[str, Any]:
    return {
        "score": score,
        "winner": winner,
        "newPlayer": False,
        "startPlayer": seat == 0,
        "playerRefId": player,
        "rank": rank,
        "seatOrder": seat,
        "team": "0",
    }


def _ranked(scores: list[int], highest: bool) -> list[int]:
    order = sorted(scores, reverse=highest)
    return [order.index(s) + 1 for s in scores]


class _Maker:
    def __init__(self, rnd: random.Random) -> None:
        self.rnd = rnd
        self.games = {spec["name"]: _game(n, spec, rnd) for n, spec in enumerate(GAMES, 1)}
        base = len(GAMES)
        self.expansions = {
            spec["name"]: _game(base + n, spec, rnd, expansion=True)
            for n, spec in enumerate(EXPANSIONS, 1)
        }
        base += len(EXPANSIONS)
        self.unplayed = [_game(base + n, spec, rnd) for n, spec in enumerate(UNPLAYED, 1)]
        self.players = [
            {
                "id": n,
                "uuid": _uuid(rnd),
                "name": name,
                "isAnonymous": False,
                "modificationDate": "2023-01-01 10:00:00",
                "bggUsername": name.lower() + "_bgg" if n % 3 == 0 else "",
                "metaData": "",
            }
            for n, name in enumerate(PEOPLE, 1)
        ]
        self.anonymous = len(PEOPLE) + 1
        self.players.append(
            {
                "id": self.anonymous,
                "uuid": _uuid(rnd),
                "name": "Anonymous player",
                "isAnonymous": True,
                "modificationDate": "2023-01-01 10:00:00",
            }
        )
        self.places = [
            {"id": n, "uuid": _uuid(rnd), "name": name, "modificationDate": "2023-01-01 10:00:00"}
            for n, name in enumerate(PLACES, 1)
        ]
        self.when = datetime(2021, 1, 1, 19, 0)

    def play(self, game: str, seats: list[dict[str, Any]], **more: Any) -> dict[str, Any]:
        self.when += timedelta(hours=self.rnd.randint(2, 40), minutes=self.rnd.randint(0, 59))
        stamp = self.when.strftime(STAMP)
        play = {
            "uuid": _uuid(self.rnd),
            "modificationDate": stamp,
            "entryDate": stamp,
            "playDate": stamp,
            "usesTeams": False,
            "durationMin": self.rnd.choice((0, 25, 45, 60, 95)),
            "ignored": False,
            "manualWinner": False,
            "rounds": 0,
            "locationRefId": self.rnd.choice(self.places)["id"],
            "gameRefId": self.games[game]["id"],
            "board": "",
            "rating": 0,
            "nemestatsId": 0,
            "scoringSetting": self.rnd.choice((0, 0, 1, 6)),
            "importPlayId": 0,
            "expansionPlays": [],
            "playerScores": seats,
        }
        if self.rnd.random() < 0.3:
            play["comments"] = self.rnd.choice(("Close game", "Rematch soon!\nFun", "New rules"))
        if self.rnd.random() < 0.5:
            play["bggId"] = self.rnd.randint(10_000_000, 90_000_000)
            play["bggLastSync"] = stamp
        if self.rnd.random() < 0.3:
            play["metaData"] = '{"photos":[]}'
        play.update(more)
        return play

    def people(self, count: int) -> list[int]:
        chosen = self.rnd.sample(range(1, len(PEOPLE) + 1), min(count, len(PEOPLE)))
        while len(chosen) < count:
            chosen.append(self.anonymous)
        return chosen

    def scored(self, game: str, count: int, top: int = 90, **more: Any) -> dict[str, Any]:
        """A play each for themselves with scores, winners by the scores."""
        highest = self.games[game]["highestWins"]
        scores = [self.rnd.randint(top // 4, top) for _ in range(count)]
        ranks = _ranked(scores, highest)
        seats = [
            _seat(p, str(s), r == 1, r, n)
            for n, (p, s, r) in enumerate(zip(self.people(count), scores, ranks, strict=True))
        ]
        return self.play(game, seats, **more)


def realistic_export(
    plays: int = 200, seed: int = 29, *, quirks: bool = True, plain: bool = False
) -> dict[str, Any]:
    """A BG Stats export of about ``plays`` plays (never fewer than the quirks need).
    ``plain``: ordinary plays only, of games and tables any earlier Scorepad took too
    (what a bench compares with the code before the quirks were handled)."""
    rnd = random.Random(seed)
    mk = _Maker(rnd)
    found: list[dict[str, Any]] = []

    # --- every quirk once ------------------------------------------------------------
    if not plain:
        sums = mk.scored("Castles of Burgundy", 3)
        sums["playerScores"][0]["score"] = "-10+7+22"  # 19
        sums["playerScores"][1]["score"] = "86+84+"  # 170, as BG Stats adds it up
        sums["playerScores"][2]["score"] = "20--0-3"  # 17
        for seat, (rank, won) in zip(
            sums["playerScores"], ((3, False), (1, True), (2, False)), strict=True
        ):
            seat.update(rank=rank, winner=won)
        found.append(sums)
        timed = mk.scored("Speed Cups", 3)
        for seat, (score, rank) in zip(
            timed["playerScores"], (("3.44", 1), ("5.10", 2), ("5.37", 3)), strict=True
        ):
            seat.update(score=score, rank=rank, winner=rank == 1)
        found.append(timed)
        blank = mk.scored("Mage Knight", 3)
        blank["playerScores"][2].update(score="", rank=0, winner=False)
        found.append(blank)
        for rank in (0, 2):  # solo losses as BG Stats writes them
            solo = mk.scored("Mage Knight", 1)
            solo["playerScores"][0].update(winner=False, rank=rank)
            found.append(solo)
        won_solo = mk.scored("Mage Knight", 1)
        won_solo["playerScores"][0].update(winner=True, rank=1)
        found.append(won_solo)
        wide = mk.scored("7 Wonders", 8)  # beyond the built-in sheet's 7
        found.append(wide)
        for count in (3, 5):
            found.append(
                mk.scored(
                    "7 Wonders",
                    count,
                    expansionPlays=[{"gameRefId": mk.expansions["7 Wonders: Leaders"]["id"]}],
                )
            )
        best = mk.scored("Quacks of Quedlinburg", 4, top=60)
        best["playerScores"][0]["score"] = "78"
        best["playerScores"][0].update(winner=True, rank=1)
        for seat in best["playerScores"][1:]:
            seat.update(winner=False, rank=seat["seatOrder"] + 1)
        found.append(best)
        five = mk.scored("Quacks of Quedlinburg", 5, top=60)  # beyond the built-in sheet's 4
        found.append(five)
        manual = mk.scored("6 nimmt!", 3)
        for seat, (score, won) in zip(
            manual["playerScores"], (("23", False), ("40", True), ("31", False)), strict=True
        ):
            seat.update(score=score, winner=won, rank=1 if won else 2)
        manual["manualWinner"] = True
        found.append(manual)
        for count in (
            3,
            5,
            6,
        ):  # Dune: no points, a manual winner, roles (scores typed all the same)
            seats = [
                _seat(p, str(rnd.randint(0, 12)), n == 0, 1 if n == 0 else 0, n)
                for n, p in enumerate(mk.people(count))
            ]
            for n, seat in enumerate(seats):
                seat["role"] = ROLES[n]
                seat["metaData"] = f'{{"spice":{n}}}'
                seat["startPosition"] = str(n + 1)
            found.append(mk.play("Dune", seats, manualWinner=True))
        for size in (12, 25):  # BG Stats' own limits: 30 and 99
            found.append(mk.scored("Cards Against Humanity", min(size, 12)))
            found.append(mk.scored("Ricochet Robots", min(size, 6), top=20))
        teams = [_seat(p, "", n < 2, 1 if n < 2 else 2, n) for n, p in enumerate(mk.people(4))]
        for n, seat in enumerate(teams):
            seat["team"] = "Team " + ("AB"[n // 2])
            seat["teamRole"] = "Psychic" if n % 2 == 0 else ""
        found.append(mk.play("Wavelength", teams, usesTeams=True))
        alone = [_seat(p, "", n == 0, 1 if n == 0 else 2, n) for n, p in enumerate(mk.people(3))]
        found.append(mk.play("Wavelength", alone))  # the same game without teams
        for outcome in ("won", "lost"):
            seats = [
                _seat(p, "", outcome == "won", 1 if outcome == "won" else 0, n)
                for n, p in enumerate(mk.people(4))
            ]
            found.append(mk.play("Pandemic", seats))
        traitor = [_seat(p, "", n != 2, 1 if n != 2 else 2, n) for n, p in enumerate(mk.people(4))]
        traitor[2]["role"] = "Traitor"
        found.append(mk.play("Betrayal at House on the Hill", traitor))
        madness = [
            _seat(p, str(10 + n), n < 2, 1 if n < 2 else 2, n) for n, p in enumerate(mk.people(3))
        ]
        for n, seat in enumerate(madness):
            seat["team"] = "Investigators" if n < 2 else "Traitor"  # teams on a co-op play
        found.append(mk.play("Mansions of Madness", madness))
        coop_teams = [_seat(p, "", True, 1, n) for n, p in enumerate(mk.people(2))]
        coop_teams[0]["team"] = "1"
        coop_teams[1]["team"] = "1"
        found.append(mk.play("Pandemic", coop_teams))
        unmarked = mk.scored("Castles of Burgundy", 4)  # teams on a play not marked usesTeams
        for n, seat in enumerate(unmarked["playerScores"]):
            seat["team"] = "Red" if n % 2 == 0 else "Blue"
        found.append(unmarked)
        anon = mk.scored("Castles of Burgundy", 3)
        anon["playerScores"][1]["playerRefId"] = mk.anonymous
        anon["playerScores"][2]["playerRefId"] = mk.anonymous
        anon["playerScores"][2]["score"] = ""
        anon["playerScores"][2].update(winner=False, rank=3)
        found.append(anon)
        found.append(mk.scored("Πλατεία", 3, top=40))
        ignored = mk.scored("Castles of Burgundy", 2, ignored=True)
        found.append(ignored)

    # --- the rest: ordinary plays ---------------------------------------------------
    # the games of the plays added to reach the number asked for: the others have only
    # the plays above, which the tests find by their game
    ordinary: tuple[str, ...] = ("7 Wonders", "Castles of Burgundy", "Πλατεία")
    if not plain:
        ordinary += ("Cards Against Humanity", "Ricochet Robots")
    while len(found) < plays:
        game = rnd.choice(ordinary)
        spec = next(s for s in GAMES if s["name"] == game)
        count = rnd.randint(
            max(3 if plain else 2, spec["min"]), min(spec["max"], 6, 4 if plain else 6)
        )
        play = mk.scored(game, count)
        if rnd.random() < 0.05:
            play["ignored"] = True
        if rnd.random() < 0.1:
            play["playerScores"][0]["role"] = rnd.choice(ROLES)
        found.append(play)
    rnd.shuffle(found)  # the team play need not come first, nor last
    if quirks and not plain:
        twin = copy.deepcopy(found[3])
        twin["uuid"] = twin["uuid"].upper()
        found.append(twin)  # the same play again, its uuid in capitals
    return {
        "tags": [
            {
                "id": 1,
                "uuid": _uuid(rnd),
                "name": "Heavy",
                "modificationDate": "2023-01-01 10:00:00",
            }
        ],
        "groups": [{"id": 1, "uuid": _uuid(rnd), "name": "Thursday", "playerRefIds": "1,2,3"}],
        "players": mk.players,
        "locations": mk.places,
        "games": list(mk.games.values()) + list(mk.expansions.values()) + mk.unplayed,
        "plays": found,
        "challenges": [{"id": 1, "uuid": _uuid(rnd), "name": "10x10", "gameRefIds": "1,2"}],
        "deletedObjects": [{"uuid": _uuid(rnd), "type": 1}],
        "userInfo": {"meRefId": 1, "bggUsername": "ana_bgg"},
    }


def broken_export(seed: int = 29) -> dict[str, Any]:
    """A realistic export with what must be refused: two different plays sharing one
    uuid (in other letter case), and a player id listed twice under two names."""
    document = realistic_export(60, seed, quirks=False)
    clash = copy.deepcopy(document["plays"][5])
    clash["uuid"] = document["plays"][7]["uuid"].upper()
    document["plays"].append(clash)
    twice = dict(document["players"][1], name="Somebody Else", uuid="another-uuid")
    document["players"].append(twice)
    return document
