"""What the commands print for people: games, a template's lines, a scored sheet, the
history and its statistics, as plain text for the terminal (JSON is ``as_json``'s)."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import TYPE_CHECKING

from scorepad.core import GameTemplate, ScoredSheet, SheetInput
from scorepad.core.boards.azul_sheet import track_note
from scorepad.core.boards.sheet_boards import kind_of
from scorepad.core.game_facts import counts_text, weight_figure
from scorepad.core.i18n import decimal_mark, join_words, pick, tr
from scorepad.core.results import has_score
from scorepad.core.scoring import floor_added, show
from scorepad.core.sets import SetRule
from scorepad.core.sheetrules import Bonus
from scorepad.core.template import Reading

if TYPE_CHECKING:
    from datetime import datetime

    from scorepad.core.game_index import Listed
    from scorepad.store import GameStats, PlayerStats, PlaySummary


def table(rows: Sequence[Sequence[str]], right: set[int] = frozenset()) -> str:  # type: ignore[assignment]
    """Columns padded to their widest cell; columns in ``right`` are right-aligned."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    out = []
    for n, row in enumerate(rows):
        cells = [
            cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
            for i, cell in enumerate(row)
        ]
        out.append("  ".join(cells).rstrip())
        if n == 0:
            out.append("  ".join("-" * w for w in widths))
    return "\n".join(out)


def render_collection(items: Sequence[dict[str, object]], lang: str) -> str:
    """The collection (``Store.owned_games``): BGG id, game, owned, wishlist (with its
    priority), BGG's count of plays, players, playing time and where it came from."""
    yes = tr("text.yes", lang)
    rows = [
        [
            tr("text.bgg_id", lang),
            tr("text.game", lang),
            tr("text.owned", lang),
            tr("text.wishlist", lang),
            tr("text.plays", lang),
            tr("text.players", lang),
            tr("text.minutes", lang),
            tr("text.source", lang),
        ]
    ]
    for item in items:
        wished = item.get("wishlist_priority")
        players, minutes = item["players"], item["minutes"]
        rows.append(
            [
                str(item["bgg_id"] or ""),
                str(item["name"]),
                yes if item["owned"] else "",
                (f"{yes} ({wished})" if wished else yes) if item["wishlist"] else "",
                "" if item["plays"] is None else str(item["plays"]),
                f"{players[0]}–{players[1]}" if isinstance(players, list) else "",
                f"{minutes[0]}–{minutes[1]}" if isinstance(minutes, list) else "",
                " + ".join(tr(f"collection.from_{s}", lang) for s in _sources(item)),
            ]
        )
    return table(rows, right={0, 4})


def _sources(item: dict[str, object]) -> list[str]:
    """Where a collection's game came from: each source listing it, the first first."""
    found = item.get("sources")
    return [str(s) for s in found] if isinstance(found, list) else [str(item["source"])]


def render_games(games: Sequence[Listed], lang: str) -> str:
    rows = [
        [
            tr("text.id", lang),
            tr("text.game", lang),
            tr("text.players", lang),
            tr("text.best", lang),
            tr("text.minutes", lang),
            tr("text.weight", lang),
            tr("text.variants", lang),
        ]
    ]
    for game in games:
        variants = ", ".join(f"{v.id} ({pick(v.label, lang)})" for v in game.variants) or "—"
        players = (
            str(game.min_players)
            if game.min_players == game.max_players
            else f"{game.min_players}–{game.max_players}"
        )
        facts = game.facts
        best = counts_text(facts.players_best) or "—"
        low, high = facts.minutes or (None, None)
        minutes = "—" if low is None else str(low) if low == high else f"{low}–{high}"
        weight = "—" if facts.weight is None else weight_figure(facts.weight, lang)
        rows.append([game.id, pick(game.name, lang), players, best, minutes, weight, variants])
    return table(rows)


