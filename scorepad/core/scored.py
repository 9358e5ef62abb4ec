"""A scored sheet as values: what each player entered (``PlayerSheet``), their result
(``PlayerResult``) and the play's (``ScoredSheet``), with the sentence that explains it
and its ``--json`` shape. ``scoring.score`` makes them; ``results`` settles a
co-operative or team play on them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from types import MappingProxyType
from typing import Any, Literal, NamedTuple, cast

from scorepad.core.i18n import decimal_mark, join_words, ntr, pick, tr
from scorepad.core.numbers import Number, format_points, json_number, normalize
from scorepad.core.resultrule import TeamResult
from scorepad.core.rounds import Ended, round_note
from scorepad.core.template import GameTemplate, Reading

DecidedBy = Literal["total", "tiebreak", "shared", "outcome", "ended"]
""""outcome": won or lost as the players said (a co-operative game, a team game without
a score); "ended": won by the player who ended a race (Catan), not first on the totals."""
NONE: Mapping[str, Number] = MappingProxyType({})


class ExtraLine(NamedTuple):
    """A "by hand" line: a label the players chose and the points typed in."""

    label: str
    points: Number


class PlayerSheet(NamedTuple):
    """What one player entered: raw line values as in a sheet file, plus by-hand lines."""

    name: str
    lines: Mapping[str, object] = MappingProxyType({})
    extra: Sequence[ExtraLine] = ()
    team: str | None = None
    """The player's team, in a team game."""


class PlayerResult(NamedTuple):
    name: str
    readings: dict[str, Reading]
    """Every line of the variant, in sheet order, including those left blank."""
    extra: tuple[ExtraLine, ...]
    total: Number
    tiebreak: tuple[Number, ...]
    """One value per tie-breaker of the game, in order."""
    rank: int
    winner: bool
    computed: Mapping[str, Number] = MappingProxyType({})
    """Points worked out from several lines rather than entered on one: a round game's
    bid rule (its key, e.g. "score"), over every round."""
    rounds: tuple[Number, ...] = ()
    """A round game: the running total after each round."""

    @property
    def lines(self) -> dict[str, Number]:
        """Points of every line that is added to the total (and of the bid rule)."""
        found = {key: r.points for key, r in self.readings.items() if r.counts}
        if self.computed:
            found.update(self.computed)
        return found

    @property
    def entries(self) -> dict[str, object]:
        """What was entered on each line, in the form a sheet file holds it."""
        return {key: r.value for key, r in self.readings.items()}


