"""Results other than each for themselves: co-operative games and teams.

A co-operative game (Pandemic, Hanabi) is won or lost by the whole table together, against
the game: the players say which (``outcome``, "won" or "lost"), and every player shares it;
a score, when the game has one, is the table's (the sum of the players' totals). A team
game (Codenames) groups the players into teams: a team's total is the sum of its members'
totals and teams are ranked like players; a team game without a score is won by the team
the players name. Every member of a team shares its rank and its win.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, cast

from scorepad.core.errors import BadBounds, SheetError, quote
from scorepad.core.i18n import decimal_mark, join_words, tr
from scorepad.core.numbers import Number, format_points, json_number, normalize
from scorepad.core.plaintext import blank, name_problem

if TYPE_CHECKING:
    from scorepad.core.scoring import DecidedBy, PlayerSheet, ScoredSheet
    from scorepad.core.template import GameTemplate

ResultKind = Literal["cooperative", "teams"]
RESULT_FIELDS = {"kind": True, "teams": False}
OUTCOMES = ("won", "lost")
MAX_TEAMS = 20
HERE = "result"
"""The game file's field, as messages name its place."""


class ResultRule(NamedTuple):
    """How a game is won when not each for themselves (a game file's ``result``)."""

    kind: ResultKind
    min_teams: int = 0
    max_teams: int = 0


class TeamResult(NamedTuple):
    """One team of a scored team play, ranked like a player."""

    name: str
    members: tuple[str, ...]
    total: Number
    tiebreak: tuple[Number, ...]
    rank: int
    winner: bool


def read_result(reader: Any, raw: object) -> ResultRule:
    """A game file's ``result``, read with the loader's ``reader`` (its checks and messages)."""
    data = reader.obj(raw, HERE, RESULT_FIELDS)
    kind = data["kind"]
    if kind not in ("cooperative", "teams"):
        raise reader.fail(f"{HERE}.kind", "template.result_kind", value=quote(kind))
    if kind == "cooperative":
        if "teams" in data:
            raise reader.fail(
                HERE, "template.unknown_field", value=quote("teams"), choices=quote("kind")
            )
        return ResultRule("cooperative")
    where = f"{HERE}.teams"
    teams = reader.obj(data.get("teams", {"min": 2, "max": 2}), where, {"min": True, "max": True})
    low = reader.whole(teams["min"], f"{where}.min", low=2)
    high = reader.whole(teams["max"], f"{where}.max", low=2)
    if low > high:
        raise reader.at(where, BadBounds(low, high))
    if high > MAX_TEAMS:
        raise reader.fail(f"{where}.max", "entry.above_max", value=high, limit=MAX_TEAMS)
    return ResultRule("teams", low, high)


def has_score(template: GameTemplate) -> bool:
    """Whether the game's sheet adds up to a score (Hanabi), or is only won or lost
    (Pandemic, Codenames)."""
    return any(line.counts for line in template.lines) or template.bids is not None


def settle(sheet: ScoredSheet, players: Sequence[PlayerSheet], outcome: object) -> ScoredSheet:
    """The scored sheet with the game's result applied (``sheet`` as ranked each for
    themselves), or a SheetError for an outcome or teams the game does not take."""
    template = sheet.template
    rule = template.result
    game = quote(template.id)
    if rule is None:
        if outcome is not None:
            raise SheetError("sheet.outcome_not_expected", game=game, value=quote(outcome))
        return sheet
    if rule.kind == "cooperative":
        for given, scored in zip(players, sheet.players, strict=True):
            if given.team is not None:
                raise SheetError("sheet.team_not_expected", game=game, player=scored.name)
        if outcome not in OUTCOMES:
            choices = ", ".join([quote(o) for o in OUTCOMES])
            raise SheetError("sheet.outcome", game=game, value=quote(outcome), choices=choices)
        won = outcome == "won"
        return sheet._replace(
            players=tuple(p._replace(rank=1, winner=won) for p in sheet.players),
            winners=tuple(p.name for p in sheet.players) if won else (),
            decided_by="outcome",
            deciding=None,
            outcome=outcome,
        )
    return _teams(sheet, players, outcome, rule)


