"""Game files (`scorepad games validate FILE`) under arbitrary input: a usable game or a
clear error.

The built-in games and the core tests' own games are broken in a few places each; random
input is tried too. A file the loader accepts must be a game that really works: it scores
a sheet in every variant, describes itself in both languages, prints, and can be kept in a
real history; anything else is refused with one plain line, and the command exits 0 or 2.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from scorepad.cli.as_json import template_json
from scorepad.cli.render import describe_template
from scorepad.core import GameTemplate, PlayerSheet, load_template, score
from scorepad.core.catalogue import GAMES_FOLDER
from scorepad.core.results import has_score
from scorepad.printing.document import sheet_pdf
from scorepad.store import Store, open_store
from scorepad.store.values import canonical
from tests.hardening.fuzzing import (
    FUZZ,
    assert_cli_outcome,
    broken_text,
    cli,
    files,
    mutated,
    outcome,
    write,
)
from tests.hardening.test_fuzz_sheets import CASES, check_scored

SHIPPED = [json.loads(p.read_text("utf-8")) for p in sorted(GAMES_FOLDER.glob("*.json"))]
"""The built-in games (round games among them): their ids cannot be a user's game."""
GAMES = [*SHIPPED]
GAMES += [
    case["template"]
    for case in (json.loads(p.read_text("utf-8")) for p in CASES)
    if "template" in case
]


@pytest.fixture(scope="module")
def history(tmp_path_factory) -> Store:
    with open_store(str(tmp_path_factory.mktemp("games") / "history.sqlite3")) as store:
        yield store


def check_game(template: GameTemplate, history: Store) -> None:
    """A game that loads must work everywhere a game is used."""
    for variant in [v.id for v in template.variants] or [None]:
        rule = template.result  # a team game's players each need a team
        teams = rule.min_teams if rule is not None and rule.kind == "teams" else 0
        least = template.min_players  # a variant may seat fewer (Concordia's Imperium: 3)
        if variant is not None and template.variant(variant).players is not None:
            least = max(least, template.variant(variant).players[0])
        players = [
            PlayerSheet(f"P{i}", team=f"T{i % teams + 1}" if teams else None)
            for i in range(1, least + 1)
        ]
        won = "T1" if teams and not has_score(template) else None  # Codenames: who won
        if rule is not None and rule.kind == "cooperative":
            won = "won"  # Pandemic: the table's result, always asked for
        check_scored(score(template, variant, players, outcome=won))
        for lang in ("en", "es"):
            describe_template(template, variant, lang).encode("utf-8")
            json.dumps(template_json(template, variant, lang), ensure_ascii=False)
    variant = template.variants[0].id if template.variants else None
    assert sheet_pdf(template, variant, "es").startswith(b"%PDF")  # awards and sets too
    text = canonical(template.source)
    again = load_template(json.loads(text, parse_float=Decimal), "again")  # as files are read
    assert canonical(again.source) == text
    if template.builtin or template.id in {g["id"] for g in SHIPPED}:
        return
    kept = outcome(lambda: history.update_game(text, "fuzz"))
    assert kept is not None, "a valid game must be storable"
    assert canonical(history.template(template.id).source) == text


def check_text(text: str, folder: Path, history: Store) -> None:
    template = outcome(lambda: load_template(text, "fuzz.json"))
    event("valid" if template is not None else "refused")
    if template is not None:
        check_game(template, history)
    path = folder / "fuzz.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    result = cli("games", "validate", str(path), "--lang", "es")
    assert_cli_outcome(result)
    assert (result[0] == 0) == (template is not None), result


@given(document=st.sampled_from(GAMES).flatmap(mutated))
@FUZZ
def test_a_broken_game_loads_and_works_or_is_refused_clearly(document, tmp_path, history):
    check_text(write(document), tmp_path, history)


@given(text=st.sampled_from(GAMES).flatmap(lambda g: broken_text(json.dumps(g))))
@FUZZ
def test_a_damaged_game_file_is_refused_clearly(text, tmp_path, history):
    check_text(text, tmp_path, history)


@given(text=files)
@FUZZ
def test_random_input_is_not_a_game(text, tmp_path, history):
    check_text(text, tmp_path, history)
