"""Co-operative and team plays on the app's sheet: the teams chosen at New play and the
outcome the players choose, as the draft keeps them and as the core is asked to score them.

A draft of a team game keeps each player's team as a number from 1 (``SheetDraft.teams``)
and the teams' names (``team_names``, team 1 first), written once at New play in the
language of the device that started the sheet: the names are part of the play, the same on
every device and in the history. ``SheetDraft.outcome`` is "" until the players choose:
"won" or "lost" in a co-operative game, the number of the team that won ("2") in a team
game without a score (a team game with a score is won on its teams' totals). Plain Python:
tests drive it without a page.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorepad.core import GameTemplate
from scorepad.core.i18n import DEFAULT_LANG, tr
from scorepad.core.results import OUTCOMES, ResultRule, has_score
from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.errors import AppError


def team_rule(template: GameTemplate) -> ResultRule | None:
    """The game's rule when it is played in teams, else None."""
    rule = template.result
    return rule if rule is not None and rule.kind == "teams" else None


def needs_choice(template: GameTemplate) -> bool:
    """Whether the players say who won: a co-operative game, or a team game without a
    score (Codenames)."""
    rule = template.result
    if rule is None:
        return False
    return rule.kind == "cooperative" or not has_score(template)


def default_teams(rule: ResultRule, count: int) -> list[int]:
    """Seats alternating between the fewest teams the game is played in: 1, 2, 1, 2, …"""
    return [index % rule.min_teams + 1 for index in range(count)]


def team_label(number: int, lang: str) -> str:
    """A team's name before anyone named it: "Team 2"."""
    return tr("app.team_n", lang, n=number)


def team_names(given: Sequence[str], count: int, lang: str) -> list[str]:
    """The names of teams 1 to ``count``: those ``given`` (team 1 first), then "Team N"."""
    names = [name.strip() for name in given[:count]]
    names += [team_label(n, lang) for n in range(len(names) + 1, count + 1)]
    return [name or team_label(n, lang) for n, name in enumerate(names, 1)]


def grouping_problem(template: GameTemplate, teams: Sequence[int]) -> AppError | None:
    """What is wrong with the players' teams: a game played in 2 teams with everyone in
    one (None when nothing is)."""
    rule = team_rule(template)
    if rule is None:
        return None
    count = len(set(teams))
    if rule.min_teams <= count <= rule.max_teams:
        return None
    low, high = rule.min_teams, rule.max_teams
    key = "app.team_count" if low == high else "app.team_count_range"
    return AppError(key, low=low, high=high, count=count)


def fill_teams(template: GameTemplate, draft: SheetDraft) -> None:
    """Give a team game's draft a team per player and a name per team (a draft made
    before it had them: the players alternate), and a draft of any other game none."""
    rule = team_rule(template)
    if rule is None:
        draft.teams, draft.team_names = [], []
        return
    if len(draft.teams) != len(draft.players) or any(t < 1 for t in draft.teams):
        draft.teams = default_teams(rule, len(draft.players))
    draft.team_names = team_names(draft.team_names, max(draft.teams), DEFAULT_LANG)


def team_of(draft: SheetDraft, player: int) -> str | None:
    """The name of the team player ``player`` (from 0) is in; None outside team games."""
    if not draft.teams:
        return None
    return draft.team_names[draft.teams[player] - 1]


def teams_in_play(draft: SheetDraft) -> list[int]:
    """The numbers of the teams that have players, in order."""
    return sorted(set(draft.teams))


def core_outcome(template: GameTemplate, draft: SheetDraft) -> tuple[str | None, bool]:
    """The outcome the core scores the draft with, and whether the players still have to
    choose it (then any outcome the game takes stands in, see ``results.undecided``)."""
    rule = template.result
    if rule is None or not needs_choice(template):
        return None, False
    chosen = draft.outcome
    if rule.kind == "cooperative":
        return (chosen, False) if chosen in OUTCOMES else (OUTCOMES[-1], True)
    playing = teams_in_play(draft)
    if chosen.isdigit() and int(chosen) in playing:
        return draft.team_names[int(chosen) - 1], False
    return draft.team_names[playing[0] - 1], True


def allowed_outcome(template: GameTemplate, draft: SheetDraft, outcome: str) -> bool:
    """Whether ``outcome`` is one the sheet may hold ("" takes a choice back)."""
    rule = template.result
    if rule is None or not needs_choice(template):
        return outcome == ""
    if outcome == "" or (rule.kind == "cooperative" and outcome in OUTCOMES):
        return True
    return rule.kind == "teams" and outcome.isdigit() and int(outcome) in teams_in_play(draft)