class ScoredSheet(NamedTuple):
    template: GameTemplate
    variant: str | None
    players: tuple[PlayerResult, ...]
    """In the order the players were entered."""
    winners: tuple[str, ...]
    decided_by: DecidedBy
    deciding: int | None = None
    """Which tie-breaker settled first place, when ``decided_by`` is "tiebreak"."""
    ended: Ended | None = None
    """A round game: whether the rounds played finish it, and who ended it in which round."""
    outcome: str | None = None
    """A co-operative play: "won" or "lost"; a team play without a score: the winning team."""
    teams: tuple[TeamResult, ...] = ()
    """A team play: its teams, in the order they first appear among the players."""

    @property
    def modules(self) -> tuple[str, ...]:
        """The game's modules chosen for this play."""
        return self.template.chosen

    def explanation(self, lang: str) -> str:
        """One sentence saying who wins and how, e.g. "Tie on 76: Hugo wins on rows, 2 to 1"."""
        return explain(self, lang)

    @property
    def played_rounds(self) -> int:
        return len(self.players[0].rounds) if self.players else 0

    @property
    def finished(self) -> bool:
        """False for a round game with rounds still to play, or a game with a target no one
        reached (a round game's, or a quick game's first to 100)."""
        return self.ended is None or self.ended.finished

    def round_note(self, lang: str) -> str | None:
        """ "Ana reached 500 in round 9.", or "Unfinished: 7 of 10 rounds played."; None for
        a game without rounds, or one that ended after its last round."""
        if self.ended is None:
            return None
        return round_note(self.template, self.played_rounds, self.ended, lang)

    def to_json(self, lang: str = "en") -> dict[str, object]:
        """The ``scorepad score --json`` shape of docs/sheet-files.md (numbers exact: ints or
        halves)."""
        data: dict[str, object] = {
            "game": self.template.id,
            "variant": self.variant,
            "players": [
                {
                    "name": p.name,
                    "lines": {k: json_number(v) for k, v in p.lines.items()},
                    "entries": {k: _json_value(r.value) for k, r in p.readings.items()},
                    "extra": [{"label": e.label, "points": json_number(e.points)} for e in p.extra],
                    "total": json_number(p.total),
                    "tiebreak": [json_number(v) for v in p.tiebreak],
                    "rank": p.rank,
                    "winner": p.winner,
                    **_floor_json(self.template, p),
                }
                for p in self.players
            ],
            "winners": list(self.winners),
            "decided_by": self.decided_by,
            "explanation": self.explanation(lang),
            **self._rounds_json(lang),
        }
        result_json(self, data)
        return data

    def _rounds_json(self, lang: str) -> dict[str, object]:
        """A round game's additions: the running totals after each round (one list per
        round, one total per player in seat order), whether it is finished, and who ended
        it in which round."""
        if self.ended is None:
            return {}
        if self.template.rounds is None:  # a game without rounds that ends on a target
            return {
                "finished": self.ended.finished,
                "ended_by": list(self.ended.ended_by),
                "round_note": self.round_note(lang),
            }
        return {
            "rounds": [
                [json_number(p.rounds[r]) for p in self.players] for r in range(self.played_rounds)
            ],
            "finished": self.ended.finished,
            "ended_round": self.ended.ended_round,
            "ended_by": list(self.ended.ended_by),
            "round_note": self.round_note(lang),
        }


def _floor_json(template: GameTemplate, player: PlayerResult) -> dict[str, object]:
    """A game with a floor under the total: what the floor added (0 when none)."""
    if template.rules is None or template.rules.floor is None:
        return {}
    return {"floor_added": json_number(floor_added(player))}


def floor_added(player: PlayerResult) -> Number:
    """The points a floor under the total added to a player's lines (0 when above it)."""
    lines = sum(player.lines.values(), start=0) + sum((e.points for e in player.extra), start=0)
    return normalize(player.total - lines)


