"""Skill ratings worked out from the plays: openskill's Plackett-Luce model, its defaults.

Ratings are never stored: they follow from the history's counted plays (``club.facts``),
taken in date order with a fixed order for plays at the same time, ``(played_at, uid)``,
never the row id, so the same plays give the same ratings whatever order they were entered
or imported. Each play is rated overall and within its game. A play's sides are its
seats, or its teams (``SeatFact.team``); co-operative plays, the anonymous player and the
players who chose to stay out (``out``, by player id) are left out, the others in that
play still rated; a play left with fewer than two sides is skipped.

The update is openskill's ``PlackettLuce.rate`` with the library's defaults (no weights,
no scores, ``limit_sigma`` and ``balance`` off), written out here float operation for
float operation in the library's order: the library checks, copies and sorts its
arguments on every call, which at 100,000 plays is most of the time. tests/club checks
this update equal, bit for bit, to ``PlackettLuce().rate`` on thousands of random plays
(ties, teams, many players) and to the library's documented example; win chances are
the library's own ``predict_win``. Floats stay inside: what is shown is ``Decimal``
rounded to two places.

A ``Ratings`` keeps, for each player and scope (overall, each game), the rating after
each of their plays, so that re-rating after a change starts from the first play that
changed (``Ratings.rerated``): every play is a checkpoint, found by bisection. From there
on, every play is rated again overall, but within its game only when its game had a play
that changed: each game's ratings follow from its own plays alone, so the others are kept
as they were (a play of the first week changed re-rates a quarter of the per-game
updates of a four-game history). Skipping, overall, the plays whose players' ratings
before them did not change would be exact too, but saves next to nothing on a club's
history: on the bench's (200 players meeting at random) a changed rating reaches every
player within about 300 plays, and 99.9% of the later plays had to be rated again.
"""

from __future__ import annotations

import math
from array import array
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal

from openskill.models import PlackettLuce

from scorepad.club.facts import PlayFact, many_objects

MODEL = PlackettLuce()
"""The library's defaults: mu 25, sigma 25/3, beta 25/6, kappa 0.0001, tau 25/300."""
MIN_PLAYS = 3
"""Win chances are given only when every player has at least this many rated plays in the
scope asked (the game, or overall): before that a rating is mostly its starting guess."""
CENTS = Decimal("0.01")
OVERALL = ""
"""The scope key of the ratings over every game."""

_MU, _SIGMA = MODEL.mu, MODEL.sigma
_BETA_SQUARED = MODEL.beta**2
_KAPPA = MODEL.kappa
_TAU_SQUARED = MODEL.tau * MODEL.tau
_Z = 3.0
_sqrt, _exp = math.sqrt, math.exp


def shown(value: float) -> Decimal:
    """A float of the library as shown: exact decimal of it, rounded half up to cents."""
    return Decimal(value).quantize(CENTS, rounding=ROUND_HALF_UP)


def ordinal(mu: float, sigma: float) -> float:
    """openskill's ``ordinal()`` with its defaults (z 3, alpha 1, target 0)."""
    return 1 * ((mu - _Z * sigma) + (0 / 1))


@dataclass(frozen=True, slots=True)
class Rated:
    """One player's rating in one scope, as shown (two decimals)."""

    player: str
    mu: Decimal
    sigma: Decimal
    ordinal: Decimal
    plays: int
    """Rated plays in this scope."""
    player_id: int = 0


Side = tuple[int, ...]
"""The player ids of one side (one seat, or one team)."""


def sides_of(fact: PlayFact, out: frozenset[int] = frozenset()) -> tuple[list[Side], list[int]]:
    """A play's sides and their ranks as rated: co-operative plays have none; the anonymous
    player and the players in ``out`` are left out; fewer than two sides: none."""
    if fact.cooperative:
        return [], []
    order: list[object] = []
    members: dict[object, list[int]] = {}
    ranks: dict[object, int] = {}
    for index, seat in enumerate(fact.seats):
        if seat.anonymous or seat.player_id in out:
            continue
        key: object = ("team", seat.team) if seat.team is not None else index
        found = members.get(key)
        if found is None:
            order.append(key)
            members[key] = [seat.player_id]
            ranks[key] = seat.rank
        elif seat.player_id not in found:
            found.append(seat.player_id)
    if len(order) < 2:
        return [], []
    return [tuple(members[k]) for k in order], [ranks[k] for k in order]


