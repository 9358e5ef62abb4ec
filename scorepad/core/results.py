"""Results other than each for themselves: co-operative games and teams.

A co-operative game (Pandemic, Hanabi) is won or lost by the whole table together, against
the game: the players say which (``outcome``, "won" or "lost"), and every player shares it;
a score, when the game has one, is the table's (the sum of the players' totals). A team
game (Codenames) groups the players into teams: a team's total is the sum of its members'
totals and teams are ranked like players; a team game without a score is won by the team
the players name. Every member of a team shares its rank and its win. A race (Catan) is
won by the player who ended the game, whatever the others' totals; the others keep their
order behind them.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorepad.core.errors import SheetError, quote
from scorepad.core.numbers import normalize
from scorepad.core.plaintext import blank, name_problem
from scorepad.core.resultrule import MAX_TEAMS as MAX_TEAMS
from scorepad.core.resultrule import OUTCOMES as OUTCOMES
from scorepad.core.resultrule import RESULT_FIELDS as RESULT_FIELDS
from scorepad.core.resultrule import ResultKind as ResultKind
from scorepad.core.resultrule import ResultRule as ResultRule
from scorepad.core.resultrule import TeamResult as TeamResult
from scorepad.core.resultrule import read_result as read_result
from scorepad.core.scored import DecidedBy, PlayerResult, PlayerSheet, ScoredSheet
from scorepad.core.scored import as_players as as_players
from scorepad.core.scored import has_score as has_score
from scorepad.core.scored import table_score as table_score


def race(sheet: ScoredSheet) -> ScoredSheet:
    """A race's sheet (``template.race``): the one player who ended the game ranks first
    and wins alone, the others ranked among themselves behind them; a SheetError when
    several players ended it, or one ended it short of the total the game ends at. A
    sheet on which no one ended it is ranked on the totals, as any other."""
    template = sheet.template
    rule = template.race
    assert rule is not None
    line = template.line(rule.line)
    enders = [p for p in sheet.players if p.readings[rule.line].measure]
    if not enders:
        return sheet
    if len(enders) > 1:
        names = ", ".join(p.name for p in enders)
        raise SheetError(  # placed on the second player who ticked it
            "race.several",
            players=names,
            label=line.label,
            keys=(rule.line,),
            player=enders[1].name,
        )
    ender = enders[0]
    if rule.reach is not None and ender.total < rule.reach:
        raise SheetError(
            "race.short",
            player=ender.name,
            label=line.label,
            points=ender.total,
            reach=rule.reach,
            keys=(rule.line,),
        )
    if ender.rank == 1 and len(sheet.winners) == 1:
        return sheet  # first on the totals too: the usual sentence says it
    sign = 1 if template.wins == "highest" else -1
    better = [1 if tb.prefer == "more" else -1 for tb in template.tiebreakers]

    def order(player: PlayerResult) -> tuple[object, ...]:
        return (sign * player.total, *(b * v for b, v in zip(better, player.tiebreak, strict=True)))

    others = [order(p) for p in sheet.players if p is not ender]
    ranked = tuple(
        p._replace(rank=1, winner=True)
        if p is ender
        else p._replace(rank=2 + sum(1 for o in others if o > order(p)), winner=False)
        for p in sheet.players
    )
    return sheet._replace(players=ranked, winners=(ender.name,), decided_by="ended", deciding=None)


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
        score = table_score(sheet)
        if not won and rule.won_at is not None and score is not None and score >= rule.won_at:
            raise SheetError("sheet.lost_at", game=game, points=score, won_at=rule.won_at)
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
