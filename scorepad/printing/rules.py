"""The rows a printed sheet adds for what a game scores beyond each line on its own.

- a set rule's points (7 Wonders' science: 7 per set of the three symbols) and a bonus for
  a group of lines (Yahtzee: 35 when the upper section reaches 63), each on a row of its
  own right under the last line it reads: blank, the rule and a box (a tick box for a
  bonus); filled, what it is worked out from and the points;
- a floor under the total (Summer Pavilion: never below 1): said over the total on a
  blank sheet, and on a filled one the points it added, when it added any;
- the lines a chosen module adds or changes: their hint names the module;
- how a co-operative game ended (both outcomes to tick; filled, "Won together") and a team
  game's teams (a box per player for the team, the winning team; filled, the teams, each
  team's total when the game has a score, and the winning team);
- the checks between lines that a filled sheet's entries break, as marked notes under the
  table (the core refuses such a sheet when it is scored; a play scored before its game
  had the check still prints, with the problem said).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorepad.core import GameTemplate, ScoredSheet
from scorepad.core.i18n import join_words, pick, tr
from scorepad.core.numbers import Number, normalize
from scorepad.core.results import has_score, table_score
from scorepad.core.scoring import floor_added
from scorepad.core.sets import SetRule, complete_sets
from scorepad.core.sheetrules import Bonus, worked_after
from scorepad.core.template import signed
from scorepad.printing.cells import BLANK, Cell, Mark, Row, number

Rule = SetRule | Bonus
WRITE_HERE = "_" * 24
"""A line to write on, across the player columns (the winning team of a blank sheet)."""


def rules_after(template: GameTemplate, variant: str | None) -> Mapping[str, list[Rule]]:
    """The set rules (those that add points per set) and bonuses of a variant, by the key
    of the last line they read in sheet order: their rows go right under it."""
    return worked_after(template, variant)


def _hint(rule: Rule, template: GameTemplate, lang: str) -> str:
    if isinstance(rule, SetRule):
        return tr("hint.set_per_set", lang, points=signed(rule.per_set, lang), size=rule.size)
    labels = {line.key: pick(line.label, lang) for line in template.lines}
    names = [labels[key] for key in rule.lines]
    lines = f"{names[0]} … {names[-1]}" if len(names) > 2 else " + ".join(names)
    return tr(
        "print.bonus_rule",
        lang,
        lines=lines,
        reach=number(rule.reach, lang),
        points=_plus(rule.points, lang),
    )


def _plus(points: Number, lang: str) -> str:
    """ "+35", "−5": points added, with their sign."""
    return f"+{signed(points, lang)}" if points > 0 else signed(points, lang)


def blank_rule_row(rule: Rule, template: GameTemplate, lang: str, count: int) -> Row:
    """A set rule's row (a box for its points) or a bonus's (a box to tick)."""
    tick = () if isinstance(rule, SetRule) else (Mark(_plus(rule.points, lang)),)
    cell = Cell(marks=tick)
    return Row("rule", pick(rule.label, lang), _hint(rule, template, lang), (cell,) * count)


def played_rule_row(rule: Rule, sheet: ScoredSheet, lang: str) -> Row:
    """A set rule's row: the sets made and their points; a bonus's: what the group of lines
    adds up to and the bonus."""
    cells = []
    for player in sheet.players:
        points: Number = player.computed.get(rule.key, 0)
        if isinstance(rule, SetRule):
            counts = [int(player.readings[key].measure) for key in rule.lines]
            sets = min(counts) if rule.size == len(counts) else complete_sets(counts, rule.size)
            note = f"{number(sets, lang)} × {number(rule.per_set, lang)}"
        else:
            reached = sum((player.readings[key].points for key in rule.lines), start=0)
            note = number(normalize(reached), lang)
        cells.append(Cell(value=number(points, lang), note=note))
    return Row("rule", pick(rule.label, lang), _hint(rule, sheet.template, lang), tuple(cells))


def floor_rows(template: GameTemplate, lang: str, sheet: ScoredSheet | None) -> list[Row]:
    """A blank sheet: the floor said over the total. A filled one: the points the floor
    added to each player's lines, when it added any."""
    rules = template.rules
    if rules is None or rules.floor is None:
        return []
    said = tr("hint.floor", lang, floor=signed(rules.floor, lang))
    if sheet is None:
        return [Row("caption", label=said)]
    added = [floor_added(p) for p in sheet.players]
    if not any(added):
        return []
    label = tr("text.floor", lang, floor=number(rules.floor, lang))
    cells = tuple(Cell(value=number(a, lang)) if a else BLANK for a in added)
    return [Row("rule", label, said, cells)]