def update(
    ratings: Sequence[Sequence[tuple[float, float]]], ranks: Sequence[int]
) -> list[list[tuple[float, float]]]:
    """openskill's ``PlackettLuce().rate(teams, ranks=ranks)`` on ``(mu, sigma)`` pairs,
    operation for operation (see the module's docstring); the sides come back in the
    order given."""
    n = len(ratings)
    order = sorted(range(n), key=ranks.__getitem__)  # the library's stable _unwind
    teams = []
    for i in order:  # sigma corrected with tau, as the library's copy is
        teams.append([(mu, math.sqrt(sigma * sigma + _TAU_SQUARED)) for mu, sigma in ratings[i]])
    sorted_ranks = [int(ranks[i]) for i in order]
    team_mu = []
    team_ss = []
    for team in teams:
        if len(team) == 1:
            mu, sigma = team[0]
            team_mu.append(0.0 + mu)
            team_ss.append(0.0 + sigma**2)
            continue
        members = sorted(team, key=lambda r: ordinal(r[0], r[1]), reverse=True)
        mu_summed = 0.0
        ss_summed = 0.0
        for mu, sigma in members:
            mu_summed += mu
            ss_summed += sigma**2
        team_mu.append(mu_summed)
        team_ss.append(ss_summed)
    collective = 0.0
    for ss in team_ss:
        collective += ss + _BETA_SQUARED
    c = math.sqrt(collective)
    exps = [math.exp(mu / c) for mu in team_mu]
    sum_q = [0.0] * n
    for i in range(n):
        summed = exps[i]
        rank_i = sorted_ranks[i]
        for q in range(n):
            if rank_i >= sorted_ranks[q]:
                sum_q[q] += summed
    a = [sorted_ranks.count(r) for r in sorted_ranks]
    result: list[list[tuple[float, float]]] = [[] for _ in range(n)]
    for i in range(n):
        omega = 0.0
        delta = 0.0
        rank_i = sorted_ranks[i]
        e = exps[i]
        for q in range(n):
            if sorted_ranks[q] <= rank_i:
                part = e / sum_q[q]
                delta += part * (1 - part) / a[q]
                if q == i:
                    omega += (1 - part) / a[q]
                else:
                    omega -= part / a[q]
        ss_i = team_ss[i]
        omega *= ss_i / c
        delta *= ss_i / c**2
        delta *= math.sqrt(ss_i) / c
        for mu, sigma in teams[i]:
            share = sigma**2 / ss_i
            mu += share * omega
            sigma *= math.sqrt(max(1 - share * delta, _KAPPA))
            result[i].append((mu, sigma))
    back: list[list[tuple[float, float]]] = [[] for _ in range(n)]
    for position, i in enumerate(order):
        back[i] = result[position]
    return back


