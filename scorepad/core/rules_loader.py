"""The game file's rules between lines and players (``sets``, ``bonuses``, ``floor``,
``checks``) and the line kinds of ``sheetrules.MORE_KINDS``, read with the loader's own
reader so that every problem names the file and the place in it."""

from __future__ import annotations

from typing import Any, cast

from scorepad.core.awards import TIES, AwardLine
from scorepad.core.checks import Bound, Check, End, Span, fixed_end
from scorepad.core.errors import quote
from scorepad.core.limits import MAX_RULES, MAX_VALUES
from scorepad.core.lines import CheckLine, CountLine, Line, Variant, is_rated
from scorepad.core.numbers import Number
from scorepad.core.reader import Reader
from scorepad.core.ruleplan import Bonus, SheetRules
from scorepad.core.sets import SetRule, TallyLine

RULE_FIELDS = {
    "sets": False,
    "bonuses": False,
    "floor": False,
    "checks": False,
    "rates_required": False,
    "default_variant": False,
}
"""The game file's top-level fields read here."""
SET_FIELDS = {
    "key": True,
    "label": True,
    "lines": True,
    "squares": False,
    "per_set": False,
    "size": False,
}
BONUS_FIELDS = {"key": True, "label": True, "lines": True, "reach": True, "points": True}
CHECK_FIELDS = {
    "why": True,
    "when": False,
    "then": False,
    "sum": False,
    "table_sum": False,
    "players_with": False,
    "at_most": False,
    "min": False,
    "max": False,
}
BOUND_FIELDS = {"players": False, "cards": False, "add": False}
SPAN_FIELDS = {"lines": True, "min": False, "max": False, "match": False}


def line_award(reader: Reader, data: dict[str, Any], path: str, common: dict[str, Any]) -> Line:
    places = _points(reader, data["places"], f"{path}.places")
    fewest = _points(reader, data.get("fewest", []), f"{path}.fewest", allow_empty=True)
    ties = reader.choice(data.get("ties", "split"), f"{path}.ties", TIES, "ties")
    tiebreak_on = reader.choice(
        data.get("tiebreak_on", "quantity"), f"{path}.tiebreak_on", ("quantity", "points"), "text"
    )
    return AwardLine(
        places=places,
        fewest=fewest,
        ties=cast(Any, ties),
        zero_counts=reader.flag(data.get("zero_counts", True), f"{path}.zero_counts"),
        fewest_from_players=reader.whole(
            data.get("fewest_from_players", 1), f"{path}.fewest_from_players", low=1
        ),
        all_tied_nothing=reader.flag(
            data.get("all_tied_nothing", False), f"{path}.all_tied_nothing"
        ),
        tiebreak_on=cast(Any, tiebreak_on),
        max=reader.whole(data["max"], f"{path}.max", low=0) if "max" in data else None,
        **common,
    )


def line_tally(reader: Reader, data: dict[str, Any], path: str, common: dict[str, Any]) -> Line:
    values = _points(reader, data["values"], f"{path}.values")
    high = reader.whole(data["max"], f"{path}.max", low=0) if "max" in data else None
    return TallyLine(values=values, max=high, **common)


BUILDERS = {"award": line_award, "tally": line_tally}


def _points(
    reader: Reader, raw: object, path: str, *, allow_empty: bool = False
) -> tuple[Number, ...]:
    items = reader.items(raw, path, allow_empty=allow_empty, limit=MAX_VALUES)
    return tuple(reader.number(v, f"{path}[{i}]") for i, v in enumerate(items))