def describe_template(template: GameTemplate, variant: str | None, lang: str) -> str:
    variants = [variant] if variant or not template.variants else [v.id for v in template.variants]
    head = [tr("text.key", lang), tr("text.line", lang), tr("text.scores", lang)]
    if template.variants and not variant:
        head.append(tr("text.variants", lang))
    rows = [head]
    for line in template.lines:
        if not any(line in template.lines_for(v) for v in variants):
            continue
        label = pick(line.label, lang)
        if line.per_round:
            label += f" ({tr('text.per_round', lang)})"
        if line.compared:
            label += f" ({tr('text.award_line', lang)})"
        scores = line.describe(lang)
        rule = template.bids
        if rule is not None and line.key in (rule.bid, rule.tricks, rule.bonus):
            scores = f"→ {pick(rule.label, lang)}"
        row = [line.key, label, scores]
        if len(head) == 4:
            row.append(", ".join(sorted(line.variants)) if line.variants else "*")
        rows.append(row)
    if template.bids is not None:
        rule = template.bids
        row = [rule.key, f"{pick(rule.label, lang)} ({tr('text.per_round', lang)})"]
        rows.append([*row, rule.describe(lang), *([""] if len(head) == 4 else [])])
    rows += _computed_rows(template, variants, lang, len(head) == 4)
    parts = [
        f"{template.title(lang, variant)} · {template.min_players}–{template.max_players} "
        f"{tr('text.players', lang).lower()} · {_how_won(template, lang)}",
        *([template.rounds.describe(lang)] if template.rounds is not None else []),
        *([template.ends.describe(lang)] if template.ends is not None else []),
        "",
        *([table(rows), ""] if len(rows) > 1 else []),  # a game only won or lost has no lines
    ]
    if template.result is not None:
        parts += [f"{tr('text.result_entries', lang)}:", *_result_entries(template, lang), ""]
    parts.append(f"{tr('text.tiebreakers', lang)}:")
    if template.result is not None and template.result.kind == "cooperative":
        parts.append("  " + tr("text.no_tiebreaker_cooperative", lang))
    elif template.tiebreakers:
        for i, tb in enumerate(template.tiebreakers, 1):
            parts.append(f"  {i}. {pick(tb.label, lang)} ({tr('prefer.' + tb.prefer, lang)})")
    else:
        parts.append("  " + tr("text.no_tiebreaker", lang))
    modules = (template.base or template).modules
    if modules:
        parts += ["", f"{tr('text.modules', lang)}:"]
        parts += [
            f"  {'✓' if m.id in template.chosen else '·'} {m.id}: {pick(m.label, lang)}"
            for m in modules
        ]
    if template.rules is not None and (rules := template.rules.describe(lang)):
        parts += ["", f"{tr('text.rules', lang)}:", *(f"  · {r}" for r in rules)]
    if template.reminders:
        parts += ["", f"{tr('text.reminders', lang)}:"]
        parts += [f"  · {pick(r, lang)}" for r in template.reminders]
    kind = kind_of(template)
    if kind is not None and kind.help:
        parts += ["", f"{tr('board.help_title', lang)}:"]
        parts += [f"  · {tr(key, lang)}" for _, key in kind.help]
    return "\n".join(parts)


def _computed_rows(
    template: GameTemplate, variants: Sequence[str | None], lang: str, with_variants: bool
) -> list[list[str]]:
    """The keys of the points worked out between lines (a set rule's sets, a bonus), each
    with its rule, marked as not entered: ``--json`` gives their points under these keys."""
    rules = template.rules
    if rules is None:
        return []
    labels = {line.key: pick(line.label, lang) for line in template.lines}
    rows = []
    chosen: list[SetRule | Bonus] = [*rules.sets, *rules.bonuses]
    for rule in chosen:
        found = [v for v in variants if template.keys_for(v).issuperset(rule.lines)]
        if not found:
            continue
        if isinstance(rule, SetRule):
            if not rule.per_set:
                continue
            scores = tr("hint.set_per_set", lang, points=number(rule.per_set, lang), size=rule.size)
        else:
            names = [labels[key] for key in rule.lines]
            lines = f"{names[0]} … {names[-1]}" if len(names) > 2 else " + ".join(names)
            plus = number(rule.points, lang)
            scores = tr(
                "print.bonus_rule",
                lang,
                lines=lines,
                reach=number(rule.reach, lang),
                points=f"+{plus}" if rule.points > 0 else plus,
            )
        label = f"{pick(rule.label, lang)} ({tr('text.worked_out', lang)})"
        row = [rule.key, label, scores]
        if with_variants:
            row.append("*" if len(found) == len(variants) else ", ".join(map(str, found)))
        rows.append(row)
    return rows


def _result_entries(template: GameTemplate, lang: str) -> list[str]:
    """What a sheet of a co-operative or team game gives beside the lines."""
    rule = template.result
    assert rule is not None
    if rule.kind == "cooperative":
        return ["  · " + tr("text.enter_outcome", lang)]
    found = ["  · " + tr("text.enter_team", lang)]
    if not has_score(template):
        found.append("  · " + tr("text.enter_winning_team", lang))
    return found