def _teams(
    sheet: ScoredSheet, players: Sequence[PlayerSheet], outcome: object, rule: ResultRule
) -> ScoredSheet:
    template = sheet.template
    game = quote(template.id)
    spelled: dict[str, str] = {}  # a team's name as first written, by its folded form
    members: dict[str, list[int]] = {}
    for seat, (given, scored) in enumerate(zip(players, sheet.players, strict=True)):
        team = given.team
        if not isinstance(team, str) or blank(team):
            raise SheetError("sheet.no_team", game=game, player=scored.name)
        problem = name_problem(team)
        if problem is not None:
            raise SheetError("sheet.team_problem", player=scored.name, problem=problem)
        folded = team.strip().casefold()
        spelled.setdefault(folded, team.strip())
        members.setdefault(folded, []).append(seat)
    if not rule.min_teams <= len(members) <= rule.max_teams:
        raise SheetError(
            "sheet.team_count",
            game=game,
            low=rule.min_teams,
            high=rule.max_teams,
            count=len(members),
        )
    scored_players = sheet.players
    if has_score(template):
        if outcome is not None:
            raise SheetError("sheet.outcome_not_expected", game=game, value=quote(outcome))
        sign = 1 if template.wins == "highest" else -1
        better = [1 if tb.prefer == "more" else -1 for tb in template.tiebreakers]
        keyed = []
        for folded, seats in members.items():
            total = normalize(sum((scored_players[s].total for s in seats), start=0))
            tiebreak = tuple(
                normalize(sum((scored_players[s].tiebreak[i] for s in seats), start=0))
                for i in range(len(template.tiebreakers))
            )
            order = (sign * total, *(b * v for b, v in zip(better, tiebreak, strict=True)))
            keyed.append((order, folded, total, tiebreak))
        ordered = sorted([k[0] for k in keyed], reverse=True)
        rank_of = {key: ordered.index(key) + 1 for key in ordered}
        teams = tuple(
            TeamResult(
                spelled[folded],
                tuple(scored_players[s].name for s in members[folded]),
                total,
                tiebreak,
                rank_of[order],
                rank_of[order] == 1,
            )
            for order, folded, total, tiebreak in keyed
        )
        best = ordered[0]
        winning = [t for t in teams if t.winner]
        deciding = None
        decided_by: DecidedBy
        if len(ordered) == 1 or ordered[1][0] != best[0]:
            decided_by = "total"
        elif len(winning) == 1:
            decided_by = "tiebreak"
            deciding = next(i for i in range(len(best) - 1) if ordered[1][i + 1] != best[i + 1])
        else:
            decided_by = "shared"
    else:
        names = {folded: name for folded, name in spelled.items()}
        found = outcome.strip().casefold() if isinstance(outcome, str) else None
        if found not in names:
            choices = ", ".join([quote(n) for n in names.values()])
            raise SheetError("sheet.winning_team", value=quote(outcome), choices=choices)
        teams = tuple(
            TeamResult(
                names[folded],
                tuple(scored_players[s].name for s in seats),
                0,
                (),
                1 if folded == found else 2,
                folded == found,
            )
            for folded, seats in members.items()
        )
        decided_by, deciding = "outcome", None
        outcome = names[found]
    team_of = {s: t for t in teams for s in members[t.name.casefold()]}
    ranked = tuple(
        p._replace(rank=team_of[i].rank, winner=team_of[i].winner)
        for i, p in enumerate(scored_players)
    )
    return sheet._replace(
        players=ranked,
        winners=tuple(p.name for p in ranked if p.winner),
        decided_by=decided_by,
        deciding=deciding,
        teams=teams,
        outcome=outcome if isinstance(outcome, str) else None,
    )


def team_of(sheet: ScoredSheet, name: str) -> str | None:
    """The team a player of a team play was in."""
    for team in sheet.teams:
        if name in team.members:
            return team.name
    return None


def explain(sheet: ScoredSheet, lang: str) -> str | None:
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


def as_players(sheet: ScoredSheet) -> ScoredSheet:
    """A team play ranked on totals, with the teams standing in for the players, so the
    usual sentence names the winning team ("Red wins with 45 points.")."""
    return sheet._replace(players=cast(Any, sheet.teams), winners=())


def table_score(sheet: ScoredSheet) -> Number | None:
    """A co-operative play's score: the sum of the players' totals; None without one."""
    if not has_score(sheet.template):
        return None
    return normalize(sum((p.total for p in sheet.players), start=0))


def to_json(sheet: ScoredSheet, data: dict[str, Any]) -> None:
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


def undecided(sheet: ScoredSheet) -> ScoredSheet:
    """A co-operative play, or a team play without a score, as its sheet shows it while
    the players have not said yet whether they won (or which team did): ``sheet`` settled
    on any outcome, with no one winning, every player and team ranked first and the
    outcome left unsaid (the app's sheet refuses to save it meanwhile)."""
    return sheet._replace(
        players=tuple(p._replace(rank=1, winner=False) for p in sheet.players),
        winners=(),
        teams=tuple(t._replace(rank=1, winner=False) for t in sheet.teams),
        outcome=None,
    )
