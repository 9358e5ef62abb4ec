"""The custom-game editor's preview: the sheet of the game being typed, as players will
see it (lines and how each scores, what a rate or a product line asks for, tie-breakers,
and the reminders printed under a paper sheet). A round game's preview says how its rounds
go and when it ends, lists its per-round lines (and its bid rule) under "Each round" and
its other lines under "At the end of the game". The rules between lines follow the lines:
a row per set rule and per bonus (its name and how it scores) and the floor under the
total. A game with problems is previewed too: what can be shown is, and the lines with a
problem are listed, marked."""

from __future__ import annotations

import flet as ft

from scorepad.core import GameTemplate
from scorepad.core.i18n import Text, pick, tr
from scorepad.core.template import Line, signed
from scorepad.ui.context import Context
from scorepad.ui.views.common import muted, players_range, tid


def preview_rows(
    ctx: Context,
    template: GameTemplate | None,
    faulty: dict[int, tuple[str, str]] | None = None,
) -> list[ft.Control]:
    """The sheet as it will be: lines with how they score, the choices a rate or a
    product line asks for, tie-breakers and the reminders printed under it. Lines with a
    problem (``faulty``: their index → their name as typed and the problem), left out of
    ``template``, follow, marked."""
    lang = ctx.lang
    marked = [
        tid(
            f"game-preview-faulty-{i + 1}",
            ft.Row(
                [
                    ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR, size=16),
                    ft.Text(label, size=14, color=ft.Colors.ERROR),
                    ft.Text(problem, size=12, color=ft.Colors.ERROR, expand=True),
                ],
                wrap=True,
            ),
        )
        for i, (label, problem) in sorted((faulty or {}).items())
    ]
    if template is None:
        return [muted(ctx.t("manage.preview_waiting"), size=14), *marked]
    rows: list[ft.Control] = [
        ft.Text(pick(template.name, lang), weight=ft.FontWeight.BOLD, size=16),
        muted(
            players_range(ctx, template.min_players, template.max_players)
            + " · "
            + ctx.t(f"manage.wins_{template.wins}")
        ),
    ]
    if template.description is not None:
        rows.append(muted(pick(template.description, lang)))
    variants = {v.id: pick(v.label, lang) for v in template.variants}

    def shown(lines: list[Line]) -> list[ft.Control]:
        return [row for line in lines for row in line_rows(line, variants, lang)]

    rounds = template.rounds
    if rounds is None:
        rows += shown(list(template.lines))
    else:
        rows.append(muted(rounds.describe(lang)))
        rows.append(ft.Text(ctx.t("manage.preview_each_round"), weight=ft.FontWeight.BOLD))
        rows += shown([line for line in template.lines if line.per_round])
        if template.bids is not None:
            label = pick(template.bids.label, lang)
            bids = template.bids.describe(lang)
            rows.append(ft.Text(label, size=14))  # its rule is long: on a row of its own
            rows.append(ft.Container(muted(bids), padding=ft.Padding.only(left=16)))
        at_end = [line for line in template.lines if not line.per_round]
        if at_end:
            rows.append(ft.Text(ctx.t("manage.preview_at_end"), weight=ft.FontWeight.BOLD))
            rows += shown(at_end)
    rows += rule_rows(template, lang)
    rows += marked
    for tb in template.tiebreakers:
        rows.append(muted(ctx.t("manage.preview_tiebreak", label=pick(tb.label, lang))))
    rows += [muted("• " + pick(text, lang)) for text in template.reminders]
    return rows


def line_rows(line: Line, variants: dict[str, str], lang: str) -> list[ft.Control]:
    """A line with how it scores, and the choices a rate or a product line asks for."""
    label = pick(line.label, lang)
    if line.variants:
        label += " (" + ", ".join(name for v, name in variants.items() if v in line.variants) + ")"
    rows: list[ft.Control] = [
        ft.Row([ft.Text(label, expand=True, size=14), muted(line.describe(lang))])
    ]
    rates = [pick(r.label, lang) for r in getattr(line, "rates", ())]
    factors = [pick(f.label, lang) for f in getattr(line, "factors", ())]
    for joiner, choices in ((" / ", rates), (" × ", factors)):  # one of, or × the other
        if choices:
            rows.append(ft.Container(muted(joiner.join(choices)), padding=ft.Padding.only(left=16)))
    return rows


def rule_rows(template: GameTemplate, lang: str) -> list[ft.Control]:
    """A row per set rule and per bonus, with how it scores (``game-preview-set-1``,
    ``game-preview-bonus-1``), and the floor (``game-preview-floor``)."""
    rules = template.rules
    if rules is None:
        return []
    rows: list[ft.Control] = []
    named: list[tuple[str, int, Text, str]] = [
        ("set", n, rule.label, rule.describe(lang)) for n, rule in enumerate(rules.sets, 1)
    ]
    named += [("bonus", n, b.label, b.describe(lang)) for n, b in enumerate(rules.bonuses, 1)]
    for kind, n, label, how in named:
        row = ft.Row([ft.Text(pick(label, lang), expand=True, size=14), muted(how)])
        rows.append(tid(f"game-preview-{kind}-{n}", row))
    if rules.floor is not None:
        floor = muted(tr("hint.floor", lang, floor=signed(rules.floor, lang)))
        rows.append(tid("game-preview-floor", floor))
    return rows