def read_rules(
    reader: Reader, data: dict[str, Any], lines: tuple[Line, ...], variants: tuple[Variant, ...]
) -> SheetRules | None:
    """The game's rules, or None when it has none."""
    if reader.flag(data.get("rates_required", False), "rates_required"):
        for line in lines:
            if is_rated(line):
                line.rate_required = True
    if not any(name in data for name in RULE_FIELDS if name != "rates_required"):
        if any(line.kind in BUILDERS for line in lines):
            return SheetRules(plans={})  # an award line alone still needs the pass
        return None
    by_key = {line.key: line for line in lines}
    taken = set(by_key)
    sets = []
    for i, item in enumerate(reader.items(data.get("sets", []), "sets", limit=MAX_RULES)):
        where = f"sets[{i}]"
        raw = reader.obj(item, where, SET_FIELDS)
        key = _new_key(reader, raw["key"], f"{where}.key", taken)
        members = _lines(reader, raw["lines"], f"{where}.lines", by_key, counts_only=True)
        size = reader.whole(raw.get("size", len(members)), f"{where}.size", low=1)
        if size > len(members):
            raise reader.fail(f"{where}.size", "entry.above_max", value=size, limit=len(members))
        squares = reader.flag(raw.get("squares", False), f"{where}.squares")
        for name in members:
            line = by_key[name]
            assert isinstance(line, CountLine)
            line.squared = line.squared or squares
        sets.append(
            SetRule(
                key=key,
                label=reader.text(raw["label"], f"{where}.label"),
                lines=members,
                squares=squares,
                per_set=reader.number(raw.get("per_set", 0), f"{where}.per_set"),
                size=size,
            )
        )
    bonuses = []
    for i, item in enumerate(reader.items(data.get("bonuses", []), "bonuses", limit=MAX_RULES)):
        where = f"bonuses[{i}]"
        raw = reader.obj(item, where, BONUS_FIELDS)
        bonuses.append(
            Bonus(
                key=_new_key(reader, raw["key"], f"{where}.key", taken),
                label=reader.text(raw["label"], f"{where}.label"),
                lines=_lines(reader, raw["lines"], f"{where}.lines", by_key),
                reach=reader.number(raw["reach"], f"{where}.reach"),
                points=reader.number(raw["points"], f"{where}.points"),
            )
        )
    floor = reader.number(data["floor"], "floor") if "floor" in data else None
    dealt = isinstance(data.get("deal"), dict) and "cards" in data["deal"]
    checks = tuple(
        _check(reader, item, f"checks[{i}]", by_key, dealt)
        for i, item in enumerate(reader.items(data.get("checks", []), "checks", limit=MAX_RULES))
    )
    default = data.get("default_variant")
    if default is not None and default not in {v.id for v in variants}:
        raise reader.fail("default_variant", "template.unknown_variant", value=quote(default))
    return SheetRules(tuple(sets), tuple(bonuses), floor, checks, default, plans={})


def _new_key(reader: Reader, raw: object, path: str, taken: set[str]) -> str:
    key = reader.key(raw, path)
    if key in taken:
        raise reader.fail(path, "template.duplicate_key", value=quote(key))
    taken.add(key)
    return key


def _lines(
    reader: Reader,
    raw: object,
    path: str,
    by_key: dict[str, Line],
    *,
    counts_only: bool = False,
    rounds: bool = False,
) -> tuple[str, ...]:
    names = reader.items(raw, path, allow_empty=False)
    for name in names:
        line = by_key.get(name) if isinstance(name, str) else None
        if line is None:
            raise reader.fail(path, "template.missing_line", value=quote(name))
        plain_count = isinstance(line, CountLine) and not is_rated(line)
        if counts_only and (not plain_count or line.per_round):
            raise reader.fail(path, "template.set_line", value=quote(name))
        if line.per_round and not rounds:
            raise reader.fail(path, "template.rule_per_round", value=quote(name))
    if len(set(names)) != len(names):
        raise reader.fail(path, "template.duplicate_key", value=quote(path))
    return tuple(names)