def _how_won(template: GameTemplate, lang: str) -> str:
    rule = template.result
    if rule is None:
        return tr("wins." + template.wins, lang)
    if rule.kind == "cooperative":
        return tr("text.cooperative", lang)
    teams = (
        f"{rule.min_teams}–{rule.max_teams}" if rule.min_teams != rule.max_teams else rule.min_teams
    )
    return tr("text.teams", lang, teams=teams)


def number(value: Decimal | int, lang: str) -> str:
    """Points for the terminal: the language's decimal mark and a true minus sign, the same
    in every cell, total and running total."""
    text = show(value, lang)
    return "\u2212" + text[1:] if text.startswith("-") else text


def render_scored(sheet: ScoredSheet, lang: str) -> str:
    template = sheet.template
    players = sheet.players
    rules = template.rules
    with_quantity = {r for rule in rules.sets for r in rule.lines} if rules is not None else set()
    rows = [[tr("text.line", lang), *(p.name for p in players)]]
    for line in template.lines_for(sheet.variant):
        label = pick(line.label, lang)
        if line.per_round and not line.counts:
            continue  # entered per round: shown in the rounds below when it counts
        if line.counts and (line.worked_out or line.key in with_quantity):
            rows.append([label, *(_earned(p.readings[line.key], lang) for p in players)])
        elif line.counts:
            rows.append([label, *(number(p.readings[line.key].points, lang) for p in players)])
        else:
            rows.append(
                [
                    f"{label} ({tr('text.tiebreak', lang)})",
                    *(number(p.readings[line.key].measure, lang) for p in players),
                ]
            )
    if rules is not None:
        for key, computed_label in rules.computed_labels().items():
            if any(key in p.computed for p in players):
                cells = [number(p.computed.get(key, 0), lang) for p in players]
                rows.append([pick(computed_label, lang), *cells])
    labels = sorted({e.label for p in players for e in p.extra})
    for label in labels:
        cells = [
            number(sum((e.points for e in p.extra if e.label == label), start=0), lang)
            if any(e.label == label for e in p.extra)
            else "—"
            for p in players
        ]
        rows.append([f"{label} ({tr('text.by_hand', lang)})", *cells])
    if template.bids is not None:
        key = template.bids.key
        label = pick(template.bids.label, lang)
        rows.append([label, *(number(p.computed[key], lang) for p in players)])
    if rules is not None and rules.floor is not None:
        raised = [floor_added(p) for p in players]
        if any(raised):
            floor = number(rules.floor, lang)
            label = tr("text.floor", lang, floor=floor)
            rows.append([label, *(number(r, lang) if r else "" for r in raised)])
    if has_score(template):
        rows.append([tr("text.total", lang).upper(), *(number(p.total, lang) for p in players)])
    if sheet.teams:
        team = {m: t for t in sheet.teams for m in t.members}
        rows.append([tr("text.team", lang), *(team[p.name].name for p in players)])
        if has_score(template):
            rows.append(
                [tr("text.team_total", lang), *(number(team[p.name].total, lang) for p in players)]
            )
    rows.append([tr("text.rank", lang), *(f"{p.rank}{' ★' if p.winner else ''}" for p in players)])
    right = set(range(1, len(players) + 1))
    title = template.title(lang, sheet.variant)
    text = f"{title}\n\n{table(rows, right)}\n\n{sheet.explanation(lang)}"
    if sheet.ended is None:
        return text
    by_round = [[tr("text.after_round", lang, round="").strip(), *(p.name for p in players)]]
    for index in range(sheet.played_rounds):
        by_round.append([str(index + 1), *(number(p.rounds[index], lang) for p in players)])
    note = sheet.round_note(lang)
    rounds = table(by_round, right) if sheet.played_rounds else ""
    return "\n\n".join(part for part in (text, rounds, note) if part)


