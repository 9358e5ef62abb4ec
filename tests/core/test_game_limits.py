"""How big a game may be (``core/limits.py``): every built-in game is well within each
limit, and a game beyond one is refused at once, by the loader and by ``scorepad games
validate``, with the file, the list's path and the limit in the message."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import scorepad
from scorepad.cli import main
from scorepad.core import builtin_games, load_template
from scorepad.core.errors import TemplateError
from scorepad.core.limits import (
    MAX_LINES,
    MAX_MODULES,
    MAX_RATES,
    MAX_RULES,
    MAX_VALUES,
    MAX_VARIANTS,
)


def lines(count: int) -> list[dict[str, Any]]:
    return [{"key": f"l{i}", "kind": "points", "label": {"en": f"Line {i}"}} for i in range(count)]


def game(count: int = 5000, **more: Any) -> dict[str, Any]:
    return {
        "id": "huge",
        "name": {"en": "Huge"},
        "players": {"min": 1, "max": 20},
        "lines": lines(count),
        **more,
    }


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(TemplateError) as caught:
        load_template(json.dumps(data), "huge.json")
    return caught.value.message("en")


def test_a_game_of_5000_lines_is_refused_naming_the_file_the_list_and_the_limit():
    assert refused(game()) == "huge.json: lines: 5000 entries; at most 100 are allowed"


def test_the_largest_game_allowed_loads():
    template = load_template(json.dumps(game(MAX_LINES)), "huge.json")
    assert len(template.lines) == MAX_LINES
    assert "101 entries" in refused(game(MAX_LINES + 1))


def test_every_built_in_game_is_far_within_every_limit():
    games = builtin_games()
    files = {p.stem for p in (Path(scorepad.__file__).parent / "games").glob("*.json")}
    assert sorted(games) == sorted(files)
    for template in games.values():
        source = template.source
        with_modules = len(source["lines"]) + sum(
            len(module.get("lines", [])) for module in source.get("modules", [])
        )
        assert with_modules * 4 <= MAX_LINES, template.id
        assert len(source.get("variants", [])) * 4 <= MAX_VARIANTS, template.id
        assert len(source.get("modules", [])) * 2 <= MAX_MODULES, template.id
        for name in ("tiebreakers", "reminders", "sets", "bonuses", "checks"):
            assert len(source.get(name, [])) * 7 <= MAX_RULES, (template.id, name)
        for line in [
            *source["lines"],
            *(x for m in source.get("modules", []) for x in m.get("lines", [])),
        ]:
            assert len(line.get("rates", [])) * 3 <= MAX_RATES, template.id
            for name in ("values", "places", "fewest"):
                assert len(line.get(name, [])) * 7 <= MAX_VALUES, (template.id, name)


LABEL = {"en": "x"}


@pytest.mark.parametrize(
    ("more", "path", "count", "limit"),
    [
        (
            {"variants": [{"id": f"v{i}", "label": LABEL} for i in range(MAX_VARIANTS + 1)]},
            "variants",
            MAX_VARIANTS + 1,
            MAX_VARIANTS,
        ),
        (
            {"reminders": [LABEL] * 5000},
            "reminders",
            5000,
            MAX_RULES,
        ),
        (
            {"tiebreakers": [{"label": LABEL, "prefer": "more", "terms": {"l0": 1}}] * 51},
            "tiebreakers",
            51,
            MAX_RULES,
        ),
        (
            {"checks": [{"why": LABEL, "sum": {"l0": 1}, "max": 5}] * 51},
            "checks",
            51,
            MAX_RULES,
        ),
        (
            {"modules": [{"id": f"m{i}", "label": LABEL, "lines": []} for i in range(41)]},
            "modules",
            41,
            MAX_MODULES,
        ),
    ],
)
def test_each_list_of_a_game_has_its_limit(more, path, count, limit):
    said = refused(game(2, **more))
    assert said == f"huge.json: {path}: {count} entries; at most {limit} are allowed"


def test_the_lines_of_a_line_have_their_limits_too():
    rated = game(1)
    rated["lines"] = [
        {
            "key": "food",
            "kind": "count",
            "label": LABEL,
            "rates": [{"id": f"r{i}", "per": 1, "label": LABEL} for i in range(MAX_RATES + 1)],
        }
    ]
    assert refused(rated) == "huge.json: lines.food.rates: 11 entries; at most 10 are allowed"
    table = game(1)
    table["lines"] = [{"key": "t", "kind": "table", "label": LABEL, "values": [1] * 5000}]
    assert refused(table) == "huge.json: lines.t.values: 5000 entries; at most 100 are allowed"
    award = game(1)
    award["lines"] = [{"key": "a", "kind": "award", "label": LABEL, "places": [3] * 101}]
    assert refused(award) == "huge.json: lines.a.places: 101 entries; at most 100 are allowed"


def test_modules_may_not_add_up_to_more_lines_than_a_game_has():
    modules = [
        {
            "id": f"m{i}",
            "label": LABEL,
            "lines": [{"key": f"m{i}x{j}", "kind": "points", "label": LABEL} for j in range(10)],
        }
        for i in range(10)
    ]
    said = refused(game(10, modules=modules))
    assert said == (
        "huge.json: modules: 110 lines with every module's own; at most 100 are allowed"
    )
    load_template(json.dumps(game(10, modules=modules[:9])), "huge.json")


def test_validate_refuses_a_game_of_5000_lines(capsys, tmp_path):
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(game()), encoding="utf-8")
    with pytest.raises(SystemExit) as exit_info:
        main(["games", "validate", str(path), "--lang", "en"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err == f"scorepad: {path}: lines: 5000 entries; at most 100 are allowed\n"


def test_the_rates_of_all_lines_together_have_a_limit():
    rated = game(1)
    rated["lines"] = [
        {
            "key": f"c{i}",
            "kind": "count",
            "label": LABEL,
            "rates": [{"id": f"r{j}", "per": 1, "label": LABEL} for j in range(MAX_RATES)],
        }
        for i in range(6)
    ]
    assert refused(rated) == "huge.json: lines: 60 rates in all; at most 50 are allowed"
    rated["lines"] = rated["lines"][:5]
    load_template(json.dumps(rated), "huge.json")
    rated["modules"] = [
        {"id": "more", "label": LABEL, "lines": [{**rated["lines"][0], "key": "m"}]}
    ]
    assert refused(rated) == "huge.json: modules: 60 rates in all; at most 50 are allowed"