def module_names(template: GameTemplate, lang: str) -> dict[str, str]:
    """The name of the module that adds or changes each line, for a game with modules
    chosen (the game file's own order: a later module's change names it)."""
    base = template.base
    if base is None or not template.chosen:
        return {}
    names = {m.id: pick(m.label, lang) for m in base.modules}
    found: dict[str, str] = {}
    raw: Any = base.source.get("modules", [])
    for module in raw:
        if module["id"] not in template.chosen:
            continue
        for key in module.get("replace", {}):
            found[key] = names[module["id"]]
        for line in module.get("lines", []):
            found[line["key"]] = names[module["id"]]
    return found


def blank_team_rows(template: GameTemplate, lang: str, count: int) -> list[Row]:
    """A team game's first row: a box per player for the team's name."""
    rule = template.result
    if rule is None or rule.kind != "teams":
        return []
    return [Row("result", tr("text.team", lang), tr("print.team_hint", lang), (BLANK,) * count)]


def played_team_rows(sheet: ScoredSheet, lang: str) -> list[Row]:
    """A team play's first row: each player's team."""
    if not sheet.teams:
        return []
    team = {m: t.name for t in sheet.teams for m in t.members}
    cells = tuple(Cell(value=team[p.name]) for p in sheet.players)
    return [Row("result", tr("text.team", lang), cells=cells)]


def blank_result_rows(template: GameTemplate, lang: str, count: int) -> list[Row]:
    """A co-operative game: both outcomes, one to tick. A team game: each team's total
    (when it has a score) and a line for the winning team."""
    rule = template.result
    if rule is None:
        return []
    if rule.kind == "cooperative":
        won, lost = tr("print.won_together", lang), tr("print.lost_together", lang)
        span = f"☐ {won} · ☐ {lost}"
        return [
            *_table_score(template, lang, WRITE_HERE),
            Row("result", tr("print.outcome", lang), span=span),
        ]
    rows = []
    if has_score(template):
        hint = tr("print.team_total_hint", lang)
        rows.append(Row("result", tr("text.team_total", lang), hint, (BLANK,) * count))
    rows.append(Row("result", tr("print.winning_team", lang), span=WRITE_HERE))
    return rows


def _table_score(template: GameTemplate, lang: str, span: str) -> list[Row]:
    """A co-operative game with a score: the table's score, the sum of every total."""
    if not has_score(template):
        return []
    hint = tr("print.table_score_hint", lang)
    return [Row("result", tr("print.table_score", lang), hint, span=span)]


def played_result_rows(sheet: ScoredSheet, lang: str) -> list[Row]:
    """A co-operative play: "Won together" or "Lost together". A team play: each player's
    team total (a game with a score) and the winning team (or teams, when they tied)."""
    rule = sheet.template.result
    if rule is None:
        return []
    if rule.kind == "cooperative":
        key = "print.won_together" if sheet.outcome == "won" else "print.lost_together"
        found = table_score(sheet)
        score = _table_score(sheet.template, lang, number(found, lang) if found is not None else "")
        return [*score, Row("result", tr("print.outcome", lang), span=tr(key, lang))]
    rows = []
    by_member = {m: t for t in sheet.teams for m in t.members}
    if has_score(sheet.template):
        cells = tuple(Cell(value=number(by_member[p.name].total, lang)) for p in sheet.players)
        rows.append(Row("result", tr("text.team_total", lang), cells=cells))
    winning = join_words([t.name for t in sheet.teams if t.winner], lang)
    rows.append(Row("result", tr("print.winning_team", lang), span=winning))
    return rows


def broken_checks(sheet: ScoredSheet, lang: str) -> tuple[str, ...]:
    """One marked sentence per player and check that the entries break, naming the lines."""
    template = sheet.template
    if template.rules is None or not template.rules.checks:
        return ()
    checks = template.rules.plan(template, sheet.variant).checks
    labels = {line.key: pick(line.label, lang) for line in template.lines_for(sheet.variant)}
    found = []
    for player in sheet.players:
        for check in checks:
            if check.plain and check.broken(player.readings):  # a scored sheet meets the rest
                lines = ", ".join(labels[key] for key in check.keys)
                text = tr(
                    "check.broken", lang, player=player.name, lines=lines, why=pick(check.why, lang)
                )
                found.append(f"⚠ {text}")
    return tuple(found)