def render_boards(given: SheetInput, sheet: ScoredSheet, lang: str) -> str:
    """What the players' boards filled (to follow ``render_scored``): a sentence per
    player with a board, each tracked round's points ("+7, floor −2 → 24"), and whether
    the tracked game ended. Empty without a board."""
    if not any(given.boards):
        return ""
    names = [p.name for p in sheet.players]
    notes = []
    for name, board in zip(names, given.boards, strict=True):
        if board is not None and board.kept is not None:
            notes.append(board.sentence(name, lang))
    parts = ["\n".join(notes)] if notes else []
    azul = given.azul_boards
    tracked = [(n, b.game) for n, b in zip(names, azul, strict=True) if b and b.game]
    played = len(tracked[0][1].rounds) if tracked else 0
    if played:
        rows = [["", *(name for name, _ in tracked)]]
        for n in range(played):
            rows.append(
                [
                    tr("board.round", lang, round=n + 1),
                    *(
                        tr(
                            "board.round_cell",
                            lang,
                            gained=r.gained,
                            floor=number(r.floor, lang),
                            score=r.score,
                        )
                        for r in (game.rounds[n] for _, game in tracked)
                    ),
                ]
            )
        parts.append(table(rows, set(range(1, len(tracked) + 1))))
    note = track_note(names, azul, lang)
    if note:
        parts.append(note)
    return "".join(f"\n\n{part}" for part in parts)


def _earned(reading: Reading, lang: str) -> str:
    """A line whose points depend on more than its own entry: the points and, in brackets,
    the quantity entered (per round: each round's)."""
    value = reading.value
    entered = "/".join(str(v) for v in value) if isinstance(value, tuple | list) else str(value)
    return f"{number(reading.points, lang)} ({entered})"


def render_history(plays: Sequence[PlaySummary], lang: str) -> str:
    if not plays:
        return tr("store.no_plays", lang)
    lines = []
    for play in plays:
        people = ", ".join(
            " ".join(
                part
                for part in (
                    (tr("store.anonymous", lang) if p.anonymous else p.name) + _team(p.team),
                    # won or lost, or no score: no total
                    "" if play.outcome or p.total is None else number(p.total, lang),
                    "★" if p.winner else "",
                )
                if part
            )
            for p in play.players
        )
        title = pick(play.game_name, lang) + (f" ({play.variant})" if play.variant else "")
        if play.modules:
            title += " + " + ", ".join(play.modules)
        when = play.played_at.strftime("%Y-%m-%d %H:%M")
        lines.append(f"#{play.id:<6} {when}  {title}: {people}{_outcome(play, lang)}")
    return "\n".join(lines)


def _team(team: str | None) -> str:
    return f" [{team}]" if team is not None else ""


def _outcome(play: PlaySummary, lang: str) -> str:
    """A co-operative play's "won together" or "lost together"."""
    if play.result_kind != "cooperative":
        return ""
    key = {"won": "store.coop_won", "mixed": "store.coop_mixed"}.get(play.outcome or "")
    return " · " + tr(key or "store.coop_lost", lang)


def render_player_stats(everyone: Sequence[PlayerStats], lang: str) -> str:
    if not everyone:
        return tr("store.no_plays", lang)
    return "\n".join(
        _coop(s, lang)
        + tr(
            "store.stats.player",
            lang,
            name=s.name,
            plays=s.plays,
            wins=s.wins,
            rate=f"{int((s.win_rate or 0) * 100)}%",
            average=_dec(s.average_total, lang),
            best=number(s.best_total, lang) if s.best_total is not None else "–",
            last=_minutes(s.last_played),
        )
        for s in everyone
    )


def _coop(stats: PlayerStats, lang: str) -> str:
    """A player's co-operative plays, apart from the others: a line before theirs."""
    if not stats.coop_plays:
        return ""
    rate = f"{int((stats.coop_win_rate or 0) * 100)}%"
    return (
        tr(
            "store.stats.coop",
            lang,
            name=stats.name,
            plays=stats.coop_plays,
            wins=stats.coop_wins,
            rate=rate,
        )
        + "\n"
    )


def render_game_stats(stats: GameStats, lang: str) -> str:
    head = tr(
        "store.stats.game",
        lang,
        name=pick(stats.name, lang),
        plays=stats.plays,
        best=number(stats.best_total, lang) if stats.best_total is not None else "–",
        holders=join_words(sorted({h.name for h in stats.holders}), lang) or "–",
        average=_dec(stats.average_winning_total, lang),
    )
    if not stats.distribution:
        return head
    widest = max(c for _, c in stats.distribution)
    bars = [
        f"{number(total, lang):>7} {'█' * max(1, round(40 * count / widest))} {count}"
        for total, count in stats.distribution
    ]
    return "\n".join([head, tr("store.stats.distribution", lang) + ":", *bars])


def _dec(value: Decimal | None, lang: str) -> str:
    if value is None:
        return "–"
    return format(value, "f").replace(".", decimal_mark(lang))


def _minutes(value: datetime | None) -> str:
    return value.isoformat(timespec="minutes") if value is not None else "–"