def update_singles(
    mus: Sequence[float], sigmas: Sequence[float], ranks: Sequence[int]
) -> tuple[list[float], list[float]]:
    """``update`` for sides of one player each (most plays), in fewer steps: the same
    operations on the same values, so the same results, bit for bit (a division by a
    count of 1 is left out: it changes no float)."""
    n = len(mus)
    order = sorted(range(n), key=ranks.__getitem__)
    r = [ranks[i] for i in order]
    m = [mus[i] for i in order]
    s = [_sqrt(sigmas[i] * sigmas[i] + _TAU_SQUARED) for i in order]
    ss = [x**2 for x in s]
    collective = 0.0
    for x in ss:
        collective += x + _BETA_SQUARED
    c = _sqrt(collective)
    e = [_exp(x / c) for x in m]
    c2 = c**2
    out_m = [0.0] * n
    out_s = [0.0] * n
    if len(set(r)) == n:  # no tie: each rank its own group of one
        sum_q = [0.0] * n
        for q in range(n):
            total = 0.0
            for i in range(q, n):
                total += e[i]
            sum_q[q] = total
        for i in range(n):
            omega = 0.0
            delta = 0.0
            ei = e[i]
            for q in range(i):
                part = ei / sum_q[q]
                delta += part * (1 - part)
                omega -= part
            part = ei / sum_q[i]
            delta += part * (1 - part)
            omega += 1 - part
            ssi = ss[i]
            omega *= ssi / c
            delta *= ssi / c2
            delta *= _sqrt(ssi) / c
            si = s[i]
            share = si**2 / ssi
            j = order[i]
            out_m[j] = m[i] + share * omega
            left = 1 - share * delta
            out_s[j] = si * _sqrt(left if left >= _KAPPA else _KAPPA)
        return out_m, out_s
    # each group of tied ranks: its sum over the ranks from it on, and its size
    sum_q = [0.0] * n
    a = [0] * n
    end = [0] * n
    start = 0
    while start < n:
        stop = start + 1
        while stop < n and r[stop] == r[start]:
            stop += 1
        total = 0.0
        for i in range(start, n):
            total += e[i]
        for q in range(start, stop):
            sum_q[q] = total
            a[q] = stop - start
            end[q] = stop
        start = stop
    for i in range(n):
        omega = 0.0
        delta = 0.0
        ei = e[i]
        for q in range(end[i]):
            part = ei / sum_q[q]
            aq = a[q]
            delta += part * (1 - part) / aq
            if q == i:
                omega += (1 - part) / aq
            else:
                omega -= part / aq
        ssi = ss[i]
        omega *= ssi / c
        delta *= ssi / c2
        delta *= _sqrt(ssi) / c
        si = s[i]
        share = si**2 / ssi
        j = order[i]
        out_m[j] = m[i] + share * omega
        left = 1 - share * delta
        out_s[j] = si * _sqrt(left if left >= _KAPPA else _KAPPA)
    return out_m, out_s


class _Track:
    """One player's ratings in one scope: after each rated play, by its place in the
    plays (date order)."""

    __slots__ = ("at", "mu", "sigma")

    def __init__(self) -> None:
        self.at = array("l")
        self.mu = array("d")
        self.sigma = array("d")

    def until(self, position: int) -> _Track:
        """A copy of this track without the plays from ``position`` on."""
        keep = bisect_left(self.at, position)
        track = _Track()
        track.at, track.mu, track.sigma = self.at[:keep], self.mu[:keep], self.sigma[:keep]
        return track

    def moved(self, position: int, by: int) -> _Track:
        """This track with its plays from ``position`` on ``by`` places further (plays
        added or taken away before them); itself when none moves. A track is never
        changed once its ratings are handed out, so ratings may share it."""
        keep = bisect_left(self.at, position)
        if by == 0 or keep == len(self.at):
            return self
        track = _Track()
        track.at = self.at[:keep] + array("l", [at + by for at in self.at[keep:]])
        track.mu, track.sigma = self.mu, self.sigma
        return track

    def last(self) -> tuple[float, float] | None:
        return (self.mu[-1], self.sigma[-1]) if self.at else None


def _key(fact: PlayFact) -> tuple[datetime, str]:
    return fact.played_at, fact.uid


def _played_at(fact: PlayFact) -> datetime:
    return fact.played_at


def _alike(a: PlayFact, b: PlayFact) -> bool:
    """``_same``, the plain equality of the two values first (a C loop)."""
    return a is b or a == b or _same(a, b)


def _same(a: PlayFact, b: PlayFact) -> bool:
    """The two plays rate alike (names aside: a rename changes no rating)."""
    if (a.uid, a.played_at, a.game, a.kind) != (b.uid, b.played_at, b.game, b.kind):
        return False
    if len(a.seats) != len(b.seats):
        return False
    return all(
        (s.player_id, s.rank, s.team, s.anonymous) == (t.player_id, t.rank, t.team, t.anonymous)
        for s, t in zip(a.seats, b.seats, strict=True)
    )