def _ends(reader: Reader, data: dict[str, Any], path: str) -> tuple[End, End]:
    """A check's range: each end a number, or a ``Bound`` worked out from the table
    (``{"players": 1, "add": 1}``: the number of players + 1)."""
    ends: list[End] = []
    for name in ("min", "max"):
        raw = data.get(name)
        if raw is None:
            ends.append(None)
        elif isinstance(raw, dict):
            given = reader.obj(raw, f"{path}.{name}", BOUND_FIELDS)
            if not given:
                raise reader.fail(f"{path}.{name}", "template.empty", value=quote(name))
            ends.append(
                Bound(*(reader.number(given.get(f, 0), f"{path}.{name}.{f}") for f in BOUND_FIELDS))
            )
        else:
            ends.append(reader.number(raw, f"{path}.{name}"))
    low, high = ends
    if low is None and high is None:
        raise reader.fail(path, "template.check_range")
    if isinstance(low, Bound | None) or isinstance(high, Bound | None):
        return low, high
    return reader.bounds(data, path, whole=False)


def _span(
    reader: Reader, raw: object, path: str, by_key: dict[str, Line]
) -> tuple[Span, str, tuple[End, End]]:
    data = reader.obj(raw, path, SPAN_FIELDS)
    names = _lines(reader, data["lines"], f"{path}.lines", by_key, rounds=True)
    low, high = _ends(reader, data, path)
    for name in names:  # a yes/no line is compared as 1 or 0
        if isinstance(by_key[name], CheckLine) and not (
            (low is None or low in (0, 1)) and (high is None or high in (0, 1))
        ):
            raise reader.fail(path, "template.check_range")
    match = reader.choice(data.get("match", "any"), f"{path}.match", ("any", "all"), "text")
    return Span(names, fixed_end(low), fixed_end(high)), match, (low, high)


def _weights(
    reader: Reader, raw: object, path: str, by_key: dict[str, Line]
) -> tuple[tuple[str, Number], ...]:
    weights = reader.obj(raw, path, {k: False for k in raw} if isinstance(raw, dict) else {})
    if not weights:
        raise reader.fail(path, "template.empty", value=quote(path.rsplit(".", 1)[-1]))
    _lines(reader, list(weights), path, by_key, rounds=True)
    return tuple((k, reader.number(w, f"{path}.{k}")) for k, w in weights.items())


def _check(reader: Reader, raw: object, path: str, by_key: dict[str, Line], dealt: bool) -> Check:
    data = reader.obj(raw, path, CHECK_FIELDS)
    why = reader.text(data["why"], f"{path}.why")
    forms = [f for f in ("then", "sum", "table_sum", "players_with") if f in data]
    if len(forms) != 1 or ("when" in data and forms != ["then"]):
        raise reader.fail(path, "template.check_form")
    form = forms[0]
    if ("at_most" in data) != (form == "players_with"):
        raise reader.fail(path, "template.check_form")
    ends: tuple[End, ...]
    if form in ("sum", "table_sum"):
        terms = _weights(reader, data[form], f"{path}.{form}", by_key)
        low, high = _ends(reader, data, path)
        ends = (low, high)
        span = Span((), fixed_end(low), fixed_end(high))
        check = Check(why, span, weights=terms, table=form == "table_sum")
    elif form == "players_with":
        if "min" in data or "max" in data:
            raise reader.fail(path, "template.check_form")
        span, match, ends = _span(reader, data["players_with"], f"{path}.players_with", by_key)
        most = reader.whole(data["at_most"], f"{path}.at_most", low=0)
        check = Check(why, span, None, cast(Any, match), table=True, at_most=most)
    else:
        if "min" in data or "max" in data:
            raise reader.fail(path, "template.check_form")
        then, _, ends = _span(reader, data["then"], f"{path}.then", by_key)
        when = match = None
        if "when" in data:
            when, match, when_ends = _span(reader, data["when"], f"{path}.when", by_key)
            ends += when_ends
        check = Check(why, then, when, cast(Any, match or "any"))
    check = check.made()
    in_rounds = {by_key[key].per_round for key in check.keys}
    if len(in_rounds) > 1:
        raise reader.fail(path, "template.check_rounds_mixed")
    bounds = [end for end in ends if isinstance(end, Bound)]
    if any(b.cards for b in bounds) and not (dealt and True in in_rounds):
        raise reader.fail(path, "template.check_cards")
    return check._replace(per_round=True in in_rounds, ends=ends if bounds else ())