def _json_value(value: object) -> object:
    if isinstance(value, dict):
        return {k: _json_value(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json_value(v) for v in value]
    if isinstance(value, Decimal):
        return json_number(value)
    return value


def explain(sheet: ScoredSheet, lang: str) -> str:
    found = result_sentence(sheet, lang)
    if found is not None:
        return found
    if sheet.teams:
        sheet = as_players(sheet)
    template = sheet.template
    players = sheet.players
    winners = [p for p in players if p.winner]
    first = winners[0]
    total = show(first.total, lang)
    if len(players) == 1:
        return tr("result.solo", lang, name=first.name, points=_points(first.total, lang))
    if sheet.decided_by == "ended":
        race = sheet.template.race
        assert race is not None
        best = (
            max(p.total for p in players)
            if template.wins == "highest"
            else min(p.total for p in players)
        )
        return tr(
            "result.ended",
            lang,
            name=first.name,
            points=_points(first.total, lang),
            rule=pick(template.line(race.line).label, lang),
            best=show(best, lang),
        )
    if sheet.decided_by == "total":
        key = "result.total" if template.wins == "highest" else "result.total_lowest"
        return tr(key, lang, name=first.name, points=_points(first.total, lang))
    tied = [p for p in players if p.total == first.total]
    if sheet.decided_by == "tiebreak":
        assert sheet.deciding is not None
        i = sheet.deciding
        rule = pick(template.tiebreakers[i].label, lang)
        still = [p for p in tied if p.tiebreak[:i] == first.tiebreak[:i] and p is not first]
        others = join_words([show(p.tiebreak[i], lang) for p in still], lang)
        fields = {
            "total": total,
            "name": first.name,
            "rule": rule,
            "value": show(first.tiebreak[i], lang),
            "others": others,
        }
        if i == 0:
            return tr("result.tiebreak", lang, **fields)
        return tr("result.tiebreak_after", lang, tied=_tied_on(sheet, i, lang), **fields)
    names = join_words([p.name for p in winners], lang)
    if not template.tiebreakers:
        return tr("result.shared", lang, total=total, names=names)
    tied_rules = _tied_on(sheet, len(template.tiebreakers), lang)
    return tr("result.shared_after", lang, total=total, tied=tied_rules, names=names)


def _tied_on(sheet: ScoredSheet, upto: int, lang: str) -> str:
    first = next(p for p in sheet.players if p.winner)
    rules = sheet.template.tiebreakers[:upto]
    return join_words(
        [
            f"{pick(tb.label, lang)} ({show(v, lang)})"
            for tb, v in zip(rules, first.tiebreak, strict=False)
        ],
        lang,
    )


def _points(value: Number, lang: str) -> str:
    whole = value == int(value)
    return ntr("result.points", int(value) if whole else 2, lang, points=show(value, lang))


def show(value: Number, lang: str) -> str:
    """Points for people: "76", "76.5" in English, "76,5" in Spanish, French and German."""
    return format_points(value).replace(".", decimal_mark(lang))


def has_score(template: GameTemplate) -> bool:
    """Whether the game's sheet adds up to a score (Hanabi), or is only won or lost
    (Pandemic, Codenames)."""
    return any(line.counts for line in template.lines) or template.bids is not None


def table_score(sheet: ScoredSheet) -> Number | None:
    """A co-operative play's score: the sum of the players' totals; None without one."""
    if not has_score(sheet.template):
        return None
    return normalize(sum((p.total for p in sheet.players), start=0))


def as_players(sheet: ScoredSheet) -> ScoredSheet:
    """A team play ranked on totals, with the teams standing in for the players, so the
    usual sentence names the winning team ("Red wins with 45 points.")."""
    return sheet._replace(players=cast(Any, sheet.teams), winners=())


def result_sentence(sheet: ScoredSheet, lang: str) -> str | None:
    """The sentence of a co-operative play, or of a team play won by a team the players
    named; None where the usual sentence serves (teams ranked on their totals: see
    ``as_players``)."""
    rule = sheet.template.result
    if rule is None or (rule.kind == "teams" and sheet.decided_by != "outcome"):
        return None
    if rule.kind == "teams":
        team = next(t for t in sheet.teams if t.winner)
        names = join_words(list(team.members), lang)
        return tr("result.team_won", lang, team=team.name, names=names)
    if not has_score(sheet.template):
        key = "result.coop_won" if sheet.outcome == "won" else "result.coop_lost"
        return tr(key, lang)
    key = "result.coop_won_score" if sheet.outcome == "won" else "result.coop_lost_score"
    points = format_points(table_score(sheet) or 0).replace(".", decimal_mark(lang))
    return tr(key, lang, points=points)


def result_json(sheet: ScoredSheet, data: dict[str, Any]) -> None:
    """Add a play's result and modules to its ``--json`` shape (beside the usual fields)."""
    template = sheet.template
    base = template.base or template
    if base.modules:
        data["modules"] = list(template.chosen)
    rule = template.result
    if rule is None:
        return
    data["result"] = rule.kind
    if rule.kind == "cooperative":
        data["outcome"] = sheet.outcome
        found = table_score(sheet)
        data["score"] = None if found is None else json_number(found)
        return
    scored = has_score(template)
    by_name: Mapping[str, str] = {m: t.name for t in sheet.teams for m in t.members}
    players = cast(list[dict[str, Any]], data["players"])
    for player in players:
        player["team"] = by_name[player["name"]]
    data["teams"] = [
        {
            "name": t.name,
            "players": list(t.members),
            "total": json_number(t.total) if scored else None,
            "tiebreak": [json_number(v) for v in t.tiebreak],
            "rank": t.rank,
            "winner": t.winner,
        }
        for t in sheet.teams
    ]
    if not scored:
        data["winning_team"] = sheet.outcome