class Ratings:
    """Every player's ratings, overall and per game, after the plays given."""

    def __init__(self, facts: Iterable[PlayFact], out: frozenset[int] = frozenset()) -> None:
        self.out = frozenset(out)
        self.names: dict[int, str] = {}
        self._tracks: dict[str, dict[int, _Track]] = {OVERALL: {}}
        with many_objects():  # the sort's keys too: 100,000 tuples among millions of objects
            self.plays: list[PlayFact] = sorted(facts, key=_key)
            self._run(0)

    # --- working out -----------------------------------------------------------------
    def _run(self, start: int, games: frozenset[str] | None = None) -> None:
        """Rate the plays from ``start`` on: overall and within their game, or only overall
        for a play whose game is not in ``games`` (when given: that game's ratings are
        kept)."""
        tracks = self._tracks
        overall = tracks[OVERALL]
        out = self.out
        names = self.names
        for position in range(start, len(self.plays)):
            fact = self.plays[position]
            pids = []
            ranks = []
            plain = not fact.cooperative
            for seat in fact.seats:
                pid = seat.player_id
                names[pid] = seat.player
                if seat.team is not None or seat.anonymous or pid in out:
                    plain = False
                pids.append(pid)
                ranks.append(seat.rank)
            if plain:  # each seat a side of its own (most plays): no grouping to do
                if len(pids) < 2:
                    continue
                sides: list[Side] = [(pid,) for pid in pids]
            else:
                sides, ranks = sides_of(fact, out)
                if not sides:
                    continue
                pids = [pid for side in sides for pid in side]
            singles = plain or all(len(side) == 1 for side in sides)
            if games is None or fact.game in games:
                scoped = tracks.get(fact.game)
                if scoped is None:
                    scoped = tracks[fact.game] = {}
                scopes: tuple[dict[int, _Track], ...] = (overall, scoped)
            else:
                scopes = (overall,)
            for scope in scopes:
                now = [scope.get(pid) for pid in pids]
                mus = [_MU if t is None or not t.at else t.mu[-1] for t in now]
                sigmas = [_SIGMA if t is None or not t.at else t.sigma[-1] for t in now]
                if singles:
                    new_mus, new_sigmas = update_singles(mus, sigmas, ranks)
                else:
                    pairs = iter(zip(mus, sigmas, strict=True))
                    after = update([[next(pairs) for _ in side] for side in sides], ranks)
                    new_mus = [mu for side in after for mu, _ in side]
                    new_sigmas = [sigma for side in after for _, sigma in side]
                for pid, track, mu, sigma in zip(pids, now, new_mus, new_sigmas, strict=True):
                    if track is None:
                        track = scope[pid] = _Track()
                    track.at.append(position)
                    track.mu.append(mu)
                    track.sigma.append(sigma)

    def rerated(
        self,
        facts: Iterable[PlayFact],
        *,
        since: datetime | None = None,
        out: frozenset[int] | None = None,
    ) -> Ratings:
        """These ratings after a change, re-rated from the first play that changed.

        ``facts``: every counted play ended at ``since`` or later (all of them when
        ``since`` is None); ``out``: the players staying out now (None: as before). The
        plays before ``since`` are kept and, when ``out`` is unchanged, so are their
        ratings: the work starts at the first play that differs. Returns new ratings; these
        stay as they were (a screen still reading them is not disturbed)."""
        with many_objects():
            return self._rerated(facts, since, out)

    def _rerated(
        self, facts: Iterable[PlayFact], since: datetime | None, out: frozenset[int] | None
    ) -> Ratings:
        # all of it with the cycle collector paused: with the ratings before and every play
        # alive, each of its full walks (set off by the sort's 100,000 keys) cost seconds
        new = sorted(facts, key=_key)
        keep = 0 if since is None else bisect_left(self.plays, since, key=_played_at)
        plays = self.plays[:keep] + new
        before = self.plays
        start = keep
        while start < len(plays) and start < len(before) and _alike(plays[start], before[start]):
            start += 1
        # the plays after the last one that differs are the plays before, one for one: a
        # game with no play in between keeps its ratings (each game's are worked out from
        # its own plays alone), only moved by the plays added or taken away
        end, end_before = len(plays), len(before)
        while end > start and end_before > start and _alike(plays[end - 1], before[end_before - 1]):
            end -= 1
            end_before -= 1
        games: frozenset[str] | None = frozenset(
            f.game for part in (plays[start:end], before[start:end_before]) for f in part
        )
        now_out = self.out if out is None else frozenset(out)
        if now_out != self.out:
            games = None  # a player out, or back: every scope they played in
            changed = now_out ^ self.out
            first = next(
                (
                    i
                    for i, fact in enumerate(plays)
                    if any(s.player_id in changed for s in fact.seats)
                ),
                len(plays),
            )
            start = min(start, first)
        after = object.__new__(Ratings)
        after.plays, after.out, after.names = plays, now_out, dict(self.names)
        shift = len(plays) - len(before)
        after._tracks = {
            scope: {pid: track.until(start) for pid, track in tracks.items()}
            if games is None or scope == OVERALL or scope in games
            else {pid: track.moved(end_before, shift) for pid, track in tracks.items()}
            for scope, tracks in self._tracks.items()
        }
        after._run(start, games)
        return after

    def renamed(self, names: dict[int, str]) -> None:
        """The players' names as the history has them now (by id)."""
        self.names.update(names)

    # --- reading ---------------------------------------------------------------------
    def games(self) -> list[str]:
        """The games with rated plays."""
        return sorted(
            k for k, scope in self._tracks.items() if k and any(t.at for t in scope.values())
        )

    def _scope(self, game: str | None) -> dict[int, _Track]:
        return self._tracks.get(game or OVERALL, {})

    def player_id(self, player: str | int) -> int | None:
        """A player's id from their id or their name (case folded)."""
        if isinstance(player, int):
            return player
        folded = player.casefold()
        for pid, name in self.names.items():
            if name.casefold() == folded:
                return pid
        return None

    def table(self, game: str | None = None) -> list[Rated]:
        """The players rated in ``game`` (None: overall), best ordinal first (then more
        plays, then name)."""
        rows = []
        for pid, track in self._scope(game).items():
            last = track.last()
            if last is None or pid in self.out:
                continue
            mu, sigma = last
            rows.append((ordinal(mu, sigma), mu, sigma, len(track.at), pid))
        rows.sort(key=lambda r: (-r[0], -r[3], self.names.get(r[4], "").casefold()))
        return [
            Rated(self.names.get(pid, ""), shown(mu), shown(sigma), shown(o), plays, pid)
            for o, mu, sigma, plays, pid in rows
        ]

    def _track(self, player: str | int, game: str | None) -> _Track | None:
        pid = self.player_id(player)
        if pid is None or pid in self.out:
            return None
        return self._scope(game).get(pid)

    def over_time(
        self, player: str | int, game: str | None = None
    ) -> list[tuple[datetime, Decimal]]:
        """The player's ordinal after each of their rated plays, oldest first."""
        track = self._track(player, game)
        if track is None:
            return []
        return [
            (self.plays[at].played_at, shown(ordinal(mu, sigma)))
            for at, mu, sigma in zip(track.at, track.mu, track.sigma, strict=True)
        ]

    def ordinal_at(
        self, player: str | int, when: datetime, game: str | None = None
    ) -> Decimal | None:
        """The player's ordinal just before ``when`` (after their last rated play that
        ended before it); None when they had no rated play by then."""
        track = self._track(player, game)
        if track is None:
            return None
        plays = self.plays
        index = bisect_left(track.at, when, key=lambda at: plays[at].played_at)
        if index == 0:
            return None
        return shown(ordinal(track.mu[index - 1], track.sigma[index - 1]))

    def rated_plays(self, player: str | int, game: str | None = None) -> int:
        track = self._track(player, game)
        return len(track.at) if track is not None else 0

    def win_chances(
        self, players: Sequence[str | int], game: str | None = None
    ) -> dict[str, Decimal] | None:
        """Each player's chance to win (openskill's ``predict_win``, each for themselves),
        as a fraction rounded to cents, by name as given; None unless there are two or more
        players and each has ``MIN_PLAYS`` rated plays in the scope."""
        if len(players) < 2:
            return None
        teams = []
        for player in players:
            track = self._track(player, game)
            if track is None or len(track.at) < MIN_PLAYS:
                return None
            teams.append([MODEL.rating(mu=track.mu[-1], sigma=track.sigma[-1])])
        chances = MODEL.predict_win(teams)
        return {str(p): shown(c) for p, c in zip(players, chances, strict=True)}


def rate(facts: Iterable[PlayFact], *, out: frozenset[int] = frozenset()) -> Ratings:
    """The ratings after ``facts`` (in any order), leaving out the player ids in ``out``."""
    return Ratings(facts, out)
